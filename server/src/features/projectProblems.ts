/**
 * Problems in a folder's project files as LSP diagnostics: on the file itself where it can
 * hold one, else at the first line of each document of the folder, naming the file and why.
 */
import type { Diagnostic } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { DEFAULT_SEVERITY } from '../analysis/diagnosticCatalog';
import { LineIndex } from '../analysis/markdown/lineIndex';
import type { AnalysisDiagnostic } from '../analysis/types';
import type { FolderProblem } from '../analysis/project/workspaceConfig';
import { diagnosticMessage } from '../present/messages';
import type { Locale } from '../present/locale';
import { voice } from '../present/voice';
import type { RollmarkSettings } from '../protocol';
import type { FileProblems } from '../analysis/project/workspaceConfig';
import { DIAGNOSTIC_SOURCE, effectiveSeverity, LSP_SEVERITY } from './diagnostics';

/** A project file's own diagnostics (its severity is the file's, not a document's setting). */
export function fileProblemDiagnostics(problem: FileProblems, locale: Locale): Diagnostic[] {
  const v = voice(locale);
  const lines = new LineIndex(problem.text);
  return problem.diagnostics.map((d) => ({
    range: { start: lines.positionAt(d.range.start), end: lines.positionAt(d.range.end) },
    severity: LSP_SEVERITY[d.severity],
    code: d.code,
    source: DIAGNOSTIC_SOURCE,
    message: diagnosticMessage(d.message, v),
  }));
}

/** The folder's problems on one of its documents, over its first line; RM011's severity setting applies. */
export function folderProblemDiagnostics(document: TextDocument, problems: readonly FolderProblem[], settings: RollmarkSettings, locale: Locale): Diagnostic[] {
  if (problems.length === 0) return [];
  const firstLine = document.getText({ start: { line: 0, character: 0 }, end: { line: 1, character: 0 } }).replace(/\r?\n$|\r$/, '');
  const range = { start: { line: 0, character: 0 }, end: { line: 0, character: firstLine.length } };
  const out: Diagnostic[] = [];
  for (const problem of problems) {
    const diagnostic: AnalysisDiagnostic = { code: 'RM011', severity: DEFAULT_SEVERITY.RM011, message: problem.message, range: { start: 0, end: 0 }, fixes: [] };
    const severity = effectiveSeverity(diagnostic, settings);
    if (severity === 'off') continue;
    // No related location: the path may be a FIFO or lead outside, where an editor should not go.
    out.push({ range, severity: LSP_SEVERITY[severity], code: 'RM011', source: DIAGNOSTIC_SOURCE, message: diagnosticMessage(problem.message, voice(locale)) });
  }
  return out;
}
