/**
 * Which blocks an edit leaves as they were (incrementalAnalysis.ts): a block at its place, the
 * blocks that dropped out kept for a while by their text, the unchanged runs before and after an
 * edit found in a few comparisons, and the runs of blocks one parse may take.
 */
import type { BlockAnalysis, BlockContext, Definitions } from './blockAnalysis';
import type { CharacterSheet } from '../types';
import { moveBlock } from './blockRanges';
import { type BlockSpan, scanBlock } from '../markdown/blocks';
import { Lines } from '../markdown/lines';
import { joinsRuns, RUN_CHARS } from '../markdown/markdownScan';
import { exceedsParseLimits } from '../markdown/plainTextScan';

/** A block at its place in the current text. */
export interface Placed {
  start: number;
  contentEnd: number;
  /** The next block's start: the block's span includes the blank lines after it. */
  next: number;
  block: BlockAnalysis;
}

/** Whether a block's result holds under these definitions: it does not depend on them, or was parsed with them. */
function validUnder(block: BlockAnalysis, definitions: Definitions): boolean {
  return block.definitionsKey === undefined || block.definitionsKey === definitions.key;
}

/** Results of blocks that dropped out of the document, by text, oldest first; bounded in size. */
export class SpareBlocks {
  private readonly byText = new Map<string, BlockAnalysis[]>();
  private size = 0;

  put(block: BlockAnalysis): void {
    if (block.text === '') return;
    const list = this.byText.get(block.text);
    if (list) list.push(block);
    else this.byText.set(block.text, [block]);
    this.size += block.text.length;
  }

  /** Whether the pool holds a result for this text valid under `definitions`. */
  has(text: string, definitions: Definitions): boolean {
    return this.byText.get(text)?.some((b) => validUnder(b, definitions)) ?? false;
  }

  /** A result for this text valid under `definitions`, removed from the pool. */
  take(text: string, definitions: Definitions): BlockAnalysis | undefined {
    const list = this.byText.get(text);
    if (!list) return undefined;
    const at = list.findIndex((b) => validUnder(b, definitions));
    if (at < 0) return undefined;
    const [block] = list.splice(at, 1);
    if (list.length === 0) this.byText.delete(text);
    this.size -= text.length;
    return block;
  }

  trim(budget: number): void {
    for (const [text, list] of this.byText) {
      if (this.size <= budget) return;
      this.byText.delete(text);
      this.size -= text.length * list.length;
    }
  }

  clear(): void {
    this.byText.clear();
    this.size = 0;
  }

  get isEmpty(): boolean {
    return this.size === 0;
  }
}

/** Characters of closed documents' blocks kept per context. */
const CLOSED_BUDGET = 4 << 20;

/**
 * The blocks of documents closed in this session, by the context they were analysed in (its
 * character sheets: one array per ruleset, dictionary and front matter, as lazyCheck.ts keys its
 * specs), so that a document opened again, or under another name, takes them instead of parsing
 * them again (issue 24). A block is taken by one analyzer only: it leaves the pool when taken.
 */
export class ClosedBlocks {
  private readonly byContext = new WeakMap<readonly CharacterSheet[], SpareBlocks>();

  put(context: BlockContext, blocks: readonly BlockAnalysis[]): void {
    let spares = this.byContext.get(context.characters);
    if (!spares) {
      spares = new SpareBlocks();
      this.byContext.set(context.characters, spares);
    }
    for (const block of blocks) spares.put(block);
    spares.trim(CLOSED_BUDGET);
  }

  /** The pool of a context, when it holds anything. */
  of(context: BlockContext): SpareBlocks | undefined {
    const spares = this.byContext.get(context.characters);
    return spares && !spares.isEmpty ? spares : undefined;
  }
}

/** The old blocks after an edit that may be reused moved by `delta`, from index `from` on. */
export interface Resync {
  old: Placed[];
  from: number;
  delta: number;
}

/** A new block list: [0, keep) are the old list's first blocks, [suffix, end) old blocks from `oldSuffix` on, moved. */
export interface Blocks {
  list: Placed[];
  keep: number;
  suffix: number;
  oldSuffix: number;
}

/**
 * The blocks from `pos` on that may be parsed in one call (markdownScan `joinsRuns`), up to
 * `RUN_CHARS`; at least one unless the first may not. A block where a list item may open
 * (blocks.ts `containers`) ends the run: its list may go on into the next block (`- a⏎⏎- b`),
 * where the run's parse would fail, and the next run start one block later and parse up to
 * `RUN_CHARS` again, for every item of a loose list. Last in its run, its parse ends with it;
 * alone in it (a list of such blocks), it goes through `place()` like a block that joins no run.
 */
export function runFrom(lines: Lines, pos: number): { start: number; span: BlockSpan; text: string }[] {
  const { text } = lines;
  const run: { start: number; span: BlockSpan; text: string }[] = [];
  let chars = 0;
  for (let at = pos; at < text.length && chars < RUN_CHARS; ) {
    const span = scanBlock(lines, at);
    const blockText = span.raw ? '' : text.slice(at, span.contentEnd);
    if (span.raw || !joinsRuns(blockText) || exceedsParseLimits(blockText)) break;
    run.push({ start: at, span, text: blockText });
    if (span.state.containers) break;
    chars += span.next - at;
    at = span.next;
  }
  return run;
}

/** Whether old blocks [from, to), with the blank lines after them, are unchanged at their place moved by `delta`. */
export function sameSpans(old: readonly Placed[], oldText: string, text: string, from: number, to: number, delta: number): boolean {
  const start = old[from].start;
  const end = old[to - 1].next;
  if (end + delta > text.length || (end === oldText.length && end + delta !== text.length)) return false;
  // One native comparison for many blocks: a call per block would cost more than the characters.
  return text.slice(start + delta, end + delta) === oldText.slice(start, end);
}

/**
 * How many of the first `n` blocks are unchanged (`same(from, to)` for a run): runs of growing
 * length, then halving inside the first run that differs, so the characters compared add up
 * to about twice the unchanged text, in a logarithmic number of comparisons.
 */
export function unchangedBefore(n: number, same: (from: number, to: number) => boolean): number {
  let good = 0;
  for (let step = 1; good < n; step *= 2) {
    const to = Math.min(n, good + step);
    if (same(good, to)) {
      good = to;
      continue;
    }
    let high = to;
    while (high - good > 1) {
      const mid = (good + high) >> 1;
      if (same(good, mid)) good = mid;
      else high = mid;
    }
    return good;
  }
  return good;
}

/** The first block of the unchanged run that ends the list (blocks `min` … `n` − 1 only); `n` when none. */
export function unchangedFrom(min: number, n: number, same: (from: number, to: number) => boolean): number {
  let good = n;
  for (let step = 1; good > min; step *= 2) {
    const from = Math.max(min, good - step);
    if (same(from, good)) {
      good = from;
      continue;
    }
    let low = from;
    while (good - low > 1) {
      const mid = (low + good) >> 1;
      if (same(mid, good)) good = mid;
      else low = mid;
    }
    return good;
  }
  return good;
}

/** An unchanged old block at its new place (the old list is discarded, so it is updated in place). */
export function move(placed: Placed, delta: number): Placed {
  if (delta !== 0) {
    placed.start += delta;
    placed.contentEnd += delta;
    placed.next += delta;
    moveBlock(placed.block, placed.start);
  }
  return placed;
}
