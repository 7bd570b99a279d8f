/**
 * The blocks most of a book is made of, read without a parser (issue 24: parsing was half of a 1 MB
 * scenario's analysis): a paragraph of plain words, an ATX heading, a list of plain items, a quote of
 * one paragraph. Without asterisks a paragraph is one text node to CommonMark and to remark-gfm: its
 * prose is one range, from its first character that is not whitespace to its last. Asterisks are
 * emphasis or plain characters by CommonMark's delimiter rules, which `emphasisBoundaries` follows as
 * micromark's attention construct does: the matched ones split the prose into the text nodes between
 * them. Brackets are plain characters where no link can form (`bracketsArePlain`). The tests are
 * conservative: any other character that could start markup, and any line start that could open a
 * block, leaves the block to the parser. Property tests hold each scan to remark's tree
 * (test/src/analysis/incremental.test.ts).
 */
import { classifyCharacter } from 'micromark-util-classify-character';
import { CLOSED } from './blocks';
import { CR, LF, Lines, SPACE, TAB } from './lines';
import type { BlockScan } from './markdownScan';
import { ownCopy } from '../ownCopy';
import type { TextRange } from '../types';

const ASTERISK = 0x2a;

/**
 * Characters that may be inline markup anywhere in a line (emphasis by underscores, code, HTML,
 * entities, escapes, GFM's tables, strikethrough and e-mail autolinks), the starts of autolink
 * literals, and what the parser replaces or drops (NUL, a byte-order mark). Asterisks are read
 * here, and so are brackets where they make no link (`bracketsArePlain`).
 */
const INLINE_MARKUP = /[_`<>&\\|~@\0\ufeff]|[wW]{3}|[hH][tT][tT][pP]/;
/** Brackets that make a link, an image or a footnote without a definition: `[a](b)`, `![a]`, `[^a]`; or a definition, at a line's start. */
const LINK_SYNTAX = /\]\(|!\[|\[\^|(?:^|[\n\r])[ \t]*\[/;

/**
 * Whether the brackets of a block are plain characters: with no definition in the document, only a
 * resource (`](`), an image, a footnote or a definition makes a link of them (CommonMark: a
 * reference link's label must match a definition). A block read with definitions is left to the
 * parser when it has any bracket.
 */
function bracketsArePlain(text: string, withDefinitions: boolean): boolean {
  if (!text.includes('[') && !text.includes(']')) return true;
  return !withDefinitions && !LINK_SYNTAX.test(text);
}

/**
 * Characters that may open or end a block at a line's start, after its indentation: list
 * markers and thematic breaks (`-`, `+`, digits; `*` is `asteriskOpensBlock`'s), block quotes,
 * headings and setext underlines (fences and HTML start with characters INLINE_MARKUP refuses).
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
const isLineEnd = (code: number) => code === LF || code === CR;

/**
 * Whether a line starting with `*` at `content` may be a list item (`*` then whitespace or the
 * line's end) or a thematic break (asterisks and blanks only): else its asterisks are inline.
 */
function asteriskOpensBlock(text: string, content: number, lineEnd: number): boolean {
  if (content + 1 === lineEnd || isBlank(text.charCodeAt(content + 1))) return true;
  for (let at = content; at < lineEnd; at++) {
    const code = text.charCodeAt(at);
    if (code !== ASTERISK && !isBlank(code)) return false;
  }
  return true;
}

/** Whether the line's text from `content` may open a block of its own (a list, a quote, a heading, a break, code, HTML). */
function opensBlock(text: string, content: number, lineEnd: number): boolean {
  const code = text.charCodeAt(content);
  return mayOpenBlock(code) || (code === ASTERISK && asteriskOpensBlock(text, content, lineEnd));
}

/**
 * Where the text of a line ends, its trailing blanks left out; undefined where they are a hard
 * break (two or more before a line end), which splits the text: left to the parser.
 */
function textEnd(text: string, content: number, lineEnd: number, next: number): number | undefined {
  let end = lineEnd;
  while (end > content && isBlank(text.charCodeAt(end - 1))) end--;
  return next < text.length && lineEnd - end >= 2 ? undefined : end;
}

/**
 * The scan of `text` if it is one plain paragraph (offsets relative to it), else undefined.
 * `withDefinitions`: the document's link definitions are parsed with it (markdownScan `definitionsText`).
 */
export function plainParagraphScan(text: string, withDefinitions = false): BlockScan | undefined {
  if (INLINE_MARKUP.test(text) || !bracketsArePlain(text, withDefinitions)) return undefined;
  const lines = new Lines(text);
  let first = -1;
  let last = -1;
  for (let lineStart = 0; lineStart < text.length; ) {
    const lineEnd = lines.end(lineStart);
    const next = lines.next(lineEnd);
    let content = lineStart;
    while (content < lineEnd && isBlank(text.charCodeAt(content))) content++;
    // A blank line ends the paragraph; a first line indented four columns (or by a tab) is code.
    if (content === lineEnd) return undefined;
    if (first < 0 && (content - lineStart > 3 || text.slice(lineStart, content).includes('\t'))) return undefined;
    if (opensBlock(text, content, lineEnd)) return undefined;
    const end = textEnd(text, content, lineEnd, next);
    if (end === undefined) return undefined;
    if (first < 0) first = content;
    last = end;
    lineStart = next;
  }
  if (first < 0) return undefined;
  return { prose: paragraphText(text, first, last, leadingBlank(text)), headings: [], tail: CLOSED, definitions: [] };
}

/**
 * Whether the character at an offset is part of its line's prefix: what the containers around a
 * paragraph take (a quote's `>`) and the blanks before its text. To micromark it is neither text
 * nor anything an asterisk sees: the line's start is whitespace.
 */
type InPrefix = (at: number) => boolean;

/** The prefix of a line outside any container: its leading blanks. */
function leadingBlank(text: string): InPrefix {
  return (at) => {
    if (!isBlank(text.charCodeAt(at))) return false;
    while (at > 0 && isBlank(text.charCodeAt(at - 1))) at--;
    return at === 0 || isLineEnd(text.charCodeAt(at - 1));
  };
}

/** The text nodes of the paragraph `text[first, last)`: one, or those between its emphasis. */
function paragraphText(text: string, first: number, last: number, inPrefix: InPrefix): TextRange[] {
  return text.includes('*', first) ? textNodes(text, first, last, emphasisBoundaries(text, first, last, inPrefix), inPrefix) : [{ start: first, end: last }];
}

/** A run of asterisks, as far as it is not yet used by emphasis, and whether it may open or close it. */
interface DelimiterRun {
  start: number;
  end: number;
  open: boolean;
  close: boolean;
  /** False once emphasis around it took it out: its asterisks are plain characters. */
  active: boolean;
}

/**
 * The asterisks of `text[first, last)` that open or close emphasis, as [start, end) spans in
 * order: CommonMark's delimiter runs (left- and right-flanking by the characters around them, as
 * micromark-util-classify-character tells whitespace and punctuation) matched as micromark's
 * `resolveAllAttention` matches them: each closer, in order, with the nearest opener before it,
 * but for the rule of three; two asterisks from each when both have two, else one; the runs
 * between them become plain characters; a closer with asterisks left closes again.
 */
function emphasisBoundaries(text: string, first: number, last: number, inPrefix: InPrefix): TextRange[] {
  const runs: DelimiterRun[] = [];
  for (let at = text.indexOf('*', first); at >= 0 && at < last; at = text.indexOf('*', at)) {
    let end = at;
    while (end < last && text.charCodeAt(end) === ASTERISK) end++;
    const before = classifyCharacter(at > first && !inPrefix(at - 1) ? text.charCodeAt(at - 1) : null);
    const after = classifyCharacter(end < text.length ? text.charCodeAt(end) : null);
    runs.push({ start: at, end, open: !after || (after === 2 && Boolean(before)), close: !before || (before === 2 && Boolean(after)), active: true });
    at = end;
  }
  const boundaries: TextRange[] = [];
  for (let i = 0; i < runs.length; i++) {
    const closer = runs[i];
    if (!closer.close) continue;
    for (let j = i - 1; j >= 0 && closer.end > closer.start; j--) {
      const opener = runs[j];
      if (!opener.active || !opener.open || opener.end === opener.start) continue;
      const [openLength, closeLength] = [opener.end - opener.start, closer.end - closer.start];
      if ((opener.close || closer.open) && closeLength % 3 !== 0 && (openLength + closeLength) % 3 === 0) continue;
      const use = openLength > 1 && closeLength > 1 ? 2 : 1;
      opener.end -= use;
      boundaries.push({ start: opener.end, end: opener.end + use }, { start: closer.start, end: closer.start + use });
      closer.start += use;
      for (let k = j + 1; k < i; k++) runs[k].active = false;
      // The search starts again before the closer: its asterisks left close an earlier opener.
      j = i;
    }
  }
  return boundaries.sort((a, b) => a.start - b.start);
}

/**
 * The text nodes of `text[first, last)` between the emphasis `boundaries`: each from its first
 * character that is text to micromark (not the blanks that start a line or end one) to its last.
 */
function textNodes(text: string, first: number, last: number, boundaries: readonly TextRange[], inPrefix: InPrefix): TextRange[] {
  const nodes: TextRange[] = [];
  let from = first;
  for (const boundary of [...boundaries, { start: last, end: last }]) {
    const node = textNode(text, from, boundary.start, inPrefix);
    if (node) nodes.push(node);
    from = boundary.end;
  }
  return nodes;
}

function textNode(text: string, from: number, to: number, inPrefix: InPrefix): TextRange | undefined {
  let start = from;
  while (start < to && !isText(text, start, inPrefix)) start++;
  if (start === to) return undefined;
  let end = to;
  while (!isText(text, end - 1, inPrefix)) end--;
  return { start, end };
}

/** Whether the character at `at` is in a text node: a line end is; a line's prefix is not, nor are the blanks before its end. */
function isText(text: string, at: number, inPrefix: InPrefix): boolean {
  if (inPrefix(at)) return false;
  if (!isBlank(text.charCodeAt(at))) return true;
  let after = at;
  while (after < text.length && isBlank(text.charCodeAt(after))) after++;
  return after < text.length && !isLineEnd(text.charCodeAt(after));
}

const HASH = 0x23;

/**
 * The scan of `text` if it is one ATX heading of plain words (`## Сцена 3`, no asterisk, no
 * bracket), else undefined: a scenario's scenes are hundreds of one-line blocks, each a parse's
 * set-up for a few characters. Its prose is its text, its title the same; the closing `#`s and the
 * blanks around the text are neither.
 */
export function plainHeadingScan(text: string): BlockScan | undefined {
  if (INLINE_MARKUP.test(text) || /[*[\]\n\r]/.test(text)) return undefined;
  let at = 0;
  while (at < text.length && text.charCodeAt(at) === SPACE) at++;
  if (at > 3) return undefined;
  const start = at;
  while (at < text.length && text.charCodeAt(at) === HASH) at++;
  const depth = at - start;
  if (depth < 1 || depth > 6 || (at < text.length && !isBlank(text.charCodeAt(at)))) return undefined;
  let end = text.length;
  while (end > at && isBlank(text.charCodeAt(end - 1))) end--;
  // A closing sequence: `#`s at the end, after a blank (or nothing else).
  let closing = end;
  while (closing > at && text.charCodeAt(closing - 1) === HASH) closing--;
  if (closing === at || isBlank(text.charCodeAt(closing - 1))) end = closing;
  while (end > at && isBlank(text.charCodeAt(end - 1))) end--;
  let from = at;
  while (from < end && isBlank(text.charCodeAt(from))) from++;
  // A copy: the block may be a slice of the whole document (a run's), which the title would keep alive.
  const title = ownCopy(text.slice(from, end));
  return {
    prose: from < end ? [{ start: from, end }] : [],
    headings: [{ title, range: { start, end: text.length }, depth }],
    tail: CLOSED,
    definitions: [],
  };
}

/** A list item's first line: its marker at the line's start (`-`, `+`, `*`, or up to nine digits and `.` or `)`), 1–4 spaces, then its text. */
const LIST_ITEM = /^([-+*]|\d{1,9}[.)])( {1,4})(?=\S)/;

/**
 * The scan of `text` if it is one list of plain items (offsets relative to it), else undefined:
 * items at the line's start, all of one kind (the same bullet, or numbers with the same
 * delimiter), each one paragraph of plain words over its line and the lines after it that open
 * nothing (indented or lazy). Each item's paragraph is read as `plainParagraphScan` reads one; the
 * list leaves its last item open for an indented block after a blank line (`container`).
 */
export function plainListScan(text: string, withDefinitions = false): BlockScan | undefined {
  if (INLINE_MARKUP.test(text) || !bracketsArePlain(text, withDefinitions) || text.includes('\t')) return undefined;
  const lines = new Lines(text);
  const items: { first: number; last: number }[] = [];
  let kind: string | undefined;
  for (let lineStart = 0; lineStart < text.length; ) {
    const lineEnd = lines.end(lineStart);
    const next = lines.next(lineEnd);
    const item = LIST_ITEM.exec(text.slice(lineStart, lineEnd));
    let content = lineStart;
    if (item) {
      const itemKind = item[1].slice(-1);
      if (kind !== undefined && itemKind !== kind) return undefined;
      kind = itemKind;
      content += item[0].length;
    } else {
      while (content < lineEnd && text.charCodeAt(content) === SPACE) content++;
      if (items.length === 0 || content === lineEnd) return undefined;
    }
    // An item's text starting with a bracket may be GFM's task list item (`[ ]`, `[x]`).
    if (opensBlock(text, content, lineEnd) || (item && text.charCodeAt(content) === 0x5b)) return undefined;
    const end = textEnd(text, content, lineEnd, next);
    if (end === undefined) return undefined;
    if (item) items.push({ first: content, last: end });
    else items[items.length - 1].last = end;
    lineStart = next;
  }
  if (items.length === 0) return undefined;
  const inPrefix = leadingBlank(text);
  return { prose: items.flatMap(({ first, last }) => paragraphText(text, first, last, inPrefix)), headings: [], tail: { kind: 'container' }, definitions: [] };
}

/** A block quote's marker at a line's start: up to three spaces, `>`, and the one space after it that is the marker's. */
const QUOTE_MARKER = /^ {0,3}> ?/;

/**
 * The scan of `text` if it is one block quote holding one paragraph of plain words (offsets
 * relative to it), else undefined: each line `>` and its text, or a lazy line that opens nothing.
 * The `>`s and the blanks after them are the lines' prefixes, inside the paragraph's text node.
 */
export function plainQuoteScan(text: string, withDefinitions = false): BlockScan | undefined {
  if (text.includes('\t') || text.includes('\0') || text.includes('\ufeff')) return undefined;
  const lines = new Lines(text);
  const prefix = new Uint8Array(text.length);
  let first = -1;
  let last = -1;
  for (let lineStart = 0; lineStart < text.length; ) {
    const lineEnd = lines.end(lineStart);
    const next = lines.next(lineEnd);
    const marker = QUOTE_MARKER.exec(text.slice(lineStart, lineEnd));
    if (!marker && first < 0) return undefined;
    let content = lineStart + (marker?.[0].length ?? 0);
    const markerEnd = content;
    while (content < lineEnd && text.charCodeAt(content) === SPACE) content++;
    // A blank line ends the paragraph; its first line indented four more columns is code.
    if (content === lineEnd || (first < 0 && content - markerEnd >= 4)) return undefined;
    const line = text.slice(content, lineEnd);
    if (opensBlock(text, content, lineEnd) || INLINE_MARKUP.test(line) || !bracketsArePlain(line, withDefinitions) || /^\[/.test(line)) return undefined;
    const end = textEnd(text, content, lineEnd, next);
    if (end === undefined) return undefined;
    prefix.fill(1, lineStart, content);
    if (first < 0) first = content;
    last = end;
    lineStart = next;
  }
  if (first < 0) return undefined;
  return { prose: paragraphText(text, first, last, (at) => prefix[at] === 1), headings: [], tail: CLOSED, definitions: [] };
}
