/**
 * The one way tests mark positions inside a test text: `⟦…⟧` around an expected range (markers
 * nest) and `⟦⟧` for a cursor or an empty range. «Сила + ⟦Атлетиканн⟧» is the text «Сила +
 * Атлетиканн» with the range of «Атлетиканн». `⟦` and `⟧` never occur in scenario text, whereas
 * `[[` does (array literals, YAML flow sequences, Markdown wiki links), so a marker can never be
 * mistaken for the text under test.
 */
import * as assert from 'node:assert/strict';
import type { TextRange } from '../../server/out/analysis/types';

const OPEN = '⟦';
const CLOSE = '⟧';

export interface MarkedText {
  /** The text with every marker removed. */
  text: string;
  /** The marked ranges as offsets into `text`, in the order their `⟦` appear. */
  ranges: TextRange[];
}

/** Reads every `⟦…⟧` out of `marked`; unbalanced markers are a bug in the test and fail it. */
export function parseMarkers(marked: string): MarkedText {
  let text = '';
  const ranges: TextRange[] = [];
  const open: { range: { start: number; end: number }; at: number }[] = [];
  for (let i = 0; i < marked.length; i++) {
    const ch = marked[i];
    if (ch === OPEN) {
      const range = { start: text.length, end: text.length };
      ranges.push(range);
      open.push({ range, at: i });
    } else if (ch === CLOSE) {
      const innermost = open.pop();
      if (innermost === undefined) assert.fail(`test bug: ${CLOSE} at ${i} closes no ${OPEN} in ${JSON.stringify(marked)}`);
      innermost.range.end = text.length;
    } else text += ch;
  }
  if (open.length > 0) assert.fail(`test bug: ${OPEN} at ${open[open.length - 1].at} is never closed in ${JSON.stringify(marked)}`);
  return { text, ranges };
}

/** The text and its only marked range; fails unless `marked` has exactly one. */
export function markedRange(marked: string): { text: string; range: TextRange } {
  const { text, ranges } = parseMarkers(marked);
  if (ranges.length !== 1) assert.fail(`test bug: expected exactly one ${OPEN}…${CLOSE}, found ${ranges.length}, in ${JSON.stringify(marked)}`);
  return { text, range: ranges[0] };
}

/** The text and the offsets of its cursors; fails if any marker is a range rather than a `⟦⟧`. */
export function markedCursors(marked: string): { text: string; offsets: number[] } {
  const { text, ranges } = parseMarkers(marked);
  const notCursor = ranges.find((r) => r.end !== r.start);
  if (notCursor) assert.fail(`test bug: expected only cursors ${OPEN}${CLOSE}, found a range ${JSON.stringify(text.slice(notCursor.start, notCursor.end))} in ${JSON.stringify(marked)}`);
  return { text, offsets: ranges.map((r) => r.start) };
}

/** The text and the offset of its only cursor `⟦⟧`; fails unless that is the only marker. */
export function markedCursor(marked: string): { text: string; offset: number } {
  const { text, offsets } = markedCursors(marked);
  if (offsets.length !== 1) assert.fail(`test bug: expected exactly one cursor ${OPEN}${CLOSE}, found ${offsets.length}, in ${JSON.stringify(marked)}`);
  return { text, offset: offsets[0] };
}
