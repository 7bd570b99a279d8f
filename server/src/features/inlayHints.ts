import { InlayHintKind, type InlayHint, type Range } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalysis } from '../analysis/types';
import type { Locale } from '../present/locale';
import { checkLine } from '../present/odds';
import { partyDetail, partyRange } from '../present/party';
import { voice } from '../present/voice';
import { toRange } from './convert';
import { checksIn } from './locate';

/** `≈76 %` (initiative: `≈10,5`; a party: `≈51 %–76 %`) right after each check with a known pool, the whole headline as its tooltip; for the requested range only. */
export function provideInlayHints(document: TextDocument, analysis: DocumentAnalysis, range: Range, locale: Locale): InlayHint[] {
  const wanted = { start: document.offsetAt(range.start), end: document.offsetAt(range.end) };
  const v = voice(locale);
  const hints: InlayHint[] = [];
  for (const check of checksIn(analysis, wanted)) {
    if (check.party) {
      // The party: its members' range, the whole party's figures as the tooltip.
      hints.push({ position: toRange(document, check.range).end, label: `≈${partyRange(check.party, v)}`, kind: InlayHintKind.Parameter, paddingLeft: true, tooltip: partyDetail(check.party, v) });
      continue;
    }
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
