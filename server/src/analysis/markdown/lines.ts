/**
 * Lines as CommonMark reads them, for the block scan (blocks.ts) and the plain-text reading
 * (plainTextScan.ts): line ends (LF, CRLF, a lone CR), blank and indented lines, and what a line
 * opens at the top level: a fenced code block, an HTML block of each kind, a list item.
 */
export const SPACE = 0x20;
export const TAB = 0x09;
export const LF = 0x0a;
export const CR = 0x0d;
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

export function isIndented(text: string, lineStart: number): boolean {
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

export function isContainerLine(text: string, start: number): boolean {
  CONTAINER_LINE.lastIndex = start;
  return CONTAINER_LINE.test(text);
}

/**
 * A line that can only be paragraph text: it starts with a letter or any non-ASCII character
 * (no Markdown construct starts with one). A fence interrupts a run of such lines cleanly.
 */
export function isPlainLine(text: string, start: number): boolean {
  const c = text.charCodeAt(start);
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c >= 0x80;
}

/** The start of the line `offset` is on: after the last LF or CR before it. */
export function lineStartOf(text: string, offset: number): number {
  let i = offset;
  while (i > 0) {
    const c = text.charCodeAt(i - 1);
    if (c === LF || c === CR) break;
    i--;
  }
  return i;
}
