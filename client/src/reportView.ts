/**
 * «Rollmark: Обзор сценария»: the server's scenario report (`rollmark/report`) in a webview, for
 * the current document or its workspace folder. The client only displays it: it asks again after
 * edits (debounced), VS Code's theme variables colour it, a click on a row reveals its check.
 * The page allows nothing remote: `default-src 'none'`, its style and its one script by nonce.
 */
import * as vscode from 'vscode';
import { MARKDOWN_LANGUAGE_ID, type ReportParams, ReportRequest, type ReportResult, toBase64 } from '../../server/src/protocol';
import type { LanguageClientHost } from './languageClient';

/** Milliseconds between the last edit and the report asked again. */
export const REPORT_DELAY = 500;

/** The webview's type (its state is restored by VS Code per type). */
export const REPORT_VIEW_TYPE = 'rollmark.report';

export type ReportScope = ReportParams['scope'];

interface ScopeItem extends vscode.QuickPickItem {
  scope: ReportScope;
}

/** A script's nonce: Web Crypto, which the extension host has in Node and in a browser alike. */
function nonce(): string {
  return toBase64(crypto.getRandomValues(new Uint8Array(18)));
}

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** What a report is of: the server's parameters and the panel's title. */
interface Target {
  params: ReportParams;
  title: string;
  /** The folder whose Markdown files an edit on disk may change (workspace scope). */
  folder?: vscode.WorkspaceFolder;
}

export class ReportView implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private target: Target | undefined;
  /** The documents the shown report covers: their edits ask for a new one. */
  private covered = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** An edit arrived while the panel was hidden: refresh when it shows again. */
  private stale = false;
  private readonly subscriptions: vscode.Disposable[] = [];
  /** The report shown now, as the server sent it (for tests through the extension's API). */
  lastReport: ReportResult | undefined;

  constructor(
    private readonly host: LanguageClientHost,
    private readonly extensionUri: vscode.Uri,
  ) {
    this.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.contentChanges.length > 0) this.changed(event.document.uri);
      }),
      vscode.workspace.onDidSaveTextDocument((document) => this.changed(document.uri)),
    );
    // Files changed on disk, added or deleted (another editor, git): a workspace report reads them.
    const watcher = vscode.workspace.createFileSystemWatcher('**/*.md');
    this.subscriptions.push(watcher, watcher.onDidChange((uri) => this.changed(uri)), watcher.onDidCreate((uri) => this.changed(uri)), watcher.onDidDelete((uri) => this.changed(uri)));
  }

  /**
   * Shows the report of `scope` (`'document'` or `'workspace'`) for `uri` (default: the active
   * editor's document); without a scope, asks when both make sense. Resolves to whether a
   * report is shown.
   */
  async show(scopeArg?: unknown, uriArg?: unknown): Promise<boolean> {
    // From the editor's title bar VS Code passes the document's URI alone.
    const target = scopeArg instanceof vscode.Uri ? await this.chooseTarget(undefined, scopeArg) : await this.chooseTarget(scopeArg, uriArg);
    if (!target) return false;
    this.target = target;
    const panel = this.panel ?? this.createPanel();
    panel.title = target.title;
    panel.reveal(undefined, true);
    return this.refresh(true);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.panel?.dispose();
    for (const s of this.subscriptions) s.dispose();
  }

  private async chooseTarget(scopeArg: unknown, uriArg: unknown): Promise<Target | undefined> {
    const given = typeof uriArg === 'string' ? vscode.Uri.parse(uriArg) : uriArg instanceof vscode.Uri ? uriArg : undefined;
    const editor = vscode.window.activeTextEditor?.document;
    const documentUri = given ?? (editor?.languageId === MARKDOWN_LANGUAGE_ID ? editor.uri : undefined);
    const served = documentUri !== undefined && (await this.host.isServed(documentUri));
    const folder = (documentUri && vscode.workspace.getWorkspaceFolder(documentUri)) ?? vscode.workspace.workspaceFolders?.[0];
    let scope: ReportScope | undefined = scopeArg === 'document' || scopeArg === 'workspace' ? scopeArg : undefined;
    if (!scope) {
      if (served && folder) scope = await this.askScope(documentUri, folder);
      else if (served) scope = 'document';
      else if (folder) scope = 'workspace';
      else {
        void vscode.window.showInformationMessage(vscode.l10n.t('Open a scenario or a folder to see its overview.'));
        return undefined;
      }
      if (!scope) return undefined;
    }
    if (scope === 'document') {
      if (!documentUri || !served) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Rollmark does not check this document. Give it a ruleset in its front matter, or see the setting rollmark.markdown.enable.'));
        return undefined;
      }
      return { params: { uri: documentUri.toString(), scope }, title: vscode.l10n.t('Overview: {0}', vscode.workspace.asRelativePath(documentUri, false)) };
    }
    if (!folder) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Open a folder to see the overview of its scenarios.'));
      return undefined;
    }
    const inFolder = documentUri && vscode.workspace.getWorkspaceFolder(documentUri) === folder ? documentUri : folder.uri;
    return { params: { uri: inFolder.toString(), scope }, title: vscode.l10n.t('Overview: {0}', folder.name), folder };
  }

  private async askScope(document: vscode.Uri, folder: vscode.WorkspaceFolder): Promise<ReportScope | undefined> {
    const items: ScopeItem[] = [
      { label: `$(file) ${vscode.l10n.t('This document')}`, description: vscode.workspace.asRelativePath(document, false), scope: 'document' },
      { label: `$(folder) ${vscode.l10n.t('The whole workspace folder')}`, description: folder.name, scope: 'workspace' },
    ];
    return (await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Scenario overview') }))?.scope;
  }

  private createPanel(): vscode.WebviewPanel {
    const media = vscode.Uri.joinPath(this.extensionUri, 'media');
    const panel = vscode.window.createWebviewPanel(REPORT_VIEW_TYPE, vscode.l10n.t('Scenario overview'), { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, { enableScripts: true, localResourceRoots: [media] });
    panel.onDidDispose(() => {
      this.panel = undefined;
      this.target = undefined;
      this.covered.clear();
      this.lastReport = undefined;
    });
    panel.onDidChangeViewState(() => {
      if (panel.visible && this.stale) void this.refresh(false);
    });
    panel.webview.onDidReceiveMessage((message: unknown) => void this.reveal(message));
    this.panel = panel;
    return panel;
  }

  private changed(uri: vscode.Uri): void {
    if (!this.panel || !this.target) return;
    const key = uri.toString();
    const folder = this.target.folder;
    const affects = this.covered.has(key) || (folder !== undefined && uri.path.toLowerCase().endsWith('.md') && vscode.workspace.getWorkspaceFolder(uri) === folder);
    if (!affects) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(false), REPORT_DELAY);
  }

  /** Asks the server for the report and shows it: the whole page the first time, the body after. */
  private async refresh(firstTime: boolean): Promise<boolean> {
    const panel = this.panel;
    const target = this.target;
    const client = this.host.current;
    if (!panel || !target) return false;
    if (!panel.visible && !firstTime) {
      this.stale = true;
      return false;
    }
    this.stale = false;
    if (!client) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Rollmark: the language server is not running; see the output channel «Rollmark Language Server».'));
      return false;
    }
    let result: ReportResult;
    try {
      result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Rollmark: building the overview') }, () =>
        client.sendRequest(ReportRequest, target.params),
      );
    } catch (error) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Rollmark: the overview failed: {0}', error instanceof Error ? error.message : String(error)));
      return false;
    }
    // Another report was asked for, or the panel closed, while this one was built.
    if (this.panel !== panel || this.target !== target) return false;
    this.covered = new Set(result.uris);
    this.lastReport = result;
    if (firstTime || !panel.webview.html) panel.webview.html = this.page(panel.webview, result);
    else void panel.webview.postMessage({ type: 'update', body: result.body });
    return true;
  }

  private page(webview: vscode.Webview, report: ReportResult): string {
    const n = nonce();
    const script = webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'media', 'reportView.js'));
    return [
      '<!doctype html>',
      `<html lang="${escapeAttribute(vscode.env.language)}">`,
      '<head>',
      '<meta charset="utf-8">',
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'nonce-${n}'; script-src 'nonce-${n}';">`,
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      `<title>${escapeAttribute(report.title)}</title>`,
      `<style nonce="${n}">${report.css}</style>`,
      '</head>',
      '<body>',
      `<div id="rm-root">${report.body}</div>`,
      `<script nonce="${n}" src="${escapeAttribute(script.toString())}"></script>`,
      '</body>',
      '</html>',
    ].join('\n');
  }

  /** A row was clicked: its check in the editor beside the report, the cursor on it. */
  private async reveal(message: unknown): Promise<void> {
    if (typeof message !== 'object' || message === null) return;
    const { type, uri, line, character } = message as Record<string, unknown>;
    if (type !== 'reveal' || typeof uri !== 'string' || !Number.isInteger(line) || !Number.isInteger(character)) return;
    const position = new vscode.Position(line as number, character as number);
    const column = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri)?.viewColumn ?? vscode.ViewColumn.One;
    const editor = await vscode.window.showTextDocument(vscode.Uri.parse(uri), { viewColumn: column, selection: new vscode.Range(position, position), preserveFocus: false });
    editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }
}
