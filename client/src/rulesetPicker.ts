/** A quick pick of rulesets: the server's list (user rulesets included), else the built-in ids. */
import * as vscode from 'vscode';
import type { DocumentInfo } from '../../server/src/protocol';

export type RulesetChoice = DocumentInfo['rulesets'][number];

/** The built-in ids (RULESETS.md), for when the server cannot be asked (e.g. an unserved Markdown file). */
export const BUILTIN_RULESET_IDS: readonly string[] = ['storytelling', 'mage-revised', 'threads-of-fate', 'werewolf-revised', 'vampire-pack'];

export function fallbackChoices(): RulesetChoice[] {
  return BUILTIN_RULESET_IDS.map((id) => ({ id, title: id, builtin: true }));
}

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
      label: `${current ? '$(check) ' : ''}${choice.id}`,
      description: choice.title === choice.id ? undefined : choice.title,
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
