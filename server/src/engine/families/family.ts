import type { RollSide } from '../checkSpec';
import type { Distribution } from '../distribution';
import type { PoolOdds } from '../oddsReport';
import type { RandomSource } from '../random';
import type { SideRoll } from '../rollReport';
import type { Ruleset } from '../ruleset';

/** Where a side's pool is being resolved: a check on its own, or one side of a contest. */
export type SideRole = 'check' | 'contest';

/** What one roll adds to an extended action, and how likely it is to end it as a failure. */
export interface ExtendedStep {
  /** gain[k] = P(the roll adds k successes and the action goes on). */
  gain: number[];
  /** P(the roll ends the action as a failure: a botch or a dramatic failure). */
  abort: number;
}

/**
 * One dice family. Each function is pure; `pool` is what `resolvePool` gave
 * (or a pool size the caller chose for an unknown pool).
 */
export interface FamilyModel<R extends Ruleset = Ruleset> {
  /** Dice rolled (d10) or total modifier (d20); null when the side's base is unknown. */
  resolvePool(ruleset: R, side: RollSide, role: SideRole): number | null;
  odds(ruleset: R, side: RollSide, pool: number): PoolOdds;
  extendedStep(ruleset: R, side: RollSide, pool: number): ExtendedStep;
  /** The number a contest compares: successes (d10) or the total (d20). */
  contestScore(ruleset: R, side: RollSide, pool: number): Distribution;
  /** Rolls the dice by the same rules the odds count. */
  roll(ruleset: R, side: RollSide, pool: number, random: RandomSource): SideRoll;
  /** What a rolled side adds to an extended action; `aborts` ends it as a failure. */
  extendedGain(roll: SideRoll): { gain: number; aborts: boolean };
  /** The number a contest compares, for a rolled side. */
  rolledScore(roll: SideRoll): number;
  /** Pool keys a table over unknown pools uses. */
  unknownPoolRange: readonly number[];
}

export const D10_POOL_RANGE: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
