import type { RollSide } from '../checkSpec';
import { convolve, type Distribution, mean, pointMass, probabilityAtLeast, shift } from '../distribution';
import { rollDice } from '../dice';
import type { PoolOdds } from '../oddsReport';
import type { HelperRoll, SideRoll } from '../rollReport';
import type { Ruleset } from '../ruleset';
import type { ExtendedStep, FamilyModel, TeamComponent, TeamworkModel } from './family';

type D20Ruleset = Extract<Ruleset, { family: 'd20' }>;

const FACES = 20;

/** Преимущества minus Помехи, each capped as the text caps them (a check that writes more gets RM013 and no odds). */
export function edge(ruleset: D20Ruleset, side: RollSide): number {
  const cap = ruleset.params.maxEdge;
  return Math.min(cap, Math.max(0, side.advantages)) - Math.min(cap, Math.max(0, side.hindrances));
}

/** The kept die of 1 + |edge| d20: the highest with an advantage, the lowest with a hindrance. */
function keptDie(edgeValue: number): Distribution {
  const dice = 1 + Math.abs(edgeValue);
  const p: number[] = [];
  for (let face = 1; face <= FACES; face++) {
    p.push(
      edgeValue >= 0
        ? Math.pow(face / FACES, dice) - Math.pow((face - 1) / FACES, dice)
        : Math.pow((FACES + 1 - face) / FACES, dice) - Math.pow((FACES - face) / FACES, dice),
    );
  }
  return { min: 1, p };
}

/** What an advantage adds to a static value, or a hindrance takes from it, however large the edge. */
export function staticEdgeBonus(ruleset: D20Ruleset, side: RollSide): number {
  const k = edge(ruleset, side);
  return k > 0 ? ruleset.params.staticEdgeBonus : k < 0 ? -ruleset.params.staticEdgeBonus : 0;
}

export function staticValue(ruleset: D20Ruleset, side: RollSide, modifier: number): number {
  return ruleset.params.staticBase + modifier + staticEdgeBonus(ruleset, side);
}

/** The difficulty a non-contest d20 check needs; the analysis reports a missing one as RM004. */
export class MissingDifficultyError extends Error {
  constructor() {
    super('a d20 check needs a difficulty (сложность) unless it is a contest');
    this.name = 'MissingDifficultyError';
  }
}

function difficultyOf(ruleset: D20Ruleset, side: RollSide): number {
  const written = side.difficulty ?? ruleset.params.difficulty.default;
  if (written === undefined) throw new MissingDifficultyError();
  return written;
}

function total(ruleset: D20Ruleset, side: RollSide, modifier: number): Distribution {
  if (side.isStatic) return pointMass(staticValue(ruleset, side, modifier));
  return shift(keptDie(edge(ruleset, side)), modifier);
}

/** Helpers roll against the check's difficulty less this (002 l.65). */
const HELPER_DIFFICULTY_OFFSET = 5;

/** What helpers roll against; callers ask `applies` first, so a difficulty is there. */
function helperDifficulty(main: RollSide): number {
  if (main.difficulty === undefined) throw new MissingDifficultyError();
  return main.difficulty - HELPER_DIFFICULTY_OFFSET;
}

/** The main side with a net edge of `k`, capped as the text caps it. */
function withEdge(ruleset: D20Ruleset, side: RollSide, k: number): RollSide {
  const cap = ruleset.params.maxEdge;
  const e = Math.max(-cap, Math.min(cap, k));
  return { ...side, advantages: Math.max(e, 0), hindrances: Math.max(-e, 0) };
}

/**
 * threads-of-fate teamwork (002 l.65): every helper rolls d20 + the same traits against the
 * difficulty − 5; a success gives the main roll one Преимущество, a failure one Помеха; they join
 * the written ones, cancel one for one, and the result is capped at 2 either way. A contest has no
 * difficulty for helpers to roll against, so there the helpers change nothing.
 */
const d20Teamwork: TeamworkModel<D20Ruleset> = {
  applies: (main) => main.difficulty !== undefined,

  mixture(ruleset, main, modifier, helpers): TeamComponent[] {
    const target = helperDifficulty(main);
    let successes = pointMass(0);
    for (const h of helpers) {
      const p = Math.min(1, probabilityAtLeast(total(ruleset, h.side, h.pool), target));
      successes = convolve(successes, { min: 0, p: [1 - p, p] });
    }
    const written = edge(ruleset, main);
    return successes.p.map((weight, s) => ({ weight, side: withEdge(ruleset, main, written + s - (helpers.length - s)), pool: modifier, extraSuccesses: 0 }));
  },

  roll(ruleset, main, modifier, helpers, random) {
    const against = helperDifficulty(main);
    const rolled: HelperRoll[] = helpers.map((h) => {
      const roll = d20Family.roll(ruleset, { ...h.side, difficulty: against }, h.pool, random);
      return roll.outcome === 'success' ? { roll, effect: 'advantage', contribution: 1 } : { roll, effect: 'hindrance', contribution: -1 };
    });
    const k = edge(ruleset, main) + rolled.reduce((sum, h) => sum + h.contribution, 0);
    return { ...d20Family.roll(ruleset, withEdge(ruleset, main, k), modifier, random), helpers: rolled };
  },
};

export const d20Family: FamilyModel<D20Ruleset> = {
  unknownPoolRange: [-2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  teamwork: d20Teamwork,

  resolvePool(_ruleset, side) {
    return side.base;
  },

  odds(ruleset, side, modifier): PoolOdds {
    const difficulty = difficultyOf(ruleset, side);
    const totals = total(ruleset, side, modifier);
    const margin: Record<string, number> = {};
    let success = 0;
    totals.p.forEach((probability, i) => {
      const m = totals.min + i - difficulty;
      if (probability > 0) margin[String(m)] = probability;
      if (m >= 0) success += probability;
    });
    success = Math.min(1, success);
    if (side.isStatic) {
      return {
        pool: modifier,
        outcomes: { failure: 1 - success, success, critical_success: 0, critical_failure: 0, critical_rescue: 0 },
        margin,
        expected: totals.min,
        notes: ['static_value'],
      };
    }
    const kept = keptDie(edge(ruleset, side));
    const criticalSuccess = kept.p[FACES - 1];
    return {
      pool: modifier,
      outcomes: {
        failure: Math.max(0, 1 - success),
        success,
        critical_success: criticalSuccess,
        critical_failure: kept.p[0],
        critical_rescue: FACES + modifier < difficulty ? criticalSuccess : 0,
      },
      margin,
      expected: mean(totals),
      notes: [],
    };
  },

  extendedStep(ruleset, side, modifier): ExtendedStep {
    // Each successful roll adds one success; a d20 text has no botch that ends the action.
    const difficulty = difficultyOf(ruleset, side);
    const totals = total(ruleset, side, modifier);
    let success = 0;
    totals.p.forEach((probability, i) => {
      if (totals.min + i >= difficulty) success += probability;
    });
    return { gain: [1 - success, success], abort: 0 };
  },

  contestScore(ruleset, side, modifier) {
    return total(ruleset, side, modifier);
  },

  roll(ruleset, side, modifier, random): SideRoll {
    const difficulty = side.difficulty ?? ruleset.params.difficulty.default;
    const rated = (value: number) =>
      difficulty === undefined
        ? // A contest side has no difficulty: only its total counts.
          { total: value, successes: 0, outcome: 'rolled' }
        : { total: value, margin: value - difficulty, successes: value >= difficulty ? 1 : 0, outcome: value >= difficulty ? 'success' : 'failure' };
    if (side.isStatic) {
      return { pool: modifier, dice: [], rerolled: [], bonus: [], ...rated(staticValue(ruleset, side, modifier)) };
    }
    const k = edge(ruleset, side);
    const dice = rollDice(random, 1 + Math.abs(k), FACES);
    const kept = k >= 0 ? Math.max(...dice) : Math.min(...dice);
    const critical = kept === FACES ? 'critical_success' : kept === 1 ? 'critical_failure' : undefined;
    return { pool: modifier, dice, rerolled: [], bonus: [], kept, ...rated(kept + modifier), ...(critical ? { critical } : {}) };
  },

  extendedGain(roll) {
    return { gain: roll.successes, aborts: false };
  },

  rolledScore(roll) {
    return roll.total ?? 0;
  },
};
