import type { CompositionItem, Ruleset, TraitCategory, TraitEntry } from '../../engine/ruleset';
import { categoryTerm } from './categoryTerms';
import { messages } from '../diagnosticCatalog';
import type { Locale } from '../types';

/** Whether a trait is what a composition item names: its category, or its canonical name. */
function fits(trait: TraitEntry, item: CompositionItem): boolean {
  return trait.category === item || trait.name === item;
}

/** Whether every item is claimed by a different trait of the pool. */
function claims(traits: readonly TraitEntry[], combination: readonly CompositionItem[]): boolean {
  const used = new Array<boolean>(traits.length).fill(false);
  // Names before categories, so «Самообладание» is claimed by its own item, not by `attribute`.
  const ordered = [...combination].sort((a, b) => Number(isCategory(a)) - Number(isCategory(b)));
  return ordered.every((item) => {
    const at = traits.findIndex((t, i) => !used[i] && fits(t, item));
    if (at < 0) return false;
    used[at] = true;
    return true;
  });
}

function isCategory(item: CompositionItem): boolean {
  return /^[a-z]+$/.test(item);
}

/** Categories the ruleset's text has no generic term for. */
const CATEGORY_WORDS: Record<string, Record<Locale, string>> = {
  attribute: { ru: 'Атрибут', en: 'Attribute' },
  ability: { ru: 'Навык', en: 'Skill' },
  power: { ru: 'Дисциплина', en: 'Discipline' },
  rollable: { ru: 'черта для броска', en: 'rollable trait' },
};

/** A combination in the ruleset's own terms: vampire-pack «Характеристика + Навык». */
function describe(ruleset: Ruleset, combination: readonly CompositionItem[], locale: Locale): string {
  return combination.map((item) => (isCategory(item) ? categoryTerm(ruleset, item as TraitCategory)?.[locale] : undefined) ?? CATEGORY_WORDS[item]?.[locale] ?? item).join(' + ');
}

/**
 * RM002: the pool's traits against the ruleset's composition rules. Generic words
 * («Характеристика + Навык») describe a formula, not a pool, and are left alone.
 * Returns the message in both languages, or undefined when the pool is fine.
 */
export function checkComposition(ruleset: Ruleset, traits: readonly TraitEntry[]): Record<Locale, string> | undefined {
  if (traits.length === 0 || traits.some((t) => t.category === 'generic')) return undefined;
  const rules = ruleset.composition;
  if (rules.allowedOnly) {
    if (rules.allowedOnly.some((combination) => combination.length === traits.length && claims(traits, combination))) return undefined;
    return messages.notAllowedCombination(rules.allowedOnly.map((c) => ({ ru: describe(ruleset, c, 'ru'), en: describe(ruleset, c, 'en') })));
  }
  if (traits.length > rules.maxTraits) return messages.tooManyTraits(traits.length, rules.maxTraits);
  if ((rules.forbidden ?? []).some((combination) => claims(traits, combination))) {
    return messages.forbiddenCombination(traits.map((t) => t.name));
  }
  return undefined;
}
