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

/** A helper of a side, with the pool (d20: the modifier) its own side resolves to. */
export interface HelperPool {
  side: RollSide;
  pool: number;
}

/**
 * One plain roll of the main side inside a roll with helpers, and how likely the helpers make it:
 * storytelling changes the main pool, d20 the main side's edge, classic adds successes on top.
 * `extraSuccesses` > 0 rules out a botch (a classic team botches only when every roll scored 0).
 */
export interface TeamComponent {
  weight: number;
  side: RollSide;
  pool: number;
  extraSuccesses: number;
}

/** A family's teamwork rule, as its rules text words it. */
export interface TeamworkModel<R extends Ruleset> {
  /** Whether helpers can help this side at all (a d20 contest has no difficulty for them). */
  applies(main: RollSide): boolean;
  /** The main roll after the helpers, as a mixture of plain rolls; the weights sum to 1. */
  mixture(ruleset: R, main: RollSide, mainPool: number, helpers: readonly HelperPool[]): TeamComponent[];
  /** Rolls every helper, then the main side as their results say; the result carries `helpers`. */
  roll(ruleset: R, main: RollSide, mainPool: number, helpers: readonly HelperPool[], random: RandomSource): SideRoll;
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
  /** Absent where the family's text has no teamwork rule (pool-minus-difficulty). */
  teamwork?: TeamworkModel<R>;
  /** The odds of a roll with `extra` ≥ 1 successes added that 1s cannot cancel (classic teamwork). */
  addSuccesses?(odds: PoolOdds, extra: number): PoolOdds;
  /**
   * In a race, what an aborting roll (`ExtendedStep.abort`) does to that side: a classic botch
   * loses the race at once (001 l.23), a storytelling dramatic failure sets its total to 0 (000 l.262).
   * Absent where no roll aborts.
   */
  raceAbort?: 'loses' | 'resets';
  /** The two sides of a contest as the family reads them (vampire-pack: one obstacle for both). */
  contestSides?(ruleset: R, side: RollSide, opponent: RollSide): [RollSide, RollSide];
  /**
   * A contest with degrees (storytelling, 000 l.341): the successes at which a win is exceptional,
   * and P(dramatic failure) of one plain roll of the side, a part of P(0 successes). Absent where a
   * contest is only won, tied or lost.
   */
  contestDegrees?: {
    exceptionalAt(ruleset: R): number;
    dramaticFailure(ruleset: R, side: RollSide, pool: number): number;
  };
  /** Who wins a tie by the family's rule, if anyone (vampire-pack: the higher Attribute). */
  tieWinner?(side: RollSide, opponent: RollSide): 'win' | 'lose' | undefined;
}

export const D10_POOL_RANGE: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
