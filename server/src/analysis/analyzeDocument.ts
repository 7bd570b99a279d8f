import { createIncrementalAnalyzer } from './document/incrementalAnalysis';
import type { AnalysisOptions, DocumentAnalysis } from './types';

export { oddsFor } from './document/blockAnalysis';

/**
 * The whole analysis of one document version: ruleset, characters, checks with odds, prose
 * checks and every diagnostic, in document order. Pure and synchronous; never throws on input.
 *
 * Built on the same per-block machinery as the language server's incremental analysis
 * (incrementalAnalysis.ts), so that a one-shot analysis and an edited document's agree exactly.
 */
export function analyzeDocument(text: string, options: AnalysisOptions): DocumentAnalysis {
  return createIncrementalAnalyzer(true).analyze(text, options);
}
