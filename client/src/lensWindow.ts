/**
 * Which code lenses the editor gets: those on the lines it shows and a few around them. VS Code
 * lays out every code lens line of a document after each keystroke (a view zone and a widget per
 * line with lenses), so the more lens lines it holds, the slower each keystroke: in a book with
 * thousands of checks, typing would lag behind. The window takes the lens lines on screen, then
 * those nearest above and below, up to {@link MAX_LENS_LINES} lines with lenses in all and at most
 * three screens either side: in a scenario with a check every few paragraphs that is screens of
 * text, in the densest book a few lines more than are shown. The window follows the view.
 * Pure: the extension's wiring is in codeLensWindow.ts.
 */

/** Lines from `start` to `end`, both included (0-based, as VS Code counts them). */
export interface LineSpan {
  start: number;
  end: number;
}

/** The most lines with lenses one view's window holds (those on screen count, even past it). */
export const MAX_LENS_LINES = 12;
/** Screens of text the window reaches above and below at most. */
const SCREENS_AROUND = 3;
/** At least this many lines either side (a paragraph is one line, and a screen shows few). */
const MIN_LINES_AROUND = 60;

function clamp(span: LineSpan, lineCount: number): LineSpan {
  return { start: Math.max(0, span.start), end: Math.min(lineCount - 1, span.end) };
}

function merge(spans: readonly LineSpan[]): LineSpan[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const merged: LineSpan[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end + 1) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** The index of the first line of `lines` (sorted) at or after `line`. */
function firstAtOrAfter(lines: readonly number[], line: number): number {
  let low = 0;
  let high = lines.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (lines[middle] < line) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * One view's window: the lines it shows, widened line by line to the nearest lens lines above
 * and below, alternately, while the window holds fewer than {@link MAX_LENS_LINES} of them and
 * stays within three screens (at least 60 lines) either side.
 */
function viewWindow(view: LineSpan, lensLines: readonly number[], lineCount: number): LineSpan {
  const reach = Math.max(MIN_LINES_AROUND, SCREENS_AROUND * (view.end - view.start + 1));
  const limit = clamp({ start: view.start - reach, end: view.end + reach }, lineCount);
  const first = firstAtOrAfter(lensLines, view.start);
  const after = firstAtOrAfter(lensLines, view.end + 1);
  let count = after - first;
  let above = first - 1;
  let below = after;
  const window = { start: view.start, end: view.end };
  let grew = true;
  while (count < MAX_LENS_LINES && grew) {
    grew = false;
    if (above >= 0 && lensLines[above] >= limit.start) {
      window.start = lensLines[above--];
      count++;
      grew = true;
    }
    if (count < MAX_LENS_LINES && below < lensLines.length && lensLines[below] <= limit.end) {
      window.end = lensLines[below++];
      count++;
      grew = true;
    }
  }
  // No more lenses within reach on a side: the window takes the whole reach there, so that the view can go that far.
  if (above < 0 || lensLines[above] < limit.start) window.start = limit.start;
  if (below >= lensLines.length || lensLines[below] > limit.end) window.end = limit.end;
  return clamp(window, lineCount);
}

/**
 * The lines whose lenses the editors get, for the views (`visible`) of a document with lenses on
 * `lensLines` (sorted, each once).
 */
export function lensWindow(visible: readonly LineSpan[], lensLines: readonly number[], lineCount: number): LineSpan[] {
  return merge(visible.map((view) => viewWindow(clamp(view, lineCount), lensLines, lineCount)));
}

export function inWindow(window: readonly LineSpan[], line: number): boolean {
  return window.some((span) => span.start <= line && line <= span.end);
}

/**
 * Whether the lenses given for `window` still serve what is shown: every view is inside it, with
 * a third of its own height to spare towards each side (or the window reaches the document's
 * edge there).
 */
export function stillCovers(window: readonly LineSpan[], visible: readonly LineSpan[], lineCount: number): boolean {
  return visible.every((view) => {
    const spare = Math.ceil((view.end - view.start + 1) / 3);
    const needed = clamp({ start: view.start - spare, end: view.end + spare }, lineCount);
    return window.some((w) => w.start <= needed.start && needed.end <= w.end);
  });
}
