/**
 * Asks for the pool of a check whose pool is unknown (a trait without a value), remembering
 * the last choice per document in the workspace state.
 */
import * as vscode from 'vscode';

/** Workspace-state key: document URI → the last pool chosen in it. */
export const LAST_POOL_KEY = 'rollmark.lastPool';

export const POOL_CHOICES: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

interface PoolItem extends vscode.QuickPickItem {
  pool: number;
}

export class PoolPicker {
  constructor(private readonly state: vscode.Memento) {}

  /** The pool last chosen for this document, if any. */
  last(uri: string): number | undefined {
    const remembered = this.state.get<Record<string, number>>(LAST_POOL_KEY, {})[uri];
    return typeof remembered === 'number' && POOL_CHOICES.includes(remembered) ? remembered : undefined;
  }

  async remember(uri: string, pool: number): Promise<void> {
    const all = { ...this.state.get<Record<string, number>>(LAST_POOL_KEY, {}), [uri]: pool };
    await this.state.update(LAST_POOL_KEY, all);
  }

  /**
   * A quick pick of 1–10 with the last choice preselected; undefined when dismissed.
   * `afterDifficulty`: the ruleset takes the difficulty off the dice, and the question says so.
   */
  async pick(uri: string, check: string | undefined, afterDifficulty = false): Promise<number | undefined> {
    const last = this.last(uri);
    const items: PoolItem[] = POOL_CHOICES.map((pool) => ({
      pool,
      label: String(pool),
      ...(pool === last ? { description: vscode.l10n.t('last choice') } : {}),
    }));
    const quickPick = vscode.window.createQuickPick<PoolItem>();
    quickPick.title = check ? vscode.l10n.t('Pool of {0}', check) : vscode.l10n.t('Pool of the check');
    quickPick.placeholder = afterDifficulty
      ? vscode.l10n.t('The pool is unknown: how many dice to roll, the difficulty already taken off?')
      : vscode.l10n.t('The pool is unknown: how many dice to roll?');
    quickPick.items = items;
    const preselected = items.find((item) => item.pool === last);
    if (preselected) quickPick.activeItems = [preselected];
    const chosen = await new Promise<number | undefined>((resolve) => {
      quickPick.onDidAccept(() => {
        resolve(quickPick.selectedItems[0]?.pool ?? quickPick.activeItems[0]?.pool);
        quickPick.hide();
      });
      quickPick.onDidHide(() => resolve(undefined));
      quickPick.show();
    });
    quickPick.dispose();
    if (chosen !== undefined) await this.remember(uri, chosen);
    return chosen;
  }
}
