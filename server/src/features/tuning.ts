import type { CodeAction } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { oddsFor } from '../analysis/analyzeDocument';
import { traitIndex } from '../analysis/resolve/traitIndex';
import { tuneCheck } from '../analysis/resolve/tuning';
import { type DictionaryEntry, type DocumentAnalysis, sheetsOf, type TextRange } from '../analysis/types';
import type { Locale } from '../present/locale';
import { tuningTitle } from '../present/tuning';
import { voice } from '../present/voice';
import { CodeActionKinds } from '../protocol';
import { toRange } from './convert';
import { checksIn } from './locate';

/**
 * «Подобрать сложность» on the check under the cursor: one action per target chance, each
 * setting the difficulty (storytelling: the modifier) whose exact chance is closest to it.
 */
export function provideTuningActions(document: TextDocument, analysis: DocumentAnalysis, range: TextRange, locale: Locale, dictionary: readonly DictionaryEntry[]): CodeAction[] {
  const checks = checksIn(analysis, range);
  // Several checks under a selection: tuning is about one check, the one the cursor is on.
  if (checks.length !== 1) return [];
  const { ruleset } = analysis;
  const context = { ruleset, index: traitIndex(ruleset, dictionary), characters: sheetsOf(analysis) };
  const v = voice(locale);
  return tuneCheck(checks[0], context, oddsFor).map((tuning) => ({
    title: tuningTitle(tuning, v),
    kind: CodeActionKinds.tuneDifficulty,
    edit: { changes: { [document.uri]: [{ range: toRange(document, tuning.edit.range), newText: tuning.edit.newText }] } },
  }));
}
