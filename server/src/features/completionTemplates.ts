/**
 * Templates as completion items: analysis/completion/checkTemplates.ts decides what a ruleset's templates
 * hold, present/completion.ts names them; here they are written in LSP's snippet syntax.
 */
import { type CompletionItem, CompletionItemKind, InsertTextFormat, MarkupKind, type Range } from 'vscode-languageserver';
import { checkTemplates as templatesFor, frontMatterTemplate as frontMatterFor, sheetLineTemplate, type TemplatePart, templateText } from '../analysis/completion/checkTemplates';
import { type DocumentAnalysis, type RulesetProvider, sheetsOf } from '../analysis/types';
import type { Locale } from '../present/locale';
import { templateDetail, templateDocumentation, templateKeywords } from '../present/completion';
import { voice } from '../present/voice';

/** Escapes text for a snippet's placeholder or plain text. */
function snippetText(text: string): string {
  return text.replace(/[\\$}]/g, (c) => `\\${c}`);
}

/** Escapes one option of a snippet choice (`${1|a,b|}`). */
function choiceText(text: string): string {
  return text.replace(/[\\$}|,]/g, (c) => `\\${c}`);
}

/** The parts as a snippet: fields and choices numbered from 1 in order. */
export function snippetOf(parts: readonly TemplatePart[]): string {
  let next = 1;
  return parts
    .map((part) => {
      if ('text' in part) return snippetText(part.text);
      if ('field' in part) return `\${${next++}:${snippetText(part.field)}}`;
      return `\${${next++}|${part.choice.map(choiceText).join(',')}|}`;
    })
    .join('');
}

/**
 * Check templates for the document's ruleset. `wrap`: whole checks, guillemets included, that
 * replace `range` (the word typed in prose); else the content only, right after «, with the »
 * added unless it is already there (`closed`).
 */
export function checkTemplates(analysis: DocumentAnalysis, range: Range, locale: Locale, mode: { wrap: boolean; closed: boolean }): CompletionItem[] {
  const ruleset = analysis.ruleset;
  const v = voice(locale);
  const documentation = { kind: MarkupKind.Markdown, value: templateDocumentation(ruleset, v) };
  return templatesFor(ruleset, sheetsOf(analysis)).map(({ kind, parts }, i): CompletionItem => {
    const text = templateText(parts);
    const open = mode.wrap ? '«' : '';
    const close = mode.wrap || !mode.closed ? '»' : '';
    return {
      label: `${open}${text}${mode.wrap ? '»' : ''}`,
      labelDetails: { description: templateDetail(kind, v) },
      kind: CompletionItemKind.Snippet,
      detail: templateDetail(kind, v),
      documentation,
      // Before traits and characters after «; among themselves in this order.
      sortText: ` 0${i}`,
      filterText: mode.wrap ? `${templateKeywords(kind)} ${text}` : text,
      insertTextFormat: InsertTextFormat.Snippet,
      textEdit: { range, newText: `${open}${snippetOf(parts)}${close}$0` },
    };
  });
}

/** The front matter for a document that has none: its ruleset a choice of every ruleset of the folder. */
export function frontMatterTemplate(analysis: DocumentAnalysis, rulesets: RulesetProvider, range: Range, locale: Locale): CompletionItem {
  const parts = frontMatterFor(analysis.ruleset, rulesets.ids());
  return {
    label: 'front matter',
    labelDetails: { description: voice(locale).w.templateFrontMatter },
    kind: CompletionItemKind.Snippet,
    detail: voice(locale).w.templateFrontMatter,
    filterText: templateKeywords('frontMatter'),
    insertTextFormat: InsertTextFormat.Snippet,
    textEdit: { range, newText: `${snippetOf(parts)}$0` },
  };
}

/** A character sheet's line, where the front matter lists characters. */
export function sheetTemplate(analysis: DocumentAnalysis, range: Range, locale: Locale): CompletionItem {
  const parts = sheetLineTemplate(analysis.ruleset);
  const text = templateText(parts);
  return {
    label: text,
    labelDetails: { description: voice(locale).w.templateSheet },
    kind: CompletionItemKind.Snippet,
    detail: voice(locale).w.templateSheet,
    filterText: `${templateKeywords('sheet')} ${text}`,
    insertTextFormat: InsertTextFormat.Snippet,
    textEdit: { range, newText: `${snippetOf(parts)}$0` },
  };
}
