/**
 * vampire-pack's second attempt (`вторая попытка`, docs/markup.md; 004 l.86–90): another approach
 * to a failed check, whose difficulty is one higher and whose every failure is painful.
 */
import type { RollSide } from './checkSpec';
import type { PoolOdds } from './oddsReport';
import type { SideRoll } from './rollReport';
import type { Ruleset } from './ruleset';

/** The side at the difficulty one higher than written (the ruleset's default when none is written). */
export function secondAttemptSide(ruleset: Ruleset, side: RollSide): RollSide {
  if (ruleset.family !== 'pool-minus-difficulty') return side;
  return { ...side, difficulty: (side.difficulty ?? ruleset.params.difficulty.default ?? 0) + 1 };
}

/** «Любой провал второй попытки считается болезненным» (004 l.89): `failure` joins `painful_failure`. */
export function secondAttemptOdds(odds: PoolOdds): PoolOdds {
  const notes = [...odds.notes, 'second_attempt' as const];
  const outcomes = odds.outcomes;
  if (!outcomes || outcomes.failure === undefined) return { ...odds, notes, second_attempt: true };
  const { failure, ...rest } = outcomes;
  return { ...odds, outcomes: { ...rest, painful_failure: Math.min(1, (rest.painful_failure ?? 0) + failure) }, notes, second_attempt: true };
}

export function secondAttemptRoll(roll: SideRoll): SideRoll {
  return roll.outcome === 'failure' ? { ...roll, outcome: 'painful_failure' } : roll;
}
