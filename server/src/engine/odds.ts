import { supportsRaces, supportsTeamwork } from './capabilities';
import { type Alternative, type CheckSpec, OPEN_GOAL_MAX, OPEN_GOAL_ROLLS, type RollSide } from './checkSpec';
import { compareDegrees, compareScores } from './contest';
import { type Distribution, mean, shift, trimUpperTail } from './distribution';
import { probabilityDoneWithin } from './extended';
import { classicFamily } from './families/classic';
import { d20Family } from './families/d20';
import type { ExtendedStep, FamilyModel, HelperPool, SideRole, TeamComponent } from './families/family';
import { poolMinusDifficultyFamily } from './families/poolMinusDifficulty';
import { storytellingFamily } from './families/storytelling';
import { initiativeOdds } from './initiative';
import { type AlternativeOdds, type ContestOdds, type KnownPoolReport, NOTE_ORDER, type OddsNote, type OddsReport, type PoolOdds } from './oddsReport';
import { raceOdds, type RacingSide } from './race';
import type { Ruleset } from './ruleset';
import { thresholdOdds } from './threshold';
import { attemptsOdds, MAX_ATTEMPTS } from './attempts';
import { twiceOdds } from './twice';
import { secondAttemptOdds, secondAttemptSide } from './secondAttempt';
import { combatOdds, type CombatSpec } from './combat';
import { countedDistribution, countedOdds, countedStep } from './countedSuccesses';

export function familyOf(ruleset: Ruleset): FamilyModel {
  // Each model is typed for its own ruleset variant; the discriminant guarantees the match.
  switch (ruleset.family) {
    case 'classic':
      return classicFamily as FamilyModel;
    case 'storytelling':
      return storytellingFamily as FamilyModel;
    case 'pool-minus-difficulty':
      return poolMinusDifficultyFamily as FamilyModel;
    case 'd20':
      return d20Family as FamilyModel;
  }
}

/** A side with its helpers, each pool resolved (null while a value is unknown). */
export interface PooledSide<P = number | null> {
  side: RollSide;
  pool: P;
  helpers: { side: RollSide; pool: P }[];
}

/** A pool as the side may roll it: at most its `маневр` (001 l.32), else as it is. */
function cappedPool(side: RollSide, pool: number): number {
  return side.maneuver !== undefined ? Math.min(pool, side.maneuver) : pool;
}

/** The side's pool and its helpers' pools; helpers count only where the ruleset has a teamwork rule. */
export function poolSide(ruleset: Ruleset, side: RollSide, role: SideRole): PooledSide {
  const family = familyOf(ruleset);
  const helpers = family.teamwork?.applies(side) && supportsTeamwork(ruleset) ? (side.helpers ?? []) : [];
  const pool = family.resolvePool(ruleset, side, role);
  return {
    side,
    pool: pool === null ? null : cappedPool(side, pool),
    helpers: helpers.map((h) => ({ side: h, pool: family.resolvePool(ruleset, h, role) })),
  };
}

function isKnown(s: PooledSide): s is PooledSide<number> {
  return s.pool !== null && s.helpers.every((h) => h.pool !== null);
}

/** A table row for an unknown pool: every unknown pool (a helper's too) takes the row's size. */
function withSize(s: PooledSide, size: number): PooledSide<number> {
  return { side: s.side, pool: s.pool ?? cappedPool(s.side, size), helpers: s.helpers.map((h) => ({ side: h.side, pool: h.pool ?? size })) };
}

/** The two sides of a check as the family reads them (vampire-pack: one obstacle for both). */
export function checkSides(ruleset: Ruleset, spec: CheckSpec): [RollSide, RollSide | undefined] {
  if (!spec.opponent) return [spec.side, undefined];
  const family = familyOf(ruleset);
  return family.contestSides ? family.contestSides(ruleset, spec.side, spec.opponent) : [spec.side, spec.opponent];
}

/** The side's roll as a mixture of plain rolls: one component, or the helpers' weighted outcomes. */
function components(family: FamilyModel, ruleset: Ruleset, s: PooledSide<number>): TeamComponent[] {
  if (s.helpers.length === 0 || !family.teamwork) return [{ weight: 1, side: s.side, pool: s.pool, extraSuccesses: 0 }];
  return family.teamwork.mixture(ruleset, s.side, s.pool, s.helpers as HelperPool[]).filter((c) => c.weight > 0);
}

/**
 * `compute` for each component, once per distinct plain roll: the components of one side differ
 * only in their pool and edge (classic teamwork repeats one main roll under every helper total).
 */
function perComponent<T>(parts: readonly TeamComponent[], compute: (part: TeamComponent) => T): T[] {
  const seen = new Map<string, T>();
  return parts.map((part) => {
    const key = `${part.pool}|${part.side.advantages}|${part.side.hindrances}`;
    let value = seen.get(key);
    if (value === undefined) {
      value = compute(part);
      seen.set(key, value);
    }
    return value;
  });
}

function addInto(into: number[], from: readonly number[], weight: number): void {
  from.forEach((p, k) => (into[k] = (into[k] ?? 0) + weight * p));
}

/** One roll of the side as it counts: after its helpers, with its successes counted (`+N успехов`, `прочность`). */
function sideOdds(family: FamilyModel, ruleset: Ruleset, s: PooledSide<number>): PoolOdds {
  return countedOdds(ruleset, s.side, helpedOdds(family, ruleset, s));
}

/** One roll of the side: its own odds, or after its helpers the weighted mixture of the main roll's. */
function helpedOdds(family: FamilyModel, ruleset: Ruleset, s: PooledSide<number>): PoolOdds {
  const own = family.odds(ruleset, s.side, s.pool);
  const parts = components(family, ruleset, s);
  if (s.helpers.length === 0) return own;
  const outcomes: Record<string, number> = {};
  const successes: number[] = [];
  const margin: Record<string, number> = {};
  let expected = 0;
  let alwaysChanceDie = true;
  const plainOdds = perComponent(parts, (part) => family.odds(ruleset, part.side, part.pool));
  parts.forEach((part, i) => {
    const plain = plainOdds[i];
    const odds = part.extraSuccesses > 0 && family.addSuccesses ? family.addSuccesses(plain, part.extraSuccesses) : plain;
    for (const [key, p] of Object.entries(odds.outcomes ?? {})) outcomes[key] = (outcomes[key] ?? 0) + part.weight * p;
    if (odds.successes) addInto(successes, odds.successes, part.weight);
    for (const [key, p] of Object.entries(odds.margin ?? {})) margin[key] = (margin[key] ?? 0) + part.weight * p;
    expected += part.weight * odds.expected;
    alwaysChanceDie &&= odds.chance_die === true;
  });
  const { chance_die: _ownChanceDie, ...rest } = own;
  return {
    ...rest,
    outcomes: Object.fromEntries(Object.entries(outcomes).map(([key, p]) => [key, Math.min(1, p)])),
    // Each part's series is trimmed, but a part of tiny weight still carries its long tail: trim the mixture as a plain roll is.
    ...(own.successes ? { successes: trimUpperTail({ min: 0, p: successes }).p } : {}),
    ...(own.margin ? { margin } : {}),
    expected,
    // The pool is the main actor's own; the chance die is reported only when help cannot avoid it.
    ...(alwaysChanceDie && own.chance_die ? { chance_die: true } : {}),
    notes: alwaysChanceDie ? own.notes : own.notes.filter((n) => n !== 'chance_die'),
    helpers: s.helpers.length,
  };
}

/** Successes a classic team adds on top of the main roll: no botch is left when they are ≥ 1. */
function shiftStep(step: ExtendedStep, extra: number): ExtendedStep {
  if (extra === 0) return step;
  const gain = [...new Array<number>(extra).fill(0), ...step.gain];
  gain[extra] += step.abort;
  return { gain, abort: 0 };
}

function sideStep(family: FamilyModel, ruleset: Ruleset, s: PooledSide<number>): ExtendedStep {
  return countedStep(s.side, helpedStep(family, ruleset, s));
}

function helpedStep(family: FamilyModel, ruleset: Ruleset, s: PooledSide<number>): ExtendedStep {
  const parts = components(family, ruleset, s);
  if (parts.length === 1 && parts[0].extraSuccesses === 0) return family.extendedStep(ruleset, parts[0].side, parts[0].pool);
  const gain: number[] = [];
  let abort = 0;
  const steps = perComponent(parts, (part) => family.extendedStep(ruleset, part.side, part.pool));
  parts.forEach((part, i) => {
    const step = shiftStep(steps[i], part.extraSuccesses);
    addInto(gain, step.gain, part.weight);
    abort += part.weight * step.abort;
  });
  return { gain, abort };
}

function sideScore(family: FamilyModel, ruleset: Ruleset, s: PooledSide<number>): Distribution {
  return countedDistribution(s.side, helpedScore(family, ruleset, s));
}

function helpedScore(family: FamilyModel, ruleset: Ruleset, s: PooledSide<number>): Distribution {
  const parts = components(family, ruleset, s);
  if (parts.length === 1 && parts[0].extraSuccesses === 0) return family.contestScore(ruleset, parts[0].side, parts[0].pool);
  const p: number[] = [];
  let min = Infinity;
  const plainScores = perComponent(parts, (part) => family.contestScore(ruleset, part.side, part.pool));
  const scores = parts.map((part, i) => {
    const score = shift(plainScores[i], part.extraSuccesses);
    min = Math.min(min, score.min);
    return { weight: part.weight, score };
  });
  for (const { weight, score } of scores) score.p.forEach((q, i) => (p[score.min - min + i] = (p[score.min - min + i] ?? 0) + weight * q));
  return { min, p: Array.from(p, (q) => q ?? 0) };
}

/** P(the side's roll is a dramatic failure), after its helpers: the components' weighted chances. */
function sideDramatic(family: FamilyModel, ruleset: Ruleset, s: PooledSide<number>): number {
  const degrees = family.contestDegrees;
  if (!degrees) return 0;
  const parts = components(family, ruleset, s);
  const chances = perComponent(parts, (part) => degrees.dramaticFailure(ruleset, part.side, part.pool));
  return parts.reduce((sum, part, i) => sum + part.weight * chances[i], 0);
}

/**
 * One roll of each side compared: by degrees where the family has them (storytelling), else by
 * score; `dramatic` when either side may roll a dramatic failure, which decides the contest.
 */
function compareSides(family: FamilyModel, ruleset: Ruleset, first: PooledSide<number>, score: Distribution, second: PooledSide<number>): { contest: ContestOdds; dramatic: boolean } {
  const theirs = sideScore(family, ruleset, second);
  if (!family.contestDegrees) return { contest: compareScores(score, theirs), dramatic: false };
  const mine = sideDramatic(family, ruleset, first);
  const their = sideDramatic(family, ruleset, second);
  const contest = compareDegrees({ score, dramatic: mine }, { score: theirs, dramatic: their }, family.contestDegrees.exceptionalAt(ruleset));
  return { contest, dramatic: mine > 0 || their > 0 };
}

/**
 * The family's tie-break moves the ties to one side; `tie_break` says it did. The Storyteller may
 * give a tie to whoever started the contest instead (004 l.119): `tie_to_initiator` is the win then.
 */
function breakTies(family: FamilyModel, first: RollSide, second: RollSide, contest: ContestOdds): Pick<PoolOdds, 'contest' | 'tie_break' | 'tie_to_initiator'> {
  if (!family.tieWinner) return { contest };
  const winner = family.tieWinner(first, second);
  // No Attribute to break the tie (equal, or a Storyteller's pool): the Storyteller's other choice is all there is.
  if (winner === undefined) return contest.tie > 0 ? { contest, tie_to_initiator: { roller: Math.min(1, contest.win + contest.tie), opponent: contest.win } } : { contest };
  const moved = winner === 'win' ? { win: contest.win + contest.tie, tie: 0, lose: contest.lose } : { win: contest.win, tie: 0, lose: contest.lose + contest.tie };
  return {
    contest: { win: Math.min(1, moved.win), tie: 0, lose: Math.min(1, moved.lose) },
    tie_break: 'attribute',
    tie_to_initiator: { roller: Math.min(1, contest.win + contest.tie), opponent: contest.win },
  };
}

function contestOdds(family: FamilyModel, ruleset: Ruleset, spec: CheckSpec, first: PooledSide<number>, second: PooledSide<number>): PoolOdds {
  const firstStep = supportsRaces(ruleset) && spec.extended ? sideStep(family, ruleset, first) : undefined;
  const score = sideScore(family, ruleset, first);
  const common = { pool: first.pool, expected: mean(score), notes: [], ...(first.helpers.length > 0 ? { helpers: first.helpers.length } : {}) };
  if (firstStep && spec.extended) {
    const racing = (step: ExtendedStep, target: number, start: number | undefined): RacingSide => ({ step, target, onAbort: family.raceAbort ?? 'resets', ...(start ? { start } : {}) });
    const race = raceOdds(
      racing(firstStep, spec.extended.target, first.side.headStart),
      racing(sideStep(family, ruleset, second), spec.extended.opponentTarget ?? spec.extended.target, second.side.headStart),
      spec.extended.maxRolls,
    );
    const headStart: [number, number] = [first.side.headStart ?? 0, second.side.headStart ?? 0];
    return {
      ...common,
      ...(headStart[0] > 0 || headStart[1] > 0 ? { head_start: headStart } : {}),
      ...breakTies(family, first.side, second.side, race.contest),
      within: race.within,
      ...(race.unfinished !== undefined ? { unfinished: race.unfinished } : {}),
    };
  }
  const compared = compareSides(family, ruleset, first, score, second);
  return { ...common, ...breakTies(family, first.side, second.side, compared.contest), ...(compared.dramatic ? { notes: ['dramatic_contest' as const] } : {}) };
}

/**
 * The notes of a report: the family's own, and what the check's mechanics add to what it means
 * (helpers, урон/поглощение, a d20 20 short of the difficulty, a classic specialty, a tie-break,
 * a race left undecided), in `NOTE_ORDER`.
 */
function withNotes(ruleset: Ruleset, side: RollSide, odds: PoolOdds): PoolOdds {
  const added: OddsNote[] = [];
  if (odds.helpers) added.push('teamwork');
  if (ruleset.family === 'classic' && side.noBotch) added.push('no_botch');
  if ((odds.outcomes?.critical_rescue ?? 0) > 0) added.push('critical_rescue');
  if (ruleset.family === 'classic' && side.specialties > 0) added.push('specialty');
  if (odds.tie_break) added.push('tie_break');
  else if (odds.tie_to_initiator) added.push('tie_initiator');
  if (odds.unfinished !== undefined) added.push('unfinished');
  if (odds.maneuver) added.push('maneuver');
  if (odds.extra_successes) added.push('extra_successes');
  if (odds.durability) added.push('durability');
  if (odds.head_start) added.push('head_start');
  if (ruleset.family === 'storytelling' && side.replay && !odds.chance_die) {
    added.push('replay');
    odds = { ...odds, replay: true };
  }
  return added.length === 0 ? odds : { ...odds, notes: NOTE_ORDER.filter((note) => odds.notes.includes(note) || added.includes(note)) };
}

/**
 * `сделка с Дьяволом` (004 l.60–65): «Если проверка провалена … считай результат проверки базовым
 * успехом»; «Сделку с Дьяволом нельзя предлагать при болезненном провале». A plain failure becomes
 * a success; a painful failure and no dice left stay what they are.
 */
function withDeal(odds: PoolOdds): PoolOdds {
  const outcomes = odds.outcomes ?? {};
  const deal = Math.min(1, (outcomes.success ?? 0) + (outcomes.failure ?? 0));
  return { ...odds, deal, notes: NOTE_ORDER.filter((note) => note === 'deal' || odds.notes.includes(note)) };
}

/** `атака` / `защита`: High Competence's automatic success is not for an attack or a defence (004 l.109). */
function withCombatRole(odds: PoolOdds, role: 'attack' | 'defence'): PoolOdds {
  const notes = odds.notes.includes('high_competence') ? NOTE_ORDER.filter((note) => note === 'no_high_competence' || (note !== 'high_competence' && odds.notes.includes(note))) : odds.notes;
  return { ...odds, combat_role: role, notes };
}

/** The side with `dice` dice fewer: a later attempt's (a pool ≤ 0 is the family's, a chance die in storytelling). */
export function penalisedSide(s: PooledSide<number>, dice: number): PooledSide<number> {
  if (dice === 0) return s;
  return { side: { ...s.side, base: s.side.base === null ? null : s.side.base - dice }, pool: s.pool - dice, helpers: s.helpers };
}

/**
 * An attack (`урон:`, docs/markup.md «Атака, урон и поглощение»): the attack's outcomes (with a defender, a
 * `success` is a hit: no `contest`, the hit says it), P(hit), the levels dealt and their mean.
 */
function attackOdds(family: FamilyModel, ruleset: Ruleset, combat: CombatSpec, first: PooledSide<number>, second: PooledSide<number> | undefined): PoolOdds {
  const own = withNotes(ruleset, first.side, sideOdds(family, ruleset, first));
  const chain = combatOdds(sideScore(family, ruleset, first), second ? sideScore(family, ruleset, second) : undefined, combat);
  const botch = own.outcomes?.botch ?? 0;
  const outcomes = second ? { botch, failure: Math.max(0, 1 - chain.hit - botch), success: chain.hit } : own.outcomes;
  // Without a defender a hit is the roll's success: one number, whichever sum it came from.
  const hit = second ? chain.hit : (own.outcomes?.success ?? chain.hit);
  return {
    ...own,
    ...(outcomes ? { outcomes } : {}),
    hit,
    damage: Object.fromEntries(chain.damage.map((p, k) => [String(k), p])),
    expected_damage: chain.expected_damage,
    damage_pool: combat.damage,
    soak_pool: combat.soak,
    notes: NOTE_ORDER.filter((note) => note === 'combat' || own.notes.includes(note)),
  };
}

/** The roller's `маневр` when it took dice away: the cap and the pool before it. */
function maneuverOf(family: FamilyModel, ruleset: Ruleset, s: PooledSide<number>, role: SideRole): Pick<PoolOdds, 'maneuver'> {
  const cap = s.side.maneuver;
  if (cap === undefined) return {};
  const written = family.resolvePool(ruleset, s.side, role) ?? s.pool;
  return written > cap ? { maneuver: { cap, written } } : {};
}

/** What a contest's roller counts its successes by (`+N успехов`), for the odds' fields and notes. */
function contestCounting(side: RollSide): Pick<PoolOdds, 'extra_successes'> {
  return side.extraSuccesses ? { extra_successes: side.extraSuccesses } : {};
}

function knownPoolOdds(family: FamilyModel, ruleset: Ruleset, spec: CheckSpec, first: PooledSide<number>, second: PooledSide<number> | undefined): PoolOdds {
  if (spec.combat) return attackOdds(family, ruleset, spec.combat, first, second);
  const capped = maneuverOf(family, ruleset, first, second ? 'contest' : 'check');
  if (second) return withNotes(ruleset, first.side, { ...contestOdds(family, ruleset, spec, first, second), ...capped, ...contestCounting(first.side) });
  /** One roll of the check as it counts: against a threshold, or the better of two (never both: RM005). */
  const oneRoll = (s: PooledSide<number>): PoolOdds => {
    const odds = withNotes(ruleset, s.side, { ...sideOdds(family, ruleset, s), ...capped });
    const counted = spec.threshold !== undefined ? thresholdOdds(ruleset, odds, spec.threshold) : spec.twice ? twiceOdds(odds) : odds;
    const read = spec.secondAttempt ? secondAttemptOdds(counted) : counted;
    return spec.deal ? withDeal(read) : read;
  };
  const odds = oneRoll(first);
  if (spec.attempts) {
    const count = Math.min(MAX_ATTEMPTS, Math.max(1, spec.attempts.count));
    const penalty = spec.attempts.penalty;
    const later = Array.from({ length: count - 1 }, (_, i) => oneRoll(penalisedSide(first, (i + 1) * penalty)));
    return attemptsOdds([odds, ...later]);
  }
  if (spec.openGoal && !spec.extended && spec.threshold === undefined && !spec.twice) {
    const step = sideStep(family, ruleset, first);
    const byGoal: Record<string, number[]> = {};
    for (let goal = 1; goal <= OPEN_GOAL_MAX; goal++) byGoal[String(goal)] = probabilityDoneWithin(step, goal, OPEN_GOAL_ROLLS);
    return { ...odds, by_goal: byGoal };
  }
  if (!spec.extended || spec.threshold !== undefined || spec.twice) return odds;
  return { ...odds, within: probabilityDoneWithin(sideStep(family, ruleset, first), spec.extended.target, spec.extended.maxRolls) };
}

/** An initiative roll: the rating is the side's base (traits and modifiers), whatever the family. */
function initiativeReport(ruleset: Ruleset, spec: CheckSpec): OddsReport {
  const rating = spec.side.base;
  if (rating !== null) return { ruleset: ruleset.id, ...initiativeOdds(rating) };
  const byPool: Record<string, PoolOdds> = {};
  for (const size of familyOf(ruleset).unknownPoolRange) byPool[String(size)] = initiativeOdds(size);
  return { ruleset: ruleset.id, pool: null, by_pool: byPool };
}

function singleCheckOdds(ruleset: Ruleset, spec: CheckSpec): OddsReport {
  if (spec.initiative) return initiativeReport(ruleset, spec);
  const family = familyOf(ruleset);
  const [written, opponent] = checkSides(ruleset, spec);
  const side = spec.secondAttempt && !opponent ? secondAttemptSide(ruleset, written) : written;
  const role: SideRole = opponent ? 'contest' : 'check';
  const first = poolSide(ruleset, side, role);
  const second = opponent ? poolSide(ruleset, opponent, 'contest') : undefined;
  const counted = (mine: PooledSide<number>, theirs: PooledSide<number> | undefined): PoolOdds => {
    const odds = knownPoolOdds(family, ruleset, spec, mine, theirs);
    const marked = spec.special ? { ...odds, special: true as const, notes: NOTE_ORDER.filter((note) => note === 'special' || odds.notes.includes(note)) } : odds;
    return spec.combatRole ? withCombatRole(marked, spec.combatRole) : marked;
  };
  if (isKnown(first) && (second === undefined || isKnown(second))) {
    return { ruleset: ruleset.id, ...counted(first, second) };
  }
  const byPool: Record<string, PoolOdds> = {};
  for (const size of family.unknownPoolRange) {
    byPool[String(size)] = counted(withSize(first, size), second && withSize(second, size));
  }
  return { ruleset: ruleset.id, pool: null, by_pool: byPool };
}

/**
 * What the player picks a combination by: P(hit) for an attack, P(win) in a contest, else P(at least one success)
 * (storytelling: success or exceptional; extended: a single roll's), and for initiative the mean.
 * Undefined for an unknown pool, which no number ranks.
 */
export function chanceOfSuccess(report: OddsReport): number | undefined {
  if (report.pool === null) return undefined;
  const known = report as KnownPoolReport;
  if (known.hit !== undefined) return known.hit;
  if (known.contest) return known.contest.win;
  if (known.initiative) return known.expected;
  return (known.outcomes?.success ?? 0) + (known.outcomes?.exceptional_success ?? 0);
}

/** Index of the best combination: the highest chance among the known ones, ties to the first; else 0. */
function bestOf(reports: readonly OddsReport[]): number {
  let best = 0;
  let bestChance = -Infinity;
  reports.forEach((report, i) => {
    const chance = chanceOfSuccess(report);
    if (chance !== undefined && chance > bestChance) {
      best = i;
      bestChance = chance;
    }
  });
  return best;
}

/**
 * The combination chosen when the opponent picks among `choices` alternatives (docs/cli.en.md,
 * `chooser`): the roller's i* maximises the worst case over the opponent's picks, and the opponent
 * answers with the pick worst for the roller against i*; ties to the first written. Unknown chances are left out.
 */
function maximinOf(reports: readonly OddsReport[], choices: number): number {
  let best = 0;
  let bestWorst = -Infinity;
  for (let row = 0; row * choices < reports.length; row++) {
    let worst = Infinity;
    let worstAt = row * choices;
    for (let j = row * choices; j < Math.min(reports.length, (row + 1) * choices); j++) {
      const chance = chanceOfSuccess(reports[j]);
      if (chance !== undefined && chance < worst) {
        worst = chance;
        worstAt = j;
      }
    }
    if (worst !== Infinity && worst > bestWorst) {
      best = worstAt;
      bestWorst = worst;
    }
  }
  return best;
}

function chosenOf(reports: readonly OddsReport[], spec: CheckSpec): number {
  return spec.opponentChoices !== undefined && spec.opponentChoices > 1 ? maximinOf(reports, spec.opponentChoices) : bestOf(reports);
}

function alternativesOdds(ruleset: Ruleset, spec: CheckSpec, alternatives: readonly Alternative[]): OddsReport {
  const reports = alternatives.map((a) => singleCheckOdds(ruleset, a.spec));
  const best = chosenOf(reports, spec);
  const listed: AlternativeOdds[] = reports.map((report, i) => ({ check: alternatives[i].check, ...report }));
  const chooser = spec.opponentChoices !== undefined && spec.opponentChoices > 1 ? { chooser: 'opponent' as const } : {};
  return { ...reports[best], alternatives: listed, best, ...chooser };
}

/** Which combination a check with alternatives is rolled with (the best one, or the opponent's pick), or undefined without alternatives. */
export function bestAlternative(ruleset: Ruleset, spec: CheckSpec): number | undefined {
  if (!spec.alternatives || spec.alternatives.length === 0) return undefined;
  return chosenOf(spec.alternatives.map((a) => singleCheckOdds(ruleset, a.spec)), spec);
}

/**
 * Exact odds of a check. When a side's pool is unknown, the same report for each pool size
 * the family tabulates (an unknown opponent or helper gets the same size as the row). A check
 * with alternatives reports every combination and heads the report with the best one.
 */
export function computeOdds(ruleset: Ruleset, spec: CheckSpec): OddsReport {
  if (spec.alternatives && spec.alternatives.length > 0) return alternativesOdds(ruleset, spec, spec.alternatives);
  return singleCheckOdds(ruleset, spec);
}
