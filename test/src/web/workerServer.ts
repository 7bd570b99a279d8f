/**
 * The browser build of the language server (dist/browser/server.js) in a real Web Worker: Debian's
 * Chromium, headless, driven by playwright-core, loads a page that starts the worker from a local
 * HTTP server (as VS Code for the web loads it from the extension's URL), and the page relays the
 * worker's messages to this process. Here they become a vscode-jsonrpc connection, so that a test
 * talks LSP to the worker as to the Node server (test/src/lsp/harness.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { AbstractMessageReader, AbstractMessageWriter, createMessageConnection, type DataCallback, type Disposable, type Message, type MessageConnection } from 'vscode-jsonrpc/node';

const ROOT = path.resolve(__dirname, '../../..');
export const WORKER_BUNDLE = path.join(ROOT, 'dist/browser/server.js');
const CHROMIUM = process.env.ROLLMARK_CHROMIUM ?? '/usr/bin/chromium';
/** test/vscode/lib/codeServer.mjs's flags: without the networking ones Chromium floods the closed network. */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

const PAGE = `<!doctype html><meta charset="utf-8"><title>Rollmark worker</title>
<script>
  window.rollmarkWorker = new Worker('/server.js');
  window.rollmarkWorker.onmessage = (event) => window.fromWorker(event.data);
  window.rollmarkWorker.onerror = (event) => window.workerFailed(String(event.message));
</script>`;

/** Messages from the page: what the worker posted. */
class PageReader extends AbstractMessageReader {
  private callback: DataCallback | undefined;
  private readonly early: Message[] = [];

  listen(callback: DataCallback): Disposable {
    this.callback = callback;
    for (const message of this.early.splice(0)) callback(message);
    return { dispose: () => (this.callback = undefined) };
  }

  receive(message: Message): void {
    if (this.callback) this.callback(message);
    else this.early.push(message);
  }
}

/** Messages to the worker, posted by the page. */
class PageWriter extends AbstractMessageWriter {
  constructor(private readonly page: Page) {
    super();
  }

  async write(message: Message): Promise<void> {
    await this.page.evaluate((m) => (globalThis as unknown as { rollmarkWorker: { postMessage(m: unknown): void } }).rollmarkWorker.postMessage(m), message);
  }

  end(): void {}
}

export interface WorkerServer {
  connection: MessageConnection;
  /** What the worker reported as failing (a script error), in order. */
  errors: string[];
  close(): Promise<void>;
}

/** Serves the page and the bundle on loopback, opens them in Chromium, and connects to the worker. */
export async function startWorkerServer(): Promise<WorkerServer> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: bash scripts/install-code-server.sh installs it (or set ROLLMARK_CHROMIUM)`);
  const bundle = readFileSync(WORKER_BUNDLE);
  const http: Server = createServer((request, response) => {
    if (request.url === '/server.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
    else if (request.url === '/') response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, timeout: 30_000 });
    const page = await browser.newPage();
    const reader = new PageReader();
    const errors: string[] = [];
    await page.exposeFunction('fromWorker', (message: Message) => reader.receive(message));
    await page.exposeFunction('workerFailed', (message: string) => errors.push(message));
    await page.goto(`http://127.0.0.1:${(http.address() as AddressInfo).port}/`);
    const connection = createMessageConnection(reader, new PageWriter(page));
    const opened = browser;
    return {
      connection,
      errors,
      close: async () => {
        connection.dispose();
        await opened.close();
        await new Promise((resolve) => http.close(resolve));
      },
    };
  } catch (error) {
    await browser?.close();
    http.close();
    throw error;
  }
}
