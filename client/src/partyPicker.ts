/**
 * Who rolls a check the whole party may roll (a check without an actor, the values from the
 * character sheets): the whole party, or one character. The server lists them, best chance
 * first, with the chances already worded; the client only asks.
 */
import * as vscode from 'vscode';
import type { DocumentCheckInfo } from '../../server/src/protocol';

/** What the user chose: every member, or one by name. */
export type PartyChoice = { party: true } | { actor: string };

interface PartyItem extends vscode.QuickPickItem {
  choice: PartyChoice;
}

/** A quick pick of «Вся партия» and each member; undefined when dismissed. */
export async function pickPartyRoller(check: string, party: NonNullable<DocumentCheckInfo['party']>): Promise<PartyChoice | undefined> {
  const items: PartyItem[] = [
    { label: `$(organization) ${vscode.l10n.t('The whole party')}`, description: party.summary, choice: { party: true } },
    ...party.members.map((m) => ({ label: `$(person) ${m.actor}`, description: m.chance, choice: { actor: m.actor } })),
  ];
  const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Who rolls {0}?', check), placeHolder: vscode.l10n.t('Each roll goes to the roll log') });
  return picked?.choice;
}
