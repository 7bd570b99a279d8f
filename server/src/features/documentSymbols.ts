import { type DocumentSymbol, SymbolKind } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalysis } from '../analysis/types';
import type { Locale } from '../present/locale';
import { analyzedCheckDetail } from '../present/party';
import { voice } from '../present/voice';
import { toRange } from './convert';

interface OpenHeading {
  depth: number;
  symbol: DocumentSymbol;
}

/**
 * Limit: a document with more checks than this gets an outline of its scenes (headings) alone.
 * Editors ask for the outline after every edit (VS Code's sticky scroll and breadcrumbs too):
 * 18,000 checks in a 10 MB book made a 5.5 MB answer and 0.4 s of the server's only thread.
 * Dropping them all rather than the tail keeps every scene's list complete or absent. README "Limits".
 */
export const MAX_CHECK_SYMBOLS = 10_000;

/**
 * The outline: headings are scenes, nested by level as Markdown nests them; each check is a
 * child of the scene it is written in, with its pool and odds (a check without an actor: the
 * party's) as the detail.
 */
export function provideDocumentSymbols(document: TextDocument, analysis: DocumentAnalysis, locale: Locale): DocumentSymbol[] {
  const v = voice(locale);
  const textEnd = document.getText().length;
  const headings = [...analysis.headings].sort((a, b) => a.range.start - b.range.start);
  // Section ends first: a section runs to the next heading of the same or a higher level.
  const ends = headings.map((h, i) => {
    for (let j = i + 1; j < headings.length; j++) if (headings[j].depth <= h.depth) return headings[j].range.start;
    return textEnd;
  });
  const roots: DocumentSymbol[] = [];
  const stack: OpenHeading[] = [];
  const checks = analysis.checks.length > MAX_CHECK_SYMBOLS ? [] : analysis.checks;
  let next = 0;
  const addChecksBefore = (offset: number) => {
    while (next < checks.length && checks[next].range.start < offset) {
      const check = checks[next++];
      const range = toRange(document, check.range);
      const symbol: DocumentSymbol = { name: check.text, detail: analyzedCheckDetail(check, analysis.ruleset, v), kind: SymbolKind.Event, range, selectionRange: range };
      const parent = stack[stack.length - 1];
      if (parent) (parent.symbol.children ??= []).push(symbol);
      else roots.push(symbol);
    }
  };
  headings.forEach((heading, i) => {
    addChecksBefore(heading.range.start);
    while (stack.length > 0 && stack[stack.length - 1].depth >= heading.depth) stack.pop();
    const symbol: DocumentSymbol = {
      name: heading.title || '#'.repeat(heading.depth),
      kind: SymbolKind.Namespace,
      range: toRange(document, { start: heading.range.start, end: trimEnd(document, heading.range.start, ends[i]) }),
      selectionRange: toRange(document, heading.range),
      children: [],
    };
    const parent = stack[stack.length - 1];
    if (parent) (parent.symbol.children ??= []).push(symbol);
    else roots.push(symbol);
    stack.push({ depth: heading.depth, symbol });
  });
  addChecksBefore(Number.POSITIVE_INFINITY);
  return roots;
}

/** A section's range stops before the blank lines that separate it from the next heading. */
function trimEnd(document: TextDocument, start: number, end: number): number {
  const text = document.getText();
  let e = end;
  while (e > start && /\s/.test(text[e - 1])) e--;
  return e;
}
