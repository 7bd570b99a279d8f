/**
 * A document's items (checks, diagnostics, prose checks, headings) gathered from its blocks in
 * order (incrementalAnalysis.ts), scenes assigned across blocks; after an edit, the unchanged
 * blocks' items are copied from the previous result in bulk.
 */
import { ownScene } from './blockAnalysis';
import type { Heading } from '../markdown/markdownScan';
import type { Blocks, Placed } from './blockReuse';
import type { DocumentContext } from './documentContext';
import type { AnalysisDiagnostic, AnalyzedCheck, ProseCheck } from '../types';

/** Item kinds of a result, each in block order. */
export interface Items {
  checks: AnalyzedCheck[];
  diagnostics: AnalysisDiagnostic[];
  proseChecks: ProseCheck[];
  headings: Heading[];
}

type Kind = keyof Items;
const KINDS: readonly Kind[] = ['checks', 'diagnostics', 'proseChecks', 'headings'];

/** For each kind, how many items come before block k (k = 0…n): where a block's items are in the result. */
export type Offsets = Record<Kind, Int32Array>;

/** A result's items and where each block's are. */
export interface Assembled {
  items: Items;
  offsets: Offsets;
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
export function assembleAll(ctx: DocumentContext, blocks: readonly Placed[]): Assembled {
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
export function assembleAfterEdit(blocks: Blocks, previous: Assembled): Assembled {
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

