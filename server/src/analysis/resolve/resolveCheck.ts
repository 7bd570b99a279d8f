import { supportsInitiative, supportsNoBotch, supportsRaces, supportsTeamwork } from '../../engine/capabilities';
import { type Alternative, type CheckSpec, type ExtendedSpec, helperSide, MAX_ALTERNATIVES, MAX_HELPERS, plainSide, type RollSide, withAlternatives } from '../../engine/checkSpec';
import { familyOf } from '../../engine/odds';
import type { Ruleset, TraitEntry } from '../../engine/ruleset';
import { dictionaryTrait } from '../../engine/traitCategories';
import {
  type CheckExpression,
  combinationAst,
  combinationCount,
  type DifficultyParam,
  type ExtendedMarkerParam,
  formatCanonical,
  formatParam,
  type HelpersParam,
  type InitiativeParam,
  MAX_INTEGER,
  optionGroups,
  type Param,
  type ParseError,
  type PoolExpr,
  type RollLimitParam,
  sideCombinations,
  type SuccessesNeededParam,
  type Term,
  type TraitTerm,
} from '../check/checkExpression';
import { checkComposition } from './composition';
import { DEFAULT_SEVERITY, type DiagnosticMessage, type FixTitle, quoted, sameMessage } from '../diagnosticCatalog';
import { normalizeWords, stemKey } from './russianWords';
import type { TraitIndex, TraitMatch } from './traitIndex';
import { expectedCategories, unknownTraitDiagnostic } from './unknownTrait';
import type { AnalysisDiagnostic, CharacterSheet, DiagnosticCode, Fix, ResolvedSide, ResolvedTerm, Severity, TextEdit, TextRange } from '../types';

export interface CheckContext {
  ruleset: Ruleset;
  index: TraitIndex;
  characters: readonly CharacterSheet[];
}

export interface ResolvedCheck {
  sides: ResolvedSide[];
  actor?: string;
  spec?: CheckSpec;
  diagnostics: AnalysisDiagnostic[];
}

class DiagnosticSink {
  readonly list: AnalysisDiagnostic[] = [];

  add(code: DiagnosticCode, message: DiagnosticMessage, range: TextRange, fixes: Fix[] = [], severity: Severity = DEFAULT_SEVERITY[code], related?: AnalysisDiagnostic['related']): void {
    this.addDiagnostic({ code, severity, message, range, fixes, ...(related ? { related } : {}) });
  }

  addDiagnostic(diagnostic: AnalysisDiagnostic): void {
    // Every combination of a check's alternatives is checked; one problem is reported once.
    const { code, message, range } = diagnostic;
    if (this.list.some((d) => d.code === code && d.range.start === range.start && d.range.end === range.end && sameMessage(d.message, message))) return;
    this.list.push(diagnostic);
  }

  fix(title: FixTitle, range: TextRange, newText: string, preferred: boolean): Fix {
    return { title, edits: [{ range, newText }], preferred };
  }
}

/** RM009's message for a syntax error, the text it quotes kept short. */
function syntaxMessage(error: ParseError): DiagnosticMessage {
  return {
    id: 'syntax',
    error: error.code,
    text: quoted(error.text),
    ...(error.first !== undefined ? { first: quoted(error.first) } : {}),
    ...(error.param !== undefined ? { param: error.param } : {}),
  };
}

const willpowerNames = new WeakMap<Ruleset, string | undefined>();

/**
 * The ruleset's own spelling of the Willpower trait, which is also how its parameter is written
 * (undefined when it has none). Looked up once per ruleset: every check's layout comparison needs it.
 */
export function willpowerName(ruleset: Ruleset): string | undefined {
  if (!willpowerNames.has(ruleset)) willpowerNames.set(ruleset, ruleset.traits.find((t) => t.en === 'Willpower')?.name);
  return willpowerNames.get(ruleset);
}

/**
 * docs/markup.en.md, open vocabularies: in an open vocabulary a trait on the actor's sheet is known for that check
 * («Рэй: Взлом + 1»), in any case form; as the sheet spells it, it is the trait's canonical name.
 */
function sheetMatch(sheet: CharacterSheet | undefined, written: string, ctx: CheckContext): TraitMatch | undefined {
  if (!sheet || ctx.ruleset.vocabulary !== 'open') return undefined;
  const normalized = normalizeWords(written);
  const stem = stemKey(written);
  let inflected: string | undefined;
  for (const key of sheet.traits.keys()) {
    if (key === written) return { trait: dictionaryTrait(key), kind: 'exact' };
    if (normalizeWords(key) === normalized) return { trait: dictionaryTrait(key), kind: 'spelling' };
    if (inflected === undefined && stemKey(key) === stem) inflected = key;
  }
  return inflected === undefined ? undefined : { trait: dictionaryTrait(inflected), kind: 'case-form' };
}

/** The traits a side's other terms resolve to: what the composition rules expect next to them. */
function otherTraits(side: PoolExpr, term: TraitTerm, ctx: CheckContext): TraitEntry[] {
  return side.terms.flatMap((other) => (other !== term && other.kind === 'trait' ? (ctx.index.lookup(other.name)?.trait ?? []) : []));
}

/**
 * What a trait term is in its pool: an ordinary trait, a named equipment bonus the ruleset lists
 * («Управление»: a modifier, docs/markup.en.md), or a subtracted trait, the opponent's
 * resistance («− Защита 2»).
 */
function termRole(term: TraitTerm, match: TraitMatch | undefined, ruleset: Ruleset): ResolvedTerm['role'] {
  // Equipment names are traits of the ruleset (its validation says so), found like any other.
  if (match && ruleset.equipment?.includes(match.trait.name)) return 'equipment';
  return term.sign < 0 ? 'resistance' : undefined;
}

function resolveTerm(term: TraitTerm, side: PoolExpr, sideIndex: number, ctx: CheckContext, sheet: CharacterSheet | undefined, sink: DiagnosticSink): ResolvedTerm {
  const match: TraitMatch | undefined = ctx.index.lookup(term.name) ?? sheetMatch(sheet, term.name, ctx);
  const role = termRole(term, match, ctx.ruleset);
  const resolved: ResolvedTerm = { written: term.name, range: term.range, ...(role ? { role } : {}) };
  if (match) {
    resolved.trait = match.trait;
    reportSpelling(term, match, sideIndex, ctx, sink);
  } else if (role !== 'equipment') {
    sink.addDiagnostic(unknownTraitDiagnostic(term.name, term.nameRange, ctx.index, expectedCategories(ctx.ruleset, otherTraits(side, term, ctx))));
  }
  if (term.rating && Number.isFinite(term.rating.value)) {
    resolved.value = term.rating.value;
    resolved.valueSource = 'inline';
  } else if (sheet && role !== 'resistance') {
    // A resistance is the opponent's trait: the actor's sheet has no value for it.
    const key = match?.trait.name ?? term.name;
    const fromSheet = sheet.traits.get(key);
    if (fromSheet) {
      resolved.value = fromSheet.value;
      resolved.valueSource = 'sheet';
    } else if (match && match.trait.category !== 'generic' && role === undefined) {
      sink.add('RM008', { id: 'sheetLacksTrait', character: sheet.name, trait: match.trait.name }, term.nameRange, [], 'info', [
        { range: sheet.range, message: { id: 'characterSheet', character: sheet.name } },
      ]);
    }
  }
  return resolved;
}

function reportSpelling(term: TraitTerm, match: TraitMatch, sideIndex: number, ctx: CheckContext, sink: DiagnosticSink): void {
  const canonical = match.trait.name;
  if (match.kind === 'variant') {
    sink.add('RM014', { id: 'variant', name: term.name, canonical, ruleset: ctx.ruleset.id }, term.nameRange, [sink.fix({ id: 'replaceWith', name: canonical }, term.nameRange, canonical, true)]);
    return;
  }
  // After «против» the genitive is as canonical as the nominative (docs/markup.en.md, "Canonical form").
  if (match.kind === 'case-form' && sideIndex > 0) return;
  if (match.kind === 'spelling' || match.kind === 'case-form') {
    sink.add('RM010', { id: 'caseForm', name: term.name, canonical }, term.nameRange, [sink.fix({ id: 'replaceWith', name: canonical }, term.nameRange, canonical, true)]);
  }
}

/**
 * What to delete to drop one parameter and leave a well-formed check: its separator with it,
 * or the whole group (and the space before it) when it is the group's only parameter. A group
 * right before a word («(статичная)против») leaves one space, so the words do not join. A group
 * right after a specialty gets a space before it: «[Ножи](Преимущество, сложность 2)» is not a
 * Markdown link (a link's address has no space), but «[Ножи](Преимущество)» would be.
 */
function removalEdit(side: PoolExpr, param: Param, charAt: (offset: number) => string): TextEdit {
  const at = side.params.indexOf(param);
  const group = side.paramsRange;
  if (side.params.length === 1 && group) {
    const joins = charAt(group.end) !== '' && !/\s/u.test(charAt(group.end));
    if (!joins) return { range: { start: side.range ? Math.min(group.start, side.range.end) : group.start, end: group.end }, newText: '' };
    const spaced = /\s/u.test(charAt(group.start - 1));
    return { range: group, newText: spaced || charAt(group.start - 1) === '' ? '' : ' ' };
  }
  const removed = at > 0 ? { start: side.params[at - 1].range.end, end: param.range.end } : { start: param.range.start, end: side.params[1].range.start };
  if (!group || charAt(group.start - 1) !== ']') return { range: removed, newText: '' };
  let kept = ' ';
  for (let offset = group.start; offset < removed.start; offset++) kept += charAt(offset);
  return { range: { start: group.start, end: removed.end }, newText: kept };
}

/** What a side's parameters set, for every combination of the side alike. */
interface SideSettings {
  /** Fields of the roll the parameters set (difficulty, again option, edges, Willpower, …). */
  roll: Partial<RollSide>;
  /** `специализация`: specialties on top of those written after traits. */
  specialties: number;
  helpers?: HelpersParam;
  initiative?: InitiativeParam;
  successesNeeded?: SuccessesNeededParam;
  rollLimit?: RollLimitParam;
  extendedMarker?: ExtendedMarkerParam;
  difficulty?: DifficultyParam;
  /** Parameters that change how the dice roll (again, Willpower, specialty, урон/поглощение), as used: an initiative roll has none. */
  diceRules: Param[];
}

/** How a side's parameters are read: a contest's side, a check on its own, an initiative roll. */
interface SideRole {
  isContest: boolean;
  /** The whole check's parse failed: no removal fixes, no RM004. */
  malformed: boolean;
}

/** Reads a side's parameters, reporting what the ruleset does not use. */
function readParams(side: PoolExpr, ctx: CheckContext, sink: DiagnosticSink, role: SideRole, charAt: (offset: number) => string): SideSettings {
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
function reportMissingDifficulty(side: PoolExpr, ctx: CheckContext, sink: DiagnosticSink): void {
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

function reportModifiers(side: PoolExpr, ctx: CheckContext, sink: DiagnosticSink): void {
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

function reportPoolEmpty(pool: number | null, ctx: CheckContext, range: TextRange | undefined, sink: DiagnosticSink): void {
  if (pool === null || pool > 0 || !range) return;
  const family = ctx.ruleset.family;
  if (family === 'storytelling') sink.add('RM006', { id: 'chanceDie' }, range);
  else if (family === 'pool-minus-difficulty') sink.add('RM006', { id: 'noDiceLeft' }, range);
  else if (family === 'classic') sink.add('RM006', { id: 'cannotRoll' }, range);
}

/**
 * The largest pool (d10 dice, or a d20 modifier) the analysis computes odds for. Every number in a
 * check is at most MAX_INTEGER, but terms add up, and character sheets can say anything; the
 * exact odds of a pool take time quadratic in its size (a second for a few thousand dice, hours for
 * a million), so a larger pool gets RM006 and no spec instead of stalling the analysis.
 */
export const MAX_POOL = MAX_INTEGER;

/** RM006 for a side whose pool is too large to roll; true when it is. */
function reportPoolTooLarge(pool: number | null, range: TextRange | undefined, sink: DiagnosticSink): boolean {
  if (pool === null || Math.abs(pool) <= MAX_POOL) return false;
  if (range) sink.add('RM006', { id: 'poolTooLarge', pool, max: MAX_POOL }, range, [], 'warning');
  return true;
}

function findSheet(ast: CheckExpression, ctx: CheckContext, sink: DiagnosticSink): CharacterSheet | undefined {
  if (!ast.actor) return undefined;
  const name = ast.actor.name;
  const sheet = sheetNamed(name, ctx);
  if (sheet) return sheet;
  const known = ctx.characters.map((c) => c.name);
  const fixes = known.map((k) => sink.fix({ id: 'useCharacter', name: k }, ast.actor!.range, k, known.length === 1));
  sink.add('RM007', { id: 'unknownCharacter', name, known }, ast.actor.range, fixes);
  return undefined;
}

/** Spacing, signs and parameter keywords: the layout docs/markup.en.md calls canonical, names left as written. */
function reportLayout(ast: CheckExpression, content: string, ctx: CheckContext, canonicalOf: (t: TraitTerm) => string, sink: DiagnosticSink): void {
  const options = { willpower: willpowerName(ctx.ruleset) };
  const asWritten = formatCanonical(ast, (term) => term.name, options);
  // Any of the three dashes is an accepted minus; only spacing, order and keywords count here.
  const relaxed = (s: string) => s.replace(/[-–−]/g, '−');
  if (relaxed(asWritten) === relaxed(content)) return;
  const canonical = formatCanonical(ast, canonicalOf, options);
  sink.add('RM010', { id: 'spacing', written: quoted(content), canonical }, ast.range, [sink.fix({ id: 'rewriteCheck' }, ast.range, canonical, true)]);
}

/**
 * Whether the text before `offset` is a number that begins its line (after spaces or block-quote
 * «>»): a «)» right after it would make the line a Markdown list item («2)»).
 */
function startsLineWithNumber(offset: number, charAt: (offset: number) => string): boolean {
  let at = offset - 1;
  if (!/[0-9]/.test(charAt(at))) return false;
  while (/[0-9]/.test(charAt(at))) at--;
  while (charAt(at) === ' ' || charAt(at) === '\t' || charAt(at) === '>') at--;
  return charAt(at) === '\n' || charAt(at) === '\r';
}

/**
 * Whether a «)» right after `offset` could change how Markdown reads the text before it: after a
 * number that begins its line it would make a list item («2)»); after an emphasis or
 * strikethrough marker it would let that marker open an emphasis («+*)» can open, «+* )» not)
 * that closes on a later marker, over the check's » and splitting the check.
 */
function needsSpaceBeforeParen(offset: number, charAt: (offset: number) => string): boolean {
  return startsLineWithNumber(offset, charAt) || /[*_~]/u.test(charAt(offset - 1));
}

/**
 * A «)» where the parser ended the unclosed group (before the next «(» or «против»), which is
 * where it closes that group: at the end of the check it would close only the last of several.
 * A group right after a specialty («[Ножи](сложность 2») gets a space before it as well, or the
 * «)» would make «[Ножи](…)» a Markdown link; where a «)» would change the Markdown before it,
 * « )». None for a group with nothing in it («Сила (»): «()» would be another error.
 */
function closeParenFix(ast: CheckExpression, paren: TextRange, charAt: (offset: number) => string): Fix[] {
  const group = ast.sides.find((side) => side.paramsRange?.start === paren.start)?.paramsRange;
  if (!group || group.end <= paren.end) return [];
  const close: TextEdit = { range: { start: group.end, end: group.end }, newText: needsSpaceBeforeParen(group.end, charAt) ? ' )' : ')' };
  const edits = charAt(paren.start - 1) === ']' ? [{ range: { start: paren.start, end: paren.start }, newText: ' ' }, close] : [close];
  return [{ title: { id: 'closeParen' }, edits, preferred: true }];
}

/** One combination of a side's alternatives: its terms (indexes into the side's terms) and its roll. */
interface SideCombination {
  terms: number[];
  roll: RollSide;
}

/** A side after resolution: what the analysis reports of it, and its combinations for the engine. */
interface SideWork {
  resolved: ResolvedSide;
  combinations: SideCombination[];
  settings: SideSettings;
}

/** The sheet of a character named in the front matter: the exact name first, then any letter case. */
function sheetNamed(name: string, ctx: CheckContext): CharacterSheet | undefined {
  return ctx.characters.find((c) => c.name === name) ?? ctx.characters.find((c) => c.name.toLowerCase() === name.toLowerCase());
}

/**
 * The helpers of one combination (`помощь`, docs/markup.en.md): N helpers with the acting
 * side's own base, or each named character with the same terms at their own sheet's values. A
 * name the front matter does not know (RM007) is a helper whose values are unknown, as an unknown
 * actor's are: the check's pool is unknown, never the odds of the others alone.
 */
function helpersOf(param: HelpersParam, combination: readonly number[], side: PoolExpr, byTerm: readonly (ResolvedTerm | undefined)[], main: RollSide, ctx: CheckContext, sink: DiagnosticSink): RollSide[] {
  if (param.count !== undefined) return Array.from({ length: param.count }, () => helperSide(main, main.base));
  const helpers: RollSide[] = [];
  for (const helper of param.names ?? []) {
    const sheet = sheetNamed(helper.name, ctx);
    if (!sheet) {
      const known = ctx.characters.map((c) => c.name);
      const fixes = known.map((k) => sink.fix({ id: 'useCharacter', name: k }, helper.range, k, known.length === 1));
      sink.add('RM007', { id: 'unknownHelper', name: helper.name, known }, helper.range, fixes);
      helpers.push(helperSide(main, null));
      continue;
    }
    let base: number | null = 0;
    for (const k of combination) {
      const term = side.terms[k];
      if (term.kind === 'modifier') {
        if (base !== null && Number.isFinite(term.value)) base += term.sign * term.value;
        continue;
      }
      const resolved = byTerm[k];
      // Equipment and a resistance are the situation's, as written; a trait is the helper's own.
      const own = resolved?.role === undefined ? sheet.traits.get(resolved?.trait?.name ?? term.name)?.value : resolved.value ?? sheet.traits.get(resolved.trait?.name ?? term.name)?.value;
      if (own === undefined) {
        if (resolved?.role === undefined && resolved?.trait) {
          sink.add('RM008', { id: 'sheetLacksTrait', character: sheet.name, trait: resolved.trait.name }, helper.range, [], 'info', [{ range: sheet.range, message: { id: 'characterSheet', character: sheet.name } }]);
        }
        base = null;
      } else if (base !== null) {
        base += term.sign * own;
      }
    }
    helpers.push(helperSide(main, base));
  }
  return helpers;
}

/**
 * RM003 for the actor named among their own helpers («Вера: … (помощь: Вера)»): one character
 * cannot roll twice. The fix removes the name (with its separator; the whole parameter when it is
 * the only one).
 */
function reportSelfHelp(side: PoolExpr, param: HelpersParam, actor: CharacterSheet, ctx: CheckContext, sink: DiagnosticSink, charAt: (offset: number) => string, malformed: boolean): void {
  const names = param.names ?? [];
  names.forEach((helper, i) => {
    if (sheetNamed(helper.name, ctx) !== actor) return;
    let fixes: Fix[] = [];
    if (!malformed) {
      const edit =
        names.length === 1
          ? removalEdit(side, param, charAt)
          : { range: i + 1 < names.length ? { start: helper.range.start, end: names[i + 1].range.start } : { start: names[i - 1].range.end, end: helper.range.end }, newText: '' };
      fixes = [sink.fix({ id: 'removeHelper', name: helper.name }, edit.range, edit.newText, true)];
    }
    sink.add('RM003', { id: 'selfHelp', name: actor.name }, helper.range, fixes);
  });
}

/** «Инициатива 5»: a pool whose only trait is the ruleset's Initiative trait (modifiers allowed). */
function isInitiativePool(side: PoolExpr, byTerm: readonly (ResolvedTerm | undefined)[], ruleset: Ruleset): boolean {
  if (ruleset.initiativeTrait === undefined) return false;
  const traits = side.terms.map((term, k) => (term.kind === 'trait' ? byTerm[k] : undefined)).filter((t): t is ResolvedTerm => t !== undefined);
  return traits.length === 1 && !side.terms.some((t) => t.or) && traits[0].trait?.name === ruleset.initiativeTrait;
}

/**
 * RM002 for a trait the ruleset says is never rolled (storytelling «Воля», 000 l.89), with a fix
 * that spends it instead: the term leaves the pool and the parameter joins the group.
 */
function reportNeverRolled(side: PoolExpr, k: number, name: string, ctx: CheckContext, sink: DiagnosticSink, malformed: boolean): void {
  const term = side.terms[k];
  const param = willpowerName(ctx.ruleset) === name ? name : 'Воля';
  const fixes: Fix[] = [];
  const next = side.terms[k + 1] as Term | undefined;
  const isOption = term.or !== undefined || next?.or !== undefined;
  if (!malformed && !isOption && side.terms.length > 1 && (k > 0 || (next?.sign === 1 && next.signRange))) {
    const removed = k > 0 ? { start: side.terms[k - 1].range.end, end: term.range.end } : { start: term.range.start, end: next!.range.start };
    const group = side.paramsRange;
    const added: TextEdit =
      group && side.params.length > 0
        ? { range: { start: group.end - 1, end: group.end - 1 }, newText: `, ${param}` }
        : { range: { start: side.range!.end, end: side.range!.end }, newText: ` (${param})` };
    // A group with nothing in it («()») or unclosed is a syntax error, so the check is not malformed here only with a real group.
    if (!group || side.params.length > 0) fixes.push({ title: { id: 'spendInstead', param }, edits: [{ range: removed, newText: '' }, added], preferred: true });
  }
  sink.add('RM002', { id: 'neverRolled', trait: name, param }, term.range, fixes);
}

/** RM003: an extended action or race that cannot work (docs/markup.en.md). */
function reportBrokenExtended(settings: readonly SideSettings[], sink: DiagnosticSink): void {
  const target = settings.find((s) => s.successesNeeded)?.successesNeeded;
  for (const s of settings) {
    if (s.successesNeeded?.value === 0) sink.add('RM003', { id: 'zeroSuccesses' }, s.successesNeeded.range);
    if (s.rollLimit?.value === 0) sink.add('RM003', { id: 'zeroRolls' }, s.rollLimit.range);
    if (!target && s.rollLimit) sink.add('RM003', { id: 'rollLimitWithoutTarget' }, s.rollLimit.range);
    if (!target && s.extendedMarker) sink.add('RM003', { id: 'extendedWithoutTarget', param: s.extendedMarker.keyword }, s.extendedMarker.range);
  }
}

/**
 * Diagnostics that say the check cannot be rolled as written (docs/markup.en.md): a value out of
 * the rules' range (RM003: a difficulty, too many helpers, an extended action without a goal;
 * RM013: too many edges). The check gets no odds until it is fixed: odds of what it does not say
 * (a difficulty clamped, helpers dropped) would be a number nobody wrote. A trait the rules only
 * spend in a pool (RM002 «не бросают») is the same, though RM002 itself is not: a pool the rules
 * do not combine (RM002 on its composition) still rolls the dice written.
 */
const UNROLLABLE: ReadonlySet<DiagnosticCode> = new Set(['RM003', 'RM013']);

function cannotBeRolled(diagnostics: readonly AnalysisDiagnostic[]): boolean {
  return diagnostics.some((d) => UNROLLABLE.has(d.code) || (d.code === 'RM004' && d.severity === 'error'));
}

/** The extended action or race the check's parameters ask for (either side may carry them). */
function extendedOf(settings: readonly SideSettings[]): ExtendedSpec | undefined {
  const [first, second] = settings;
  const target = first.successesNeeded ?? second?.successesNeeded;
  if (!target) return undefined;
  const limit = first.rollLimit ?? second?.rollLimit;
  // One target written once applies to both sides of a race; two targets are each side's own.
  const theirs = first.successesNeeded && second?.successesNeeded && second.successesNeeded.value !== target.value ? second.successesNeeded.value : undefined;
  return { target: target.value, ...(limit ? { maxRolls: limit.value } : {}), ...(theirs !== undefined ? { opponentTarget: theirs } : {}) };
}

/**
 * Resolves a parsed check against the ruleset and the characters: every diagnostic of a
 * check's content (all but RM011 and RM012), and the engine's spec when the check can be rolled.
 */
export function resolveCheck(ast: CheckExpression, content: string, ctx: CheckContext): ResolvedCheck {
  const sink = new DiagnosticSink();
  const { ruleset } = ctx;
  /** The content's character at a document offset; '' outside the content. */
  const charAt = (offset: number): string => (offset >= ast.range.start && offset < ast.range.end ? content[offset - ast.range.start] : '');
  for (const error of ast.errors) {
    const fixes = error.code === 'unclosed-paren' ? closeParenFix(ast, error.range, charAt) : [];
    sink.add('RM009', syntaxMessage(error), error.range, fixes);
  }
  const sheet = findSheet(ast, ctx, sink);
  const isContest = ast.sides.length > 1;
  const malformed = ast.errors.length > 0;
  const family = familyOf(ruleset);
  /** Canonical names by the start of the name as written (a combination's terms are copies). */
  const canonical = new Map<number, string>();

  const byTermOf = ast.sides.map((side, sideIndex) => {
    // The actor's sheet applies to the acting side only; the opponent is someone else.
    const sideSheet = sideIndex === 0 ? sheet : undefined;
    return side.terms.map((term) => {
      if (term.kind !== 'trait') return undefined;
      const resolved = resolveTerm(term, side, sideIndex, ctx, sideSheet, sink);
      if (resolved.trait) canonical.set(term.nameRange.start, sideIndex > 0 && ctx.index.lookup(term.name)?.kind === 'case-form' ? term.name : resolved.trait.name);
      return resolved;
    });
  });
  const settings = ast.sides.map((side) => readParams(side, ctx, sink, { isContest, malformed }, charAt));
  const ownHelpers = settings[0].helpers;
  if (sheet && ownHelpers) reportSelfHelp(ast.sides[0], ownHelpers, sheet, ctx, sink, charAt, malformed);
  const initiative = !isContest && (settings[0].initiative !== undefined || isInitiativePool(ast.sides[0], byTermOf[0], ruleset));
  if (initiative) {
    const first = settings[0];
    // Storytelling already calls any difficulty unused.
    if (first.difficulty && ruleset.family !== 'storytelling') sink.add('RM005', { id: 'difficultyWithInitiative' }, first.difficulty.range);
    for (const param of [first.helpers, first.successesNeeded, first.rollLimit, first.extendedMarker, ...first.diceRules]) {
      if (param) sink.add('RM005', { id: 'unusedWithInitiative', param: formatParam(param) }, param.range);
    }
    first.helpers = undefined;
    first.successesNeeded = first.rollLimit = first.extendedMarker = undefined;
    // The spec says what is rolled: 1d10 + the rating, none of the dice rules reported above.
    delete first.roll.again;
    delete first.roll.willpower;
    delete first.roll.noBotch;
    first.specialties = 0;
  }
  // A d20 contest has no difficulty for helpers to roll against (002 l.65): they would change nothing.
  if (isContest && ruleset.family === 'd20') {
    for (const s of settings) {
      if (s.helpers) sink.add('RM005', { id: 'helpersInD20Contest' }, s.helpers.range);
      s.helpers = undefined;
    }
  }
  if (isContest && !supportsRaces(ruleset)) {
    for (const s of settings) {
      for (const param of [s.successesNeeded, s.rollLimit, s.extendedMarker]) if (param) sink.add('RM005', { id: 'raceUnsupported', param: formatParam(param), ruleset: ruleset.id }, param.range);
      s.successesNeeded = s.rollLimit = s.extendedMarker = undefined;
    }
  }
  reportBrokenExtended(settings, sink);

  let tooLarge = false;
  /** A trait the rules only spend is in a pool («Воля 5»): its dice are a pool the rules never roll. */
  let rollsSpentTrait = false;
  const work: SideWork[] = ast.sides.map((side, sideIndex) => {
    const byTerm = byTermOf[sideIndex];
    const sideSettings = settings[sideIndex];
    if (!malformed && !initiative && !sideSettings.difficulty && !isContest) reportMissingDifficulty(side, ctx, sink);
    // «против 6», «6 (сложность 2)»: a Storyteller character's pool (vampire-pack: twice its level, 004
    // l.38, 120), a number alone, not a modifier added to a pool.
    const storytellerPool = side.terms.length === 1 && side.terms[0].kind === 'modifier';
    if (!storytellerPool) reportModifiers(side, ctx, sink);
    const neverRolled = new Set(ruleset.neverRolled ?? []);
    byTerm.forEach((resolved, k) => {
      if (resolved?.trait && resolved.role === undefined && neverRolled.has(resolved.trait.name)) {
        reportNeverRolled(side, k, resolved.trait.name, ctx, sink, malformed);
        rollsSpentTrait = true;
      }
    });

    const groups = optionGroups(side);
    const sharedSpecialty = new Map<number, boolean>();
    for (const group of groups) {
      const last = side.terms[group[group.length - 1]];
      for (const k of group) sharedSpecialty.set(k, last.kind === 'trait' && last.specialty !== undefined);
    }
    const picks = malformed || combinationCount(side) > MAX_ALTERNATIVES ? [side.terms.map((_, k) => k)] : sideCombinations(side);
    const combinations = picks.map((terms): SideCombination => {
      let base = 0;
      let known = true;
      let specialties = sideSettings.specialties;
      let traitsKnown = true;
      let attribute: number | undefined;
      const traits: TraitEntry[] = [];
      for (const k of terms) {
        const term = side.terms[k];
        if (term.kind === 'modifier') {
          if (Number.isFinite(term.value)) base += term.sign * term.value;
          continue;
        }
        const resolved = byTerm[k];
        if (resolved?.value === undefined) known = false;
        else base += term.sign * resolved.value;
        if (sharedSpecialty.get(k)) specialties += 1;
        if (resolved?.role !== undefined) continue;
        if (!resolved?.trait) traitsKnown = false;
        else if (!neverRolled.has(resolved.trait.name)) {
          traits.push(resolved.trait);
          if (attribute === undefined && resolved.trait.category === 'attribute') attribute = resolved.value;
        }
      }
      // A check that did not parse gets its syntax error, not guesses about a pool it may not have.
      if (traitsKnown && side.range && !malformed) {
        const problem = checkComposition(ruleset, traits);
        if (problem) sink.add('RM002', problem, side.range);
      }
      const roll = plainSide(known ? base : null, { specialties, ...sideSettings.roll });
      if (isContest && ruleset.family === 'pool-minus-difficulty' && attribute !== undefined) roll.attribute = attribute;
      if (sideSettings.helpers) roll.helpers = helpersOf(sideSettings.helpers, terms, side, byTerm, roll, ctx, sink);
      const pools = [roll, ...(roll.helpers ?? [])].map((r) => family.resolvePool(ruleset, r, isContest ? 'contest' : 'check'));
      if (pools.some((pool) => reportPoolTooLarge(pool, side.range, sink))) tooLarge = true;
      else if (!isContest && !initiative) reportPoolEmpty(pools[0], ctx, side.range, sink);
      return { terms, roll };
    });
    const resolved: ResolvedSide = {
      terms: byTerm.filter((t): t is ResolvedTerm => t !== undefined),
      modifiers: side.terms.reduce((sum, t) => sum + (t.kind === 'modifier' && Number.isFinite(t.value) ? t.sign * t.value : 0), 0),
      ...(combinations.length > 1 ? { combinations: combinations.map((c) => c.terms) } : {}),
      ...(sideSettings.helpers?.names ? { helpers: sideSettings.helpers.names.map((n) => sheetNamed(n.name, ctx)?.name ?? n.name) } : {}),
    };
    return { resolved, combinations, settings: sideSettings };
  });

  const canonicalOf = (t: TraitTerm) => canonical.get(t.nameRange.start) ?? t.name;
  if (!malformed) reportLayout(ast, content, ctx, canonicalOf, sink);

  const result: ResolvedCheck = { sides: work.map((w) => w.resolved), diagnostics: sink.list, ...(sheet ? { actor: sheet.name } : {}) };
  const cannotRoll = malformed || tooLarge || rollsSpentTrait || cannotBeRolled(sink.list);
  if (cannotRoll || ast.sides[0].terms.length === 0) return result;
  const extended = initiative ? undefined : extendedOf(settings);
  const options = { willpower: willpowerName(ruleset) };
  const alternatives: Alternative[] = [];
  for (const mine of work[0].combinations) {
    for (const theirs of work[1]?.combinations ?? [undefined]) {
      const spec: CheckSpec = { side: mine.roll, ...(theirs ? { opponent: theirs.roll } : {}), ...(extended ? { extended } : {}), ...(initiative ? { initiative: true } : {}) };
      const picks = theirs ? [mine.terms, theirs.terms] : [mine.terms];
      alternatives.push({ check: `«${formatCanonical(combinationAst(ast, picks), canonicalOf, options)}»`, spec });
    }
  }
  result.spec = alternatives.length === 1 ? alternatives[0].spec : withAlternatives(alternatives);
  return result;
}
