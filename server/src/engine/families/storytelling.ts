import type { AgainRule, RollSide } from '../checkSpec';
import { convolve, countsFromZero, type Distribution, mean, pointMass, TAIL_EPSILON, trimUpperTail } from '../distribution';
import { countAtLeast, MAX_CHAIN, rollDice } from '../dice';
import type { PoolOdds } from '../oddsReport';
import type { RandomSource } from '../random';
import type { HelperRoll, SideRoll } from '../rollReport';
import type { Ruleset } from '../ruleset';
import { D10_POOL_RANGE, type ExtendedStep, type FamilyModel, type HelperPool, type TeamworkModel } from './family';

type StorytellingRuleset = Extract<Ruleset, { family: 'storytelling' }>;

/**
 * Successes of one die and its re-roll chain. Each roll either re-rolls (a success at or above
 * the again threshold), stops with a success, or stops without one, so
 * P(k) = again^k·fail + again^(k−1)·stop for k ≥ 1, a geometric series cut where it is negligible.
 */
function chainSuccesses(againChance: number, stopSuccessChance: number): Distribution {
  const fail = 1 - againChance - stopSuccessChance;
  const p = [fail];
  let carried = 1;
  while (carried > TAIL_EPSILON / 100) {
    p.push(carried * stopSuccessChance + carried * againChance * fail);
    carried *= againChance;
    if (againChance === 0) break;
  }
  return { min: 0, p };
}

function againChance(target: number, again: AgainRule): number {
  if (again === 'none') return 0;
  return (11 - Math.max(again, target)) / 10;
}

/** Dice rolled: traits and modifiers, then a specialty and Willpower, before any chance-die decision. */
export function dicePool(ruleset: StorytellingRuleset, side: RollSide): number | null {
  if (side.base === null) return null;
  const { specialtyDice, willpowerDice } = ruleset.params;
  return side.base + side.specialties * specialtyDice + (side.willpower ? willpowerDice : 0);
}

/** Rolls one extra die for every die at or above `threshold`, and for every extra die that does too. */
function rollChains(random: RandomSource, dice: readonly number[], threshold: number | null): number[] {
  const rerolled: number[] = [];
  if (threshold === null) return rerolled;
  let pending = countAtLeast(dice, threshold);
  while (pending > 0 && rerolled.length < MAX_CHAIN) {
    const face = random.int(1, 10);
    rerolled.push(face);
    pending += (face >= threshold ? 1 : 0) - 1;
  }
  return rerolled;
}

function outcomeOf(successes: number, exceptionalAt: number): string {
  if (successes === 0) return 'failure';
  return successes >= exceptionalAt ? 'exceptional_success' : 'success';
}

/**
 * The last pool computed per kind of die. A team's main roll asks for one pool after another
 * (own + 0, +1, +2 … dice), and each is the one before convolved with a few more dice: the very
 * steps `sumOfIndependent` takes from 0 dice, so the numbers are the same to the bit.
 */
const lastPool = new Map<string, { pool: number; successes: Distribution }>();

/**
 * `воспроизведение` (000 l.474): a die whose first roll fails is rolled once more, and that roll is
 * a die like any other (its 10 re-rolls). The die's successes: its own chain when the first roll
 * succeeds (k ≥ 1), else a whole new chain: P'(k) = P(k)·[k ≥ 1] + P(0)·P(k).
 */
function replayed(die: Distribution): Distribution {
  const fail = die.p[0];
  return { min: 0, p: die.p.map((q, k) => (k === 0 ? 0 : q) + fail * q) };
}

function poolSuccesses(again: number, success: number, pool: number, replay = false): Distribution {
  const key = `${again}|${success}|${replay}`;
  const chain = chainSuccesses(again, success - again);
  const die = replay ? replayed(chain) : chain;
  const last = lastPool.get(key);
  const start = last && last.pool <= pool ? last : { pool: 0, successes: pointMass(0) };
  let successes = start.successes;
  for (let n = start.pool; n < pool; n++) successes = trimUpperTail(convolve(successes, die));
  lastPool.set(key, { pool, successes });
  return successes;
}

interface StorytellingRoll {
  successes: Distribution;
  dramaticFailure: number;
}

function storytellingRoll(ruleset: StorytellingRuleset, side: RollSide, pool: number): StorytellingRoll {
  if (pool <= 0) {
    // The chance die: only a 10 succeeds and only a 10 re-rolls, whatever the again option.
    return { successes: trimUpperTail(chainSuccesses(0.1, 0)), dramaticFailure: 0.1 };
  }
  const target = ruleset.params.target;
  const again = againChance(target, side.again);
  const success = (11 - target) / 10;
  return { successes: poolSuccesses(again, success, pool, side.replay === true), dramaticFailure: 0 };
}

/** Dice a helper's dramatic failure takes from the main roll (000 l.444). */
const HELPER_DRAMATIC_PENALTY = 4;

/** What one helper does to the main pool: −4 dice on a dramatic failure, else its successes as dice. */
function helpContribution(ruleset: StorytellingRuleset, helper: HelperPool): Distribution {
  const roll = storytellingRoll(ruleset, helper.side, helper.pool);
  const counts = countsFromZero(roll.successes);
  // Index i holds the contribution i − HELPER_DRAMATIC_PENALTY.
  const p = new Array<number>(counts.length + HELPER_DRAMATIC_PENALTY).fill(0);
  p[0] = roll.dramaticFailure;
  counts.forEach((q, k) => (p[k + HELPER_DRAMATIC_PENALTY] += k === 0 ? q - roll.dramaticFailure : q));
  return { min: -HELPER_DRAMATIC_PENALTY, p };
}

/**
 * Storytelling teamwork (000 l.440–446): the helpers roll first; each one's successes are extra
 * dice for the main roll, a dramatic failure −4 dice; all of it counts before the main roll is
 * decided to be a chance die. The main pool before help is the unclamped one (a pool of −2 helped
 * by three dice is one die, not three).
 */
const storytellingTeamwork: TeamworkModel<StorytellingRuleset> = {
  applies: () => true,

  mixture(ruleset, main, mainPool, helpers) {
    const own = dicePool(ruleset, main) ?? mainPool;
    let help = pointMass(0);
    for (const h of helpers) help = trimUpperTail(convolve(help, helpContribution(ruleset, h)));
    return help.p.map((weight, i) => ({ weight, side: main, pool: own + help.min + i, extraSuccesses: 0 }));
  },

  roll(ruleset, main, mainPool, helpers, random) {
    const rolled: HelperRoll[] = helpers.map((h) => {
      const roll = storytellingFamily.roll(ruleset, h.side, h.pool, random);
      return roll.outcome === 'dramatic_failure'
        ? { roll, effect: 'penalty', contribution: -HELPER_DRAMATIC_PENALTY }
        : { roll, effect: 'dice', contribution: roll.successes };
    });
    const pool = (dicePool(ruleset, main) ?? mainPool) + rolled.reduce((sum, h) => sum + h.contribution, 0);
    return { ...storytellingFamily.roll(ruleset, main, pool, random), helpers: rolled };
  },
};

export const storytellingFamily: FamilyModel<StorytellingRuleset> = {
  unknownPoolRange: D10_POOL_RANGE,
  teamwork: storytellingTeamwork,
  raceAbort: 'resets',

  resolvePool(ruleset, side) {
    const pool = dicePool(ruleset, side);
    return pool === null ? null : Math.max(0, pool);
  },

  odds(ruleset, side, pool): PoolOdds {
    const roll = storytellingRoll(ruleset, side, pool);
    const counts = countsFromZero(roll.successes);
    const exceptionalAt = ruleset.params.exceptionalAt;
    let belowExceptional = 0;
    for (let k = 0; k < exceptionalAt && k < counts.length; k++) belowExceptional += counts[k];
    const chanceDie = pool <= 0;
    const notes: PoolOdds['notes'] = [];
    if (chanceDie) notes.push('chance_die');
    if (side.willpower) notes.push('willpower');
    return {
      pool: Math.max(0, pool),
      outcomes: {
        dramatic_failure: roll.dramaticFailure,
        failure: counts[0] - roll.dramaticFailure,
        success: belowExceptional - counts[0],
        // Exact: the head of the distribution is never truncated, only its far tail.
        exceptional_success: 1 - belowExceptional,
      },
      successes: counts,
      expected: mean(roll.successes),
      ...(chanceDie ? { chance_die: true } : {}),
      notes,
    };
  },

  extendedStep(ruleset, side, pool): ExtendedStep {
    const roll = storytellingRoll(ruleset, side, pool);
    const gain = countsFromZero(roll.successes);
    gain[0] -= roll.dramaticFailure;
    return { gain, abort: roll.dramaticFailure };
  },

  contestScore(ruleset, side, pool) {
    return storytellingRoll(ruleset, side, pool).successes;
  },

  contestDegrees: {
    exceptionalAt: (ruleset) => ruleset.params.exceptionalAt,
    dramaticFailure: (ruleset, side, pool) => storytellingRoll(ruleset, side, pool).dramaticFailure,
  },

  roll(ruleset, side, pool, random): SideRoll {
    const exceptionalAt = ruleset.params.exceptionalAt;
    if (pool <= 0) {
      const dice = rollDice(random, 1);
      const rerolled = rollChains(random, dice, 10);
      const successes = countAtLeast([...dice, ...rerolled], 10);
      const outcome = dice[0] === 1 ? 'dramatic_failure' : outcomeOf(successes, exceptionalAt);
      return { pool: 0, dice, rerolled, bonus: [], successes, outcome, chance_die: true };
    }
    const target = ruleset.params.target;
    const dice = rollDice(random, pool);
    // `воспроизведение`: the failed dice once more, before any 10 re-rolls (theirs too).
    const again = side.replay ? rollDice(random, dice.filter((face) => face < target).length) : [];
    const rolled = [...dice.filter((face) => !side.replay || face >= target), ...again];
    const rerolled = rollChains(random, rolled, side.again === 'none' ? null : Math.max(side.again, target));
    const successes = countAtLeast([...rolled, ...rerolled], target);
    return { pool, dice, ...(side.replay ? { replayed: again } : {}), rerolled, bonus: [], successes, outcome: outcomeOf(successes, exceptionalAt) };
  },

  extendedGain(roll) {
    return { gain: roll.successes, aborts: roll.outcome === 'dramatic_failure' };
  },

  rolledScore(roll) {
    return roll.successes;
  },
};
