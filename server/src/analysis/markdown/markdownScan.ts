/**
 * Where checks may be in Markdown, read through remark's parse tree: the prose, the headings and
 * the front matter of a whole document (`scanMarkdown`) or of one block (`scanBlockMarkdown`).
 * A block past the parse limits is read as plain text instead (plainTextScan.ts).
 */
import type { Heading as MdHeading, Link, Node, Parent, Root, Text } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { type BlockTail, CLOSED, codeTail, htmlTail } from './blocks';
import { frontMatterContent } from './frontMatterBlock';
import { scanEvents, type TopNode } from './markdownEvents';
import { plainHeadingScan, plainListScan, plainParagraphScan, plainQuoteScan } from './plainParagraph';
import { ownCopy } from '../ownCopy';
import type { TextRange } from '../types';

export interface Heading {
  title: string;
  range: TextRange;
  depth: number;
}

/** Where checks may be: the source ranges of prose text, the headings, and the front matter. */
export interface MarkdownLayout {
  /** Source ranges of text nodes in paragraphs, headings, list items, block quotes and table cells. */
  prose: TextRange[];
  headings: Heading[];
  /** The YAML front matter block, fences included, and its content. */
  frontMatter?: { range: TextRange; content: TextRange };
}

/** One block of a document (blocks.ts), scanned alone; offsets relative to the block. */
export interface BlockScan {
  prose: TextRange[];
  headings: Heading[];
  /** What the block leaves open for the lines after it (a fence, an HTML block, a list item). */
  tail: BlockTail;
  /** The link and footnote definitions the block makes (`definitionKey`): they resolve references in every block. */
  definitions: string[];
}

/** The whole-document parser (the benchmark's reference) and the per-block ones: front matter never starts a later block. */
const documentProcessor = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm);
const gfmProcessor = unified().use(remarkParse).use(remarkGfm);
const commonMarkProcessor = unified().use(remarkParse);

/**
 * What GFM can change in a block needs one of these: a table `|`, strikethrough `~`, a footnote
 * `[^`, a task list item's `[ ]`, `[x]` or `[X]` (any whitespace inside, line ends included), an
 * autolink literal `www`, `http(s)` or `@` (mailto:, xmpp: and e-mail addresses). A block without
 * any parses the same with remark-parse alone, which is 1.5× as fast (bench/incrementalBench.mjs):
 * most blocks of a Russian book are such prose, specialties in brackets («Сила + Атлетика
 * [Погони]») and links included.
 */
const GFM_TRIGGER = /[|~@]|\[(?:\^|[\s xX]\])|[wW]{3}|[hH][tT][tT][pP]/;
/** GFM syntax other than a table's `|`: a block without it is a table or CommonMark to remark-gfm. */
const GFM_BEYOND_TABLES = /[~@]|\[(?:\^|[\s xX]\])|[wW]{3}|[hH][tT][tT][pP]/;

/** Containers whose text is prose. Code, HTML, link destinations and front matter never are. */
const PROSE_CONTAINERS = new Set(['paragraph', 'heading', 'tableCell', 'emphasis', 'strong', 'delete', 'link', 'linkReference', 'listItem', 'blockquote']);

const BOM = 0xfeff;

function isParent(node: Node): node is Parent {
  return 'children' in node && Array.isArray((node as Parent).children);
}

function rangeOf(node: Node, shift: number): TextRange | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined ? undefined : { start: start + shift, end: end + shift };
}

/** An autolink's text is its address («<https://…>», «www.…»), not prose. */
function isAutolink(node: Node): boolean {
  if (node.type !== 'link') return false;
  const text = plainText(node);
  return text !== '' && (node as Link).url.endsWith(text);
}

function plainText(node: Node): string {
  if (node.type === 'text' || node.type === 'inlineCode') return (node as Text).value;
  return isParent(node) ? node.children.map(plainText).join('') : '';
}

/**
 * A link or footnote definition as a key: references resolve against the whole document's
 * definitions, so a block's parse depends on the others' (see `definitionsText`).
 */
function definitionKey(node: Node): string | undefined {
  const identifier = (node as Node & { identifier?: unknown }).identifier;
  if (typeof identifier !== 'string') return undefined;
  if (node.type === 'definition') return `[${identifier}`;
  if (node.type === 'footnoteDefinition') return `^${identifier}`;
  return undefined;
}

/**
 * Definitions written before a block so that its references resolve as in the whole document:
 * only whether a label is defined matters to the parse, never what it points to. Before, not
 * after: a block may end in an unclosed fence that would swallow them. A footnote definition
 * is a container that an indented line after a blank would continue, so an HTML comment closes
 * the prefix and the block starts afresh after it.
 */
export function definitionsText(keys: readonly string[]): string {
  if (keys.length === 0) return '';
  const lines = keys.map((key) => (key.startsWith('^') ? `[^${key.slice(1)}]: #` : `[${key.slice(1)}]: #`));
  return `${lines.join('\n\n')}\n\n<!-- -->\n\n`;
}

interface Collected {
  prose: TextRange[];
  headings: Heading[];
  definitions: string[];
  frontMatter?: { range: TextRange; content: TextRange };
}

/** Walks a parse tree's top-level nodes from offset `from` on, reading the source text only through positions. */
function collect(root: Root, text: string, shift: number, from: number): Collected {
  // Nodes before `from` are the definitions written before a block, not the block's own.
  return collectNodes(
    root.children.filter((child) => (child.position?.start.offset ?? 0) >= from),
    text,
    shift,
  );
}

/** Walks top-level nodes (in order) and everything in them. */
function collectNodes(top: readonly Node[], text: string, shift: number): Collected {
  const out: Collected = { prose: [], headings: [], definitions: [] };
  // An explicit stack, not recursion: «> > > …» nests thousands deep and must not overflow the call stack.
  const pending: [Node, boolean][] = [];
  for (let i = top.length - 1; i >= 0; i--) pending.push([top[i], false]);
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, inProse] = next;
    if (node.type === 'yaml') {
      const range = rangeOf(node, shift);
      if (range) out.frontMatter = { range, content: frontMatterContent(text, range) };
      continue;
    }
    if (node.type === 'heading') {
      const range = rangeOf(node, shift);
      if (range) out.headings.push({ title: plainText(node).trim(), range, depth: (node as MdHeading).depth });
    }
    if (node.type === 'text' && inProse) {
      const range = rangeOf(node, shift);
      if (range) out.prose.push(range);
      continue;
    }
    const key = definitionKey(node);
    if (key) out.definitions.push(key);
    if (isAutolink(node) || !isParent(node)) continue;
    const prose = PROSE_CONTAINERS.has(node.type) || (inProse && node.type !== 'code' && node.type !== 'html');
    for (let i = node.children.length - 1; i >= 0; i--) {
      const child = node.children[i];
      pending.push([child, prose && child.type !== 'inlineCode' && child.type !== 'html']);
    }
  }
  return out;
}

/** Parses a whole document once and lists where prose is; the text itself is always read from the source. */
export function scanMarkdown(text: string): MarkdownLayout {
  // remark drops a byte-order mark, so its offsets would be one short of the text's.
  const shift = text.charCodeAt(0) === BOM ? 1 : 0;
  const tree = documentProcessor.parse(shift ? text.slice(shift) : text) as Root;
  const { prose, headings, frontMatter } = collect(tree, text, shift, 0);
  return frontMatter ? { prose, headings, frontMatter } : { prose, headings };
}

/** The tail of a block from its last top-level node; `shift` maps parse offsets to the block's. */
function tailOf(root: Root, text: string, shift: number): BlockTail {
  return tailOfNode(root.children[root.children.length - 1], text, shift);
}

function tailOfNode(last: Node | undefined, text: string, shift: number): BlockTail {
  const start = last?.position?.start.offset;
  const end = last?.position?.end.offset;
  if (!last || start === undefined || end === undefined || start + shift < 0) return CLOSED;
  switch (last.type) {
    case 'list':
    case 'footnoteDefinition':
      return { kind: 'container' };
    case 'code':
      return codeTail(text, start + shift, end + shift);
    case 'html':
      return htmlTail(text, start + shift, end + shift);
    default:
      return CLOSED;
  }
}

/**
 * What is parsed before a block: `definitions` (definitionsText), so that its references resolve
 * as in the whole document; and, for a block that starts with a byte-order mark, a second one:
 * micromark drops a leading mark without counting it, and in a block that is not the document's
 * start it is text. `counted`: the prefix's length in the parse's offsets.
 */
function blockPrefix(text: string, definitions: string): { prefix: string; counted: number } {
  if (definitions === '' && text.charCodeAt(0) === BOM) return { prefix: '\ufeff', counted: 0 };
  return { prefix: definitions, counted: definitions.length };
}

/**
 * Parses one block alone; `definitions` (definitionsText) are parsed before it so that its
 * references resolve as in the whole document. Offsets are relative to the block. A block whose
 * only GFM syntax can be a table is read from micromark's events (as `scanBlockRun` reads runs),
 * a third of the cost of remark's tree, whose set-up alone was most of a short block's parse
 * (issue 24).
 */
export function scanBlockMarkdown(text: string, definitions = ''): BlockScan {
  const withDefinitions = definitions !== '';
  const plain = plainParagraphScan(text, withDefinitions) ?? plainHeadingScan(text) ?? plainListScan(text, withDefinitions) ?? plainQuoteScan(text, withDefinitions);
  if (plain) return plain;
  const { prefix, counted } = blockPrefix(text, definitions);
  // After a dropped byte-order mark micromark's offsets are one short of the text's: the tree counts it.
  if (GFM_BEYOND_TABLES.test(text) || prefix === '\ufeff') return scanBlockTree(text, definitions);
  const events = scanEvents(prefix + text, text.includes('|'));
  const own = <T>(list: T[], at: (item: T) => number) => list.filter((item) => at(item) >= counted);
  const ownTop = own(events.top, (node) => node.start);
  return {
    prose: own(events.prose, (range) => range.start).map((range) => ({ start: range.start - counted, end: range.end - counted })),
    headings: own(events.headings, (h) => h.start).map((h) => ({ title: h.title, range: { start: h.start - counted, end: h.end - counted }, depth: h.depth })),
    tail: tailOfTop(ownTop[ownTop.length - 1], text, -counted),
    definitions: own(events.definitions, (d) => d.at).map((d) => d.key),
  };
}

/** `scanBlockMarkdown` through remark's tree, GFM included: what every other reading of a block must equal. */
export function scanBlockTree(text: string, definitions = ''): BlockScan {
  const { prefix, counted } = blockPrefix(text, definitions);
  const processor = GFM_TRIGGER.test(text) ? gfmProcessor : commonMarkProcessor;
  const tree = processor.parse(prefix + text) as Root;
  const { prose, headings, definitions: own } = collect(tree, text, -counted, counted);
  return { prose, headings, tail: tailOf(tree, text, -counted), definitions: own };
}

/** The tail of a block from its last top-level node as micromark's events give it; `shift` maps their offsets to the block's. */
function tailOfTop(last: TopNode | undefined, text: string, shift: number): BlockTail {
  switch (last?.type) {
    case 'list':
      return { kind: 'container' };
    case 'code':
      return codeTail(text, last.start + shift, last.end + shift);
    case 'html':
      return htmlTail(text, last.start + shift, last.end + shift);
    default:
      return CLOSED;
  }
}

/**
 * Whether a block parses in a run of blocks (`scanBlockRun`) as alone, where no definitions are
 * known yet (a document's first analysis): GFM blocks take another parser, and a leading
 * byte-order mark is dropped by a parse of its own. A reference in one block of a run resolves
 * against a definition in another, which it would not alone; such a block depends on the
 * definitions (it has brackets), and the document's definitions, once known, make it parsed again.
 */
export function joinsRuns(text: string): boolean {
  return !GFM_TRIGGER.test(text) && text.charCodeAt(0) !== BOM;
}

/** Characters of blocks parsed in one call: past a few kilobytes micromark's own bookkeeping grows faster than the set-up saved. */
export const RUN_CHARS = 8192;

/**
 * Consecutive blocks of `text` (each [start, end), blank lines between them, each `joinsRuns`)
 * parsed in one call, with no definitions known: for a whole document at once (a first analysis,
 * the CLI) this saves the parser's set-up per block, which is a third of a short block's parse.
 * Each result equals `scanBlockMarkdown` of the block's own text without definitions (but see
 * `joinsRuns`), offsets relative to it. The results stop before the first block with a node that
 * goes on past its end (the parse carried an open fence or a list into the next block): the
 * caller takes that one alone. A block's parse never depends on the blocks after a blank line
 * but through such a node (or definitions), so the blocks before it are as their own parse.
 */
export function scanBlockRun(text: string, blocks: readonly { start: number; end: number }[]): BlockScan[] {
  // A plain paragraph or heading needs no parse (plainParagraph.ts); the blocks between such are parsed together.
  const plain = blocks.map(({ start, end }) => {
    const block = text.slice(start, end);
    return plainParagraphScan(block) ?? plainHeadingScan(block) ?? plainListScan(block) ?? plainQuoteScan(block);
  });
  const scans: BlockScan[] = [];
  for (let i = 0; i < blocks.length; ) {
    const own = plain[i];
    if (own) {
      scans.push(own);
      i++;
      continue;
    }
    let j = i + 1;
    while (j < blocks.length && !plain[j]) j++;
    const parsed = scanParsedRun(text, blocks.slice(i, j));
    scans.push(...parsed);
    if (parsed.length < j - i) return scans;
    i = j;
  }
  return scans;
}

/** `scanBlockRun` for blocks parsed in one call. */
function scanParsedRun(text: string, blocks: readonly { start: number; end: number }[]): BlockScan[] {
  const from = blocks[0].start;
  const events = scanEvents(text.slice(from, blocks[blocks.length - 1].end));
  const scans: BlockScan[] = [];
  const at = { top: 0, prose: 0, headings: 0, definitions: 0 };
  for (const { start, end } of blocks) {
    // Offsets in the run, and `shift` from them to the block's.
    const [runStart, runEnd, shift] = [start - from, end - from, from - start];
    let last: TopNode | undefined;
    for (; at.top < events.top.length && events.top[at.top].start < runEnd; at.top++) {
      last = events.top[at.top];
      if (last.start < runStart || last.end > runEnd) return scans;
    }
    const prose: TextRange[] = [];
    for (; at.prose < events.prose.length && events.prose[at.prose].start < runEnd; at.prose++) {
      const range = events.prose[at.prose];
      prose.push({ start: range.start + shift, end: range.end + shift });
    }
    const headings: Heading[] = [];
    for (; at.headings < events.headings.length && events.headings[at.headings].start < runEnd; at.headings++) {
      const h = events.headings[at.headings];
      // The run is a slice of the whole document, which a title sliced from it would keep.
      headings.push({ title: ownCopy(h.title), range: { start: h.start + shift, end: h.end + shift }, depth: h.depth });
    }
    const definitions: string[] = [];
    for (; at.definitions < events.definitions.length && events.definitions[at.definitions].at < runEnd; at.definitions++) definitions.push(ownCopy(events.definitions[at.definitions].key));
    scans.push({ prose, headings, tail: tailOfTop(last, text.slice(start, end), shift), definitions });
  }
  return scans;
}
