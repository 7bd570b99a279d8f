/**
 * The façade: `createRollmarkService(options)` is the one entry to Rollmark's analysis for every
 * host — the LSP server (server.ts, in Node and in a browser's Web Worker), the CLI and its worker
 * threads. A host injects what differs between hosts through small interfaces (host.ts): the open
 * documents, the workspace folders' file system, the settings, a clock and a random source; the
 * service holds the session (session.ts) and answers requests (requests.ts, commands.ts) and the
 * CLI's questions about texts on their own (text.ts). Nothing below it imports `node:` modules
 * (eslint.config.mjs `nodeFree`). Modelled on vscode-markdown-languageservice's `createLanguageService`.
 */
import type {
  CodeAction,
  CodeActionParams,
  CodeLens,
  CodeLensParams,
  CompletionList,
  CompletionParams,
  DocumentSymbol,
  DocumentSymbolParams,
  Hover,
  HoverParams,
  InlayHint,
  InlayHintParams,
} from 'vscode-languageserver';
import type { WorkspaceConfig } from '../analysis/project/workspaceConfig';
import { ltexDictionaryText, spellingWords, type SpellingSources } from '../analysis/project/spellingWords';
import type { ResolvedCheck } from '../analysis/resolve/resolveCheck';
import type { DocumentAnalysis, PartyMember } from '../analysis/types';
import type { CheckSpec } from '../engine/checkSpec';
import type { OddsReport } from '../engine/oddsReport';
import type { RandomSource } from '../engine/random';
import type { RollReport } from '../engine/rollReport';
import type { Ruleset } from '../engine/ruleset';
import type { Locale } from '../present/locale';
import { COMPLETION_TRIGGERS } from '../features/completion';
import type {
  CheckChipsParams,
  CheckChipsResult,
  CommandSignatures,
  DocumentInfo,
  DocumentInfoParams,
  ReportParams,
  ReportResult,
  RollmarkSettings,
  RulesetsParams,
  PartiesParams,
  PartiesResult,
  RulesetsResult,
  TextDocumentParams,
  UnservedDocumentInfo,
} from '../protocol';
import type { WorkspaceFolder } from '../workspace/folders';
import type { ProjectFiles } from '../workspace/projectFiles';
import { commands } from './commands';
import type { Cancellation } from './requests';
import * as requests from './requests';
import { Session, type SessionOptions } from './session';
import * as text from './text';
import { auditKeptRolls, type ScenarioSource, type SessionAudit } from '../analysis/luckAudit';
import type { SentAnalysis, SentProject } from './transfer';

export type { DocumentAnalyzers } from '../analysis/document/incrementalAnalysis';
// What the CLI writes its results with, besides present/'s words: positions, default severities, pools.
export { DEFAULT_SEVERITY } from '../analysis/diagnosticCatalog';
export { LineIndex, type LinePosition } from '../analysis/markdown/lineIndex';
export { chooseParty, type ProjectParty } from '../analysis/project/partyFile';
export { DEFAULT_MAX_DOCUMENT_MB, MEGABYTE } from '../analysis/project/fileRefusal';
export { DEFAULT_RULESET_ID } from '../analysis/project/rulesetProvider';
export { LTEX_DICTIONARY_PATH, type SpellingSources } from '../analysis/project/spellingWords';
export { isKnownPool } from '../engine/oddsReport';
export type { WorkspaceFolder } from '../workspace/folders';
export { updatedDocument } from '../workspace/documentSync';
export { ServiceError, type ServiceErrorKind } from './errors';
export * from './host';
export type { Cancellation } from './requests';
export type { SentAnalysis, SentProject } from './transfer';
export type { AnalysisProject, RollRequest, TextOptions } from './text';

/** What a host gives the service; only the first five are required (the CLI's service has no editor). */
export type RollmarkServiceOptions = SessionOptions;

export interface RollmarkService {
  /** The language of every word the service writes. */
  readonly locale: Locale;
  /** The characters that make an editor ask for completion by themselves. */
  readonly completionTriggers: readonly string[];

  // The editor's session: what it tells, and what it asks about its open documents.

  /** The editor is ready: open documents are analysed, the workspace checked after a pause. */
  start(): void;
  dispose(): void;
  documentOpened(uri: string): void;
  /** A document's text changed, its opening included. */
  documentChanged(uri: string): void;
  documentClosed(uri: string): void;
  /** Settings changed; `pushed` is the new section when the editor pushes it rather than being asked. */
  configurationChanged(pushed: RollmarkSettings | undefined): void;
  /** Files changed on disk (created, changed, deleted). */
  filesChanged(uris: readonly string[]): void;
  foldersChanged(added: readonly WorkspaceFolder[], removed: readonly WorkspaceFolder[]): void;

  hover(params: HoverParams, token?: Cancellation): Promise<Hover | null>;
  codeLenses(params: CodeLensParams, token?: Cancellation): Promise<CodeLens[]>;
  resolveCodeLens(lens: CodeLens, token?: Cancellation): Promise<CodeLens>;
  inlayHints(params: InlayHintParams, token?: Cancellation): Promise<InlayHint[]>;
  completion(params: CompletionParams, token?: Cancellation): Promise<CompletionList | null>;
  codeActions(params: CodeActionParams, token?: Cancellation): Promise<CodeAction[]>;
  documentSymbols(params: DocumentSymbolParams, token?: Cancellation): Promise<DocumentSymbol[]>;
  documentInfo(params: DocumentInfoParams, token?: Cancellation): Promise<DocumentInfo | null>;
  checkChips(params: CheckChipsParams, token?: Cancellation): Promise<CheckChipsResult | null>;
  report(params: ReportParams): Promise<ReportResult>;
  unservedDocument(params: TextDocumentParams): Promise<UnservedDocumentInfo | null>;
  rulesets(params: RulesetsParams): Promise<RulesetsResult>;
  parties(params: PartiesParams): Promise<PartiesResult>;
  /** Runs a server command (protocol.ts `Commands`) with its checked argument. */
  executeCommand<C extends keyof CommandSignatures>(command: C, args: CommandSignatures[C]['args']): Promise<CommandSignatures[C]['result']>;

  // Texts on their own, as the CLI and its worker threads have them.

  /** The built-in rulesets, in their order. */
  builtinRulesets(): Ruleset[];
  builtinRuleset(id: string): Ruleset | undefined;
  /** A folder's project (dictionary, user rulesets) read from its files; problems become its diagnostics. */
  loadProject(files: ProjectFiles): Promise<WorkspaceConfig>;
  /** One document's analysis under a project (loaded, or received from another thread). */
  analyzeText(source: string, project: text.AnalysisProject, options?: text.TextOptions): DocumentAnalysis;
  /** One check given on its own (`rollmark odds`, `roll`), with or without its «». */
  readCheck(source: string, ruleset: Ruleset): ResolvedCheck;
  odds(ruleset: Ruleset, spec: CheckSpec): OddsReport;
  /** A roll: replayed from `seed` when given, else drawn from `dice` (a run's stream), else with the host's random source. */
  roll(ruleset: Ruleset, spec: CheckSpec, options?: text.RollRequest): RollReport;
  /** A check rolled by each member of the party, one after the other from one stream of dice. */
  rollParty(ruleset: Ruleset, members: readonly PartyMember[], dice: RandomSource): { actor: string; report: RollReport }[];
  /** One stream of dice for a whole run (`--seed`): every roll drawn from it gets dice of its own, the same on every run. */
  dice(seed: number): RandomSource;
  /** An analysis as sent to another thread, and back against that thread's copy of the project. */
  sendAnalysis(analysis: DocumentAnalysis): SentAnalysis;
  receiveAnalysis(sent: SentAnalysis, project: WorkspaceConfig): DocumentAnalysis;
  sendProject(project: WorkspaceConfig): SentProject;
  receiveProject(sent: SentProject): text.AnalysisProject;
  /** The luck audit of a text's kept rolls, each check read in its scenario (`rollmark audit`). */
  auditKeptRolls(source: string, scenario: ScenarioSource): Promise<SessionAudit>;
  /** An LTeX+ dictionary file of the words a spell checker should take (`rollmark dictionary`): one word a line. */
  ltexDictionary(sources: SpellingSources): string;
}

/** Creates a service for one host: for an editor, created at `initialize` with what it said. */
export function createRollmarkService(options: RollmarkServiceOptions): RollmarkService {
  const s = new Session(options);
  return Object.freeze<RollmarkService>({
    locale: options.locale,
    completionTriggers: COMPLETION_TRIGGERS,
    start: () => s.start(),
    dispose: () => s.dispose(),
    documentOpened: (uri) => s.opened(uri),
    documentChanged: (uri) => s.changed(uri),
    documentClosed: (uri) => s.closed(uri),
    configurationChanged: (pushed) => s.configurationChanged(pushed),
    filesChanged: (uris) => s.filesChanged(uris),
    foldersChanged: (added, removed) => s.foldersChanged(added, removed),
    hover: (params, token) => requests.hover(s, params, token),
    codeLenses: (params, token) => requests.codeLenses(s, params, token),
    resolveCodeLens: (lens, token) => requests.resolveLens(s, lens, token),
    inlayHints: (params, token) => requests.inlayHints(s, params, token),
    completion: (params, token) => requests.completion(s, params, token),
    codeActions: (params, token) => requests.codeActions(s, params, token),
    documentSymbols: (params, token) => requests.documentSymbols(s, params, token),
    documentInfo: (params, token) => requests.documentInfo(s, params, token),
    checkChips: (params, token) => requests.checkChips(s, params, token),
    report: (params) => requests.report(s, params),
    unservedDocument: (params) => requests.unservedDocument(s, params),
    rulesets: (params) => requests.rulesets(s, params),
    parties: (params) => requests.parties(s, params),
    executeCommand: (command, args) => commands[command](s, args),
    builtinRulesets: text.builtinRulesets,
    builtinRuleset: text.builtinRuleset,
    loadProject: (files) => text.loadProject(files, options.trusted ?? true),
    analyzeText: (source, project, textOptions) => text.analyzeText(source, project, textOptions),
    readCheck: text.readCheck,
    odds: text.odds,
    roll: (ruleset, spec, request) => text.roll(ruleset, spec, options.random, request),
    rollParty: text.rollParty,
    dice: text.dice,
    sendAnalysis: text.sendAnalysis,
    receiveAnalysis: text.receiveAnalysis,
    sendProject: text.sendProject,
    receiveProject: text.receiveProject,
    auditKeptRolls,
    ltexDictionary: (sources) => ltexDictionaryText(spellingWords(sources)),
  });
}
