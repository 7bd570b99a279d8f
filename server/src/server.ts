/**
 * The language server: registers handlers on a connection it is given and delegates each to a
 * feature in `features/`. It knows nothing of the transport (see main.ts) and computes nothing
 * itself (see analysis/ and engine/).
 */
import {
  type CancellationToken,
  CodeActionKind,
  CodeLensRefreshRequest,
  type Connection,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  type Diagnostic,
  ErrorCodes,
  type InitializeError,
  type InitializeParams,
  type InitializeResult,
  LSPErrorCodes,
  MessageType,
  ResponseError,
  ShowMessageNotification,
  type TextDocumentIdentifier,
  TextDocuments,
  TextDocumentSyncKind,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createDocumentAnalyzers, type DocumentAnalyzers } from './analysis/document/incrementalAnalysis';
import { dictionaryNames } from './analysis/resolve/traitIndex';
import type { Locale } from './present/locale';
import { addToProjectDictionary, DictionaryError, dictionaryEditProblem, parseDictionaryArgs } from './workspace/projectDictionary';
import { provideCheckChips } from './features/checkChips';
import { provideCodeActions } from './features/codeActions';
import { lensKey, provideCodeLenses, resolveCodeLens } from './features/codeLens';
import { COMPLETION_TRIGGERS, provideCompletion } from './features/completion';
import { effectiveSeverity, provideDiagnostics, unreadFileDiagnostics } from './features/diagnostics';
import { isDocumentChecksParam, provideDocumentInfo, provideUnservedInfo } from './features/documentInfo';
import { provideDocumentSymbols } from './features/documentSymbols';
import { provideHover } from './features/hover';
import { provideInlayHints } from './features/inlayHints';
import { provideReport, type ReportDocument, ReportParts } from './features/report';
import { fileProblemDiagnostics, folderProblemDiagnostics } from './features/projectProblems';
import { parseRollArgs, provideRoll, RollArgumentError } from './features/rollCheck';
import { provideRulesets } from './features/rulesets';
import { parseSetRulesetArgs, provideSetDocumentRuleset, SetRulesetArgumentError } from './features/setDocumentRuleset';
import { Lifecycle } from './lifecycle';
import {
  type AddToDictionaryResult,
  type CheckChipsResult,
  CodeActionKinds,
  Commands,
  DEFAULT_SETTINGS,
  type DocumentInfo,
  type DocumentInfoParams,
  isPosition,
  isRange,
  type ReloadProjectResult,
  type ReportResult,
  Requests,
  type RollmarkInitializationOptions,
  type RulesetsParams,
  type RulesetsResult,
  type SetDocumentRulesetResult,
  MARKDOWN_LANGUAGE_ID,
  type UnservedDocumentInfo,
} from './protocol';
import { analyzeDocument } from './analysis/analyzeDocument';
import { dictionaryNotAdded } from './present/messages';
import { voice } from './present/voice';
import { type AnalyzedDocument, DocumentAnalyses } from './workspace/analyses';
import { DiagnosticsScheduler } from './workspace/diagnosticsScheduler';
import { checkedTextDocuments } from './workspace/documentSync';
import { HeapReclaimer } from './workspace/heapReclaimer';
import { fileUri, relativePath, sameFile, WorkspaceFolders } from './workspace/folders';
import type { FileProblems } from './analysis/project/workspaceConfig';
import { type FsFactory, nodeFsFactory, Projects } from './workspace/projects';
import { ServedDocuments } from './workspace/servedDocuments';
import { SettingsStore } from './workspace/settings';
import { type Progress, WorkspaceDiagnostics } from './workspace/workspaceDiagnostics';
import { analysisOptions, type OpenDocuments, openReportDocument, reportPath, workspaceReportDocuments } from './workspace/workspaceScenarios';

const DEFAULT_DIAGNOSTICS_DELAY = 200;
/** Milliseconds between `initialized` and the first check of the workspace's files that are not open. */
const WORKSPACE_CHECK_DELAY = 1000;

/** What tests and benchmarks may replace; the defaults are the real thing. */
export interface ServerOptions {
  /** The file system of a workspace folder (default: the disk, for `file:` folders). */
  fileSystem?: FsFactory;
  /** Milliseconds between the last edit and the diagnostics; wins over `initializationOptions`. */
  diagnosticsDelay?: number;
  /** The analysis, one incremental analyzer per document (default: the real one); tests wrap it to count runs. */
  analyzers?: DocumentAnalyzers;
  /** A full garbage collection, run after work on large documents (main.ts passes V8's). */
  collectGarbage?: () => void;
  /** Milliseconds a workspace check runs before it shows progress (default 300: a quicker one would only flicker). */
  progressAfter?: number;
  /** Milliseconds between `initialized` and the first workspace check (default 1000). */
  workspaceCheckDelay?: number;
}

interface State {
  locale: Locale;
  settings: SettingsStore;
  projects: Projects;
  analyses: DocumentAnalyses;
  scheduler: DiagnosticsScheduler;
  folders: WorkspaceFolders;
  served: ServedDocuments;
  /** The diagnostics of the workspace's files that are not open. */
  workspace: WorkspaceDiagnostics;
  /** Whether rolls are also announced with `window/showMessage` (initialization option `rollMessages`). */
  rollMessages: boolean;
  /** The client applies `documentChanges` (versioned edits) in `workspace/applyEdit`. */
  versionedEdits: boolean;
  refreshLenses: boolean;
  refreshInlayHints: boolean;
  /** What the client lets the server register after `initialized`. */
  dynamic: { configuration: boolean; watchedFiles: boolean; workspaceFolders: boolean };
  /** Documents' parts of scenario reports, kept while their texts and the settings stay. */
  reportParts: ReportParts;
}

function localeOf(params: InitializeParams, options: RollmarkInitializationOptions): Locale {
  if (options.locale === 'ru' || options.locale === 'en') return options.locale;
  return typeof params.locale === 'string' && params.locale.toLowerCase().startsWith('ru') ? 'ru' : 'en';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Files the workspace check reads (projectFs.ts `markdownFiles`). */
const MARKDOWN_FILE = /\.(md|markdown)$/i;

/** Milliseconds between two progress reports of a workspace check. */
const PROGRESS_INTERVAL = 100;

function invalidParams(message: string): ResponseError<void> {
  return new ResponseError(ErrorCodes.InvalidParams, message);
}

/** Registers every handler on the connection. The caller creates the connection and calls `listen()`. */
export function startServer(connection: Connection, options: ServerOptions = {}): void {
  const documents = new TextDocuments(checkedTextDocuments);
  const analyzers: DocumentAnalyzers = options.analyzers ?? createDocumentAnalyzers();
  let state: State | undefined;
  /** Workspace files that got diagnostics, per folder, so that fixed files are cleared. */
  const filesWithProblems = new Map<string, Set<string>>();
  const justOpened = new Set<string>();
  /** Documents that got diagnostics, so that one closed or no longer served is cleared. */
  const published = new Set<string>();
  const reclaimer = options.collectGarbage ? new HeapReclaimer({ collect: options.collectGarbage }) : undefined;
  const lifecycle = new Lifecycle();
  const fsFor = options.fileSystem ?? nodeFsFactory;

  const log = (what: string, error: unknown) => {
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    connection.console.error(`rollmark: ${what} failed: ${detail}`);
  };

  const isServed = async (document: TextDocument) => state !== undefined && (await state.served.isServed(document));

  const clearDiagnostics = (uri: string) => {
    if (published.delete(uri)) void connection.sendDiagnostics({ uri, diagnostics: [] });
  };

  const publishFileProblems = (folderUri: string, problems: FileProblems[]) => {
    const before = filesWithProblems.get(folderUri) ?? new Set<string>();
    const now = new Set(problems.map((p) => p.uri));
    for (const problem of problems) void connection.sendDiagnostics({ uri: problem.uri, diagnostics: fileProblemDiagnostics(problem, state?.locale ?? 'en') });
    for (const uri of before) if (!now.has(uri)) void connection.sendDiagnostics({ uri, diagnostics: [] });
    filesWithProblems.set(folderUri, now);
  };

  const publish = async (uri: string): Promise<boolean> => {
    const document = documents.get(uri);
    if (!state || !document) return false;
    if (!(await isServed(document))) {
      clearDiagnostics(uri);
      return false;
    }
    const analyzed = await state.analyses.get(document);
    // Closed or edited while analysed: the next timer publishes the newer version.
    if (documents.get(uri) !== document || !state.analyses.isCurrent(document, analyzed)) return false;
    const folder = analyzed.project.folderUri;
    const diagnostics: Diagnostic[] = [
      ...folderProblemDiagnostics(document, analyzed.project.config.folderProblems, analyzed.settings, state.locale),
      ...provideDiagnostics(document, analyzed.analysis, analyzed.settings, (file) => (folder ? fileUri(folder, file) : undefined), state.locale),
    ];
    published.add(uri);
    await connection.sendDiagnostics({ uri, version: analyzed.version, diagnostics });
    reclaimer?.workDone();
    return true;
  };

  /** Publishes again the documents (all, or those `which` picks), and has lenses and hints asked for again. */
  const republish = (which: (uri: string) => boolean = () => true) => {
    if (!state) return;
    for (const document of documents.all()) if (which(document.uri)) state.scheduler.now(document.uri);
    // Lenses and hints show odds, which settings and dictionaries change too.
    if (state.refreshLenses) void connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
    if (state.refreshInlayHints) void connection.languages.inlayHint.refresh().catch(() => undefined);
  };

  const workspaceChanged = () => {
    if (!state) return;
    state.projects.reset();
    state.analyses.invalidateAll();
    state.reportParts.clear();
    republish();
    void state.workspace.checkFolders();
  };

  /** One folder's project files changed: that folder reloads and republishes, the others keep theirs. */
  const projectChanged = (folderUri: string): Promise<number> => {
    if (!state) return Promise.resolve(0);
    const { folders } = state;
    const inFolder = (uri: string) => folders.folderFor(uri) === folderUri;
    state.projects.reset(folderUri);
    state.analyses.invalidate(inFolder);
    state.reportParts.clear();
    republish(inFolder);
    return state.workspace.checkFolders([folderUri]);
  };

  /** A progress report of a workspace check, at most one update per {@link PROGRESS_INTERVAL}. */
  const workspaceProgress = async (): Promise<Progress> => {
    const reporter = await connection.window.createWorkDoneProgress();
    const v = voice(state?.locale ?? 'en');
    reporter.begin('Rollmark', 0, undefined, false);
    let last = 0;
    return {
      report: (done, total) => {
        const now = performance.now();
        if (now - last < PROGRESS_INTERVAL) return;
        last = now;
        reporter.report(Math.floor((done / Math.max(total, 1)) * 100), v.w.checkingFiles(v.number(done), v.number(total)));
      },
      done: () => reporter.done(),
    };
  };

  /**
   * The common path of every document request: malformed params are an LSP error, a closed
   * or foreign document gets the empty answer, and an exception in a feature is logged and
   * answered with the empty answer too, never a dead server.
   */
  function onDocument<P extends { textDocument: TextDocumentIdentifier }, R>(
    name: string,
    empty: R,
    validate: (params: P) => boolean,
    run: (document: TextDocument, analyzed: AnalyzedDocument, params: P, state: State) => R,
    fresh: 'exact' | 'recent' = 'exact',
  ): (params: P, token: CancellationToken) => Promise<R | ResponseError<void>> {
    return async (params, token) => {
      const refused = lifecycle.refusal(name);
      if (refused) return refused;
      if (!isRecord(params) || !isRecord(params.textDocument) || typeof params.textDocument.uri !== 'string' || !validate(params)) {
        return invalidParams(`${name}: malformed parameters`);
      }
      const document = documents.get(params.textDocument.uri);
      if (!state || !document || !(await isServed(document))) return empty;
      try {
        const analyzed = fresh === 'exact' ? await state.analyses.get(document) : await state.analyses.recent(document);
        if (token.isCancellationRequested) return new ResponseError(LSPErrorCodes.RequestCancelled, `${name}: cancelled`);
        return run(document, analyzed, params, state);
      } catch (error) {
        log(name, error);
        return empty;
      }
    };
  }

  connection.onInitialize((params): InitializeResult | ResponseError<InitializeError> => {
    if (state || lifecycle.phase !== 'starting') return new ResponseError(ErrorCodes.InvalidRequest, 'initialize: the server is already initialized; a session has one "initialize"', { retry: false });
    const init: RollmarkInitializationOptions = isRecord(params.initializationOptions) ? (params.initializationOptions as RollmarkInitializationOptions) : {};
    const locale = localeOf(params, init);
    const caps = params.capabilities ?? {};
    const folders = new WorkspaceFolders();
    if (Array.isArray(params.workspaceFolders)) folders.set(params.workspaceFolders);
    else if (typeof params.rootUri === 'string') folders.set([{ uri: params.rootUri, name: 'root' }]);
    const settings = new SettingsStore(
      caps.workspace?.configuration ? (scopeUri) => connection.workspace.getConfiguration({ scopeUri, section: 'rollmark' }) : undefined,
      init.settings,
    );
    const served = new ServedDocuments((uri) => settings.forResource(uri));
    const projects = new Projects(fsFor, publishFileProblems, init.trusted !== false);
    const analyses = new DocumentAnalyses(analyzers, { settings: (uri) => settings.forResource(uri), project: (uri, s) => projects.get(folders.folderFor(uri), s) });
    const delay = options.diagnosticsDelay ?? (typeof init.diagnosticsDelay === 'number' && init.diagnosticsDelay >= 0 ? init.diagnosticsDelay : DEFAULT_DIAGNOSTICS_DELAY);
    const scheduler = new DiagnosticsScheduler(delay, publish, (uri, error) => log(`diagnostics of ${uri}`, error));
    const workspace = new WorkspaceDiagnostics({
      folders: () => folders.all().map((f) => f.uri),
      folderFor: (uri) => folders.folderFor(uri),
      fs: fsFor,
      settings: (folderUri) => settings.forResource(folderUri),
      isOpen: (uri) => documents.get(uri) !== undefined || documents.all().some((d) => sameFile(d.uri, uri)),
      diagnose: async (uri, text, fileSettings) => {
        const project = await projects.get(folders.folderFor(uri), fileSettings);
        const analysis = analyzeDocument(text, analysisOptions(fileSettings, project));
        const folder = project.folderUri;
        return provideDiagnostics(TextDocument.create(uri, MARKDOWN_LANGUAGE_ID, 0, text), analysis, fileSettings, (file) => (folder ? fileUri(folder, file) : undefined), locale);
      },
      unread: (refusal) => unreadFileDiagnostics(refusal, locale),
      publish: (uri, diagnostics) => void connection.sendDiagnostics({ uri, diagnostics }),
      progress: workspaceProgress,
      log,
    }, options.progressAfter);
    state = {
      locale,
      settings,
      projects,
      analyses,
      scheduler,
      folders,
      served,
      workspace,
      rollMessages: init.rollMessages !== false,
      versionedEdits: caps.workspace?.workspaceEdit?.documentChanges === true,
      refreshLenses: caps.workspace?.codeLens?.refreshSupport === true,
      refreshInlayHints: caps.workspace?.inlayHint?.refreshSupport === true,
      dynamic: {
        configuration: caps.workspace?.didChangeConfiguration?.dynamicRegistration === true,
        watchedFiles: caps.workspace?.didChangeWatchedFiles?.dynamicRegistration === true,
        workspaceFolders: caps.workspace?.workspaceFolders === true,
      },
      reportParts: new ReportParts(locale),
    };
    lifecycle.initialized();
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        hoverProvider: true,
        codeLensProvider: { resolveProvider: true },
        inlayHintProvider: true,
        completionProvider: { triggerCharacters: COMPLETION_TRIGGERS, resolveProvider: false },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKinds.tuneDifficulty, CodeActionKinds.convertProse, CodeActionKinds.fixAll] },
        documentSymbolProvider: true,
        executeCommandProvider: { commands: [Commands.rollCheck, Commands.addToDictionary, Commands.reloadProject, Commands.setDocumentRuleset] },
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'rollmark' },
    };
  });

  connection.onInitialized(() => {
    if (!state) return;
    const { dynamic } = state;
    // Registration is best effort: a client that refuses still gets pushed settings and a working server.
    if (dynamic.configuration) void connection.client.register(DidChangeConfigurationNotification.type, { section: 'rollmark' }).catch((e: unknown) => log('registering for configuration changes', e));
    if (dynamic.watchedFiles) {
      // The default project files, and YAML/JSON anywhere for dictionaryPath/rulesetsPath set elsewhere; `projects.uses` filters.
      void connection.client
        .register(DidChangeWatchedFilesNotification.type, {
          // Markdown too: the workspace check follows files that change while closed.
          watchers: [{ globPattern: '**/.rollmark/**' }, { globPattern: '**/*.{yaml,yml,json}' }, { globPattern: '**/*.{md,markdown}' }],
        })
        .catch((e: unknown) => log('registering file watchers', e));
    }
    const workspace = state.workspace;
    if (dynamic.workspaceFolders) {
      const folders = state.folders;
      connection.workspace.onDidChangeWorkspaceFolders((event) => {
        folders.add(event.added, event.removed);
        for (const removed of event.removed) workspace.folderRemoved(removed.uri);
        workspaceChanged();
      });
    }
    // Documents opened before `initialize` were kept, not analysed: now they are.
    for (const document of documents.all()) state.scheduler.now(document.uri);
    // The files nobody is looking at wait until the editor's first requests are answered.
    setTimeout(() => void workspace.checkFolders(), options.workspaceCheckDelay ?? WORKSPACE_CHECK_DELAY).unref();
  });

  documents.onDidOpen((event) => {
    justOpened.add(event.document.uri);
    state?.workspace.opened(event.document.uri);
  });
  documents.onDidChangeContent((event) => {
    const opened = justOpened.delete(event.document.uri);
    if (!state || !lifecycle.running) return;
    // Opening is not typing: publish at once; edits wait for a pause.
    if (opened) state.scheduler.now(event.document.uri);
    else state.scheduler.schedule(event.document.uri);
  });
  documents.onDidClose((event) => {
    const uri = event.document.uri;
    justOpened.delete(uri);
    if (!state) return;
    state.scheduler.cancel(uri);
    state.analyses.forget(uri);
    state.settings.forget(uri);
    state.served.forget(uri);
    reclaimer?.workDone();
    // Its file on disk is checked instead, when the workspace check reaches it; else cleared.
    void state.workspace.closed(uri, published.delete(uri));
  });
  documents.listen(connection);

  connection.onDidChangeConfiguration((params) => {
    if (!state) return;
    state.settings.changed(isRecord(params) ? params.settings : undefined);
    // `rollmark.markdown.enable` may have changed: which documents are served is decided anew.
    state.served.reset();
    workspaceChanged();
  });
  connection.onDidChangeWatchedFiles((params) => {
    if (!state || !lifecycle.running) return;
    const changed = new Set<string>();
    for (const change of isRecord(params) && Array.isArray(params.changes) ? params.changes : []) {
      const uri: unknown = isRecord(change) ? change.uri : undefined;
      const folder = typeof uri === 'string' ? state.folders.folderFor(uri) : undefined;
      const path = folder && typeof uri === 'string' ? relativePath(folder, uri) : undefined;
      if (folder && path !== undefined && state.projects.uses(folder, path)) changed.add(folder);
      else if (typeof uri === 'string' && path !== undefined && MARKDOWN_FILE.test(path)) state.workspace.fileChanged(uri);
    }
    for (const folder of changed) void projectChanged(folder);
  });

  connection.onHover(onDocument('hover', null, (p) => isPosition(p.position), (document, a, params, s) => provideHover(document, a.analysis, params.position, s.locale, a.project.config.dictionary)));
  connection.onCodeLens(onDocument('codeLens', [], () => true, (document, a) => provideCodeLenses(document, a.analysis, a.settings.codeLens.show)));
  connection.onCodeLensResolve(async (lens, token) => {
    const refused = lifecycle.refusal('codeLens/resolve');
    if (refused) return refused;
    if (!isRecord(lens) || !isRange(lens.range)) return invalidParams('codeLens/resolve: malformed parameters');
    const document = documents.all().find((d) => lensKey(d.uri) === lens.data);
    if (!state || !document || !(await isServed(document))) return lens;
    try {
      const analyzed = await state.analyses.get(document);
      if (token.isCancellationRequested) return new ResponseError(LSPErrorCodes.RequestCancelled, 'codeLens/resolve: cancelled');
      return resolveCodeLens(lens, document, analyzed.analysis, analyzed.settings.codeLens.show, state.locale);
    } catch (error) {
      log('codeLens/resolve', error);
      return lens;
    }
  });
  connection.languages.inlayHint.on(
    onDocument('inlayHint', [], (p) => isRange(p.range), (document, a, params, s) => (a.settings.inlayHints.enabled ? provideInlayHints(document, a.analysis, params.range, s.locale) : [])),
  );
  connection.onCompletion(
    onDocument(
      'completion',
      null,
      (p) => isPosition(p.position),
      (document, a, params, s) =>
        provideCompletion(document, a.analysis, params.position, a.project.config.rulesets, dictionaryNames(a.project.config.dictionary), s.locale, isRecord(params.context) ? params.context : undefined),
      'recent',
    ),
  );
  connection.onCodeAction(
    onDocument('codeAction', [], (p) => isRange(p.range), (document, a, params, s) => {
      const folder = a.project.folderUri;
      return provideCodeActions(document, a.analysis, params, a.settings, s.locale, (file) => (folder ? fileUri(folder, file) : undefined), a.project.config.dictionary);
    }),
  );
  connection.onDocumentSymbol(onDocument('documentSymbol', [], () => true, (document, a, _params, s) => provideDocumentSymbols(document, a.analysis, s.locale)));
  connection.onRequest(
    Requests.documentInfo,
    onDocument<DocumentInfoParams, DocumentInfo | null>(
      'documentInfo',
      null,
      (p) => isDocumentChecksParam(p.checks),
      (document, a, params, s) => provideDocumentInfo(document, a.analysis, a.project, s.locale, params.checks),
    ),
  );

  connection.onRequest(
    Requests.checkChips,
    onDocument<{ textDocument: TextDocumentIdentifier }, CheckChipsResult | null>('checkChips', null, () => true, (document, a, _params, s) =>
      provideCheckChips(document, a.version, a.analysis, a.settings, s.locale),
    ),
  );

  connection.onRequest(Requests.report, async (params: unknown): Promise<ReportResult | ResponseError<void>> => {
    const refused = lifecycle.refusal(Requests.report);
    if (refused || !state) return refused ?? new ResponseError(ErrorCodes.ServerNotInitialized, 'not initialized');
    const s = state;
    if (!isRecord(params) || typeof params.uri !== 'string' || (params.scope !== 'document' && params.scope !== 'workspace')) {
      return invalidParams(`${Requests.report}: expected {uri, scope: "document" | "workspace"}`);
    }
    const uri = params.uri;
    const open: OpenDocuments = { get: (u) => documents.get(u), all: () => documents.all(), isServed, analysis: async (d) => (await s.analyses.get(d)).analysis };
    const folder = s.folders.folderFor(uri) ?? s.folders.all().find((f) => f.uri === uri || `${f.uri}/` === uri)?.uri;
    try {
      const settings = await s.settings.forResource(folder ?? uri);
      let reportDocuments: ReportDocument[];
      if (params.scope === 'workspace' && folder) {
        const fs = fsFor(folder);
        reportDocuments = fs ? await workspaceReportDocuments(folder, fs, settings, await s.projects.get(folder, settings), open) : [];
      } else {
        const document = documents.get(uri);
        if (!document || !(await isServed(document))) return invalidParams(`${Requests.report}: ${uri} is not an open document Rollmark checks`);
        reportDocuments = [openReportDocument(document, reportPath(uri, folder), open)];
      }
      return await provideReport(reportDocuments, s.reportParts, (d) => effectiveSeverity(d, settings), s.locale);
    } catch (error) {
      log(Requests.report, error);
      return new ResponseError(LSPErrorCodes.RequestFailed, `${Requests.report} failed; the server log has the details`);
    }
  });

  connection.onRequest(Requests.unservedDocument, async (params: DocumentInfoParams | null | undefined): Promise<UnservedDocumentInfo | null | ResponseError<void>> => {
    const refused = lifecycle.refusal(Requests.unservedDocument);
    if (refused) return refused;
    if (!isRecord(params) || !isRecord(params.textDocument) || typeof params.textDocument.uri !== 'string') return invalidParams(`${Requests.unservedDocument}: malformed parameters`);
    const document = documents.get(params.textDocument.uri);
    if (!state || !document || document.languageId !== MARKDOWN_LANGUAGE_ID || (await isServed(document))) return null;
    try {
      // A text without guillemets holds no check: no analysis needed to say so.
      const analysis = document.getText().includes('«') ? (await state.analyses.get(document)).analysis : undefined;
      return provideUnservedInfo(document.uri, analysis);
    } catch (error) {
      log(Requests.unservedDocument, error);
      return null;
    }
  });

  connection.onRequest(Requests.rulesets, async (params: RulesetsParams | null | undefined): Promise<RulesetsResult | ResponseError<void>> => {
    const refused = lifecycle.refusal(Requests.rulesets);
    if (refused || !state) return refused ?? new ResponseError(ErrorCodes.ServerNotInitialized, 'not initialized');
    const uri = isRecord(params) ? params.uri : undefined;
    if (uri !== undefined && typeof uri !== 'string') return invalidParams(`${Requests.rulesets}: "uri" must be a URI`);
    const folder = uri ? state.folders.folderFor(uri) : undefined;
    const project = await state.projects.get(folder, uri ? await state.settings.forResource(uri) : DEFAULT_SETTINGS);
    return { rulesets: provideRulesets(project.config.rulesets, state.locale) };
  });

  connection.onExecuteCommand(async (params) => {
    const refused = lifecycle.refusal('workspace/executeCommand');
    if (refused || !state) return refused ?? new ResponseError(ErrorCodes.ServerNotInitialized, 'not initialized');
    const s = state;
    const command = isRecord(params) ? params.command : undefined;
    const arg = isRecord(params) && Array.isArray(params.arguments) ? params.arguments[0] : undefined;
    try {
      if (command === Commands.rollCheck) {
        const args = parseRollArgs(arg);
        const document = documents.get(args.uri);
        if (!document || !(await isServed(document))) return invalidParams(`${Commands.rollCheck}: the document is not open`);
        const analyzed = await s.analyses.get(document);
        const result = provideRoll(document, analyzed.analysis, args, s.locale);
        // A notification, not `showInformationMessage` (a request that waits for the user): every client shows it.
        if (s.rollMessages) void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Info, message: result.message });
        return result;
      }
      if (command === Commands.setDocumentRuleset) {
        const args = parseSetRulesetArgs(arg);
        const document = documents.get(args.uri);
        if (!document) return invalidParams(`${Commands.setDocumentRuleset}: the document is not open`);
        const project = await s.projects.get(s.folders.folderFor(args.uri), await s.settings.forResource(args.uri));
        const change = provideSetDocumentRuleset(document, args, project.config.rulesets, s.locale);
        if ('reason' in change) return { applied: false, reason: change.reason } satisfies SetDocumentRulesetResult;
        // Versioned when the client can: an edit computed for one version never lands on another.
        const edit = s.versionedEdits
          ? { documentChanges: [{ textDocument: { uri: document.uri, version: document.version }, edits: [change.edit] }] }
          : { changes: { [document.uri]: [change.edit] } };
        const applied = await connection.workspace.applyEdit({ label: 'Rollmark', edit });
        const result: SetDocumentRulesetResult = applied.applied ? { applied: true } : { applied: false, ...(applied.failureReason ? { reason: applied.failureReason } : {}) };
        return result;
      }
      if (command === Commands.addToDictionary) {
        const args = parseDictionaryArgs(arg);
        const folderUri = s.folders.folderFor(args.uri);
        const fs = folderUri ? fsFor(folderUri) : undefined;
        if (!folderUri || !fs) return new ResponseError(ErrorCodes.InvalidRequest, `${Commands.addToDictionary}: the document is not in a workspace folder, so there is no project dictionary`);
        const path = (await s.settings.forResource(args.uri)).dictionaryPath;
        let added: boolean;
        try {
          ({ added } = await addToProjectDictionary(fs, path, args.term));
        } catch (error) {
          const problem = dictionaryEditProblem(error);
          if (!problem) throw error;
          // Said to the user, in the reply and as a message every client shows: which file, and why.
          const message = dictionaryNotAdded(path, args.term, problem, voice(s.locale));
          void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Error, message });
          return new ResponseError(LSPErrorCodes.RequestFailed, message);
        }
        if (added) void projectChanged(folderUri);
        const result: AddToDictionaryResult = { file: fileUri(folderUri, path), added };
        return result;
      }
      if (command === Commands.reloadProject) {
        const uri = isRecord(arg) && typeof arg.uri === 'string' ? arg.uri : undefined;
        if (arg !== undefined && arg !== null && uri === undefined) return invalidParams(`${Commands.reloadProject}: expected no argument or {uri}`);
        const folder = uri === undefined ? undefined : s.folders.folderFor(uri);
        const reloaded = uri === undefined ? s.folders.all().map((f) => f.uri) : folder ? [folder] : [];
        const checks = reloaded.map((folderUri) => projectChanged(folderUri));
        // Answered once the open documents of those folders are analysed with the files as they
        // are now, and their closed files checked.
        const inFolders = documents.all().filter((d) => reloaded.includes(s.folders.folderFor(d.uri) ?? ''));
        await Promise.all(inFolders.map(async (d) => ((await isServed(d)) ? s.analyses.get(d) : undefined)));
        const files = (await Promise.all(checks)).reduce((sum, n) => sum + n, 0);
        const result: ReloadProjectResult = { folders: reloaded, files };
        return result;
      }
      return invalidParams(`unknown command: ${String(command)}`);
    } catch (error) {
      if (error instanceof RollArgumentError || error instanceof DictionaryError || error instanceof SetRulesetArgumentError) return invalidParams(`${String(command)}: ${error.message}`);
      log(String(command), error);
      return new ResponseError(LSPErrorCodes.RequestFailed, `${String(command)} failed; the server log has the details`);
    }
  });

  connection.onShutdown(() => {
    const refused = lifecycle.refusal('shutdown');
    if (refused) return refused;
    lifecycle.shutDown();
    state?.scheduler.dispose();
    state?.workspace.dispose();
    reclaimer?.dispose();
    return undefined;
  });
  // Any other method: not one this server has, unless the phase forbids requests altogether.
  connection.onRequest((method) => lifecycle.refusal(method) ?? new ResponseError(ErrorCodes.MethodNotFound, `Unhandled method ${method}`));
}
