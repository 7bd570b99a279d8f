/**
 * Repeated attempts with a growing penalty (`K попыток [штраф M]`, docs/markup.md; 000 l.294, 398):
 * attempt i rolls the check with (i − 1)·M dice fewer; the attempts are independent and stop at
 * the first success. A dramatic failure does not stop them (000 l.398 names no stop).
 */
import type { PoolOdds } from './oddsReport';

/** The most attempts a check may ask for (more is RM003): each is a roll of its own to compute. */
export const MAX_ATTEMPTS = 20;

function successChance(odds: PoolOdds): number {
  return Math.min(1, (odds.outcomes?.success ?? 0) + (odds.outcomes?.exceptional_success ?? 0));
}

/**
 * The first attempt's odds with `within` = P(a success by attempt k), k = 1 … K, and
 * `dramatic_any` = P(a dramatic failure among the attempts rolled), from each attempt's own odds.
 */
export function attemptsOdds(attempts: readonly PoolOdds[]): PoolOdds {
  const within: number[] = [];
  let stillRolling = 1;
  let cleanSoFar = 1;
  let dramaticAny = 0;
  for (const odds of attempts) {
    const success = successChance(odds);
    const dramatic = odds.outcomes?.dramatic_failure ?? 0;
    dramaticAny += cleanSoFar * dramatic;
    // Neither a success nor a dramatic failure yet: the only way on without either.
    cleanSoFar *= Math.max(0, 1 - success - dramatic);
    stillRolling *= 1 - success;
    within.push(1 - stillRolling);
  }
  return { ...attempts[0], attempts: attempts.length, within, dramatic_any: Math.min(1, dramaticAny) };
}
