import { InlayHintKind, type InlayHint, type Range } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalysis, Locale } from '../analysis/types';
import { toRange } from './convert';
import { checksIn } from './locate';
import { headline } from './oddsText';

/** `≈76%` right after each check with a known pool, for the requested range only. */
export function provideInlayHints(document: TextDocument, analysis: DocumentAnalysis, range: Range, locale: Locale): InlayHint[] {
  const wanted = { start: document.offsetAt(range.start), end: document.offsetAt(range.end) };
  const hints: InlayHint[] = [];
  for (const check of checksIn(analysis, wanted)) {
    const top = headline(check, analysis.ruleset, locale);
    if (!top) continue;
    const percent = top.text.split(' ')[0];
    hints.push({
      position: toRange(document, check.range).end,
      label: `≈${percent}`,
      kind: InlayHintKind.Parameter,
      paddingLeft: true,
      tooltip: top.text,
    });
  }
  return hints;
}
