/**
 * Trait categories by name: the ruleset files write the engine's ids, a project dictionary may
 * write the words a Storyteller uses («навык», «skill», «Дисциплина»).
 */
import type { TraitCategory, TraitEntry } from './ruleset';

export const TRAIT_CATEGORIES: readonly TraitCategory[] = ['attribute', 'ability', 'rollable', 'power', 'generic', 'other'];

/**
 * Words for a category, lower case, ё as е. Skills, Talents and Knowledges are all `ability` for
 * the composition rules; Backgrounds, Spheres and resources are `other` (known, not normally rolled).
 */
const CATEGORY_WORDS: Readonly<Record<string, TraitCategory>> = {
  attribute: 'attribute',
  атрибут: 'attribute',
  характеристика: 'attribute',
  ability: 'ability',
  skill: 'ability',
  talent: 'ability',
  knowledge: 'ability',
  способность: 'ability',
  навык: 'ability',
  талант: 'ability',
  знание: 'ability',
  rollable: 'rollable',
  power: 'power',
  discipline: 'power',
  дисциплина: 'power',
  generic: 'generic',
  other: 'other',
  background: 'other',
  sphere: 'other',
  advantage: 'other',
  дополнение: 'other',
  предыстория: 'other',
  сфера: 'other',
  преимущество: 'other',
};

/** The category a word names (`skill`, «Навык», `attribute`, …), or undefined for an unknown word. */
export function traitCategoryOf(word: string): TraitCategory | undefined {
  const key = word.trim().toLocaleLowerCase('ru').replace(/ё/g, 'е');
  return Object.prototype.hasOwnProperty.call(CATEGORY_WORDS, key) ? CATEGORY_WORDS[key] : undefined;
}

/** Every word `traitCategoryOf` accepts, for messages and completion. */
export function traitCategoryWords(): string[] {
  return Object.keys(CATEGORY_WORDS);
}

/**
 * A project dictionary entry as a trait. A plain entry (no category) is ability-like for the pool
 * rules; the text of no ruleset attests it.
 */
export function dictionaryTrait(name: string, category: TraitCategory = 'ability'): TraitEntry {
  return { name, category, attested: false };
}
