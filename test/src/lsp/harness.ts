/**
 * A real LSP session in memory: the server's `startServer` on one end of two PassThrough
 * streams, a plain JSON-RPC client on the other. Message readers and writers (never raw
 * streams) keep vscode-languageserver from calling `process.exit` when a stream ends, and the
 * client never sends `exit`: mocha must survive every test.
 */
import * as assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import {
  createMessageConnection,
  type MessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node';
import {
  type ApplyWorkspaceEditParams,
  type ApplyWorkspaceEditResult,
  type ClientCapabilities,
  type CodeAction,
  type CodeActionContext,
  type CodeLens,
  type CompletionContext,
  type CompletionList,
  createConnection,
  type DocumentSymbol,
  type Hover,
  type InitializeResult,
  type InlayHint,
  type LogMessageParams,
  type Position,
  type PublishDiagnosticsParams,
  type Registration,
  type Range,
  type ShowMessageParams,
  ResponseError,
  type TextDocumentContentChangeEvent,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { FileStatRequest, fromBase64, ReadDirectoryRequest, ReadFileRequest, toBase64, WriteFileRequest } from '../../../server/out/protocol';
import { type AnalysisProgress, createDocumentAnalyzers } from '../../../server/out/analysis/document/incrementalAnalysis';
import type { AnalysisOptions, DocumentAnalysis } from '../../../server/out/analysis/types';
import { startServer } from '../../../server/out/server';
import type { FileRead, FolderList } from '../../../server/out/analysis/project/workspaceConfig';
import { nodeHost } from '../../../server/out/node/host';
import type { EditResult, FsFactory, ProjectFiles } from '../../../server/out/workspace/projectFiles';
import { markedCursor, markedCursors, parseMarkers } from '../markers';

/** A `$/progress` notification: the token the server created and what it reports. */
export interface ProgressParams<T> {
  token: string | number;
  value: T;
}

/** The LSP error a request fails with, as [code, message]; fails the test if it succeeds. */
export async function errorOf(promise: Promise<unknown>): Promise<[number, string]> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ResponseError);
    return [error.code, error.message];
  }
  return assert.fail('expected an LSP error');
}

export const joinLines = (...lines: string[]): string => lines.join('\n');

export const joinLinesCrlf = (...lines: string[]): string => lines.join('\r\n');

/** A text with `⟦⟧` cursor markers (test/src/markers.ts) → the text without them and the marked positions. */
export function withCursors(marked: string): { text: string; positions: Position[] } {
  const { text, offsets } = markedCursors(marked);
  const document = TextDocument.create('file:///cursor.md', 'markdown', 1, text);
  return { text, positions: offsets.map((o) => document.positionAt(o)) };
}

/** A text with exactly one `⟦⟧` cursor → the text without it and the cursor's position. */
export function withCursor(marked: string): { text: string; position: Position } {
  const { text, offset } = markedCursor(marked);
  return { text, position: TextDocument.create('file:///cursor.md', 'markdown', 1, text).positionAt(offset) };
}

/** A text with `⟦…⟧` markers (test/src/markers.ts; `⟦⟧` an empty range) → the text without them and the marked ranges, in the order their `⟦` appear. */
export function withRanges(marked: string): { text: string; ranges: Range[] } {
  const { text, ranges } = parseMarkers(marked);
  const document = TextDocument.create('file:///ranges.md', 'markdown', 1, text);
  return { text, ranges: ranges.map((r) => ({ start: document.positionAt(r.start), end: document.positionAt(r.end) })) };
}

/** The range of the `nth` occurrence of `sub` in `text`: an edit's target named by its text, in a document an earlier edit changed. */
export function rangeOfText(text: string, sub: string, nth = 0): Range {
  let at = -1;
  for (let k = 0; k <= nth; k++) {
    at = text.indexOf(sub, at + 1);
    assert.ok(at >= 0, `test bug: ${JSON.stringify(sub)} #${nth} not found`);
  }
  const document = TextDocument.create('file:///text.md', 'markdown', 1, text);
  return { start: document.positionAt(at), end: document.positionAt(at + sub.length) };
}

/** Where a marked range starts, as a command's arguments give a position. */
export function at(range: Range): { line: number; character: number } {
  return { line: range.start.line, character: range.start.character };
}

export function range(startLine: number, startCharacter: number, endLine: number, endCharacter: number): Range {
  return { start: { line: startLine, character: startCharacter }, end: { line: endLine, character: endCharacter } };
}

export const WORKSPACE = 'file:///workspace';

/**
 * Tests name their documents freely (`hover.md`), without a ruleset in every front matter: the
 * harness's client serves every Markdown document unless a test sets `markdown.enable` itself
 * (test/src/lsp/servedDocuments.test.ts tests the server's default).
 */
const SERVE_ALL_MARKDOWN = { markdown: { enable: 'all' } };

export function docUri(name: string): string {
  return `${WORKSPACE}/${name}`;
}

/** Workspace files in memory, keyed by workspace-relative path. */
export class MemoryFs implements ProjectFiles {
  readonly files = new Map<string, string>();

  constructor(files: Record<string, string> = {}) {
    for (const [path, text] of Object.entries(files)) this.files.set(path, text);
  }

  async readFile(path: string): Promise<FileRead> {
    const text = this.files.get(path);
    return text === undefined ? { kind: 'missing' } : { kind: 'text', text };
  }

  async listFiles(dir: string, extensions: readonly string[]): Promise<FolderList> {
    const prefix = `${dir.replace(/\/+$/, '')}/`;
    return { kind: 'files', paths: [...this.files.keys()].filter((p) => p.startsWith(prefix) && !p.slice(prefix.length).includes('/') && extensions.some((e) => p.endsWith(e))).sort() };
  }

  async markdownFiles(): Promise<FolderList> {
    const hidden = (path: string) => path.split('/').slice(0, -1).some((folder) => folder.startsWith('.'));
    return { kind: 'files', paths: [...this.files.keys()].filter((p) => /\.(md|markdown)$/i.test(p) && !hidden(p)).sort() };
  }

  readScenario(path: string): Promise<FileRead> {
    return this.readFile(path);
  }

  /** In memory, the text itself is the stamp: it changes exactly when the file does. */
  async stamp(path: string): Promise<string | undefined> {
    return this.files.get(path);
  }

  async edit(path: string, change: (text: string | undefined) => string): Promise<EditResult> {
    const before = this.files.get(path);
    const after = change(before);
    if (after === before) return { written: false };
    this.files.set(path, after);
    return { written: true };
  }
}

export interface StartOptions {
  /** `initialize`'s locale (default `ru`). */
  locale?: string;
  /** The `rollmark` section `workspace/configuration` answers with; mutable through `client.settings`. */
  settings?: Record<string, unknown>;
  /** Replaces the default VS Code-like capabilities. */
  capabilities?: ClientCapabilities;
  files?: Record<string, string>;
  /** null: no workspace folder at all. */
  workspaceFolder?: string | null;
  /** Folders after `workspaceFolder`, for multi-root sessions. */
  moreFolders?: string[];
  diagnosticsDelay?: number;
  initializationOptions?: Record<string, unknown>;
  /** Runs before each analysis with the text about to be analysed (e.g. to make it throw). */
  beforeAnalysis?: (text: string) => void;
  /** Runs after each analysis with its result, before the server uses it (e.g. to record what the analysis computed). */
  afterAnalysis?: (text: string, analysis: DocumentAnalysis) => void;
  /** The workspace folders' file systems instead of the in-memory one (e.g. the real disk for a `file:` folder). */
  fileSystem?: FsFactory;
  /** Milliseconds a workspace check runs before it reports progress (the server's default: 300). */
  progressAfter?: number;
  /**
   * The client answers `rollmark/fs/*` from {@link MemoryFs} (as the VS Code extension does with
   * `vscode.workspace.fs`), and says so in `initializationOptions`.
   */
  answerFiles?: boolean;
}

export const VSCODE_LIKE_CAPABILITIES: ClientCapabilities = {
  window: { workDoneProgress: true },
  workspace: {
    configuration: true,
    didChangeConfiguration: { dynamicRegistration: true },
    didChangeWatchedFiles: { dynamicRegistration: true },
    workspaceFolders: true,
    inlayHint: { refreshSupport: true },
    codeLens: { refreshSupport: true },
    applyEdit: true,
    workspaceEdit: { documentChanges: true },
  },
  textDocument: {
    synchronization: { dynamicRegistration: false },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    completion: { completionItem: { snippetSupport: true } },
    codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source'] } }, isPreferredSupport: true },
    publishDiagnostics: { relatedInformation: true, versionSupport: true },
  },
};

/** Waits for a condition on received notifications, with a timeout that names what was awaited. */
interface Waiter<T> {
  accept: (value: T) => boolean;
}

export class LspTestClient {
  readonly diagnostics: PublishDiagnosticsParams[] = [];
  readonly messages: ShowMessageParams[] = [];
  readonly logs: LogMessageParams[] = [];
  /** Every capability the server registered (`client/registerCapability`), in order. */
  readonly registrations: Registration[] = [];
  /** Every `$/progress` notification, in order (work-done progress the server reports). */
  readonly progress: ProgressParams<unknown>[] = [];
  /** Every server→client request method, in order (configuration, registrations, refreshes). */
  readonly serverRequests: string[] = [];
  /** Every `workspace/applyEdit` the server asked for; answered with {@link applyEditAnswer}. */
  readonly appliedEdits: ApplyWorkspaceEditParams[] = [];
  applyEditAnswer: ApplyWorkspaceEditResult = { applied: true };
  settings: Record<string, unknown>;
  readonly fs: MemoryFs;
  initializeResult!: InitializeResult;
  private readonly diagnosticWaiters: Waiter<PublishDiagnosticsParams>[] = [];
  private readonly messageWaiters: Waiter<ShowMessageParams>[] = [];

  private constructor(
    readonly connection: MessageConnection,
    private readonly closeServer: () => void,
    settings: Record<string, unknown>,
    fs: MemoryFs,
    /** Every analysis the server ran, by the length of the text analysed. */
    readonly analyses: number[],
  ) {
    this.settings = settings;
    this.fs = fs;
    connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
      this.diagnostics.push(params);
      this.resolve(this.diagnosticWaiters, params);
    });
    connection.onNotification('window/showMessage', (params: ShowMessageParams) => {
      this.messages.push(params);
      this.resolve(this.messageWaiters, params);
    });
    connection.onNotification('window/logMessage', (params: LogMessageParams) => this.logs.push(params));
    connection.onNotification('$/progress', (params: ProgressParams<unknown>) => this.progress.push(params));
    connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) => {
      this.serverRequests.push('workspace/configuration');
      return params.items.map((item) => (item.section === 'rollmark' ? this.settings : null));
    });
    connection.onRequest('workspace/applyEdit', (params: ApplyWorkspaceEditParams) => {
      this.serverRequests.push('workspace/applyEdit');
      this.appliedEdits.push(params);
      return this.applyEditAnswer;
    });
    connection.onRequest('client/registerCapability', (params: { registrations: Registration[] }) => {
      this.serverRequests.push('client/registerCapability');
      this.registrations.push(...params.registrations);
      return null;
    });
    for (const method of ['client/unregisterCapability', 'workspace/inlayHint/refresh', 'workspace/codeLens/refresh', 'window/workDoneProgress/create']) {
      connection.onRequest(method, () => {
        this.serverRequests.push(method);
        return null;
      });
    }
  }

  static async start(options: StartOptions = {}): Promise<LspTestClient> {
    return LspTestClient.initialized(LspTestClient.connect(options), options);
  }

  /**
   * A session with a server running elsewhere (a browser's Web Worker: test/src/web/), over the
   * given connection, started as {@link start} starts one.
   */
  static async attach(connection: MessageConnection, close: () => void, options: StartOptions = {}): Promise<LspTestClient> {
    const client = new LspTestClient(connection, close, { ...SERVE_ALL_MARKDOWN, ...options.settings }, new MemoryFs(options.files), []);
    if (options.answerFiles) client.answerFiles();
    connection.listen();
    return LspTestClient.initialized(client, options);
  }

  private static async initialized(client: LspTestClient, options: StartOptions): Promise<LspTestClient> {
    client.initializeResult = await client.initialize(options);
    await client.connection.sendNotification('initialized', {});
    return client;
  }

  /** Answers `rollmark/fs/*` for the workspace folder from {@link fs}, as an editor's file system would. */
  private answerFiles(): void {
    const relative = (uri: string) => decodeURIComponent(uri.slice(WORKSPACE.length + 1));
    const folders = () => new Set([...this.fs.files.keys()].flatMap((path) => path.split('/').slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join('/'))));
    this.connection.onRequest(FileStatRequest, ({ uri }) => {
      if (uri === WORKSPACE) return { kind: 'directory', size: 0, mtime: 0 };
      const text = this.fs.files.get(relative(uri));
      if (text !== undefined) return { kind: 'file', size: new TextEncoder().encode(text).length, mtime: 0 };
      return folders().has(relative(uri)) ? { kind: 'directory', size: 0, mtime: 0 } : null;
    });
    this.connection.onRequest(ReadDirectoryRequest, ({ uri }) => {
      const prefix = uri === WORKSPACE ? '' : `${relative(uri)}/`;
      if (prefix !== '' && !folders().has(prefix.slice(0, -1))) return null;
      const entries = new Map<string, 'file' | 'directory'>();
      for (const path of this.fs.files.keys()) {
        if (!path.startsWith(prefix)) continue;
        const [name, ...rest] = path.slice(prefix.length).split('/');
        entries.set(name, rest.length > 0 ? 'directory' : 'file');
      }
      return [...entries];
    });
    this.connection.onRequest(ReadFileRequest, ({ uri }) => {
      const text = this.fs.files.get(relative(uri));
      return text === undefined ? null : toBase64(new TextEncoder().encode(text));
    });
    this.connection.onRequest(WriteFileRequest, ({ uri, content }) => {
      this.fs.files.set(relative(uri), new TextDecoder().decode(fromBase64(content)));
    });
  }

  /** A session with nothing sent yet, not even `initialize` (for the protocol's lifecycle). */
  static connect(options: StartOptions = {}): LspTestClient {
    const toServer = new PassThrough();
    const toClient = new PassThrough();
    const serverConnection = createConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
    const fs = new MemoryFs(options.files);
    const analyses: number[] = [];
    const real = createDocumentAnalyzers();
    startServer(serverConnection, {
      ...nodeHost(),
      // A client that answers `rollmark/fs/*` is the only way to the files: the host has none.
      fileSystem: options.fileSystem ?? (options.answerFiles ? () => undefined : (folder) => (folder === WORKSPACE ? fs : undefined)),
      diagnosticsDelay: options.diagnosticsDelay ?? 0,
      ...(options.progressAfter !== undefined ? { progressAfter: options.progressAfter } : {}),
      analyzers: {
        analyze: (text: string, analysisOptions: AnalysisOptions, document: string): DocumentAnalysis => {
          analyses.push(text.length);
          options.beforeAnalysis?.(text);
          const analysis = real.analyze(text, analysisOptions, document);
          options.afterAnalysis?.(text, analysis);
          return analysis;
        },
        analyzeInSteps: function* (text: string, analysisOptions: AnalysisOptions, document: string): Generator<AnalysisProgress, DocumentAnalysis, void> {
          analyses.push(text.length);
          options.beforeAnalysis?.(text);
          const analysis = yield* real.analyzeInSteps(text, analysisOptions, document);
          options.afterAnalysis?.(text, analysis);
          return analysis;
        },
        forget: (document: string) => real.forget(document),
      },
    });
    serverConnection.listen();
    const connection = createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
    const client = new LspTestClient(
      connection,
      () => {
        serverConnection.dispose();
        toServer.end();
        toClient.end();
      },
      { ...SERVE_ALL_MARKDOWN, ...options.settings },
      fs,
      analyses,
    );
    if (options.answerFiles) client.answerFiles();
    connection.listen();
    return client;
  }

  /** Sends `initialize` as {@link start} does (the options' folder, locale, capabilities). */
  initialize(options: StartOptions = {}): Promise<InitializeResult> {
    const folder = options.workspaceFolder === undefined ? WORKSPACE : options.workspaceFolder;
    return this.connection.sendRequest('initialize', {
      processId: null,
      locale: options.locale ?? 'ru',
      rootUri: folder,
      workspaceFolders: folder ? [{ uri: folder, name: 'workspace' }, ...(options.moreFolders ?? []).map((uri, i) => ({ uri, name: `folder${i + 2}` }))] : null,
      capabilities: options.capabilities ?? VSCODE_LIKE_CAPABILITIES,
      initializationOptions: {
        ...options.initializationOptions,
        ...(options.answerFiles ? { workspaceFiles: true } : {}),
        settings: { ...SERVE_ALL_MARKDOWN, ...(options.initializationOptions?.settings as object | undefined) },
      },
    });
  }

  private resolve<T>(waiters: Waiter<T>[], value: T): void {
    for (let i = 0; i < waiters.length; i++) {
      if (waiters[i].accept(value)) {
        waiters.splice(i, 1);
        i--;
      }
    }
  }

  private wait<T>(waiters: Waiter<T>[], what: string, matches: (value: T) => boolean, timeout: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        const index = waiters.indexOf(waiter);
        if (index >= 0) waiters.splice(index, 1);
        reject(new Error(`timed out after ${timeout} ms waiting for ${what}`));
      }, timeout);
      const waiter: Waiter<T> = {
        accept: (value) => {
          if (!matches(value)) return false;
          clearTimeout(timer);
          resolve(value);
          return true;
        },
      };
      waiters.push(waiter);
    });
  }

  /** The next diagnostics published for a document (optionally for a given version). */
  nextDiagnostics(uri: string, version?: number, timeout = 5000): Promise<PublishDiagnosticsParams> {
    return this.wait(this.diagnosticWaiters, `diagnostics of ${uri}${version === undefined ? '' : ` v${version}`}`, (p) => p.uri === uri && (version === undefined || p.version === version), timeout);
  }

  nextMessage(timeout = 5000): Promise<ShowMessageParams> {
    return this.wait(this.messageWaiters, 'window/showMessage', () => true, timeout);
  }

  /** Opens a document and resolves with its first diagnostics. */
  async open(uri: string, text: string, languageId = 'markdown', version = 1): Promise<PublishDiagnosticsParams> {
    const published = this.nextDiagnostics(uri, version);
    await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
    return published;
  }

  /**
   * Opens a document and resolves with its diagnostics once its whole analysis is published: while a
   * long document is first analysed, the diagnostics of its top come first (issue 24). A request
   * about the document is answered only after the whole analysis, so after the diagnostics
   * published with it.
   */
  async openWhole(uri: string, text: string, timeout = 5000): Promise<PublishDiagnosticsParams> {
    const first = this.nextDiagnostics(uri, 1, timeout);
    await this.openOnly(uri, text);
    await first;
    await this.hover(uri, { line: 0, character: 0 });
    const published = this.diagnostics.filter((p) => p.uri === uri && p.version === 1);
    return published[published.length - 1];
  }

  /** Opens a document without waiting for anything (for languages the server ignores). */
  async openOnly(uri: string, text: string, languageId = 'markdown', version = 1): Promise<void> {
    await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
  }

  async change(uri: string, version: number, changes: TextDocumentContentChangeEvent[]): Promise<void> {
    await this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: changes });
  }

  async close(uri: string): Promise<void> {
    await this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  request<R>(method: string, params: unknown): Promise<R> {
    return this.connection.sendRequest(method, params) as Promise<R>;
  }

  hover(uri: string, position: Position): Promise<Hover | null> {
    return this.request('textDocument/hover', { textDocument: { uri }, position });
  }

  codeLenses(uri: string): Promise<CodeLens[] | null> {
    return this.request('textDocument/codeLens', { textDocument: { uri } });
  }

  resolveCodeLens(lens: CodeLens): Promise<CodeLens> {
    return this.request('codeLens/resolve', lens);
  }

  /** The document's lenses, each resolved as an editor resolves those it shows. */
  async resolvedCodeLenses(uri: string): Promise<CodeLens[]> {
    return Promise.all(((await this.codeLenses(uri)) ?? []).map((lens) => this.resolveCodeLens(lens)));
  }

  inlayHints(uri: string, r: Range): Promise<InlayHint[] | null> {
    return this.request('textDocument/inlayHint', { textDocument: { uri }, range: r });
  }

  /** Completion as an editor asks for it: `context` says whether the author asked (Ctrl+Space) or typed a trigger character. */
  completion(uri: string, position: Position, context?: CompletionContext): Promise<CompletionList | null> {
    return this.request('textDocument/completion', { textDocument: { uri }, position, ...(context ? { context } : {}) });
  }

  codeActions(uri: string, r: Range, context: CodeActionContext = { diagnostics: [] }): Promise<CodeAction[] | null> {
    return this.request('textDocument/codeAction', { textDocument: { uri }, range: r, context });
  }

  documentSymbols(uri: string): Promise<DocumentSymbol[] | null> {
    return this.request('textDocument/documentSymbol', { textDocument: { uri } });
  }

  executeCommand<R>(command: string, ...args: unknown[]): Promise<R> {
    return this.request('workspace/executeCommand', { command, arguments: args });
  }

  async changeSettings(settings: Record<string, unknown>): Promise<void> {
    this.settings = { ...SERVE_ALL_MARKDOWN, ...settings };
    await this.connection.sendNotification('workspace/didChangeConfiguration', { settings: { rollmark: this.settings } });
  }

  /** `shutdown` (unless `shutDown`: sent already), never `exit` (which would end mocha's process), then both ends closed. */
  async stop(shutDown = false): Promise<void> {
    if (!shutDown) await this.connection.sendRequest('shutdown');
    this.connection.dispose();
    this.closeServer();
  }
}

/** Applies LSP text edits to a text, as an editor would. */
export function applyEdits(text: string, edits: { range: Range; newText: string }[]): string {
  const document = TextDocument.create('file:///apply.md', 'markdown', 1, text);
  return TextDocument.applyEdits(document, edits);
}
