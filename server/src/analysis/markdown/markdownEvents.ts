/**
 * What markdownScan.ts reads from remark's tree (prose, headings, definitions, the top-level
 * nodes), read instead from micromark's events, without building the tree: for runs of plain
 * blocks (`scanBlockRun`), where building the tree was a third of the parse. CommonMark only
 * (no GFM, no front matter).
 *
 * The rules are mdast-util-from-markdown's, kept to what the scan needs: a text node is a run of
 * data, character escapes and references, and (in paragraphs, headings, emphasis, strong and
 * buffered fragments) line endings, in one parent with nothing between them; after a hard break
 * the line ending belongs to the break; the line ending before a setext underline to nothing. A
 * link's children come from its label; an image's, code's, HTML's, destinations' and titles' text
 * is in fragments that never become prose. A link whose text ends its address is an autolink
 * (markdownScan `isAutolink`): its text is not prose. Property tests hold this to the tree walk
 * (test/src/analysis/incremental.test.ts).
 */
import { decodeNamedCharacterReference } from 'decode-named-character-reference';
import { parse, postprocess, preprocess } from 'micromark';
import { gfmTable } from 'micromark-extension-gfm-table';
import { decodeNumericCharacterReference } from 'micromark-util-decode-numeric-character-reference';
import { normalizeIdentifier } from 'micromark-util-normalize-identifier';
import type { Event } from 'micromark-util-types';

/** A top-level node: its mdast type and source span. */
export interface TopNode {
  type: 'list' | 'code' | 'html' | 'other';
  start: number;
  end: number;
}

export interface EventScan {
  /** Prose text ranges, in document order. */
  prose: { start: number; end: number }[];
  headings: { title: string; start: number; end: number; depth: number }[];
  /** Definitions as markdownScan `definitionKey` writes them, with where each starts. */
  definitions: { key: string; at: number }[];
  top: TopNode[];
}

/** The node kinds whose text children are prose (a link's until it proves an autolink). */
type FrameKind = 'root' | 'prose' | 'link' | 'autolink' | 'heading' | 'quiet' | 'fragment' | 'label';

interface Frame {
  kind: FrameKind;
  /** mdast lets line endings into text in these (`canContainEols`). */
  eols: boolean;
  /** Part of the tree: not inside code, HTML or a fragment (an image's alt text, a destination, a title). */
  inTree: boolean;
  /** The text node that is this frame's last child, if the last child is one. */
  tail: { start: number; end: number } | undefined;
  /** Index into `prose` of the tail, when it is prose. */
  tailProse: boolean;
}

/** A heading or link whose plain text (text and inline code, as markdownScan `plainText`) is gathered. */
interface Sink {
  kind: 'heading' | 'link';
  plain: string;
  /** Links: where its prose starts, to take it back if it proves an autolink; the address. */
  proseFrom: number;
  url: string;
  hasResource: boolean;
  start: number;
  depth: number;
}

const TOP_TYPES: Record<string, TopNode['type']> = {
  atxHeading: 'other',
  table: 'other',
  setextHeading: 'other',
  blockQuote: 'other',
  thematicBreak: 'other',
  codeFenced: 'code',
  codeIndented: 'code',
  htmlFlow: 'html',
  listOrdered: 'list',
  listUnordered: 'list',
};

/** Node openers that take children of their own: text inside them is prose. */
const PROSE_NODES = new Set(['paragraph', 'emphasis', 'strong', 'blockQuote', 'listItem', 'listOrdered', 'listUnordered', 'tableHeader', 'tableData']);
/** Node openers whose content is buffered (never prose): code, HTML, and the strings of destinations, titles and labels of definitions. */
const QUIET_NODES = new Set(['codeFenced', 'codeIndented', 'codeText', 'htmlFlow', 'htmlText', 'definition', 'thematicBreak']);
const BUFFERS = new Set([
  'codeFencedFenceInfo',
  'codeFencedFenceMeta',
  'definitionDestinationString',
  'definitionLabelString',
  'definitionTitleString',
  'referenceString',
  'resourceDestinationString',
  'resourceTitleString',
]);
const DATA = new Set(['data', 'characterEscape', 'characterReference', 'autolinkProtocol', 'autolinkEmail', 'codeTextData', 'codeFlowValue', 'htmlFlowData', 'htmlTextData']);
const DATA_EXIT = new Set(['data', 'characterEscapeValue', 'autolinkProtocol', 'autolinkEmail', 'codeTextData', 'codeFlowValue', 'htmlFlowData', 'htmlTextData']);

/**
 * One parser of each kind for every call: `parse()` combines micromark's constructs anew each time, a cost
 * the scan of a book (one call per run of blocks) paid hundreds of times (issue 24). What a parse
 * leaves in the parser, the definitions it met and its lazy lines, is emptied before each use, so
 * each call parses as a fresh parser would; the scan is synchronous, so no two calls share it.
 */
const commonMark = parse();
/** GFM's tables, without its other extensions: for a block whose only GFM syntax can be a table. */
const withTables = parse({ extensions: [gfmTable()] });

/**
 * Parses `text` with micromark alone (CommonMark, and GFM tables with `tables`) and reads what
 * the scan needs from its events.
 */
export function scanEvents(text: string, tables = false): EventScan {
  const parser = tables ? withTables : commonMark;
  parser.defined = [];
  parser.lazy = {};
  const events = postprocess(parser.document().write(preprocess()(text, undefined, true)));
  return readEvents(events, text);
}

function readEvents(events: Event[], text: string): EventScan {
  const out: EventScan = { prose: [], headings: [], definitions: [], top: [] };
  const frames: Frame[] = [{ kind: 'root', eols: false, inTree: true, tail: undefined, tailProse: false }];
  const sinks: Sink[] = [];
  /** Frames of links and images, to match their label and resource. */
  const media: { sink?: Sink; image: boolean }[] = [];
  let depth = 0;
  let inContent = 0;
  let atHardBreak = false;
  let slurpLineEnding = false;
  let referenceNumeric: number | undefined;
  /** Frames pushed by the enter of each open token that pushed one. */
  const pushed: boolean[] = [];
  /** Inline code's value, for the plain text of a heading or link around it. */
  let codeValue: string | undefined;
  /** A link destination being read: its fragment's depth in `frames` and its value so far. */
  let destination: { frame: number; value: string } | undefined;

  const top = () => frames[frames.length - 1];
  const push = (kind: FrameKind, eols: boolean) => {
    const parent = top();
    parent.tail = undefined;
    frames.push({ kind, eols, inTree: parent.inTree && parent.kind !== 'fragment' && parent.kind !== 'quiet', tail: undefined, tailProse: false });
  };
  /** Text is prose in a prose frame, a link's (label's) text unless an image's, and a heading's. */
  const isProse = (frame: Frame) => frame.inTree && (frame.kind === 'prose' || frame.kind === 'heading' || frame.kind === 'label' || frame.kind === 'link');
  /** Text that is part of the tree (not a fragment's): a heading's or link's plain text takes it. */
  const plainSinks = (frame: Frame) => frame.inTree && frame.kind !== 'fragment' && frame.kind !== 'quiet';
  const appendPlain = (value: string) => {
    for (const sink of sinks) sink.plain += value;
  };
  /** Whether a text's value is wanted: by a heading or link around it, inline code, or a destination. */
  const wanted = () => sinks.length > 0 || codeValue !== undefined || destination !== undefined;
  const takeValue = (value: string) => {
    const frame = top();
    if (destination && destination.frame === frames.length - 1) destination.value += value;
    else if (codeValue !== undefined && frame.kind === 'quiet') codeValue += value;
    else if (plainSinks(frame)) appendPlain(value);
  };
  const enterData = (start: number) => {
    const frame = top();
    if (!frame.tail) {
      frame.tail = { start, end: start };
      frame.tailProse = isProse(frame);
      if (frame.tailProse) out.prose.push(frame.tail);
    }
  };
  const exitData = (start: number, end: number) => {
    const frame = top();
    if (frame.tail) frame.tail.end = end;
    if (wanted()) takeValue(text.slice(start, end));
  };

  for (const [kind, token] of events) {
    const type = token.type;
    const start = token.start.offset;
    const end = token.end.offset;
    if (kind === 'enter') {
      let frame = false;
      if (depth === 0 && TOP_TYPES[type] !== undefined) out.top.push({ type: TOP_TYPES[type], start, end });
      if (type === 'content' && depth === 0) inContent++;
      if (inContent > 0 && depth === 1 && (type === 'paragraph' || type === 'definition')) out.top.push({ type: 'other', start, end });
      if (DATA.has(type)) {
        enterData(start);
      } else if (type === 'atxHeading' || type === 'setextHeading') {
        push('heading', true);
        sinks.push({ kind: 'heading', plain: '', proseFrom: 0, url: '', hasResource: false, start, depth: 0 });
        frame = true;
      } else if (PROSE_NODES.has(type)) {
        push('prose', type === 'paragraph' || type === 'emphasis' || type === 'strong');
        frame = true;
      } else if (type === 'link' || type === 'autolink') {
        push(type === 'link' ? 'link' : 'autolink', false);
        const sink: Sink = { kind: 'link', plain: '', proseFrom: out.prose.length, url: '', hasResource: false, start, depth: 0 };
        if (type === 'link') sinks.push(sink);
        media.push({ sink, image: false });
        frame = true;
      } else if (type === 'image') {
        push('quiet', false);
        media.push({ image: true });
        frame = true;
      } else if (type === 'label') {
        // A link's label is its children; an image's, its alt text.
        const image = media[media.length - 1]?.image ?? true;
        push(image ? 'fragment' : 'label', true);
        frame = true;
      } else if (type === 'codeText') {
        push('quiet', true);
        codeValue = '';
        frame = true;
      } else if (QUIET_NODES.has(type) || BUFFERS.has(type)) {
        push(BUFFERS.has(type) ? 'fragment' : 'quiet', BUFFERS.has(type) || type === 'htmlFlow' || type === 'htmlText' || type === 'codeIndented');
        if (type === 'resourceDestinationString') destination = { frame: frames.length - 1, value: '' };
        frame = true;
      } else if (type === 'hardBreakEscape' || type === 'hardBreakTrailing') {
        top().tail = undefined;
      } else if (type === 'characterReferenceMarkerNumeric') {
        referenceNumeric = 10;
      } else if (type === 'characterReferenceMarkerHexadecimal') {
        referenceNumeric = 16;
      } else if (type === 'atxHeadingSequence' && sinks.length > 0 && sinks[sinks.length - 1].kind === 'heading' && sinks[sinks.length - 1].depth === 0) {
        sinks[sinks.length - 1].depth = end - start;
      }
      pushed.push(frame);
      depth++;
      continue;
    }
    depth--;
    const hadFrame = pushed.pop();
    if (type === 'content' && depth === 0) inContent--;
    if (DATA_EXIT.has(type)) {
      exitData(start, end);
      if (type === 'autolinkProtocol' || type === 'autolinkEmail') {
        const link = media[media.length - 1];
        if (link?.sink) link.sink.url = (type === 'autolinkEmail' ? 'mailto:' : '') + text.slice(start, end);
      }
    } else if (type === 'characterReferenceValue') {
      const raw = text.slice(start, end);
      const value = referenceNumeric === undefined ? (decodeNamedCharacterReference(raw) || '') : decodeNumericCharacterReference(raw, referenceNumeric);
      referenceNumeric = undefined;
      if (wanted()) takeValue(value);
    } else if (type === 'characterReference') {
      const frame = top();
      if (frame.tail) frame.tail.end = end;
    } else if (type === 'lineEnding') {
      const frame = top();
      if (atHardBreak) {
        atHardBreak = false;
      } else if (!slurpLineEnding && frame.eols) {
        enterData(start);
        exitData(start, end);
      }
    } else if (type === 'hardBreakEscape' || type === 'hardBreakTrailing') {
      atHardBreak = true;
    } else if (type === 'setextHeadingText') {
      slurpLineEnding = true;
    } else if (type === 'setextHeadingLineSequence') {
      const sink = sinks[sinks.length - 1];
      if (sink?.kind === 'heading') sink.depth = text.charCodeAt(start) === 0x3d ? 1 : 2;
    } else if (type === 'resource') {
      const link = media[media.length - 1];
      if (link?.sink) link.sink.hasResource = true;
    } else if (type === 'resourceDestinationString') {
      const link = media[media.length - 1];
      if (link?.sink && destination) link.sink.url = destination.value;
      destination = undefined;
    } else if (type === 'definitionLabelString') {
      out.definitions.push({ key: `[${normalizeIdentifier(text.slice(start, end)).toLowerCase()}`, at: start });
    }
    if (hadFrame) {
      frames.pop();
      if (type === 'codeText') {
        const value = codeValue ?? '';
        codeValue = undefined;
        if (plainSinks(top())) appendPlain(value);
      } else if (type === 'atxHeading' || type === 'setextHeading') {
        const sink = sinks.pop();
        if (sink) out.headings.push({ title: sink.plain.trim(), start: sink.start, end, depth: sink.depth });
        if (type === 'setextHeading') slurpLineEnding = false;
      } else if (type === 'link' || type === 'autolink' || type === 'image') {
        const link = media.pop();
        if (type === 'link' && link?.sink) {
          sinks.pop();
          // A reference (no resource) is a linkReference: never an autolink.
          if (link.sink.hasResource && link.sink.plain !== '' && link.sink.url.endsWith(link.sink.plain)) out.prose.length = link.sink.proseFrom;
        }
        if (type === 'autolink') out.prose.length = link?.sink?.proseFrom ?? out.prose.length;
      }
    }
  }
  return out;
}
