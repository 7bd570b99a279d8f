/**
 * Kept rolls (docs/markup.md «Сохранённые броски»): a roll written into the session notes as one
 * quote line whose end is an HTML comment holding the roll as JSON,
 *   > 🎲 Ирина: [7, 9, 2] → 2 успеха: успех · зерно броска 123456 · 2026-12-06 <!-- rollmark:roll {…} -->
 * The words before the comment are for people (present/keptRoll.ts writes them in the display
 * language); everything a replay or the luck audit needs is in the JSON, so reading a kept line
 * depends on no language. The check itself is only in the comment (and, in a session log, in a
 * code span): a kept line is never a check.
 */

/** The comment's opening: what marks a line as a kept roll. */
export const KEPT_MARKER = '<!-- rollmark:roll ';
const KEPT_END = ' -->';

/** Limits: a kept line's JSON and the kept lines read of one text (a session of hundreds of rolls is far below). */
export const MAX_KEPT_JSON = 4_000;
export const MAX_KEPT_LINES = 10_000;
const MAX_ROLLERS = 50;

/** One roller's result in a kept roll. */
export interface KeptResult {
  /** The character who rolled, for a roll as a character of the party or the whole party. */
  actor?: string;
  successes: number;
}

/** A kept roll as its JSON holds it: what replays it and what the audit compares. */
export interface KeptRoll {
  /** The check as written, guillemets included. */
  check: string;
  ruleset: string;
  seed: number;
  /** The pool chosen when the check's was unknown. */
  pool?: number;
  /** The whole party rolled (every member from the one seed), `rolls` in the order they rolled. */
  party?: true;
  rolls: KeptResult[];
  /** In a session log: the scenario, relative to the log's folder, `/`-separated, and the check's line (1-based). */
  file?: string;
  line?: number;
}

/** A kept line found in a text. */
export interface KeptLine {
  /** 0-based line, and the line's offsets (its end before the line break). */
  line: number;
  start: number;
  end: number;
  roll: KeptRoll;
}

const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);
const isName = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 200;

function keptResult(raw: unknown): KeptResult | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { actor, successes } = raw as Record<string, unknown>;
  if (!isInteger(successes) || successes < -100 || successes > 1000) return undefined;
  if (actor !== undefined && !isName(actor)) return undefined;
  return { ...(actor !== undefined ? { actor } : {}), successes };
}

/** The JSON of a kept line read back, or undefined when it is not one this version wrote (never throws). */
export function readKeptRoll(json: string): KeptRoll | undefined {
  if (json.length > MAX_KEPT_JSON) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const r = raw as Record<string, unknown>;
  if (typeof r.check !== 'string' || !/^«[\s\S]+»$/.test(r.check) || !isName(r.ruleset) || !isInteger(r.seed)) return undefined;
  if (!Array.isArray(r.rolls) || r.rolls.length === 0 || r.rolls.length > MAX_ROLLERS) return undefined;
  const rolls = r.rolls.map(keptResult);
  if (rolls.some((x) => x === undefined)) return undefined;
  if (r.pool !== undefined && (!isInteger(r.pool) || r.pool < 0 || r.pool > 100)) return undefined;
  if (r.party !== undefined && r.party !== true) return undefined;
  if (r.file !== undefined && (typeof r.file !== 'string' || !isRelativePath(r.file))) return undefined;
  if (r.line !== undefined && (!isInteger(r.line) || r.line < 1)) return undefined;
  return {
    check: r.check,
    ruleset: r.ruleset,
    seed: r.seed,
    ...(r.pool !== undefined ? { pool: r.pool } : {}),
    ...(r.party ? { party: true as const } : {}),
    rolls: rolls as KeptResult[],
    ...(r.file !== undefined ? { file: r.file } : {}),
    ...(r.line !== undefined ? { line: r.line } : {}),
  };
}

/** A path a session log may name: relative, `/`-separated, no `..`, no drive or scheme. */
export function isRelativePath(path: string): boolean {
  if (path === '' || path.length > 1000 || path.startsWith('/') || /[\\:\0]/.test(path)) return false;
  return path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/**
 * The roll as the comment holds it. `<`, `>` and `--` are escaped inside the JSON's strings
 * (`\u003c`…) so that no text of a check can end the comment or open HTML.
 */
export function keptComment(roll: KeptRoll): string {
  const json = JSON.stringify(roll)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/--/g, '-\\u002d');
  return `${KEPT_MARKER}${json}${KEPT_END}`;
}

/** A line that is a kept roll: a quote line (up to three spaces, or a list item's indentation) ending in the comment. */
const KEPT_LINE = /^[ \t]*>.*?<!-- rollmark:roll (\{.*\}) -->[ \t]*$/;

/**
 * The kept lines of a text, in order, at most {@link MAX_KEPT_LINES}; a line that only looks like
 * one is skipped. Linear in the text: it jumps from marker to marker, counting lines on the way.
 */
export function findKeptLines(text: string): KeptLine[] {
  const found: KeptLine[] = [];
  let line = 0;
  let counted = 0;
  let at = text.indexOf(KEPT_MARKER);
  while (at >= 0 && found.length < MAX_KEPT_LINES) {
    const start = text.lastIndexOf('\n', at) + 1;
    const next = text.indexOf('\n', at);
    const stop = next < 0 ? text.length : next;
    const end = stop > start && text[stop - 1] === '\r' ? stop - 1 : stop;
    for (let i = counted; i < start; i++) if (text.charCodeAt(i) === 10) line++;
    counted = start;
    if (end - start <= MAX_KEPT_JSON + 2_000) {
      const match = KEPT_LINE.exec(text.slice(start, end));
      const roll = match ? readKeptRoll(match[1]) : undefined;
      if (roll) found.push({ line, start, end, roll });
    }
    at = next < 0 ? -1 : text.indexOf(KEPT_MARKER, next);
  }
  return found;
}

const BLANK = /^[ \t]*$/;
/** A line that starts a block of its own (a list item, a heading, a quote, a fence, a table row, a thematic break): it is not a paragraph's continuation. */
const BLOCK_START = /^[ \t]{0,3}(?:[-+*][ \t]|\d{1,9}[.)][ \t]|#{1,6}(?:[ \t]|$)|>|```|~~~|\||<)/;

/**
 * Where a new kept line goes for a check on line `checkLine` (0-based) of `lines`: after the last
 * line of the check's paragraph (a quote line inside a paragraph would take the rest of it as its
 * own lazy continuation) and after the kept lines already there, so the newest is last. Returns the
 * 0-based line before which it is inserted (`lines.length`: at the end).
 */
export function keptInsertionLine(lines: readonly string[], checkLine: number): number {
  let at = checkLine + 1;
  while (at < lines.length && !BLANK.test(lines[at]) && !BLOCK_START.test(lines[at])) at++;
  while (at < lines.length && KEPT_LINE.test(lines[at])) at++;
  return at;
}

/** The session log's file name for a date (`ГГГГ-ММ-ДД`): named in Russian whatever the display language, as the authors name it. */
export function sessionLogName(date: string): string {
  return `сессия-${date}.md`;
}
