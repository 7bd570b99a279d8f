import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextEdit } from 'vscode-languageserver';
import { rulesetEdit } from '../analysis/project/frontMatterEdit';
import type { Locale, RulesetProvider } from '../analysis/types';
import type { SetDocumentRulesetArgs } from '../protocol';
import { toRange } from './convert';

/** Why arguments were refused; the server answers with InvalidParams. */
export class SetRulesetArgumentError extends Error {}

export function parseSetRulesetArgs(raw: unknown): SetDocumentRulesetArgs {
  if (typeof raw !== 'object' || raw === null) throw new SetRulesetArgumentError('expected one argument {uri, ruleset}');
  const a = raw as Record<string, unknown>;
  if (typeof a.uri !== 'string' || a.uri === '') throw new SetRulesetArgumentError('"uri" must be a document URI');
  if (typeof a.ruleset !== 'string' || a.ruleset.trim() === '') throw new SetRulesetArgumentError('"ruleset" must be a ruleset id');
  return { uri: a.uri, ruleset: a.ruleset.trim() };
}

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
