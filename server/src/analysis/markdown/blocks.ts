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

import type { TextRange } from '../types';

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const BACKTICK = 0x60;
const TILDE = 0x7e;
const LT = 0x3c;

/** Line ends as CommonMark counts them: LF, CRLF or a lone CR. Queries must not go backwards past a cached hit. */
export class Lines {
  private lf = -1;
  private lfFrom = 0;
  private cr = -1;
  private crFrom = 0;

  constructor(readonly text: string) {}

  /** The offset of the line break ending the line that contains `from` (or the text's end). */
  end(from: number): number {
    const t = this.text;
    // The next LF and CR are cached: on a text without CR, searching for one per line would be quadratic.
    if (from < this.lfFrom || from > this.lf) {
      const i = t.indexOf('\n', from);
      this.lf = i < 0 ? t.length : i;
      this.lfFrom = from;
    }
    if (from < this.crFrom || from > this.cr) {
      const i = t.indexOf('\r', from);
      this.cr = i < 0 ? t.length : i;
      this.crFrom = from;
    }
    return Math.min(this.lf, this.cr);
  }

  /** The start of the line after the line break at `end`. */
  next(end: number): number {
    const t = this.text;
    if (end >= t.length) return t.length;
    return t.charCodeAt(end) === CR && t.charCodeAt(end + 1) === LF ? end + 2 : end + 1;
  }

  /** The start of the first line at or after the line at `from` that is not blank, or the text's end. */
  skipBlank(from: number): number {
    let pos = from;
    while (pos < this.text.length) {
      const end = this.end(pos);
      if (!isBlank(this.text, pos, end)) return pos;
      pos = this.next(end);
    }
    return this.text.length;
  }
}

/** Blank as CommonMark means it: spaces and tabs only (a no-break space is text). */
export function isBlank(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== SPACE && c !== TAB) return false;
  }
  return true;
}

function isIndented(text: string, lineStart: number): boolean {
  const c = text.charCodeAt(lineStart);
  return c === SPACE || c === TAB;
}

/** Up to three spaces (a tab reaches column four): the indentation a block construct may have. */
function afterIndent(text: string, start: number, end: number): number {
  let i = start;
  while (i < end && i - start < 3 && text.charCodeAt(i) === SPACE) i++;
  return i;
}

export interface Fence {
  marker: number;
  size: number;
}

/** A fenced code block's opening line, exactly as micromark reads one at the top level. */
export function fenceOpener(text: string, start: number, end: number): Fence | undefined {
  const at = afterIndent(text, start, end);
  const marker = text.charCodeAt(at);
  if (marker !== BACKTICK && marker !== TILDE) return undefined;
  let i = at;
  while (i < end && text.charCodeAt(i) === marker) i++;
  const size = i - at;
  if (size < 3) return undefined;
  // «```js`» is inline code in a paragraph, not a fence.
  if (marker === BACKTICK && text.indexOf('`', i) >= 0 && text.indexOf('`', i) < end) return undefined;
  return { marker, size };
}

/** A line that closes `fence`: up to three spaces, at least as many markers, then only whitespace. */
export function isFenceCloser(text: string, start: number, end: number, fence: Fence): boolean {
  const at = afterIndent(text, start, end);
  let i = at;
  while (i < end && text.charCodeAt(i) === fence.marker) i++;
  return i - at >= fence.size && isBlank(text, i, end);
}

/** How an HTML block of kinds 1–5 ends (CommonMark §4.6): the line that contains this. */
export type HtmlEnd = '-->' | '?>' | '>' | ']]>' | 'raw';

const RAW_TAG = /<(?:script|pre|style|textarea)(?=[ \t>\r\n]|$)/iy;
const RAW_END = /<\/(?:script|pre|style|textarea)>/i;
const HTML_BLOCK_TAG = /<\/?[A-Za-z]/y;

/** The kind of HTML block a line opens, with where to look for its end on the same line. */
export function htmlOpener(text: string, start: number, end: number): { end: HtmlEnd | 'blank'; from: number } | undefined {
  const at = afterIndent(text, start, end);
  if (text.charCodeAt(at) !== LT) return undefined;
  // After `<!--` micromark is already past two dashes: `<!-->` and `<!--->` are closed comments.
  if (text.startsWith('<!--', at)) return { end: '-->', from: at + 2 };
  if (text.startsWith('<?', at)) return { end: '?>', from: at + 2 };
  if (text.startsWith('<![CDATA[', at)) return { end: ']]>', from: at + 9 };
  if (text.startsWith('<!', at) && /[A-Za-z]/.test(text.charAt(at + 2))) return { end: '>', from: at + 2 };
  RAW_TAG.lastIndex = at;
  if (RAW_TAG.test(text)) return { end: 'raw', from: at + 1 };
  HTML_BLOCK_TAG.lastIndex = at;
  // Kinds 6 and 7 end at a blank line: until then nothing opens inside them.
  if (HTML_BLOCK_TAG.test(text)) return { end: 'blank', from: at };
  return undefined;
}

/** CommonMark's HTML block kind 6: these tag names open one, which a blank line ends. */
const HTML_BLOCK_NAME =
  / {0,3}<\/?(?:address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul)(?=[ \t\r\n/>]|$)/iy;
/** Kind 7: a complete open or closing tag alone on its line. */
const HTML_TAG_LINE = / {0,3}(?:<[A-Za-z][A-Za-z0-9-]*(?:[ \t]+[A-Za-z_:][\w.:-]*(?:[ \t]*=[ \t]*(?:[^\s"'=<>`]+|'[^']*'|"[^"]*"))?)*[ \t]*\/?>|<\/[A-Za-z][A-Za-z0-9-]*[ \t]*>)[ \t]*$/y;

/**
 * Whether the line opens an HTML block of kind 6 or 7 exactly, as CommonMark reads a line at a
 * block's start (`htmlOpener` answers 'blank' for any tag there, which is enough for splitting).
 */
export function opensBlankEndedHtmlBlock(text: string, start: number, end: number): boolean {
  HTML_BLOCK_NAME.lastIndex = start;
  if (HTML_BLOCK_NAME.test(text)) return true;
  HTML_TAG_LINE.lastIndex = 0;
  return HTML_TAG_LINE.test(text.slice(start, end));
}

export function htmlEndsIn(text: string, from: number, end: number, kind: HtmlEnd): boolean {
  if (from >= end) return false;
  if (kind === 'raw') return RAW_END.test(text.slice(from, end));
  const at = text.indexOf(kind, from);
  return at >= 0 && at + kind.length <= end;
}

/** A line that may open a list item or a footnote definition, possibly inside block quotes. */
const CONTAINER_LINE = /(?:[ \t]*>)*[ \t]*(?:(?:[-+*]|\d{1,9}[.)])(?=[ \t\r\n]|$)|\[\^)/y;

function isContainerLine(text: string, start: number): boolean {
  CONTAINER_LINE.lastIndex = start;
  return CONTAINER_LINE.test(text);
}

/**
 * A line that can only be paragraph text: it starts with a letter or any non-ASCII character
 * (no Markdown construct starts with one). A fence interrupts a run of such lines cleanly.
 */
function isPlainLine(text: string, start: number): boolean {
  const c = text.charCodeAt(start);
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c >= 0x80;
}

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

function lineStartOf(text: string, offset: number): number {
  let i = offset;
  while (i > 0) {
    const c = text.charCodeAt(i - 1);
    if (c === LF || c === CR) break;
    i--;
  }
  return i;
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

/** A YAML front matter block as remark-frontmatter finds it, and where the body after it starts. */
export interface FrontMatterBlock {
  /** The block, fences included (the closing fence's trailing whitespace too), as remark reports it. */
  range: TextRange;
  content: TextRange;
  /** The start of the line after the closing fence. */
  end: number;
}

/** `---` then only spaces and tabs: the opening fence of a front matter (micromark-extension-frontmatter). */
function isMatterFence(text: string, start: number, end: number): boolean {
  return end - start >= 3 && text.startsWith('---', start) && isBlank(text, start + 3, end);
}

/**
 * A closing fence: `---`, or YAML's own document end `...`, which authors coming from YAML
 * write and VS Code's YAML support accepts. The body is parsed after the front matter, never
 * with it, so remark-frontmatter's narrower reading does not matter here.
 */
function isMatterClosing(text: string, start: number, end: number): boolean {
  return end - start >= 3 && (text.startsWith('---', start) || text.startsWith('...', start)) && isBlank(text, start + 3, end);
}

/**
 * What a front matter contains: from the line after the opening fence to the last character of
 * the line break before the closing fence's line. Line breaks are LF, CRLF or a lone CR, as
 * micromark reads them (a CRLF's CR stays in the content; the YAML reader drops it).
 */
export function frontMatterContent(text: string, range: TextRange): TextRange {
  const lines = new Lines(text);
  const open = lines.next(lines.end(range.start));
  const close = lineStartOf(text, range.end) - 1;
  return { start: open, end: Math.max(open, close) };
}

/**
 * The front matter at `start` (0, or 1 after a byte-order mark): `---` on the first line and a
 * closing `---` or `...` line; without the closing line there is none.
 */
export function findFrontMatter(text: string, start: number): FrontMatterBlock | undefined {
  const lines = new Lines(text);
  const firstEnd = lines.end(start);
  if (firstEnd >= text.length || !isMatterFence(text, start, firstEnd)) return undefined;
  const closing = /^(?:---|\.\.\.)/gm;
  closing.lastIndex = lines.next(firstEnd);
  for (;;) {
    // Only a line starting with `---` or `...` can close it: jump between them.
    const found = closing.exec(text);
    if (!found) return undefined;
    const at = found.index;
    const before = text.charCodeAt(at - 1);
    if (at === 0 || before === LF || before === CR) {
      const end = lines.end(at);
      if (isMatterClosing(text, at, end)) {
        const range = { start, end };
        return { range, content: frontMatterContent(text, range), end: lines.next(end) };
      }
    }
    closing.lastIndex = at + 3;
  }
}

/** Keys that show an unclosed block at the top was meant as front matter (analysis/project/frontMatter.ts reads them). */
const FRONT_MATTER_KEY_LINE = /^(?:ruleset|система|правила|characters|персонажи)[ \t]*:/imu;
/** How far below an unclosed opening fence such a key is looked for. */
const UNCLOSED_PROBE_LINES = 30;

/**
 * The opening fence of a front matter that never closes but holds the keys Rollmark reads: the
 * author meant one, and without a word the document would silently fall back to the default
 * ruleset. Undefined when there is a closed front matter, or nothing that looks like one.
 */
export function unclosedFrontMatter(text: string, start: number): TextRange | undefined {
  const lines = new Lines(text);
  const firstEnd = lines.end(start);
  if (!isMatterFence(text, start, firstEnd) || findFrontMatter(text, start)) return undefined;
  let probeEnd = firstEnd;
  for (let i = 0; i < UNCLOSED_PROBE_LINES && probeEnd < text.length; i++) probeEnd = lines.end(lines.next(probeEnd));
  return FRONT_MATTER_KEY_LINE.test(text.slice(firstEnd, probeEnd)) ? { start, end: firstEnd } : undefined;
}
