/**
 * Where a document's front matter is, as remark-frontmatter finds it (a `---` block at the very
 * top), and an opening fence never closed above keys Rollmark reads (RM011). What it says is
 * analysis/project/frontMatter.ts's to read.
 */
import type { TextRange } from '../types';
import { CR, isBlank, LF, lineStartOf, Lines } from './lines';

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
