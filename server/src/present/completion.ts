/** Completion's words: what each template is, the words it is found by, its documentation. */
import type { TemplateKind } from '../analysis/checkTemplates';
import type { Ruleset } from '../engine/ruleset';
import { rulesetSummary, rulesetTitle } from './ruleset';
import type { Voice } from './voice';

const KIND_WORDS = {
  check: 'templateCheck',
  modifier: 'templateModifier',
  contest: 'templateContest',
  extended: 'templateExtended',
  specialty: 'templateSpecialty',
  edge: 'templateEdge',
} as const satisfies Record<TemplateKind, keyof Voice['w']>;

/** What a check template writes: «встречная проверка». */
export function templateDetail(kind: TemplateKind, v: Voice): string {
  return v.w[KIND_WORDS[kind]];
}

/**
 * The words a template is found by besides its text, Russian and English whatever the display
 * language (an author types either): the old snippets' prefixes.
 */
const KEYWORDS: Record<TemplateKind | 'frontMatter' | 'sheet', string> = {
  check: 'проверка check',
  modifier: 'модификатор modifier',
  contest: 'против contest versus',
  extended: 'продолжительное extended',
  specialty: 'специализация specialty',
  edge: 'преимущество помеха advantage',
  frontMatter: 'frontmatter front matter ruleset правила',
  sheet: 'персонаж character',
};

export function templateKeywords(kind: TemplateKind | 'frontMatter' | 'sheet'): string {
  return KEYWORDS[kind];
}

/** A check template's documentation: the ruleset it is made for, «**title**: summary» (Markdown). */
export function templateDocumentation(ruleset: Ruleset, v: Voice): string {
  return `**${rulesetTitle(ruleset, v)}**: ${rulesetSummary(ruleset, v)}`;
}
