import { getBuiltinRuleset, BUILTIN_RULESET_IDS } from '../engine/builtinRulesets';
import type { Ruleset } from '../engine/ruleset';
import { UsageError } from './io';

export function requireRuleset(id: string | undefined): Ruleset {
  if (!id) throw new UsageError(`--ruleset is required (one of: ${BUILTIN_RULESET_IDS.join(', ')})`);
  const ruleset = getBuiltinRuleset(id);
  if (!ruleset) throw new UsageError(`unknown ruleset "${id}" (one of: ${BUILTIN_RULESET_IDS.join(', ')})`);
  return ruleset;
}
