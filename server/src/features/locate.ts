/** Finding what is under the cursor in an analysis. */
import type { AnalyzedCheck, DocumentAnalysis, ResolvedTerm, TextRange } from '../analysis/types';
import { contains } from './convert';

/**
 * The index of the check whose «…» contains the offset (its closing » included), or -1.
 * Checks are in document order, so a binary search keeps hovers instant in long scenarios.
 */
export function checkIndexAt(checks: readonly AnalyzedCheck[], offset: number): number {
  let low = 0;
  let high = checks.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const range = checks[mid].range;
    if (offset < range.start) high = mid - 1;
    else if (offset > range.end) low = mid + 1;
    else return mid;
  }
  return -1;
}

/**
 * The check a roll's arguments describe (protocol.ts `RollCheckArgs`): the one at the offset,
 * if no `text` is given or it still reads so; else, the check moved by an edit, the nearest one
 * with exactly that text (the same check as written: the same roll); else none.
 */
export function describedCheck(checks: readonly AnalyzedCheck[], offset: number, text?: string): AnalyzedCheck | undefined {
  const index = checkIndexAt(checks, offset);
  const here = index < 0 ? undefined : checks[index];
  if (text === undefined || here?.text === text) return here;
  let nearest: AnalyzedCheck | undefined;
  let distance = Infinity;
  for (const check of checks) {
    if (check.text !== text) continue;
    const d = Math.abs(check.range.start - offset);
    if (d < distance) {
      nearest = check;
      distance = d;
    }
  }
  return nearest;
}

export function checkAt(analysis: DocumentAnalysis, offset: number): AnalyzedCheck | undefined {
  const index = checkIndexAt(analysis.checks, offset);
  return index < 0 ? undefined : analysis.checks[index];
}

/** The resolved trait term of a check under the offset, if any. */
export function termAt(check: AnalyzedCheck, offset: number): ResolvedTerm | undefined {
  for (const side of check.sides) {
    for (const term of side.terms) if (contains(term.range, offset)) return term;
  }
  return undefined;
}

/** Checks whose range meets `range`, in document order. */
export function checksIn(analysis: DocumentAnalysis, range: TextRange): AnalyzedCheck[] {
  return analysis.checks.filter((c) => c.range.start <= range.end && range.start <= c.range.end);
}
