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
 */
import type { Ruleset } from '../../engine/ruleset';
import {
  analyzeBlock,
  type BlockAnalysis,
  type BlockContext,
  definitionsOf,
  type Definitions,
  NO_DEFINITIONS,
  ownScene,
  rawBlock,
  sortDiagnostics,
} from './blockAnalysis';
import { moveBlock, relocateRanges } from './blockRanges';
import { type BlockSpan, continuesInto, findFrontMatter, Lines, resumeAfter, scanBlock, unclosedFrontMatter } from '../markdown/blocks';
import { DEFAULT_SEVERITY } from '../diagnosticCatalog';
import { readFrontMatter, resolveSheets, unknownRulesetDiagnostic } from '../project/frontMatter';
import { type Heading, joinsRuns, RUN_CHARS, scanBlockRun } from '../markdown/markdownScan';
import { exceedsParseLimits } from '../markdown/plainTextScan';
import { DEFAULT_RULESET_ID } from '../project/rulesetProvider';
import { dictionaryKey, traitIndex } from '../resolve/traitIndex';
import type { AnalysisDiagnostic, AnalysisOptions, AnalyzedCheck, DocumentAnalysis, FrontMatter, ProseCheck, RulesetProvider, TextRange } from '../types';

export interface IncrementalAnalyzer {
  /**
   * The analysis of `text`, equal to `analyzeDocument(text, options)`. Reuses what it can of the
   * previous call's; the previous result must not be used after this call (objects are shared).
   */
  analyze(text: string, options: AnalysisOptions): DocumentAnalysis;
}

/** The byte-order mark and front matter: with the settings, what every block depends on. */
interface Head {
  /** What the blocks depend on: the BOM and front matter as written, or the unclosed fence's range. */
  text: string;
  /** Where the body (the blocks) starts. */
  bodyStart: number;
  frontMatter?: { range: TextRange; content: TextRange };
  /** An opening fence never closed, above keys Rollmark reads (RM011). */
  unclosed?: TextRange;
}

interface DocumentContext {
  head: string;
  rulesets: RulesetProvider;
  defaultRuleset: string | undefined;
  dictionary: string;
  bodyStart: number;
  ruleset: Ruleset;
  rulesetSource: DocumentAnalysis['rulesetSource'];
  frontMatter?: FrontMatter;
  /** The front matter's diagnostics, sorted: they come before every block's. */
  diagnostics: AnalysisDiagnostic[];
  block: BlockContext;
}

/** A block at its place in the current text. */
interface Placed {
  start: number;
  contentEnd: number;
  /** The next block's start: the block's span includes the blank lines after it. */
  next: number;
  block: BlockAnalysis;
}

const BOM = 0xfeff;
/** Characters of dropped blocks kept for reuse beyond the document's own length. */
const SPARE_SLACK = 1 << 20;

function headOf(text: string): Head {
  const bom = text.charCodeAt(0) === BOM ? 1 : 0;
  const frontMatter = findFrontMatter(text, bom);
  const bodyStart = frontMatter ? frontMatter.end : bom;
  const head: Head = { text: text.slice(0, bodyStart), bodyStart };
  if (frontMatter) head.frontMatter = { range: frontMatter.range, content: frontMatter.content };
  const unclosed = frontMatter ? undefined : unclosedFrontMatter(text, bom);
  if (unclosed) {
    head.unclosed = unclosed;
    // The body is not part of the head, so the finding must be: closing the block changes the context.
    head.text += `\u0000unclosed:${unclosed.end}`;
  }
  return head;
}

function dictionaryKeyOf(options: AnalysisOptions): string {
  return dictionaryKey(options.dictionary ?? []);
}

function sameInputs(ctx: DocumentContext, head: Head, options: AnalysisOptions): boolean {
  return (
    ctx.head === head.text &&
    ctx.rulesets === options.rulesets &&
    ctx.defaultRuleset === options.defaultRuleset &&
    ctx.dictionary === dictionaryKeyOf(options) &&
    ctx.block.proseChecks === (options.proseChecks !== 'off')
  );
}

function chooseRuleset(options: AnalysisOptions, fromFrontMatter: string | undefined): { ruleset: Ruleset; source: DocumentAnalysis['rulesetSource'] } {
  const own = fromFrontMatter ? options.rulesets.get(fromFrontMatter) : undefined;
  if (own) return { ruleset: own, source: 'front-matter' };
  const setting = options.defaultRuleset ? options.rulesets.get(options.defaultRuleset) : undefined;
  if (setting) return { ruleset: setting, source: 'setting' };
  const fallback = options.rulesets.get(DEFAULT_RULESET_ID);
  if (!fallback) throw new Error(`the default ruleset ${DEFAULT_RULESET_ID} is missing`);
  return { ruleset: fallback, source: 'default' };
}

/** The front matter's part of the analysis: ruleset, characters, and its own diagnostics. */
function buildContext(text: string, head: Head, options: AnalysisOptions): DocumentContext {
  const diagnostics: AnalysisDiagnostic[] = [];
  const raw = head.frontMatter ? readFrontMatter(text, head.frontMatter) : undefined;
  if (raw) diagnostics.push(...raw.diagnostics);
  if (head.unclosed) diagnostics.push({ code: 'RM011', severity: DEFAULT_SEVERITY.RM011, message: { id: 'unclosedFrontMatter' }, range: head.unclosed, fixes: [] });
  if (raw?.rulesetId && !options.rulesets.get(raw.rulesetId.value)) diagnostics.push(unknownRulesetDiagnostic(raw.rulesetId, options.rulesets));
  const { ruleset, source } = chooseRuleset(options, raw?.rulesetId?.value);
  const index = traitIndex(ruleset, options.dictionary ?? []);
  const sheets = raw ? resolveSheets(raw, index) : { sheets: [], diagnostics: [] };
  diagnostics.push(...sheets.diagnostics);
  const ctx: DocumentContext = {
    head: head.text,
    rulesets: options.rulesets,
    defaultRuleset: options.defaultRuleset,
    dictionary: dictionaryKeyOf(options),
    bodyStart: head.bodyStart,
    ruleset,
    rulesetSource: source,
    diagnostics: sortDiagnostics(diagnostics),
    block: {
      ruleset,
      index,
      characters: sheets.sheets,
      proseChecks: options.proseChecks !== 'off',
      fixedRanges: new Set(sheets.sheets.map((sheet) => sheet.range)),
      definitions: NO_DEFINITIONS,
    },
  };
  if (raw) ctx.frontMatter = { range: raw.range, ...(raw.rulesetId ? { rulesetId: raw.rulesetId } : {}), characters: sheets.sheets };
  return ctx;
}

/**
 * Contexts by head and settings, for documents analysed one after another: a campaign's
 * chapters often share one front matter (the party's sheets), and reading it (YAML) was a tenth
 * of checking them. Keyed by the rulesets object, then the settings and the head's text, on which
 * alone a context depends (`sameInputs`); each analyzer gets its own copy of the mutable part.
 */
const recentContexts = new WeakMap<RulesetProvider, Map<string, DocumentContext>>();
const RECENT_CONTEXTS = 16;

function contextFor(text: string, head: Head, options: AnalysisOptions): DocumentContext {
  let recent = recentContexts.get(options.rulesets);
  if (!recent) {
    recent = new Map();
    recentContexts.set(options.rulesets, recent);
  }
  const key = [options.defaultRuleset ?? '', options.proseChecks ?? '', dictionaryKeyOf(options), head.text].join('\u0000');
  let shared = recent.get(key);
  if (!shared) {
    if (recent.size >= RECENT_CONTEXTS) recent.clear();
    // Read from a copy of the head: what the context keeps (names, values, the head) must not keep the document alive.
    shared = buildContext(ownCopy(text.slice(0, head.bodyStart)), { ...head, text: ownCopy(head.text) }, options);
    recent.set(key, shared);
  }
  // `block` is replaced when the document's definitions change (settleDefinitions): never in the shared one.
  return { ...shared, block: { ...shared.block } };
}

/**
 * A copy of a block's text that does not share memory with the document: results keep slices
 * of it (a check's text, heading titles), and a slice of the document would keep every old
 * version of a long document alive for as long as one of its blocks is reused.
 */
function ownCopy(text: string): string {
  // Concatenation then slice makes V8 flatten into a new string of the block's size.
  return ` ${text}`.slice(1);
}

/** Results of blocks that dropped out of the document, by text, oldest first; bounded in size. */
class SpareBlocks {
  private readonly byText = new Map<string, BlockAnalysis[]>();
  private size = 0;

  put(block: BlockAnalysis): void {
    if (block.text === '') return;
    const list = this.byText.get(block.text);
    if (list) list.push(block);
    else this.byText.set(block.text, [block]);
    this.size += block.text.length;
  }

  /** A result for this text valid under `definitions`, removed from the pool. */
  take(text: string, definitions: Definitions): BlockAnalysis | undefined {
    const list = this.byText.get(text);
    if (!list) return undefined;
    const at = list.findIndex((b) => b.definitionsKey === undefined || b.definitionsKey === definitions.key);
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
}

/** The old blocks after an edit that may be reused moved by `delta`, from index `from` on. */
interface Resync {
  old: Placed[];
  from: number;
  delta: number;
}

/** A new block list: [0, keep) are the old list's first blocks, [suffix, end) old blocks from `oldSuffix` on, moved. */
interface Blocks {
  list: Placed[];
  keep: number;
  suffix: number;
  oldSuffix: number;
}

/** Item kinds of a result, each in block order. */
interface Items {
  checks: AnalyzedCheck[];
  diagnostics: AnalysisDiagnostic[];
  proseChecks: ProseCheck[];
  headings: Heading[];
}

type Kind = keyof Items;
const KINDS: readonly Kind[] = ['checks', 'diagnostics', 'proseChecks', 'headings'];

/** For each kind, how many items come before block k (k = 0…n): where a block's items are in the result. */
type Offsets = Record<Kind, Int32Array>;

/** What an analysis leaves for the next one. */
interface Previous {
  text: string;
  ctx: DocumentContext;
  blocks: Placed[];
  items: Items;
  offsets: Offsets;
  result: DocumentAnalysis;
}

class BlockAnalyzer implements IncrementalAnalyzer {
  /** `oneShot`: no edit will follow (analyzeDocument), so the ranges are not laid out for moving. */
  constructor(private readonly oneShot = false) {}

  private previous: Previous | undefined;
  private readonly spares = new SpareBlocks();
  /** How many blocks make each definition: the union changes only when a count goes to or from zero. */
  private readonly definitionCounts = new Map<string, number>();

  analyze(text: string, options: AnalysisOptions): DocumentAnalysis {
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
    const blocks = previous && previous.blocks.length > 0 ? this.update(text, lines, firstStart, ctx, previous) : this.fresh(text, lines, firstStart, ctx);
    const definitionsChanged = this.countDefinitions(blocks, previous?.blocks ?? [], ctx);
    if (definitionsChanged) this.settleDefinitions(blocks.list, ctx);
    const reuse = previous && !definitionsChanged ? previous : undefined;
    const { items, offsets } = reuse ? assembleAfterEdit(blocks, reuse) : assembleAll(ctx, blocks.list);
    const result: DocumentAnalysis = {
      ruleset: ctx.ruleset,
      rulesetSource: ctx.rulesetSource,
      ...(ctx.frontMatter ? { frontMatter: ctx.frontMatter } : {}),
      checks: items.checks,
      proseChecks: items.proseChecks,
      diagnostics: items.diagnostics,
      headings: items.headings,
    };
    this.previous = { text, ctx, blocks: blocks.list, items, offsets, result };
    this.spares.trim(text.length + SPARE_SLACK);
    return result;
  }

  private fresh(text: string, lines: Lines, firstStart: number, ctx: DocumentContext): Blocks {
    const list = this.splitInRuns(text, lines, firstStart, ctx);
    if (!this.oneShot) relocateRanges(list.map((placed) => placed.block));
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
   * Splits and analyses a whole body, parsing runs of consecutive plain blocks in one call
   * (markdownScan `scanBlockRun`): the same blocks and results as `split`, for less parser set-up.
   */
  private splitInRuns(text: string, lines: Lines, start: number, ctx: DocumentContext): Placed[] {
    const out: Placed[] = [];
    let pos = start;
    // Blocks in a run are parsed without definitions (markdownScan `joinsRuns`).
    const runs = ctx.block.definitions === NO_DEFINITIONS;
    while (pos < text.length) {
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
    return out;
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

  private blockFor(text: string, ctx: DocumentContext): BlockAnalysis {
    return this.spares.take(text, ctx.block.definitions) ?? analyzeBlock(ownCopy(text), ctx.block);
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
function sameSpans(old: readonly Placed[], oldText: string, text: string, from: number, to: number, delta: number): boolean {
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
function unchangedBefore(n: number, same: (from: number, to: number) => boolean): number {
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
function unchangedFrom(min: number, n: number, same: (from: number, to: number) => boolean): number {
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
function move(placed: Placed, delta: number): Placed {
  if (delta !== 0) {
    placed.start += delta;
    placed.contentEnd += delta;
    placed.next += delta;
    moveBlock(placed.block, placed.start);
  }
  return placed;
}

function emptyItems(ctx: DocumentContext): Items {
  return { checks: [], diagnostics: [...ctx.diagnostics], proseChecks: [], headings: [] };
}

/** Appends blocks' items; `scene` is the heading before the first block. Fills `offsets` from `at` on. */
function appendBlocks(items: Items, blocks: readonly Placed[], from: number, to: number, scene: Heading | undefined, offsets: Offsets): Heading | undefined {
  let current = scene;
  for (let k = from; k < to; k++) {
    const { block } = blocks[k];
    for (const kind of KINDS) offsets[kind][k] = items[kind].length;
    for (let c = 0; c < block.checks.length; c++) {
      const check = block.checks[c];
      const own = ownScene(block, c);
      setScene(check, own >= 0 ? block.headings[own] : current);
      items.checks.push(check);
    }
    for (const d of block.diagnostics) items.diagnostics.push(d);
    for (const p of block.proseChecks) items.proseChecks.push(p);
    for (const h of block.headings) items.headings.push(h);
    if (block.headings.length > 0) current = block.headings[block.headings.length - 1];
  }
  return current;
}

function newOffsets(n: number): Offsets {
  return { checks: new Int32Array(n + 1), diagnostics: new Int32Array(n + 1), proseChecks: new Int32Array(n + 1), headings: new Int32Array(n + 1) };
}

/** The document's items from all its blocks, in order; scenes are assigned across blocks. */
function assembleAll(ctx: DocumentContext, blocks: readonly Placed[]): { items: Items; offsets: Offsets } {
  const items = emptyItems(ctx);
  const offsets = newOffsets(blocks.length);
  appendBlocks(items, blocks, 0, blocks.length, undefined, offsets);
  for (const kind of KINDS) offsets[kind][blocks.length] = items[kind].length;
  return { items, offsets };
}

/**
 * The items after an edit: the unchanged blocks' items are copied from the previous result
 * in bulk (the same objects, already moved), only the blocks in between are walked, and the
 * scenes of the checks after them are set again up to the next heading.
 */
function assembleAfterEdit(blocks: Blocks, previous: Previous): { items: Items; offsets: Offsets } {
  const { list, keep, suffix, oldSuffix } = blocks;
  const old = previous.offsets;
  const was = previous.items;
  const offsets = newOffsets(list.length);
  for (const kind of KINDS) offsets[kind].set(old[kind].subarray(0, keep + 1));
  const items: Items = {
    checks: was.checks.slice(0, old.checks[keep]),
    diagnostics: was.diagnostics.slice(0, old.diagnostics[keep]),
    proseChecks: was.proseChecks.slice(0, old.proseChecks[keep]),
    headings: was.headings.slice(0, old.headings[keep]),
  };
  const scene = appendBlocks(items, list, keep, suffix, lastHeading(items.headings), offsets);
  for (const kind of KINDS) {
    const shift = items[kind].length - old[kind][oldSuffix];
    for (let k = 0; suffix + k <= list.length; k++) offsets[kind][suffix + k] = old[kind][oldSuffix + k] + shift;
  }
  const tails: Items = {
    checks: items.checks.concat(was.checks.slice(old.checks[oldSuffix])),
    diagnostics: items.diagnostics.concat(was.diagnostics.slice(old.diagnostics[oldSuffix])),
    proseChecks: items.proseChecks.concat(was.proseChecks.slice(old.proseChecks[oldSuffix])),
    headings: items.headings.concat(was.headings.slice(old.headings[oldSuffix])),
  };
  rescene(list, suffix, scene);
  return { items: tails, offsets };
}

function lastHeading(headings: readonly Heading[]): Heading | undefined {
  return headings.length > 0 ? headings[headings.length - 1] : undefined;
}

/** Checks of the moved blocks up to the first heading take their scene from before them, which the edit may have changed. */
function rescene(blocks: readonly Placed[], from: number, scene: Heading | undefined): void {
  for (let k = from; k < blocks.length; k++) {
    const { block } = blocks[k];
    for (let c = 0; c < block.checks.length; c++) if (ownScene(block, c) < 0) setScene(block.checks[c], scene);
    if (block.headings.length > 0) return;
  }
}

function setScene(check: AnalyzedCheck, scene: Heading | undefined): void {
  if (scene) {
    if (check.scene !== scene) check.scene = scene;
  } else if (check.scene) {
    delete check.scene;
  }
}

/** An analyzer for a document's versions; `oneShot` for one version only (analyzeDocument), which skips what only later edits need. */
export function createIncrementalAnalyzer(oneShot = false): IncrementalAnalyzer {
  return new BlockAnalyzer(oneShot);
}

/** One incremental analyzer per open document, for the language server. */
export interface DocumentAnalyzers {
  analyze(text: string, options: AnalysisOptions, document: string): DocumentAnalysis;
  /** The document was closed: drop what was kept for it. */
  forget(document: string): void;
}

export function createDocumentAnalyzers(): DocumentAnalyzers {
  const analyzers = new Map<string, IncrementalAnalyzer>();
  return {
    analyze(text, options, document) {
      let analyzer = analyzers.get(document);
      if (!analyzer) {
        analyzer = createIncrementalAnalyzer();
        analyzers.set(document, analyzer);
      }
      return analyzer.analyze(text, options);
    },
    forget(document) {
      analyzers.delete(document);
    },
  };
}
