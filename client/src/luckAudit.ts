/**
 * «Rollmark: Аудит удачи по журналу сессии»: which session log (the one named, the active editor's,
 * else a choice among the workspace's `сессия-*.md`), the server's audit of it (`rollmark.luckAudit`,
 * Markdown with its chart), shown in the Markdown preview of a read-only virtual document. A
 * virtual document, not an untitled one: nothing to save or be asked about on closing, and the
 * server, which is sent `file` and `untitled` documents only, never analyses the audit itself.
 */
import * as vscode from 'vscode';
import { Commands, type LuckAuditResult, MARKDOWN_LANGUAGE_ID } from '../../server/src/protocol';
import { isSessionLog, MAX_SESSION_LOGS, SESSION_LOG_GLOB, sessionLogsLatestFirst } from './keptRolls';
import type { LanguageClientHost } from './languageClient';
import { executeServerCommand } from './serverCommands';

/** The audits' scheme: each one's Markdown is held by the provider below, keyed by its URI. */
export const AUDIT_SCHEME = 'rollmark-audit';

/** Audits kept for their previews: the latest few, so that a long session of audits holds no more. */
const KEPT_AUDITS = 8;

interface LogItem extends vscode.QuickPickItem {
  uri: vscode.Uri;
}

export class LuckAuditView implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly audits = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  private readonly registration: vscode.Disposable;
  readonly onDidChange = this.changed.event;

  constructor(private readonly host: LanguageClientHost) {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(AUDIT_SCHEME, this);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.audits.get(uri.toString()) ?? '';
  }

  /** Audits the session log `uriArg` (default: the active one, else asks); resolves to whether an audit is shown. */
  async show(uriArg?: unknown): Promise<boolean> {
    const log = await this.chooseLog(uriArg);
    if (!log) return false;
    if (!this.host.current) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Rollmark: the language server is not running; see the output channel «Rollmark Language Server».'));
      return false;
    }
    let result: LuckAuditResult | undefined;
    try {
      // The server audits open documents: opening sends it the log's text.
      const document = await vscode.workspace.openTextDocument(log);
      result = await executeServerCommand(Commands.luckAudit, { uri: document.uri.toString() });
    } catch (error) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Rollmark: the luck audit failed: {0}', error instanceof Error ? error.message : String(error)));
      return false;
    }
    if (!result) return false;
    const name = log.path.slice(log.path.lastIndexOf('/') + 1);
    const uri = vscode.Uri.from({ scheme: AUDIT_SCHEME, path: `/${name}`, query: log.toString() });
    this.audits.delete(uri.toString());
    this.audits.set(uri.toString(), result.markdown);
    for (const key of [...this.audits.keys()].slice(0, Math.max(0, this.audits.size - KEPT_AUDITS))) this.audits.delete(key);
    this.changed.fire(uri);
    await vscode.commands.executeCommand('markdown.showPreview', uri);
    return true;
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
  }

  private async chooseLog(uriArg: unknown): Promise<vscode.Uri | undefined> {
    if (uriArg instanceof vscode.Uri) return uriArg;
    if (typeof uriArg === 'string' && uriArg !== '') return vscode.Uri.parse(uriArg);
    const active = vscode.window.activeTextEditor?.document;
    if (active?.languageId === MARKDOWN_LANGUAGE_ID && isSessionLog(active.uri.path)) return active.uri;
    const found = await vscode.workspace.findFiles(SESSION_LOG_GLOB, '**/node_modules/**', MAX_SESSION_LOGS);
    const byPath = new Map(found.map((uri) => [vscode.workspace.asRelativePath(uri, true), uri]));
    const items: LogItem[] = sessionLogsLatestFirst([...byPath.keys()]).flatMap((path) => {
      const uri = byPath.get(path);
      if (!uri) return [];
      const slash = path.lastIndexOf('/');
      return [{ label: `$(book) ${path.slice(slash + 1)}`, ...(slash > 0 ? { description: path.slice(0, slash) } : {}), uri }];
    });
    if (items.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No session log in the workspace: keep a roll in the session log first (the setting rollmark.keptRolls.destination).'));
      return undefined;
    }
    return (await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Luck audit: which session?'), placeHolder: vscode.l10n.t('Session logs, the latest first') }))?.uri;
  }
}
