/**
 * The range bookkeeping of a block's result (blockAnalysis.ts). A result's offsets start relative
 * to its block; a block that moves (an edit above it) keeps its result, and `moveBlock` shifts
 * every range object of the result in place, which is what makes an edit cost the blocks it
 * touches instead of the document's length. For that a result lists the range objects it owns
 * (`ownedRanges`), and a whole document's results get them allocated together (`relocateRanges`).
 */
import type { Heading } from '../markdown/markdownScan';
import type { AnalysisDiagnostic, AnalyzedCheck, ProseCheck, TextRange } from '../types';

/**
 * `TextRange` is read-only to the analysis' users; only moving a block writes to its ranges,
 * which it owns (nothing outside the block's result points at them, but the previous result).
 */
export interface MovableRange {
  start: number;
  end: number;
}

/** The parts of a block's result that hold offsets, and where they are. */
export interface MovableResult {
  /** Every range object in the result that moves with the block, each once. */
  ranges: MovableRange[];
  /** The document offset the result's ranges are expressed against (0 until placed). */
  base: number;
  headings: Heading[];
  /** In document order, without `scene` (the document assigns scenes across blocks). */
  checks: AnalyzedCheck[];
  /** Sorted by range and de-duplicated, as the document's list is. */
  diagnostics: AnalysisDiagnostic[];
  proseChecks: ProseCheck[];
}

/**
 * The range objects a block's result owns, each once (a fix's edit often shares its
 * diagnostic's range object). A check's tree and sides are read at its current place
 * (lazyCheck.ts), and traits, odds and specs hold no offsets: none is walked; front-matter ranges (a character sheet a diagnostic points at, the place
 * RM008's fix writes a trait into it) stay where they are.
 */
export function ownedRanges(block: MovableResult, fixed: ReadonlySet<TextRange>): MovableRange[] {
  const into = new Set<MovableRange>();
  for (const heading of block.headings) into.add(heading.range);
  for (const check of block.checks) {
    into.add(check.range);
    into.add(check.contentRange);
  }
  for (const d of block.diagnostics) {
    into.add(d.range);
    for (const fix of d.fixes) for (const edit of fix.edits) if (!fixed.has(edit.range)) into.add(edit.range);
    for (const info of d.related ?? []) if (info.range && !fixed.has(info.range)) into.add(info.range);
  }
  for (const check of block.proseChecks) into.add(check.range);
  return [...into];
}

function rewire(block: MovableResult, copies: ReadonlyMap<TextRange, MovableRange>): void {
  const to = (range: TextRange) => copies.get(range) ?? range;
  for (const heading of block.headings) heading.range = to(heading.range);
  for (const check of block.checks) {
    check.range = to(check.range);
    check.contentRange = to(check.contentRange);
  }
  for (const d of block.diagnostics) {
    d.range = to(d.range);
    for (const fix of d.fixes) for (const edit of fix.edits) edit.range = to(edit.range);
    for (const info of d.related ?? []) if (info.range) info.range = to(info.range);
  }
  for (const check of block.proseChecks) check.range = to(check.range);
}

/**
 * Gives blocks' results range objects allocated one after the other, in block order. Moving
 * blocks after an edit writes to every range after it: the parser's objects lie among its
 * garbage and cost a cache miss each, and copies made in one go move twice as fast (a 5 MB
 * book: 170,000 ranges after an edit in the middle). Worth it after a whole document's
 * analysis; the few blocks an edit analyses again do not matter.
 */
export function relocateRanges(blocks: readonly MovableResult[]): void {
  for (const block of blocks) {
    if (block.ranges.length === 0) continue;
    // A map per block keeps the copies of one block together and the garbage small.
    const copies = new Map<TextRange, MovableRange>();
    block.ranges = block.ranges.map((range) => {
      const copy = { start: range.start, end: range.end };
      copies.set(range, copy);
      return copy;
    });
    rewire(block, copies);
  }
}

/** Places a block's result at a document offset, shifting its ranges in place. */
export function moveBlock(block: MovableResult, base: number): void {
  const delta = base - block.base;
  if (delta === 0) return;
  for (const range of block.ranges) {
    range.start += delta;
    range.end += delta;
  }
  block.base = base;
}
