/**
 * Gives the editor only the code lenses on and near what it shows (lensWindow.ts says why), and
 * asks for lenses again when the view moves past them. The server sends every lens without its title
 * (`codeLens/resolve` words the shown ones), so the answer stays small whatever is filtered here.
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
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly client: () => BaseLanguageClient | undefined) {
    this.subscriptions = [
      vscode.window.onDidChangeTextEditorVisibleRanges((event) => this.viewMoved(event.textEditor.document)),
      vscode.window.onDidChangeVisibleTextEditors((editors) => {
        for (const editor of editors) this.viewMoved(editor.document);
      }),
      vscode.workspace.onDidCloseTextDocument((document) => this.windows.delete(document.uri.toString())),
    ];
  }

  middleware(): Pick<Middleware, 'provideCodeLenses'> {
    return {
      provideCodeLenses: async (document, token, next) => {
        const lenses = await next(document, token);
        const visible = visibleSpans(document);
        // Asked by an extension, not for an editor (vscode.executeCodeLensProvider): every lens.
        if (!lenses || visible.length === 0) return lenses;
        const lensLines = [...new Set(lenses.map((lens) => lens.range.start.line))].sort((a, b) => a - b);
        const window = lensWindow(visible, lensLines, document.lineCount);
        this.windows.set(document.uri.toString(), window);
        return lenses.filter((lens) => inWindow(window, lens.range.start.line));
      },
    };
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
        this.client()?.getFeature(CodeLensRequest.method).getProvider(document)?.onDidChangeCodeLensEmitter.fire();
      }, SCROLL_DELAY),
    );
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
