import { type CheckSpec, plainSide, type RollSide } from '../engine/checkSpec';
import { familyOf } from '../engine/odds';
import type { Ruleset, TraitEntry } from '../engine/ruleset';
import { dictionaryTrait } from '../engine/traitCategories';
import { type CheckExpression, formatCanonical, MAX_INTEGER, type Param, type PoolExpr, type TraitTerm } from './checkExpression';
import { checkComposition } from './composition';
import { DEFAULT_SEVERITY, fixTitles, messages } from './diagnosticCatalog';
import { parseErrorMessage } from './parseErrorMessages';
import { normalizeWords, stemKey } from './russianWords';
import type { TraitIndex, TraitMatch } from './traitIndex';
import { expectedCategories, unknownTraitDiagnostic } from './unknownTrait';
import type { AnalysisDiagnostic, CharacterSheet, DiagnosticCode, Fix, Locale, ResolvedSide, ResolvedTerm, Severity, TextEdit, TextRange } from './types';

export interface CheckContext {
  ruleset: Ruleset;
  index: TraitIndex;
  locale: Locale;
  characters: readonly CharacterSheet[];
}

export interface ResolvedCheck {
  sides: ResolvedSide[];
  actor?: string;
  spec?: CheckSpec;
  diagnostics: AnalysisDiagnostic[];
}

type Text = Record<Locale, string>;

class DiagnosticSink {
  readonly list: AnalysisDiagnostic[] = [];
  constructor(private readonly locale: Locale) {}

  add(code: DiagnosticCode, text: Text, range: TextRange, fixes: Fix[] = [], severity: Severity = DEFAULT_SEVERITY[code], related?: AnalysisDiagnostic['related']): void {
    this.list.push({ code, severity, message: text[this.locale], range, fixes, ...(related ? { related } : {}) });
  }

  fix(title: Text, range: TextRange, newText: string, preferred: boolean): Fix {
    return { title: title[this.locale], edits: [{ range, newText }], preferred };
  }
}

/** The ruleset's own spelling of the Willpower trait, which is also how its parameter is written. */
const willpowerNames = new WeakMap<Ruleset, string | undefined>();

/** Looked up once per ruleset: every check's layout comparison needs it. */
function willpowerName(ruleset: Ruleset): string | undefined {
  if (!willpowerNames.has(ruleset)) willpowerNames.set(ruleset, ruleset.traits.find((t) => t.en === 'Willpower')?.name);
  return willpowerNames.get(ruleset);
}

/**
 * MARKUP Additions (2): in an open vocabulary a trait on the actor's sheet is known for that check
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

function resolveTerm(term: TraitTerm, side: PoolExpr, sideIndex: number, ctx: CheckContext, sheet: CharacterSheet | undefined, sink: DiagnosticSink): ResolvedTerm {
  const match: TraitMatch | undefined = ctx.index.lookup(term.name) ?? sheetMatch(sheet, term.name, ctx);
  const resolved: ResolvedTerm = { written: term.name, range: term.range };
  if (!match) {
    sink.list.push(unknownTraitDiagnostic(term.name, term.nameRange, ctx.index, ctx.locale, expectedCategories(ctx.ruleset, otherTraits(side, term, ctx))));
  } else {
    resolved.trait = match.trait;
    reportSpelling(term, match, sideIndex, ctx, sink);
  }
  if (term.rating && Number.isFinite(term.rating.value)) {
    resolved.value = term.rating.value;
    resolved.valueSource = 'inline';
  } else if (sheet) {
    const key = match?.trait.name ?? term.name;
    const fromSheet = sheet.traits.get(key);
    if (fromSheet) {
      resolved.value = fromSheet.value;
      resolved.valueSource = 'sheet';
    } else if (match && match.trait.category !== 'generic') {
      sink.add('RM008', messages.sheetLacksTrait(sheet.name, match.trait.name), term.nameRange, [], 'info', [
        { range: sheet.range, message: messages.characterSheet(sheet.name)[ctx.locale] },
      ]);
    }
  }
  return resolved;
}

function reportSpelling(term: TraitTerm, match: TraitMatch, sideIndex: number, ctx: CheckContext, sink: DiagnosticSink): void {
  const canonical = match.trait.name;
  if (match.kind === 'variant') {
    sink.add('RM014', messages.variant(term.name, canonical, ctx.ruleset.id), term.nameRange, [sink.fix(fixTitles.replaceWith(canonical), term.nameRange, canonical, true)]);
    return;
  }
  // After «против» the genitive is as canonical as the nominative (MARKUP §6).
  if (match.kind === 'case-form' && sideIndex > 0) return;
  if (match.kind === 'spelling' || match.kind === 'case-form') {
    sink.add('RM010', messages.caseForm(term.name, canonical), term.nameRange, [sink.fix(fixTitles.replaceWith(canonical), term.nameRange, canonical, true)]);
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

/** Applies a side's parameters to its roll, reporting what the ruleset does not use. */
function applyParams(side: PoolExpr, roll: RollSide, ctx: CheckContext, sink: DiagnosticSink, isContest: boolean, malformed: boolean, charAt: (offset: number) => string): void {
  const { ruleset } = ctx;
  // In a malformed group the parameters read are not all its slots, so the ranges around one
  // are not its separators: a removal could delete other text. The syntax error comes first.
  const removal = (param: Param): TextEdit | undefined => (malformed ? undefined : removalEdit(side, param, charAt));
  const removeFix = (keyword: string, edit: TextEdit | undefined): Fix[] => (edit ? [sink.fix(fixTitles.removeParam(keyword), edit.range, edit.newText, false)] : []);
  const unused = (param: Param) => sink.add('RM005', messages.paramUnused(param.keyword, ruleset.id), param.range, removeFix(param.keyword, removal(param)));
  for (const param of side.params) {
    switch (param.kind) {
      case 'difficulty':
        applyDifficulty(param.value, param.range, removeFix('сложность', removal(param)), roll, ctx, sink, isContest);
        break;
      case 'advantage':
      case 'hindrance':
        if (ruleset.family !== 'd20') {
          unused(param);
          break;
        }
        if (param.count > ruleset.params.maxEdge) sink.add('RM013', messages.tooManyEdges(param.count, param.kind, ruleset.params.maxEdge), param.range);
        if (param.kind === 'advantage') roll.advantages = param.count;
        else roll.hindrances = param.count;
        break;
      case 'static':
        if (ruleset.family === 'd20') roll.isStatic = true;
        else unused(param);
        break;
      case 'again':
        if (ruleset.family === 'storytelling') roll.again = param.rule === 'none' ? 'none' : param.rule;
        else unused(param);
        break;
      case 'specialty':
        roll.specialties += 1;
        break;
      case 'willpower':
        if (ruleset.family === 'classic' || ruleset.family === 'storytelling') roll.willpower = true;
        else unused(param);
        break;
      case 'successesNeeded':
      case 'rollLimit':
      case 'extendedMarker':
        break;
    }
  }
  if (side.params.every((p) => p.kind !== 'difficulty') && !malformed) reportMissingDifficulty(side, ctx, sink, isContest);
}

function applyDifficulty(value: number, range: TextRange, removal: Fix[], roll: RollSide, ctx: CheckContext, sink: DiagnosticSink, isContest: boolean): void {
  const { ruleset } = ctx;
  switch (ruleset.family) {
    case 'storytelling':
      sink.add('RM005', messages.difficultyUnused(), range, removal);
      return;
    case 'pool-minus-difficulty':
      // The text: contests subtract no difficulty from either pool, so a written one is ignored.
      if (value < 0) sink.add('RM003', messages.difficultyNegative(value), range);
      if (!isContest) roll.difficulty = value;
      return;
    case 'classic':
    case 'd20': {
      const { min, max } = ruleset.params.difficulty;
      if (value < min || value > max) sink.add('RM003', messages.difficultyOutOfRange(value, min, max), range);
      roll.difficulty = value;
    }
  }
}

function reportMissingDifficulty(side: PoolExpr, ctx: CheckContext, sink: DiagnosticSink, isContest: boolean): void {
  const { ruleset } = ctx;
  const where = side.paramsRange ?? side.range;
  if (!where) return;
  if (ruleset.family === 'classic' && !isContest) {
    const value = ruleset.params.difficulty.default ?? 6;
    sink.add('RM004', messages.difficultyDefault(value), where, [], 'info');
  } else if (ruleset.family === 'pool-minus-difficulty' && !isContest) {
    sink.add('RM004', messages.difficultyZero(), where, [], 'warning');
  } else if (ruleset.family === 'd20' && !isContest) {
    sink.add('RM004', messages.difficultyRequired(), where, [], 'error');
  }
}

function reportModifiers(side: PoolExpr, ctx: CheckContext, sink: DiagnosticSink): void {
  const limit = ctx.ruleset.modifierLimit;
  if (!limit) return;
  const modifiers = side.terms.filter((t) => t.kind === 'modifier' && Number.isFinite(t.value));
  if (limit.scope === 'each') {
    for (const m of modifiers) {
      if (m.kind === 'modifier' && m.value > limit.max) sink.add('RM015', messages.modifierEach(m.sign * m.value, limit.max), m.range);
    }
    return;
  }
  const total = modifiers.reduce((sum, m) => sum + (m.kind === 'modifier' ? m.sign * m.value : 0), 0);
  if (Math.abs(total) > limit.max && modifiers.length > 0) {
    const first = modifiers[0].range.start;
    const last = modifiers[modifiers.length - 1].range.end;
    sink.add('RM015', messages.modifierTotal(total, limit.max), { start: first, end: last });
  }
}

function reportPoolEmpty(pool: number | null, ctx: CheckContext, range: TextRange | undefined, sink: DiagnosticSink): void {
  if (pool === null || pool > 0 || !range) return;
  const family = ctx.ruleset.family;
  if (family === 'storytelling') sink.add('RM006', messages.chanceDie(), range);
  else if (family === 'pool-minus-difficulty') sink.add('RM006', messages.noDiceLeft(), range);
  else if (family === 'classic') sink.add('RM006', messages.cannotRoll(), range);
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
  if (range) sink.add('RM006', messages.poolTooLarge(pool, MAX_POOL), range, [], 'warning');
  return true;
}

function findSheet(ast: CheckExpression, ctx: CheckContext, sink: DiagnosticSink): CharacterSheet | undefined {
  if (!ast.actor) return undefined;
  const name = ast.actor.name;
  const sheet = ctx.characters.find((c) => c.name === name) ?? ctx.characters.find((c) => c.name.toLowerCase() === name.toLowerCase());
  if (sheet) return sheet;
  const known = ctx.characters.map((c) => c.name);
  const fixes = known.map((k) => sink.fix(fixTitles.useCharacter(k), ast.actor!.range, k, known.length === 1));
  sink.add('RM007', messages.unknownCharacter(name, known), ast.actor.range, fixes);
  return undefined;
}

/** Spacing, signs and parameter keywords: the layout MARKUP §6 calls canonical, names left as written. */
function reportLayout(ast: CheckExpression, content: string, ctx: CheckContext, canonicalOf: (t: TraitTerm) => string, sink: DiagnosticSink): void {
  const options = { willpower: willpowerName(ctx.ruleset) };
  const asWritten = formatCanonical(ast, (term) => term.name, options);
  // Any of the three dashes is an accepted minus; only spacing, order and keywords count here.
  const relaxed = (s: string) => s.replace(/[-–−]/g, '−');
  if (relaxed(asWritten) === relaxed(content)) return;
  const canonical = formatCanonical(ast, canonicalOf, options);
  sink.add('RM010', messages.spacing(content, canonical), ast.range, [sink.fix(fixTitles.rewriteCheck(), ast.range, canonical, true)]);
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
function closeParenFix(ast: CheckExpression, paren: TextRange, charAt: (offset: number) => string, locale: Locale): Fix[] {
  const group = ast.sides.find((side) => side.paramsRange?.start === paren.start)?.paramsRange;
  if (!group || group.end <= paren.end) return [];
  const close: TextEdit = { range: { start: group.end, end: group.end }, newText: needsSpaceBeforeParen(group.end, charAt) ? ' )' : ')' };
  const edits = charAt(paren.start - 1) === ']' ? [{ range: { start: paren.start, end: paren.start }, newText: ' ' }, close] : [close];
  return [{ title: fixTitles.closeParen()[locale], edits, preferred: true }];
}

/**
 * Resolves a parsed check against the ruleset and the characters: every diagnostic of a
 * check's content (all but RM011 and RM012), and the engine's spec when the check can be rolled.
 */
export function resolveCheck(ast: CheckExpression, content: string, ctx: CheckContext): ResolvedCheck {
  const sink = new DiagnosticSink(ctx.locale);
  /** The content's character at a document offset; '' outside the content. */
  const charAt = (offset: number): string => (offset >= ast.range.start && offset < ast.range.end ? content[offset - ast.range.start] : '');
  for (const error of ast.errors) {
    const fixes = error.code === 'unclosed-paren' ? closeParenFix(ast, error.range, charAt, ctx.locale) : [];
    sink.add('RM009', parseErrorMessage(error), error.range, fixes);
  }
  const sheet = findSheet(ast, ctx, sink);
  const isContest = ast.sides.length > 1;
  const family = familyOf(ctx.ruleset);
  const canonical = new Map<TraitTerm, string>();
  const rolls: RollSide[] = [];
  let tooLarge = false;
  const sides: ResolvedSide[] = ast.sides.map((side, sideIndex) => {
    // The actor's sheet applies to the acting side only; the opponent is someone else.
    const sideSheet = sideIndex === 0 ? sheet : undefined;
    const terms: ResolvedTerm[] = [];
    let modifiers = 0;
    let known = true;
    for (const term of side.terms) {
      if (term.kind === 'modifier') {
        if (Number.isFinite(term.value)) modifiers += term.sign * term.value;
        continue;
      }
      const resolved = resolveTerm(term, side, sideIndex, ctx, sideSheet, sink);
      if (resolved.trait) canonical.set(term, sideIndex > 0 && ctx.index.lookup(term.name)?.kind === 'case-form' ? term.name : resolved.trait.name);
      if (resolved.value === undefined) known = false;
      else modifiers += term.sign * resolved.value;
      terms.push(resolved);
    }
    const specialties = side.terms.filter((t) => t.kind === 'trait' && t.specialty).length;
    const roll = plainSide(known ? modifiers : null, { specialties });
    applyParams(side, roll, ctx, sink, isContest, ast.errors.length > 0, charAt);
    reportModifiers(side, ctx, sink);
    const pool = family.resolvePool(ctx.ruleset, roll, isContest ? 'contest' : 'check');
    if (reportPoolTooLarge(pool, side.range, sink)) tooLarge = true;
    else if (!isContest) reportPoolEmpty(pool, ctx, side.range, sink);
    const traitsOfSide = terms.map((t) => t.trait).filter((t): t is TraitEntry => t !== undefined);
    // A check that did not parse gets its syntax error, not guesses about a pool it may not have.
    if (terms.length === traitsOfSide.length && side.range && ast.errors.length === 0) {
      const problem = checkComposition(ctx.ruleset, traitsOfSide);
      if (problem) sink.add('RM002', problem, side.range);
    }
    rolls.push(roll);
    return { terms, modifiers: side.terms.reduce((sum, t) => sum + (t.kind === 'modifier' && Number.isFinite(t.value) ? t.sign * t.value : 0), 0) };
  });

  if (ast.errors.length === 0) reportLayout(ast, content, ctx, (t) => canonical.get(t) ?? t.name, sink);

  const result: ResolvedCheck = { sides, diagnostics: sink.list, ...(sheet ? { actor: sheet.name } : {}) };
  const cannotRoll = ast.errors.length > 0 || tooLarge || sink.list.some((d) => d.code === 'RM004' && d.severity === 'error');
  if (cannotRoll || ast.sides[0].terms.length === 0) return result;
  const spec: CheckSpec = { side: rolls[0] };
  if (isContest) spec.opponent = rolls[1];
  const target = ast.sides[0].params.find((p) => p.kind === 'successesNeeded');
  const limit = ast.sides[0].params.find((p) => p.kind === 'rollLimit');
  if (target && target.kind === 'successesNeeded') {
    spec.extended = { target: target.value, ...(limit && limit.kind === 'rollLimit' ? { maxRolls: limit.value } : {}) };
  }
  result.spec = spec;
  return result;
}
