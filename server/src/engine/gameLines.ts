/**
 * Names from another game line. Each built-in ruleset is one game line (its rules text); a name
 * that another line spells and this ruleset does not is RM014 wherever it is written, in a closed
 * vocabulary and in an open one (a WoD trait in a d20 document). The analysis asks here which lines
 * know a name; how a written word meets a spelling (case forms, stemming) is its `keyOf`.
 */
import { listBuiltinRulesets } from './builtinRulesets';
import type { Ruleset, TraitEntry } from './ruleset';

export interface ForeignTrait {
  /** The ruleset (game line) that knows the name. */
  ruleset: Ruleset;
  trait: TraitEntry;
  /** The spelling that matched: the trait's name, an alias or an attested form. */
  spelling: string;
}

/** Letter case and ё/е never tell two names apart; the default key when the caller gives none. */
export function foldName(name: string): string {
  return name.toLocaleLowerCase('ru').replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
}

function spellingsOf(trait: TraitEntry): string[] {
  return [trait.name, ...(trait.aliases ?? []), ...(trait.forms ?? [])];
}

/** Whatever this ruleset accepts or recognises for one of its own traits. */
function ownSpellings(trait: TraitEntry): string[] {
  return [...spellingsOf(trait), ...(trait.variants ?? []), ...(trait.homographs ?? [])];
}

/** The built-in rulesets that are other game lines than this one (itself and the built-in it extends are not). */
export function otherGameLines(ruleset: Ruleset): Ruleset[] {
  return listBuiltinRulesets().filter((other) => other.id !== ruleset.id && other.id !== ruleset.extends);
}

export type ForeignLookup = (written: string) => readonly ForeignTrait[];

const lookups = new WeakMap<Ruleset, Map<(name: string) => string, ForeignLookup>>();

/**
 * Which other game lines know a written name: every trait whose name, alias or form has the same
 * key, in the order of the built-in rulesets; empty when none does or when this ruleset spells it
 * itself (then it is this ruleset's trait, a variant or a homograph, not a foreign name).
 * `keyOf` decides when two spellings meet (the analysis passes its stem key); built once per
 * ruleset and key function.
 */
export function foreignTraitLookup(ruleset: Ruleset, keyOf: (name: string) => string = foldName): ForeignLookup {
  let byKey = lookups.get(ruleset);
  if (!byKey) {
    byKey = new Map();
    lookups.set(ruleset, byKey);
  }
  const cached = byKey.get(keyOf);
  if (cached) return cached;
  const own = new Set(ruleset.traits.flatMap(ownSpellings).map(keyOf));
  const index = new Map<string, ForeignTrait[]>();
  for (const other of otherGameLines(ruleset)) {
    for (const trait of other.traits) {
      const seen = new Set<string>();
      for (const spelling of spellingsOf(trait)) {
        const key = keyOf(spelling);
        if (own.has(key) || seen.has(key)) continue;
        seen.add(key);
        const list = index.get(key) ?? [];
        list.push({ ruleset: other, trait, spelling });
        index.set(key, list);
      }
    }
  }
  const lookup: ForeignLookup = (written) => index.get(keyOf(written)) ?? [];
  byKey.set(keyOf, lookup);
  return lookup;
}
