/**
 * Checks as chips in VS Code's Markdown preview (`contributes.markdown.markdownItPlugins`).
 * markdown-it renders synchronously and the client computes no odds, so the client keeps, per
 * document the preview shows, the server's chips (`rollmark/checkChips`: each check's text,
 * range, badge and problem) and the plugin only finds each check's text in the tokens it renders
 * and wraps it. New chips (after an edit, a setting, the project files) arrive asynchronously:
 * the preview is then rendered again (`markdown.preview.refresh`).
 */
import * as vscode from 'vscode';
import { CheckChipsRequest, type CheckChipsResult } from '../../server/src/protocol';
import { decoratedTokens, type MarkdownIt, type MarkdownToken, type RenderEnv } from './chipTokens';
import type { LanguageClientHost } from './languageClient';

/** Milliseconds to wait before asking for chips again after a render or a diagnostics change. */
const FETCH_DELAY = 150;

export class PreviewChips implements vscode.Disposable {
  /** Per document the preview has shown: the server's chips (null: a document Rollmark does not serve). */
  private readonly chips = new Map<string, CheckChipsResult | null>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly host: LanguageClientHost) {
    this.subscriptions.push(
      // New diagnostics: the server analysed the document again (an edit, a setting, the project files).
      vscode.languages.onDidChangeDiagnostics((event) => {
        for (const uri of event.uris) if (this.chips.has(uri.toString())) this.fetchSoon(uri.toString());
      }),
      vscode.workspace.onDidCloseTextDocument((document) => this.chips.delete(document.uri.toString())),
      host.onDidStart(() => {
        for (const uri of this.chips.keys()) this.fetchSoon(uri);
      }),
    );
  }

  /** The chips kept for a document (tests read them through the extension's API). */
  of(uri: string): CheckChipsResult | null | undefined {
    return this.chips.get(uri);
  }

  /**
   * The plugin: the preview renders with the document in its environment (its parse has none), so
   * the checks become chips as the tokens are rendered.
   */
  extendMarkdownIt<M extends MarkdownIt>(md: M): M {
    const render = md.renderer.render.bind(md.renderer);
    md.renderer.render = (tokens, options, env) => render(this.decorate(tokens, env), options, env);
    return md;
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    for (const s of this.subscriptions) s.dispose();
  }

  private decorate(tokens: MarkdownToken[], env: RenderEnv | undefined): MarkdownToken[] {
    const uri = env?.currentDocument?.toString();
    if (!uri) return tokens;
    const kept = this.chips.get(uri);
    const version = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri)?.version;
    if (kept === undefined || (kept !== null && version !== undefined && kept.version !== version)) this.fetchSoon(uri);
    return kept && kept.chips.length > 0 ? decoratedTokens(tokens, kept.chips) : tokens;
  }

  private fetchSoon(uri: string): void {
    clearTimeout(this.timers.get(uri));
    this.timers.set(
      uri,
      setTimeout(() => {
        this.timers.delete(uri);
        void this.fetch(uri);
      }, FETCH_DELAY),
    );
  }

  private async fetch(uri: string): Promise<void> {
    const client = this.host.current;
    if (!client) return;
    let result: CheckChipsResult | null;
    try {
      result = await client.sendRequest(CheckChipsRequest, { textDocument: { uri } });
    } catch {
      // The server is restarting or the document closed: the preview keeps what it shows.
      return;
    }
    const before = this.chips.get(uri);
    this.chips.set(uri, result);
    // Only a change of what is drawn is worth rendering again (a new version with the same chips is not).
    if (JSON.stringify(before?.chips ?? null) !== JSON.stringify(result?.chips ?? null)) await vscode.commands.executeCommand('markdown.preview.refresh');
  }
}
