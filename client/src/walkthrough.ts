/**
 * The getting-started walkthrough's progress (package.json `contributes.walkthroughs`): each step
 * completes when the client sees the author do it — a ruleset of their own on a served document, a
 * check the server can roll (its code lenses arrive), a hover the server answers, a roll, the
 * overview opened. Each sets a context key once; VS Code remembers a completed step.
 */
import * as vscode from 'vscode';
import type { Middleware } from 'vscode-languageclient';
import { Commands, type DocumentInfo } from '../../server/src/protocol';
import { WALKTHROUGH_CONTEXT } from './walkthroughContext';

type Step = keyof typeof WALKTHROUGH_CONTEXT;

export class WalkthroughProgress {
  private readonly marked = new Set<Step>();

  mark(step: Step): void {
    if (this.marked.has(step)) return;
    this.marked.add(step);
    void vscode.commands.executeCommand('setContext', WALKTHROUGH_CONTEXT[step], true);
  }

  /** The status bar shows a served document's ruleset: the author's own unless it is the built-in default. */
  rulesetShown(info: DocumentInfo): void {
    if (info.source !== 'default') this.mark('rulesetChosen');
  }

  /** Watches the hovers, the rolls (after `rolls`) and, after `lenses` (the rest of the lens middleware), the lenses the server answers. */
  middleware(lenses: Middleware['provideCodeLenses'], rolls: NonNullable<Middleware['executeCommand']>): Pick<Middleware, 'provideHover' | 'provideCodeLenses' | 'executeCommand'> {
    return {
      provideHover: async (document, position, token, next) => {
        const hover = await next(document, position, token);
        if (hover) this.mark('hovered');
        return hover;
      },
      provideCodeLenses: async (document, token, next) => {
        const found = await (lenses ? lenses(document, token, next) : next(document, token));
        if (found && found.length > 0) this.mark('checkWritten');
        return found;
      },
      executeCommand: async (command, args, next) => {
        const result: unknown = await rolls(command, args, next);
        if (command === Commands.rollCheck && result) this.mark('rolled');
        return result;
      },
    };
  }
}
