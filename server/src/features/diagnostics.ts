import { type Diagnostic, DiagnosticSeverity, type DiagnosticRelatedInformation } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { FileRefusal } from '../analysis/project/fileRefusal';
import type { AnalysisDiagnostic, DocumentAnalysis, Severity } from '../analysis/types';
import type { Locale } from '../present/locale';
import { diagnosticMessage, relatedMessage } from '../present/messages';
import { refusalReason } from '../present/refusals';
import { type Voice, voice } from '../present/voice';
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

export function toLspDiagnostic(document: TextDocument, diagnostic: AnalysisDiagnostic, severity: Severity, fileUri: FileUri, v: Voice): Diagnostic {
  const related: DiagnosticRelatedInformation[] = [];
  for (const info of diagnostic.related ?? []) {
    if (info.range) related.push({ location: { uri: document.uri, range: toRange(document, info.range) }, message: relatedMessage(info.message, v) });
    else if (info.file) {
      const uri = fileUri(info.file);
      if (uri) related.push({ location: { uri, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }, message: relatedMessage(info.message, v) });
    }
  }
  return {
    range: toRange(document, diagnostic.range),
    severity: LSP_SEVERITY[severity],
    code: diagnostic.code,
    source: DIAGNOSTIC_SOURCE,
    message: diagnosticMessage(diagnostic.message, v),
    ...(related.length > 0 ? { relatedInformation: related } : {}),
  };
}

/**
 * Limit: at most this many diagnostics per document, the last of them saying how many were left
 * out. VS Code shows at most 1,000 per file anyway (its extension host keeps the 1,000 most
 * severe and adds its own "Not showing N further" note), after every one was serialised and
 * parsed: 25,000 problems made 5.8 MB per publish, after every pause in typing. README "Limits".
 */
export const MAX_DIAGNOSTICS = 1000;

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2, hint: 3 };

/** The `count` most severe, earlier first among equals, back in document order. */
function mostSevere<T extends { severity: Severity }>(items: readonly T[], count: number): T[] {
  const order = items.map((_, i) => i).sort((a, b) => SEVERITY_RANK[items[a].severity] - SEVERITY_RANK[items[b].severity] || a - b);
  return order
    .slice(0, count)
    .sort((a, b) => a - b)
    .map((i) => items[i]);
}

/** The last diagnostic of a document with too many: at its start, where the Problems list begins. */
function limitNote(total: number, shown: number, v: Voice): Diagnostic {
  const message = v.w.tooManyProblems(v.number(shown), v.number(total), v.number(total - shown));
  return { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, severity: DiagnosticSeverity.Information, source: DIAGNOSTIC_SOURCE, message };
}

/**
 * Every diagnostic of the analysis that the settings do not turn off, in LSP terms, at most
 * `MAX_DIAGNOSTICS` of them, in the locale's words.
 */
export function provideDiagnostics(document: TextDocument, analysis: DocumentAnalysis, settings: RollmarkSettings, fileUri: FileUri, locale: Locale = 'en'): Diagnostic[] {
  const v = voice(locale);
  const shown: { diagnostic: AnalysisDiagnostic; severity: Severity }[] = [];
  for (const diagnostic of analysis.diagnostics) {
    const severity = effectiveSeverity(diagnostic, settings);
    if (severity !== 'off') shown.push({ diagnostic, severity });
  }
  if (shown.length <= MAX_DIAGNOSTICS) return shown.map(({ diagnostic, severity }) => toLspDiagnostic(document, diagnostic, severity, fileUri, v));
  const kept = mostSevere(shown, MAX_DIAGNOSTICS - 1);
  const out = kept.map(({ diagnostic, severity }) => toLspDiagnostic(document, diagnostic, severity, fileUri, v));
  out.push(limitNote(shown.length, kept.length, v));
  return out;
}

/** A scenario file of the workspace that could not be read (too large, not UTF-8): one note at its start. */
export function unreadFileDiagnostics(refusal: FileRefusal, locale: Locale): Diagnostic[] {
  const v = voice(locale);
  const message = v.w.notChecked(refusalReason(refusal, v));
  return [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, severity: DiagnosticSeverity.Information, source: DIAGNOSTIC_SOURCE, message }];
}
