/**
 * The steps of the getting-started walkthrough (package.json `contributes.walkthroughs`) that
 * complete on what the author does in the editor rather than on a command or a setting: a first
 * check Rollmark can roll (the server's code lenses for it arrive), and a hover on a check (the
 * server's hover arrives). Each sets a context key once; VS Code remembers a completed step.
 */
import * as vscode from 'vscode';
import type { Middleware } from 'vscode-languageclient/node';
import { WALKTHROUGH_CONTEXT } from './walkthroughContext';

export class WalkthroughProgress {
  private readonly marked = new Set<string>();

  private mark(key: string): void {
    if (this.marked.has(key)) return;
    this.marked.add(key);
    void vscode.commands.executeCommand('setContext', key, true);
  }

  /** Watches the hovers and, after `lenses` (the rest of the lens middleware), the lenses the server answers. */
  middleware(lenses: Middleware['provideCodeLenses']): Pick<Middleware, 'provideHover' | 'provideCodeLenses'> {
    return {
      provideHover: async (document, position, token, next) => {
        const hover = await next(document, position, token);
        if (hover) this.mark(WALKTHROUGH_CONTEXT.hovered);
        return hover;
      },
      provideCodeLenses: async (document, token, next) => {
        const found = await (lenses ? lenses(document, token, next) : next(document, token));
        if (found && found.length > 0) this.mark(WALKTHROUGH_CONTEXT.checkWritten);
        return found;
      },
    };
  }
}
