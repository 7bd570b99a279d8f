/**
 * The status bar item with the active document's ruleset, asked of the server
 * (`rollmark/documentInfo`). Clicking it chooses the ruleset for the document.
 */
import * as vscode from 'vscode';
import type { DocumentInfo } from '../../server/src/protocol';
import { ClientCommands } from './commandIds';
import { requestDocumentInfo } from './documentInfo';
import type { LanguageClientHost } from './languageClient';

/** The status bar item's id (Settings › Status Bar lists it by its name). */
export const STATUS_BAR_ID = 'rollmark.ruleset';

/** True while the active editor's document is one the server analyses: menus and keybindings use it. */
export const SERVED_CONTEXT = 'rollmark.served';

/** Milliseconds to wait after the last edit before asking again. */
const EDIT_DELAY = 400;

function sourceText(info: DocumentInfo): string {
  switch (info.source) {
    case 'front-matter':
      return vscode.l10n.t('from the front matter');
    case 'setting':
      return vscode.l10n.t('from the setting rollmark.defaultRuleset');
    default:
      return vscode.l10n.t('the built-in default');
  }
}

export class RulesetStatus implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly subscriptions: vscode.Disposable[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** Answers to older questions are dropped. */
  private generation = 0;
  private shown: DocumentInfo | undefined;

  constructor(private readonly host: LanguageClientHost) {
    this.item = vscode.window.createStatusBarItem(STATUS_BAR_ID, vscode.StatusBarAlignment.Right, 100);
    this.item.name = vscode.l10n.t('Rollmark ruleset');
    this.item.command = ClientCommands.chooseDocumentRuleset;
    this.subscriptions.push(
      vscode.window.onDidChangeActiveTextEditor(() => this.refresh()),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document === vscode.window.activeTextEditor?.document && event.contentChanges.length > 0) this.refreshSoon();
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('rollmark')) this.refreshSoon();
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.refresh()),
      host.onDidStart(() => this.refresh()),
    );
  }

  /** What the item shows now (undefined when hidden), its `checks` empty; for tests and commands. */
  get info(): DocumentInfo | undefined {
    return this.shown;
  }

  refreshSoon(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(), EDIT_DELAY);
  }

  async refresh(): Promise<void> {
    clearTimeout(this.timer);
    const generation = ++this.generation;
    const document = vscode.window.activeTextEditor?.document;
    if (!document) {
      this.hide();
      return;
    }
    // Without checks: the item shows the ruleset only, and a long book has thousands of checks.
    // No answer: the server does not serve the document (it decides which ones it does).
    const info = await requestDocumentInfo(this.host.current, document.uri.toString());
    if (generation !== this.generation) return;
    if (!info) {
      this.hide();
      return;
    }
    this.show(info);
  }

  private hide(): void {
    this.shown = undefined;
    this.item.hide();
    void vscode.commands.executeCommand('setContext', SERVED_CONTEXT, false);
  }

  private show(info: DocumentInfo): void {
    this.shown = info;
    void vscode.commands.executeCommand('setContext', SERVED_CONTEXT, true);
    const untrusted = !vscode.workspace.isTrusted;
    this.item.text = `${untrusted ? '$(shield)' : '$(book)'} ${info.ruleset}`;
    const tooltip = new vscode.MarkdownString();
    tooltip.appendMarkdown(`**${vscode.l10n.t('Rollmark ruleset')}**: `);
    tooltip.appendText(`${info.title} (${info.ruleset}), ${sourceText(info)}`);
    if (untrusted) {
      tooltip.appendMarkdown('\n\n$(shield) ');
      tooltip.appendText(
        info.userRulesetsLoaded
          ? vscode.l10n.t('Restricted mode: the workspace is not trusted.')
          : vscode.l10n.t('Restricted mode: the workspace is not trusted, so user ruleset files are not loaded; only the built-in rulesets are available.'),
      );
    } else if (!info.userRulesetsLoaded) {
      tooltip.appendMarkdown('\n\n');
      tooltip.appendText(vscode.l10n.t('User ruleset files are not loaded for this document (it is not in a workspace folder on disk).'));
    }
    tooltip.appendMarkdown('\n\n');
    tooltip.appendText(vscode.l10n.t('Click to choose the ruleset of this document.'));
    tooltip.supportThemeIcons = true;
    this.item.tooltip = tooltip;
    this.item.show();
  }

  dispose(): void {
    clearTimeout(this.timer);
    for (const subscription of this.subscriptions) subscription.dispose();
    this.item.dispose();
  }
}
