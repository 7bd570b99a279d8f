import { type Hover, MarkupKind, type Position } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { traitIndex } from '../analysis/resolve/traitIndex';
import type { DictionaryEntry, DocumentAnalysis, TextRange } from '../analysis/types';
import type { Locale } from '../present/locale';
import { showControls } from '../present/escape';
import { checkHoverMarkdown, rulesetHoverMarkdown, traitLine } from '../present/hover';
import { voice } from '../present/voice';
import { contains, toRange } from './convert';
import { checkAt, termAt } from './locate';

/**
 * A sheet entry from its key to its value («Атлетика: 3»). The analysis gives the value's
 * range; the key is what precedes it on the line, after `{`, `,` or the indentation.
 */
function sheetEntryRange(text: string, value: TextRange): TextRange {
  let start = value.start;
  while (start > 0 && text[start - 1] === ' ') start--;
  if (text[start - 1] !== ':') return value;
  start--;
  while (start > 0 && !/[{,\n\r]/.test(text[start - 1])) start--;
  while (text[start] === ' ' || text[start] === '\t') start++;
  return { start, end: value.end };
}

/** A hover in Markdown; a control that would reorder it (a U+202E in a name) shown as an escape. */
function markdownHover(document: TextDocument, value: string, range: TextRange): Hover {
  return { contents: { kind: MarkupKind.Markdown, value: showControls(value) }, range: toRange(document, range) };
}

/**
 * Hover: the odds of a check wherever the cursor is on it (the trait under the cursor after
 * them), a character sheet's trait, or the front matter's ruleset id. Quotations and plain
 * prose get nothing.
 */
export function provideHover(document: TextDocument, analysis: DocumentAnalysis, position: Position, locale: Locale, dictionary: readonly DictionaryEntry[] = []): Hover | null {
  const offset = document.offsetAt(position);
  const v = voice(locale);
  const { ruleset, frontMatter } = analysis;
  if (frontMatter && contains(frontMatter.range, offset)) {
    const id = frontMatter.rulesetId;
    if (id && contains(id.range, offset) && ruleset.id === id.value) return markdownHover(document, rulesetHoverMarkdown(ruleset, v), id.range);
    const index = traitIndex(ruleset, dictionary);
    const text = document.getText();
    for (const sheet of frontMatter.characters) {
      for (const [name, entry] of sheet.traits) {
        const written = sheetEntryRange(text, entry.range);
        if (!contains(written, offset)) continue;
        const match = index.lookup(name);
        return match ? markdownHover(document, traitLine(match.trait, ruleset, v), written) : null;
      }
    }
    return null;
  }
  const check = checkAt(analysis, offset);
  if (!check) return null;
  const term = termAt(check, offset);
  return markdownHover(document, checkHoverMarkdown(check, ruleset, v, term?.trait), term?.trait ? term.range : check.range);
}
