/**
 * The analysis library's public vocabulary. Offsets are UTF-16 code units into the document
 * text exactly as given (BOM and CRLF included); `LineIndex` turns them into lines/characters.
 * No LSP types here: the server maps these to the protocol.
 */

import type { CheckSpec } from '../engine/checkSpec';
import type { OddsReport } from '../engine/oddsReport';
import type { Ruleset, TraitCategory, TraitEntry } from '../engine/ruleset';
import type { CheckExpression, TextRange } from './check/checkExpression';
import type { DiagnosticMessage, FixTitle, RelatedMessage } from './diagnosticCatalog';
import type { ProjectParty } from './project/partyFile';

export type { TextRange } from './check/checkExpression';

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
  | 'RM015'
  | 'RM016'
  | 'RM017';

export interface TextEdit {
  range: TextRange;
  newText: string;
}

export interface Fix {
  /** Shown in the light-bulb menu, worded by present/messages.ts. */
  title: FixTitle;
  /** Edits to this document; empty for a fix that only adds a dictionary entry. */
  edits: TextEdit[];
  /** The one obvious repair: editors may apply it on "fix all". */
  preferred: boolean;
  /** A term to add to the project dictionary instead of (or as well as) editing the text. */
  addToDictionary?: string;
  /**
   * The fix writes a value the author should choose: it starts `at` code units into the first
   * edit's new text and is `length` long. Editors that can ask (VS Code) offer a choice there.
   */
  valueChoice?: { at: number; length: number };
}

export interface RelatedInformation {
  /** Where in this document; absent when the information is about another file. */
  range?: TextRange;
  /** Another file (e.g. a ruleset or dictionary file), as the workspace named it. */
  file?: string;
  message: RelatedMessage;
}

export interface AnalysisDiagnostic {
  code: DiagnosticCode;
  severity: Severity;
  /** Worded by present/messages.ts. */
  message: DiagnosticMessage;
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
  /**
   * Not an ordinary trait of the pool (docs/markup.en.md): `equipment`, a named bonus the ruleset
   * lists («Управление»), a modifier; `resistance`, a subtracted trait, the opponent's («− Защита 2»).
   * Neither counts for the pool's composition rules.
   */
  role?: 'equipment' | 'resistance';
}

export interface ResolvedSide {
  /** Every trait term of the side, alternatives' options included, in written order. */
  terms: ResolvedTerm[];
  /** Sum of the integer modifiers, signs applied. */
  modifiers: number;
  /**
   * A side with alternatives: its combinations in the engine's order, each the indexes of its terms
   * in the parsed side's `terms` (`sideCombinations`). The check's combinations are every pair of
   * the first side's and the second's, the first side varying slowest.
   */
  combinations?: number[][];
  /** Helpers by name (`помощь: Вера, Гордей`) in the order they roll: as the sheet spells them, or as written when the front matter does not know them (RM007). */
  helpers?: string[];
}

export interface AnalyzedCheck {
  /** From « to », both included. */
  range: TextRange;
  /** The text between the guillemets. */
  contentRange: TextRange;
  /** The check as written, guillemets included. */
  text: string;
  /** Parsed on each read, at the check's current offsets (analysis/resolve/lazyCheck.ts): read it once per use. */
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
  /**
   * The whole party on a check without an actor, when the front matter lists two or more
   * characters and a trait's value comes from the sheets (analysis/resolve/party.ts).
   */
  party?: PartyOdds;
}

/** One character rolling a check without an actor: the check resolved with their sheet. */
export interface PartyMember {
  character: string;
  spec: CheckSpec;
  odds: OddsReport;
  /** The chance that matters (party.ts `successChance`): what `success` is in the CLI's JSON. */
  success: number;
}

export interface PartyOdds {
  /** The characters whose sheets hold the check's traits, best chance first (ties in front-matter order). */
  members: PartyMember[];
  /** Characters of the front matter a value is missing from: they cannot roll it. */
  lacking: string[];
  /** Characters the check names as helpers (`помощь: Вера`): they help whoever rolls, so they do not roll it. */
  helping: string[];
  /** P(at least one member succeeds), the members rolling independently. */
  any: number;
  /** P(every member succeeds). */
  all: number;
}

export interface CharacterSheet {
  name: string;
  /** The name's range in the front matter. */
  range: TextRange;
  /** Trait (canonical name when known, else as written) → value and where it is written. */
  traits: Map<string, { value: number; range: TextRange }>;
  /**
   * Where a trait the sheet lacks is written: a new line inserted at `at` (an empty range at the
   * end of the sheet's last line, owned by the front matter like `range`), `prefix` being its line
   * break and indentation. Absent when the sheet is not a block mapping in this document's front
   * matter (a flow mapping, a party file's sheet).
   */
  newTrait?: { at: TextRange; prefix: string };
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
 * (rulesets, default ruleset, dictionary, prose-check setting) alone: never the language it is shown in.
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
  /** The project's party the document was analysed with, and the characters its checks were rolled by (the party's with the front matter's). */
  party?: { name: string; characters: CharacterSheet[] };
}

/** The characters a document's checks are rolled by: the project's party with the front matter's, or the front matter's. */
export function sheetsOf(analysis: Pick<DocumentAnalysis, 'party' | 'frontMatter'>): CharacterSheet[] {
  return analysis.party?.characters ?? analysis.frontMatter?.characters ?? [];
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

/**
 * A project dictionary entry (docs/markup.en.md): a plain name, which is an ability-like
 * trait for the pool rules, or a name with the category it has (`{ name: Скрытность, category: skill }`).
 */
export type DictionaryEntry = string | { name: string; category: TraitCategory };

export interface AnalysisOptions {
  rulesets: RulesetProvider;
  /** The workspace setting; the built-in default applies when absent or unknown. */
  defaultRuleset?: string;
  /** Extra traits the project dictionary adds (any ruleset). */
  dictionary?: readonly DictionaryEntry[];
  /** Prose-check detection; `off` skips it entirely. */
  proseChecks?: 'off' | 'on';
  /** The project's active party (`.rollmark/party.yaml`, project/partyFile.ts): its characters come before the front matter's. */
  party?: ProjectParty;
}
