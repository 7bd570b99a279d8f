/**
 * What a side's successes count for once the dice are read (docs/markup.md, "Дополнительные успехи",
 * "Прочность"):
 *
 * - `+N успехов` (000 l.468; 001 l.81): N successes are added to a roll that has at least one;
 *   «Если бросок не даёт успехов, дополнительные успехи также не применяются» — a failure, a botch
 *   or a dramatic failure stays what it was («все или ничего», 001 l.81).
 * - `прочность N` (000 l.593, 605): only successes beyond an object's Durability count,
 *   max(0, s − N); a roll with N successes or fewer is a failure (not a dramatic one).
 *
 * Both apply in that order (a weapon's successes are added, then the object's Durability is taken
 * away) to the side's whole result: after teamwork, for each roll of an extended action or race, for
 * the score a contest compares. Helpers' own rolls are not touched (`helperSide` gives them neither).
 */
import type { RollSide } from './checkSpec';
import type { Distribution } from './distribution';
import type { ExtendedStep } from './families/family';
import type { PoolOdds } from './oddsReport';
import type { SideRoll } from './rollReport';
import type { Ruleset } from './ruleset';

/** Whether the side counts its successes other than as rolled. */
export function countsSuccesses(side: RollSide): boolean {
  return (side.extraSuccesses ?? 0) > 0 || (side.durability ?? 0) > 0;
}

/** The successes `rolled` successes count for. */
export function countedSuccesses(side: RollSide, rolled: number): number {
  let k = rolled;
  if (k >= 1 && side.extraSuccesses) k += side.extraSuccesses;
  if (side.durability) k = Math.max(0, k - side.durability);
  return k;
}

/** P(counted = k) from P(rolled = k), k from 0 (`p[k]` is rolled k). */
function countedSeries(side: RollSide, p: readonly number[]): number[] {
  const out: number[] = [];
  p.forEach((q, k) => {
    const to = countedSuccesses(side, k);
    while (out.length <= to) out.push(0);
    out[to] += q;
  });
  // Keep the series free of a trailing run of zeros (a Durability can empty the top).
  while (out.length > 1 && out[out.length - 1] === 0) out.pop();
  return out;
}

/** A distribution of successes (a contest's score), counted. */
export function countedDistribution(side: RollSide, d: Distribution): Distribution {
  if (!countsSuccesses(side)) return d;
  // Scores below 0 do not occur in the d10 families that count successes; keep them as they are.
  if (d.min < 0) return d;
  const fromZero = [...new Array<number>(d.min).fill(0), ...d.p];
  return { min: 0, p: countedSeries(side, fromZero) };
}

/** One roll of an extended action or race, counted: a roll that aborts still aborts. */
export function countedStep(side: RollSide, step: ExtendedStep): ExtendedStep {
  if (!countsSuccesses(side)) return step;
  return { gain: countedSeries(side, step.gain), abort: step.abort };
}

/** The storytelling count of successes that makes an exceptional success, if the family has one. */
function exceptionalAt(ruleset: Ruleset): number | undefined {
  return ruleset.family === 'storytelling' ? ruleset.params.exceptionalAt : undefined;
}

/** Outcome keys that are a success: the ones a count of 0 turns into a plain failure. */
const SUCCESS_KEYS = new Set(['success', 'exceptional_success']);

/**
 * The odds of one roll with its successes counted: the bad outcomes (botch, dramatic failure) have
 * no successes and stay; a plain failure takes every result that counts 0; storytelling's
 * exceptional success is read on the counted successes (000 l.468: the added successes «автоматически
 * увеличивают её эффективность»). Families without a success series are left as they are.
 */
export function countedOdds(ruleset: Ruleset, side: RollSide, odds: PoolOdds): PoolOdds {
  if (!countsSuccesses(side) || !odds.successes || !odds.outcomes) return odds;
  const successes = countedSeries(side, odds.successes);
  const bad = Object.entries(odds.outcomes)
    .filter(([key]) => key !== 'failure' && !SUCCESS_KEYS.has(key))
    .reduce((sum, [, p]) => sum + p, 0);
  const exceptional = exceptionalAt(ruleset);
  let succeeded = 0;
  let belowExceptional = 0;
  successes.forEach((q, k) => {
    if (k >= 1) succeeded += q;
    if (k >= 1 && exceptional !== undefined && k < exceptional) belowExceptional += q;
  });
  const outcomes: Record<string, number> = {};
  for (const key of Object.keys(odds.outcomes)) {
    if (key === 'failure') outcomes.failure = Math.max(0, (successes[0] ?? 0) - bad);
    else if (key === 'success') outcomes.success = Math.min(1, exceptional === undefined ? succeeded : belowExceptional);
    else if (key === 'exceptional_success') outcomes.exceptional_success = Math.max(0, Math.min(1, succeeded - belowExceptional));
    else outcomes[key] = odds.outcomes[key];
  }
  const expected = successes.reduce((sum, q, k) => sum + q * k, 0);
  return {
    ...odds,
    outcomes,
    successes,
    expected,
    ...(side.extraSuccesses ? { extra_successes: side.extraSuccesses } : {}),
    ...(side.durability ? { durability: side.durability } : {}),
  };
}

/** A rolled side with its successes counted; `successes_rolled` keeps the count the dice gave. */
export function countedRoll(ruleset: Ruleset, side: RollSide, roll: SideRoll): SideRoll {
  if (!countsSuccesses(side)) return roll;
  const successes = countedSuccesses(side, roll.successes);
  let outcome = roll.outcome;
  if (SUCCESS_KEYS.has(outcome)) {
    const exceptional = exceptionalAt(ruleset);
    outcome = successes === 0 ? 'failure' : exceptional !== undefined && successes >= exceptional ? 'exceptional_success' : 'success';
  }
  return { ...roll, successes, outcome, successes_rolled: roll.successes };
}
