/**
 * Helpers shared by the analysis tests: building documents line by line, finding and editing
 * ranges. Expected ranges marked inside a text are read by test/src/markers.ts.
 */
import * as assert from 'node:assert/strict';
import type { AnalysisDiagnostic, DocumentAnalysis, TextRange } from '../../../server/out/analysis/types';
import type { Locale } from '../../../server/out/present/locale';
import { type WordedDiagnostic, wordedDiagnostic } from '../../../server/out/present/messages';
import { voice } from '../../../server/out/present/voice';

/** Lines joined with `\n`, each with its line break. */
export function joinLines(...lines: string[]): string {
  return lines.map((line) => `${line}\n`).join('');
}

/** The same, with CRLF line ends. */
export function joinCrlf(...lines: string[]): string {
  return lines.map((line) => `${line}\r\n`).join('');
}

/** A scenario with front matter naming `ruleset` (and any extra front-matter lines), then the body lines. */
export function scenario(ruleset: string, body: string[], frontMatter: string[] = []): string {
  return joinLines('---', `ruleset: ${ruleset}`, ...frontMatter, '---', '', ...body);
}

/** The offset range of the `nth` occurrence of `sub` in `text`. */
export function rangeOf(text: string, sub: string, nth = 0): TextRange {
  let at = -1;
  for (let k = 0; k <= nth; k++) {
    at = text.indexOf(sub, at + 1);
    assert.ok(at >= 0, `test bug: ${JSON.stringify(sub)} #${nth} not found`);
  }
  return { start: at, end: at + sub.length };
}

/** Applies non-overlapping edits (any order) to a text. */
export function applyEdits(text: string, edits: readonly { range: TextRange; newText: string }[]): string {
  const sorted = [...edits].sort((a, b) => b.range.start - a.range.start);
  let out = text;
  for (const edit of sorted) out = out.slice(0, edit.range.start) + edit.newText + out.slice(edit.range.end);
  return out;
}

/** Diagnostics as a user reads them in `locale`: messages, fix titles and related information worded by present/messages.ts. */
export function worded(diagnostics: readonly AnalysisDiagnostic[], locale: Locale): WordedDiagnostic[] {
  return diagnostics.map((d) => wordedDiagnostic(d, voice(locale)));
}

/** An analysis with its diagnostics worded in `locale` (see `worded`). */
export type WordedAnalysis = Omit<DocumentAnalysis, 'diagnostics'> & { diagnostics: WordedDiagnostic[] };

export function wordedAnalysis(analysis: DocumentAnalysis, locale: Locale): WordedAnalysis {
  return { ...analysis, diagnostics: worded(analysis.diagnostics, locale) };
}
