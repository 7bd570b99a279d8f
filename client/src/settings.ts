import * as vscode from 'vscode';

/** The settings section the server reads (`workspace/configuration`, section `rollmark`). */
export const SECTION = 'rollmark';

/** Setting ids the client itself reads; the server reads the rest of the section. */
export const Settings = {
  defaultRuleset: 'defaultRuleset',
  /** Where «Keep» writes a roll (`line` | `sessionLog`): sent as `rollmark.keepRoll`'s `where`. */
  keptRollsDestination: 'keptRolls.destination',
  /** The project's party (`.rollmark/party.yaml`); the status bar's switch writes it. */
  party: 'party',
} as const;

/** The locale the server should answer in: VS Code's display language, Russian or English. */
export function serverLocale(): 'ru' | 'en' {
  return vscode.env.language.toLowerCase().startsWith('ru') ? 'ru' : 'en';
}
