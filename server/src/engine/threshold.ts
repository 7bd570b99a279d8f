/**
 * A threshold (`N успехов за бросок`, docs/markup.md): one roll that succeeds only
 * with N or more successes. The roll's dice are the same; only which results count as a success moves.
 */
import type { PoolOdds } from './oddsReport';
import type { SideRoll } from './rollReport';
import type { Ruleset } from './ruleset';

/** Storytelling's exceptional success: at max(N, 5) successes, so the count it starts at stays the ruleset's. */
function exceptionalAt(ruleset: Ruleset): number | undefined {
  return ruleset.family === 'storytelling' ? ruleset.params.exceptionalAt : undefined;
}

/**
 * The odds of the same roll read against `target` successes: each result of 1 … target − 1
 * successes leaves its success key (storytelling: exceptional at `exceptionalAt` and more) for
 * `failure`. Botches, dramatic and painful failures have no successes and stay as they were.
 */
export function thresholdOdds(ruleset: Ruleset, odds: PoolOdds, target: number): PoolOdds {
  const counts = odds.successes;
  const outcomes = odds.outcomes;
  if (!counts || !outcomes) return { ...odds, threshold: target };
  const exceptional = exceptionalAt(ruleset);
  let fromSuccess = 0;
  let fromExceptional = 0;
  for (let k = 1; k < target && k < counts.length; k++) {
    if (exceptional !== undefined && k >= exceptional) fromExceptional += counts[k];
    else fromSuccess += counts[k];
  }
  const moved: Record<string, number> = { ...outcomes, failure: Math.min(1, (outcomes.failure ?? 0) + fromSuccess + fromExceptional) };
  if (outcomes.success !== undefined) moved.success = Math.max(0, outcomes.success - fromSuccess);
  if (outcomes.exceptional_success !== undefined) moved.exceptional_success = Math.max(0, outcomes.exceptional_success - fromExceptional);
  return { ...odds, outcomes: moved, threshold: target };
}

/** A rolled side read against `target` successes: a success short of it is a failure. */
export function thresholdRoll(roll: SideRoll, target: number): SideRoll {
  const short = (roll.outcome === 'success' || roll.outcome === 'exceptional_success') && roll.successes < target;
  return short ? { ...roll, outcome: 'failure' } : roll;
}
