/**
 * Merging a user file that `extends` a base ruleset onto that base:
 * - scalar fields (title, summary, vocabulary, typicalPool, modifierLimit, initiativeTrait, teamwork,
 *   …) and the lists `equipment`, `neverRolled` and the map `unskilled` replace the base's (so do the flags `teamwork` and `maneuver`);
 * - `family` may be repeated but not changed (a new family needs a complete ruleset);
 * - `params`, `composition`: each field given replaces the base's (`params.difficulty` field by field);
 * - `outcomes`: merged per key and per language;
 * - `traits`: an entry whose `name` matches a base trait (ignoring letter case and ё/е) overrides
 *   it field by field, in place; an entry with `renames: "Old"` gives base trait «Old» the new
 *   name (its `forms` are dropped, «Old» becomes a variant; composition rules, `initiativeTrait`,
 *   `equipment` and `neverRolled` follow the rename);
 *   any other entry is a new trait, appended, and needs a `category` (`attested` defaults to true).
 *
 * The merged data is validated afterwards as a complete ruleset (rulesetValidation.ts).
 */
import { BUILTIN_RULESET_IDS, getBuiltinRuleset } from './builtinRulesets';
import type { CompositionItem, OutcomeName, Ruleset, TraitEntry } from './ruleset';
import type { FullRulesetInput, Problem, UserRulesetData } from './rulesetValidation';
import { describe, fold, label, suggest } from './schemaProblems';

/**
 * Finds a ruleset a user file extends when it is not built-in. `seen` is the chain of ids being
 * loaded, this file's last: pass it back as `options.seen` when the resolver itself parses the
 * base file, so that a cycle (a → b → a) is reported instead of recursing forever.
 */
export type ResolveBase = (id: string, seen: readonly string[]) => Ruleset | undefined;

/** Longest `extends` chain followed. */
export const MAX_EXTENDS_DEPTH = 8;

/** Whether a valid user file extends another ruleset (else it is complete). */
export function isExtending(data: FullRulesetInput | UserRulesetData): data is UserRulesetData {
  return typeof (data as { extends?: unknown }).extends === 'string';
}

/** The ruleset a user file extends: a built-in one, else what `resolveBase` finds; cycles and long chains are problems. */
export function findBase(
  user: UserRulesetData,
  resolveBase: ResolveBase,
  seen: readonly string[],
): { ruleset: Ruleset } | { problem: Problem } {
  const chain = [...seen, user.id];
  const builtin = getBuiltinRuleset(user.extends);
  // A workspace file may shadow a built-in id and extend the built-in of the same name.
  if (builtin) return { ruleset: builtin };
  if (chain.includes(user.extends)) {
    const cycle = [...chain.slice(chain.indexOf(user.extends)), user.extends].join(' → ');
    return { problem: { path: '/extends', message: `extends: cycle ${cycle}`, at: 'value' } };
  }
  if (chain.length > MAX_EXTENDS_DEPTH) {
    return { problem: { path: '/extends', message: `extends: chain longer than ${MAX_EXTENDS_DEPTH} rulesets (${chain.join(' → ')})`, at: 'value' } };
  }
  let found: Ruleset | undefined;
  try {
    found = resolveBase(user.extends, chain);
  } catch (e) {
    return { problem: { path: '/extends', message: `extends: cannot load ruleset "${user.extends}": ${describe(e)}`, at: 'value' } };
  }
  if (found) return { ruleset: found };
  const hint = suggest(user.extends, BUILTIN_RULESET_IDS);
  return {
    problem: {
      path: '/extends',
      message: `extends: unknown ruleset "${user.extends}"${hint}; a ruleset may extend a built-in one (${BUILTIN_RULESET_IDS.join(', ')}) or another valid ruleset of the workspace`,
      at: 'value',
    },
  };
}

export interface Merged {
  data: unknown;
  /** For each merged trait, the index of the user entry it came from; undefined when the base's. */
  traitOrigin: (number | undefined)[];
  problems: Problem[];
}

/** The user's fields over a copy of the base, as described at the top of this file. */
export function mergeOntoBase(base: Ruleset, user: UserRulesetData): Merged {
  const problems: Problem[] = [];
  const out: Record<string, unknown> = { ...structuredClone(base) };
  out.id = user.id;
  out.extends = user.extends;
  const replaced = ['title', 'titleEn', 'summary', 'summaryEn', 'vocabulary', 'typicalPool', 'modifierLimit', 'initiativeTrait', 'equipment', 'neverRolled', 'unskilled', 'teamwork', 'maneuver'] as const;
  for (const key of replaced) {
    if (user[key] !== undefined) out[key] = structuredClone(user[key]);
  }
  if (user.family !== undefined && user.family !== base.family) {
    problems.push({
      path: '/family',
      message: `family must be the base ruleset's ("${base.family}"); a ruleset of another family cannot extend "${base.id}" and must be complete`,
      at: 'value',
    });
  }

  const params: Record<string, unknown> = { ...structuredClone(base.params) };
  for (const [key, value] of Object.entries(user.params ?? {})) {
    if (key === 'difficulty' && typeof value === 'object') {
      params.difficulty = { ...(typeof params.difficulty === 'object' ? params.difficulty : {}), ...value };
    } else {
      params[key] = value;
    }
  }
  out.params = params;

  const outcomes: Record<string, Partial<OutcomeName>> = structuredClone(base.outcomes);
  for (const [key, names] of Object.entries(user.outcomes ?? {})) {
    outcomes[key] = { ...outcomes[key], ...names };
  }
  out.outcomes = outcomes;

  const traits: TraitEntry[] = structuredClone(base.traits);
  const origin: (number | undefined)[] = traits.map(() => undefined);
  const renamed = new Map<string, string>();
  const findTrait = (name: string): number | undefined => {
    const exact = traits.findIndex((t) => t.name === name);
    if (exact >= 0) return exact;
    const folded = traits.findIndex((t) => fold(t.name) === fold(name));
    return folded >= 0 ? folded : undefined;
  };
  (user.traits ?? []).forEach((entry, ui) => {
    const { renames, ...fields } = entry;
    const target = renames !== undefined ? findTrait(renames) : findTrait(entry.name);
    if (renames !== undefined && target === undefined) {
      const hint = suggest(renames, traits.map((t) => t.name));
      problems.push({ path: `/traits/${ui}/renames`, message: `traits[${ui}].renames: base ruleset "${base.id}" has no trait "${renames}"${hint}`, at: 'value' });
      return;
    }
    if (target === undefined) {
      if (fields.category === undefined) {
        problems.push({
          path: `/traits/${ui}/category`,
          message: `traits[${ui}].category is required: "${entry.name}" is a new trait (no trait of "${base.id}" has this name)`,
          at: 'key',
        });
        return;
      }
      traits.push({ attested: true, ...fields, category: fields.category });
      origin.push(ui);
      return;
    }
    const prior = origin[target];
    if (prior !== undefined) {
      problems.push({ path: `/traits/${ui}/name`, message: `traits[${ui}] changes trait "${traits[target].name}" again (see traits[${prior}])`, at: 'value' });
      return;
    }
    const old = traits[target];
    const next: TraitEntry = { ...old, ...fields };
    if (old.name !== entry.name) {
      // The old name's inflections are not the new name's; the old name itself gets a fix to the new one.
      if (fields.forms === undefined) delete next.forms;
      if (fields.variants === undefined && !(next.aliases ?? []).includes(old.name)) {
        next.variants = [...(old.variants ?? []).filter((v) => v !== entry.name), old.name];
      }
      renamed.set(old.name, entry.name);
    }
    traits[target] = next;
    origin[target] = ui;
  });
  out.traits = traits;

  const composition: Record<string, unknown> = { ...structuredClone(base.composition) };
  const rename = (lists: CompositionItem[][] | undefined): CompositionItem[][] | undefined =>
    lists?.map((items) => items.map((item) => renamed.get(item) ?? item));
  composition.forbidden = rename(base.composition.forbidden);
  composition.allowedOnly = rename(base.composition.allowedOnly);
  for (const [key, value] of Object.entries(user.composition ?? {})) composition[key] = structuredClone(value);
  for (const key of ['forbidden', 'allowedOnly']) if (composition[key] === undefined) delete composition[key];
  out.composition = composition;
  // A rename in this file follows into the base's references, not into the user's own fields.
  if (user.initiativeTrait === undefined && base.initiativeTrait !== undefined) out.initiativeTrait = renamed.get(base.initiativeTrait) ?? base.initiativeTrait;
  if (user.equipment === undefined && base.equipment !== undefined) out.equipment = base.equipment.map((name) => renamed.get(name) ?? name);
  if (user.neverRolled === undefined && base.neverRolled !== undefined) out.neverRolled = base.neverRolled.map((name) => renamed.get(name) ?? name);

  return { data: out, traitOrigin: origin, problems };
}

/** A problem found in the merged ruleset, pointed back into the user's file. */
export function toUserPath(p: Problem, origin: readonly (number | undefined)[]): Problem {
  const m = /^\/traits\/(\d+)(\/.*)?$/.exec(p.path);
  if (!m) return p;
  const ui = origin[Number(m[1])];
  if (ui === undefined) return { ...p, inBase: true };
  const path = `/traits/${ui}${m[2] ?? ''}`;
  return { ...p, path, message: p.message.replace(label(p.path), label(path)) };
}
