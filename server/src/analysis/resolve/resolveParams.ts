/**
 * What a side's parameters set (resolveCheck.ts), for every combination of the side alike, and
 * what the ruleset does not take: parameters it does not use (RM005), difficulties out of range
 * (RM003), a missing one (RM004), modifiers beyond the usual (RM015), an extended action that
 * cannot work (RM003).
 */
import { supportsCombat, supportsInitiative, supportsManeuver, supportsNoBotch, supportsRaces, supportsTeamwork } from '../../engine/capabilities';
import { type ExtendedSpec, MAX_HELPERS, type RollSide } from '../../engine/checkSpec';
import {
  type DifficultyParam,
  type ExtendedMarkerParam,
  type HelpersParam,
  type InitiativeParam,
  type Param,
  type PoolExpr,
  type RollLimitParam,
  type SuccessesNeededParam,
  type ThresholdParam,
  type SpecialParam,
  type CombatRoleParam,
  type DealParam,
  type TwiceParam,
  type AttemptsParam,
  type PenaltyParam,
  type SecondAttemptParam,
  type CombatPoolParam,
  type RatedParam,
} from '../check/checkExpression';
import { MAX_ATTEMPTS } from '../../engine/attempts';
import type { Fix } from '../types';
import type { CheckContext, DiagnosticSink } from './resolveContext';
import { removalEdit } from './checkEdits';
import { formatParam } from '../check/checkExpression';

/** What a side's parameters set, for every combination of the side alike. */
export interface SideSettings {
  /** Fields of the roll the parameters set (difficulty, again option, edges, Willpower, …). */
  roll: Partial<RollSide>;
  /** `специализация`: specialties on top of those written after traits. */
  specialties: number;
  helpers?: HelpersParam;
  initiative?: InitiativeParam;
  successesNeeded?: SuccessesNeededParam;
  rollLimit?: RollLimitParam;
  extendedMarker?: ExtendedMarkerParam;
  threshold?: ThresholdParam;
  twice?: TwiceParam;
  attempts?: AttemptsParam;
  penalty?: PenaltyParam;
  secondAttempt?: SecondAttemptParam;
  /** `особое`: the pool rests on a special ability; the composition rules (RM002) do not apply. */
  special?: SpecialParam;
  /** `урон:` / `поглощение:` (classic combat): the check is an attack. */
  damage?: CombatPoolParam;
  soak?: CombatPoolParam;
  /** `атака` / `защита` (vampire-pack): High Competence gives no automatic success (004 l.109). */
  combatRole?: CombatRoleParam;
  /** `сделка с Дьяволом` (vampire-pack, 004 l.60–65): a failure that is not painful may become a base success. */
  deal?: DealParam;
  /** `фора N`: the side's head start in a race. */
  headStart?: RatedParam;
  difficulty?: DifficultyParam;
  /** Parameters that change how the dice roll (again, Willpower, specialty, урон/поглощение), as used: an initiative roll has none. */
  diceRules: Param[];
}

/** How a side's parameters are read: a contest's side, a check on its own, an initiative roll. */
export interface SideRole {
  isContest: boolean;
  /** The whole check's parse failed: no removal fixes, no RM004. */
  malformed: boolean;
}

/** Reads a side's parameters, reporting what the ruleset does not use. */
export function readParams(side: PoolExpr, ctx: CheckContext, sink: DiagnosticSink, role: SideRole, charAt: (offset: number) => string): SideSettings {
  const { ruleset } = ctx;
  const settings: SideSettings = { roll: {}, specialties: 0, diceRules: [] };
  // In a malformed group the parameters read are not all its slots, so the ranges around one
  // are not its separators: a removal could delete other text. The syntax error comes first.
  const removal = (param: Param): Fix[] => {
    const edit = role.malformed ? undefined : removalEdit(side, param, charAt);
    return edit ? [sink.fix({ id: 'removeParam', param: param.keyword }, edit.range, edit.newText, false)] : [];
  };
  const unused = (param: Param) => sink.add('RM005', { id: 'paramUnused', param: param.keyword, ruleset: ruleset.id }, param.range, removal(param));
  for (const param of side.params) {
    switch (param.kind) {
      case 'difficulty':
        settings.difficulty = param;
        applyDifficulty(param, removal(param), settings.roll, ctx, sink);
        break;
      case 'advantage':
      case 'hindrance':
        if (ruleset.family !== 'd20') {
          unused(param);
          break;
        }
        if (param.count > ruleset.params.maxEdge) sink.add('RM013', { id: 'tooManyEdges', count: param.count, kind: param.kind, max: ruleset.params.maxEdge }, param.range);
        if (param.kind === 'advantage') settings.roll.advantages = param.count;
        else settings.roll.hindrances = param.count;
        break;
      case 'static':
        if (ruleset.family === 'd20') settings.roll.isStatic = true;
        else unused(param);
        break;
      case 'again':
        if (ruleset.family === 'storytelling') {
          settings.roll.again = param.rule === 'none' ? 'none' : param.rule;
          settings.diceRules.push(param);
        } else unused(param);
        break;
      case 'specialty':
        // 002 has no specialties: the d20 engine would ignore it silently (issue 20).
        if (ruleset.family === 'd20') {
          unused(param);
          break;
        }
        settings.specialties += 1;
        settings.diceRules.push(param);
        break;
      case 'willpower':
        if (ruleset.family === 'classic' || ruleset.family === 'storytelling') {
          settings.roll.willpower = true;
          settings.diceRules.push(param);
        } else unused(param);
        break;
      case 'noBotch':
        if (supportsNoBotch(ruleset)) {
          settings.roll.noBotch = true;
          settings.diceRules.push(param);
        } else sink.add('RM005', { id: 'noBotchUnused', param: param.keyword, ruleset: ruleset.id }, param.range, removal(param));
        break;
      case 'helpers':
        if (!supportsTeamwork(ruleset)) {
          sink.add('RM005', ruleset.family === 'pool-minus-difficulty' ? { id: 'helpersAsBonus' } : { id: 'paramUnused', param: param.keyword, ruleset: ruleset.id }, param.range, removal(param));
        } else if ((param.count ?? param.names?.length ?? 0) > MAX_HELPERS) {
          sink.add('RM003', { id: 'tooManyHelpers', count: param.count ?? param.names?.length ?? 0, max: MAX_HELPERS }, param.range);
        } else {
          settings.helpers = param;
        }
        break;
      case 'initiative':
        if (!supportsInitiative(ruleset)) unused(param);
        else if (role.isContest) sink.add('RM005', { id: 'initiativeInContest' }, param.range, removal(param));
        else settings.initiative = param;
        break;
      case 'successesNeeded':
        settings.successesNeeded = param;
        break;
      case 'rollLimit':
        settings.rollLimit = param;
        break;
      case 'extendedMarker':
        settings.extendedMarker = param;
        break;
      case 'threshold':
        // A d20 roll has no successes to count (docs/markup.md, the threshold in one roll).
        if (ruleset.family === 'd20') unused(param);
        else settings.threshold = param;
        break;
      case 'twice':
        // A d20 family keeps the better of two dice with an Advantage, which says the same (002).
        // Beside an Advantage already written the replacement would be a second one: a duplicate
        // (RM009) or a change of meaning, so the author decides.
        if (ruleset.family === 'd20') {
          const advantageWritten = side.params.some((other) => other.kind === 'advantage');
          const fixes = role.malformed || advantageWritten ? [] : [sink.fix({ id: 'replaceWith', name: 'Преимущество' }, param.range, 'Преимущество', true)];
          sink.add('RM005', { id: 'twiceAsAdvantage' }, param.range, fixes);
        } else settings.twice = param;
        break;
      case 'attempts':
      case 'penalty':
        // Only the storytelling text has successive attempts with a penalty (000 l.394–398).
        if (ruleset.family !== 'storytelling') unused(param);
        else if (param.kind === 'attempts') settings.attempts = param;
        else settings.penalty = param;
        break;
      case 'secondAttempt':
        // Only vampire-pack's text has it (004 l.86–90); a contest has no failure to make painful.
        if (ruleset.family !== 'pool-minus-difficulty') unused(param);
        else if (role.isContest) sink.add('RM005', { id: 'secondAttemptInContest' }, param.range, removal(param));
        else settings.secondAttempt = param;
        break;
      case 'special':
        settings.special = param;
        break;
      case 'damage':
      case 'soak':
        // The chain of attack, damage and soak is the classic texts' (001 l.268–275, 306).
        if (!supportsCombat(ruleset)) sink.add('RM005', { id: 'combatUnsupported', param: param.keyword, ruleset: ruleset.id }, param.range, removal(param));
        else if (param.kind === 'damage') settings.damage = param;
        else settings.soak = param;
        break;
      case 'combatRole':
      case 'deal':
        // Only vampire-pack's text has High Competence (004 l.109) and the Devil's Bargain (004 l.60–65).
        if (ruleset.family !== 'pool-minus-difficulty') sink.add('RM005', { id: 'vampirePackOnly', param: param.keyword, ruleset: ruleset.id, rule: param.kind === 'deal' ? 'deal' : 'highCompetence' }, param.range, removal(param));
        else if (param.kind === 'deal') settings.deal = param;
        else settings.combatRole = param;
        break;
      case 'extraSuccesses':
        // 000 l.468 (storytelling) and 001 l.81 (classic) add successes; threads-of-fate and vampire-pack have no such rule.
        if (ruleset.family !== 'storytelling' && ruleset.family !== 'classic') unused(param);
        else {
          if (param.value === 0) sink.add('RM003', { id: 'zeroExtraSuccesses' }, param.range, removal(param));
          settings.roll.extraSuccesses = param.value;
          settings.diceRules.push(param);
        }
        break;
      case 'durability':
        // Only the storytelling text has objects' Durability (000 l.593, 605).
        if (ruleset.family !== 'storytelling') unused(param);
        else if (role.isContest) sink.add('RM005', { id: 'durabilityInContest' }, param.range, removal(param));
        else {
          settings.roll.durability = param.value;
          settings.diceRules.push(param);
        }
        break;
      case 'maneuver':
        // Only mage-revised's text caps a pool by a vehicle's Maneuver (001 l.32).
        if (!supportsManeuver(ruleset)) unused(param);
        else {
          if (param.value === 0) sink.add('RM003', { id: 'zeroManeuver' }, param.range);
          settings.roll.maneuver = param.value;
          settings.diceRules.push(param);
        }
        break;
      case 'replay':
        // Only the storytelling text has it (000 l.474), and only its dice fail one by one.
        if (ruleset.family !== 'storytelling') unused(param);
        else {
          settings.roll.replay = true;
          settings.diceRules.push(param);
        }
        break;
      case 'headStart':
        // A race's (001 l.83); resolveCheck reports it outside one (`reportBrokenHeadStart`).
        if (!supportsRaces(ruleset)) unused(param);
        else settings.headStart = param;
        break;
    }
  }
  return settings;
}

function applyDifficulty(param: DifficultyParam, removal: Fix[], roll: Partial<RollSide>, ctx: CheckContext, sink: DiagnosticSink): void {
  const { ruleset } = ctx;
  const { value, range } = param;
  switch (ruleset.family) {
    case 'storytelling':
      sink.add('RM005', { id: 'difficultyUnused' }, range, removal);
      return;
    case 'pool-minus-difficulty':
      // In a contest the engine subtracts a written difficulty from both pools (004 l.117).
      if (value < 0) sink.add('RM003', { id: 'difficultyNegative', value }, range);
      roll.difficulty = value;
      return;
    case 'classic':
    case 'd20': {
      const { min, max } = ruleset.params.difficulty;
      if (value < min || value > max) sink.add('RM003', { id: 'difficultyOutOfRange', value, min, max }, range);
      roll.difficulty = value;
    }
  }
}

/** RM004 for a check on its own without a difficulty: which default applies, or (d20) that one is needed. */
export function reportMissingDifficulty(side: PoolExpr, ctx: CheckContext, sink: DiagnosticSink): void {
  const { ruleset } = ctx;
  const where = side.paramsRange ?? side.range;
  if (!where) return;
  if (ruleset.family === 'classic') {
    const value = ruleset.params.difficulty.default ?? 6;
    sink.add('RM004', { id: 'difficultyDefault', value }, where, [], 'info');
  } else if (ruleset.family === 'pool-minus-difficulty') {
    // The pack itself writes checks without a difficulty (its «сокращённая запись»): a reminder, not a warning.
    sink.add('RM004', { id: 'difficultyZero' }, where, [], 'info');
  } else if (ruleset.family === 'd20') {
    sink.add('RM004', { id: 'difficultyRequired' }, where, [], 'error');
  }
}

export function reportModifiers(side: PoolExpr, ctx: CheckContext, sink: DiagnosticSink): void {
  const limit = ctx.ruleset.modifierLimit;
  if (!limit) return;
  const modifiers = side.terms.filter((t) => t.kind === 'modifier' && Number.isFinite(t.value));
  if (limit.scope === 'each') {
    for (const m of modifiers) {
      if (m.kind === 'modifier' && m.value > limit.max) sink.add('RM015', { id: 'modifierEach', value: m.sign * m.value, max: limit.max }, m.range);
    }
    return;
  }
  const total = modifiers.reduce((sum, m) => sum + (m.kind === 'modifier' ? m.sign * m.value : 0), 0);
  if (Math.abs(total) > limit.max && modifiers.length > 0) {
    const first = modifiers[0].range.start;
    const last = modifiers[modifiers.length - 1].range.end;
    sink.add('RM015', { id: 'modifierTotal', value: total, max: limit.max }, { start: first, end: last });
  }
}

/** RM003: an extended action or race that cannot work (docs/markup.en.md). */
export function reportBrokenExtended(settings: readonly SideSettings[], sink: DiagnosticSink): void {
  const target = settings.find((s) => s.successesNeeded)?.successesNeeded;
  for (const s of settings) {
    if (s.successesNeeded?.value === 0) sink.add('RM003', { id: 'zeroSuccesses' }, s.successesNeeded.range);
    if (s.threshold?.value === 0) sink.add('RM003', { id: 'zeroSuccesses' }, s.threshold.range);
    if (s.rollLimit?.value === 0) sink.add('RM003', { id: 'zeroRolls' }, s.rollLimit.range);
    if (!target && s.rollLimit) sink.add('RM003', { id: 'rollLimitWithoutTarget' }, s.rollLimit.range);
    // The texts often leave the goal to the Storyteller (001 l.130): information, and the odds for each goal.
    if (!target && s.extendedMarker) sink.add('RM004', { id: 'extendedGoalNotStated', param: s.extendedMarker.keyword }, s.extendedMarker.range, [], 'info');
  }
}

/**
 * RM005 for a threshold that cannot be one roll's: in a contest or an extended action
 * (docs/markup.md); the check then rolls without it.
 */
export function reportBrokenThreshold(settings: readonly SideSettings[], isContest: boolean, sink: DiagnosticSink): void {
  for (const s of settings) {
    if (!s.threshold) continue;
    const extended = settings.some((o) => o.successesNeeded || o.rollLimit || o.extendedMarker);
    if (isContest || extended) sink.add('RM005', { id: 'thresholdConflict', param: formatParam(s.threshold), with: isContest ? 'contest' : 'extended' }, s.threshold.range);
    if (isContest || extended) s.threshold = undefined;
  }
}

/**
 * `дважды` and `K попыток` that cannot apply (docs/markup.md): RM003 for 0 attempts, more than
 * MAX_ATTEMPTS, a `штраф` without attempts or given twice; RM005 for `дважды` in a contest, an
 * extended action or with a threshold, and for attempts in a contest or an extended action. The
 * check then rolls without the parameter reported.
 */
export function reportBrokenRepeats(settings: readonly SideSettings[], isContest: boolean, sink: DiagnosticSink): void {
  const extended = settings.some((o) => o.successesNeeded || o.rollLimit || o.extendedMarker);
  for (const s of settings) {
    if (s.twice) {
      const conflict = isContest ? 'contest' : extended ? 'extended' : s.threshold ? 'threshold' : undefined;
      if (conflict) {
        sink.add('RM005', { id: 'twiceConflict', with: conflict }, s.twice.range);
        s.twice = undefined;
      }
    }
    if (s.deal && (isContest || extended)) {
      // A Devil's Bargain turns a failed check into a success (004 l.60): a contest or an extended action has no such failure.
      sink.add('RM005', { id: 'dealConflict', with: isContest ? 'contest' : 'extended' }, s.deal.range);
      s.deal = undefined;
    }
    if (s.penalty && !s.attempts) sink.add('RM003', { id: 'penaltyWithoutAttempts' }, s.penalty.range);
    if (s.penalty && s.attempts?.penalty !== undefined) sink.add('RM003', { id: 'penaltyTwice' }, s.penalty.range);
    if (!s.attempts) continue;
    if (s.attempts.value === 0) sink.add('RM003', { id: 'zeroAttempts' }, s.attempts.range);
    if (s.attempts.value > MAX_ATTEMPTS) sink.add('RM003', { id: 'tooManyAttempts', count: s.attempts.value, max: MAX_ATTEMPTS }, s.attempts.range);
    if (isContest || extended) {
      sink.add('RM005', { id: 'attemptsConflict', with: isContest ? 'contest' : 'extended' }, s.attempts.range);
      s.attempts = undefined;
    }
  }
}

/**
 * `фора` outside a race (RM005), or at or past the side's goal (RM003); the check then rolls without
 * it. A head start that stays is set on the side's roll.
 */
export function reportBrokenHeadStart(settings: readonly SideSettings[], extended: ExtendedSpec | undefined, isContest: boolean, sink: DiagnosticSink): void {
  settings.forEach((s, index) => {
    const param = s.headStart;
    if (!param) return;
    if (!isContest || !extended) {
      sink.add('RM005', { id: 'headStartWithoutRace' }, param.range);
      s.headStart = undefined;
      return;
    }
    const target = index === 1 ? (extended.opponentTarget ?? extended.target) : extended.target;
    if (param.value >= target) {
      sink.add('RM003', { id: 'headStartReachesTarget', start: param.value, target }, param.range);
      s.headStart = undefined;
      return;
    }
    if (param.value > 0) s.roll.headStart = param.value;
  });
}

/** The attempts the check asks for: K, and the penalty written in its slot or in its own (1 by default, 000 l.398). */
export function attemptsOf(settings: SideSettings): { count: number; penalty: number } | undefined {
  const { attempts, penalty } = settings;
  return attempts ? { count: attempts.value, penalty: attempts.penalty ?? penalty?.value ?? 1 } : undefined;
}

/** The extended action or race the check's parameters ask for (either side may carry them). */
export function extendedOf(settings: readonly SideSettings[]): ExtendedSpec | undefined {
  const [first, second] = settings;
  const target = first.successesNeeded ?? second?.successesNeeded;
  if (!target) return undefined;
  const limit = first.rollLimit ?? second?.rollLimit;
  // One target written once applies to both sides of a race; two targets are each side's own.
  const theirs = first.successesNeeded && second?.successesNeeded && second.successesNeeded.value !== target.value ? second.successesNeeded.value : undefined;
  return { target: target.value, ...(limit ? { maxRolls: limit.value } : {}), ...(theirs !== undefined ? { opponentTarget: theirs } : {}) };
}
