/**
 * The head of a document (byte-order mark and front matter) and, with the settings, the context
 * every block is analysed against (incrementalAnalysis.ts): the ruleset, the characters, the front
 * matter's own diagnostics. Contexts are shared between documents with the same head.
 */
import type { Ruleset } from '../../engine/ruleset';
import { type BlockContext, NO_DEFINITIONS, sortDiagnostics } from './blockAnalysis';
import { findFrontMatter, unclosedFrontMatter } from '../markdown/frontMatterBlock';
import { DEFAULT_SEVERITY } from '../diagnosticCatalog';
import { readFrontMatter, resolveSheets, unknownRulesetDiagnostic } from '../project/frontMatter';
import { DEFAULT_RULESET_ID } from '../project/rulesetProvider';
import { dictionaryKey, traitIndex } from '../resolve/traitIndex';
import type { AnalysisDiagnostic, AnalysisOptions, CharacterSheet, DocumentAnalysis, FrontMatter, RulesetProvider, TextRange } from '../types';
import { mergeSheets } from '../project/partyFile';
import { ownCopy } from '../ownCopy';

/** The byte-order mark and front matter: with the settings, what every block depends on. */
export interface Head {
  /** What the blocks depend on: the BOM and front matter as written, or the unclosed fence's range. */
  text: string;
  /** Where the body (the blocks) starts. */
  bodyStart: number;
  frontMatter?: { range: TextRange; content: TextRange };
  /** An opening fence never closed, above keys Rollmark reads (RM011). */
  unclosed?: TextRange;
}

export interface DocumentContext {
  head: string;
  rulesets: RulesetProvider;
  defaultRuleset: string | undefined;
  dictionary: string;
  bodyStart: number;
  ruleset: Ruleset;
  rulesetSource: DocumentAnalysis['rulesetSource'];
  frontMatter?: FrontMatter;
  /** The project's party (`AnalysisOptions.party`): its key, and the characters with the front matter's. */
  partyKey: string;
  party?: { name: string; characters: CharacterSheet[] };
  /** The front matter's diagnostics, sorted: they come before every block's. */
  diagnostics: AnalysisDiagnostic[];
  block: BlockContext;
}

const BOM = 0xfeff;

export function headOf(text: string): Head {
  const bom = text.charCodeAt(0) === BOM ? 1 : 0;
  const frontMatter = findFrontMatter(text, bom);
  const bodyStart = frontMatter ? frontMatter.end : bom;
  const head: Head = { text: text.slice(0, bodyStart), bodyStart };
  if (frontMatter) head.frontMatter = { range: frontMatter.range, content: frontMatter.content };
  const unclosed = frontMatter ? undefined : unclosedFrontMatter(text, bom);
  if (unclosed) {
    head.unclosed = unclosed;
    // The body is not part of the head, so the finding must be: closing the block changes the context.
    head.text += `\u0000unclosed:${unclosed.end}`;
  }
  return head;
}

function dictionaryKeyOf(options: AnalysisOptions): string {
  return dictionaryKey(options.dictionary ?? []);
}

function partyKeyOf(options: AnalysisOptions): string {
  return options.party ? `${options.party.name}\u0000${options.party.key}` : '';
}

export function sameInputs(ctx: DocumentContext, head: Head, options: AnalysisOptions): boolean {
  return (
    ctx.head === head.text &&
    ctx.rulesets === options.rulesets &&
    ctx.defaultRuleset === options.defaultRuleset &&
    ctx.dictionary === dictionaryKeyOf(options) &&
    ctx.partyKey === partyKeyOf(options) &&
    ctx.block.proseChecks === (options.proseChecks !== 'off')
  );
}

function chooseRuleset(options: AnalysisOptions, fromFrontMatter: string | undefined): { ruleset: Ruleset; source: DocumentAnalysis['rulesetSource'] } {
  const own = fromFrontMatter ? options.rulesets.get(fromFrontMatter) : undefined;
  if (own) return { ruleset: own, source: 'front-matter' };
  const setting = options.defaultRuleset ? options.rulesets.get(options.defaultRuleset) : undefined;
  if (setting) return { ruleset: setting, source: 'setting' };
  const fallback = options.rulesets.get(DEFAULT_RULESET_ID);
  if (!fallback) throw new Error(`the default ruleset ${DEFAULT_RULESET_ID} is missing`);
  return { ruleset: fallback, source: 'default' };
}

/** The front matter's part of the analysis: ruleset, characters, and its own diagnostics. */
function buildContext(text: string, head: Head, options: AnalysisOptions): DocumentContext {
  const diagnostics: AnalysisDiagnostic[] = [];
  const raw = head.frontMatter ? readFrontMatter(text, head.frontMatter) : undefined;
  if (raw) diagnostics.push(...raw.diagnostics);
  if (head.unclosed) diagnostics.push({ code: 'RM011', severity: DEFAULT_SEVERITY.RM011, message: { id: 'unclosedFrontMatter' }, range: head.unclosed, fixes: [] });
  if (raw?.rulesetId && !options.rulesets.get(raw.rulesetId.value)) diagnostics.push(unknownRulesetDiagnostic(raw.rulesetId, options.rulesets));
  const { ruleset, source } = chooseRuleset(options, raw?.rulesetId?.value);
  const index = traitIndex(ruleset, options.dictionary ?? []);
  const sheets = raw ? resolveSheets(raw, index) : { sheets: [], diagnostics: [] };
  diagnostics.push(...sheets.diagnostics);
  const characters = options.party ? mergeSheets(options.party, sheets.sheets, index) : sheets.sheets;
  const ctx: DocumentContext = {
    head: head.text,
    rulesets: options.rulesets,
    defaultRuleset: options.defaultRuleset,
    dictionary: dictionaryKeyOf(options),
    partyKey: partyKeyOf(options),
    ...(options.party ? { party: { name: options.party.name, characters } } : {}),
    bodyStart: head.bodyStart,
    ruleset,
    rulesetSource: source,
    diagnostics: sortDiagnostics(diagnostics),
    block: {
      ruleset,
      index,
      characters,
      proseChecks: options.proseChecks !== 'off',
      fixedRanges: new Set(characters.flatMap((sheet) => (sheet.newTrait ? [sheet.range, sheet.newTrait.at] : [sheet.range]))),
      definitions: NO_DEFINITIONS,
    },
  };
  if (raw) ctx.frontMatter = { range: raw.range, ...(raw.rulesetId ? { rulesetId: raw.rulesetId } : {}), characters: sheets.sheets };
  return ctx;
}

/**
 * Contexts by head and settings, for documents analysed one after another: a campaign's
 * chapters often share one front matter (the party's sheets), and reading it (YAML) was a tenth
 * of checking them. Keyed by the rulesets object, then the settings and the head's text, on which
 * alone a context depends (`sameInputs`); each analyzer gets its own copy of the mutable part.
 */
const recentContexts = new WeakMap<RulesetProvider, Map<string, DocumentContext>>();
const RECENT_CONTEXTS = 16;

export function contextFor(text: string, head: Head, options: AnalysisOptions): DocumentContext {
  let recent = recentContexts.get(options.rulesets);
  if (!recent) {
    recent = new Map();
    recentContexts.set(options.rulesets, recent);
  }
  const key = [options.defaultRuleset ?? '', options.proseChecks ?? '', dictionaryKeyOf(options), partyKeyOf(options), head.text].join('\u0000');
  let shared = recent.get(key);
  if (!shared) {
    if (recent.size >= RECENT_CONTEXTS) recent.clear();
    // Read from a copy of the head: what the context keeps (names, values, the head) must not keep the document alive.
    shared = buildContext(ownCopy(text.slice(0, head.bodyStart)), { ...head, text: ownCopy(head.text) }, options);
    recent.set(key, shared);
  }
  // `block` is replaced when the document's definitions change (settleDefinitions): never in the shared one.
  return { ...shared, block: { ...shared.block } };
}
