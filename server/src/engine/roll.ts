import type { CheckSpec, RollSide } from './checkSpec';
import type { FamilyModel, SideRole } from './families/family';
import { familyOf } from './odds';
import { cryptoRandom, type RandomSource, seededRandom } from './random';
import type { RollReport, SideRoll } from './rollReport';
import type { OutcomeName, Ruleset } from './ruleset';

/** Without a roll limit an extended action is rolled at most this many times. */
const EXTENDED_ROLL_CAP = 20;

export interface RollOptions {
  /** Replays a roll exactly; without it the roll uses the cryptographic generator. */
  seed?: number;
  /** For tests: a source of faces other than the two above. */
  random?: RandomSource;
  /** The pool to use when the check's pool is unknown; defaults to the ruleset's typical pool. */
  pool?: number;
}

const CONTEST_NAMES: Record<'win' | 'tie' | 'lose', OutcomeName> = {
  win: { ru: 'победа', en: 'win' },
  tie: { ru: 'ничья', en: 'tie' },
  lose: { ru: 'поражение', en: 'loss' },
};

/** The ruleset's words for a rolled outcome; vampire-pack names the degree of a success. */
function outcomeName(ruleset: Ruleset, roll: SideRoll): OutcomeName {
  const degree = ruleset.outcomes[`degree_${Math.min(roll.successes, 5)}`];
  if (roll.outcome === 'success' && degree) return degree;
  return ruleset.outcomes[roll.outcome] ?? { ru: roll.outcome, en: roll.outcome };
}

interface ResolvedPool {
  pool: number;
  assumed: boolean;
}

function poolFor(family: FamilyModel, ruleset: Ruleset, side: RollSide, role: SideRole, chosen: number | undefined): ResolvedPool {
  const pool = family.resolvePool(ruleset, side, role);
  return pool === null ? { pool: chosen ?? ruleset.typicalPool, assumed: true } : { pool, assumed: false };
}

type ExtendedRoll = NonNullable<RollReport['extended']>;

function rollExtended(family: FamilyModel, ruleset: Ruleset, side: RollSide, pool: number, first: SideRoll, target: number, maxRolls: number | undefined, random: RandomSource): ExtendedRoll {
  const rolls: SideRoll[] = [];
  let accumulated = 0;
  let aborted = false;
  const limit = Math.max(1, maxRolls ?? EXTENDED_ROLL_CAP);
  while (rolls.length < limit && accumulated < target && !aborted) {
    const roll = rolls.length === 0 ? first : family.roll(ruleset, side, pool, random);
    rolls.push(roll);
    const { gain, aborts } = family.extendedGain(roll);
    aborted = aborts;
    accumulated = aborts ? 0 : accumulated + gain;
  }
  return { target, rolls, accumulated, done: accumulated >= target, aborted };
}

/** Rolls a check by the same model the odds use. */
export function rollCheck(ruleset: Ruleset, spec: CheckSpec, options: RollOptions = {}): RollReport {
  const random = options.random ?? (options.seed !== undefined ? seededRandom(options.seed) : cryptoRandom);
  const family = familyOf(ruleset);
  const role: SideRole = spec.opponent ? 'contest' : 'check';
  const side = poolFor(family, ruleset, spec.side, role, options.pool);
  const first = family.roll(ruleset, spec.side, side.pool, random);
  const common = {
    ruleset: ruleset.id,
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(side.assumed ? { assumed_pool: true } : {}),
  };
  if (spec.opponent) {
    const other = poolFor(family, ruleset, spec.opponent, 'contest', options.pool);
    const opponent = family.roll(ruleset, spec.opponent, other.pool, random);
    const a = family.rolledScore(first);
    const b = family.rolledScore(opponent);
    const contest = a > b ? 'win' : a === b ? 'tie' : 'lose';
    return {
      ...first,
      ...common,
      ...(other.assumed ? { assumed_pool: true } : {}),
      outcome: contest,
      outcome_name: CONTEST_NAMES[contest],
      opponent,
      contest,
    };
  }
  if (spec.extended) {
    const extended = rollExtended(family, ruleset, spec.side, side.pool, first, spec.extended.target, spec.extended.maxRolls, random);
    const last = extended.rolls[extended.rolls.length - 1];
    // The action as a whole: done is a success; otherwise the last roll says how it ended.
    const summary: SideRoll = { ...last, successes: extended.accumulated, outcome: extended.done ? 'success' : extended.aborted ? last.outcome : 'failure' };
    return { ...summary, ...common, outcome_name: outcomeName(ruleset, summary), extended };
  }
  return { ...first, ...common, outcome_name: outcomeName(ruleset, first) };
}
