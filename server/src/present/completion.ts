/** Completion's words: what each template, parameter, key and trait is; the words a template is found by. */
import type { CheckParameter, ParameterKind, TemplateKind } from '../analysis/completion/checkTemplates';
import type { FrontMatterKey } from '../analysis/completion/completionPlace';
import type { SuppressionDirective } from '../analysis/markdown/suppressionSyntax';
import type { Ruleset, TraitEntry } from '../engine/ruleset';
import { categoryName, rulesetSummary, rulesetTitle } from './ruleset';
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

const PARAMETER_WORDS = {
  difficulty: 'paramDifficulty',
  successes: 'paramSuccesses',
  rolls: 'paramRolls',
  extended: 'paramExtended',
  specialty: 'paramSpecialty',
  advantage: 'paramAdvantage',
  twoAdvantages: 'paramTwoAdvantages',
  hindrance: 'paramHindrance',
  twoHindrances: 'paramTwoHindrances',
  static: 'paramStatic',
  nineAgain: 'paramNineAgain',
  eightAgain: 'paramEightAgain',
  noTenAgain: 'paramNoTenAgain',
  willpowerSuccess: 'paramWillpowerSuccess',
  twice: 'paramTwice',
  attempts: 'paramAttempts',
  secondAttempt: 'paramSecondAttempt',
  special: 'paramSpecial',
  damage: 'paramDamage',
  attack: 'paramAttack',
  defence: 'paramDefence',
  deal: 'paramDeal',
  extraSuccesses: 'paramExtraSuccesses',
  durability: 'paramDurability',
  maneuver: 'paramManeuver',
  headStart: 'paramHeadStart',
  replay: 'paramReplay',
} as const satisfies Record<Exclude<ParameterKind, 'willpowerDice'>, keyof Voice['w']>;

/** What a parameter does: «продолжительное действие: предел бросков». */
export function parameterDetail(parameter: CheckParameter, v: Voice): string {
  if (parameter.kind === 'willpowerDice') return v.w.paramWillpowerDice(v.number(parameter.dice));
  return v.w[PARAMETER_WORDS[parameter.kind]];
}

/** What a front-matter key holds. */
export function frontMatterKeyDetail(key: FrontMatterKey, v: Voice): string {
  if (key.names === 'ruleset') return key.alias ? v.w.keyRulesetAlias : v.w.keyRuleset;
  return key.alias ? v.w.keyCharactersAlias : v.w.keyCharacters;
}

const DIRECTIVE_WORDS = {
  'disable-next-line': 'directiveDisableNextLine',
  disable: 'directiveDisable',
  enable: 'directiveEnable',
} as const satisfies Record<SuppressionDirective, keyof Voice['w']>;

/** What a suppression directive does. */
export function directiveDetail(directive: SuppressionDirective, v: Voice): string {
  return v.w[DIRECTIVE_WORDS[directive]];
}

/** A trait's category in the ruleset's own term, and its group: «Характеристика · Физические». */
export function traitCategoryLabel(trait: TraitEntry, ruleset: Ruleset, v: Voice): string {
  return categoryName(ruleset, trait.category, v) + (trait.group ? ` · ${trait.group}` : '');
}
