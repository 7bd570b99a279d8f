import type { Ruleset, TraitCategory } from '../../engine/ruleset';

/**
 * The English names under which a ruleset's generic terms («Характеристика», «Навык») stand for a
 * category, most specific first: Mage calls its abilities «Способность» and has a «Навык» group.
 */
const GENERIC_NAMES: Partial<Record<TraitCategory, readonly string[]>> = {
  attribute: ['Attribute', 'Characteristic'],
  ability: ['Ability', 'Skill'],
  power: ['Discipline', 'Power'],
};

/**
 * What the ruleset's own text calls a category of traits — vampire-pack «Характеристика» and
 * «Навык», the Revised games «Атрибут» and «Способность» — read from its generic terms: the
 * term's name and its English name; undefined when the ruleset has no such term.
 */
export function categoryTerm(ruleset: Ruleset, category: TraitCategory): { name: string; en: string } | undefined {
  for (const en of GENERIC_NAMES[category] ?? []) {
    const generic = ruleset.traits.find((t) => t.category === 'generic' && t.en === en);
    if (generic) return { name: generic.name, en };
  }
  return undefined;
}
