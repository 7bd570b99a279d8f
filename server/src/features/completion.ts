/**
 * Completion: analysis/completion/completionPlace.ts decides what is offered where, checkTemplates.ts what a
 * template or parameter writes, present/completion.ts what each is called; here they become
 * completion items. Null where nothing is offered.
 */
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
import { checkParameters, templateText } from '../analysis/completion/checkTemplates';
import { type CompletionOffer, completionPlace, FRONT_MATTER_KEYS } from '../analysis/completion/completionPlace';
import { type TraitRank, traitSlotRanking } from '../analysis/completion/traitSlot';
import { SUPPRESSIBLE_CODES } from '../analysis/document/suppressions';
import { SUPPRESSION_DIRECTIVES } from '../analysis/markdown/suppressionSyntax';
import { type DocumentAnalysis, type RulesetProvider, sheetsOf } from '../analysis/types';
import type { Locale } from '../present/locale';
import type { Ruleset, TraitCategory, TraitEntry } from '../engine/ruleset';
import { directiveDetail, frontMatterKeyDetail, parameterDetail, traitCategoryLabel } from '../present/completion';
import { CODE_SUMMARY } from '../present/messages';
import { traitLine } from '../present/hover';
import { rulesetSummary, rulesetTitle } from '../present/ruleset';
import { voice } from '../present/voice';
import { checkTemplates, frontMatterTemplate, sheetTemplate, snippetOf } from './completionTemplates';

/**
 * Characters after which an editor should ask for completions without a keystroke of a word. The
 * space: after «или» and «против» a new trait starts (completionPlace answers nothing in prose).
 */
export const COMPLETION_TRIGGERS = ['«', '(', '+', ',', ';', '−', ':', '/', ' '];

const CATEGORY_ORDER: Record<TraitCategory, number> = { attribute: 0, ability: 1, rollable: 2, power: 3, other: 4, generic: 5 };

/** Asks the editor for the next list right after an item is accepted: a check's name and colon call for a trait. */
const SUGGEST_AGAIN = { title: '', command: 'editor.action.triggerSuggest' };

const CATEGORY_KIND: Record<TraitCategory, CompletionItemKind> = {
  attribute: CompletionItemKind.Field,
  ability: CompletionItemKind.Property,
  rollable: CompletionItemKind.Variable,
  power: CompletionItemKind.Function,
  other: CompletionItemKind.Constant,
  generic: CompletionItemKind.Class,
};

/**
 * The ruleset's traits, then the project dictionary's. `rank` (inside a check): the slot's order and
 * the typos of `typed`, whose filterText is what was typed so that the editor keeps them listed.
 */
function traitItems(ruleset: Ruleset, dictionary: readonly string[], range: Range, locale: Locale, rank?: (trait: TraitEntry) => TraitRank, typed = '', suffix = ''): CompletionItem[] {
  const v = voice(locale);
  const items = ruleset.traits.map((trait: TraitEntry): CompletionItem => {
    const category = traitCategoryLabel(trait, ruleset, v);
    const ranked = rank?.(trait);
    return {
      label: trait.name,
      labelDetails: { description: category },
      kind: CATEGORY_KIND[trait.category],
      detail: category,
      documentation: { kind: MarkupKind.Markdown, value: traitLine(trait, ruleset, v) },
      // Grouped by category (attributes first), alphabetical inside a group; in a check, the slot's order first.
      sortText: `${ranked?.order ?? ''}${CATEGORY_ORDER[trait.category]}_${trait.name}`,
      filterText: ranked?.typo ? typed : trait.name,
      textEdit: { range, newText: `${trait.name}${suffix}` },
    };
  });
  const known = new Set(ruleset.traits.map((t) => t.name));
  for (const term of dictionary) {
    if (known.has(term)) continue;
    const description = v.w.projectDictionary;
    items.push({ label: term, labelDetails: { description }, kind: CompletionItemKind.Text, detail: description, sortText: `6_${term}`, filterText: term, textEdit: { range, newText: `${term}${suffix}` } });
  }
  return items;
}

function parameterItems(ruleset: Ruleset, range: Range, locale: Locale): CompletionItem[] {
  return checkParameters(ruleset).map((p, i) => {
    const snippet = p.parts.some((part) => !('text' in part));
    return {
      label: p.label,
      kind: CompletionItemKind.Keyword,
      detail: parameterDetail(p, voice(locale)),
      sortText: String(i).padStart(2, '0'),
      filterText: p.label,
      textEdit: { range, newText: snippet ? snippetOf(p.parts) : templateText(p.parts) },
      ...(snippet ? { insertTextFormat: InsertTextFormat.Snippet } : {}),
    };
  });
}

function rulesetIdItems(rulesets: RulesetProvider, range: Range, locale: Locale): CompletionItem[] {
  const v = voice(locale);
  return rulesets.ids().flatMap((id) => {
    const ruleset = rulesets.get(id);
    if (!ruleset) return [];
    const title = rulesetTitle(ruleset, v);
    return [
      {
        label: id,
        labelDetails: { description: title },
        kind: CompletionItemKind.EnumMember,
        detail: title,
        documentation: { kind: MarkupKind.Markdown, value: rulesetSummary(ruleset, v) },
        textEdit: { range, newText: id },
      },
    ];
  });
}

/** The text of the cursor's line after it. */
function lineAfter(document: TextDocument, cursor: Position): string {
  return document.getText({ start: cursor, end: { line: cursor.line + 1, character: 0 } });
}

/**
 * Completion inside «…», in the front matter and, when the author asks (Ctrl+Space), in prose
 * (analysis/completion/completionPlace.ts); null elsewhere.
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
  const offset = document.offsetAt(position);
  const place = completionPlace(document.getText(), offset, analysis.frontMatter !== undefined, completionContext?.triggerKind === CompletionTriggerKind.Invoked);
  if (!place) return null;
  const cursor = document.positionAt(offset);
  const itemsFor = (offer: CompletionOffer): CompletionItem[] => {
    const range: Range = { start: document.positionAt(offer.start), end: cursor };
    switch (offer.kind) {
      case 'rulesetIds':
        return rulesetIdItems(rulesets, range, locale);
      case 'sheetLine':
        return [sheetTemplate(analysis, range, locale)];
      case 'frontMatterKeys':
        return FRONT_MATTER_KEYS.map((k) => ({ label: k.key, kind: CompletionItemKind.Keyword, detail: frontMatterKeyDetail(k, voice(locale)), textEdit: { range, newText: `${k.key}: ` } }));
      case 'traits': {
        // A sheet's key: the colon after it too, unless one follows already.
        if (offer.check === undefined) return traitItems(analysis.ruleset, dictionary, range, locale, undefined, '', /^\s*:/u.test(lineAfter(document, cursor)) ? '' : ': ');
        const typed = document.getText(range);
        const rank = traitSlotRanking(analysis.ruleset, sheetsOf(analysis), offer.check, typed);
        return traitItems(analysis.ruleset, dictionary, range, locale, rank, typed);
      }
      case 'parameters':
        return parameterItems(analysis.ruleset, range, locale);
      case 'characters':
        return sheetsOf(analysis).map((sheet) => ({
          label: sheet.name,
          kind: CompletionItemKind.Reference,
          detail: voice(locale).w.character,
          sortText: ` ${sheet.name}`,
          filterText: sheet.name,
          textEdit: { range, newText: `${sheet.name}: ` },
          command: SUGGEST_AGAIN,
        }));
      case 'checkTemplates':
        return checkTemplates(analysis, range, locale, offer);
      case 'frontMatterTemplate':
        return [frontMatterTemplate(analysis, rulesets, range, locale)];
      case 'suppressionDirectives':
        return SUPPRESSION_DIRECTIVES.map((directive, i) => ({
          label: `rollmark-${directive}`,
          kind: CompletionItemKind.Keyword,
          detail: directiveDetail(directive, voice(locale)),
          sortText: String(i),
          textEdit: { range, newText: `rollmark-${directive} ` },
          command: SUGGEST_AGAIN,
        }));
      case 'suppressionCodes':
        return SUPPRESSIBLE_CODES.filter((code) => !offer.written.includes(code)).map((code) => ({
          label: code,
          kind: CompletionItemKind.EnumMember,
          detail: CODE_SUMMARY[code][locale],
          textEdit: { range, newText: code },
        }));
    }
  };
  const items = place.offers.flatMap(itemsFor);
  if ((place.where === 'frontMatter' || place.where === 'comment') && items.length === 0) return null;
  // Inside a check the server filters as the author types: the slot's start moves past the space
  // typed after a sign, and typos stay listed; the editor must ask again at every keystroke.
  return { isIncomplete: place.where === 'check', items };
}
