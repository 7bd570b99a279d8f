/**
 * The server's commands as the client runs them: through `vscode.commands` (so that the roll flow's
 * middleware sees every roll, whoever asks), typed by the one declaration both sides share
 * (`CommandSignatures` in server/src/protocol.ts).
 */
import * as vscode from 'vscode';
import type { CommandSignatures } from '../../server/src/protocol';

/** Runs a server command; undefined when the roll flow's question was dismissed. */
export function executeServerCommand<C extends keyof CommandSignatures>(command: C, args: CommandSignatures[C]['args']): Thenable<CommandSignatures[C]['result'] | undefined> {
  return vscode.commands.executeCommand<CommandSignatures[C]['result'] | undefined>(command, args);
}
