/** A quick pick of rulesets: the server's list, user rulesets included. */
import * as vscode from 'vscode';
import type { RulesetChoice } from '../../server/src/protocol';

interface RulesetItem extends vscode.QuickPickItem {
  id: string;
}

export interface PickOptions {
  title: string;
  /** The id in force, marked and preselected. */
  current?: string;
  /** An extra first item that stands for "no ruleset" (the workspace setting's "built-in default"). */
  none?: { label: string; description?: string };
}

/** The chosen id ('' for the `none` item), or undefined when dismissed. */
export async function pickRuleset(choices: readonly RulesetChoice[], options: PickOptions): Promise<string | undefined> {
  const items: RulesetItem[] = [];
  if (options.none) items.push({ id: '', label: options.none.label, ...(options.none.description ? { description: options.none.description } : {}) });
  for (const choice of choices) {
    const current = choice.id === options.current;
    items.push({
      id: choice.id,
      // The title is what an author knows the game by; the id is what the front matter says.
      label: `${current ? '$(check) ' : ''}${choice.title}`,
      description: choice.id,
      detail: choice.builtin ? undefined : vscode.l10n.t('user ruleset'),
    });
  }
  const quickPick = vscode.window.createQuickPick<RulesetItem>();
  quickPick.title = options.title;
  quickPick.placeholder = vscode.l10n.t('Choose a ruleset');
  quickPick.matchOnDescription = true;
  quickPick.items = items;
  const active = items.find((item) => item.id === (options.current ?? ''));
  if (active) quickPick.activeItems = [active];
  const chosen = await new Promise<string | undefined>((resolve) => {
    quickPick.onDidAccept(() => {
      resolve((quickPick.selectedItems[0] ?? quickPick.activeItems[0])?.id);
      quickPick.hide();
    });
    quickPick.onDidHide(() => resolve(undefined));
    quickPick.show();
  });
  quickPick.dispose();
  return chosen;
}
