/**
 * Top-level Markdown blocks, found without parsing: the unit the analysis caches.
 *
 * For our purposes (prose ranges, headings, checks) the top-level blocks of a Markdown document
 * are independent: a blank line ends a paragraph, a heading, a table, a block quote, an HTML
 * block of kinds 6–7, and a list item unless the next line is indented. So a document is split at
 * blank lines, except where something stays open across them:
 *
 * - a fenced code block (``` or ~~~, with an info string, indented up to three spaces);
 * - an HTML block of kinds 1–5 (`<!-- -->`, `<script>`, `<?…?>`, `<!DOCTYPE>`, CDATA);
 * - a list item or GFM footnote definition, when the line after the blank is indented.
 *
 * The scan here is a line-level guess at those. It may merge too much (a too-large block is
 * only slower); where it would split too early, the block's own parse says so (`BlockTail`, read
 * from the parse tree in markdownScan.ts) and the caller merges on. A top-level fenced code
 * block or HTML comment that starts a block, or interrupts a paragraph of plain lines, is a
 * block of its own ("raw"): nothing in it is prose, so it needs no parse, and typing inside an
 * unclosed fence or comment in a long book costs a search for its end, not a parse of the rest
 * of the book. Where a raw block is recognised, it is recognised exactly as micromark does.
 *
 * Everything here is a pure function of the text from a block's start onwards, so splitting
 * from any block boundary gives the same blocks as splitting the whole text.
 */

import { CR, type Fence, fenceOpener, type HtmlEnd, htmlEndsIn, htmlOpener, isBlank, isContainerLine, isFenceCloser, isIndented, isPlainLine, LF, Lines, lineStartOf, SPACE, TAB } from './lines';

/** What stays open at the end of a block: the parse tree's last top-level node says. */
export type BlockTail = { kind: 'closed' } | { kind: 'container' } | { kind: 'fence'; fence: Fence } | { kind: 'html'; end: HtmlEnd };

export const CLOSED: BlockTail = { kind: 'closed' };

type Open = { kind: 'none' } | { kind: 'fence'; fence: Fence } | { kind: 'html'; end: HtmlEnd | 'blank' };

const NOTHING_OPEN: Open = { kind: 'none' };

/** Where a scan stopped, so that a merge can go on from there. */
export interface ScanState {
  open: Open;
  /** A line of the block may have opened a list item or footnote: an indented line after a blank continues it. */
  containers: boolean;
}

export interface BlockSpan {
  /** The end of the block's last non-blank line (its line break excluded). */
  contentEnd: number;
  /** The start of the next block (a non-blank line), or the text's end. */
  next: number;
  /** The block is exactly one top-level fenced code block or HTML comment: nothing in it is prose. */
  raw: boolean;
  state: ScanState;
}

/** The end of the last non-blank line in [from, to). */
function lastContentEnd(lines: Lines, from: number, to: number, fallback: number): number {
  const t = lines.text;
  let i = to;
  while (i > from) {
    const c = t.charCodeAt(i - 1);
    if (c !== SPACE && c !== TAB && c !== LF && c !== CR) break;
    i--;
  }
  return i > from ? lines.end(i - 1) : fallback;
}

/**
 * Inside a fenced code block only a closing fence matters: found by searching for the marker,
 * so that a long unclosed fence costs a string search, not a walk over its lines.
 * Returns the start of the closing line, or −1.
 */
function findFenceCloser(lines: Lines, from: number, fence: Fence): number {
  const t = lines.text;
  const needle = String.fromCharCode(fence.marker).repeat(3);
  let search = from;
  for (;;) {
    const at = t.indexOf(needle, search);
    if (at < 0) return -1;
    let lineStart = at;
    while (lineStart > from && at - lineStart < 3 && t.charCodeAt(lineStart - 1) === SPACE) lineStart--;
    const prev = t.charCodeAt(lineStart - 1);
    const atLineStart = lineStart === from || lineStart === 0 || prev === LF || prev === CR;
    if (atLineStart && isFenceCloser(t, lineStart, lines.end(lineStart), fence)) return lineStart;
    search = at + 1;
  }
}

/**
 * A block that is one HTML comment from `start`: it ends on the line with the first `-->` after
 * `from` (micromark's reading, exactly), and the next line starts afresh.
 */
function rawComment(lines: Lines, start: number, from: number): BlockSpan {
  const t = lines.text;
  const state: ScanState = { open: NOTHING_OPEN, containers: false };
  const close = t.indexOf('-->', from);
  if (close < 0) return { contentEnd: lastContentEnd(lines, start, t.length, lines.end(start)), next: t.length, raw: true, state };
  const contentEnd = lines.end(close);
  return { contentEnd, next: lines.skipBlank(lines.next(contentEnd)), raw: true, state };
}

/**
 * Scans one block from `start` (the start of a non-blank line). A fresh scan starts a block;
 * `resume` goes on after a blank line where a merge was needed, in the state given.
 */
export function scanBlock(lines: Lines, start: number, resume?: ScanState): BlockSpan {
  const t = lines.text;
  const length = t.length;
  let open: Open = resume?.open ?? NOTHING_OPEN;
  let containers = resume?.containers ?? false;
  let plainRun = resume === undefined;
  let raw = false;
  let contentEnd = start;
  let pos = start;
  const state = (): ScanState => ({ open, containers });
  while (pos < length) {
    if (open.kind === 'fence') {
      const closer = findFenceCloser(lines, pos, open.fence);
      if (closer < 0) return { contentEnd: lastContentEnd(lines, pos, length, contentEnd), next: length, raw, state: state() };
      contentEnd = lines.end(closer);
      pos = lines.next(contentEnd);
      open = NOTHING_OPEN;
      // After a top-level fence closes, the next line starts afresh.
      if (raw) return { contentEnd, next: lines.skipBlank(pos), raw, state: state() };
      continue;
    }
    const end = lines.end(pos);
    if (open.kind === 'html' && open.end !== 'blank') {
      if (!isBlank(t, pos, end)) contentEnd = end;
      if (htmlEndsIn(t, pos, end, open.end)) open = NOTHING_OPEN;
      pos = lines.next(end);
      continue;
    }
    if (isBlank(t, pos, end)) {
      open = NOTHING_OPEN;
      const following = lines.skipBlank(pos);
      if (following >= length) return { contentEnd, next: length, raw, state: state() };
      if (containers && isIndented(t, following)) {
        pos = following;
        plainRun = false;
        continue;
      }
      return { contentEnd, next: following, raw, state: state() };
    }
    const fence = open.kind === 'none' ? fenceOpener(t, pos, end) : undefined;
    if (fence) {
      if (pos === start && resume === undefined) raw = true;
      else if (plainRun) return { contentEnd, next: pos, raw: false, state: state() };
      open = { kind: 'fence', fence };
      contentEnd = end;
      pos = lines.next(end);
      continue;
    }
    if (open.kind === 'none') {
      const html = htmlOpener(t, pos, end);
      // An HTML comment is raw text like a fence (commenting out a chapter must not cost its parse).
      if (html?.end === '-->' && pos === start && resume === undefined) return rawComment(lines, start, html.from);
      if (html?.end === '-->' && plainRun) return { contentEnd, next: pos, raw: false, state: state() };
      if (html && (html.end === 'blank' || !htmlEndsIn(t, html.from, end, html.end))) open = { kind: 'html', end: html.end };
    }
    containers ||= isContainerLine(t, pos);
    plainRun &&= isPlainLine(t, pos);
    contentEnd = end;
    pos = lines.next(end);
  }
  return { contentEnd, next: length, raw, state: state() };
}

/** The scan state that continues a block whose parse ended with `tail` still open. */
export function resumeAfter(tail: BlockTail, scanned: ScanState): ScanState {
  switch (tail.kind) {
    case 'fence':
      return { open: { kind: 'fence', fence: tail.fence }, containers: scanned.containers };
    case 'html':
      return { open: { kind: 'html', end: tail.end }, containers: scanned.containers };
    case 'container':
      return { open: NOTHING_OPEN, containers: true };
    case 'closed':
      return { open: NOTHING_OPEN, containers: scanned.containers };
  }
}

/** Whether the line at `next` (after blank lines) belongs to a block whose parse ended with `tail`. */
export function continuesInto(tail: BlockTail, text: string, next: number): boolean {
  if (next >= text.length) return false;
  switch (tail.kind) {
    case 'fence':
    case 'html':
      return true;
    case 'container':
      return isIndented(text, next);
    case 'closed':
      return false;
  }
}

/**
 * The tail of a top-level `code` node spanning [start, end) of a block's text: an open fence
 * unless its last line closes it (an indented code block never stays open past a blank line
 * in a way that matters: what follows is code either way).
 */
export function codeTail(text: string, start: number, end: number): BlockTail {
  const firstEnd = Math.min(end, new Lines(text).end(start));
  const fence = fenceOpener(text, start, firstEnd);
  if (!fence) return CLOSED;
  const lastStart = lineStartOf(text, end);
  if (lastStart > start && isFenceCloser(text, lastStart, end, fence)) return CLOSED;
  return { kind: 'fence', fence };
}

/** The tail of a top-level `html` node spanning [start, end): open for kinds 1–5 unless its last line ends it. */
export function htmlTail(text: string, start: number, end: number): BlockTail {
  const firstEnd = Math.min(end, new Lines(text).end(start));
  const html = htmlOpener(text, start, firstEnd);
  if (!html || html.end === 'blank') return CLOSED;
  const lastStart = lineStartOf(text, end);
  const from = lastStart > start ? lastStart : html.from;
  return htmlEndsIn(text, from, end, html.end) ? CLOSED : { kind: 'html', end: html.end };
}
