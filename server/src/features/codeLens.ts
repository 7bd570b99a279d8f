import type { CodeLens } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalysis, Locale } from '../analysis/types';
import { Commands, type RollCheckArgs } from '../protocol';
import { toRange } from './convert';
import { headline } from './oddsText';

/**
 * One lens per check that can be rolled: «🎲 Бросить · 76% успех». The command is the server's
 * own (`rollmark.rollCheck`), so any LSP client can run it through `workspace/executeCommand`.
 */
export function provideCodeLenses(document: TextDocument, analysis: DocumentAnalysis, locale: Locale): CodeLens[] {
  const roll = locale === 'ru' ? '🎲 Бросить' : '🎲 Roll';
  const unknown = locale === 'ru' ? 'пул неизвестен' : 'pool unknown';
  const lenses: CodeLens[] = [];
  analysis.checks.forEach((check, checkIndex) => {
    if (!check.spec) return;
    const top = headline(check, analysis.ruleset, locale);
    const range = toRange(document, check.range);
    // The position travels with the index so that a lens computed for an older version still finds its check.
    // poolUnknown lets a client ask for a pool before rolling; the server itself ignores it.
    const args: RollCheckArgs = { uri: document.uri, checkIndex, line: range.start.line, character: range.start.character, poolUnknown: top === undefined };
    lenses.push({ range, command: { title: `${roll} · ${top ? top.text : unknown}`, command: Commands.rollCheck, arguments: [args] } });
  });
  return lenses;
}
