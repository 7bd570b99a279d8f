/**
 * The server's entry point, and the only file that knows the transport: `--stdio` or
 * `--node-ipc` (also `--socket=N` and `--pipe=NAME`), as vscode-languageserver reads them
 * from the command line.
 */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './server';
import { fullCollection } from './workspace/heapReclaimer';

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
  process.on('uncaughtException', (error) => conn.console.error(`rollmark: uncaught exception: ${error.stack ?? error.message}`));
  process.on('unhandledRejection', (reason) => conn.console.error(`rollmark: unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`));
  startServer(conn, { collectGarbage: fullCollection() });
  conn.listen();
}

main();
