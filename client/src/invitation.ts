/**
 * The way in: a Markdown document that holds checks but names no ruleset gets one quiet
 * invitation to choose one (the server says whether it holds checks: `rollmark/unservedDocument`).
 * Once per document: any answer, a dismissal included, is remembered for it; «Don't Ask Again»
 * stops the invitations everywhere. The status bar keeps offering the same choice meanwhile.
 */
import * as vscode from 'vscode';
import type { UnservedDocumentInfo } from '../../server/src/protocol';
import { ClientCommands } from './commandIds';

/** globalState: true once the author asked never to be invited again. */
const NEVER = 'rollmark.rulesetInvitation.never';
/** workspaceState: the documents whose invitation was answered or dismissed. */
const ANSWERED = 'rollmark.rulesetInvitation.answered';

export class RulesetInvitation {
  /** Documents invited in this window, answered or not yet. */
  private readonly offered = new Set<string>();
  /** Documents whose invitation is still up, its question open. */
  private readonly pending = new Set<string>();

  constructor(
    private readonly globalState: vscode.Memento,
    private readonly workspaceState: vscode.Memento,
  ) {}

  /** Invites the author to choose the document's ruleset, unless it was done before or not wanted. */
  offer(document: vscode.TextDocument, info: UnservedDocumentInfo): void {
    const uri = document.uri.toString();
    if (!info.looksLikeScenario || this.offered.has(uri) || this.globalState.get<boolean>(NEVER) === true) return;
    if (this.workspaceState.get<string[]>(ANSWERED, []).includes(uri)) return;
    this.offered.add(uri);
    this.pending.add(uri);
    const choose = vscode.l10n.t('Choose a Ruleset');
    const notNow = vscode.l10n.t('Not Now');
    const never = vscode.l10n.t("Don't Ask Again");
    const name = vscode.workspace.asRelativePath(document.uri);
    const message = vscode.l10n.t('{0} holds checks but names no ruleset. Choose one, and Rollmark checks them and shows their odds.', name);
    void vscode.window.showInformationMessage(message, choose, notNow, never).then(async (answer) => {
      // Answered meanwhile by giving the document a ruleset (`served`).
      if (!this.pending.delete(uri)) return;
      if (answer === never) {
        await this.globalState.update(NEVER, true);
        return;
      }
      await this.workspaceState.update(ANSWERED, [...this.workspaceState.get<string[]>(ANSWERED, []), uri]);
      if (answer === choose) await vscode.commands.executeCommand(ClientCommands.chooseDocumentRuleset, document.uri);
    });
  }

  /**
   * The document is served now (a ruleset chosen from the status bar, or written by hand): the
   * invitation's question is answered, so its toast goes. The API cannot close one notification;
   * hiding the toasts leaves it in the notification centre, where a click does no harm.
   */
  served(document: vscode.TextDocument): void {
    const uri = document.uri.toString();
    if (!this.pending.delete(uri)) return;
    void this.workspaceState.update(ANSWERED, [...this.workspaceState.get<string[]>(ANSWERED, []), uri]);
    void vscode.commands.executeCommand('notifications.hideToasts');
  }
}
