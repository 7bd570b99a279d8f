import { supportsRaces } from './capabilities';
import type { CheckSpec, RollSide } from './checkSpec';
import type { FamilyModel, HelperPool, SideRole } from './families/family';
import { rollInitiative } from './initiative';
import { bestAlternative, checkSides, familyOf, penalisedSide, type PooledSide, poolSide } from './odds';
import { RACE_ROUND_CAP } from './race';
import { type RandomSource, seededRandom } from './random';
import type { RaceRound, RolledCheck, SideRoll } from './rollReport';
import type { Ruleset } from './ruleset';
import { thresholdRoll } from './threshold';
import { betterRoll } from './twice';
import { secondAttemptRoll, secondAttemptSide } from './secondAttempt';
import { MAX_ATTEMPTS } from './attempts';
import { type CombatSpec, rollCombat } from './combat';
import { countedRoll } from './countedSuccesses';

/** Without a roll limit an extended action is rolled at most this many times. */
const EXTENDED_ROLL_CAP = 20;

/**
 * Where the faces come from: a seed, which replays a roll exactly, or a source (the host's
 * cryptographic one for real rolls without a seed; tests' own).
 */
export type RollOptions = RollTuning & ({ seed: number; random?: undefined } | { random: RandomSource; seed?: undefined });

interface RollTuning {
  /** The pool to use when the check's pool is unknown; defaults to the ruleset's typical pool. */
  pool?: number;
  /**
   * Which alternative has the best odds, when the caller holds the check's odds report (its
   * `best`): spares recomputing every alternative's odds on each roll.
   */
  best?: number;
}

type ContestResult = 'win' | 'tie' | 'lose';

/** A side ready to roll: every unknown pool (a helper's too) takes the chosen or typical pool. */
interface RollingSide {
  pooled: PooledSide<number>;
  assumed: boolean;
}

function rollingSide(ruleset: Ruleset, side: RollSide, role: SideRole, chosen: number | undefined): RollingSide {
  const pooled = poolSide(ruleset, side, role);
  const fallback = chosen ?? ruleset.typicalPool;
  const assumed = pooled.pool === null || pooled.helpers.some((h) => h.pool === null);
  return {
    pooled: { side, pool: pooled.pool ?? fallback, helpers: pooled.helpers.map((h) => ({ side: h.side, pool: h.pool ?? fallback })) },
    assumed,
  };
}

/** One roll of a side: its helpers first when it has any; its successes counted as the odds count them (countedSuccesses.ts). */
function rollSide(family: FamilyModel, ruleset: Ruleset, s: PooledSide<number>, random: RandomSource): SideRoll {
  const roll = s.helpers.length > 0 && family.teamwork ? family.teamwork.roll(ruleset, s.side, s.pool, s.helpers as HelperPool[], random) : family.roll(ruleset, s.side, s.pool, random);
  return countedRoll(ruleset, s.side, roll);
}

type ExtendedRoll = NonNullable<RolledCheck['extended']>;

/**
 * A side of an action of several rolls (an extended action, a race) as a whole: the side's pool,
 * every die of its rolls in the order rolled, its total `successes` (each roll counted by the
 * rules, so not always a count of `dice`) and how the action ended for it. The rolls themselves
 * are in `extended.rolls` / `race.rounds`; nothing of one roll (a kept d20, a critical, helpers)
 * stands for the whole.
 */
function acrossRolls(rolls: readonly SideRoll[], pool: number, successes: number, outcome: string): SideRoll {
  return {
    pool,
    dice: rolls.flatMap((roll) => roll.dice),
    rerolled: rolls.flatMap((roll) => roll.rerolled),
    bonus: rolls.flatMap((roll) => roll.bonus),
    successes,
    outcome,
    ...(rolls.some((roll) => roll.chance_die) ? { chance_die: true } : {}),
  };
}

/** How an action of several rolls ended for a side: done is a success; else a last roll that aborted it says how; else a failure. */
function endOf(family: FamilyModel, rolls: readonly SideRoll[], done: boolean): string {
  const last = rolls[rolls.length - 1];
  if (done) return 'success';
  return last && family.extendedGain(last).aborts ? last.outcome : 'failure';
}

function rollExtended(family: FamilyModel, ruleset: Ruleset, s: PooledSide<number>, first: SideRoll, target: number, maxRolls: number | undefined, random: RandomSource): ExtendedRoll {
  const rolls: SideRoll[] = [];
  let accumulated = 0;
  let aborted = false;
  const limit = Math.max(1, maxRolls ?? EXTENDED_ROLL_CAP);
  while (rolls.length < limit && accumulated < target && !aborted) {
    const roll = rolls.length === 0 ? first : rollSide(family, ruleset, s, random);
    rolls.push(roll);
    const { gain, aborts } = family.extendedGain(roll);
    aborted = aborts;
    accumulated = aborts ? 0 : accumulated + gain;
  }
  return { target, rolls, accumulated, done: accumulated >= target, aborted };
}

/** The family's tie-break applied to a rolled tie. */
function decideTie(family: FamilyModel, first: RollSide, second: RollSide, result: ContestResult): { contest: ContestResult; tie_break?: 'attribute' } {
  if (result !== 'tie') return { contest: result };
  const winner = family.tieWinner?.(first, second);
  return winner === undefined ? { contest: 'tie' } : { contest: winner, tie_break: 'attribute' };
}

/** A storytelling contest by the rules compareDegrees counts (contest.ts, 000 l.341). */
function contestDegree(first: SideRoll, second: SideRoll, exceptionalAt: number): { contest: ContestResult } & Pick<RolledCheck, 'contest_degree'> {
  const mine = first.outcome === 'dramatic_failure';
  const theirs = second.outcome === 'dramatic_failure';
  if (mine && theirs) return { contest: 'tie', contest_degree: 'both_dramatic' };
  if (mine) return { contest: 'lose', contest_degree: 'dramatic_failure' };
  if (theirs) return { contest: 'win', contest_degree: 'dramatic_failure' };
  const [a, b] = [first.successes, second.successes];
  if (a === b) return { contest: 'tie' };
  const contest: ContestResult = a > b ? 'win' : 'lose';
  return Math.max(a, b) >= exceptionalAt ? { contest, contest_degree: 'exceptional' } : { contest };
}

interface RaceResult {
  rounds: RaceRound[];
  result: ContestResult;
  decided: NonNullable<RolledCheck['race']>['decided'];
}

/** Rolls a race round by round, by the rules raceOdds counts (race.ts). */
function rollRace(family: FamilyModel, ruleset: Ruleset, a: PooledSide<number>, b: PooledSide<number>, targets: [number, number], maxRounds: number | undefined, random: RandomSource): RaceResult {
  const rounds: RaceRound[] = [];
  // `фора` (001 l.83): a side starts with its head start, one short of its target at most, as raceOdds counts.
  const totals: [number, number] = [Math.min(targets[0] - 1, a.side.headStart ?? 0), Math.min(targets[1] - 1, b.side.headStart ?? 0)];
  totals[0] = Math.max(0, totals[0]);
  totals[1] = Math.max(0, totals[1]);
  const limit = maxRounds ?? RACE_ROUND_CAP;
  const loses = family.raceAbort === 'loses';
  while (rounds.length < limit) {
    const first = rollSide(family, ruleset, a, random);
    const second = rollSide(family, ruleset, b, random);
    const lost = [false, false];
    [first, second].forEach((roll, i) => {
      const { gain, aborts } = family.extendedGain(roll);
      if (aborts && loses) lost[i] = true;
      else totals[i] = aborts ? 0 : totals[i] + gain;
    });
    rounds.push({ first, second, totals: [totals[0], totals[1]] });
    const reached = [!lost[0] && totals[0] >= targets[0], !lost[1] && totals[1] >= targets[1]];
    if ((reached[0] && reached[1]) || (lost[0] && lost[1])) return { rounds, result: 'tie', decided: reached[0] ? 'target' : 'botch' };
    if (reached[0] || lost[1]) return { rounds, result: 'win', decided: reached[0] ? 'target' : 'botch' };
    if (reached[1] || lost[0]) return { rounds, result: 'lose', decided: reached[1] ? 'target' : 'botch' };
  }
  if (maxRounds === undefined) return { rounds, result: 'tie', decided: 'unfinished' };
  const result: ContestResult = totals[0] > totals[1] ? 'win' : totals[0] === totals[1] ? 'tie' : 'lose';
  return { rounds, result, decided: 'limit' };
}

function rollSingle(ruleset: Ruleset, spec: CheckSpec, random: RandomSource, options: RollOptions): RolledCheck {
  const common = { ruleset: ruleset.id, ...(options.seed !== undefined ? { seed: options.seed } : {}) };
  if (spec.initiative) {
    const rating = spec.side.base ?? options.pool ?? ruleset.typicalPool;
    return { ...rollInitiative(rating, random), ...common, ...(spec.side.base === null ? { assumed_pool: true } : {}) };
  }
  const family = familyOf(ruleset);
  const [written, opponent] = checkSides(ruleset, spec);
  const side = spec.secondAttempt && !opponent ? secondAttemptSide(ruleset, written) : written;
  const mine = rollingSide(ruleset, side, opponent ? 'contest' : 'check', options.pool);
  if (spec.combat) return rollAttack(family, ruleset, spec.combat, mine, opponent, random, options, common);
  if (opponent) {
    const theirs = rollingSide(ruleset, opponent, 'contest', options.pool);
    const assumed = mine.assumed || theirs.assumed ? { assumed_pool: true } : {};
    if (spec.extended && supportsRaces(ruleset)) {
      const targets: [number, number] = [spec.extended.target, spec.extended.opponentTarget ?? spec.extended.target];
      const race = rollRace(family, ruleset, mine.pooled, theirs.pooled, targets, spec.extended.maxRolls, random);
      const [mineTotal, theirTotal] = race.rounds[race.rounds.length - 1].totals;
      const decided = decideTie(family, side, opponent, race.result);
      const theirRolls = race.rounds.map((round) => round.second);
      return {
        ...acrossRolls(race.rounds.map((round) => round.first), mine.pooled.pool, mineTotal, decided.contest),
        ...common,
        ...assumed,
        opponent: acrossRolls(theirRolls, theirs.pooled.pool, theirTotal, endOf(family, theirRolls, theirTotal >= targets[1])),
        ...decided,
        race: { targets, rounds: race.rounds, decided: race.decided, ...(side.headStart || opponent.headStart ? { head_start: [side.headStart ?? 0, opponent.headStart ?? 0] as [number, number] } : {}) },
      };
    }
    const first = rollSide(family, ruleset, mine.pooled, random);
    const second = rollSide(family, ruleset, theirs.pooled, random);
    if (family.contestDegrees) {
      const degree = contestDegree(first, second, family.contestDegrees.exceptionalAt(ruleset));
      return { ...first, ...common, ...assumed, outcome: degree.contest, opponent: second, ...degree };
    }
    const a = family.rolledScore(first);
    const b = family.rolledScore(second);
    const decided = decideTie(family, side, opponent, a > b ? 'win' : a === b ? 'tie' : 'lose');
    return { ...first, ...common, ...assumed, outcome: decided.contest, opponent: second, ...decided };
  }
  const assumed = mine.assumed ? { assumed_pool: true } : {};
  const first = rollSide(family, ruleset, mine.pooled, random);
  if (spec.extended) {
    const extended = rollExtended(family, ruleset, mine.pooled, first, spec.extended.target, spec.extended.maxRolls, random);
    const summary = acrossRolls(extended.rolls, mine.pooled.pool, extended.accumulated, endOf(family, extended.rolls, extended.done));
    return { ...summary, ...common, ...assumed, extended };
  }
  /** One roll of the check as it counts: the better of two with `дважды`, read against a threshold. */
  const oneRoll = (s: PooledSide<number>, already?: SideRoll): { roll: SideRoll; twice?: RolledCheck['twice'] } => {
    const a = already ?? rollSide(family, ruleset, s, random);
    const asSecond = (roll: SideRoll) => (spec.secondAttempt ? secondAttemptRoll(roll) : roll);
    if (!spec.twice || spec.threshold !== undefined) return { roll: asSecond(spec.threshold !== undefined ? thresholdRoll(a, spec.threshold) : a) };
    const b = rollSide(family, ruleset, s, random);
    const kept = betterRoll(a, b);
    return { roll: asSecond(kept === 0 ? a : b), twice: { rolls: [a, b], kept } };
  };
  if (spec.attempts) {
    const count = Math.min(MAX_ATTEMPTS, Math.max(1, spec.attempts.count));
    const penalty = spec.attempts.penalty;
    const succeeded = (roll: SideRoll) => roll.outcome === 'success' || roll.outcome === 'exceptional_success';
    const rolls = [oneRoll(mine.pooled, first).roll];
    while (rolls.length < count && !succeeded(rolls[rolls.length - 1])) rolls.push(oneRoll(penalisedSide(mine.pooled, rolls.length * penalty)).roll);
    const last = rolls[rolls.length - 1];
    return { ...last, ...common, ...assumed, attempts: { count, penalty, rolls, succeeded: succeeded(last) } };
  }
  const { roll: read, twice } = oneRoll(mine.pooled, first);
  return { ...read, ...common, ...assumed, ...(spec.threshold !== undefined ? { threshold: spec.threshold } : {}), ...(twice ? { twice } : {}), ...(spec.secondAttempt ? { second_attempt: true as const } : {}), ...(spec.deal ? { deal: true as const } : {}) };
}

/**
 * An attack (`урон:`): the attack (and the defence), then the damage and the soak (engine/combat.ts).
 * With a defender `outcome` is the hit (`success`), the attack's botch, or a `failure`.
 */
function rollAttack(
  family: FamilyModel,
  ruleset: Ruleset,
  combat: CombatSpec,
  mine: ReturnType<typeof rollingSide>,
  opponent: RollSide | undefined,
  random: RandomSource,
  options: RollOptions,
  common: Pick<RolledCheck, 'ruleset' | 'seed'>,
): RolledCheck {
  const theirs = opponent ? rollingSide(ruleset, opponent, 'contest', options.pool) : undefined;
  const assumed = mine.assumed || theirs?.assumed ? { assumed_pool: true } : {};
  const attack = rollSide(family, ruleset, mine.pooled, random);
  const defence = theirs ? rollSide(family, ruleset, theirs.pooled, random) : undefined;
  const chain = rollCombat(family.rolledScore(attack), defence ? family.rolledScore(defence) : undefined, combat, random);
  const outcome = !defence ? attack.outcome : chain.hit ? 'success' : attack.outcome === 'botch' ? 'botch' : 'failure';
  return { ...attack, ...common, ...assumed, outcome, ...(defence ? { opponent: defence } : {}), combat: chain };
}

/**
 * Rolls a check by the same model the odds use. A check with alternatives rolls the combination
 * with the best odds and says which (`alternative`).
 */
export function rollCheck(ruleset: Ruleset, spec: CheckSpec, options: RollOptions): RolledCheck {
  const random = options.random === undefined ? seededRandom(options.seed) : options.random;
  const index = options.best ?? bestAlternative(ruleset, spec);
  if (index === undefined || !spec.alternatives) return rollSingle(ruleset, spec, random, options);
  const chosen = spec.alternatives[index];
  return { ...rollSingle(ruleset, chosen.spec, random, options), alternative: { index, check: chosen.check } };
}
