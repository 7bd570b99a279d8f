import { type Diagnostic, DiagnosticSeverity, type DiagnosticRelatedInformation } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { AnalysisDiagnostic, DocumentAnalysis, Severity } from '../analysis/types';
import type { RollmarkSettings, SeveritySetting } from '../protocol';
import { toRange } from './convert';

export const DIAGNOSTIC_SOURCE = 'rollmark';

export const LSP_SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** The severity a diagnostic is shown with: the user's override, else the analysis' own (which knows the ruleset). */
export function effectiveSeverity(diagnostic: AnalysisDiagnostic, settings: RollmarkSettings): SeveritySetting {
  const override = settings.severity[diagnostic.code];
  if (override) return override;
  if (diagnostic.code === 'RM012') return settings.proseChecks;
  return diagnostic.severity;
}

/** What a diagnostic points at elsewhere: a line of this document, or another file of the workspace. */
export type FileUri = (file: string) => string | undefined;

export function toLspDiagnostic(document: TextDocument, diagnostic: AnalysisDiagnostic, severity: Severity, fileUri: FileUri): Diagnostic {
  const related: DiagnosticRelatedInformation[] = [];
  for (const info of diagnostic.related ?? []) {
    if (info.range) related.push({ location: { uri: document.uri, range: toRange(document, info.range) }, message: info.message });
    else if (info.file) {
      const uri = fileUri(info.file);
      if (uri) related.push({ location: { uri, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }, message: info.message });
    }
  }
  return {
    range: toRange(document, diagnostic.range),
    severity: LSP_SEVERITY[severity],
    code: diagnostic.code,
    source: DIAGNOSTIC_SOURCE,
    message: diagnostic.message,
    ...(related.length > 0 ? { relatedInformation: related } : {}),
  };
}

/** Every diagnostic of the analysis that the settings do not turn off, in LSP terms. */
export function provideDiagnostics(document: TextDocument, analysis: DocumentAnalysis, settings: RollmarkSettings, fileUri: FileUri): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const diagnostic of analysis.diagnostics) {
    const severity = effectiveSeverity(diagnostic, settings);
    if (severity === 'off') continue;
    out.push(toLspDiagnostic(document, diagnostic, severity, fileUri));
  }
  return out;
}
