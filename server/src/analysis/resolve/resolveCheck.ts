/**
 * A parsed check resolved against the ruleset and the characters: every diagnostic of a check's
 * content (all but RM011 and RM012) and, when it can be rolled, the engine's spec. The steps live
 * beside it: resolveContext.ts (the context and the diagnostics' sink), resolveTerms.ts (traits
 * and the actor), resolveParams.ts (what the parameters set), resolvePools.ts (helpers and pool
 * sizes), checkEdits.ts (the fixes' edits).
 */
import { supportsRaces } from '../../engine/capabilities';
import { type Alternative, type CheckSpec, MAX_ALTERNATIVES, plainSide, type RollSide, withAlternatives } from '../../engine/checkSpec';
import { familyOf } from '../../engine/odds';
import type { TraitEntry } from '../../engine/ruleset';
import {
  type CheckExpression,
  combinationAst,
  combinationCount,
  formatCanonical,
  formatParam,
  optionGroups,
  type ParseError,
  sideCombinations,
  type TraitTerm,
} from '../check/checkExpression';
import { checkComposition } from './composition';
import { type DiagnosticMessage, quoted, quotedAround } from '../diagnosticCatalog';
import type { AnalysisDiagnostic, DiagnosticCode, ResolvedSide, ResolvedTerm } from '../types';
import { addParamEdit, closeParenFix } from './checkEdits';
import { type CheckContext, DiagnosticSink, willpowerName } from './resolveContext';
import { attemptsOf, extendedOf, reportBrokenHeadStart, readParams, reportBrokenExtended, reportBrokenRepeats, reportBrokenThreshold, reportMissingDifficulty, reportModifiers, type SideSettings } from './resolveParams';
import { helpersOf, isInitiativePool, reportDifficultyTrait, reportNeverRolled, reportPoolEmpty, reportPoolTooLarge, reportSelfHelp } from './resolvePools';
import { findSheet, resolveTerm, sheetNamed } from './resolveTerms';
import { combatOf } from './resolveCombat';

export interface ResolvedCheck {
  sides: ResolvedSide[];
  actor?: string;
  spec?: CheckSpec;
  diagnostics: AnalysisDiagnostic[];
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

/**
 * Spacing, signs and parameter keywords: the layout docs/markup.en.md calls canonical, names left as
 * written. The parameters' order and their separators are the author's (issue 20): neither is reported,
 * and the fix keeps them.
 */
function reportLayout(ast: CheckExpression, content: string, ctx: CheckContext, canonicalOf: (t: TraitTerm) => string, sink: DiagnosticSink): void {
  const options = { willpower: willpowerName(ctx.ruleset), writtenOrder: true };
  const asWritten = formatCanonical(ast, (term) => term.name, options);
  // Any of the three dashes is an accepted minus, «;» an accepted separator; only spacing and keywords count here.
  const relaxed = (s: string) => s.replace(/[-–−]/g, '−').replace(/\s*[;,]\s*/g, ', ');
  if (relaxed(asWritten) === relaxed(content)) return;
  const canonical = formatCanonical(ast, canonicalOf, options);
  sink.add('RM010', { id: 'spacing', written: quotedAround(content, canonical), canonical }, ast.range, [sink.fix({ id: 'rewriteCheck' }, ast.range, canonical, true)]);
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
    for (const param of [first.helpers, first.successesNeeded, first.rollLimit, first.extendedMarker, first.threshold, first.twice, first.attempts, first.penalty, first.damage, first.soak, ...first.diceRules]) {
      if (param) sink.add('RM005', { id: 'unusedWithInitiative', param: formatParam(param) }, param.range);
    }
    first.helpers = undefined;
    first.successesNeeded = first.rollLimit = first.extendedMarker = first.threshold = first.twice = first.attempts = first.penalty = undefined;
    // The spec says what is rolled: 1d10 + the rating, none of the dice rules reported above.
    delete first.roll.again;
    delete first.roll.willpower;
    delete first.roll.noBotch;
    delete first.roll.extraSuccesses;
    delete first.roll.durability;
    delete first.roll.maneuver;
    delete first.roll.replay;
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
  reportBrokenThreshold(settings, isContest, sink);
  reportBrokenRepeats(settings, isContest, sink);
  const combat = combatOf(settings, sheet, ctx, sink, canonical, { initiative, reportUnknownDamage: !sheet && ctx.characters.length < 2 });
  reportBrokenHeadStart(settings, initiative ? undefined : extendedOf(settings), isContest, sink);

  let tooLarge = false;
  /** A trait the rules only spend is in a pool («Воля 5»): its dice are a pool the rules never roll. */
  let rollsSpentTrait = false;
  const work: SideWork[] = ast.sides.map((side, sideIndex) => {
    const byTerm = byTermOf[sideIndex];
    const sideSettings = settings[sideIndex];
    // Soak and damage rolls have the difficulty the text fixes (001 l.273: «все броски поглощения имеют сложность 6»).
    const fixedDifficulty = sideSettings.roll.noBotch === true;
    if (!malformed && !initiative && !fixedDifficulty && !sideSettings.difficulty && !isContest) reportMissingDifficulty(side, ctx, sink);
    // «против 6», «6 (сложность 2)»: a Storyteller character's pool (vampire-pack: twice its level, 004
    // l.38, 120), a number alone, not a modifier added to a pool.
    const storytellerPool = side.terms.length === 1 && side.terms[0].kind === 'modifier';
    if (!storytellerPool) reportModifiers(side, ctx, sink);
    const neverRolled = new Set(ruleset.neverRolled ?? []);
    byTerm.forEach((resolved, k) => {
      if (resolved?.trait && resolved.role === undefined && neverRolled.has(resolved.trait.name)) {
        reportNeverRolled(side, k, resolved.trait.name, ctx, sink, malformed);
        rollsSpentTrait = true;
      } else reportDifficultyTrait(side.terms[k], resolved, ctx, sink);
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
      // `особое`: a special ability makes the pool (000 l.482), which no composition rule foresees.
      if (traitsKnown && side.range && !malformed && !sideSettings.special) {
        const problem = checkComposition(ruleset, traits);
        const special = addParamEdit(side, 'особое');
        if (problem) sink.add('RM002', problem, side.range, special ? [{ title: { id: 'addSpecial' }, edits: [special], preferred: false }] : []);
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
  const threshold = settings[0].threshold?.value;
  const twice = settings[0].twice !== undefined;
  const attempts = attemptsOf(settings[0]);
  const secondAttempt = settings[0].secondAttempt !== undefined;
  const special = settings[0].special !== undefined;
  const combatRole = settings[0].combatRole?.role;
  const deal = settings[0].deal !== undefined;
  const openGoal = !initiative && !extended && settings[0].extendedMarker !== undefined && work.length === 1 && threshold === undefined && !twice && !attempts;
  const options = { willpower: willpowerName(ruleset) };
  const alternatives: Alternative[] = [];
  for (const mine of work[0].combinations) {
    for (const theirs of work[1]?.combinations ?? [undefined]) {
      const spec: CheckSpec = { side: mine.roll, ...(theirs ? { opponent: theirs.roll } : {}), ...(extended ? { extended } : {}), ...(threshold !== undefined ? { threshold } : {}), ...(twice ? { twice } : {}), ...(attempts ? { attempts } : {}), ...(secondAttempt ? { secondAttempt } : {}), ...(special ? { special } : {}), ...(combat ? { combat } : {}), ...(combatRole ? { combatRole } : {}), ...(deal ? { deal } : {}), ...(openGoal ? { openGoal } : {}), ...(initiative ? { initiative: true } : {}) };
      const picks = theirs ? [mine.terms, theirs.terms] : [mine.terms];
      alternatives.push({ check: `«${formatCanonical(combinationAst(ast, picks), canonicalOf, options)}»`, spec });
    }
  }
  result.spec = alternatives.length === 1 ? alternatives[0].spec : withAlternatives(alternatives, work[1]?.combinations.length ?? 1);
  return result;
}
