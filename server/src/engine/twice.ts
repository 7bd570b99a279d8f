/**
 * Rolling twice and keeping the better result (`дважды`, docs/markup.md; 000 l.480 «делать бросок на
 * любое действие дважды и выбирать наиболее выгодный результат»). The order is the rules' own:
 * a botch (dramatic or painful failure) < a failure < fewer successes < more successes.
 */
import type { PoolOdds } from './oddsReport';
import type { SideRoll } from './rollReport';

/**
 * Outcome keys from worst to best. Every d10 family's bad outcomes and its plain failure have
 * 0 successes and its success keys cover runs of successes in order, so each key is a contiguous
 * run of results in that order and P(the better of two ≤ a key) = P(one roll ≤ it)².
 */
const RANKED_KEYS = ['no_dice', 'botch', 'dramatic_failure', 'painful_failure', 'failure', 'success', 'exceptional_success'];

function rank(roll: SideRoll): [number, number] {
  return [RANKED_KEYS.indexOf(roll.outcome), roll.successes];
}

/** Squares a cumulative series and takes the differences back: the better of two independent draws. */
function betterOfTwo(p: readonly number[]): number[] {
  let below = 0;
  let cumulative = 0;
  return p.map((q) => {
    cumulative += q;
    const squared = Math.min(1, cumulative * cumulative);
    const part = Math.max(0, squared - below);
    below = squared;
    return part;
  });
}

/** The odds of the better of two independent rolls of the check whose one roll has `odds`. */
export function twiceOdds(odds: PoolOdds): PoolOdds {
  const outcomes = odds.outcomes;
  const notes = [...odds.notes, 'twice' as const];
  if (!outcomes) return { ...odds, notes, twice: true };
  const keys = RANKED_KEYS.filter((key) => outcomes[key] !== undefined);
  const better = betterOfTwo(keys.map((key) => outcomes[key]));
  const successes = odds.successes ? betterOfTwo(odds.successes) : undefined;
  return {
    ...odds,
    outcomes: Object.fromEntries(keys.map((key, i) => [key, better[i]])),
    ...(successes ? { successes, expected: successes.reduce((sum, q, k) => sum + q * k, 0) } : {}),
    notes,
    twice: true,
  };
}

/** Which of two rolls the rules keep: the better by outcome, then by successes; the first on a tie. */
export function betterRoll(first: SideRoll, second: SideRoll): 0 | 1 {
  const [a, b] = [rank(first), rank(second)];
  return b[0] > a[0] || (b[0] === a[0] && b[1] > a[1]) ? 1 : 0;
}
