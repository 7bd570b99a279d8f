/**
 * A check's trait terms and actor against the ruleset, the dictionary and the characters
 * (resolveCheck.ts): which trait a name is, its value (inline or from the sheet), and the
 * diagnostics of a name (RM001/RM014 unknown, RM010/RM014 spelling, RM007 actor, RM008 sheet).
 */
import { reportSheetLacksTrait } from './sheetLacksTrait';
import type { Ruleset, TraitEntry } from '../../engine/ruleset';
import { dictionaryTrait } from '../../engine/traitCategories';
import { type CheckExpression, type PoolExpr, type TraitTerm } from '../check/checkExpression';
import { normalizeWords, stemKey } from './russianWords';
import type { TraitMatch } from './traitIndex';
import { expectedCategories, unknownTraitDiagnostic } from './unknownTrait';
import type { CharacterSheet, ResolvedTerm } from '../types';
import type { CheckContext, DiagnosticSink } from './resolveContext';

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

export function resolveTerm(term: TraitTerm, side: PoolExpr, sideIndex: number, ctx: CheckContext, sheet: CharacterSheet | undefined, sink: DiagnosticSink): ResolvedTerm {
  const match: TraitMatch | undefined = ctx.index.lookup(term.name) ?? sheetMatch(sheet, term.name, ctx);
  const role = termRole(term, match, ctx.ruleset);
  const resolved: ResolvedTerm = { written: term.name, range: term.range, ...(role ? { role } : {}) };
  if (match) {
    resolved.trait = match.trait;
    reportSpelling(term, match, sideIndex, ctx, sink);
  } else if (role !== 'equipment') {
    sink.addDiagnostic(unknownTraitDiagnostic(term.name, term.nameRange, ctx.index, expectedCategories(ctx.ruleset, otherTraits(side, term, ctx)), sheet ? [...sheet.traits.keys()] : []));
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
      reportSheetLacksTrait(sink, sheet, match.trait.name, term.nameRange);
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

export function findSheet(ast: CheckExpression, ctx: CheckContext, sink: DiagnosticSink): CharacterSheet | undefined {
  if (!ast.actor) return undefined;
  const name = ast.actor.name;
  const sheet = sheetNamed(name, ctx);
  if (sheet) return sheet;
  const known = ctx.characters.map((c) => c.name);
  const fixes = known.map((k) => sink.fix({ id: 'useCharacter', name: k }, ast.actor!.range, k, known.length === 1));
  sink.add('RM007', { id: 'unknownCharacter', name, known }, ast.actor.range, fixes);
  return undefined;
}

/** The sheet of a character named in the front matter: the exact name first, then any letter case. */
export function sheetNamed(name: string, ctx: CheckContext): CharacterSheet | undefined {
  return ctx.characters.find((c) => c.name === name) ?? ctx.characters.find((c) => c.name.toLowerCase() === name.toLowerCase());
}
