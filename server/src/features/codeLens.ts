import type { CodeLens } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalysis, Locale } from '../analysis/types';
import { checkLine, lensTitle } from '../present/odds';
import { partyLensTitle } from '../present/party';
import { voice } from '../present/voice';
import { Commands, type RollCheckArgs } from '../protocol';
import { toRange } from './convert';

/**
 * Limit: lenses for the first 10,000 checks that can be rolled. A code-lens request has no range,
 * so the client gets every lens after every edit: 50,000 checks made a 13.6 MB answer and 0.6 s
 * of the server's only thread. 10,000 covers a whole 5 MB book (a check per ~300 characters);
 * later checks are rolled with the roll-at-cursor command. README "Limits".
 */
export const MAX_CODE_LENSES = 10_000;

/**
 * One lens per check that can be rolled: «🎲 Бросить · успех 76 %». The command is the server's
 * own (`rollmark.rollCheck`), so any LSP client can run it through `workspace/executeCommand`.
 */
export function provideCodeLenses(document: TextDocument, analysis: DocumentAnalysis, locale: Locale): CodeLens[] {
  const v = voice(locale);
  const lenses: CodeLens[] = [];
  for (const check of analysis.checks) {
    if (!check.spec) continue;
    if (lenses.length >= MAX_CODE_LENSES) break;
    const line = checkLine(check.odds, { ruleset: analysis.ruleset, v, spec: check.spec });
    const range = toRange(document, check.range);
    // The text travels with the position, so that a lens computed for an older version rolls its own check or none.
    // poolUnknown lets a client ask for a pool before rolling; the server itself ignores it.
    const args: RollCheckArgs = { uri: document.uri, line: range.start.line, character: range.start.character, text: check.text, poolUnknown: line.chance === undefined };
    // A check the whole party rolls: every member by default; a client may ask for one of them (`actor`).
    if (check.party) Object.assign(args, { poolUnknown: false, party: true });
    const title = check.party ? partyLensTitle(check.party, v) : lensTitle(line, v);
    lenses.push({ range, command: { title, command: Commands.rollCheck, arguments: [args] } });
  }
  return lenses;
}
