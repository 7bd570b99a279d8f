/**
 * A named helper whose sheet lacks the check's Skill (docs/markup.md, "Помощник без навыка"): the
 * ruleset's text says how they roll without it, so the check keeps its real odds instead of the
 * pool-size table an unknown value gives.
 *
 * - storytelling (000 l.89): the Attribute alone, −3 dice without a Mental Skill, −1 without a
 *   Physical or Social one;
 * - mage-revised (001 l.12): without a Talent the Attribute alone; without a Skill the roll's
 *   difficulty is 1 higher («дополнительный штраф, равный 1»); without a Knowledge no roll at all,
 *   so that helper does not help.
 *
 * Other rulesets keep the unknown value (their texts give no such rule).
 */
import type { Ruleset, TraitEntry } from '../../engine/ruleset';

/** What a helper's missing trait does to their roll; undefined when the text gives no rule for it. */
export type UnskilledRule = { kind: 'dice'; penalty: number } | { kind: 'difficulty'; penalty: number } | { kind: 'attribute' } | { kind: 'cannot' };

function isRuleset(ruleset: Ruleset, id: string): boolean {
  return ruleset.id === id || ruleset.extends === id;
}

export function unskilledRule(ruleset: Ruleset, trait: TraitEntry): UnskilledRule | undefined {
  if (trait.category !== 'ability') return undefined;
  if (ruleset.family === 'storytelling') {
    if (trait.group === 'Ментальные') return { kind: 'dice', penalty: 3 };
    if (trait.group === 'Физические' || trait.group === 'Социальные') return { kind: 'dice', penalty: 1 };
    return undefined;
  }
  if (ruleset.family === 'classic' && isRuleset(ruleset, 'mage-revised')) {
    if (trait.group === 'Таланты') return { kind: 'attribute' };
    if (trait.group === 'Навыки') return { kind: 'difficulty', penalty: 1 };
    if (trait.group === 'Знания') return { kind: 'cannot' };
  }
  return undefined;
}
