/**
 * A block that is one paragraph of plain words, read without a parser: most of a book's text
 * (issue 24: parsing was half of a 1 MB scenario's analysis, and its paragraphs most of that).
 * Such a block is one text node to CommonMark and to remark-gfm: its prose is one range, from
 * its first character that is not whitespace to its last, and it has no heading, no definition
 * and leaves nothing open. The test is conservative: any character that could start markup, and
 * any line start that could open a block, leaves the block to the parser.
 */
import { CLOSED } from './blocks';
import type { BlockScan } from './markdownScan';

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Characters that may be inline markup anywhere in a line (emphasis, code, links, HTML,
 * entities, escapes, GFM's tables, strikethrough and e-mail autolinks), the starts of
 * autolink literals, and what the parser replaces or drops (NUL, a byte-order mark).
 */
const INLINE_MARKUP = /[*_`[\]<>&\\|~@\0\ufeff]|[wW]{3}|[hH][tT][tT][pP]/;

/**
 * Characters that may open or end a block at a line's start, after its indentation: list
 * markers and thematic breaks (`-`, `+`, `*`, digits), block quotes, headings, setext
 * underlines, fences and HTML.
 */
function mayOpenBlock(code: number): boolean {
  return (
    code === 0x2d || // -
    code === 0x2b || // +
    code === 0x3e || // >
    code === 0x23 || // #
    code === 0x3d || // =
    (code >= 0x30 && code <= 0x39)
  );
}

const isBlank = (code: number) => code === SPACE || code === TAB;

/** The scan of `text` if it is one plain paragraph (offsets relative to it), else undefined. */
export function plainParagraphScan(text: string): BlockScan | undefined {
  if (INLINE_MARKUP.test(text)) return undefined;
  const length = text.length;
  let first = -1;
  let last = -1;
  for (let lineStart = 0; lineStart < length; ) {
    let lineEnd = lineStart;
    while (lineEnd < length && text.charCodeAt(lineEnd) !== LF && text.charCodeAt(lineEnd) !== CR) lineEnd++;
    let content = lineStart;
    while (content < lineEnd && isBlank(text.charCodeAt(content))) content++;
    // A blank line ends the paragraph; a first line indented four columns (or by a tab) is code.
    if (content === lineEnd) return undefined;
    if (first < 0 && (content - lineStart > 3 || text.slice(lineStart, content).includes('\t'))) return undefined;
    if (mayOpenBlock(text.charCodeAt(content))) return undefined;
    let contentEnd = lineEnd;
    while (contentEnd > content && isBlank(text.charCodeAt(contentEnd - 1))) contentEnd--;
    const next = lineEnd < length && text.charCodeAt(lineEnd) === CR && text.charCodeAt(lineEnd + 1) === LF ? lineEnd + 2 : lineEnd + 1;
    // Two spaces before a line end are a hard break, which splits the text: left to the parser.
    if (next < length && lineEnd - contentEnd >= 2) return undefined;
    if (first < 0) first = content;
    last = contentEnd;
    lineStart = next;
  }
  if (first < 0) return undefined;
  return { prose: [{ start: first, end: last }], headings: [], tail: CLOSED, definitions: [] };
}
