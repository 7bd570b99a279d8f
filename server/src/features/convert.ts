/**
 * The analysis speaks in UTF-16 offsets (types.ts); LSP speaks in line/character positions.
 * The open document already keeps its line offsets up to date under incremental sync, so it
 * does the conversion: no second index per version.
 */
import type { Position, Range } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextRange } from '../analysis/types';

export function toRange(document: TextDocument, range: TextRange): Range {
  return { start: document.positionAt(range.start), end: document.positionAt(range.end) };
}

/** Positions past a line's end or the document's are clamped, as LSP asks. */
export function toOffset(document: TextDocument, position: Position): number {
  return document.offsetAt(position);
}

/** Whether an offset lies in a range, its end included (a cursor right after a check still hovers it). */
export function contains(range: TextRange, offset: number): boolean {
  return range.start <= offset && offset <= range.end;
}

/** Whether two ranges share at least one offset or touch. */
export function intersects(a: TextRange, b: TextRange): boolean {
  return a.start <= b.end && b.start <= a.end;
}
