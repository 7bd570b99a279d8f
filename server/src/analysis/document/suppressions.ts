/**
 * Suppression comments, in the HTML comments Markdown authors already write for markdownlint and
 * Vale: `<!-- rollmark-disable-next-line RM010 -->` silences the line after the comment,
 * `<!-- rollmark-disable RM002 -->` … `<!-- rollmark-enable -->` a stretch of the document; no
 * codes means every code. Applied once, to the document's analysis (incrementalAnalysis.ts), so
 * the editor, `rollmark check` (and its exit code) and the report all see the same diagnostics.
 *
 * A comment counts on one line and outside fenced code and inline code (a scenario may show the
 * syntax to its readers). An unknown directive or code is RM017, which no comment silences: a
 * misspelt suppression must not fail quietly.
 */
import { DEFAULT_SEVERITY } from '../diagnosticCatalog';
import { fenceOpener, type Fence, isFenceCloser, Lines, lineStartOf } from '../markdown/lines';
import type { AnalysisDiagnostic, DiagnosticCode, TextRange } from '../types';

import { type SuppressionDirective, SUPPRESSION_DIRECTIVES } from '../markdown/suppressionSyntax';

export interface SuppressionComment {
  directive: SuppressionDirective;
  /** The codes it names, known ones only; empty: every code. */
  codes: DiagnosticCode[];
  /** The whole comment, `<!--` to `-->`. */
  range: TextRange;
  /** Where another code would be inserted: after the last one written (or the directive). */
  codesEnd: number;
  /** `disable-next-line`: the line it silences (start to end, line break excluded); absent on the last line. */
  line?: TextRange;
}

export interface Suppressions {
  comments: SuppressionComment[];
  /** RM017 for unknown directives and codes. */
  problems: AnalysisDiagnostic[];
}

const NONE: Suppressions = { comments: [], problems: [] };

/** One line only, and bounded: an unclosed `<!-- rollmark-` never makes the search scan the document again. */
const COMMENT = /<!--[ \t]*rollmark-([A-Za-z-]{0,40})([^\r\n]{0,400}?)-->/gu;
const TOKEN = /[^\s,]+/gu;
const CODE = /^RM\d{3}$/iu;
/** More than this many comments are not read: a document is not a list of suppressions. */
const MAX_COMMENTS = 10_000;

/** The codes a comment can silence, in order: every code but RM017, the comments' own. */
export const SUPPRESSIBLE_CODES: readonly DiagnosticCode[] = (Object.keys(DEFAULT_SEVERITY) as DiagnosticCode[]).filter((code) => code !== 'RM017');

function isKnownCode(code: string): code is DiagnosticCode {
  return Object.hasOwn(DEFAULT_SEVERITY, code);
}

function problem(range: TextRange, written: string, kind: 'directive' | 'code'): AnalysisDiagnostic {
  return {
    code: 'RM017',
    severity: DEFAULT_SEVERITY.RM017,
    message: kind === 'directive' ? { id: 'suppressionUnknownDirective', written } : { id: 'suppressionUnknownCode', written },
    range,
    fixes: [],
  };
}

/** Whether `offset` follows an odd number of backticks on its line: inside inline code. */
function inInlineCode(text: string, offset: number): boolean {
  let ticks = 0;
  for (let i = lineStartOf(text, offset); i < offset; i++) if (text.charCodeAt(i) === 0x60) ticks++;
  return ticks % 2 === 1;
}

/** The fenced code blocks' spans from `from` up to `until` (top-level fences, as blocks.ts reads them). */
function fencedSpans(text: string, from: number, until: number): TextRange[] {
  const spans: TextRange[] = [];
  const lines = new Lines(text);
  let open: { fence: Fence; start: number } | undefined;
  for (let pos = from; pos < text.length && (open || pos <= until); ) {
    const end = lines.end(pos);
    if (open) {
      if (isFenceCloser(text, pos, end, open.fence)) {
        spans.push({ start: open.start, end });
        open = undefined;
      }
    } else {
      const fence = fenceOpener(text, pos, end);
      if (fence) open = { fence, start: pos };
    }
    pos = lines.next(end);
  }
  if (open) spans.push({ start: open.start, end: text.length });
  return spans;
}

/** The line after the one holding `offset`, without its line break; undefined on the last line. */
function nextLine(text: string, offset: number): TextRange | undefined {
  const lines = new Lines(text);
  const end = lines.end(offset);
  if (end >= text.length) return undefined;
  const start = lines.next(end);
  return { start, end: lines.end(start) };
}

/** The suppression comments of the text after `bodyStart` (the front matter holds none), in order. */
export function readSuppressions(text: string, bodyStart: number): Suppressions {
  if (!text.includes('rollmark-', bodyStart)) return NONE;
  const found: RegExpExecArray[] = [];
  COMMENT.lastIndex = bodyStart;
  for (let m = COMMENT.exec(text); m && found.length < MAX_COMMENTS; m = COMMENT.exec(text)) found.push(m);
  if (found.length === 0) return NONE;
  const fences = fencedSpans(text, bodyStart, found[found.length - 1].index);
  let f = 0;
  const result: Suppressions = { comments: [], problems: [] };
  for (const m of found) {
    const start = m.index;
    while (f < fences.length && fences[f].end < start) f++;
    if ((f < fences.length && fences[f].start <= start) || inInlineCode(text, start)) continue;
    const range = { start, end: start + m[0].length };
    const directiveStart = text.indexOf('rollmark-', start);
    const written = m[1].toLowerCase();
    const directive = SUPPRESSION_DIRECTIVES.find((d) => d === written);
    if (!directive) {
      result.problems.push(problem({ start: directiveStart, end: directiveStart + 9 + m[1].length }, `rollmark-${m[1]}`, 'directive'));
      continue;
    }
    const argsStart = directiveStart + 9 + m[1].length;
    const codes: DiagnosticCode[] = [];
    let codesEnd = argsStart;
    TOKEN.lastIndex = 0;
    for (let t = TOKEN.exec(m[2]); t; t = TOKEN.exec(m[2])) {
      // `-- why`: the rest of the comment is the author's reason, as in ESLint.
      if (t[0] === '--') break;
      const at = argsStart + t.index;
      const code = t[0].toUpperCase();
      if (CODE.test(code) && isKnownCode(code)) codes.push(code);
      else result.problems.push(problem({ start: at, end: at + t[0].length }, t[0], 'code'));
      codesEnd = at + t[0].length;
    }
    const line = directive === 'disable-next-line' ? nextLine(text, range.end) : undefined;
    result.comments.push({ directive, codes, range, codesEnd, ...(line ? { line } : {}) });
  }
  return result;
}

/** Which codes are off at a point of the document: every code but `except`, or just `codes`. */
class Disabled {
  private all = false;
  /** With `all`, the codes enabled again; without, the codes disabled. */
  private readonly codes = new Set<DiagnosticCode>();

  apply(comment: SuppressionComment): void {
    const disable = comment.directive === 'disable';
    if (comment.codes.length === 0) {
      this.all = disable;
      this.codes.clear();
      return;
    }
    for (const code of comment.codes) {
      if (disable !== this.all) this.codes.add(code);
      else this.codes.delete(code);
    }
  }

  has(code: DiagnosticCode): boolean {
    return this.all !== this.codes.has(code);
  }
}

const covers = (comment: SuppressionComment, code: DiagnosticCode) => comment.codes.length === 0 || comment.codes.includes(code);

/**
 * The diagnostics (sorted by start) the text's comments leave, with RM017 for the comments' own
 * problems in order; the same array when the text has no suppression comment.
 */
export function applySuppressions(text: string, bodyStart: number, diagnostics: AnalysisDiagnostic[]): AnalysisDiagnostic[] {
  const { comments, problems } = readSuppressions(text, bodyStart);
  if (comments.length === 0 && problems.length === 0) return diagnostics;
  const regions = comments.filter((c) => c.directive !== 'disable-next-line');
  const lines = comments.filter((c) => c.line !== undefined);
  const disabled = new Disabled();
  let r = 0;
  let l = 0;
  const kept = diagnostics.filter((d) => {
    const at = d.range.start;
    // A region starts after its comment and an `enable` ends one where it starts.
    while (r < regions.length && (regions[r].directive === 'disable' ? regions[r].range.end : regions[r].range.start) <= at) disabled.apply(regions[r++]);
    if (disabled.has(d.code)) return false;
    while (l < lines.length && (lines[l].line?.end ?? 0) < at) l++;
    for (let k = l; k < lines.length && (lines[k].line?.start ?? Infinity) <= at; k++) if (covers(lines[k], d.code)) return false;
    return true;
  });
  if (problems.length === 0) return kept;
  return [...kept, ...problems].sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end);
}
