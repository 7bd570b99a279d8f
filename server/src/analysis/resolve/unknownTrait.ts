/**
 * A name the ruleset, the project dictionary and the actor's sheet do not know, in a check or as
 * a character sheet's key: one diagnostic with the same fixes wherever it is written.
 *
 * - A name another game line spells (a Sphere in a vampire-pack document, «Сообразительность» in
 *   threads-of-fate) is RM014, a warning, in every ruleset, open vocabularies included, except as
 *   a sheet's key in an open vocabulary, where the author declares the trait.
 * - Closed vocabulary: RM001, an error, with the close names as fixes.
 * - Open vocabulary (threads-of-fate): a name within edit distance 2 of a known trait is a
 *   misspelling, RM001 as a warning with the suggestion; any other name is the author's own
 *   trait, RM001 as information.
 * Every one offers "add to the project dictionary". Suggestions prefer the kind of trait the
 * place calls for (see `expectedCategories`).
 */
import { distance } from 'fastest-levenshtein';
import { foreignTraitLookup } from '../../engine/gameLines';
import type { Ruleset, TraitCategory, TraitEntry } from '../../engine/ruleset';
import { dictionaryTrait } from '../../engine/traitCategories';
import { checkComposition } from './composition';
import { DEFAULT_SEVERITY, type DiagnosticMessage } from '../diagnosticCatalog';
import { stemKey } from './russianWords';
import { ROLLED_CATEGORIES, type TraitIndex } from './traitIndex';
import type { AnalysisDiagnostic, Fix, TextRange } from '../types';

/** A misspelling is at most this many edits from a known trait (docs/markup.en.md, open vocabularies). */
const MISSPELLING_DISTANCE = 2;

/**
 * The categories a pool's missing trait can have so that the pool keeps to the ruleset's
 * composition rules, given its other, known traits: next to an Attribute in vampire-pack, a Skill
 * or a Discipline. Empty when no single category makes the pool right.
 */
export function expectedCategories(ruleset: Ruleset, others: readonly TraitEntry[]): TraitCategory[] {
  return ROLLED_CATEGORIES.filter((category) => checkComposition(ruleset, [...others, dictionaryTrait('?', category)]) === undefined);
}

/** The other game lines (built-in rulesets) that spell a name, each once, in the built-ins' order. */
function foreignLines(ruleset: Ruleset, written: string): Ruleset[] {
  const lines: Ruleset[] = [];
  for (const found of foreignTraitLookup(ruleset, stemKey)(written)) {
    if (!lines.includes(found.ruleset)) lines.push(found.ruleset);
  }
  return lines;
}

/** The sheet's keys within the misspelling distance of `written` (letter case aside), nearest first. */
function nearSheetKeys(written: string, keys: readonly string[]): string[] {
  const lower = written.toLowerCase();
  return keys
    .map((key) => ({ key, d: distance(lower, key.toLowerCase()) }))
    .filter(({ d }) => d > 0 && d <= MISSPELLING_DISTANCE)
    .sort((a, b) => a.d - b.d)
    .map(({ key }) => key);
}

/**
 * The diagnostic for an unknown name at `range` (the name only). `prefer`: the categories the
 * place calls for (a check's pool: `expectedCategories`; a sheet's key: none); `sheetKeys`: the
 * actor's sheet, whose names an open vocabulary also knows; `declared`: the name is a sheet's key.
 */
export function unknownTraitDiagnostic(written: string, range: TextRange, index: TraitIndex, prefer?: readonly TraitCategory[], sheetKeys: readonly string[] = [], declared = false): AnalysisDiagnostic {
  const { ruleset } = index;
  const addToDictionary: Fix = { title: { id: 'addToDictionary', name: written }, edits: [], preferred: false, addToDictionary: written };
  const replacements = (names: readonly string[]): Fix[] =>
    names.map((name) => ({ title: { id: 'replaceWith', name }, edits: [{ range, newText: name }], preferred: names.length === 1 }));
  const diagnostic = (code: AnalysisDiagnostic['code'], severity: AnalysisDiagnostic['severity'], message: DiagnosticMessage, fixes: Fix[]): AnalysisDiagnostic => ({
    code,
    severity,
    message,
    range,
    fixes,
  });
  const open = ruleset.vocabulary === 'open';
  // A sheet's key in an open vocabulary declares the trait, which the actor's checks then accept
  // («Рэй: Сила + 1»): another game line also spelling it is no alarm there (issue 20).
  const lines = open && declared ? [] : foreignLines(ruleset, written);
  if (lines.length > 0) {
    // Another line's name is meant as written; only a near spelling of this ruleset's trait is worth offering.
    const suggestions = index.suggest(written, { ...(prefer ? { prefer } : {}), maxDistance: MISSPELLING_DISTANCE });
    const rulesets = lines.map((line) => line.id);
    return diagnostic('RM014', DEFAULT_SEVERITY.RM014, { id: 'foreignTrait', name: written, rulesets }, [...replacements(suggestions), addToDictionary]);
  }
  if (open) {
    const known = index.suggest(written, { ...(prefer ? { prefer } : {}), maxDistance: MISSPELLING_DISTANCE });
    // The actor's sheet is known for the check too: «Электронника» beside its «Электроника» (issue 20).
    const suggestions = known.length > 0 ? known : nearSheetKeys(written, sheetKeys);
    if (suggestions.length === 0) return diagnostic('RM001', 'info', { id: 'unknownTraitOpen', name: written, ruleset: ruleset.id }, [addToDictionary]);
    return diagnostic('RM001', 'warning', { id: 'unknownTrait', name: written, suggestions }, [...replacements(suggestions), addToDictionary]);
  }
  const suggestions = index.suggest(written, prefer ? { prefer } : {});
  return diagnostic('RM001', DEFAULT_SEVERITY.RM001, { id: 'unknownTrait', name: written, suggestions }, [...replacements(suggestions), addToDictionary]);
}
