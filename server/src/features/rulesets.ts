import type { RulesetProvider } from '../analysis/types';
import type { Locale } from '../present/locale';
import { isBuiltinRulesetId } from '../engine/builtinRulesets';
import { rulesetTitle } from '../present/ruleset';
import { voice } from '../present/voice';
import type { RulesetChoice } from '../protocol';

/** `rollmark/rulesets` and the list in `rollmark/documentInfo`: every ruleset a folder's documents may choose, built-in first. */
export function provideRulesets(rulesets: RulesetProvider, locale: Locale): RulesetChoice[] {
  const v = voice(locale);
  return rulesets.ids().flatMap((id) => {
    const ruleset = rulesets.get(id);
    return ruleset ? [{ id, title: rulesetTitle(ruleset, v), builtin: isBuiltinRulesetId(id) }] : [];
  });
}
