import type { CodeLens, Range } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { AnalyzedCheck, DocumentAnalysis } from '../analysis/types';
import type { Locale } from '../present/locale';
import { checkLine, checkName, type LensOptions, lensTitle } from '../present/odds';
import { partyLensTitle } from '../present/party';
import { voice } from '../present/voice';
import { CHOOSE_CHECK_COMMAND, type CheckChoice, type CodeLensMode, Commands, type RollCheckArgs } from '../protocol';
import type { Voice } from '../present/voice';
import { toOffset, toRange } from './convert';
import { checkIndexAt } from './locate';

/**
 * Limit: lenses for the first 10,000 checks that can be rolled. A code-lens request has no range,
 * so the client gets every lens after every edit pause; 10,000 covers a whole 5 MB book (a check
 * per ~300 characters); later checks are rolled with the roll-at-cursor command. README "Limits".
 */
export const MAX_CODE_LENSES = 10_000;

/**
 * A line (a paragraph, in Markdown) with this many checks or more gets one lens, «🎲 ▾ 5 проверок»,
 * that offers them: a lens each, named, would run past the editor's edge and hide the later ones.
 */
export const GROUP_AT = 3;

/**
 * A lens carries its document as a short key (FNV-1a of the URI) rather than the URI itself, so
 * that an answer of 10,000 lenses does not repeat the URI 10,000 times. The key is the URI's
 * alone: any server gives a document the same key, and resolving needs no memory of what was sent.
 */
export function lensKey(uri: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < uri.length; i++) {
    hash ^= uri.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * One lens per check that can be rolled, sent without its command: the range and the document's
 * key only. The client resolves (`codeLens/resolve`) the lenses it shows, so a book's thousands of
 * checks cost a small answer after each edit, and titles are worded only for what is on screen.
 */
export function provideCodeLenses(document: TextDocument, analysis: DocumentAnalysis, mode: CodeLensMode): CodeLens[] {
  if (mode === 'off') return [];
  const key = lensKey(document.uri);
  const lenses: CodeLens[] = [];
  const rollable = analysis.checks.filter((check) => check.spec !== undefined);
  for (let first = 0; first < rollable.length && lenses.length < MAX_CODE_LENSES; ) {
    const line = document.positionAt(rollable[first].range.start).line;
    let end = first + 1;
    while (end < rollable.length && document.positionAt(rollable[end].range.start).line === line) end++;
    // A crowded line: one lens, on its first check, offers them all.
    const own = end - first >= GROUP_AT ? rollable.slice(first, first + 1) : rollable.slice(first, end);
    for (const check of own.slice(0, MAX_CODE_LENSES - lenses.length)) lenses.push({ range: toRange(document, check.range), data: key });
    first = end;
  }
  return lenses;
}

/**
 * The index of the check that starts at `offset`, or -1. The check around the offset, or the next
 * one: an offset right after a check's » is in it too, and a check may start right there.
 */
function checkStartingAt(checks: readonly AnalyzedCheck[], offset: number): number {
  const index = checkIndexAt(checks, offset);
  if (index < 0) return -1;
  if (checks[index].range.start === offset) return index;
  return checks[index + 1]?.range.start === offset ? index + 1 : -1;
}

/** The checks that can be rolled on the line where check `index` starts, in order. */
function rollableOnLine(document: TextDocument, checks: readonly AnalyzedCheck[], index: number): AnalyzedCheck[] {
  const line = document.positionAt(checks[index].range.start).line;
  const onLine = (i: number) => i >= 0 && i < checks.length && document.positionAt(checks[i].range.start).line === line;
  let first = index;
  while (onLine(first - 1)) first--;
  let last = index;
  while (onLine(last + 1)) last++;
  return checks.slice(first, last + 1).filter((c) => c.spec !== undefined);
}

/**
 * How a lens names its check: not at all when it is the line's only one; else by its pool
 * («Адриан: Сила + Атлетика»), or by its whole text where two on the line share the pool.
 */
function lensName(check: AnalyzedCheck, line: readonly AnalyzedCheck[]): string | undefined {
  if (line.length < 2) return undefined;
  const name = checkName(check.text);
  return line.filter((c) => checkName(c.text) === name).length > 1 ? checkName(check.text, true) : name;
}

/**
 * A lens's title and command: «🎲 Бросить» (the check's name where its line has several), with
 * the odds in `rollWithOdds` mode. The command is the server's own (`rollmark.rollCheck`), so any
 * LSP client can run it through `workspace/executeCommand`. A lens whose check is gone (the text
 * changed since) comes back as it was, without a command: the client shows nothing for it. The
 * one lens of a crowded line (GROUP_AT) runs the client's CHOOSE_CHECK_COMMAND with each check's
 * title (named, with its odds) and roll.
 */
export function resolveCodeLens(lens: CodeLens, document: TextDocument, analysis: DocumentAnalysis, mode: CodeLensMode, locale: Locale): CodeLens {
  const index = checkStartingAt(analysis.checks, toOffset(document, lens.range.start));
  const check = analysis.checks[index];
  if (!check?.spec || mode === 'off') return lens;
  const v = voice(locale);
  const range: Range = toRange(document, check.range);
  const onLine = rollableOnLine(document, analysis.checks, index);
  if (onLine.length >= GROUP_AT) {
    // The line's first check carries the line's lens; another one's lens is from an older text.
    if (onLine[0] !== check) return lens;
    const choices: CheckChoice[] = onLine.map((c) => rollOf(c, document, analysis, v, { odds: true, name: lensName(c, onLine) ?? '' }));
    const title = v.w.rollOneOf(v.count(onLine.length, 'check'));
    return { range, command: { title, command: CHOOSE_CHECK_COMMAND, arguments: [choices] } };
  }
  const name = lensName(check, onLine);
  const { title, args } = rollOf(check, document, analysis, v, { odds: mode === 'rollWithOdds', ...(name !== undefined ? { name } : {}) });
  return { range, command: { title, command: Commands.rollCheck, arguments: [args] } };
}

/** A check's lens title and the arguments that roll it. */
function rollOf(check: AnalyzedCheck, document: TextDocument, analysis: DocumentAnalysis, v: Voice, options: LensOptions): CheckChoice {
  const spec = check.spec as NonNullable<AnalyzedCheck['spec']>;
  const line = checkLine(check.odds, { ruleset: analysis.ruleset, v, spec });
  const range = toRange(document, check.range);
  // The text travels with the position, so that a lens computed for an older version rolls its own check or none.
  // poolUnknown lets a client ask for a pool before rolling; the server itself ignores it.
  const args: RollCheckArgs = { uri: document.uri, line: range.start.line, character: range.start.character, text: check.text, poolUnknown: line.chance === undefined };
  // A check the whole party rolls: every member by default; a client may ask for one of them (`actor`).
  if (check.party) Object.assign(args, { poolUnknown: false, party: true });
  else if (args.poolUnknown && analysis.ruleset.family === 'pool-minus-difficulty') args.poolAfterDifficulty = true;
  const title = check.party ? partyLensTitle(check.party, v, options) : lensTitle(line, v, options);
  return { title, args };
}
