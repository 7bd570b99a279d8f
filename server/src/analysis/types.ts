/**
 * The analysis library's public vocabulary. Offsets are UTF-16 code units into the document
 * text exactly as given (BOM and CRLF included); `LineIndex` turns them into lines/characters.
 * No LSP types here: the server maps these to the protocol.
 */

import type { CheckSpec } from '../engine/checkSpec';
import type { OddsReport } from '../engine/oddsReport';
import type { Ruleset, TraitEntry } from '../engine/ruleset';
import type { CheckExpression, TextRange } from './checkExpression';

export type { TextRange } from './checkExpression';

export type Locale = 'ru' | 'en';

export type Severity = 'error' | 'warning' | 'info' | 'hint';

export type DiagnosticCode =
  | 'RM001'
  | 'RM002'
  | 'RM003'
  | 'RM004'
  | 'RM005'
  | 'RM006'
  | 'RM007'
  | 'RM008'
  | 'RM009'
  | 'RM010'
  | 'RM011'
  | 'RM012'
  | 'RM013'
  | 'RM014'
  | 'RM015';

export interface TextEdit {
  range: TextRange;
  newText: string;
}

export interface Fix {
  /** Shown in the light-bulb menu, in the caller's locale. */
  title: string;
  /** Edits to this document; empty for a fix that only adds a dictionary entry. */
  edits: TextEdit[];
  /** The one obvious repair: editors may apply it on "fix all". */
  preferred: boolean;
  /** A term to add to the project dictionary instead of (or as well as) editing the text. */
  addToDictionary?: string;
}

export interface RelatedInformation {
  /** Where in this document; absent when the information is about another file. */
  range?: TextRange;
  /** Another file (e.g. a ruleset or dictionary file), as the workspace named it. */
  file?: string;
  message: string;
}

export interface AnalysisDiagnostic {
  code: DiagnosticCode;
  severity: Severity;
  /** In the caller's locale. */
  message: string;
  range: TextRange;
  fixes: Fix[];
  related?: RelatedInformation[];
}

/** A trait of a check resolved against the ruleset. */
export interface ResolvedTerm {
  /** The term as written. */
  written: string;
  range: TextRange;
  /** The ruleset's entry, when the term names a known trait. */
  trait?: TraitEntry;
  /** The value the pool uses: inline rating, else the actor's sheet; undefined when unknown. */
  value?: number;
  /** Where the value came from. */
  valueSource?: 'inline' | 'sheet';
}

export interface ResolvedSide {
  terms: ResolvedTerm[];
  /** Sum of the integer modifiers, signs applied. */
  modifiers: number;
}

export interface AnalyzedCheck {
  /** From « to », both included. */
  range: TextRange;
  /** The text between the guillemets. */
  contentRange: TextRange;
  /** The check as written, guillemets included. */
  text: string;
  /** Parsed on each read, at the check's current offsets (analysis/lazyCheck.ts): read it once per use. */
  ast: CheckExpression;
  /** The actor's name, when the check names one known to the front matter. */
  actor?: string;
  /** Resolved on each read, as `ast`. */
  sides: ResolvedSide[];
  /** What the engine needs; absent when the check is malformed or cannot be rolled (RM009, RM004 error). */
  spec?: CheckSpec;
  /** The odds for `spec`: computed on first read, one report shared by every check with an equal spec. */
  odds?: OddsReport;
  /** The nearest heading above the check: the scene it belongs to. */
  scene?: { title: string; range: TextRange; depth: number };
}

export interface CharacterSheet {
  name: string;
  /** The name's range in the front matter. */
  range: TextRange;
  /** Trait (canonical name when known, else as written) → value and where it is written. */
  traits: Map<string, { value: number; range: TextRange }>;
}

export interface FrontMatter {
  /** The whole block, fences included. */
  range: TextRange;
  /** The ruleset id as written and its range, when given. */
  rulesetId?: { value: string; range: TextRange };
  characters: CharacterSheet[];
}

/**
 * What Rollmark knows about one version of a document, computed from its text and the context
 * (locale, rulesets, default ruleset, dictionary, prose-check setting) alone.
 *
 * Only the newest analysis of a document is used, and never across an await. The incremental
 * analyzer (incrementalAnalysis.ts) builds the next version's analysis from this one's objects,
 * moving ranges and setting scenes in place, so an analysis kept while the document is analysed
 * again changes under its holder. Take it (workspace/analyses.ts `get`), use it synchronously,
 * let it go; to act on a check later, keep its text and position, not the analysis.
 */
export interface DocumentAnalysis {
  ruleset: Ruleset;
  /** Where the ruleset came from: front matter, the workspace setting or the built-in default. */
  rulesetSource: 'front-matter' | 'setting' | 'default';
  frontMatter?: FrontMatter;
  checks: AnalyzedCheck[];
  /** Checks written as prose (RM012), with the canonical markup each would become. */
  proseChecks: ProseCheck[];
  diagnostics: AnalysisDiagnostic[];
  /** Headings, for outlines: scenes with their checks. */
  headings: { title: string; range: TextRange; depth: number }[];
}

export interface ProseCheck {
  /** Exactly the span the fix rewrites. */
  range: TextRange;
  /** The canonical markup replacing it, guillemets included. */
  markup: string;
}

/** Where the analysis gets rulesets: built-ins plus the workspace's own. */
export interface RulesetProvider {
  get(id: string): Ruleset | undefined;
  ids(): string[];
}

export interface AnalysisOptions {
  locale: Locale;
  rulesets: RulesetProvider;
  /** The workspace setting; the built-in default applies when absent or unknown. */
  defaultRuleset?: string;
  /** Extra trait names the project dictionary accepts (any ruleset). */
  dictionary?: readonly string[];
  /** Prose-check detection; `off` skips it entirely. */
  proseChecks?: 'off' | 'on';
}
