/**
 * The one place where what an LSP client sends is checked before anything acts on it. The
 * VS Code extension sends what protocol.ts declares, but any editor may connect (Neovim, Vim,
 * Emacs, a script), and a malformed request must get InvalidParams, never crash the server or
 * reach the service: request params, command arguments, document changes and settings are
 * checked here, and the service beyond takes them typed.
 */
import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import type { CodeLens, InitializeParams, TextDocumentsConfiguration } from 'vscode-languageserver';
import {
  type AddToDictionaryArgs,
  CODE_LENS_MODES,
  type CodeLensMode,
  type CommandSignatures,
  Commands,
  DEFAULT_SETTINGS,
  DIAGNOSTICS_SCOPES,
  type DiagnosticsScope,
  type DocumentChecksQuery,
  type KeepRollArgs,
  type LuckAuditArgs,
  MARKDOWN_MODES,
  type MarkdownMode,
  type ProtocolPosition,
  type ProtocolRange,
  type ReloadProjectArgs,
  type WriteLtexDictionaryArgs,
  type ReportParams,
  type RollCheckArgs,
  type RollmarkSettings,
  type RulesetsParams,
  type PartiesParams,
  type SetDocumentRulesetArgs,
  type SeveritySetting,
} from './protocol';
import { updatedDocument, type WorkspaceFolder } from './service';

/** Why a request or command was refused: said after its method or command name, as InvalidParams. */
export class MalformedError extends Error {}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

/** A well-formed LSP position (out-of-range ones are clamped later, as editors expect). */
export function isPosition(value: unknown): value is ProtocolPosition {
  return isRecord(value) && isInteger(value.line) && isInteger(value.character);
}

export function isRange(value: unknown): value is ProtocolRange {
  return isRecord(value) && isPosition(value.start) && isPosition(value.end);
}

/** `{ textDocument: { uri } }`, the start of every request about one document. */
export function hasTextDocument(params: unknown): params is { textDocument: { uri: string } } & Record<string, unknown> {
  return isRecord(params) && isRecord(params.textDocument) && typeof params.textDocument.uri === 'string';
}

/**
 * `DocumentInfoParams.checks`: absent or null (no check asked for), or `{ position, text? }`
 * (out-of-range positions are clamped, as for hovers).
 */
export function isChecksQuery(value: unknown): value is DocumentChecksQuery | undefined | null {
  if (value === undefined || value === null) return true;
  return isRecord(value) && isPosition(value.position) && (value.text === undefined || typeof value.text === 'string');
}

/** A code lens sent back to be resolved: it must have its range (its `data` is the server's own). */
export function isLens(value: unknown): value is CodeLens {
  return isRecord(value) && isRange(value.range);
}

/** `workspace/executeCommand`'s command and its one argument, as sent. */
export function commandCall(params: unknown): { command: unknown; arg: unknown } {
  if (!isRecord(params)) return { command: undefined, arg: undefined };
  return { command: params.command, arg: Array.isArray(params.arguments) ? params.arguments[0] : undefined };
}

/** `rollmark/report`'s params. */
export function reportParams(raw: unknown): ReportParams {
  if (!isRecord(raw) || typeof raw.uri !== 'string' || (raw.scope !== 'document' && raw.scope !== 'workspace')) throw new MalformedError('expected {uri, scope: "document" | "workspace"}');
  return { uri: raw.uri, scope: raw.scope };
}

/** `rollmark/rulesets`' params: a URI, or nothing for the built-in rulesets. */
export function rulesetsParams(raw: unknown): RulesetsParams {
  const uri = isRecord(raw) ? raw.uri : undefined;
  if (uri !== undefined && typeof uri !== 'string') throw new MalformedError('"uri" must be a URI');
  return uri === undefined ? {} : { uri };
}

export function partiesParams(raw: unknown): PartiesParams {
  const uri = isRecord(raw) ? raw.uri : undefined;
  if (typeof uri !== 'string' || uri === '') throw new MalformedError('"uri" must be a URI');
  return { uri };
}

/** Larger pools than this are a typo, not a roll (and would make a long message). */
export const MAX_CHOSEN_POOL = 100;

function rollCheckArgs(raw: unknown): RollCheckArgs {
  if (!isRecord(raw)) throw new MalformedError('expected one argument {uri, line, character, text?, pool?, seed?, actor?, party?}');
  if (typeof raw.uri !== 'string' || raw.uri === '') throw new MalformedError('"uri" must be a document URI');
  if (!isInteger(raw.line) || !isInteger(raw.character)) throw new MalformedError('"line" and "character" must be integers');
  const args: RollCheckArgs = { uri: raw.uri, line: raw.line, character: raw.character };
  const given = (value: unknown) => value !== undefined && value !== null;
  if (given(raw.text)) {
    if (typeof raw.text !== 'string' || raw.text === '') throw new MalformedError('"text" must be the check as written');
    args.text = raw.text;
  }
  if (given(raw.pool)) {
    if (!isInteger(raw.pool) || raw.pool < 0 || raw.pool > MAX_CHOSEN_POOL) throw new MalformedError(`"pool" must be an integer from 0 to ${MAX_CHOSEN_POOL}`);
    args.pool = raw.pool;
  }
  if (given(raw.seed)) {
    if (!isInteger(raw.seed)) throw new MalformedError('"seed" must be an integer');
    args.seed = raw.seed;
  }
  if (given(raw.actor)) {
    if (typeof raw.actor !== 'string' || raw.actor === '') throw new MalformedError('"actor" must be a character\'s name');
    args.actor = raw.actor;
  }
  if (given(raw.party)) {
    if (typeof raw.party !== 'boolean') throw new MalformedError('"party" must be true or false');
    if (raw.party && args.actor !== undefined) throw new MalformedError('give "actor" or "party", not both');
    args.party = raw.party;
  }
  return args;
}

function addToDictionaryArgs(raw: unknown): AddToDictionaryArgs {
  if (!isRecord(raw)) throw new MalformedError('expected one argument {uri, term}');
  if (typeof raw.uri !== 'string' || raw.uri === '') throw new MalformedError('"uri" must be a document URI');
  if (typeof raw.term !== 'string' || raw.term.trim() === '' || /[\r\n]/.test(raw.term)) throw new MalformedError('"term" must be a one-line, non-empty string');
  return { uri: raw.uri, term: raw.term.trim() };
}

function setDocumentRulesetArgs(raw: unknown): SetDocumentRulesetArgs {
  if (!isRecord(raw)) throw new MalformedError('expected one argument {uri, ruleset}');
  if (typeof raw.uri !== 'string' || raw.uri === '') throw new MalformedError('"uri" must be a document URI');
  if (typeof raw.ruleset !== 'string' || raw.ruleset.trim() === '') throw new MalformedError('"ruleset" must be a ruleset id');
  return { uri: raw.uri, ruleset: raw.ruleset.trim() };
}

function reloadProjectArgs(raw: unknown): ReloadProjectArgs | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!isRecord(raw) || typeof raw.uri !== 'string') throw new MalformedError('expected no argument or {uri}');
  return { uri: raw.uri };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

function keepRollArgs(raw: unknown): KeepRollArgs {
  const roll = rollCheckArgs(raw);
  const r = raw as Record<string, unknown>;
  if (roll.seed === undefined) throw new MalformedError('"seed" must be the kept roll\'s seed');
  if (r.where !== 'line' && r.where !== 'sessionLog') throw new MalformedError('"where" must be "line" or "sessionLog"');
  if (typeof r.date !== 'string' || !DATE.test(r.date)) throw new MalformedError('"date" must be YYYY-MM-DD');
  if (typeof r.time !== 'string' || !TIME.test(r.time)) throw new MalformedError('"time" must be HH:MM');
  return { ...roll, seed: roll.seed, where: r.where, date: r.date, time: r.time };
}

function luckAuditArgs(raw: unknown): LuckAuditArgs {
  if (!isRecord(raw) || typeof raw.uri !== 'string' || raw.uri === '') throw new MalformedError('expected one argument {uri}');
  return { uri: raw.uri };
}

function writeLtexDictionaryArgs(raw: unknown): WriteLtexDictionaryArgs {
  if (!isRecord(raw) || typeof raw.uri !== 'string' || raw.uri === '') throw new MalformedError('expected one argument {uri}');
  return { uri: raw.uri };
}

/** Each server command's argument, checked: the shape `CommandSignatures` declares, or a reason. */
export const commandArgs: { [C in keyof CommandSignatures]: (raw: unknown) => CommandSignatures[C]['args'] } = {
  [Commands.rollCheck]: rollCheckArgs,
  [Commands.addToDictionary]: addToDictionaryArgs,
  [Commands.reloadProject]: reloadProjectArgs,
  [Commands.setDocumentRuleset]: setDocumentRulesetArgs,
  [Commands.keepRoll]: keepRollArgs,
  [Commands.luckAudit]: luckAuditArgs,
  [Commands.writeLtexDictionary]: writeLtexDictionaryArgs,
};

export function isCommand(command: unknown): command is keyof CommandSignatures {
  return typeof command === 'string' && Object.hasOwn(commandArgs, command);
}

function isContentChange(change: unknown): change is TextDocumentContentChangeEvent {
  return isRecord(change) && typeof change.text === 'string' && (!('range' in change) || isRange(change.range));
}

/**
 * Documents as the client sends them, refusing a `didChange` with a malformed change as a whole.
 * `TextDocument.update` applies the changes one by one, in place: a bad second change would leave
 * the first applied and the text silently different from the client's. Refused, the error is
 * logged (the connection reports a failed notification) and the document keeps its last good
 * version.
 */
export const checkedTextDocuments: TextDocumentsConfiguration<TextDocument> = {
  create: (uri, languageId, version, content) => TextDocument.create(uri, languageId, version, content),
  update(document, changes, version) {
    const bad = changes.findIndex((change) => !isContentChange(change));
    if (bad >= 0) throw new Error(`content change ${bad} of version ${version} of ${document.uri} is malformed: the whole change is ignored, the document stays at version ${document.version}`);
    return updatedDocument(document, changes, version);
  },
};

/**
 * What the server takes of `initialize`: its locale (`initializationOptions.locale`, else the
 * client's), the workspace folders (else the root) and the `initializationOptions`
 * (`RollmarkInitializationOptions`), anything malformed left at its default.
 */
export interface Initialization {
  locale: 'ru' | 'en';
  folders: WorkspaceFolder[];
  diagnosticsDelay?: number;
  trusted: boolean;
  rollMessages: boolean;
  workspaceFiles: boolean;
  settings: RollmarkSettings;
}

function isFolder(value: unknown): value is WorkspaceFolder {
  return isRecord(value) && typeof value.uri === 'string' && typeof value.name === 'string';
}

export function initialization(params: InitializeParams): Initialization {
  const options: Record<string, unknown> = isRecord(params.initializationOptions) ? params.initializationOptions : {};
  const delay = options.diagnosticsDelay;
  const clientLocale = typeof params.locale === 'string' && params.locale.toLowerCase().startsWith('ru') ? 'ru' : 'en';
  const folders = Array.isArray(params.workspaceFolders) ? params.workspaceFolders.filter(isFolder) : typeof params.rootUri === 'string' ? [{ uri: params.rootUri, name: 'root' }] : [];
  return {
    locale: options.locale === 'ru' || options.locale === 'en' ? options.locale : clientLocale,
    folders,
    ...(typeof delay === 'number' && delay >= 0 ? { diagnosticsDelay: delay } : {}),
    trusted: options.trusted !== false,
    rollMessages: options.rollMessages !== false,
    workspaceFiles: options.workspaceFiles === true,
    settings: normalizeSettings(options.settings),
  };
}

const SEVERITIES: readonly SeveritySetting[] = ['error', 'warning', 'info', 'hint', 'off'];
const PROSE_LEVELS: readonly RollmarkSettings['proseChecks'][] = ['off', 'hint', 'info', 'warning'];
const CODE = /^RM0\d\d$/;
/** The largest `rollmark.maxDocumentSizeMB` taken (package.json's maximum): past it, the default. */
const MAX_DOCUMENT_SIZE_MB = 1024;

function severityOf(value: unknown): SeveritySetting | undefined {
  // Editors and users also write the LSP/VS Code spellings; accept them rather than ignore the override.
  const text = typeof value === 'string' ? value.toLowerCase() : '';
  const alias = text === 'information' ? 'info' : text === 'none' ? 'off' : text;
  return (SEVERITIES as readonly string[]).includes(alias) ? (alias as SeveritySetting) : undefined;
}

/** One of `allowed`, else undefined. */
function oneOf<T extends string>(allowed: readonly T[], value: unknown): T | undefined {
  return (allowed as readonly unknown[]).includes(value) ? (value as T) : undefined;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * Turns whatever a client sent as the `rollmark` section into complete settings. Anything
 * missing or malformed falls back to its default: a typo in settings.json must not stop the
 * server.
 */
export function normalizeSettings(raw: unknown): RollmarkSettings {
  const section = isRecord(raw) ? raw : {};
  const severity: RollmarkSettings['severity'] = {};
  if (isRecord(section.severity)) {
    for (const [code, value] of Object.entries(section.severity)) {
      const level = severityOf(value);
      if (CODE.test(code) && level) severity[code as keyof RollmarkSettings['severity']] = level;
    }
  }
  // VS Code sends nested sections; a client writing a dotted key flat is understood too.
  const nested = (group: string, key: string): unknown => {
    const inGroup = section[group];
    return (isRecord(inGroup) ? inGroup[key] : undefined) ?? section[`${group}.${key}`];
  };
  const inlayEnabled = nested('inlayHints', 'enabled');
  return {
    markdown: { enable: oneOf<MarkdownMode>(MARKDOWN_MODES, nested('markdown', 'enable')) ?? DEFAULT_SETTINGS.markdown.enable },
    defaultRuleset: nonEmptyString(section.defaultRuleset) ?? DEFAULT_SETTINGS.defaultRuleset,
    severity,
    inlayHints: { enabled: typeof inlayEnabled === 'boolean' ? inlayEnabled : DEFAULT_SETTINGS.inlayHints.enabled },
    codeLens: { show: oneOf<CodeLensMode>(CODE_LENS_MODES, nested('codeLens', 'show')) ?? DEFAULT_SETTINGS.codeLens.show },
    diagnostics: { scope: oneOf<DiagnosticsScope>(DIAGNOSTICS_SCOPES, nested('diagnostics', 'scope')) ?? DEFAULT_SETTINGS.diagnostics.scope },
    proseChecks: oneOf(PROSE_LEVELS, section.proseChecks) ?? DEFAULT_SETTINGS.proseChecks,
    dictionaryPath: nonEmptyString(section.dictionaryPath) ?? DEFAULT_SETTINGS.dictionaryPath,
    rulesetsPath: nonEmptyString(section.rulesetsPath) ?? DEFAULT_SETTINGS.rulesetsPath,
    maxDocumentSizeMB: typeof section.maxDocumentSizeMB === 'number' && section.maxDocumentSizeMB > 0 && section.maxDocumentSizeMB <= MAX_DOCUMENT_SIZE_MB ? section.maxDocumentSizeMB : DEFAULT_SETTINGS.maxDocumentSizeMB,
    party: nonEmptyString(section.party) ?? DEFAULT_SETTINGS.party,
  };
}

/** The settings a `didChangeConfiguration` pushes (`{ settings: { rollmark } }`), when it pushes any. */
export function pushedSettings(params: unknown): RollmarkSettings | undefined {
  const settings = isRecord(params) ? params.settings : undefined;
  return isRecord(settings) && 'rollmark' in settings ? normalizeSettings(settings.rollmark) : undefined;
}

/** The URIs a `didChangeWatchedFiles` names; malformed entries are skipped. */
export function changedUris(params: unknown): string[] {
  const changes = isRecord(params) && Array.isArray(params.changes) ? params.changes : [];
  return changes.flatMap((change: unknown) => (isRecord(change) && typeof change.uri === 'string' ? [change.uri] : []));
}
