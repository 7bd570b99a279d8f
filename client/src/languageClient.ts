/**
 * Starts the bundled language server (in Node: dist/server.js over IPC, nodeServer.ts; in a
 * browser: dist/browser/server.js in a Web Worker, browserServer.ts) and restarts it when
 * workspace trust is granted, or on «Re-check the workspace». The workspace's files the server
 * cannot reach itself it reads through this client (workspaceFiles.ts).
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient, LanguageClientOptions, Middleware } from 'vscode-languageclient';
import type { RollmarkInitializationOptions } from '../../server/src/protocol';
import { requestDocumentInfo } from './documentInfo';
import { DOCUMENT_SELECTOR } from './documentSelector';
import { serverLocale } from './settings';
import { answerFileRequests } from './workspaceFiles';

/** The client id: also the prefix of the `rollmark.trace.server` setting. */
export const CLIENT_ID = 'rollmark';
/** The output channel of the server's own log (the roll log is «Rollmark»). */
export const SERVER_CHANNEL = 'Rollmark Language Server';

/**
 * What the client tells the server at start. `trusted: false` asks the server not to read
 * user ruleset files (a workspace that is not trusted may carry hostile ones); `rollMessages:
 * false`, because the client shows each roll itself, with «Roll again».
 */
export function initializationOptions(): RollmarkInitializationOptions {
  return { locale: serverLocale(), trusted: vscode.workspace.isTrusted, rollMessages: false, workspaceFiles: true };
}

/** Makes the client of a new server: in Node a process, in a browser a Web Worker. */
export type ServerStarter = (id: string, name: string, options: LanguageClientOptions) => BaseLanguageClient;

/**
 * VS Code's Markdown already gives these documents an outline and breadcrumbs; a second
 * provider would show every heading twice. Other editors get the server's outline.
 */
const MARKDOWN_OWNS_OUTLINE: Middleware = { provideDocumentSymbols: () => [] };

export class LanguageClientHost implements vscode.Disposable {
  private client: BaseLanguageClient | undefined;
  private transition: Promise<void> = Promise.resolve();
  /** A restart asked for with a delay, and what its waiters wait on. */
  private scheduled: { timer: ReturnType<typeof setTimeout>; done: Promise<void>; resolve: () => void } | undefined;
  private readonly started = new vscode.EventEmitter<BaseLanguageClient>();

  /** Fires after every (re)start, when the server has answered `initialize`. */
  readonly onDidStart = this.started.event;

  constructor(
    private readonly startServer: ServerStarter,
    private readonly serverChannel: vscode.OutputChannel,
    /** Middleware beyond the document guards (the roll flow). */
    private readonly extraMiddleware: () => Middleware,
  ) {}

  /** The running client, if any. */
  get current(): BaseLanguageClient | undefined {
    return this.client;
  }

  /** Whether the server analyses the document: it decides (`rollmark.markdown.enable`, `*.scenario.md`). */
  async isServed(uri: vscode.Uri | string): Promise<boolean> {
    return (await requestDocumentInfo(this.client, uri.toString())) !== undefined;
  }

  /** Resolves when the current start, stop or restart (a scheduled one included) has finished. */
  async whenSettled(): Promise<void> {
    while (this.scheduled) await this.scheduled.done;
    await this.transition;
  }

  /** Restarts after `delay` ms; asking again before then postpones it (many changes, one restart). */
  restartSoon(delay: number, onError: (error: unknown) => void): void {
    let resolve = () => {};
    const done = this.scheduled?.done ?? new Promise<void>((r) => (resolve = r));
    if (this.scheduled) {
      clearTimeout(this.scheduled.timer);
      resolve = this.scheduled.resolve;
    }
    const timer = setTimeout(() => {
      this.scheduled = undefined;
      this.restart().then(resolve, (error: unknown) => {
        resolve();
        onError(error);
      });
    }, delay);
    this.scheduled = { timer, done, resolve };
  }

  start(): Promise<void> {
    return this.enqueue(() => this.startClient());
  }

  /** Stops the server and starts a fresh one: settings, project files and documents are read anew. */
  restart(): Promise<void> {
    return this.enqueue(async () => {
      await this.stopClient();
      await this.startClient();
    });
  }

  stop(): Promise<void> {
    return this.enqueue(() => this.stopClient());
  }

  dispose(): void {
    if (this.scheduled) {
      clearTimeout(this.scheduled.timer);
      this.scheduled.resolve();
      this.scheduled = undefined;
    }
    void this.stop();
    this.started.dispose();
  }

  /** Starts and stops run one after another, never interleaved. */
  private enqueue(step: () => Promise<void>): Promise<void> {
    const next = this.transition.then(step, step);
    this.transition = next.catch(() => undefined);
    return next;
  }

  private async startClient(): Promise<void> {
    const clientOptions: LanguageClientOptions = {
      documentSelector: DOCUMENT_SELECTOR,
      diagnosticCollectionName: CLIENT_ID,
      outputChannel: this.serverChannel,
      initializationOptions: initializationOptions(),
      // The server registers for `rollmark` settings and `.rollmark/**` files itself (dynamic registration).
      middleware: { ...MARKDOWN_OWNS_OUTLINE, ...this.extraMiddleware() },
    };
    const client = this.startServer(CLIENT_ID, 'Rollmark', clientOptions);
    answerFileRequests(client);
    this.client = client;
    try {
      await client.start();
    } catch (error) {
      this.client = undefined;
      throw error;
    }
    this.started.fire(client);
  }

  private async stopClient(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    try {
      await client.stop();
    } catch {
      // A server that already died cannot be stopped; the new one starts anyway.
    }
  }
}
