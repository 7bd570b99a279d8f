/**
 * The server's entry point in a browser's Web Worker (vscode.dev, github.dev; the model:
 * vscode-extension-samples' lsp-web-extension-sample), and the only file that knows this
 * transport: the worker's messages. Its host differs from Node's (main.ts) only in what the
 * service is given: the workspace's files through the client (`rollmark/fs/*`), the standard
 * timers, Web Crypto's generator. Everything else is the same server.
 */
import { BrowserMessageReader, BrowserMessageWriter, createConnection, ProposedFeatures } from 'vscode-languageserver/browser';
import { startServer } from './server';
import { cryptoRandom, standardClock } from './service';

/** The worker's global scope (the server compiles without DOM's types: this is what it uses of it). */
declare const self: {
  addEventListener(type: 'unhandledrejection', listener: (event: { reason: unknown; preventDefault(): void }) => void): void;
};

const connection = createConnection(ProposedFeatures.all, new BrowserMessageReader(self), new BrowserMessageWriter(self));
// A rejection that escaped every handler must not end the session: log it where the editor shows logs.
self.addEventListener('unhandledrejection', (event) => {
  event.preventDefault();
  connection.console.error(`rollmark: unhandled rejection: ${event.reason instanceof Error ? (event.reason.stack ?? event.reason.message) : String(event.reason)}`);
});
startServer(connection, { fileSystem: () => undefined, clock: standardClock, random: cryptoRandom(crypto) });
connection.listen();
