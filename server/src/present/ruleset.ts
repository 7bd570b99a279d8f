/** A ruleset's own words for the reader: its title, summary, outcomes and categories of traits. */
import { categoryTerm } from '../analysis/resolve/categoryTerms';
import type { FamilyId, Ruleset, TraitCategory } from '../engine/ruleset';
import type { Voice } from './voice';

export function rulesetTitle(ruleset: Ruleset, v: Voice): string {
  return v.locale === 'en' && ruleset.titleEn ? ruleset.titleEn : ruleset.title;
}

export function rulesetSummary(ruleset: Ruleset, v: Voice): string {
  return v.locale === 'en' && ruleset.summaryEn ? ruleset.summaryEn : ruleset.summary;
}

/** An outcome as the ruleset names it; a ruleset without the name gets the key itself. */
export function outcomeName(ruleset: Ruleset, key: string, v: Voice): string {
  const name = ruleset.outcomes[key];
  if (name) return v.pick(name);
  return key === 'success' ? v.w.success : key;
}

/** What a trait is: the ruleset's term for its category («Характеристика», «Навык»), else the catalog's. */
export function categoryName(ruleset: Ruleset, category: TraitCategory, v: Voice): string {
  const term = categoryTerm(ruleset, category);
  if (term) return v.locale === 'ru' ? term.name : term.en;
  switch (category) {
    case 'attribute':
      return v.w.attribute;
    case 'ability':
      return v.w.ability;
    case 'power':
      return v.w.power;
    case 'rollable':
      return v.w.rollable;
    case 'generic':
      return v.w.generic;
    case 'other':
      return v.w.otherTrait;
  }
}

/** A contest's tie: in vampire-pack the ties the Attribute does not break are the Storyteller's (004 l.119). */
export function tieWord(ruleset: Ruleset, v: Voice): string {
  return ruleset.family === 'pool-minus-difficulty' ? v.w.tieStoryteller : v.w.tie;
}

/** Whether the family rolls a die plus a modifier rather than a pool of dice. */
export function rollsModifier(family: FamilyId): boolean {
  return family === 'd20';
}

/** «пул 4», «модификатор +4». */
export function poolText(ruleset: Ruleset, pool: number, v: Voice): string {
  return rollsModifier(ruleset.family) ? v.w.modifier(v.signed(pool)) : v.w.pool(v.number(pool));
}

/** «пул неизвестен», «модификатор неизвестен»; an initiative roll's «рейтинг неизвестен». */
export function unknownPoolText(ruleset: Ruleset, v: Voice, initiative = false): string {
  if (initiative) return v.w.ratingUnknown;
  return rollsModifier(ruleset.family) ? v.w.modifierUnknown : v.w.poolUnknown;
}

const FAMILY_WORDS = {
  classic: 'familyClassic',
  storytelling: 'familyStorytelling',
  'pool-minus-difficulty': 'familyPoolMinusDifficulty',
  d20: 'familyD20',
} as const satisfies Record<FamilyId, keyof Voice['w']>;

/** How a ruleset rolls, its vocabulary and its typical pool: «пул к10 минус сложность, успех на 8+», «словарь закрытый», «типичный пул 4». */
export function rulesetFacts(ruleset: Ruleset, v: Voice): string[] {
  const vocabulary = ruleset.vocabulary === 'closed' ? v.w.closedVocabulary : v.w.openVocabulary;
  const typical = rollsModifier(ruleset.family) ? v.w.typicalModifier(v.signed(ruleset.typicalPool)) : v.w.typicalPool(v.number(ruleset.typicalPool));
  return [v.w[FAMILY_WORDS[ruleset.family]], vocabulary, typical];
}
