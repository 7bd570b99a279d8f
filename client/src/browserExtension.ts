/** The extension in a browser (package.json `browser`: vscode.dev, github.dev): the language server runs in a Web Worker. */
import type * as vscode from 'vscode';
import { activateRollmark, deactivateRollmark } from './activate';
import type { RollmarkApi } from './api';
import { browserServer } from './browserServer';

export type { RollmarkApi } from './api';

export function activate(context: vscode.ExtensionContext): Promise<RollmarkApi> {
  return activateRollmark(context, browserServer(context));
}

export const deactivate = deactivateRollmark;
