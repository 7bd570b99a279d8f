/**
 * The LSP adapter: registers handlers on a connection it is given and wires each to the service
 * (service/, created at `initialize` with what the editor said). It checks what the client sends
 * (validate.ts), answers the service's refusals with LSP's error codes, and otherwise computes
 * nothing. It knows nothing of the transport: main.ts (Node) and browserMain.ts (a Web Worker)
 * create the connection and give their host.
 */
import {
  type CancellationToken,
  type ClientCapabilities,
  CodeActionKind,
  CodeLensRefreshRequest,
  type Connection,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  ErrorCodes,
  type InitializeError,
  type InitializeResult,
  LSPErrorCodes,
  MessageType,
  ResponseError,
  ShowMessageNotification,
  TextDocuments,
  TextDocumentSyncKind,
} from 'vscode-languageserver';
import { Lifecycle } from './lifecycle';
import { RequestQueue } from './requestQueue';
import {
  CheckChipsRequest,
  CodeActionKinds,
  Commands,
  DocumentInfoRequest,
  FileStatRequest,
  fromBase64,
  ReadDirectoryRequest,
  ReadFileRequest,
  ReportRequest,
  RulesetsRequest,
  PartiesRequest,
  toBase64,
  UnservedDocumentRequest,
  WriteFileRequest,
} from './protocol';
import {
  type Clock,
  ClientFiles,
  createRollmarkService,
  type DocumentAnalyzers,
  type EditorChannel,
  type EditorFileSystem,
  type FsFactory,
  type RandomSource,
  type RollmarkService,
  ServiceError,
  type ServiceErrorKind,
} from './service';
import {
  changedUris,
  checkedTextDocuments,
  commandArgs,
  commandCall,
  hasTextDocument,
  initialization,
  isChecksQuery,
  isCommand,
  isLens,
  isPosition,
  isRange,
  MalformedError,
  normalizeSettings,
  pushedSettings,
  reportParams,
  rulesetsParams,
  partiesParams,
} from './validate';

/** What a host gives the server: what differs between Node and a browser, and what tests and benchmarks replace. */
export interface ServerHost {
  /** A workspace folder's files; where it gives none, the client's (`rollmark/fs/*`) when the client offers them. */
  fileSystem: FsFactory;
  clock: Clock;
  /** Real rolls' faces (the host's cryptographic source). */
  random: RandomSource;
  /** After work that may leave garbage (an analysis published, a document closed): node/heapReclaimer.ts. */
  afterWork?: () => void;
  /** Milliseconds between the last edit and the diagnostics; wins over `initializationOptions`. */
  diagnosticsDelay?: number;
  /** The analysis, one incremental analyzer per document (default: the real one); tests wrap it to count runs. */
  analyzers?: DocumentAnalyzers;
  /** Milliseconds a workspace check runs before it shows progress (default 300: a quicker one would only flicker). */
  progressAfter?: number;
  /** Milliseconds between `initialized` and the first workspace check (default 1000). */
  workspaceCheckDelay?: number;
  /** Between two reports of a burst: the answer before sent, the garbage collected (main.ts). */
  betweenReports?: () => Promise<void> | void;
}

const LSP_ERROR: Record<ServiceErrorKind, number> = {
  invalidParams: ErrorCodes.InvalidParams,
  invalidRequest: ErrorCodes.InvalidRequest,
  requestFailed: LSPErrorCodes.RequestFailed,
  cancelled: LSPErrorCodes.RequestCancelled,
};

const invalidParams = (message: string) => new ResponseError(ErrorCodes.InvalidParams, message);

/** The service's refusal as the LSP error it is; anything else propagates (vscode-jsonrpc answers InternalError). */
function answered<R>(result: Promise<R>): Promise<R | ResponseError<void>> {
  return result.catch((error: unknown) => {
    if (error instanceof ServiceError) return new ResponseError(LSP_ERROR[error.kind], error.message);
    throw error;
  });
}

/** The client's file system, through `rollmark/fs/*` requests. */
function editorFileSystem(connection: Connection): EditorFileSystem {
  return {
    stat: (uri) => connection.sendRequest(FileStatRequest, { uri }),
    readDirectory: (uri) => connection.sendRequest(ReadDirectoryRequest, { uri }),
    readFile: async (uri) => {
      const content = await connection.sendRequest(ReadFileRequest, { uri });
      return content === null ? null : fromBase64(content);
    },
    writeFile: (uri, content) => connection.sendRequest(WriteFileRequest, { uri, content: toBase64(content) }),
  };
}

/** The editor's end of the connection, as the service sends to it: what the client's capabilities allow. */
function editorChannel(connection: Connection, capabilities: ClientCapabilities): EditorChannel {
  const refreshLenses = capabilities.workspace?.codeLens?.refreshSupport === true;
  const refreshInlayHints = capabilities.workspace?.inlayHint?.refreshSupport === true;
  return {
    publishDiagnostics: (diagnostics) => void connection.sendDiagnostics(diagnostics),
    progress: async () => {
      const reporter = await connection.window.createWorkDoneProgress();
      return { begin: (title) => reporter.begin(title, 0, undefined, false), report: (percentage, message) => reporter.report(percentage, message), done: () => reporter.done() };
    },
    applyEdit: (label, edit) => connection.workspace.applyEdit({ label, edit }),
    // A notification, not `showInformationMessage` (a request that waits for the user): every client shows it.
    showMessage: (kind, message) => void connection.sendNotification(ShowMessageNotification.type, { type: kind === 'error' ? MessageType.Error : MessageType.Info, message }),
    refreshViews: () => {
      if (refreshLenses) void connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
      if (refreshInlayHints) void connection.languages.inlayHint.refresh().catch(() => undefined);
    },
    refreshesLenses: refreshLenses,
    log: (message) => connection.console.error(message),
  };
}

/** Registers every handler on the connection. The caller creates the connection and calls `listen()`. */
export function startServer(connection: Connection, host: ServerHost): void {
  const documents = new TextDocuments(checkedTextDocuments);
  const lifecycle = new Lifecycle();
  let service: RollmarkService | undefined;
  /** What the client lets the server register after `initialized`. */
  let dynamic = { configuration: false, watchedFiles: false, workspaceFolders: false };

  const log = (what: string, error: unknown) => connection.console.error(`rollmark: ${what} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);

  /**
   * A request about one document: refused in the wrong phase, InvalidParams when malformed, else
   * the service's answer (the empty one before `initialize` could not happen: the phase refuses).
   */
  function onDocument<P, R>(name: string, valid: (params: P & { textDocument: { uri: string } }) => boolean, run: (s: RollmarkService, params: P, token: { isCancellationRequested: boolean }) => Promise<R>) {
    return (params: P, token: { isCancellationRequested: boolean }): Promise<R | ResponseError<void>> | ResponseError<void> => {
      const refused = lifecycle.refusal(name);
      if (refused || !service) return refused ?? new ResponseError(ErrorCodes.ServerNotInitialized, 'not initialized');
      if (!hasTextDocument(params) || !valid(params)) return invalidParams(`${name}: malformed parameters`);
      return answered(run(service, params, token));
    };
  }

  /** A request not about one document: refused in the wrong phase, malformed params checked by `check`. */
  function onRequest<P, R>(name: string, check: (raw: unknown) => P, run: (s: RollmarkService, params: P) => Promise<R>) {
    return (raw: unknown): Promise<R | ResponseError<void>> | ResponseError<void> => {
      const refused = lifecycle.refusal(name);
      if (refused || !service) return refused ?? new ResponseError(ErrorCodes.ServerNotInitialized, 'not initialized');
      let params: P;
      try {
        params = check(raw);
      } catch (error) {
        if (error instanceof MalformedError) return invalidParams(`${name}: ${error.message}`);
        throw error;
      }
      return answered(run(service, params));
    };
  }

  connection.onInitialize((params): InitializeResult | ResponseError<InitializeError> => {
    if (service || lifecycle.phase !== 'starting') return new ResponseError(ErrorCodes.InvalidRequest, 'initialize: the server is already initialized; a session has one "initialize"', { retry: false });
    const init = initialization(params);
    const caps = params.capabilities ?? {};
    const clientFiles = init.workspaceFiles ? editorFileSystem(connection) : undefined;
    service = createRollmarkService({
      locale: init.locale,
      fileSystem: (folderUri) => host.fileSystem(folderUri) ?? (clientFiles ? new ClientFiles(folderUri, clientFiles) : undefined),
      clock: host.clock,
      random: host.random,
      documents,
      folders: init.folders,
      ...(caps.workspace?.configuration ? { configuration: async (scopeUri) => normalizeSettings(await connection.workspace.getConfiguration({ scopeUri, section: 'rollmark' })) } : {}),
      settings: init.settings,
      trusted: init.trusted,
      editor: editorChannel(connection, caps),
      rollMessages: init.rollMessages,
      versionedEdits: caps.workspace?.workspaceEdit?.documentChanges === true,
      diagnosticsDelay: host.diagnosticsDelay ?? init.diagnosticsDelay,
      ...(host.analyzers ? { analyzers: host.analyzers } : {}),
      ...(host.progressAfter !== undefined ? { progressAfter: host.progressAfter } : {}),
      ...(host.workspaceCheckDelay !== undefined ? { workspaceCheckDelay: host.workspaceCheckDelay } : {}),
      ...(host.afterWork ? { afterWork: host.afterWork } : {}),
    });
    dynamic = {
      configuration: caps.workspace?.didChangeConfiguration?.dynamicRegistration === true,
      watchedFiles: caps.workspace?.didChangeWatchedFiles?.dynamicRegistration === true,
      workspaceFolders: caps.workspace?.workspaceFolders === true,
    };
    lifecycle.initialized();
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        hoverProvider: true,
        codeLensProvider: { resolveProvider: true },
        inlayHintProvider: true,
        completionProvider: { triggerCharacters: [...service.completionTriggers], resolveProvider: false },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKinds.tuneDifficulty, CodeActionKinds.convertProse, CodeActionKinds.fixAll] },
        documentSymbolProvider: true,
        executeCommandProvider: { commands: [Commands.rollCheck, Commands.addToDictionary, Commands.reloadProject, Commands.setDocumentRuleset, Commands.keepRoll, Commands.luckAudit, Commands.writeLtexDictionary] },
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'rollmark' },
    };
  });

  connection.onInitialized(() => {
    const s = service;
    if (!s) return;
    // Registration is best effort: a client that refuses still gets pushed settings and a working server.
    if (dynamic.configuration) void connection.client.register(DidChangeConfigurationNotification.type, { section: 'rollmark' }).catch((e: unknown) => log('registering for configuration changes', e));
    if (dynamic.watchedFiles) {
      // The default project files, and YAML/JSON anywhere for dictionaryPath/rulesetsPath set elsewhere; the service filters.
      void connection.client
        .register(DidChangeWatchedFilesNotification.type, {
          // Markdown too: the workspace check follows files that change while closed.
          watchers: [{ globPattern: '**/.rollmark/**' }, { globPattern: '**/*.{yaml,yml,json}' }, { globPattern: '**/*.{md,markdown}' }],
        })
        .catch((e: unknown) => log('registering file watchers', e));
    }
    if (dynamic.workspaceFolders) connection.workspace.onDidChangeWorkspaceFolders((event) => s.foldersChanged(event.added, event.removed));
    s.start();
  });

  documents.onDidOpen((event) => service?.documentOpened(event.document.uri));
  documents.onDidChangeContent((event) => {
    if (service && lifecycle.running) service.documentChanged(event.document.uri);
  });
  documents.onDidClose((event) => service?.documentClosed(event.document.uri));
  documents.listen(connection);

  connection.onDidChangeConfiguration((params) => service?.configurationChanged(pushedSettings(params)));
  connection.onDidChangeWatchedFiles((params) => {
    if (service && lifecycle.running) service.filesChanged(changedUris(params));
  });

  connection.onHover(onDocument('hover', (p) => isPosition(p.position), (s, params, token) => s.hover(params, token)));
  connection.onCodeLens(onDocument('codeLens', () => true, (s, params, token) => s.codeLenses(params, token)));
  connection.onCodeLensResolve((lens, token) => {
    const refused = lifecycle.refusal('codeLens/resolve');
    if (refused || !service) return refused ?? new ResponseError(ErrorCodes.ServerNotInitialized, 'not initialized');
    if (!isLens(lens)) return invalidParams('codeLens/resolve: malformed parameters');
    return answered(service.resolveCodeLens(lens, token));
  });
  connection.languages.inlayHint.on(onDocument('inlayHint', (p) => isRange(p.range), (s, params, token) => s.inlayHints(params, token)));
  connection.onCompletion(onDocument('completion', (p) => isPosition(p.position), (s, params, token) => s.completion(params, token)));
  connection.onCodeAction(onDocument('codeAction', (p) => isRange(p.range), (s, params, token) => s.codeActions(params, token)));
  connection.onDocumentSymbol(onDocument('documentSymbol', () => true, (s, params, token) => s.documentSymbols(params, token)));
  connection.onRequest(DocumentInfoRequest, onDocument('documentInfo', (p) => isChecksQuery(p.checks), (s, params, token) => s.documentInfo(params, token)));
  connection.onRequest(CheckChipsRequest, onDocument('checkChips', () => true, (s, params, token) => s.checkChips(params, token)));
  /** Reports one at a time, the same report asked again meanwhile answered once; rolls a few at a time: a burst waits in line instead of filling the memory. */
  const reportQueue = new RequestQueue(1, host.betweenReports);
  const rollQueue = new RequestQueue(4);
  const report = onRequest(ReportRequest.method, reportParams, (s, params) => s.report(params));
  connection.onRequest(ReportRequest, (params: unknown, token: CancellationToken) => reportQueue.run(ReportRequest.method, token, async () => report(params), JSON.stringify(params)));
  connection.onRequest(UnservedDocumentRequest, onDocument(UnservedDocumentRequest.method, () => true, (s, params) => s.unservedDocument(params)));
  connection.onRequest(RulesetsRequest, onRequest(RulesetsRequest.method, rulesetsParams, (s, params) => s.rulesets(params)));
  connection.onRequest(PartiesRequest, onRequest(PartiesRequest.method, partiesParams, (s, params) => s.parties(params)));

  connection.onExecuteCommand((params, token) => {
    const refused = lifecycle.refusal('workspace/executeCommand');
    if (refused) return refused;
    const { command, arg } = commandCall(params);
    if (!isCommand(command)) return invalidParams(`unknown command: ${String(command)}`);
    const run = async () => onRequest(command, () => commandArgs[command](arg), (s, args) => s.executeCommand(command, args))(arg);
    return command === Commands.rollCheck ? rollQueue.run(command, token, run) : run();
  });

  connection.onShutdown(() => {
    const refused = lifecycle.refusal('shutdown');
    if (refused) return refused;
    lifecycle.shutDown();
    service?.dispose();
    return undefined;
  });
  // Any other method: not one this server has, unless the phase forbids requests altogether.
  connection.onRequest((method) => lifecycle.refusal(method) ?? new ResponseError(ErrorCodes.MethodNotFound, `Unhandled method ${method}`));
}
