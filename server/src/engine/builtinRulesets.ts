/**
 * The five rulesets that ship with Rollmark (docs/rulesets.en.md). The JSON files are imported
 * statically so that the bundle carries them. They are the engine's own data, which the tests prove
 * valid against the schema and the semantic checks (test/src/engine/rulesets.test.ts): no process
 * compiles the schema for them (that was most of the CLI's start); a user's ruleset is validated.
 */
import type { Ruleset } from './ruleset';
import { detach, type FullRulesetInput } from './rulesetValidation';
import mageRevised from './rulesets/mage-revised.json';
import storytelling from './rulesets/storytelling.json';
import threadsOfFate from './rulesets/threads-of-fate.json';
import vampirePack from './rulesets/vampire-pack.json';
import werewolfRevised from './rulesets/werewolf-revised.json';

export const BUILTIN_RULESET_IDS = ['storytelling', 'mage-revised', 'threads-of-fate', 'werewolf-revised', 'vampire-pack'] as const;

export type BuiltinRulesetId = (typeof BUILTIN_RULESET_IDS)[number];

const sources: Record<BuiltinRulesetId, unknown> = {
  storytelling,
  'mage-revised': mageRevised,
  'threads-of-fate': threadsOfFate,
  'werewolf-revised': werewolfRevised,
  'vampire-pack': vampirePack,
};

const cache = new Map<BuiltinRulesetId, Ruleset>();

export function isBuiltinRulesetId(id: string): id is BuiltinRulesetId {
  return (BUILTIN_RULESET_IDS as readonly string[]).includes(id);
}

/**
 * The built-in ruleset with this id, or undefined. The object is shared and frozen: copy it
 * (structuredClone) before changing anything.
 */
export function getBuiltinRuleset(id: string): Ruleset | undefined {
  if (!isBuiltinRulesetId(id)) return undefined;
  const cached = cache.get(id);
  if (cached) return cached;
  const ruleset = deepFreeze(detach(sources[id] as FullRulesetInput));
  cache.set(id, ruleset);
  return ruleset;
}

/** All built-in rulesets, in the order of BUILTIN_RULESET_IDS. */
export function listBuiltinRulesets(): Ruleset[] {
  return BUILTIN_RULESET_IDS.map((id) => {
    const ruleset = getBuiltinRuleset(id);
    if (!ruleset) throw new Error(`built-in ruleset "${id}" is missing`);
    return ruleset;
  });
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
