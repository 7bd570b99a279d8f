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
import type { Ruleset } from '../engine/ruleset';
import {
  analyzeBlock,
  type BlockAnalysis,
  type BlockContext,
  codeBlock,
  definitionsOf,
  type Definitions,
  moveBlock,
  NO_DEFINITIONS,
  sortDiagnostics,
} from './blockAnalysis';
import { continuesInto, findFrontMatter, Lines, resumeAfter, scanBlock } from './blocks';
import { readFrontMatter, resolveSheets, unknownRulesetDiagnostic } from './frontMatter';
import type { Heading } from './markdownScan';
import { DEFAULT_RULESET_ID } from './rulesetProvider';
import { traitIndex } from './traitIndex';
import type { AnalysisDiagnostic, AnalysisOptions, AnalyzedCheck, DocumentAnalysis, FrontMatter, ProseCheck, RulesetProvider, TextRange } from './types';

export interface IncrementalAnalyzer {
  /**
   * The analysis of `text`, equal to `analyzeDocument(text, options)`. Reuses what it can of the
   * previous call's; the previous result must not be used after this call (objects are shared).
   */
  analyze(text: string, options: AnalysisOptions): DocumentAnalysis;
}

/** The byte-order mark and front matter: with the settings, what every block depends on. */
interface Head {
  text: string;
  /** Where the body (the blocks) starts. */
  bodyStart: number;
  frontMatter?: { range: TextRange; content: TextRange };
}

interface DocumentContext {
  head: string;
  locale: AnalysisOptions['locale'];
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
  return head;
}

function dictionaryKey(options: AnalysisOptions): string {
  return (options.dictionary ?? []).join('\n');
}

function sameInputs(ctx: DocumentContext, head: Head, options: AnalysisOptions): boolean {
  return (
    ctx.head === head.text &&
    ctx.locale === options.locale &&
    ctx.rulesets === options.rulesets &&
    ctx.defaultRuleset === options.defaultRuleset &&
    ctx.dictionary === dictionaryKey(options) &&
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
  const { locale } = options;
  const diagnostics: AnalysisDiagnostic[] = [];
  const raw = head.frontMatter ? readFrontMatter(text, head.frontMatter, locale) : undefined;
  if (raw) diagnostics.push(...raw.diagnostics);
  if (raw?.rulesetId && !options.rulesets.get(raw.rulesetId.value)) diagnostics.push(unknownRulesetDiagnostic(raw.rulesetId, options.rulesets, locale));
  const { ruleset, source } = chooseRuleset(options, raw?.rulesetId?.value);
  const index = traitIndex(ruleset, options.dictionary ?? []);
  const sheets = raw ? resolveSheets(raw, index, locale) : { sheets: [], diagnostics: [] };
  diagnostics.push(...sheets.diagnostics);
  const ctx: DocumentContext = {
    head: head.text,
    locale,
    rulesets: options.rulesets,
    defaultRuleset: options.defaultRuleset,
    dictionary: dictionaryKey(options),
    bodyStart: head.bodyStart,
    ruleset,
    rulesetSource: source,
    diagnostics: sortDiagnostics(diagnostics),
    block: {
      ruleset,
      index,
      locale,
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

class BlockAnalyzer implements IncrementalAnalyzer {
  private text = '';
  private context: DocumentContext | undefined;
  private blocks: Placed[] = [];
  private result: DocumentAnalysis | undefined;
  private readonly spares = new SpareBlocks();

  analyze(text: string, options: AnalysisOptions): DocumentAnalysis {
    const head = headOf(text);
    if (!this.context || !sameInputs(this.context, head, options)) {
      this.context = buildContext(text, head, options);
      this.blocks = [];
      this.result = undefined;
      this.spares.clear();
    } else if (this.result && text === this.text) {
      return this.result;
    }
    const ctx = this.context;
    const lines = new Lines(text);
    const firstStart = lines.skipBlank(ctx.bodyStart);
    const blocks = this.blocks.length > 0 ? this.update(text, lines, firstStart, ctx) : this.split(text, lines, firstStart, [], ctx);
    this.settleDefinitions(blocks, ctx);
    this.text = text;
    this.blocks = blocks;
    this.result = assemble(ctx, blocks);
    this.spares.trim(text.length + SPARE_SLACK);
    return this.result;
  }

  /** Reuses the unchanged blocks before and after the edit; splits the rest again. */
  private update(text: string, lines: Lines, firstStart: number, ctx: DocumentContext): Placed[] {
    const old = this.blocks;
    const oldText = this.text;
    const n = old.length;
    let i = 0;
    if (firstStart === old[0].start) while (i < n && sameSpan(old[i], oldText, text, 0)) i++;
    const delta = text.length - oldText.length;
    // The text before `prefixEnd` is the same in both versions; suffix blocks must start after it.
    const prefixEnd = i < n ? old[i].start : oldText.length;
    let j = n;
    while (j > i && old[j - 1].start + delta >= prefixEnd && sameSpan(old[j - 1], oldText, text, delta)) j--;
    // A block's end depends on the line after it, so the block before the first change is split again too.
    const keep = Math.max(0, i - 1);
    for (let k = keep; k < j; k++) this.spares.put(old[k].block);
    const start = i === 0 ? firstStart : old[keep].start;
    return this.split(text, lines, start, old.slice(0, keep), ctx, { old, from: j, delta });
  }

  /** Splits and analyses from `start` on; with `resync`, stops where an old block boundary is met and reuses the rest. */
  private split(text: string, lines: Lines, start: number, out: Placed[], ctx: DocumentContext, resync?: Resync): Placed[] {
    let pos = start;
    let m = resync?.from ?? 0;
    while (pos < text.length) {
      if (resync) {
        const { old, delta } = resync;
        while (m < old.length && old[m].start + delta < pos) this.spares.put(old[m++].block);
        if (m < old.length && old[m].start + delta === pos) {
          for (let k = m; k < old.length; k++) out.push(moved(old[k], delta));
          return out;
        }
      }
      const placed = this.place(text, lines, pos, ctx);
      out.push(placed);
      pos = placed.next;
    }
    if (resync) for (let k = m; k < resync.old.length; k++) this.spares.put(resync.old[k].block);
    return out;
  }

  /** The block starting at `pos`, merged with what follows while its parse says it goes on. */
  private place(text: string, lines: Lines, pos: number, ctx: DocumentContext): Placed {
    let span = scanBlock(lines, pos);
    if (span.pureFence) return { start: pos, contentEnd: span.contentEnd, next: span.next, block: codeBlock('') };
    for (;;) {
      const block = this.blockFor(text.slice(pos, span.contentEnd), ctx);
      if (!continuesInto(block.tail, text, span.next)) {
        moveBlock(block, pos);
        return { start: pos, contentEnd: span.contentEnd, next: span.next, block };
      }
      // The line scan split too early (a fence or list it could not see): go on from where the parse says.
      this.spares.put(block);
      const more = scanBlock(lines, span.next, resumeAfter(block.tail, span.state));
      span = { ...more, pureFence: false };
    }
  }

  private blockFor(text: string, ctx: DocumentContext): BlockAnalysis {
    return this.spares.take(text, ctx.block.definitions) ?? analyzeBlock(ownCopy(text), ctx.block);
  }

  /**
   * References resolve against the whole document's definitions: when they change, blocks
   * parsed with the old ones (those with brackets) are parsed again.
   */
  private settleDefinitions(blocks: Placed[], ctx: DocumentContext): void {
    const keys: string[] = [];
    for (const placed of blocks) for (const key of placed.block.definitions) keys.push(key);
    const definitions = keys.length === 0 ? NO_DEFINITIONS : definitionsOf(keys);
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

/** Whether an old block, with the blank lines after it, is unchanged at its place moved by `delta`. */
function sameSpan(block: Placed, oldText: string, text: string, delta: number): boolean {
  const start = block.start + delta;
  const end = block.next + delta;
  if (end > text.length || (block.next === oldText.length && end !== text.length)) return false;
  return text.slice(start, end) === oldText.slice(block.start, block.next);
}

function moved(placed: Placed, delta: number): Placed {
  const start = placed.start + delta;
  moveBlock(placed.block, start);
  return { start, contentEnd: placed.contentEnd + delta, next: placed.next + delta, block: placed.block };
}

/** The document's analysis from its blocks, in order; scenes are assigned across blocks. */
function assemble(ctx: DocumentContext, blocks: readonly Placed[]): DocumentAnalysis {
  const checks: AnalyzedCheck[] = [];
  const proseChecks: ProseCheck[] = [];
  const diagnostics: AnalysisDiagnostic[] = [...ctx.diagnostics];
  const headings: Heading[] = [];
  let scene: Heading | undefined;
  for (const { block } of blocks) {
    for (let k = 0; k < block.checks.length; k++) {
      const check = block.checks[k];
      const own = block.sceneIndex[k];
      setScene(check, own >= 0 ? block.headings[own] : scene);
      checks.push(check);
    }
    for (const d of block.diagnostics) diagnostics.push(d);
    for (const p of block.proseChecks) proseChecks.push(p);
    for (const h of block.headings) headings.push(h);
    if (block.headings.length > 0) scene = block.headings[block.headings.length - 1];
  }
  return {
    ruleset: ctx.ruleset,
    rulesetSource: ctx.rulesetSource,
    ...(ctx.frontMatter ? { frontMatter: ctx.frontMatter } : {}),
    checks,
    proseChecks,
    diagnostics,
    headings,
  };
}

function setScene(check: AnalyzedCheck, scene: Heading | undefined): void {
  if (scene) {
    if (check.scene !== scene) check.scene = scene;
  } else if (check.scene) {
    delete check.scene;
  }
}

export function createIncrementalAnalyzer(): IncrementalAnalyzer {
  return new BlockAnalyzer();
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
