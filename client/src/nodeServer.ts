/** The language server in Node: the bundled dist/server.js, a process over IPC. */
import type * as vscode from 'vscode';
import { LanguageClient, type ServerOptions, TransportKind } from 'vscode-languageclient/node';
import type { ServerStarter } from './languageClient';

/** What vscode-languageclient logs as an error whenever the server process ends, a stop included. */
const NORMAL_EXIT = 'Server process exited with code 0.';

/**
 * The client, but a server that exits with code 0 (after `shutdown` and `exit`: every restart)
 * is logged as information, not as an error. A crash still is an error.
 */
class RollmarkLanguageClient extends LanguageClient {
  override error(message: string, data?: unknown, showNotification: boolean | 'force' = true): void {
    if (message === NORMAL_EXIT) this.info(message, data);
    else super.error(message, data, showNotification);
  }
}

export function nodeServer(context: vscode.ExtensionContext): ServerStarter {
  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  return (id, name, options) => new RollmarkLanguageClient(id, name, serverOptions, options);
}
