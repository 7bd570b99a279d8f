/**
 * Document analysis from per-block results, reused across versions of a document so that an
 * edit costs the blocks it touches, not the document's length.
 *
 * A document is: an optional byte-order mark and front matter (the "head", which with the
 * settings makes the context every block is analysed against), then top-level blocks
 * (blocks.ts), each analysed alone (blockAnalysis.ts). The document's analysis is the head's
 * plus the blocks' results in order, with scenes (the nearest heading above a check) assigned
 * across blocks. Splitting is a pure function of the text from any block boundary on, so the
 * result is the same whether computed at once (`analyzeDocument`) or after any series of edits.
 *
 * On a new version, blocks whose text (with the blank lines after it) is unchanged are reused:
 * those before the edit as they are, those after it moved by the edit's length. The text in
 * between is split again from the block before the first changed one (its end depends on the
 * line after it), until a block boundary meets an unchanged old one. Blocks that drop out are
 * kept for a while by their text, so that closing a fence or undoing a paste finds them again.
 *
 * Results share objects with earlier results of the same analyzer: a block that moves has its
 * ranges shifted in place, and checks get their scene set in place. A result is therefore only
 * valid for its text until the next `analyze` call of the same analyzer.
 *
 * Here: the analyzer, which splits and reuses. documentContext.ts reads the head, blockReuse.ts
 * finds what an edit left unchanged, documentItems.ts gathers the blocks' items.
 */
import { analyzeBlock, type BlockAnalysis, definitionsOf, NO_DEFINITIONS, rawBlock } from './blockAnalysis';
import { moveBlock, relocateRanges } from './blockRanges';
import { continuesInto, resumeAfter, scanBlock } from '../markdown/blocks';
import { Lines } from '../markdown/lines';
import { scanBlockRun } from '../markdown/markdownScan';
import type { AnalysisOptions, DocumentAnalysis } from '../types';
import { type Blocks, ClosedBlocks, move, type Placed, type Resync, runFrom, sameSpans, SpareBlocks, unchangedBefore, unchangedFrom } from './blockReuse';
import { contextFor, type DocumentContext, headOf, sameInputs } from './documentContext';
import { ownCopy } from '../ownCopy';
import { type Assembled, assembleAfterEdit, assembleAll } from './documentItems';
import { applySuppressions } from './suppressions';

export interface IncrementalAnalyzer {
  /**
   * The analysis of `text`, equal to `analyzeDocument(text, options)`. Reuses what it can of the
   * previous call's; the previous result must not be used after this call (objects are shared).
   */
  analyze(text: string, options: AnalysisOptions): DocumentAnalysis;
  /**
   * `analyze` in steps: where it analyses a document afresh (a first analysis, a new front
   * matter), it yields how far it has got after each run of blocks, so that a caller can answer
   * for the top of a long document, and let other work run, before its end is analysed. The
   * result is `analyze`'s. Until the generator is done, nothing else may call the analyzer. A
   * caller may stop it halfway (`return()` or `throw()` on the generator): the next call analyses
   * afresh, taking the blocks done from the closed documents' pool where the analyzer has one.
   */
  analyzeInSteps(text: string, options: AnalysisOptions): Generator<AnalysisProgress, DocumentAnalysis, void>;
}

/** How far an analysis in steps has got. */
export interface AnalysisProgress {
  /** The blocks that start before this offset are analysed. */
  through: number;
  /**
   * The document as far as analysed: its checks, diagnostics, prose checks and headings are those
   * of the whole analysis before `through`, but for a reference to a link defined further down
   * (which the whole analysis may read again) and the adventure's paths, which need the whole text.
   */
  analysis(): DocumentAnalysis;
}

/** Characters of dropped blocks kept for reuse beyond the document's own length. */
const SPARE_SLACK = 1 << 20;

/** What an analysis leaves for the next one. */
interface Previous extends Assembled {
  text: string;
  ctx: DocumentContext;
  blocks: Placed[];
  result: DocumentAnalysis;
}

class BlockAnalyzer implements IncrementalAnalyzer {
  /**
   * `oneShot`: no edit will follow (analyzeDocument), so the ranges are not laid out for moving.
   * `closed`: the blocks of closed documents, taken before parsing a block again, and given the
   * analyzer's own when it is closed.
   */
  constructor(
    private readonly oneShot = false,
    private readonly closed?: ClosedBlocks,
  ) {}

  private previous: Previous | undefined;
  private readonly spares = new SpareBlocks();
  /** How many blocks make each definition: the union changes only when a count goes to or from zero. */
  private readonly definitionCounts = new Map<string, number>();

  analyze(text: string, options: AnalysisOptions): DocumentAnalysis {
    const steps = this.analyzeInSteps(text, options);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  *analyzeInSteps(text: string, options: AnalysisOptions): Generator<AnalysisProgress, DocumentAnalysis, void> {
    const head = headOf(text);
    let previous = this.previous;
    if (previous && !sameInputs(previous.ctx, head, options)) previous = undefined;
    if (previous && text === previous.text) return previous.result;
    // Until this call returns, a throw must not leave half-moved blocks to the next one.
    this.previous = undefined;
    const ctx = previous?.ctx ?? contextFor(text, head, options);
    if (!previous) {
      this.spares.clear();
      this.definitionCounts.clear();
    }
    const lines = new Lines(text);
    const firstStart = lines.skipBlank(ctx.bodyStart);
    const blocks = previous && previous.blocks.length > 0 ? this.update(text, lines, firstStart, ctx, previous) : yield* this.fresh(text, lines, firstStart, ctx);
    const definitionsChanged = this.countDefinitions(blocks, previous?.blocks ?? [], ctx);
    if (definitionsChanged) this.settleDefinitions(blocks.list, ctx);
    const reuse = previous && !definitionsChanged ? previous : undefined;
    const { items, offsets } = reuse ? assembleAfterEdit(blocks, reuse) : assembleAll(ctx, blocks.list);
    const result: DocumentAnalysis = {
      ruleset: ctx.ruleset,
      rulesetSource: ctx.rulesetSource,
      ...(ctx.frontMatter ? { frontMatter: ctx.frontMatter } : {}),
      ...(ctx.party ? { party: ctx.party } : {}),
      checks: items.checks,
      proseChecks: items.proseChecks,
      // The blocks' own list stays whole for the next edit's reuse; what the document's comments silence leaves only the result.
      diagnostics: applySuppressions(text, ctx.bodyStart, items.diagnostics),
      headings: items.headings,
    };
    this.previous = { text, ctx, blocks: blocks.list, items, offsets, result };
    this.spares.trim(text.length + SPARE_SLACK);
    return result;
  }

  private *fresh(text: string, lines: Lines, firstStart: number, ctx: DocumentContext): Generator<AnalysisProgress, Blocks, void> {
    const list: Placed[] = [];
    let finished = false;
    try {
      yield* this.splitInRuns(text, lines, firstStart, ctx, list);
      finished = true;
    } finally {
      if (!this.oneShot) relocateRanges(list.map((placed) => placed.block));
      // Stopped halfway (the caller closed the generator: the document was closed, or its settings changed):
      // the blocks done wait in the closed documents' pool for the next analysis, which takes them.
      if (!finished) this.closed?.put(ctx.block, list.map((placed) => placed.block));
    }
    return { list, keep: 0, suffix: list.length, oldSuffix: 0 };
  }

  /** Reuses the unchanged blocks before and after the edit; splits the rest again. */
  private update(text: string, lines: Lines, firstStart: number, ctx: DocumentContext, previous: Previous): Blocks {
    const old = previous.blocks;
    const oldText = previous.text;
    const n = old.length;
    const same = (from: number, to: number, delta: number) => sameSpans(old, oldText, text, from, to, delta);
    const i = firstStart === old[0].start ? unchangedBefore(n, (from, to) => same(from, to, 0)) : 0;
    const delta = text.length - oldText.length;
    // The text before `prefixEnd` is the same in both versions; suffix blocks must start after it.
    const prefixEnd = i < n ? old[i].start : oldText.length;
    let first = i;
    while (first < n && old[first].start + delta < prefixEnd) first++;
    const j = unchangedFrom(first, n, (from, to) => same(from, to, delta));
    // A block's end depends on the line after it, so the block before the first change is split again too.
    const keep = Math.max(0, i - 1);
    for (let k = keep; k < j; k++) this.spares.put(old[k].block);
    const start = i === 0 ? firstStart : old[keep].start;
    const resync: Resync = { old, from: j, delta };
    const list = this.split(text, lines, start, old.slice(0, keep), ctx, resync);
    return { list, keep, suffix: list.length - (n - resync.from), oldSuffix: resync.from };
  }

  /**
   * Splits and analyses from `start` on. With `resync`, stops at the first boundary that is an
   * unchanged old block's start, moves the old blocks from there on, and leaves their first
   * index in `resync.from` (the old length when there was none).
   */
  private split(text: string, lines: Lines, start: number, out: Placed[], ctx: DocumentContext, resync?: Resync): Placed[] {
    let pos = start;
    while (pos < text.length) {
      if (resync) {
        const { old, delta } = resync;
        while (resync.from < old.length && old[resync.from].start + delta < pos) this.spares.put(old[resync.from++].block);
        if (resync.from < old.length && old[resync.from].start + delta === pos) {
          for (let k = resync.from; k < old.length; k++) out.push(move(old[k], delta));
          return out;
        }
      }
      const placed = this.place(text, lines, pos, ctx);
      out.push(placed);
      pos = placed.next;
    }
    if (resync) {
      for (let k = resync.from; k < resync.old.length; k++) this.spares.put(resync.old[k].block);
      resync.from = resync.old.length;
    }
    return out;
  }

  /**
   * Splits and analyses a whole body into `out`, parsing runs of consecutive plain blocks in one call
   * (markdownScan `scanBlockRun`): the same blocks and results as `split`, for less parser set-up.
   */
  private *splitInRuns(text: string, lines: Lines, start: number, ctx: DocumentContext, out: Placed[]): Generator<AnalysisProgress, void, void> {
    let pos = start;
    // Blocks in a run are parsed without definitions (markdownScan `joinsRuns`).
    const runs = ctx.block.definitions === NO_DEFINITIONS;
    const closed = this.closed?.of(ctx.block);
    while (pos < text.length) {
      if (out.length > 0) yield { through: pos, analysis: () => analysisSoFar(text, ctx, out) };
      if (closed) {
        // A block a closed document left is taken as it is (`blockFor`), not parsed again in a run.
        const span = scanBlock(lines, pos);
        if (!span.raw && closed.has(text.slice(pos, span.contentEnd), ctx.block.definitions)) {
          const placed = this.place(text, lines, pos, ctx);
          out.push(placed);
          pos = placed.next;
          continue;
        }
      }
      const run = runs ? runFrom(lines, pos) : [];
      const scans = run.length > 1 ? scanBlockRun(text, run.map(({ start: from, span }) => ({ start: from, end: span.contentEnd }))) : [];
      // The blocks before the first that the run's parse carried on past its end are as their own parse gives them.
      let taken = 0;
      for (; taken < scans.length && !continuesInto(scans[taken].tail, text, run[taken].span.next); taken++) {
        const { start: from, span, text: blockText } = run[taken];
        const block = analyzeBlock(ownCopy(blockText), ctx.block, scans[taken]);
        moveBlock(block, from);
        out.push({ start: from, contentEnd: span.contentEnd, next: span.next, block });
        pos = span.next;
      }
      if (taken === run.length && taken > 1) continue;
      // A block that joins no run, or the one the run failed on (it may merge with the next): alone.
      const placed = this.place(text, lines, pos, ctx);
      out.push(placed);
      pos = placed.next;
    }
  }

  /** The block starting at `pos`, merged with what follows while its parse says it goes on. */
  private place(text: string, lines: Lines, pos: number, ctx: DocumentContext): Placed {
    let span = scanBlock(lines, pos);
    if (span.raw) return { start: pos, contentEnd: span.contentEnd, next: span.next, block: rawBlock() };
    for (;;) {
      const block = this.blockFor(text.slice(pos, span.contentEnd), ctx);
      if (!continuesInto(block.tail, text, span.next)) {
        moveBlock(block, pos);
        return { start: pos, contentEnd: span.contentEnd, next: span.next, block };
      }
      // The line scan split too early (a fence or list it could not see): go on from where the parse says.
      this.spares.put(block);
      const more = scanBlock(lines, span.next, resumeAfter(block.tail, span.state));
      span = { ...more, raw: false };
    }
  }

  /** The document is closed: its blocks go to the closed documents' pool, for a document that has them again. */
  close(): void {
    if (this.previous) this.closed?.put(this.previous.ctx.block, this.previous.blocks.map((placed) => placed.block));
    this.previous = undefined;
    this.spares.clear();
  }

  private blockFor(text: string, ctx: DocumentContext): BlockAnalysis {
    return this.spares.take(text, ctx.block.definitions) ?? this.closed?.of(ctx.block)?.take(text, ctx.block.definitions) ?? analyzeBlock(ownCopy(text), ctx.block);
  }

  /** Keeps the definition counts up to date with the blocks that left and came; true when the union changed. */
  private countDefinitions(blocks: Blocks, old: readonly Placed[], ctx: DocumentContext): boolean {
    let crossed = false;
    const add = (placed: Placed, by: number) => {
      for (const key of placed.block.definitions) {
        const count = (this.definitionCounts.get(key) ?? 0) + by;
        if (count === 0) this.definitionCounts.delete(key);
        else this.definitionCounts.set(key, count);
        if (count === 0 || count === by) crossed = true;
      }
    };
    for (let k = blocks.keep; k < blocks.oldSuffix; k++) add(old[k], -1);
    for (let k = blocks.keep; k < blocks.suffix; k++) add(blocks.list[k], 1);
    // Editing a block that makes a definition removes and adds it again: the union is the same.
    return crossed && definitionsOf(this.definitionCounts.keys()).key !== ctx.block.definitions.key;
  }

  /**
   * References resolve against the whole document's definitions: when they change, blocks
   * parsed with the old ones (those with brackets) are parsed again.
   */
  private settleDefinitions(blocks: Placed[], ctx: DocumentContext): void {
    const definitions = definitionsOf(this.definitionCounts.keys());
    if (definitions.key !== ctx.block.definitions.key) ctx.block = { ...ctx.block, definitions };
    for (const placed of blocks) {
      const key = placed.block.definitionsKey;
      if (key === undefined || key === definitions.key) continue;
      const block = analyzeBlock(placed.block.text, ctx.block);
      moveBlock(block, placed.start);
      placed.block = block;
    }
  }
}

/** The document as far as `placed` goes (AnalysisProgress). */
function analysisSoFar(text: string, ctx: DocumentContext, placed: readonly Placed[]): DocumentAnalysis {
  const { items } = assembleAll(ctx, placed);
  return {
    ruleset: ctx.ruleset,
    rulesetSource: ctx.rulesetSource,
    ...(ctx.frontMatter ? { frontMatter: ctx.frontMatter } : {}),
    ...(ctx.party ? { party: ctx.party } : {}),
    checks: items.checks,
    proseChecks: items.proseChecks,
    diagnostics: applySuppressions(text, ctx.bodyStart, items.diagnostics),
    headings: items.headings,
  };
}

/** An analyzer for a document's versions; `oneShot` for one version only (analyzeDocument), which skips what only later edits need. */
export function createIncrementalAnalyzer(oneShot = false): IncrementalAnalyzer {
  return new BlockAnalyzer(oneShot);
}

/** One incremental analyzer per open document, for the language server. */
export interface DocumentAnalyzers {
  analyze(text: string, options: AnalysisOptions, document: string): DocumentAnalysis;
  /** `analyze` in steps (IncrementalAnalyzer `analyzeInSteps`): nothing else may analyse the document until it is done. */
  analyzeInSteps(text: string, options: AnalysisOptions, document: string): Generator<AnalysisProgress, DocumentAnalysis, void>;
  /** The document was closed: drop what was kept for it (its blocks wait for a document that has them again). */
  forget(document: string): void;
}

export function createDocumentAnalyzers(): DocumentAnalyzers {
  const analyzers = new Map<string, BlockAnalyzer>();
  const closed = new ClosedBlocks();
  const analyzerOf = (document: string) => {
    let analyzer = analyzers.get(document);
    if (!analyzer) {
      analyzer = new BlockAnalyzer(false, closed);
      analyzers.set(document, analyzer);
    }
    return analyzer;
  };
  return {
    analyze: (text, options, document) => analyzerOf(document).analyze(text, options),
    analyzeInSteps: (text, options, document) => analyzerOf(document).analyzeInSteps(text, options),
    forget(document) {
      analyzers.get(document)?.close();
      analyzers.delete(document);
    },
  };
}
