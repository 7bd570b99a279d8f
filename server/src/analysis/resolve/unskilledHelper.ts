/**
 * A named helper whose sheet lacks the check's Skill (docs/markup.md, "Помощник без навыка"): the
 * ruleset says how they roll without it (`unskilled`, by the Skill's group: the texts' rules,
 * storytelling 000 l.89 and mage-revised 001 l.12), so the check keeps its real odds instead of the
 * pool-size table an unknown value gives. A ruleset without the rule keeps the unknown value.
 */
import type { Ruleset, TraitEntry, UnskilledRule } from '../../engine/ruleset';

export function unskilledRule(ruleset: Ruleset, trait: TraitEntry): UnskilledRule | undefined {
  if (trait.category !== 'ability' || trait.group === undefined) return undefined;
  return ruleset.unskilled?.[trait.group];
}
