/**
 * The "ignore here" fix: a `rollmark-disable-next-line` comment for one diagnostic, placed where
 * the rendered document does not change.
 *
 * - A code added to the comment that already silences the line, when there is one.
 * - After a blank line (or at the body's start, or after a heading, fence, HTML or other line an
 *   inline comment would change): a line of its own before the diagnostic's, with that line's
 *   indentation and block-quote markers, so it stays inside the list item or quote.
 * - Inside running text: at the end of the line before, as inline HTML, which renders as nothing;
 *   a comment line there would split the paragraph (an HTML comment interrupts one). A hard
 *   line break (two spaces or a backslash) stays at the line's end.
 * - Not in a table (a comment row would end it, an inline one would make a cell) and not in the
 *   front matter: there the author writes `rollmark-disable` … `rollmark-enable` around the table.
 */
import { isBlank, Lines, lineStartOf } from '../markdown/lines';
import type { AnalysisDiagnostic, TextEdit } from '../types';
import { readSuppressions } from './suppressions';

/** Quote markers and indentation before a line's content. */
const PREFIX = /^[ \t]*(?:>[ \t]?)*[ \t]*/u;
/** A list item's marker after the prefix. */
const LIST_MARKER = /^(?:[-+*]|\d{1,9}[.)])[ \t]+/u;
/** Content an inline comment can follow without changing what the line is. */
const TEXT_START = /^[\p{L}\p{N}«„"'(]/u;
const TABLE_DELIMITER = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/u;
/** Trailing spaces (two or more) or a backslash: a hard line break the comment must not end up after. */
const HARD_BREAK = /(?: {2,}|\\)$/u;

interface Line {
  start: number;
  end: number;
  text: string;
}

function lineAt(text: string, start: number): Line {
  const end = new Lines(text).end(start);
  return { start, end, text: text.slice(start, end) };
}

/** The line before the one starting at `start`, if any at or after `bodyStart`. */
function lineBefore(text: string, start: number, bodyStart: number): Line | undefined {
  if (start <= bodyStart) return undefined;
  let end = start - 1;
  if (end > 0 && text.charCodeAt(end) === 0x0a && text.charCodeAt(end - 1) === 0x0d) end--;
  const from = lineStartOf(text, end);
  return from < bodyStart ? undefined : { start: from, end, text: text.slice(from, end) };
}

function isTableLine(line: Line): boolean {
  return line.text.includes('|') && (line.text.trimStart().startsWith('|') || TABLE_DELIMITER.test(line.text));
}

/** Whether the line (or one of its block's lines next to it) is a table's. */
function inTable(text: string, line: Line, bodyStart: number): boolean {
  if (!line.text.includes('|')) return false;
  if (isTableLine(line)) return true;
  for (let l = lineBefore(text, line.start, bodyStart); l && !isBlank(text, l.start, l.end); l = lineBefore(text, l.start, bodyStart)) if (TABLE_DELIMITER.test(l.text) && l.text.includes('|')) return true;
  return false;
}

/** Whether an inline comment at the end of `line` would stay running text. */
function takesInlineComment(line: Line): boolean {
  const prefix = PREFIX.exec(line.text)?.[0] ?? '';
  const content = line.text.slice(prefix.length).replace(LIST_MARKER, '');
  return TEXT_START.test(content) && !content.includes('|') && !/^\[[^\]]*\]:/u.test(content) && !content.includes('<!--');
}

function comment(code: string): string {
  return `<!-- rollmark-disable-next-line ${code} -->`;
}

/** The edit that silences `diagnostic` on its line, or undefined where none fits (see above). */
export function ignoreHereEdit(text: string, bodyStart: number, diagnostic: AnalysisDiagnostic): TextEdit | undefined {
  const at = diagnostic.range.start;
  if (at < bodyStart || diagnostic.code === 'RM017') return undefined;
  const line = lineAt(text, lineStartOf(text, at));
  if (inTable(text, line, bodyStart)) return undefined;
  const existing = readSuppressions(text, bodyStart).comments.find((c) => c.line && c.line.start === line.start);
  if (existing) {
    if (existing.codes.length === 0 || existing.codes.includes(diagnostic.code)) return undefined;
    return { range: { start: existing.codesEnd, end: existing.codesEnd }, newText: ` ${diagnostic.code}` };
  }
  const before = lineBefore(text, line.start, bodyStart);
  if (before && !isBlank(text, before.start, before.end) && takesInlineComment(before)) {
    const hardBreak = HARD_BREAK.exec(before.text);
    const body = before.text.slice(0, hardBreak ? hardBreak.index : before.text.length).trimEnd();
    const insertAt = before.start + body.length;
    return { range: { start: insertAt, end: insertAt }, newText: ` ${comment(diagnostic.code)}` };
  }
  const prefix = PREFIX.exec(line.text)?.[0] ?? '';
  // The document's own line break: the one before the line, else the one after it.
  const lineBreak = before ? text.slice(before.end, line.start) : text.slice(line.end, new Lines(text).next(line.end)) || '\n';
  return { range: { start: line.start, end: line.start }, newText: `${prefix}${comment(diagnostic.code)}${lineBreak}` };
}
