/**
 * What the fuzz (fuzz.test.ts) and the quick-fix property test (fixMeaning.test.ts) check about an
 * analysis and its fixes: ranges inside the text and on UTF-16 boundaries, a fix's edits applied
 * as LSP clients apply them, offsets mapped across them, and the errors a fix introduced.
 */
import * as assert from 'node:assert/strict';
import { sameMessage } from '../../../server/src/analysis/diagnosticCatalog';
import type { AnalysisDiagnostic, DocumentAnalysis, Fix, TextEdit, TextRange } from '../../../server/src/analysis/types';
import { diagnosticMessage, fixTitle } from '../../../server/src/present/messages';
import { voice } from '../../../server/src/present/voice';

/** A message or a fix's title as a Russian reader sees it, for what a failure prints. */
export const said = (d: Pick<AnalysisDiagnostic, 'message'>): string => diagnosticMessage(d.message, voice('ru'));
export const titled = (fix: Fix): string => fixTitle(fix.title, voice('ru'));

// ---------------------------------------------------------------------------------------------
// Ranges

function isHigh(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

function isLow(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** Whether an offset falls between the two halves of a surrogate pair. */
function splitsPair(text: string, offset: number): boolean {
  return offset > 0 && offset < text.length && isHigh(text.charCodeAt(offset - 1)) && isLow(text.charCodeAt(offset));
}

function splitsCrlf(text: string, offset: number): boolean {
  return offset > 0 && offset < text.length && text.charCodeAt(offset - 1) === 13 && text.charCodeAt(offset) === 10;
}

function isRange(v: unknown): v is TextRange {
  return typeof v === 'object' && v !== null && typeof (v as TextRange).start === 'number' && typeof (v as TextRange).end === 'number';
}

/** Keys whose values are not about this document's text (the ruleset, its traits, the odds). */
const SKIPPED_KEYS = new Set(['ruleset', 'trait', 'odds', 'spec']);

/** Every range anywhere in the analysis, with the path it was found at. */
function allRanges(analysis: DocumentAnalysis): { path: string; range: TextRange }[] {
  const out: { path: string; range: TextRange }[] = [];
  const seen = new Set<object>();
  const walk = (value: unknown, path: string): void => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    if (isRange(value)) out.push({ path, range: value });
    if (value instanceof Map) {
      for (const [k, v] of value) walk(v, `${path}[${String(k)}]`);
      return;
    }
    for (const [k, v] of Object.entries(value)) if (!SKIPPED_KEYS.has(k)) walk(v, `${path}.${k}`);
  };
  walk(analysis, 'analysis');
  return out;
}

export function assertRangesValid(text: string, analysis: DocumentAnalysis): void {
  for (const { path, range } of allRanges(analysis)) {
    const { start, end } = range;
    assert.ok(Number.isInteger(start) && Number.isInteger(end), `${path}: non-integer range ${start}..${end}`);
    assert.ok(start >= 0 && start <= end && end <= text.length, `${path}: ${start}..${end} outside 0..${text.length}`);
    assert.ok(!splitsPair(text, start) && !splitsPair(text, end), `${path}: ${start}..${end} splits a surrogate pair`);
  }
  for (const check of analysis.checks) assert.equal(check.text, text.slice(check.range.start, check.range.end), 'check.text is not the text at its range');
}

// ---------------------------------------------------------------------------------------------
// Fixes

/** The edits sorted, after checking they can be applied as LSP clients apply them. */
export function checkedEdits(text: string, fix: Fix): TextEdit[] {
  const edits = [...fix.edits].sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end);
  edits.forEach((e, i) => {
    const { start, end } = e.range;
    assert.ok(start >= 0 && start <= end && end <= text.length, `fix "${titled(fix)}": edit ${start}..${end} outside the document`);
    for (const at of [start, end]) {
      assert.ok(!splitsPair(text, at), `fix "${titled(fix)}": edit boundary ${at} splits a surrogate pair`);
      assert.ok(!splitsCrlf(text, at), `fix "${titled(fix)}": edit boundary ${at} splits a CRLF line end`);
    }
    if (i > 0) assert.ok(edits[i - 1].range.end <= start, `fix "${titled(fix)}": edits overlap`);
  });
  return edits;
}

export function applySorted(text: string, edits: readonly TextEdit[]): string {
  let out = '';
  let at = 0;
  for (const e of edits) {
    out += text.slice(at, e.range.start) + e.newText;
    at = e.range.end;
  }
  return out + text.slice(at);
}

/** Independent check that only the edited ranges changed: every untouched piece is where the edits put it. */
export function assertOutsideUnchanged(before: string, after: string, edits: readonly TextEdit[]): void {
  let from = 0;
  let shift = 0;
  for (const e of [...edits, undefined]) {
    const to = e ? e.range.start : before.length;
    assert.equal(after.slice(from + shift, to + shift), before.slice(from, to), 'text outside the fix changed');
    if (!e) break;
    shift += e.newText.length - (e.range.end - e.range.start);
    from = e.range.end;
  }
  assert.equal(after.length, before.length + shift);
}

/** An offset of the fixed text back in the original: inside an edit's new text, the edit's start or end. */
export function mapBack(offset: number, edits: readonly TextEdit[], side: 'start' | 'end'): number {
  let shift = 0;
  for (const e of edits) {
    const newStart = e.range.start + shift;
    if (offset <= newStart) return offset - shift;
    if (offset < newStart + e.newText.length) return side === 'start' ? e.range.start : e.range.end;
    shift += e.newText.length - (e.range.end - e.range.start);
  }
  return offset - shift;
}

/** An offset of the original in the fixed text: inside a replaced range (or at an insertion), the new text's start or end. */
export function mapForward(offset: number, edits: readonly TextEdit[], side: 'start' | 'end'): number {
  let shift = 0;
  for (const e of edits) {
    const newStart = e.range.start + shift;
    const insertion = e.range.start === e.range.end;
    if (offset < e.range.start || (offset === e.range.start && !insertion)) return offset + shift;
    if (insertion ? offset === e.range.start : offset < e.range.end) return side === 'start' ? newStart : newStart + e.newText.length;
    shift += e.newText.length - (e.range.end - e.range.start);
  }
  return offset + shift;
}

export function within(inner: TextRange, outer: TextRange): boolean {
  return inner.start >= outer.start && inner.end <= outer.end;
}

export function touches(a: TextRange, b: TextRange): boolean {
  return a.start <= b.end && b.start <= a.end;
}

/**
 * The check a syntax fix repairs, in the original's offsets: the check around the error; for an
 * unclosed «, the check the new » closes (which may start at an earlier unclosed «).
 */
function repairedSpan(before: DocumentAnalysis, after: DocumentAnalysis, diagnostic: AnalysisDiagnostic, edits: readonly TextEdit[]): (TextRange & { unclosedGuillemet: boolean }) | undefined {
  const check = before.checks.find((c) => within(diagnostic.range, c.range));
  if (check) return { ...check.range, unclosedGuillemet: false };
  const inserted = edits.length === 1 && edits[0].newText === '»' ? edits[0].range.start : undefined;
  if (inserted === undefined) return undefined;
  const closed = after.checks.find((c) => c.range.end === inserted + 1);
  return closed ? { start: closed.range.start, end: inserted, unclosedGuillemet: true } : undefined;
}

/** Errors about a check's values as written: a prose check's fix copies them from the prose. */
const PROSE_VALUE_ERRORS = new Set(['RM003', 'RM004', 'RM013']);

/**
 * Error-level diagnostics of the fixed text that the original did not have. An error away from
 * the edits must be the same error (code, message, range mapped back through the edits); an
 * error touching an edit's new text must have the code of an error that touched the replaced text
 * (the edit moves it, e.g. a rewrite of the whole check, or changes the words its message quotes). Two exceptions, both
 * about what the original analysis could not see rather than what the fix introduced:
 * - a fix that changes the document's ruleset (RM011 «use the … ruleset») re-reads every check
 *   under other rules; that is its purpose, so its errors are not compared;
 * - a fix for a syntax error makes the check readable, and shows what the syntax error hid: an
 *   unclosed « hides everything inside it (no trait is looked up in an unclosed check), so after
 *   «close the check with »» errors inside that check are not compared; a malformed check gets no
 *   RM004 (MARKUP: a check that did not parse gets its syntax error, not guesses), so after «close
 *   the parenthesis» a d20 check's RM004 «difficulty required» is not compared;
 * - a prose check's fix (RM012, or RM001 when the prose names a trait with a typo) writes the
 *   check the prose states, with the prose's own values:
 *   when the prose gives a difficulty outside the ruleset's range (RM003), too many Преимущества
 *   (RM013) or, in d20, no difficulty (RM004), the new check says so. These three codes inside
 *   the new check are not compared; every other error is.
 * Any other error, and any error elsewhere, still counts.
 */
export function newErrors(before: DocumentAnalysis, after: DocumentAnalysis, diagnostic: AnalysisDiagnostic, edits: readonly TextEdit[]): string[] {
  if (before.ruleset.id !== after.ruleset.id) return [];
  const oldErrors = before.diagnostics.filter((d) => d.severity === 'error');
  // An error that stays where it was is not a new one, though its words may change: an unknown
  // trait's suggestions depend on the pool's other traits, which a fix beside it may have repaired.
  const exact = new Set(oldErrors.map((d) => `${d.code} ${d.range.start}..${d.range.end}`));
  const nearEdits = oldErrors.filter((d) => edits.some((e) => touches(d.range, e.range))).map((d) => d.code);
  const repaired = diagnostic.code === 'RM009' ? repairedSpan(before, after, diagnostic, edits) : undefined;
  const proseFix = before.proseChecks.find((prose) => within(diagnostic.range, prose.range))?.range;
  const introduced: string[] = [];
  let shift = 0;
  const newRanges = edits.map((e) => {
    const r = { start: e.range.start + shift, end: e.range.start + shift + e.newText.length };
    shift += e.newText.length - (e.range.end - e.range.start);
    return r;
  });
  for (const d of after.diagnostics) {
    if (d.severity !== 'error') continue;
    const back = { start: mapBack(d.range.start, edits, 'start'), end: mapBack(d.range.end, edits, 'end') };
    if (repaired && within(back, repaired) && (repaired.unclosedGuillemet || d.code === 'RM004')) continue;
    if (proseFix && within(back, proseFix) && PROSE_VALUE_ERRORS.has(d.code)) continue;
    if (newRanges.some((r) => touches(d.range, r))) {
      const at = nearEdits.indexOf(d.code);
      if (at >= 0) {
        nearEdits.splice(at, 1);
        continue;
      }
    } else if (exact.has(`${d.code} ${back.start}..${back.end}`)) {
      continue;
    }
    introduced.push(`${d.code} ${d.range.start}..${d.range.end} (was ${back.start}..${back.end}) ${said(d)}`);
  }
  return introduced;
}

export function overlaps(a: TextRange, b: TextRange): boolean {
  return Math.max(a.start, b.start) < Math.min(a.end, b.end) || (a.start === b.start && a.end === b.end);
}

export function sameEdits(a: Fix, b: Fix): boolean {
  return sameMessage(a.title, b.title) && a.edits.length === b.edits.length && a.edits.every((e, i) => e.newText === b.edits[i].newText);
}
