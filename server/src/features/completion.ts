import {
  type CompletionContext,
  type CompletionItem,
  CompletionItemKind,
  type CompletionList,
  CompletionTriggerKind,
  InsertTextFormat,
  MarkupKind,
  type Position,
  type Range,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalysis, Locale, RulesetProvider } from '../analysis/types';
import type { Ruleset, TraitCategory, TraitEntry } from '../engine/ruleset';
import { traitLine } from '../present/hover';
import { categoryName, rulesetSummary, rulesetTitle } from '../present/ruleset';
import { voice } from '../present/voice';
import { checkTemplates, frontMatterTemplate, sheetTemplate } from './completionTemplates';

/** Characters after which an editor should ask for completions without a keystroke of a word. */
export const COMPLETION_TRIGGERS = ['«', '(', '+', ',', ';', '−', ':'];

const CATEGORY_ORDER: Record<TraitCategory, number> = { attribute: 0, ability: 1, rollable: 2, power: 3, other: 4, generic: 5 };

const CATEGORY_KIND: Record<TraitCategory, CompletionItemKind> = {
  attribute: CompletionItemKind.Field,
  ability: CompletionItemKind.Property,
  rollable: CompletionItemKind.Variable,
  power: CompletionItemKind.Function,
  other: CompletionItemKind.Constant,
  generic: CompletionItemKind.Class,
};

interface ParamSuggestion {
  label: string;
  /** Snippet text; the label when absent. */
  snippet?: string;
  detail: Record<Locale, string>;
}

/** Parameters of the grammar (docs/markup.en.md, "Parameters") that the ruleset's family uses. */
function paramSuggestions(ruleset: Ruleset): ParamSuggestion[] {
  const out: ParamSuggestion[] = [];
  if (ruleset.family !== 'storytelling') {
    // A typical value to overwrite: vampire-pack's default of 0 would suggest writing nothing.
    const example = ruleset.family === 'd20' ? 12 : ruleset.family === 'classic' ? (ruleset.params.difficulty.default ?? 6) : 2;
    out.push({ label: 'сложность', snippet: `сложность \${1:${example}}`, detail: { ru: 'сложность проверки', en: 'difficulty' } });
  }
  out.push(
    { label: 'успехов', snippet: '${1:10} успехов', detail: { ru: 'продолжительное действие: сколько успехов нужно', en: 'extended action: successes needed' } },
    { label: 'бросков', snippet: '${1:5} бросков', detail: { ru: 'продолжительное действие: предел бросков', en: 'extended action: roll limit' } },
    { label: 'продолжительное', detail: { ru: 'продолжительное действие', en: 'extended action' } },
    { label: 'специализация', detail: { ru: 'специализация применима', en: 'a specialty applies' } },
  );
  if (ruleset.family === 'd20') {
    out.push(
      { label: 'Преимущество', detail: { ru: 'бросить 2к20, взять лучший', en: 'roll 2d20, keep the highest' } },
      { label: '2 Преимущества', detail: { ru: 'бросить 3к20, взять лучший', en: 'roll 3d20, keep the highest' } },
      { label: 'Помеха', detail: { ru: 'бросить 2к20, взять худший', en: 'roll 2d20, keep the lowest' } },
      { label: '2 Помехи', detail: { ru: 'бросить 3к20, взять худший', en: 'roll 3d20, keep the lowest' } },
      { label: 'статичная', detail: { ru: 'статичное значение, без броска', en: 'static value, no roll' } },
    );
  }
  if (ruleset.family === 'storytelling') {
    out.push(
      { label: 'снова-9', detail: { ru: 'переброс на 9 и 10', en: '9-again' } },
      { label: 'снова-8', detail: { ru: 'переброс на 8, 9 и 10', en: '8-again' } },
      { label: 'без снова-10', detail: { ru: 'без переброса десяток', en: 'no 10-again' } },
      { label: 'Воля', detail: { ru: `трата Воли: +${ruleset.params.willpowerDice} кости`, en: `spend Willpower: +${ruleset.params.willpowerDice} dice` } },
    );
  }
  if (ruleset.family === 'classic') {
    const name = ruleset.traits.find((t) => t.en === 'Willpower')?.name ?? 'Сила воли';
    out.push({ label: name, detail: { ru: 'трата Силы воли: автоматический успех', en: 'spend Willpower: an automatic success' } });
  }
  return out;
}

const FRONT_MATTER_KEYS: { label: string; detail: Record<Locale, string> }[] = [
  { label: 'ruleset', detail: { ru: 'правила документа', en: 'the document’s ruleset' } },
  { label: 'characters', detail: { ru: 'листы персонажей', en: 'character sheets' } },
  { label: 'система', detail: { ru: 'правила документа (то же, что ruleset)', en: 'the ruleset (same as ruleset)' } },
  { label: 'правила', detail: { ru: 'правила документа (то же, что ruleset)', en: 'the ruleset (same as ruleset)' } },
  { label: 'персонажи', detail: { ru: 'листы персонажей (то же, что characters)', en: 'character sheets (same as characters)' } },
];

function traitItems(ruleset: Ruleset, dictionary: readonly string[], range: Range, locale: Locale): CompletionItem[] {
  const v = voice(locale);
  const items = ruleset.traits.map((trait: TraitEntry): CompletionItem => {
    const category = categoryName(ruleset, trait.category, v) + (trait.group ? ` · ${trait.group}` : '');
    return {
      label: trait.name,
      labelDetails: { description: category },
      kind: CATEGORY_KIND[trait.category],
      detail: category,
      documentation: { kind: MarkupKind.Markdown, value: traitLine(trait, ruleset, v) },
      // Grouped by category (attributes first), alphabetical inside a group.
      sortText: `${CATEGORY_ORDER[trait.category]}_${trait.name}`,
      filterText: trait.name,
      textEdit: { range, newText: trait.name },
    };
  });
  const known = new Set(ruleset.traits.map((t) => t.name));
  for (const term of dictionary) {
    if (known.has(term)) continue;
    const description = v.w.projectDictionary;
    items.push({ label: term, labelDetails: { description }, kind: CompletionItemKind.Text, detail: description, sortText: `6_${term}`, filterText: term, textEdit: { range, newText: term } });
  }
  return items;
}

/** The line's text from its start to the cursor. */
function lineBefore(document: TextDocument, position: Position): string {
  return document.getText({ start: { line: position.line, character: 0 }, end: position });
}

/** Whether a line is inside the front matter block, judged from the text so that it works mid-edit. */
function inFrontMatter(document: TextDocument, line: number): boolean {
  if (line === 0) return false;
  const first = document.getText({ start: { line: 0, character: 0 }, end: { line: 1, character: 0 } }).replace(/^\uFEFF/, '');
  if (first.trimEnd() !== '---') return false;
  for (let l = 1; l < line; l++) {
    const text = document.getText({ start: { line: l, character: 0 }, end: { line: l + 1, character: 0 } }).trimEnd();
    if (text === '---' || text === '...') return false;
  }
  return true;
}

/** Whether the line is a character sheet's place: below `characters:` (or `персонажи:`) in the front matter. */
function underCharacters(document: TextDocument, line: number): boolean {
  for (let l = line - 1; l > 0; l--) {
    const text = document.getText({ start: { line: l, character: 0 }, end: { line: l + 1, character: 0 } }).trimEnd();
    if (/^(?:characters|персонажи)\s*:\s*$/u.test(text)) return true;
    if (!/^\s/u.test(text) && text !== '') return false;
  }
  return false;
}

function frontMatterCompletions(document: TextDocument, position: Position, analysis: DocumentAnalysis, rulesets: RulesetProvider, dictionary: readonly string[], locale: Locale): CompletionItem[] {
  const before = lineBefore(document, position);
  const at = (start: number): Range => ({ start: { line: position.line, character: start }, end: position });
  const rulesetValue = /^((?:ruleset|система|правила)\s*:\s*)([\w-]*)$/u.exec(before);
  if (rulesetValue) {
    return rulesets.ids().flatMap((id) => {
      const ruleset = rulesets.get(id);
      if (!ruleset) return [];
      const v = voice(locale);
      const title = rulesetTitle(ruleset, v);
      return [
        {
          label: id,
          labelDetails: { description: title },
          kind: CompletionItemKind.EnumMember,
          detail: title,
          documentation: { kind: MarkupKind.Markdown, value: rulesetSummary(ruleset, v) },
          textEdit: { range: at(rulesetValue[1].length), newText: id },
        },
      ];
    });
  }
  // A new character's line: its name and two traits of the ruleset.
  const sheet = /^( {1,2})\p{L}*$/u.exec(before);
  if (sheet && underCharacters(document, position.line)) return [sheetTemplate(analysis, at(sheet[1].length), locale)];
  const key = /^[\p{L}_]*$/u.exec(before);
  if (key) {
    return FRONT_MATTER_KEYS.map((k) => ({ label: k.label, kind: CompletionItemKind.Keyword, detail: k.detail[locale], textEdit: { range: at(0), newText: `${k.label}: ` } }));
  }
  // A trait key of a character sheet: indented under a name, or inside `{ … }` after one.
  const traitKey = /^(\s{3,})([\p{L} ]*)$/u.exec(before) ?? /^(.*[{,]\s*)([\p{L} ]*)$/u.exec(before);
  if (traitKey) return traitItems(analysis.ruleset, dictionary, at(traitKey[1].length), locale);
  return [];
}

const TERM_SEPARATORS = new Set(['+', '-', '−', '–', ':', '(', ')']);

/** Where the term being typed starts: after the last separator or «против» (JS `\b` knows no Cyrillic, hence the scan). */
function termStartOf(content: string): number {
  for (let i = content.length - 1; i >= 0; i--) {
    if (TERM_SEPARATORS.has(content[i])) return i + 1;
    if (/\s/.test(content[i]) && /^против$/iu.test(content.slice(Math.max(0, i - 6), i)) && (i - 6 === 0 || /\s/.test(content[i - 7] ?? ''))) return i + 1;
  }
  return 0;
}

/** Where in a «…» the cursor is, from the text of the line up to it. */
function checkContext(before: string): { content: string; contentStart: number } | undefined {
  const open = before.lastIndexOf('«');
  if (open < 0 || before.indexOf('»', open) >= 0) return undefined;
  return { content: before.slice(open + 1), contentStart: open + 1 };
}

function checkCompletions(position: Position, content: string, contentStart: number, analysis: DocumentAnalysis, dictionary: readonly string[], locale: Locale): CompletionItem[] {
  const at = (start: number): Range => ({ start: { line: position.line, character: contentStart + start }, end: position });
  const lastOpen = content.lastIndexOf('(');
  if (lastOpen > content.lastIndexOf(')')) {
    // Parameters: replace the word being typed after `(`, `,` or `;`.
    const sep = Math.max(lastOpen, content.lastIndexOf(','), content.lastIndexOf(';'));
    const start = sep + 1 + (content.slice(sep + 1).length - content.slice(sep + 1).trimStart().length);
    return paramSuggestions(analysis.ruleset).map((p, i) => ({
      label: p.label,
      kind: CompletionItemKind.Keyword,
      detail: p.detail[locale],
      sortText: String(i).padStart(2, '0'),
      filterText: p.label,
      textEdit: { range: at(start), newText: p.snippet ?? p.label },
      ...(p.snippet ? { insertTextFormat: InsertTextFormat.Snippet } : {}),
    }));
  }
  // A term: replace from after the last sign, colon, parenthesis or «против» to the cursor.
  const termStartRaw = termStartOf(content);
  const termStart = termStartRaw + (content.slice(termStartRaw).length - content.slice(termStartRaw).trimStart().length);
  const items = traitItems(analysis.ruleset, dictionary, at(termStart), locale);
  // Before anything else is written, the check may start with a character's name and a colon.
  if (termStartRaw === 0 && analysis.frontMatter) {
    for (const sheet of analysis.frontMatter.characters) {
      items.push({
        label: sheet.name,
        kind: CompletionItemKind.Reference,
        detail: voice(locale).w.character,
        sortText: ` ${sheet.name}`,
        filterText: sheet.name,
        textEdit: { range: at(termStart), newText: `${sheet.name}: ` },
      });
    }
  }
  return items;
}

/** The word the cursor ends (letters, digits, hyphens): what a template typed in prose replaces. */
function wordBefore(before: string): number {
  const match = /[\p{L}\p{N}-]*$/u.exec(before);
  return before.length - (match?.[0].length ?? 0);
}

/**
 * Completion inside «…» (check templates right after «, traits of the active ruleset grouped by
 * category, parameters after `(`, character names before `:`), in the front matter (keys,
 * ruleset ids, a character sheet's line and traits) and, in prose, check templates when the
 * author asks (Ctrl+Space; and the front matter on the first line of a document without one).
 * Null elsewhere, so that nothing of Rollmark pops up in prose uninvited.
 */
export function provideCompletion(
  document: TextDocument,
  analysis: DocumentAnalysis,
  position: Position,
  rulesets: RulesetProvider,
  dictionary: readonly string[],
  locale: Locale,
  completionContext?: CompletionContext,
): CompletionList | null {
  const clamped = document.positionAt(document.offsetAt(position));
  if (inFrontMatter(document, clamped.line)) {
    const items = frontMatterCompletions(document, clamped, analysis, rulesets, dictionary, locale);
    return items.length > 0 ? { isIncomplete: false, items } : null;
  }
  const before = lineBefore(document, clamped);
  const context = checkContext(before);
  if (context) {
    const items = checkCompletions(clamped, context.content, context.contentStart, analysis, dictionary, locale);
    if (context.content.trim() !== '') return { isIncomplete: false, items };
    // Right after «: whole checks of this ruleset first; the » an editor closed the « with stays.
    const closed = document.getText({ start: clamped, end: { line: clamped.line, character: clamped.character + 1 } }) === '»';
    return { isIncomplete: false, items: [...checkTemplates(analysis, { start: clamped, end: clamped }, locale, { wrap: false, closed }), ...items] };
  }
  if (completionContext?.triggerKind !== CompletionTriggerKind.Invoked) return null;
  const word = { start: { line: clamped.line, character: wordBefore(before) }, end: clamped };
  const items = checkTemplates(analysis, word, locale, { wrap: true, closed: false });
  if (!analysis.frontMatter && clamped.line === 0 && word.start.character === 0) items.unshift(frontMatterTemplate(analysis, rulesets, word, locale));
  return { isIncomplete: false, items };
}
