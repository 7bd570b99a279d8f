/**
 * Helpers shared by the analysis tests: building documents line by line, and marking the
 * ranges a test expects with `[[` … `]]` inside the text itself.
 */
import * as assert from 'node:assert/strict';
import type { TextRange } from '../../../server/out/analysis/types';

/** Lines joined with `\n`, each with its line break. */
export function joinLines(...lines: string[]): string {
  return lines.map((line) => `${line}\n`).join('');
}

/** The same, with CRLF line ends. */
export function joinCrlf(...lines: string[]): string {
  return lines.map((line) => `${line}\r\n`).join('');
}

export interface Marked {
  /** The text with every `[[` and `]]` removed. */
  text: string;
  /** The marked ranges as offsets into `text`, in the order their `[[` appear. */
  ranges: TextRange[];
  /** The only marked range; throws when there is not exactly one. */
  range: TextRange;
}

/**
 * Reads `[[` … `]]` markers (not nested) out of a text: «Сила + [[Атлетиканн]]» gives the text
 * «Сила + Атлетиканн» and the range of «Атлетиканн». `[[]]` marks an empty range.
 */
export function marked(source: string): Marked {
  const ranges: TextRange[] = [];
  let text = '';
  let open = -1;
  let i = 0;
  while (i < source.length) {
    if (source.startsWith('[[', i)) {
      assert.equal(open, -1, `test bug: nested [[ at ${i} in ${source}`);
      open = text.length;
      i += 2;
    } else if (source.startsWith(']]', i) && open >= 0) {
      ranges.push({ start: open, end: text.length });
      open = -1;
      i += 2;
    } else {
      text += source[i];
      i++;
    }
  }
  assert.equal(open, -1, `test bug: unclosed [[ in ${source}`);
  return {
    text,
    ranges,
    get range(): TextRange {
      assert.equal(ranges.length, 1, `test bug: expected one marked range in ${source}`);
      return ranges[0];
    },
  };
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
