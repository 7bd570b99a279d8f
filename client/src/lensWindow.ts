/**
 * Which code lenses the editor gets: those near what it shows. VS Code moves every lens of a
 * document after each keystroke (one view zone per line with lenses), so a book with thousands
 * of checks would type slowly; the lenses a person can scroll to in a moment are enough, and the
 * window follows the view. Pure: the extension's wiring is in codeLensWindow.ts.
 */

/** Lines from `start` to `end`, both included (0-based, as VS Code counts them). */
export interface LineSpan {
  start: number;
  end: number;
}

/** Screens of lenses kept above and below what is shown. */
const SCREENS_AROUND = 3;
/** At least this many lines either side, for editors that show few lines (or lines that wrap a lot). */
const MIN_LINES_AROUND = 60;
/** The window is renewed when the view comes within this share of the margin of its edge. */
const RENEW_AT = 1 / 3;

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

function around(span: LineSpan, share: number): LineSpan {
  const margin = Math.round(Math.max(MIN_LINES_AROUND, SCREENS_AROUND * (span.end - span.start + 1)) * share);
  return { start: span.start - margin, end: span.end + margin };
}

/** The lines whose lenses the editors get: what each shows, and three screens either side. */
export function lensWindow(visible: readonly LineSpan[], lineCount: number): LineSpan[] {
  return merge(visible.map((span) => clamp(around(span, 1), lineCount)));
}

export function inWindow(window: readonly LineSpan[], line: number): boolean {
  return window.some((span) => span.start <= line && line <= span.end);
}

/**
 * Whether the lenses given for `window` still serve what is shown: every view is inside it with
 * a third of its margin to spare (or reaches the document's edge, where the window stops too).
 */
export function stillCovers(window: readonly LineSpan[], visible: readonly LineSpan[], lineCount: number): boolean {
  return visible.every((span) => {
    const needed = clamp(around(span, RENEW_AT), lineCount);
    return window.some((w) => w.start <= needed.start && needed.end <= w.end);
  });
}
