/**
 * While the author types, Rollmark asks the server for nothing that can wait: inlay hints and
 * code lenses of a document are requested once its text has been still for a moment. VS Code
 * asks for both after nearly every keystroke (and cancels the request at the next one); in a
 * book those answers cost the server an analysis and the editor a redraw of the lines around
 * the cursor, time the keystrokes then wait for. Hints and lenses already shown move with the
 * text meanwhile.
 */
import * as vscode from 'vscode';
import type { Middleware } from 'vscode-languageclient';

/** Milliseconds the text must be still before hints and lenses are asked for. */
export const TYPING_PAUSE = 500;

export class TypingPause implements vscode.Disposable {
  /** When each document last changed (performance.now()). */
  private readonly changed = new Map<string, number>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly pause = TYPING_PAUSE) {
    this.subscriptions = [
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.contentChanges.length > 0) this.changed.set(event.document.uri.toString(), performance.now());
      }),
      vscode.workspace.onDidCloseTextDocument((document) => this.changed.delete(document.uri.toString())),
    ];
  }

  /** Resolves true once the document has been still for the pause, false if the request is cancelled first. */
  async still(document: vscode.TextDocument, token: vscode.CancellationToken): Promise<boolean> {
    for (;;) {
      if (token.isCancellationRequested) return false;
      const since = performance.now() - (this.changed.get(document.uri.toString()) ?? -Infinity);
      if (since >= this.pause) return true;
      const cancelled = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          listener.dispose();
          resolve(false);
        }, this.pause - since);
        const listener = token.onCancellationRequested(() => {
          clearTimeout(timer);
          listener.dispose();
          resolve(true);
        });
      });
      if (cancelled) return false;
    }
  }

  /** Inlay hints wait for the pause; lenses too, then go through `lenses` (the code-lens window). */
  middleware(lenses: Pick<Middleware, 'provideCodeLenses'>): Pick<Middleware, 'provideInlayHints' | 'provideCodeLenses'> {
    const windowed = lenses.provideCodeLenses;
    return {
      provideInlayHints: async (document, range, token, next) => ((await this.still(document, token)) ? next(document, range, token) : null),
      provideCodeLenses: async (document, token, next) => {
        if (!(await this.still(document, token))) return null;
        return windowed ? windowed(document, token, next) : next(document, token);
      },
    };
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
