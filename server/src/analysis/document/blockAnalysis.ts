/**
 * The analysis of one top-level block (blocks.ts) on its own: its checks with odds, prose
 * checks, headings and diagnostics, computed from the block's text alone and the document's
 * context (ruleset, characters, dictionary, prose-check setting, link definitions).
 *
 * Offsets start relative to the block; a block that moves (an edit above it) keeps its result,
 * which blockRanges.ts shifts in place.
 */
import type { Ruleset } from '../../engine/ruleset';
import type { BlockTail } from '../markdown/blocks';
import { CLOSED } from '../markdown/blocks';
import { type MovableResult, ownedRanges } from './blockRanges';
import { type CheckSpan, checkSpans } from '../resolve/classifyCheck';
import { DEFAULT_SEVERITY, sameMessage } from '../diagnosticCatalog';
import { lazyCheck } from '../resolve/lazyCheck';
import { type BlockScan, definitionsText, scanBlockMarkdown } from '../markdown/markdownScan';
import { exceedsParseLimits, scanPlainBlock } from '../markdown/plainTextScan';
import { hasParty } from '../resolve/party';
import { findProseChecks } from '../prose/proseChecks';
import { resolveCheck } from '../resolve/resolveCheck';
import { type CleanCheck, knownCleanCheck, rememberCleanCheck } from '../resolve/cleanChecks';
import type { CheckExpression } from '../check/checkExpression';
import type { TraitIndex } from '../resolve/traitIndex';
import type { AnalysisDiagnostic, AnalyzedCheck, CharacterSheet, TextRange } from '../types';

export { oddsFor } from '../resolve/lazyCheck';

/** The link and footnote definitions of the whole document, as the blocks' parses need them. */
export interface Definitions {
  /** Sorted keys, joined: equal keys, equal parses. */
  key: string;
  /** What a block that may hold references is parsed with (markdownScan `definitionsText`). */
  text: string;
}

export const NO_DEFINITIONS: Definitions = { key: '', text: '' };

export function definitionsOf(keys: Iterable<string>): Definitions {
  const sorted = [...new Set(keys)].sort();
  return sorted.length === 0 ? NO_DEFINITIONS : { key: sorted.join('\n'), text: definitionsText(sorted) };
}

/** What every block of a document is analysed against. Equal contexts give equal block results. */
export interface BlockContext {
  ruleset: Ruleset;
  index: TraitIndex;
  characters: readonly CharacterSheet[];
  proseChecks: boolean;
  /** Ranges owned by the front matter (character sheets): results point at them, moving a block never moves them. */
  fixedRanges: ReadonlySet<TextRange>;
  definitions: Definitions;
}

export interface BlockAnalysis extends MovableResult {
  /** The block's own copy of its text: results slice it, and it must not keep a whole old document alive. */
  readonly text: string;
  /**
   * For each check, the index of the block's own heading above it, or −1 when the scene comes
   * from earlier blocks; empty when the block has no heading (all −1).
   */
  sceneIndex: number[];
  tail: BlockTail;
  /** Definitions the block makes. */
  definitions: string[];
  /** The definitions key the block was parsed with, when its parse depends on them (it may hold references). */
  definitionsKey: string | undefined;
}

export function sameDiagnostic(a: AnalysisDiagnostic, b: AnalysisDiagnostic): boolean {
  return a.code === b.code && a.range.start === b.range.start && a.range.end === b.range.end && sameMessage(a.message, b.message);
}

/** Sorted by range, stable (equal ranges keep their order), duplicates dropped: the order the document reports. */
export function sortDiagnostics(diagnostics: AnalysisDiagnostic[]): AnalysisDiagnostic[] {
  diagnostics.sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end);
  // YAML can report two errors on one line; the author needs to read it once.
  return diagnostics.filter((d, i) => i === 0 || !sameDiagnostic(d, diagnostics[i - 1]));
}

function unclosedGuillemet(span: CheckSpan): AnalysisDiagnostic {
  return {
    code: 'RM009',
    severity: DEFAULT_SEVERITY.RM009,
    message: { id: 'unclosedGuillemet' },
    range: { start: span.open, end: span.open + 1 },
    fixes: [{ title: { id: 'closeGuillemet' }, edits: [{ range: { start: span.contentEnd, end: span.contentEnd }, newText: '»' }], preferred: true }],
  };
}

/**
 * A long book has tens of thousands of blocks, most with no checks, diagnostics or headings:
 * they share one empty list, and the others keep lists of their exact length (a list grown
 * by `push` keeps spare room). Block lists are never changed after the analysis.
 */
const NONE: never[] = [];

function compact<T>(list: T[]): T[] {
  return list.length === 0 ? NONE : list.slice();
}

/** A block's references can only resolve against definitions if it has brackets at all. */
function mayReference(text: string): boolean {
  return text.includes('[') && text.includes(']');
}

/**
 * The analysis of one block's text (relative offsets). Pure given the context; never throws on
 * input. `scan`: the block's scan from a run of blocks parsed together while `ctx` has no
 * definitions (markdownScan `scanBlockRun`), which is what the block's own parse would give.
 */
export function analyzeBlock(text: string, ctx: BlockContext, scan?: BlockScan): BlockAnalysis {
  if (scan) return analyzeScan(text, scan, ctx, mayReference(text));
  // A block past the parse limits is read as plain text: it has no references to resolve.
  const plain = exceedsParseLimits(text);
  const dependent = !plain && mayReference(text);
  return analyzeScan(text, plain ? scanPlainBlock(text) : scanBlockMarkdown(text, dependent ? ctx.definitions.text : ''), ctx, dependent);
}

/** Resolves a check, adds its diagnostics to `diagnostics`, and remembers it when it has none. */
function resolveAndReport(ast: CheckExpression, content: string, ctx: BlockContext, diagnostics: AnalysisDiagnostic[]): CleanCheck {
  const resolved = resolveCheck(ast, content, ctx);
  const check: CleanCheck = { spec: resolved.spec, actor: resolved.actor, party: hasParty(ast, resolved, ctx.characters) };
  if (resolved.diagnostics.length === 0) rememberCleanCheck(ctx, content, check);
  else diagnostics.push(...resolved.diagnostics);
  return check;
}

function analyzeScan(text: string, scan: BlockScan, ctx: BlockContext, dependent: boolean): BlockAnalysis {
  const { index } = ctx;
  const diagnostics: AnalysisDiagnostic[] = [];
  const checks: AnalyzedCheck[] = [];
  const sceneIndex: number[] = [];
  const proseSegments: TextRange[] = [];
  let headingAt = 0;
  for (const range of scan.prose) {
    let proseFrom = range.start;
    for (const span of checkSpans(text, range, index, ctx.characters)) {
      const { ast } = span;
      const content = text.slice(span.open + 1, span.contentEnd);
      if (proseFrom < span.open) proseSegments.push({ start: proseFrom, end: span.open });
      const end = span.close >= 0 ? span.close + 1 : span.contentEnd;
      proseFrom = end;
      if (span.close < 0) {
        diagnostics.push(unclosedGuillemet(span));
        continue;
      }
      const { spec, actor, party } = knownCleanCheck(ctx, content) ?? resolveAndReport(ast, content, ctx, diagnostics);
      while (headingAt < scan.headings.length && scan.headings[headingAt].range.start < span.open) headingAt++;
      sceneIndex.push(headingAt - 1);
      checks.push(lazyCheck({ start: span.open, end }, ast.range, text.slice(span.open, end), ctx, spec, actor, party));
    }
    if (proseFrom < range.end) proseSegments.push({ start: proseFrom, end: range.end });
  }
  const prose = ctx.proseChecks ? findProseChecks(text, proseSegments, index, ctx.characters) : { checks: [], diagnostics: [] };
  diagnostics.push(...prose.diagnostics);
  const block: BlockAnalysis = {
    ranges: NONE,
    text,
    base: 0,
    checks: compact(checks),
    // Without a heading in the block every check takes its scene from before it.
    sceneIndex: scan.headings.length === 0 ? NONE : compact(sceneIndex),
    diagnostics: compact(sortDiagnostics(diagnostics)),
    proseChecks: compact(prose.checks),
    headings: compact(scan.headings),
    tail: scan.tail,
    definitions: compact(scan.definitions),
    definitionsKey: dependent ? ctx.definitions.key : undefined,
  };
  block.ranges = compact(ownedRanges(block, ctx.fixedRanges));
  return block;
}

/**
 * A block that is one fenced code block or HTML comment (blocks.ts, `raw`): never prose, nothing
 * to parse. Without a text it is never kept as a spare: making one again costs nothing.
 */
export function rawBlock(): BlockAnalysis {
  return { ranges: NONE, text: '', base: 0, checks: NONE, sceneIndex: NONE, diagnostics: NONE, proseChecks: NONE, headings: NONE, tail: CLOSED, definitions: NONE, definitionsKey: undefined };
}

/** The scene index of a block's check `c` (see `sceneIndex`). */
export function ownScene(block: BlockAnalysis, c: number): number {
  return block.headings.length === 0 ? -1 : block.sceneIndex[c];
}
