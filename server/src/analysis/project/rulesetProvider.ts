import { BUILTIN_RULESET_IDS, getBuiltinRuleset } from '../../engine/builtinRulesets';
import type { Ruleset } from '../../engine/ruleset';
import type { RulesetProvider } from '../types';

/** The built-in rulesets (docs/rulesets.en.md): the default when a document chooses none. */
export const DEFAULT_RULESET_ID = 'storytelling';

export function builtinRulesets(): RulesetProvider {
  return {
    get: (id) => getBuiltinRuleset(id),
    ids: () => [...BUILTIN_RULESET_IDS],
  };
}

/** Built-ins plus the workspace's own rulesets; a user ruleset cannot shadow a built-in id. */
export function withUserRulesets(user: readonly Ruleset[]): RulesetProvider {
  const byId = new Map(user.filter((r) => !getBuiltinRuleset(r.id)).map((r) => [r.id, r]));
  return {
    get: (id) => getBuiltinRuleset(id) ?? byId.get(id),
    ids: () => [...BUILTIN_RULESET_IDS, ...byId.keys()],
  };
}
