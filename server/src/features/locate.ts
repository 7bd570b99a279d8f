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
