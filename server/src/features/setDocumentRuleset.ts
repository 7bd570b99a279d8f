import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextEdit } from 'vscode-languageserver';
import { rulesetEdit } from '../analysis/project/frontMatterEdit';
import type { RulesetProvider } from '../analysis/types';
import type { Locale } from '../present/locale';
import { voice } from '../present/voice';
import type { SetDocumentRulesetArgs } from '../protocol';
import { toRange } from './convert';

/** The edit naming the ruleset in the document's front matter, or why it cannot be made. */
export function provideSetDocumentRuleset(document: TextDocument, args: SetDocumentRulesetArgs, rulesets: RulesetProvider, locale: Locale): { edit: TextEdit } | { reason: string } {
  const v = voice(locale);
  if (!rulesets.get(args.ruleset)) return { reason: v.w.rulesetNotInFolder(args.ruleset) };
  const result = rulesetEdit(document.getText(), args.ruleset);
  if ('problem' in result) return { reason: result.problem === 'malformed' ? v.w.frontMatterMalformed : v.w.frontMatterUnclosed };
  return { edit: { range: toRange(document, result.edit.range), newText: result.edit.newText } };
}
