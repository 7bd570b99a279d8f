/**
 * A block read as plain text, for a block too costly to parse as Markdown: the bounds past which
 * a block is read so (`PARSE_LIMITS`, `exceedsParseLimits`) and the linear-time reading itself
 * (`scanPlainBlock`), which gives what markdownScan.ts's remark walk gives for a parsed block.
 */
import { CLOSED } from './blocks';
import { htmlEndsIn, htmlOpener, Lines, opensBlankEndedHtmlBlock } from './lines';
import type { BlockScan, Heading } from './markdownScan';
import type { TextRange } from '../types';

/**
 * Analysis limits (README "Limits"). micromark's cost grows faster than a block's length on some
 * inputs: emphasis markers or brackets that never close, HTML comments that never end, deep
 * nesting, a paragraph of thousands of lines with GFM (its autolink literals): seconds for one
 * parse of 100–600 KB. Past any of these bounds a block is not parsed as Markdown but read as
 * plain text (`scanPlainBlock`), in time linear in its length. Each bound keeps a parse under
 * about 300 ms on a 2-core machine whatever the block holds (the README gives the measures),
 * and is far above what a written scenario has: its largest blocks are a few kilobytes.
 */
export const PARSE_LIMITS = {
  /** Characters: plain prose parses at 0.5 µs each, a long line of web addresses at 4 µs. */
  chars: 65_536,
  /** Lines: GFM's cost in one paragraph grows with the square of its lines. */
  lines: 1_000,
  /**
   * Inline markup, by what it may cost the parse: 2 for `*`, `_`, `~` and `[` (emphasis and
   * links are resolved by looking back over the earlier ones), 1 for a table's `|` and a
   * backtick, 40 for `<!` and `<?` (an HTML comment, declaration or instruction that does not
   * end is looked for to the end of the paragraph).
   */
  markup: 6_000,
  /**
   * Nesting: the line prefixes (indentation, `>`, list markers), summed over the lines, a
   * column each and 10 for a list marker (`-`, `+`, `*`, `.` or `)`): every line continues or
   * closes every container it is in, and opening a list item costs the most.
   */
  nesting: 20_000,
} as const;

const LF = 0x0a;
const CR = 0x0d;
const TAB = 0x09;
const SPACE = 0x20;
const LT = 0x3c;

/** The weight of a character in a line prefix (`PARSE_LIMITS.nesting`), 0 for one that ends the prefix. */
function prefixWeight(c: number): number {
  if (c === SPACE || c === 0x3e /* > */ || (c >= 0x30 && c <= 0x39)) return 1;
  if (c === TAB) return 4;
  if (c === 0x2d /* - */ || c === 0x2b /* + */ || c === 0x2a /* * */ || c === 0x2e /* . */ || c === 0x29 /* ) */) return 10;
  return 0;
}

/** The weight of a character as inline markup (`PARSE_LIMITS.markup`); `next` is the character after it. */
function markupWeight(c: number, next: number): number {
  if (c === 0x2a /* * */ || c === 0x5f /* _ */ || c === 0x7e /* ~ */ || c === 0x5b /* [ */) return 2;
  if (c === 0x7c /* | */ || c === 0x60 /* ` */) return 1;
  if (c === LT && (next === 0x21 /* ! */ || next === 0x3f /* ? */)) return 40;
  return 0;
}

/** Whether a block is past one of `PARSE_LIMITS` and is read as plain text. One pass, stopping at the first bound crossed. */
export function exceedsParseLimits(text: string): boolean {
  if (text.length > PARSE_LIMITS.chars) return true;
  // A block too short to reach any bound (a `<!` weighs 40 for two characters, a list marker 10 for one) needs no count.
  if (text.length * 20 + 40 <= PARSE_LIMITS.markup && text.length < PARSE_LIMITS.lines && text.length * 10 <= PARSE_LIMITS.nesting) return false;
  let lines = 1;
  let markup = 0;
  let nesting = 0;
  let atLineStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === LF || c === CR) {
      // A CRLF is one line end.
      if ((c === LF || text.charCodeAt(i + 1) !== LF) && ++lines > PARSE_LIMITS.lines) return true;
      atLineStart = true;
      continue;
    }
    if (atLineStart) {
      const weight = prefixWeight(c);
      nesting += weight;
      if (weight === 0) atLineStart = false;
      else if (nesting > PARSE_LIMITS.nesting) return true;
    }
    const weight = markupWeight(c, text.charCodeAt(i + 1));
    if (weight > 0 && (markup += weight) > PARSE_LIMITS.markup) return true;
  }
  return false;
}

const BACKTICK = 0x60;

/**
 * What a block read as plain text skips: code spans (a run of backticks to the next run of the
 * same length, which covers ``` fences too) and closed HTML comments, whichever starts first,
 * as in CommonMark's inline precedence. Linear: each backtick run and comment is passed once.
 */
function plainSkips(text: string): TextRange[] {
  const runs: TextRange[] = [];
  for (let at = text.indexOf('`'); at >= 0; ) {
    let end = at;
    while (text.charCodeAt(end) === BACKTICK) end++;
    runs.push({ start: at, end });
    at = text.indexOf('`', end);
  }
  // How many runs of each length are still ahead: a run opens a code span only if one is.
  const ahead = new Map<number, number>();
  for (const run of runs) ahead.set(run.end - run.start, (ahead.get(run.end - run.start) ?? 0) + 1);
  const pass = (run: TextRange) => ahead.set(run.end - run.start, (ahead.get(run.end - run.start) ?? 0) - 1);
  const skips: TextRange[] = [];
  let r = 0;
  let pos = 0;
  // The next `<!--` at or after `pos`; −1 once none is left or none could close.
  let comment = text.indexOf('<!--');
  while (r < runs.length || comment >= 0) {
    if (comment >= 0 && comment < pos) comment = text.indexOf('<!--', pos);
    const run = r < runs.length ? runs[r] : undefined;
    if (run && (comment < 0 || run.start < comment)) {
      r++;
      pass(run);
      const size = run.end - run.start;
      if ((ahead.get(size) ?? 0) === 0) continue;
      let k = r;
      while (runs[k].end - runs[k].start !== size) pass(runs[k++]);
      pass(runs[k]);
      skips.push({ start: run.start, end: runs[k].end });
      pos = runs[k].end;
      r = k + 1;
      continue;
    }
    if (comment < 0) break;
    // `<!-->` and `<!--->` are comments too (CommonMark 0.31).
    const close = text.indexOf('-->', comment + 2);
    // Without a `-->` after it, none after it closes either.
    if (close < 0) {
      comment = -1;
      continue;
    }
    pos = close + 3;
    skips.push({ start: comment, end: pos });
    while (r < runs.length && runs[r].start < pos) pass(runs[r++]);
  }
  return skips;
}

/** An ATX heading's opening sequence at a line start. */
const ATX_HEADING = / {0,3}(#{1,6})(?=[ \t\r\n]|$)/y;

/** Whether a line indents by four columns or more: indented code where no paragraph goes on. */
function isCodeIndented(text: string, start: number): boolean {
  let column = 0;
  for (let i = start; column < 4; i++) {
    const c = text.charCodeAt(i);
    if (c === SPACE) column++;
    else if (c === TAB) column += 4 - (column % 4);
    else return false;
  }
  return true;
}

/**
 * Where the prose of a block read as plain text can start: after what its first lines are to
 * Markdown when they are not prose, raw HTML (to the line that ends it, or all of the block, which
 * a blank line ends) or indented code (up to the first line that is not indented).
 */
function rawOpeningEnd(text: string, lines: Lines): number {
  const firstEnd = lines.end(0);
  const html = htmlOpener(text, 0, firstEnd);
  if (html?.end === 'blank') return opensBlankEndedHtmlBlock(text, 0, firstEnd) ? text.length : 0;
  if (html) {
    for (let pos = 0; pos < text.length; pos = lines.next(lines.end(pos))) {
      if (htmlEndsIn(text, Math.max(pos, html.from), lines.end(pos), html.end)) return lines.end(pos);
    }
    return text.length;
  }
  let pos = 0;
  while (pos < text.length && isCodeIndented(text, pos)) pos = lines.next(lines.end(pos));
  return pos;
}

/**
 * A block past `PARSE_LIMITS`, read as plain text in linear time: all of it is prose but raw HTML
 * and indented code at its start (`rawOpeningEnd`), code spans, ``` fences and HTML comments
 * (`plainSkips`); a line that starts like an ATX heading (`# …`) is one. It leaves nothing open
 * and makes no definitions: its blank line ends it.
 */
export function scanPlainBlock(text: string): BlockScan {
  const lines = new Lines(text);
  const opening = rawOpeningEnd(text, lines);
  const skips = plainSkips(text.slice(opening)).map((skip) => ({ start: skip.start + opening, end: skip.end + opening }));
  if (opening > 0) skips.unshift({ start: 0, end: opening });
  const prose: TextRange[] = [];
  let from = 0;
  for (const skip of skips) {
    if (from < skip.start) prose.push({ start: from, end: skip.start });
    from = skip.end;
  }
  if (from < text.length) prose.push({ start: from, end: text.length });
  const headings: Heading[] = [];
  let s = 0;
  for (let pos = 0; pos < text.length; ) {
    const end = lines.end(pos);
    while (s < skips.length && skips[s].end <= pos) s++;
    ATX_HEADING.lastIndex = pos;
    const atx = s < skips.length && skips[s].start <= pos ? null : ATX_HEADING.exec(text);
    if (atx) {
      const hashes = ATX_HEADING.lastIndex - atx[1].length;
      const title = text.slice(ATX_HEADING.lastIndex, end).trim().replace(/(?:^|[ \t])#+$/, '').trim();
      headings.push({ title, range: { start: hashes, end }, depth: atx[1].length });
    }
    pos = lines.next(end);
  }
  return { prose, headings, tail: CLOSED, definitions: [] };
}
