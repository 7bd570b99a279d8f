import type { RollSide } from '../checkSpec';
import { convolve, countsFromZero, type Distribution, floorAt, mean, pointMass, shift, sumOfIndependent, trimUpperTail } from '../distribution';
import { countAtLeast, countEqual, rollDice } from '../dice';
import type { PoolOdds } from '../oddsReport';
import type { HelperRoll, SideRoll } from '../rollReport';
import type { Ruleset } from '../ruleset';
import { D10_POOL_RANGE, type ExtendedStep, type FamilyModel, type HelperPool, type TeamworkModel } from './family';

type ClassicRuleset = Extract<Ruleset, { family: 'classic' }>;

function targetNumber(ruleset: ClassicRuleset, side: RollSide): number {
  const { min, max } = ruleset.params.difficulty;
  const written = side.difficulty ?? ruleset.params.difficulty.default ?? 6;
  // The analysis gives an out-of-range difficulty RM003 and no odds; a spec made elsewhere stays within the rules.
  return Math.min(max, Math.max(min, written));
}

/**
 * Net successes of one main die, bonus die included: a 1 is −1, a success +1, and with a
 * specialty a 10 is +1 plus a bonus die that adds +1 on a success. Because each bonus die
 * belongs to exactly one 10, dice stay independent and the net is a plain sum.
 */
function netPerDie(t: number, specialty: boolean): Distribution {
  const one = 0.1;
  const blank = (t - 2) / 10;
  const ten = 0.1;
  const plainSuccess = (10 - t) / 10;
  const bonusSuccess = (11 - t) / 10;
  if (!specialty) return { min: -1, p: [one, blank, plainSuccess + ten] };
  return { min: -1, p: [one, blank, plainSuccess + ten * (1 - bonusSuccess), ten * bonusSuccess] };
}

interface ClassicRoll {
  /** Distribution of the reported successes: max(net, 0), +1 with Willpower. */
  successes: Distribution;
  botch: number;
  success: number;
}

function classicRoll(t: number, side: RollSide, pool: number): ClassicRoll {
  if (pool <= 0) return { successes: pointMass(0), botch: 0, success: 0 };
  const net = sumOfIndependent(netPerDie(t, side.specialties > 0), pool);
  const floored = floorAt(net, 0);
  if (side.willpower) return { successes: shift(floored, 1), botch: 0, success: 1 };
  // Soak and damage rolls fail but never botch (001 l.273).
  if (side.noBotch) return { successes: floored, botch: 0, success: 1 - floored.p[0] };
  // A botch: every main die is a 1 or a blank, and not all of them are blanks.
  const blank = (t - 2) / 10;
  const botch = Math.pow(0.1 + blank, pool) - Math.pow(blank, pool);
  return { successes: floored, botch, success: 1 - floored.p[0] };
}

/**
 * Classic teamwork (001 l.81, 107 «объединить свои успехи»): every helper rolls the same traits with
 * its own values against the same difficulty; the team's successes are the main roll's plus each
 * helper's, each floored at 0; the team botches only when that total is 0 and the main roll botched.
 */
const classicTeamwork: TeamworkModel<ClassicRuleset> = {
  applies: () => true,

  mixture(ruleset, main, mainPool, helpers) {
    let helped = pointMass(0);
    for (const h of helpers) helped = trimUpperTail(convolve(helped, classicRoll(targetNumber(ruleset, h.side), h.side, h.pool).successes));
    return helped.p.map((weight, i) => ({ weight, side: main, pool: mainPool, extraSuccesses: helped.min + i }));
  },

  roll(ruleset, main, mainPool, helpers, random) {
    const rolled: HelperRoll[] = helpers.map((h: HelperPool) => {
      const roll = classicFamily.roll(ruleset, h.side, h.pool, random);
      return { roll, effect: 'successes', contribution: roll.successes };
    });
    const own = classicFamily.roll(ruleset, main, mainPool, random);
    const successes = own.successes + rolled.reduce((sum, h) => sum + h.contribution, 0);
    const outcome = successes >= 1 ? 'success' : own.outcome === 'botch' ? 'botch' : 'failure';
    return { ...own, successes, outcome, helpers: rolled };
  },
};

export const classicFamily: FamilyModel<ClassicRuleset> = {
  unknownPoolRange: D10_POOL_RANGE,
  teamwork: classicTeamwork,
  raceAbort: 'loses',

  addSuccesses(odds, extra) {
    const successes = odds.successes ?? [1];
    return {
      ...odds,
      outcomes: { botch: 0, failure: 0, success: 1 },
      successes: [...new Array<number>(extra).fill(0), ...successes],
      expected: odds.expected + extra,
    };
  },

  resolvePool(_ruleset, side) {
    return side.base === null ? null : Math.max(0, side.base);
  },

  odds(ruleset, side, pool): PoolOdds {
    const roll = classicRoll(targetNumber(ruleset, side), side, pool);
    const notes: PoolOdds['notes'] = [];
    if (pool <= 0) notes.push('no_dice');
    else if (side.willpower) notes.push('willpower');
    return {
      pool: Math.max(0, pool),
      // Clamped: 1 − success − botch can round to −3e-17 when nothing is left for a plain failure.
      outcomes: { botch: roll.botch, failure: Math.max(0, 1 - roll.success - roll.botch), success: roll.success },
      successes: countsFromZero(roll.successes),
      expected: mean(roll.successes),
      notes,
    };
  },

  extendedStep(ruleset, side, pool): ExtendedStep {
    const roll = classicRoll(targetNumber(ruleset, side), side, pool);
    const gain = countsFromZero(roll.successes);
    gain[0] -= roll.botch;
    return { gain, abort: roll.botch };
  },

  contestScore(ruleset, side, pool) {
    return classicRoll(targetNumber(ruleset, side), side, pool).successes;
  },

  roll(ruleset, side, pool, random): SideRoll {
    if (pool <= 0) return { pool: 0, dice: [], rerolled: [], bonus: [], successes: 0, outcome: 'failure' };
    const t = targetNumber(ruleset, side);
    const dice = rollDice(random, pool);
    const bonus = side.specialties > 0 ? rollDice(random, countEqual(dice, 10)) : [];
    const mainSuccesses = countAtLeast(dice, t);
    const net = mainSuccesses + countAtLeast(bonus, t) - countEqual(dice, 1);
    const base = { pool, dice, rerolled: [], bonus };
    if (side.willpower) return { ...base, successes: Math.max(net, 0) + 1, outcome: 'success' };
    if (!side.noBotch && mainSuccesses === 0 && countEqual(dice, 1) > 0) return { ...base, successes: 0, outcome: 'botch' };
    return net >= 1 ? { ...base, successes: net, outcome: 'success' } : { ...base, successes: 0, outcome: 'failure' };
  },

  extendedGain(roll) {
    return { gain: roll.successes, aborts: roll.outcome === 'botch' };
  },

  rolledScore(roll) {
    return roll.successes;
  },
};
