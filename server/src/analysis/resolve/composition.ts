import type { CompositionItem, Ruleset, TraitCategory, TraitEntry } from '../../engine/ruleset';
import { categoryTerm } from './categoryTerms';
import type { DiagnosticMessage, PoolPart } from '../diagnosticCatalog';

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

/** A combination as its parts, each category with the ruleset's own term for it when it has one. */
function parts(ruleset: Ruleset, combination: readonly CompositionItem[]): PoolPart[] {
  return combination.map((item) => {
    const term = isCategory(item) ? categoryTerm(ruleset, item as TraitCategory) : undefined;
    return term ? { item, term } : { item };
  });
}

/**
 * RM002: the pool's traits against the ruleset's composition rules. Generic words
 * («Характеристика + Навык») describe a formula, not a pool, and are left alone.
 * Returns the message, or undefined when the pool is fine.
 */
export function checkComposition(ruleset: Ruleset, traits: readonly TraitEntry[]): DiagnosticMessage | undefined {
  if (traits.length === 0 || traits.some((t) => t.category === 'generic')) return undefined;
  const rules = ruleset.composition;
  if (rules.allowedOnly) {
    if (rules.allowedOnly.some((combination) => combination.length === traits.length && claims(traits, combination))) return undefined;
    return { id: 'notAllowedCombination', allowed: rules.allowedOnly.map((c) => parts(ruleset, c)) };
  }
  if (traits.length > rules.maxTraits) return { id: 'tooManyTraits', count: traits.length, max: rules.maxTraits };
  if ((rules.forbidden ?? []).some((combination) => claims(traits, combination))) {
    return { id: 'forbiddenCombination', names: traits.map((t) => t.name) };
  }
  return undefined;
}
