/** The extension in VS Code desktop (package.json `main`): the language server runs in Node. */
import type * as vscode from 'vscode';
import { activateRollmark, deactivateRollmark } from './activate';
import type { RollmarkApi } from './api';
import { nodeServer } from './nodeServer';

export type { RollmarkApi } from './api';
export { ClientCommands } from './commandIds';

export function activate(context: vscode.ExtensionContext): Promise<RollmarkApi> {
  return activateRollmark(context, nodeServer(context));
}

export const deactivate = deactivateRollmark;
