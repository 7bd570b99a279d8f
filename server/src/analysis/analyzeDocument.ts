import { createIncrementalAnalyzer } from './document/incrementalAnalysis';
import { withPathDiagnostics } from './paths/pathDiagnostics';
import type { AnalysisOptions, DocumentAnalysis } from './types';

export { oddsFor } from './document/blockAnalysis';

/**
 * The whole analysis of one document version: ruleset, characters, checks with odds, prose
 * checks and every diagnostic, in document order. Pure and synchronous; never throws on input.
 *
 * Built on the same per-block machinery as the language server's incremental analysis
 * (incrementalAnalysis.ts), so that a one-shot analysis and an edited document's agree exactly;
 * the adventure's paths (RM016, paths/pathDiagnostics.ts) are read from the whole text after it,
 * as the language server does for each version (workspace/analyses.ts).
 */
export function analyzeDocument(text: string, options: AnalysisOptions): DocumentAnalysis {
  return withPathDiagnostics(text, createIncrementalAnalyzer(true).analyze(text, options));
}
