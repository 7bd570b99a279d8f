/**
 * The status bar's quick switch of the project's party (`.rollmark/party.yaml`): the party the
 * active document's folder is analysed with, asked of the server (`rollmark/parties`), and a click
 * that chooses another and writes `rollmark.party` into the workspace's settings. The server decides
 * which party is active; the client only shows it and writes the setting.
 */
import * as vscode from 'vscode';
import { MARKDOWN_LANGUAGE_ID } from '../../server/src/protocol';
import { ClientCommands } from './commandIds';
import { focusEditorOf } from './commands';
import { requestParties } from './documentInfo';
import type { LanguageClientHost } from './languageClient';
import { SECTION, Settings } from './settings';

/** The status bar item's id (Settings › Status Bar lists it by its name). */
export const PARTY_STATUS_ID = 'rollmark.party';

export class PartyStatus implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly subscriptions: vscode.Disposable[] = [];
  /** Answers to older questions are dropped. */
  private generation = 0;

  constructor(private readonly host: LanguageClientHost) {
    this.item = vscode.window.createStatusBarItem(PARTY_STATUS_ID, vscode.StatusBarAlignment.Right, 99);
    this.item.name = vscode.l10n.t('Rollmark party');
    this.subscriptions.push(
      vscode.window.onDidChangeActiveTextEditor(() => this.refresh()),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(SECTION)) void this.refresh();
      }),
      // The party file edited: its parties may have changed.
      vscode.workspace.onDidSaveTextDocument((document) => {
        if (document.uri.path.endsWith('/.rollmark/party.yaml')) void this.refresh();
      }),
      host.onDidStart(() => this.refresh()),
    );
  }

  async refresh(): Promise<void> {
    const generation = ++this.generation;
    const document = vscode.window.activeTextEditor?.document;
    const result = document?.languageId === MARKDOWN_LANGUAGE_ID ? await requestParties(this.host.current, document.uri.toString()) : undefined;
    if (generation !== this.generation) return;
    if (!document || !result?.active) {
      this.item.hide();
      return;
    }
    this.item.text = `$(organization) ${result.active}`;
    const tooltip = vscode.l10n.t('Rollmark party: {0}. Click to choose another party of .rollmark/party.yaml.', result.active);
    this.item.tooltip = tooltip;
    this.item.accessibilityInformation = { label: tooltip, role: 'button' };
    this.item.command = { command: ClientCommands.chooseParty, title: vscode.l10n.t('Choose the party'), arguments: [document.uri] };
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}

/**
 * `rollmark.chooseParty (uri?)`: asks which of the folder's parties the scenarios are analysed with
 * and writes it to `rollmark.party` (the workspace folder's settings in a multi-root workspace, else
 * the workspace's). Resolves to the name chosen, or undefined.
 */
export async function chooseParty(host: LanguageClientHost, uri?: unknown): Promise<string | undefined> {
  const target = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
  if (!target) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a scenario to choose its party.'));
    return undefined;
  }
  const result = await requestParties(host.current, target.toString());
  if (!result || result.parties.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('This folder has no parties: write them in .rollmark/party.yaml.'));
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    result.parties.map((name) => ({ label: name, ...(name === result.active ? { description: vscode.l10n.t('active') } : {}) })),
    { placeHolder: vscode.l10n.t('Choose the party the scenarios are analysed with') },
  );
  const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === target.toString());
  if (document) await focusEditorOf(document);
  if (!picked) return undefined;
  const multiRoot = vscode.workspace.workspaceFile !== undefined && vscode.workspace.getWorkspaceFolder(target) !== undefined;
  await vscode.workspace.getConfiguration(SECTION, target).update(Settings.party, picked.label, multiRoot ? vscode.ConfigurationTarget.WorkspaceFolder : vscode.ConfigurationTarget.Workspace);
  return picked.label;
}
