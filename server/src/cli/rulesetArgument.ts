import type { Ruleset } from '../engine/ruleset';
import type { RollmarkService } from '../service';
import { UsageError } from './io';

export function requireRuleset(id: string | undefined, rollmark: RollmarkService): Ruleset {
  const known = () => rollmark.builtinRulesets().map((r) => r.id).join(', ');
  if (!id) throw new UsageError(`--ruleset is required (one of: ${known()})`);
  const ruleset = rollmark.builtinRuleset(id);
  if (!ruleset) throw new UsageError(`unknown ruleset "${id}" (one of: ${known()})`);
  return ruleset;
}
