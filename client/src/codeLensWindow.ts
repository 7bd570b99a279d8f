/**
 * Gives the editor only the code lenses on and near what it shows (lensWindow.ts says why), and
 * asks for lenses again when the view moves past them. The server sends every lens without its title
 * (`codeLens/resolve` words the shown ones), so the answer stays small whatever is filtered here.
 *
 * The lenses of a document version are kept, with the titles resolved for them: back on a tab, or
 * scrolled to another window of the same text, the editor gets them at once instead of an empty
 * gap while the server answers (issue 23: lenses vanished for seconds and pushed the text down).
 * A refresh from the server (settings, project files) forgets them.
 */
import * as vscode from 'vscode';
import { type BaseLanguageClient, CodeLensRequest, type Middleware } from 'vscode-languageclient';
import { inWindow, type LineSpan, lensWindow, stillCovers } from './lensWindow';

/** Milliseconds of scrolling quiet before the window is looked at again. */
const SCROLL_DELAY = 150;

function visibleSpans(document: vscode.TextDocument): LineSpan[] {
  return vscode.window.visibleTextEditors
    .filter((editor) => editor.document === document)
    .flatMap((editor) => editor.visibleRanges.map((range) => ({ start: range.start.line, end: range.end.line })));
}

export class CodeLensWindow implements vscode.Disposable {
  /** The window each document's lenses were last given for. */
  private readonly windows = new Map<string, LineSpan[]>();
  /** Each document's lenses as the server gave them for one version; resolving one fills in its command here too. */
  private readonly kept = new Map<string, { version: number; lenses: vscode.CodeLens[] }>();
  /** Set while this class itself asks the editor for lenses again (a moved view): kept lenses stay valid then. */
  private askingForWindow = false;
  /** The change event of the provider watched, and the subscription: a restarted server brings a new provider. */
  private watched: { emitter: vscode.EventEmitter<void>; subscription: vscode.Disposable } | undefined;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly client: () => BaseLanguageClient | undefined) {
    this.subscriptions = [
      vscode.window.onDidChangeTextEditorVisibleRanges((event) => this.viewMoved(event.textEditor.document)),
      vscode.window.onDidChangeVisibleTextEditors((editors) => {
        for (const editor of editors) this.viewMoved(editor.document);
      }),
      vscode.workspace.onDidCloseTextDocument((document) => {
        this.windows.delete(document.uri.toString());
        this.kept.delete(document.uri.toString());
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('rollmark')) this.kept.clear();
      }),
    ];
  }

  middleware(): Pick<Middleware, 'provideCodeLenses' | 'resolveCodeLens'> {
    return {
      provideCodeLenses: async (document, token, next) => {
        const lenses = await this.lensesOf(document, token, next);
        const visible = visibleSpans(document);
        // Asked by an extension, not for an editor (vscode.executeCodeLensProvider): every lens.
        if (!lenses || visible.length === 0) return lenses;
        const lensLines = [...new Set(lenses.map((lens) => lens.range.start.line))].sort((a, b) => a - b);
        const window = lensWindow(visible, lensLines, document.lineCount);
        this.windows.set(document.uri.toString(), window);
        return lenses.filter((lens) => inWindow(window, lens.range.start.line));
      },
      resolveCodeLens: async (lens, token, next) => {
        const resolved = await next(lens, token);
        // The kept lens is the object the editor was given: with its command, it is never resolved again.
        if (resolved?.command) lens.command = resolved.command;
        return resolved;
      },
    };
  }

  private async lensesOf(
    document: vscode.TextDocument,
    token: vscode.CancellationToken,
    next: (document: vscode.TextDocument, token: vscode.CancellationToken) => vscode.ProviderResult<vscode.CodeLens[]>,
  ): Promise<vscode.CodeLens[] | null | undefined> {
    this.watchRefreshes(document);
    const uri = document.uri.toString();
    const kept = this.kept.get(uri);
    if (kept?.version === document.version) return kept.lenses;
    const lenses = await next(document, token);
    if (lenses && !token.isCancellationRequested) this.kept.set(uri, { version: document.version, lenses });
    return lenses;
  }

  /**
   * The server's refresh fires the provider's change event; every kept lens may be out of date
   * then. A restarted server has a new provider: the lenses kept from the old one are dropped.
   */
  private watchRefreshes(document: vscode.TextDocument): void {
    const emitter = this.client()?.getFeature(CodeLensRequest.method).getProvider(document)?.onDidChangeCodeLensEmitter;
    if (!emitter || this.watched?.emitter === emitter) return;
    this.watched?.subscription.dispose();
    this.kept.clear();
    const subscription = emitter.event(() => {
      if (!this.askingForWindow) this.kept.clear();
    });
    this.watched = { emitter, subscription };
  }

  private viewMoved(document: vscode.TextDocument): void {
    const uri = document.uri.toString();
    if (!this.windows.has(uri)) return;
    clearTimeout(this.timers.get(uri));
    this.timers.set(
      uri,
      setTimeout(() => {
        this.timers.delete(uri);
        const window = this.windows.get(uri);
        const visible = visibleSpans(document);
        if (!window || visible.length === 0 || stillCovers(window, visible, document.lineCount)) return;
        // The provider's change event: VS Code asks again for the lenses of the documents it shows.
        this.askingForWindow = true;
        try {
          this.client()?.getFeature(CodeLensRequest.method).getProvider(document)?.onDidChangeCodeLensEmitter.fire();
        } finally {
          this.askingForWindow = false;
        }
      }, SCROLL_DELAY),
    );
  }

  dispose(): void {
    this.watched?.subscription.dispose();
    for (const timer of this.timers.values()) clearTimeout(timer);
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
