/**
 * «Rollmark: Словарь для LTeX+»: the server writes the workspace folder's LTeX+ dictionary
 * (`rollmark.writeLtexDictionary`, `.rollmark/ltex.dictionary.txt`); the extension writes no file
 * itself. It then offers to add that file to LTeX+'s `ltex.dictionary` setting of the workspace,
 * and changes the setting only if the author agrees.
 */
import * as vscode from 'vscode';
import { Commands, type WriteLtexDictionaryResult } from '../../server/src/protocol';
import { ClientCommands } from './commandIds';
import type { LanguageClientHost } from './languageClient';
import { ltexFileEntry, withLtexEntry } from './ltexSetting';
import { executeServerCommand } from './serverCommands';

/** The folder whose dictionary is written: the active document's, the only one, else the author's choice. */
async function chooseFolder(): Promise<vscode.WorkspaceFolder | undefined> {
  const active = vscode.window.activeTextEditor?.document.uri;
  const folder = active && vscode.workspace.getWorkspaceFolder(active);
  if (folder) return folder;
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length <= 1) return folders[0];
  return vscode.window.showWorkspaceFolderPick({ placeHolder: vscode.l10n.t('Which folder’s dictionary for LTeX+?') });
}

async function exportLtexDictionary(host: LanguageClientHost): Promise<boolean> {
  const folder = await chooseFolder();
  if (!folder) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Rollmark: the dictionary for LTeX+ is written into a workspace folder; open the project folder first.'));
    return false;
  }
  if (!host.current) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Rollmark: the language server is not running; see the output channel «Rollmark Language Server».'));
    return false;
  }
  let result: WriteLtexDictionaryResult | undefined;
  try {
    result = await executeServerCommand(Commands.writeLtexDictionary, { uri: folder.uri.toString() });
  } catch (error) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Rollmark: the dictionary for LTeX+ was not written: {0}', error instanceof Error ? error.message : String(error)));
    return false;
  }
  if (!result) return false;
  if (!result.written) {
    void vscode.window.showErrorMessage(result.reason);
    return false;
  }
  const file = vscode.Uri.parse(result.file);
  const words = result.words.toLocaleString(vscode.env.language);
  const ltex = vscode.workspace.getConfiguration('ltex', folder.uri);
  // A multi-root workspace keeps each folder's words in that folder's settings.
  const target = (vscode.workspace.workspaceFolders?.length ?? 0) > 1 ? vscode.ConfigurationTarget.WorkspaceFolder : vscode.ConfigurationTarget.Workspace;
  const inspected = ltex.inspect<unknown>('dictionary');
  const current = target === vscode.ConfigurationTarget.WorkspaceFolder ? inspected?.workspaceFolderValue : inspected?.workspaceValue;
  const setting = withLtexEntry(current, ltexFileEntry(file.fsPath));
  if (!setting) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Rollmark: the dictionary for LTeX+ is written ({0} words); LTeX+ already reads it.', words));
    return true;
  }
  const add = vscode.l10n.t('Add to LTeX+ settings');
  const answer = await vscode.window.showInformationMessage(
    vscode.l10n.t('Rollmark: the dictionary for LTeX+ is written ({0} words) to {1}. Add it to the workspace setting ltex.dictionary?', words, vscode.workspace.asRelativePath(file, true)),
    add,
  );
  if (answer !== add) return true;
  try {
    await ltex.update('dictionary', setting, target);
  } catch (error) {
    // Without LTeX+ installed the setting is unknown to VS Code, which refuses to write it.
    void vscode.window.showErrorMessage(
      vscode.l10n.t('Rollmark: the setting ltex.dictionary was not changed ({0}). Is LTeX+ installed? Add to .vscode/settings.json: {1}', error instanceof Error ? error.message : String(error), JSON.stringify({ 'ltex.dictionary': setting })),
    );
    return false;
  }
  return true;
}

/** The command; resolves to whether the dictionary was written. */
export function registerLtexDictionaryCommand(host: LanguageClientHost): vscode.Disposable {
  return vscode.commands.registerCommand(ClientCommands.exportLtexDictionary, () => exportLtexDictionary(host));
}
