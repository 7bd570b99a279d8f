import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextEdit } from 'vscode-languageserver';
import { rulesetEdit } from '../analysis/project/frontMatterEdit';
import type { RulesetProvider } from '../analysis/types';
import type { Locale } from '../present/locale';
import { voice } from '../present/voice';
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

/** The edit naming the ruleset in the document's front matter, or why it cannot be made. */
export function provideSetDocumentRuleset(document: TextDocument, args: SetDocumentRulesetArgs, rulesets: RulesetProvider, locale: Locale): { edit: TextEdit } | { reason: string } {
  const v = voice(locale);
  if (!rulesets.get(args.ruleset)) return { reason: v.w.rulesetNotInFolder(args.ruleset) };
  const result = rulesetEdit(document.getText(), args.ruleset);
  if ('problem' in result) return { reason: result.problem === 'malformed' ? v.w.frontMatterMalformed : v.w.frontMatterUnclosed };
  return { edit: { range: toRange(document, result.edit.range), newText: result.edit.newText } };
}
