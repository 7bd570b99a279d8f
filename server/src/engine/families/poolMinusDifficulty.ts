import type { RollSide } from '../checkSpec';
import { binomial, countsFromZero, type Distribution, mean, pointMass } from '../distribution';
import { countAtLeast, countEqual, rollDice } from '../dice';
import type { PoolOdds } from '../oddsReport';
import type { SideRoll } from '../rollReport';
import type { Ruleset } from '../ruleset';
import { D10_POOL_RANGE, type ExtendedStep, type FamilyModel, type SideRole } from './family';

type PoolMinusDifficultyRuleset = Extract<Ruleset, { family: 'pool-minus-difficulty' }>;

function successChance(ruleset: PoolMinusDifficultyRuleset): number {
  return (11 - ruleset.params.target) / 10;
}

function successes(ruleset: PoolMinusDifficultyRuleset, pool: number): Distribution {
  return pool <= 0 ? pointMass(0) : binomial(pool, successChance(ruleset));
}

/** The dice a side's difficulty takes from its pool. */
export function subtractedDifficulty(ruleset: PoolMinusDifficultyRuleset, side: RollSide, role: SideRole): number {
  // A contest subtracts only a difficulty written for it (004 l.117); a check also the default.
  const written = role === 'contest' ? side.difficulty : side.difficulty ?? ruleset.params.difficulty.default;
  return Math.max(0, written ?? 0);
}

export const poolMinusDifficultyFamily: FamilyModel<PoolMinusDifficultyRuleset> = {
  unknownPoolRange: D10_POOL_RANGE,

  resolvePool(ruleset, side, role) {
    if (side.base === null) return null;
    const withSpecialties = side.base + side.specialties * ruleset.params.specialtyDice;
    return Math.max(0, withSpecialties - subtractedDifficulty(ruleset, side, role));
  },

  /** Both sides face the one obstacle written for the contest, on either side (the first side's if both). */
  contestSides(_ruleset, side, opponent) {
    const shared = side.difficulty ?? opponent.difficulty;
    if (shared === undefined) return [side, opponent];
    return [
      { ...side, difficulty: shared },
      { ...opponent, difficulty: shared },
    ];
  },

  /** 004 l.119: a tie goes to the higher Attribute used, when both are known and differ. */
  tieWinner(side, opponent) {
    if (side.attribute === undefined || opponent.attribute === undefined || side.attribute === opponent.attribute) return undefined;
    return side.attribute > opponent.attribute ? 'win' : 'lose';
  },

  odds(ruleset, _side, pool): PoolOdds {
    if (pool <= 0) {
      return {
        pool: 0,
        // `rollmark odds --json`: with no dice left the partition is `no_dice` = 1 and nothing else.
        outcomes: { no_dice: 1 },
        successes: [1],
        expected: 0,
        notes: ['no_dice'],
      };
    }
    const p = successChance(ruleset);
    const noSuccess = Math.pow(1 - p, pool);
    // No success and no 1 either: every die shows 2 … target−1.
    const blankOnly = Math.pow(1 - p - 0.1, pool);
    const dist = successes(ruleset, pool);
    const notes: PoolOdds['notes'] = pool >= ruleset.params.highCompetenceAt ? ['high_competence'] : [];
    return {
      pool,
      outcomes: { no_dice: 0, painful_failure: noSuccess - blankOnly, failure: blankOnly, success: 1 - noSuccess },
      successes: countsFromZero(dist),
      expected: mean(dist),
      notes,
    };
  },

  extendedStep(ruleset, _side, pool): ExtendedStep {
    return { gain: countsFromZero(successes(ruleset, pool)), abort: 0 };
  },

  contestScore(ruleset, _side, pool) {
    return successes(ruleset, pool);
  },

  roll(ruleset, _side, pool, random): SideRoll {
    if (pool <= 0) return { pool: 0, dice: [], rerolled: [], bonus: [], successes: 0, outcome: 'no_dice' };
    const dice = rollDice(random, pool);
    const hits = countAtLeast(dice, ruleset.params.target);
    const outcome = hits > 0 ? 'success' : countEqual(dice, 1) > 0 ? 'painful_failure' : 'failure';
    return { pool, dice, rerolled: [], bonus: [], successes: hits, outcome };
  },

  extendedGain(roll) {
    return { gain: roll.successes, aborts: false };
  },

  rolledScore(roll) {
    return roll.successes;
  },
};
