import type { Locale, RulesetProvider } from '../analysis/types';
import { isBuiltinRulesetId } from '../engine/builtinRulesets';
import type { Ruleset } from '../engine/ruleset';
import type { RulesetChoice } from '../protocol';

export function rulesetTitle(ruleset: Ruleset, locale: Locale): string {
  return locale === 'en' ? (ruleset.titleEn ?? ruleset.title) : ruleset.title;
}

/** `rollmark/rulesets` and the list in `rollmark/documentInfo`: every ruleset a folder's documents may choose, built-in first. */
export function provideRulesets(rulesets: RulesetProvider, locale: Locale): RulesetChoice[] {
  return rulesets.ids().flatMap((id) => {
    const ruleset = rulesets.get(id);
    return ruleset ? [{ id, title: rulesetTitle(ruleset, locale), builtin: isBuiltinRulesetId(id) }] : [];
  });
}
