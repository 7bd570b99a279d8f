/** The extension's own commands (ids in commandIds.ts, titles in package.nls*.json). */
import * as vscode from 'vscode';
import { CHOOSE_CHECK_COMMAND, type CheckChoice, Commands, type DocumentInfo, MARKDOWN_LANGUAGE_ID, type RollCheckArgs, type SetDocumentRulesetResult } from '../../server/src/protocol';
import { ClientCommands } from './commandIds';
import { requestDocumentInfo, requestRulesets } from './documentInfo';
import type { LanguageClientHost } from './languageClient';
import { requestCheck } from './rolls';
import type { RollLog } from './rollLog';
import { pickRuleset } from './rulesetPicker';
import { executeServerCommand } from './serverCommands';
import { SECTION, Settings } from './settings';

export interface CommandDeps {
  host: LanguageClientHost;
  log: RollLog;
  /** Called after something changed what the status bar shows. */
  refreshStatus: () => void;
}

function uriOf(value: unknown): vscode.Uri | undefined {
  if (value instanceof vscode.Uri) return value;
  if (typeof value === 'string' && value !== '') {
    try {
      return vscode.Uri.parse(value, true);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The document a command is about: the one named in its argument, else the active editor's. */
async function targetDocument(arg: unknown): Promise<vscode.TextDocument | undefined> {
  const uri = uriOf(arg);
  if (!uri) return vscode.window.activeTextEditor?.document;
  return vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString()) ?? vscode.workspace.openTextDocument(uri);
}

/** Gives the keyboard back to the editor of the document (a status bar click leaves it on the status bar). */
export async function focusEditorOf(document: vscode.TextDocument): Promise<void> {
  const editor = vscode.window.visibleTextEditors.find((e) => e.document === document);
  await vscode.window.showTextDocument(document, { viewColumn: editor?.viewColumn, preserveFocus: false });
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function serverUnavailable(): undefined {
  void vscode.window.showErrorMessage(vscode.l10n.t('Rollmark: the language server is not running; see the output channel «Rollmark Language Server».'));
  return undefined;
}

export function registerCommands(deps: CommandDeps): vscode.Disposable[] {
  const { host, log } = deps;
  const info = (uri: vscode.Uri | string): Promise<DocumentInfo | undefined> => requestDocumentInfo(host.current, uri.toString());

  /** The served document at the cursor, or a message saying why there is none. */
  const rollAtCursor = async (): Promise<unknown> => {
    const editor = vscode.window.activeTextEditor;
    if (!editor) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Open a scenario and put the cursor on a check to roll it.'));
      return undefined;
    }
    const document = editor.document;
    const position = editor.selection.active;
    const args: RollCheckArgs = { uri: document.uri.toString(), line: position.line, character: position.character };
    const check = await requestCheck(host.current, args);
    if (check === undefined) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Rollmark does not check this document. Give it a ruleset in its front matter, or see the setting rollmark.markdown.enable.'));
      return undefined;
    }
    if (check === null) {
      void vscode.window.showInformationMessage(vscode.l10n.t('There is no check at the cursor.'));
      return undefined;
    }
    args.text = check.text;
    // What the check's code lens says too: a check the server says the party rolls is the party's
    // (the roll flow asks: the whole party or one character); else the roll flow asks for a pool
    // only when the server says it is unknown.
    if (check.party) Object.assign(args, { party: true, poolUnknown: false });
    else args.poolUnknown = check.rollable && !check.poolKnown;
    try {
      // Through the server command, so that the roll flow (pool question, log, notification) applies.
      return await executeServerCommand(Commands.rollCheck, args);
    } catch (error) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Rollmark: the roll failed: {0}', errorText(error)));
      return undefined;
    }
  };

  const chooseDocumentRuleset = async (uriArg?: unknown, idArg?: unknown): Promise<string | undefined> => {
    const document = await targetDocument(uriArg);
    if (!document || document.languageId !== MARKDOWN_LANGUAGE_ID) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Open a scenario or a Markdown document to choose its ruleset.'));
      return undefined;
    }
    let id = typeof idArg === 'string' && idArg.trim() !== '' ? idArg.trim() : undefined;
    if (!id) {
      const [choices, known] = await Promise.all([requestRulesets(host.current, document.uri.toString()), info(document.uri)]);
      if (!choices) return serverUnavailable();
      id = await pickRuleset(choices, {
        title: vscode.l10n.t('Ruleset of {0}', vscode.workspace.asRelativePath(document.uri)),
        ...(known?.source === 'front-matter' ? { current: known.ruleset } : {}),
      });
      if (!id) return undefined;
    }
    // The keyboard goes back to the text before the edit shows: a letter typed the moment the
    // front matter appears lands in the text, not in a closing picker (issue 23).
    await focusEditorOf(document);
    // The server writes the front matter: it reads it, so it knows where the ruleset goes.
    let result: SetDocumentRulesetResult | undefined;
    try {
      result = await executeServerCommand(Commands.setDocumentRuleset, { uri: document.uri.toString(), ruleset: id });
    } catch (error) {
      result = { applied: false, reason: errorText(error) };
    }
    if (!result?.applied) {
      const reason = result?.reason || vscode.l10n.t('the edit was not applied');
      void vscode.window.showErrorMessage(vscode.l10n.t('Rollmark could not edit the front matter of {0}: {1}', vscode.workspace.asRelativePath(document.uri), reason));
      return undefined;
    }
    deps.refreshStatus();
    return id;
  };

  const chooseWorkspaceRuleset = async (idArg?: unknown): Promise<string | undefined> => {
    const configuration = vscode.workspace.getConfiguration(SECTION);
    let id = typeof idArg === 'string' ? idArg.trim() : undefined;
    if (id === undefined) {
      const scope = vscode.window.activeTextEditor?.document.uri ?? vscode.workspace.workspaceFolders?.[0]?.uri;
      const choices = await requestRulesets(host.current, scope?.toString());
      if (!choices) return serverUnavailable();
      id = await pickRuleset(choices, {
        title: vscode.l10n.t('Ruleset for documents without one in their front matter'),
        current: configuration.get<string>(Settings.defaultRuleset) ?? '',
        none: { label: vscode.l10n.t('Built-in default'), description: 'storytelling' },
      });
      if (id === undefined) return undefined;
    }
    const target = vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
    await configuration.update(Settings.defaultRuleset, id === '' ? undefined : id, target);
    deps.refreshStatus();
    return id;
  };

  /**
   * The server reads the project files again and checks every scenario file anew (its progress
   * shows meanwhile); a server that is not running is started afresh instead.
   */
  /**
   * The status bar's choice: this document (its front matter) or the workspace (the setting), then
   * the ruleset; a document Rollmark does not serve yet can only be given one in its front matter.
   * The editor gets the focus back, wherever the choice was made from.
   */
  const chooseRuleset = async (uriArg?: unknown): Promise<string | undefined> => {
    const document = await targetDocument(uriArg);
    if (!document || document.languageId !== MARKDOWN_LANGUAGE_ID) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Open a scenario or a Markdown document to choose its ruleset.'));
      return undefined;
    }
    try {
      const known = await info(document.uri);
      if (!known) return await chooseDocumentRuleset(document.uri);
      const setting = vscode.workspace.getConfiguration(SECTION, document.uri).get<string>(Settings.defaultRuleset) ?? '';
      const titleOf = (id: string) => known.rulesets.find((r) => r.id === id)?.title ?? id;
      const items: (vscode.QuickPickItem & { scope: 'document' | 'workspace' })[] = [
        {
          scope: 'document',
          label: `$(file) ${vscode.l10n.t('This document')}`,
          description: known.source === 'front-matter' ? titleOf(known.ruleset) : vscode.l10n.t('no ruleset in its front matter'),
          detail: vscode.l10n.t('Writes the ruleset into its front matter.'),
        },
        {
          scope: 'workspace',
          label: `$(folder) ${vscode.l10n.t('The workspace')}`,
          description: setting ? titleOf(setting) : vscode.l10n.t('Built-in default'),
          detail: vscode.l10n.t('For every document without a ruleset in its front matter (the setting rollmark.defaultRuleset).'),
        },
      ];
      const scope = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Choose the ruleset of…'), placeHolder: vscode.workspace.asRelativePath(document.uri) });
      if (!scope) return undefined;
      return scope.scope === 'document' ? await chooseDocumentRuleset(document.uri) : await chooseWorkspaceRuleset();
    } finally {
      await focusEditorOf(document);
    }
  };

  const recheckWorkspace = async (): Promise<void> => {
    if (!host.current?.isRunning()) {
      await host.restart();
      vscode.window.setStatusBarMessage(vscode.l10n.t('Rollmark: the workspace is checked anew'), 3000);
      return;
    }
    let files: number | undefined;
    try {
      files = (await executeServerCommand(Commands.reloadProject, undefined))?.files;
    } catch (error) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Rollmark could not check the workspace: {0}', errorText(error)));
      return;
    }
    const message = files !== undefined ? vscode.l10n.t('Rollmark: the workspace is checked anew; files read: {0}', files.toLocaleString(vscode.env.language)) : vscode.l10n.t('Rollmark: the workspace is checked anew');
    vscode.window.setStatusBarMessage(message, 5000);
  };

  const documentInfo = async (uriArg?: unknown): Promise<DocumentInfo | undefined> => {
    const uri = uriOf(uriArg) ?? vscode.window.activeTextEditor?.document.uri;
    return uri ? info(uri) : undefined;
  };

  return [
    vscode.commands.registerCommand(ClientCommands.rollAtCursor, rollAtCursor),
    vscode.commands.registerCommand(ClientCommands.chooseRuleset, chooseRuleset),
    // The one lens of a line with many checks: which of them to roll (through the roll middleware, as a lens would).
    vscode.commands.registerCommand(CHOOSE_CHECK_COMMAND, async (choices?: CheckChoice[]) => {
      if (!Array.isArray(choices) || choices.length === 0) return undefined;
      const picked = await vscode.window.showQuickPick(
        choices.map((choice) => ({ label: choice.title, choice })),
        { title: vscode.l10n.t('Which check to roll?'), placeHolder: vscode.l10n.t('Each roll goes to the roll log') },
      );
      return picked ? vscode.commands.executeCommand(Commands.rollCheck, picked.choice.args) : undefined;
    }),
    // From the status bar or the invitation: the keyboard goes back to the document's editor.
    vscode.commands.registerCommand(ClientCommands.chooseDocumentRuleset, async (uriArg?: unknown, idArg?: unknown) => {
      try {
        return await chooseDocumentRuleset(uriArg, idArg);
      } finally {
        const document = await targetDocument(uriArg);
        if (document) await focusEditorOf(document);
      }
    }),
    vscode.commands.registerCommand(ClientCommands.chooseWorkspaceRuleset, chooseWorkspaceRuleset),
    vscode.commands.registerCommand(ClientCommands.showRollLog, () => log.show(false)),
    vscode.commands.registerCommand(ClientCommands.recheckWorkspace, recheckWorkspace),
    vscode.commands.registerCommand(ClientCommands.documentInfo, documentInfo),
  ];
}
