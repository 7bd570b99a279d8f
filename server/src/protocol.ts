/**
 * What the language server and its clients (the VS Code extension, tests, any LSP editor)
 * agree on beyond standard LSP: every custom request declared once as a typed `RequestType`
 * (its method, params and result), command ids with their arguments and results, settings and
 * initialization options, and the markup both sides draw alike (a check as a chip). Client and
 * server import the same declarations, so `sendRequest` and `onRequest` type-check against them
 * (the model: vscode-eslint's `$shared/customMessages.ts`). Types, plain constants and
 * import-free functions only, so that the client can import this module without pulling the
 * server in.
 */

import { RequestType } from 'vscode-languageserver-protocol';
import type { DiagnosticCode } from './analysis/types';
import type { RollReport } from './engine/rollReport';

/** A position as LSP counts it: 0-based line, UTF-16 code units. */
export interface ProtocolPosition {
  line: number;
  character: number;
}

export interface ProtocolRange {
  start: ProtocolPosition;
  end: ProtocolPosition;
}

/**
 * Server commands, executed through `workspace/executeCommand` and advertised in
 * `executeCommandProvider`. The VS Code client registers them from that list by itself:
 * registering the same ids in the extension again fails with "command already exists".
 */
export const Commands = {
  /** Rolls one check of a document: {@link RollCheckArgs} → {@link RollCheckResult}. */
  rollCheck: 'rollmark.rollCheck',
  /** Adds a term to the project dictionary: {@link AddToDictionaryArgs} → {@link AddToDictionaryResult}. */
  addToDictionary: 'rollmark.addToDictionary',
  /**
   * Reads the project files (dictionary, rulesets) again, republishes the open documents and checks
   * the folders' other scenario files anew: {@link ReloadProjectArgs} → {@link ReloadProjectResult},
   * once all is done. «Re-check the workspace» in VS Code; for clients that do not watch files, the
   * way to have changed files read.
   */
  reloadProject: 'rollmark.reloadProject',
  /**
   * Makes a document's front matter name a ruleset, through `workspace/applyEdit`:
   * {@link SetDocumentRulesetArgs} → {@link SetDocumentRulesetResult}.
   */
  setDocumentRuleset: 'rollmark.setDocumentRuleset',
  /**
   * Writes a roll into the session notes, replayed from its seed (the same dice): a line after the
   * check, or an entry of the session log `сессия-ГГГГ-ММ-ДД.md` beside the scenario:
   * {@link KeepRollArgs} → {@link KeepRollResult}.
   */
  keepRoll: 'rollmark.keepRoll',
  /** The luck audit of a document's kept rolls (a session log, or a scenario with kept lines): {@link LuckAuditArgs} → {@link LuckAuditResult}. */
  luckAudit: 'rollmark.luckAudit',
  /**
   * Writes the LTeX+ dictionary of the workspace folder holding `uri` (`.rollmark/ltex.dictionary.txt`,
   * what `rollmark dictionary --format ltex` prints for the folder's scenarios):
   * {@link WriteLtexDictionaryArgs} → {@link WriteLtexDictionaryResult}.
   */
  writeLtexDictionary: 'rollmark.writeLtexDictionary',
} as const;

export type CommandId = (typeof Commands)[keyof typeof Commands];

/**
 * Each server command's argument (`arguments[0]`) and result: what `workspace/executeCommand`
 * carries for it, declared once for the server's dispatch and the client's calls.
 */
export interface CommandSignatures {
  [Commands.rollCheck]: { args: RollCheckArgs; result: RollCheckResult };
  [Commands.addToDictionary]: { args: AddToDictionaryArgs; result: AddToDictionaryResult };
  [Commands.reloadProject]: { args: ReloadProjectArgs | undefined; result: ReloadProjectResult };
  [Commands.setDocumentRuleset]: { args: SetDocumentRulesetArgs; result: SetDocumentRulesetResult };
  [Commands.keepRoll]: { args: KeepRollArgs; result: KeepRollResult };
  [Commands.luckAudit]: { args: LuckAuditArgs; result: LuckAuditResult };
  [Commands.writeLtexDictionary]: { args: WriteLtexDictionaryArgs; result: WriteLtexDictionaryResult };
}

export interface WriteLtexDictionaryArgs {
  /** A document's URI or a workspace folder's own: that folder's dictionary is written. */
  uri: string;
}

/** Written: the file's URI and how many words it holds; or why not, in the server's locale. */
export type WriteLtexDictionaryResult = { written: true; file: string; words: number } | { written: false; reason: string };

/** Where kept rolls go (`rollmark.keptRolls.destination`). */
export type KeptRollDestination = 'line' | 'sessionLog';

/**
 * A roll to keep: the roll's own arguments with its seed (the server replays it: the same dice),
 * where it goes, and the user's local date and time, which only the editor knows.
 */
export interface KeepRollArgs extends RollCheckArgs {
  seed: number;
  where: KeptRollDestination;
  /** `ГГГГ-ММ-ДД`. */
  date: string;
  /** `ЧЧ:ММ`. */
  time: string;
}

export type KeepRollResult = { kept: true; uri: string; line: number } | { kept: false; reason: string };

export interface LuckAuditArgs {
  uri: string;
}

export interface LuckAuditResult {
  /** The audit as Markdown, in the server's locale (the chart as an SVG image). */
  markdown: string;
  /** The total's mid-rank percentile, 0…100, when any roll was audited. */
  percentile?: number;
}

/**
 * Which check to roll: the one whose «…» contains `line`/`character` (its closing » included).
 * With `text` (the check as written, guillemets included, as code lenses and «Roll again» send
 * it) the request is safe against edits: when the check there is not that text any more, the
 * nearest check with exactly that text is rolled (the same roll, moved by an edit above it), and
 * when there is none the command fails saying the check is gone. Never another check.
 */
/**
 * The command of the one code lens over a line with many checks (a client's own, not the
 * server's): its argument is a {@link CheckChoice} list; the client offers them and rolls the one
 * chosen through `rollmark.rollCheck`.
 */
export const CHOOSE_CHECK_COMMAND = 'rollmark.chooseCheckToRoll';

/** One check a line's lens offers: how its own lens would read, with the odds, and its roll. */
export interface CheckChoice {
  title: string;
  args: RollCheckArgs;
}

export interface RollCheckArgs {
  uri: string;
  line: number;
  character: number;
  text?: string;
  /** The pool to use when the check's pool is unknown; otherwise ignored. */
  pool?: number;
  /** Replays a roll exactly; without it the server picks a fresh seed and reports it. */
  seed?: number;
  /**
   * Set by a code lens whose check has an unknown pool, so that a client can ask for a pool
   * before rolling. The server ignores it.
   */
  poolUnknown?: boolean;
  /**
   * Set with `poolUnknown` where the ruleset takes the difficulty off the dice (vampire-pack): the
   * pool a client asks for is the dice left after it. The server ignores it.
   */
  poolAfterDifficulty?: boolean;
  /**
   * A check without an actor whose values come from the character sheets: roll it as this
   * character of the front matter would («Ольха: …»). Refused when the check has an actor, or
   * when the character's sheet lacks a value it needs. (`character` above is the position's column.)
   */
  actor?: string;
  /**
   * The same check rolled by every character whose sheet holds its values, best chance first
   * ({@link RollCheckResult.party}). A code lens on such a check sets it; a client may ask whether
   * the whole party rolls or one character, and send `actor` instead. The characters roll one
   * after the other from one generator seeded with `seed`: the seed replays the whole party.
   */
  party?: boolean;
}

/** One character's roll of a party roll ({@link RollCheckArgs.party}). */
export interface CharacterRollResult {
  actor: string;
  roll: RollReport;
  /** That character's roll in one line, in the server's locale. */
  message: string;
}

export interface RollCheckResult {
  uri: string;
  /** The check as written, guillemets included. */
  text: string;
  range: ProtocolRange;
  /** The engine's report: dice, re-rolls, successes, outcome key and name, seed. */
  roll: RollReport;
  /**
   * Set when the check's pool was unknown: the pool rolled and where it came from
   * (`argument`: the caller's `pool`; `typical`: the ruleset's `typicalPool`).
   */
  assumedPool?: { pool: number; source: 'argument' | 'typical' };
  /** The one-line summary also sent as `window/showMessage`, in the server's locale. */
  message: string;
  /**
   * The roll as a roll log writes it: `message`, then one indented line per roll of an extended
   * action (a party roll: per character). A client prints these lines as they are (adding, say,
   * the time and the place).
   */
  log: string[];
  /** The character who rolled, with `actor`; with `party`, the first of them. */
  actor?: string;
  /**
   * With `party`: every character's roll, best chance first. `roll` is the first one's; `message`
   * and `log` tell them all.
   */
  party?: CharacterRollResult[];
}

export interface AddToDictionaryArgs {
  /** The document the term was found in: picks the workspace folder whose dictionary grows. */
  uri: string;
  term: string;
}

export interface AddToDictionaryResult {
  /** The dictionary file's URI. */
  file: string;
  /** False when the term was already there. */
  added: boolean;
}

/** Which folder to reload: the one holding `uri`; without an argument, every workspace folder. */
export interface ReloadProjectArgs {
  uri?: string;
}

export interface ReloadProjectResult {
  /** The workspace folders reloaded (none when `uri` is in no folder). */
  folders: string[];
  /** How many of their files that are not open were checked (`rollmark.diagnostics.scope: workspace`). */
  files: number;
}


export interface SetDocumentRulesetArgs {
  /** An open Markdown document (served or not: this is how a document starts to be served). */
  uri: string;
  /** A ruleset id the document's folder knows (`rollmark/rulesets`). */
  ruleset: string;
}

export interface SetDocumentRulesetResult {
  /** False when the client refused the edit or the front matter cannot be edited safely. */
  applied: boolean;
  /** Why not, in the server's locale, when not applied. */
  reason?: string;
}

/** The language id the server analyses: every Markdown document it serves (see {@link MarkdownMode}). */
export const MARKDOWN_LANGUAGE_ID = 'markdown';

/** File names the server always serves, whatever {@link MarkdownMode} says. */
export const SCENARIO_FILE_SUFFIX = '.scenario.md';

/**
 * Which Markdown documents the server analyses (`rollmark.markdown.enable`); `*.scenario.md`
 * files always:
 * - `withRuleset`: those whose front matter names a ruleset (`ruleset:`, `система:`, `правила:`);
 * - `all`: every Markdown document;
 * - `none`: none but `*.scenario.md` files.
 */
export type MarkdownMode = 'withRuleset' | 'all' | 'none';

export const MARKDOWN_MODES: readonly MarkdownMode[] = ['withRuleset', 'all', 'none'];

/** Code action kinds the server offers beyond quick fixes. */
export const CodeActionKinds = {
  /** Rewrites every check written as prose (RM012) to markup. */
  convertProse: 'source.rollmark.convertProse',
  /** Applies every preferred fix of the document that edits text, prose conversions (RM012) excepted. */
  fixAll: 'source.fixAll.rollmark',
  /** «Подобрать сложность»: sets a check's difficulty (storytelling: its modifier) for a target chance. */
  tuneDifficulty: 'refactor.rewrite.rollmark.tuneDifficulty',
} as const;

export type SeveritySetting = 'error' | 'warning' | 'info' | 'hint' | 'off';

/**
 * What a code lens above a check says (`rollmark.codeLens.show`):
 * - `roll`: «🎲 Бросить», the check's name where a line has several; the odds are the inlay hint's;
 * - `rollWithOdds`: the odds too («🎲 Бросить · успех 76 %»), for those who turn inlay hints off;
 * - `off`: no lenses (rolls from the context menu or «Roll the check at the cursor»).
 */
export type CodeLensMode = 'roll' | 'rollWithOdds' | 'off';

export const CODE_LENS_MODES: readonly CodeLensMode[] = ['roll', 'rollWithOdds', 'off'];

/**
 * Which files get diagnostics (`rollmark.diagnostics.scope`): `workspace`, every scenario file of
 * the workspace folders, open or not (and other Markdown per {@link MarkdownMode}); `openFiles`,
 * the open documents only.
 */
export type DiagnosticsScope = 'workspace' | 'openFiles';

export const DIAGNOSTICS_SCOPES: readonly DiagnosticsScope[] = ['workspace', 'openFiles'];

/** The `rollmark` settings section, as `workspace/configuration` returns it. */
export interface RollmarkSettings {
  /** Which Markdown documents are served, besides `*.scenario.md` files. */
  markdown: { enable: MarkdownMode };
  /** Ruleset id for documents without one in their front matter; empty: the built-in default. */
  defaultRuleset: string;
  /** Severity per diagnostic code; `off` hides the code. */
  severity: Partial<Record<DiagnosticCode, SeveritySetting>>;
  inlayHints: { enabled: boolean };
  codeLens: { show: CodeLensMode };
  diagnostics: { scope: DiagnosticsScope };
  /** Checks written as prose (RM012): not looked for (`off`), or reported at this level. */
  proseChecks: 'off' | 'hint' | 'info' | 'warning';
  /** Project dictionary, relative to the workspace folder. */
  dictionaryPath: string;
  /** Folder of user rulesets (`*.yaml`), relative to the workspace folder. */
  rulesetsPath: string;
  /** A document larger than this many megabytes (of UTF-8) gets one note instead of an analysis. */
  maxDocumentSizeMB: number;
  /** The project's party (`.rollmark/party.yaml`) documents are analysed with; empty: the file's default. */
  party: string;
}

export const DEFAULT_SETTINGS: RollmarkSettings = {
  markdown: { enable: 'withRuleset' },
  defaultRuleset: '',
  severity: {},
  inlayHints: { enabled: true },
  codeLens: { show: 'roll' },
  diagnostics: { scope: 'workspace' },
  proseChecks: 'hint',
  dictionaryPath: '.rollmark/dictionary.yaml',
  rulesetsPath: '.rollmark/rulesets',
  party: '',
  maxDocumentSizeMB: 20,
};

/**
 * A quick fix's `data` when the fix writes a value the author should choose (RM008's «add the
 * trait to the sheet»): where that value stands once the fix is applied. The VS Code extension asks
 * for the value there; other editors ignore `data` and keep the placeholder.
 */
export interface ValueChoiceData {
  valueChoice: { uri: string; line: number; character: number; length: number };
}

/** `initializationOptions` the server understands; every field is optional. */
export interface RollmarkInitializationOptions {
  /** Milliseconds between the last edit and the diagnostics (default 200). */
  diagnosticsDelay?: number;
  /** Overrides the locale `initialize` gives. */
  locale?: 'ru' | 'en';
  /** Settings for clients that support neither `workspace/configuration` nor `didChangeConfiguration`. */
  settings?: Partial<RollmarkSettings>;
  /** False in an untrusted workspace: no user ruleset files are loaded, built-in rulesets only. */
  trusted?: boolean;
  /**
   * Whether a roll's one-line result is also sent as `window/showMessage` (default true, so that
   * every editor shows it). A client that shows rolls itself (the VS Code extension) sends false.
   */
  rollMessages?: boolean;
  /**
   * The client answers `rollmark/fs/*` ({@link FileStatRequest} and the others): the server reads
   * through it the workspace folders it cannot reach itself (in a browser; a virtual workspace).
   */
  workspaceFiles?: boolean;
}

/** The answer to {@link UnservedDocumentRequest}. */
export interface UnservedDocumentInfo {
  uri: string;
  /** How many checks it holds that could be rolled, read with the ruleset it would get by default. */
  checks: number;
  /** Whether it holds checks: Rollmark could check it once it names a ruleset. */
  looksLikeScenario: boolean;
}

/** A request about one open document. */
export interface TextDocumentParams {
  textDocument: { uri: string };
}

export type CheckChipsParams = TextDocumentParams;

/** How hard a check is at a glance: its chance (the party's median character's) from 70 %, from 40 %, below; or unknown. */
export type ChipBand = 'easy' | 'medium' | 'hard' | 'unknown';

/** A check as the preview and the report show it: its text, and a badge with its chance. */
export interface CheckChip {
  /** The check as written, guillemets included. */
  text: string;
  range: ProtocolRange;
  /** The chance the badge shows (the party's median character's); null when unknown. */
  chance: number | null;
  /** The badge: «76 %», «51–76 %» for the party, «?». */
  label: string;
  /** The odds in words, for a tooltip: «пул 4 · успех 76 %», the party's figures, the problems. */
  title: string;
  band: ChipBand;
  /** The worst problem on the check, as the editor shows it. */
  severity?: 'error' | 'warning' | 'info' | 'hint';
}

/** Null for a document the server does not serve. */
export interface CheckChipsResult {
  uri: string;
  /** The document version the chips are of. */
  version: number;
  chips: CheckChip[];
}

/**
 * The chip's markup, one contract for the report (server) and the preview (client): a
 * `<span class="rm-chip rm-chip--BAND [rm-chip--SEVERITY]" title="…">` around the check
 * (`rm-chip__check`) and its badge (`rm-chip__odds`).
 */
export const CHIP_CLASS = 'rm-chip';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML: in an element or an attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/**
 * The chip's markup around its check ({@link CHIP_CLASS}): the opening one, and the closing one
 * with the badge. The report puts the escaped check between them, the preview its own tokens.
 */
export function chipMarkup(chip: Pick<CheckChip, 'label' | 'title' | 'band' | 'severity'>): { open: string; close: string } {
  const classes = [CHIP_CLASS, `${CHIP_CLASS}--${chip.band}`, ...(chip.severity ? [`${CHIP_CLASS}--${chip.severity}`] : [])].join(' ');
  return {
    open: `<span class="${classes}" title="${escapeHtml(chip.title)}"><span class="${CHIP_CLASS}__check">`,
    close: `</span> <span class="${CHIP_CLASS}__odds">${escapeHtml(chip.label)}</span></span>`,
  };
}

export interface ReportParams {
  /** A served document: its report (`scope: 'document'`), or its workspace folder's (`'workspace'`). */
  uri: string;
  scope: 'document' | 'workspace';
}

/** The report for a webview: the client puts `css` and `body` in a page of its own (its security policy, its script). */
export interface ReportResult {
  title: string;
  /** Styles: VS Code's theme variables, no remote resource. */
  css: string;
  /** The report's markup: inline SVG charts, no script; rows carry `data-uri`, `data-line`, `data-character` to reveal a check. */
  body: string;
  /** The documents the report covers (a client follows their edits). */
  uris: string[];
}

export interface RulesetsParams {
  /** A document or folder URI: its workspace folder's user rulesets are listed too. Without it, the built-in ones. */
  uri?: string;
}

/** A ruleset as a picker shows it. */
export interface RulesetChoice {
  id: string;
  /** Its title in the server's locale. */
  title: string;
  builtin: boolean;
}

export interface RulesetsResult {
  /** The built-in rulesets first, then the workspace folder's own. */
  rulesets: RulesetChoice[];
}

export interface PartiesParams {
  /** A document or folder URI: its workspace folder's `.rollmark/party.yaml` is asked about. */
  uri: string;
}

export interface PartiesResult {
  /** The party file's parties, in its order; empty without the file. */
  parties: string[];
  /** The party the folder's documents are analysed with (`rollmark.party`, else the file's default). */
  active?: string;
}

export interface DocumentInfoParams {
  textDocument: { uri: string };
  /** Which check to describe in {@link DocumentInfo.checks}; without it (or null) no check is. */
  checks?: DocumentChecksQuery;
}

/**
 * One check of the document, found exactly as {@link RollCheckArgs} find it: the check whose «…»
 * contains `position` (the closing » included); with `text`, that check if it still is that
 * text, else the nearest check with exactly that text.
 */
export interface DocumentChecksQuery {
  position: ProtocolPosition;
  text?: string;
}

/** A check of the document, as a client needs it before rolling. */
export interface DocumentCheckInfo {
  range: ProtocolRange;
  /** The check as written, guillemets included: what {@link RollCheckArgs.text} should say. */
  text: string;
  /** False when the check has an error and cannot be rolled. */
  rollable: boolean;
  /** False when a term's value is unknown: a roll needs a `pool` (or uses the ruleset's typical pool). */
  poolKnown: boolean;
  /**
   * A check without an actor that the party rolls ({@link RollCheckArgs.party}): who can roll it,
   * best chance first, each chance and the party's formatted in the server's locale.
   */
  party?: { summary: string; members: { actor: string; chance: string }[] };
}

/** The answer to {@link DocumentInfoRequest}; null for a document the server does not serve. */
export interface DocumentInfo {
  uri: string;
  /** The active ruleset's id. */
  ruleset: string;
  /** Its title in the server's locale. */
  title: string;
  /** Where the ruleset came from. */
  source: 'front-matter' | 'setting' | 'default';
  /** False when the document's workspace folder was not read for user rulesets (no folder, not a disk folder). */
  userRulesetsLoaded: boolean;
  /** Every ruleset a document of this folder may choose: the built-in ones first. */
  rulesets: RulesetChoice[];
  /**
   * The check {@link DocumentInfoParams.checks} asks for: one element when the document has
   * it, none when it has not (no check there, or that text is gone) or when none was asked for.
   * Always present, so that a reader needs no second empty case.
   */
  checks: DocumentCheckInfo[];
}

// Requests from the client to the server.

/** What an editor shows about one open document. */
export const DocumentInfoRequest = new RequestType<DocumentInfoParams, DocumentInfo | null, void>('rollmark/documentInfo');

/** The rulesets a document may choose, served or not. */
export const RulesetsRequest = new RequestType<RulesetsParams, RulesetsResult, void>('rollmark/rulesets');

/** The parties of a document's (or folder's) project and the active one: the status bar's quick switch. */
export const PartiesRequest = new RequestType<PartiesParams, PartiesResult, void>('rollmark/parties');

/** Every check of a served document as a chip (the Markdown preview); null for a document not served. */
export const CheckChipsRequest = new RequestType<CheckChipsParams, CheckChipsResult | null, void>('rollmark/checkChips');

/** The scenario report of a document or a workspace folder. */
export const ReportRequest = new RequestType<ReportParams, ReportResult, void>('rollmark/report');

/**
 * Whether an open Markdown document the server does not serve looks like a scenario, so that an
 * editor may offer to choose its ruleset; null for a served document or one that is not open.
 */
export const UnservedDocumentRequest = new RequestType<TextDocumentParams, UnservedDocumentInfo | null, void>('rollmark/unservedDocument');

// Requests from the server to the client: a workspace folder's files, read through the editor where
// the server cannot reach them itself (a browser, a virtual workspace). The VS Code extension
// answers them with `vscode.workspace.fs`; a client that does not gets no project files read there.

/** A file or folder of the workspace, by URI. */
export interface FileParams {
  uri: string;
}

/** What a path is: `link` for a symbolic link, which the server does not follow through the client. */
export type FileKind = 'file' | 'directory' | 'link' | 'other';

export interface FileStat {
  kind: FileKind;
  /** Bytes. */
  size: number;
  /** Milliseconds since 1970. */
  mtime: number;
}

/** The type of a path, or null when it does not exist. */
export const FileStatRequest = new RequestType<FileParams, FileStat | null, void>('rollmark/fs/stat');

/** A folder's entries, names and kinds, or null when it is no folder. */
export const ReadDirectoryRequest = new RequestType<FileParams, [string, FileKind][] | null, void>('rollmark/fs/readDirectory');

/** A file's bytes, base64-encoded (the server decodes and checks the text), or null when it cannot be read. */
export const ReadFileRequest = new RequestType<FileParams, string | null, void>('rollmark/fs/readFile');

export interface WriteFileParams extends FileParams {
  /** The whole new content, base64-encoded; missing folders are created. */
  content: string;
}

/** Writes a whole file (the dictionary); fails with the editor's reason. */
export const WriteFileRequest = new RequestType<WriteFileParams, void, void>('rollmark/fs/writeFile');

/** Bytes as {@link ReadFileRequest} and {@link WriteFileRequest} carry them (btoa exists in Node ≥ 16 and browsers). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
