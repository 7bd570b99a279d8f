import { InlayHintKind, type InlayHint, type Range } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalysis, Locale } from '../analysis/types';
import { checkLine } from '../present/odds';
import { voice } from '../present/voice';
import { toRange } from './convert';
import { checksIn } from './locate';

/** `≈76 %` (initiative: `≈10,5`) right after each check with a known pool, the whole headline as its tooltip; for the requested range only. */
export function provideInlayHints(document: TextDocument, analysis: DocumentAnalysis, range: Range, locale: Locale): InlayHint[] {
  const wanted = { start: document.offsetAt(range.start), end: document.offsetAt(range.end) };
  const v = voice(locale);
  const hints: InlayHint[] = [];
  for (const check of checksIn(analysis, wanted)) {
    const line = checkLine(check.odds, { ruleset: analysis.ruleset, v, spec: check.spec });
    if (!line.chance || !line.headline) continue;
    hints.push({
      position: toRange(document, check.range).end,
      label: line.chance.short,
      kind: InlayHintKind.Parameter,
      paddingLeft: true,
      tooltip: line.headline,
    });
  }
  return hints;
}
