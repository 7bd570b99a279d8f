/**
 * The server's entry point in Node, and the only file that knows its transport: `--stdio` or
 * `--node-ipc` (also `--socket=N` and `--pipe=NAME`), as vscode-languageserver reads them from the
 * command line. The host is Node's (node/host.ts), with a full garbage collection after large edits.
 */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { crashReporter } from './crashReporter';
import { fullCollection, HeapReclaimer } from './node/heapReclaimer';
import { nodeHost } from './node/host';
import { startServer } from './server';

function main(): void {
  let connection;
  try {
    connection = createConnection(ProposedFeatures.all);
  } catch (error) {
    // Not started by an editor: say how to start it, on stderr (stdout may be someone's protocol).
    process.stderr.write(`rollmark language server: ${error instanceof Error ? error.message : String(error)}\nusage: node server.js --stdio | --node-ipc\n`);
    process.exitCode = 2;
    return;
  }
  const conn = connection;
  // An error that escapes a handler must not end the session: log it where the editor shows logs.
  const report = crashReporter({ log: (message) => conn.console.error(message), stderr: (text) => process.stderr.write(text), exit: (code) => process.exit(code) });
  process.on('uncaughtException', (error) => report('uncaught exception', error));
  process.on('unhandledRejection', (reason) => report('unhandled rejection', reason));
  // A write to a closed stdout fails asynchronously, as an 'error' event: the editor is gone.
  process.stdout.on('error', (error) => report('writing to the editor', error));
  const collect = fullCollection();
  const reclaimer = collect ? new HeapReclaimer({ collect }) : undefined;
  startServer(conn, { ...nodeHost(), ...(reclaimer ? { afterWork: () => reclaimer.workDone() } : {}) });
  conn.listen();
}

main();
