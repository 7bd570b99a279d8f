import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextEdit } from 'vscode-languageserver';
import { rulesetEdit } from '../analysis/project/frontMatterEdit';
import type { Locale, RulesetProvider } from '../analysis/types';
import type { SetDocumentRulesetArgs } from '../protocol';
import { toRange } from './convert';

const PROBLEMS = {
  unknown: (id: string) => ({ ru: `Правил «${id}» нет среди доступных в этой папке`, en: `There is no ruleset "${id}" in this folder` }),
  malformed: () => ({ ru: 'Front matter документа содержит ошибки: исправьте их, и правила можно будет выбрать', en: "The document's front matter has errors: fix them first, then choose the ruleset" }),
  unclosed: () => ({ ru: 'Front matter документа не закрыт строкой «---»: закройте его, и правила можно будет выбрать', en: "The document's front matter is not closed by a \"---\" line: close it first, then choose the ruleset" }),
};

/** The edit naming the ruleset in the document's front matter, or why it cannot be made. */
export function provideSetDocumentRuleset(document: TextDocument, args: SetDocumentRulesetArgs, rulesets: RulesetProvider, locale: Locale): { edit: TextEdit } | { reason: string } {
  if (!rulesets.get(args.ruleset)) return { reason: PROBLEMS.unknown(args.ruleset)[locale] };
  const result = rulesetEdit(document.getText(), args.ruleset);
  if ('problem' in result) return { reason: PROBLEMS[result.problem]()[locale] };
  return { edit: { range: toRange(document, result.edit.range), newText: result.edit.newText } };
}
