import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalysis } from '../analysis/types';
import type { Locale } from '../present/locale';
import { voice } from '../present/voice';
import type { CheckChipsResult, RollmarkSettings } from '../protocol';
import { documentChips } from '../report/chips';
import { toRange } from './convert';
import { effectiveSeverity } from './diagnostics';

/**
 * `rollmark/checkChips`: every check of the document as the Markdown preview draws it (report/chips.ts),
 * problems as the editor shows them. The client keeps them per document and looks checks up
 * while the preview renders: markdown-it renders synchronously and never asks the server.
 */
export function provideCheckChips(document: TextDocument, version: number, analysis: DocumentAnalysis, settings: RollmarkSettings, locale: Locale): CheckChipsResult {
  const chips = documentChips(analysis, voice(locale), (d) => effectiveSeverity(d, settings));
  return {
    uri: document.uri,
    version,
    chips: chips.map((chip) => ({
      text: chip.text,
      range: toRange(document, chip.range),
      chance: chip.chance,
      label: chip.label,
      title: chip.title,
      band: chip.band,
      ...(chip.severity ? { severity: chip.severity } : {}),
    })),
  };
}
