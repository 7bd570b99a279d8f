/**
 * The status bar item with the active document's ruleset, asked of the server
 * (`rollmark/documentInfo`): its title, and a click that chooses the ruleset of this document or
 * of the workspace. A Markdown document the server does not serve but that holds checks
 * (`rollmark/unservedDocument`) gets an item that offers a ruleset instead, and one invitation.
 */
import * as vscode from 'vscode';
import { type DocumentInfo, MARKDOWN_LANGUAGE_ID, type UnservedDocumentInfo } from '../../server/src/protocol';
import { ClientCommands } from './commandIds';
import { requestDocumentInfo, requestUnservedInfo } from './documentInfo';
import type { RulesetInvitation } from './invitation';
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

/** What the item says beyond its text: plain text, for the tooltip and screen readers alike. */
function servedLines(info: DocumentInfo): string[] {
  const lines = [vscode.l10n.t('Rollmark ruleset: {0} ({1}), {2}.', info.title, info.ruleset, sourceText(info))];
  if (!vscode.workspace.isTrusted) {
    lines.push(
      info.userRulesetsLoaded
        ? vscode.l10n.t('Restricted mode: the workspace is not trusted.')
        : vscode.l10n.t('Restricted mode: the workspace is not trusted, so user ruleset files are not loaded; only the built-in rulesets are available.'),
    );
  } else if (!info.userRulesetsLoaded) {
    lines.push(vscode.l10n.t('User ruleset files are not loaded for this document (it is not in a workspace folder on disk).'));
  }
  lines.push(vscode.l10n.t('Click to choose the ruleset of this document or of the workspace.'));
  return lines;
}

export class RulesetStatus implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly subscriptions: vscode.Disposable[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** Answers to older questions are dropped. */
  private generation = 0;
  private shown: DocumentInfo | undefined;

  constructor(
    private readonly host: LanguageClientHost,
    private readonly invitation: RulesetInvitation,
    /** Told each served document's ruleset as the item shows it (the walkthrough's first step). */
    private readonly onServed: (info: DocumentInfo) => void = () => undefined,
  ) {
    this.item = vscode.window.createStatusBarItem(STATUS_BAR_ID, vscode.StatusBarAlignment.Right, 100);
    this.item.name = vscode.l10n.t('Rollmark ruleset');
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

  /** What the item shows now (undefined when hidden or offering a ruleset), its `checks` empty; for tests and commands. */
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
    if (!document || document.languageId !== MARKDOWN_LANGUAGE_ID) {
      this.hide();
      return;
    }
    // Without checks: the item shows the ruleset only, and a long book has thousands of checks.
    // No answer: the server does not serve the document (it decides which ones it does).
    const info = await requestDocumentInfo(this.host.current, document.uri.toString());
    if (generation !== this.generation) return;
    if (info) {
      this.showServed(document, info);
      return;
    }
    const unserved = await requestUnservedInfo(this.host.current, document.uri.toString());
    if (generation !== this.generation) return;
    if (unserved?.looksLikeScenario) {
      this.showOffer(document, unserved);
      this.invitation.offer(document, unserved);
    } else {
      this.hide();
    }
  }

  private hide(): void {
    this.shown = undefined;
    this.item.hide();
    void vscode.commands.executeCommand('setContext', SERVED_CONTEXT, false);
  }

  private showServed(document: vscode.TextDocument, info: DocumentInfo): void {
    this.shown = info;
    this.onServed(info);
    this.invitation.served(document);
    void vscode.commands.executeCommand('setContext', SERVED_CONTEXT, true);
    this.item.text = `${vscode.workspace.isTrusted ? '$(book)' : '$(shield)'} ${info.title}`;
    const lines = servedLines(info);
    this.item.tooltip = lines.join('\n');
    this.item.accessibilityInformation = { label: lines.join(' '), role: 'button' };
    this.item.command = { command: ClientCommands.chooseRuleset, title: vscode.l10n.t('Choose the ruleset'), arguments: [document.uri] };
    this.item.show();
  }

  /** A document that holds checks but names no ruleset: the item offers to choose one. */
  private showOffer(document: vscode.TextDocument, unserved: UnservedDocumentInfo): void {
    this.shown = undefined;
    void vscode.commands.executeCommand('setContext', SERVED_CONTEXT, false);
    this.item.text = `$(book) ${vscode.l10n.t('No ruleset')}`;
    const lines = [
      vscode.l10n.t('Rollmark: this document names no ruleset; checks in it: {0}.', unserved.checks.toLocaleString(vscode.env.language)),
      vscode.l10n.t('Click to choose its ruleset, and Rollmark checks them and shows their odds.'),
    ];
    this.item.tooltip = lines.join('\n');
    this.item.accessibilityInformation = { label: lines.join(' '), role: 'button' };
    this.item.command = { command: ClientCommands.chooseDocumentRuleset, title: vscode.l10n.t('Choose the ruleset'), arguments: [document.uri] };
    this.item.show();
  }

  dispose(): void {
    clearTimeout(this.timer);
    for (const subscription of this.subscriptions) subscription.dispose();
    this.item.dispose();
  }
}
