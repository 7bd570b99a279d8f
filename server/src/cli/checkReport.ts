import * as path from 'node:path';
import { CODE_SUMMARY } from '../analysis/diagnosticCatalog';
import { LineIndex, type LinePosition } from '../analysis/lineIndex';
import { reportHeadline } from '../analysis/oddsSummary';
import type { AnalysisDiagnostic, DiagnosticCode, DocumentAnalysis, Locale, TextRange } from '../analysis/types';

export interface CheckedFile {
  path: string;
  text: string;
  /** Absent for a workspace file (dictionary, ruleset) that only has problems to report. */
  analysis?: DocumentAnalysis;
  extraDiagnostics?: AnalysisDiagnostic[];
}

export interface Summary {
  files: number;
  checks: number;
  errors: number;
  warnings: number;
  infos: number;
  hints: number;
}

export function summarize(files: readonly CheckedFile[]): Summary {
  const summary: Summary = { files: files.length, checks: 0, errors: 0, warnings: 0, infos: 0, hints: 0 };
  for (const file of files) {
    summary.checks += file.analysis?.checks.length ?? 0;
    for (const d of allDiagnostics(file)) {
      if (d.severity === 'error') summary.errors++;
      else if (d.severity === 'warning') summary.warnings++;
      else if (d.severity === 'info') summary.infos++;
      else summary.hints++;
    }
  }
  return summary;
}

export function allDiagnostics(file: CheckedFile): AnalysisDiagnostic[] {
  return [...(file.extraDiagnostics ?? []), ...(file.analysis?.diagnostics ?? [])];
}

function lspRange(lines: LineIndex, range: TextRange): { start: LinePosition; end: LinePosition } {
  return { start: lines.positionAt(range.start), end: lines.positionAt(range.end) };
}

/** `--format json`: CLI.md's object, ranges as LSP ranges. */
export function jsonReport(files: readonly CheckedFile[]): unknown {
  return {
    files: files.map((file) => {
      const lines = new LineIndex(file.text);
      return {
        path: file.path,
        ruleset: file.analysis?.ruleset.id ?? null,
        diagnostics: allDiagnostics(file).map((d) => ({ code: d.code, severity: d.severity, message: d.message, range: lspRange(lines, d.range) })),
        checks: (file.analysis?.checks ?? []).map((c) => ({
          text: c.text,
          range: lspRange(lines, c.range),
          pool: c.odds && c.odds.pool !== null ? c.odds.pool : null,
          success: c.odds ? reportHeadline(c.odds) : null,
        })),
      };
    }),
    summary: summarize(files),
  };
}

const SARIF_LEVEL = { error: 'error', warning: 'warning', info: 'note', hint: 'note' } as const;

/** `--format sarif`: SARIF 2.1.0 for code-scanning tools; columns count UTF-16 code units, as SARIF's default. */
export function sarifReport(files: readonly CheckedFile[], locale: Locale, version: string): unknown {
  const codes = Object.keys(CODE_SUMMARY) as DiagnosticCode[];
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'rollmark',
            version,
            informationUri: 'https://github.com/rollmark/rollmark',
            rules: codes.map((code) => ({ id: code, shortDescription: { text: CODE_SUMMARY[code][locale] } })),
          },
        },
        results: files.flatMap((file) => {
          const lines = new LineIndex(file.text);
          return allDiagnostics(file).map((d) => {
            const range = lspRange(lines, d.range);
            return {
              ruleId: d.code,
              ruleIndex: codes.indexOf(d.code),
              level: SARIF_LEVEL[d.severity],
              message: { text: d.message },
              locations: [
                {
                  physicalLocation: {
                    artifactLocation: { uri: file.path.split(path.sep).join('/') },
                    region: { startLine: range.start.line + 1, startColumn: range.start.character + 1, endLine: range.end.line + 1, endColumn: range.end.character + 1 },
                  },
                },
              ],
            };
          });
        }),
      },
    ],
  };
}
