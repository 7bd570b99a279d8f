/**
 * RM008's «add the trait to the sheet» writes a placeholder value; here VS Code asks for the real
 * one right after the fix is applied. The server marks such fixes with `ValueChoiceData`; the
 * middleware turns that into a command on the code action, which VS Code runs after the edit.
 */
import * as vscode from 'vscode';
import type { Middleware } from 'vscode-languageclient';
import type { ValueChoiceData } from '../../server/src/protocol';

const CHOOSE_VALUE_COMMAND = 'rollmark.chooseSheetValue';

/** A trait's usual ratings on a character sheet: none to five dots. */
const VALUES: readonly number[] = [0, 1, 2, 3, 4, 5];

type Choice = ValueChoiceData['valueChoice'];

function validChoice(value: unknown): Choice | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const choice = value as Partial<Choice>;
  return typeof choice.uri === 'string' && Number.isInteger(choice.line) && Number.isInteger(choice.character) && Number.isInteger(choice.length) ? (choice as Choice) : undefined;
}

/** vscode-languageclient keeps an LSP code action's `data` on the action it makes. */
function choiceOf(action: vscode.CodeAction): Choice | undefined {
  const data: unknown = (action as { data?: unknown }).data;
  return typeof data === 'object' && data !== null && 'valueChoice' in data ? validChoice(data.valueChoice) : undefined;
}

export function valueChoiceMiddleware(): Pick<Middleware, 'provideCodeActions'> {
  return {
    provideCodeActions: async (document, range, context, token, next) => {
      const actions = await next(document, range, context, token);
      for (const action of actions ?? []) {
        const choice = action instanceof vscode.CodeAction ? choiceOf(action) : undefined;
        if (choice && action instanceof vscode.CodeAction && action.command === undefined) action.command = { title: action.title, command: CHOOSE_VALUE_COMMAND, arguments: [choice] };
      }
      return actions;
    },
  };
}

async function askValue(): Promise<number | undefined> {
  const other = vscode.l10n.t('Another value…');
  const picked = await vscode.window.showQuickPick([...VALUES.map(String), other], { placeHolder: vscode.l10n.t('The trait’s value on the sheet') });
  if (picked !== other) return picked === undefined ? undefined : Number(picked);
  const typed = await vscode.window.showInputBox({
    prompt: vscode.l10n.t('The trait’s value on the sheet'),
    validateInput: (text) => (/^-?\d{1,3}$/u.test(text.trim()) ? undefined : vscode.l10n.t('A whole number, e.g. 3')),
  });
  return typed === undefined ? undefined : Number(typed.trim());
}

/** Replaces the placeholder with the chosen value, if the placeholder is still there; the editor keeps the focus. */
async function chooseSheetValue(raw: unknown): Promise<void> {
  const choice = validChoice(raw);
  if (!choice) return;
  const value = await askValue();
  if (value === undefined) return;
  const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === choice.uri);
  if (!document) return;
  const range = new vscode.Range(choice.line, choice.character, choice.line, choice.character + choice.length);
  if (!/^-?\d+$/u.test(document.getText(range))) return;
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, range, String(value));
  await vscode.workspace.applyEdit(edit);
}

export function registerSheetValueCommand(): vscode.Disposable {
  return vscode.commands.registerCommand(CHOOSE_VALUE_COMMAND, chooseSheetValue);
}
