import { distance } from 'fastest-levenshtein';
import type { Ruleset, TraitCategory, TraitEntry } from '../engine/ruleset';
import { normalizeWords, stemKey } from './russianWords';

/**
 * How a written name relates to a trait:
 * - `exact`: the canonical spelling, or an alias the ruleset accepts as it is;
 * - `spelling`: the same words in another letter case, with е for ё, or other spacing (RM010);
 * - `case-form`: another grammatical case of the trait (RM010, or canonical after «против»);
 * - `variant`: another translation's or ruleset's name for it (RM014);
 * - `dictionary`: a name the project dictionary adds.
 */
export type TraitMatchKind = 'exact' | 'spelling' | 'case-form' | 'variant' | 'dictionary';

export interface TraitMatch {
  trait: TraitEntry;
  kind: TraitMatchKind;
}

export interface TraitIndex {
  ruleset: Ruleset;
  lookup(written: string): TraitMatch | undefined;
  /** Canonical names close to an unknown one, best first. */
  suggest(written: string, limit?: number): string[];
}

/** When stems collide («Сила» and the Sphere «Силы»), the more commonly rolled kind wins. */
const CATEGORY_PRIORITY: Record<TraitCategory, number> = {
  attribute: 0,
  ability: 1,
  rollable: 2,
  power: 3,
  other: 4,
  generic: 5,
};

function better(a: TraitEntry | undefined, b: TraitEntry): TraitEntry {
  return a === undefined || CATEGORY_PRIORITY[b.category] < CATEGORY_PRIORITY[a.category] ? b : a;
}

function addBest(map: Map<string, TraitEntry>, key: string, trait: TraitEntry): void {
  map.set(key, better(map.get(key), trait));
}

class RulesetTraitIndex implements TraitIndex {
  private readonly exact = new Map<string, TraitEntry>();
  private readonly normalized = new Map<string, TraitEntry>();
  private readonly stems = new Map<string, TraitEntry>();
  private readonly variantNormalized = new Map<string, TraitEntry>();
  private readonly variantStems = new Map<string, TraitEntry>();
  private readonly dictionary = new Map<string, TraitEntry>();

  constructor(
    readonly ruleset: Ruleset,
    dictionaryTerms: readonly string[],
  ) {
    for (const trait of ruleset.traits) {
      const accepted = [trait.name, ...(trait.aliases ?? [])];
      for (const name of accepted) {
        addBest(this.exact, name, trait);
        addBest(this.normalized, normalizeWords(name), trait);
        addBest(this.stems, stemKey(name), trait);
      }
      for (const form of trait.forms ?? []) addBest(this.stems, stemKey(form), trait);
      for (const variant of trait.variants ?? []) {
        addBest(this.variantNormalized, normalizeWords(variant), trait);
        addBest(this.variantStems, stemKey(variant), trait);
      }
    }
    for (const term of dictionaryTerms) {
      const entry: TraitEntry = { name: term, category: 'other', attested: false };
      this.dictionary.set(normalizeWords(term), entry);
    }
  }

  lookup(written: string): TraitMatch | undefined {
    const direct = this.exact.get(written);
    if (direct) return { trait: direct, kind: 'exact' };
    const normalized = normalizeWords(written);
    const spelled = this.normalized.get(normalized);
    // Not in the exact map, so the letters, ё or spacing differ from every accepted spelling.
    if (spelled) return { trait: spelled, kind: 'spelling' };
    const stem = stemKey(written);
    const inflected = this.stems.get(stem);
    if (inflected) return { trait: inflected, kind: 'case-form' };
    const variant = this.variantNormalized.get(normalized) ?? this.variantStems.get(stem);
    if (variant) return { trait: variant, kind: 'variant' };
    const fromDictionary = this.dictionary.get(normalized);
    if (fromDictionary) return { trait: fromDictionary, kind: 'dictionary' };
    return undefined;
  }

  /** Each non-generic trait's name with its spellings, normalised once: `suggest` runs for every unknown name. */
  private suggestionCandidates?: { name: string; spellings: string[] }[];

  suggest(written: string, limit = 3): string[] {
    const normalized = normalizeWords(written);
    // Up to a third of the letters may be wrong: enough for typos, not for unrelated words.
    const budget = Math.max(1, Math.floor(normalized.length / 3));
    const scored: { name: string; score: number }[] = [];
    this.suggestionCandidates ??= this.ruleset.traits
      .filter((trait) => trait.category !== 'generic')
      .map((trait) => ({ name: trait.name, spellings: [trait.name, ...(trait.aliases ?? []), ...(trait.variants ?? [])].map(normalizeWords) }));
    for (const { name, spellings } of this.suggestionCandidates) {
      const score = Math.min(...spellings.map((c) => distance(c, normalized)));
      if (score <= budget) scored.push({ name, score });
    }
    scored.sort((a, b) => a.score - b.score || a.name.localeCompare(b.name, 'ru'));
    return [...new Set(scored.map((s) => s.name))].slice(0, limit);
  }
}

const cache = new WeakMap<Ruleset, Map<string, TraitIndex>>();
/**
 * Indexes kept per ruleset, one per dictionary. A built-in ruleset lives for the whole process, so
 * without a bound every edit of the dictionary file would leave one more index behind.
 */
const DICTIONARIES_PER_RULESET = 8;

/** The index of a ruleset's traits (plus the project dictionary), built once and shared. */
export function traitIndex(ruleset: Ruleset, dictionary: readonly string[] = []): TraitIndex {
  let byDictionary = cache.get(ruleset);
  if (!byDictionary) {
    byDictionary = new Map();
    cache.set(ruleset, byDictionary);
  }
  const key = dictionary.join('\n');
  let index = byDictionary.get(key);
  if (index) {
    // Most recently used last, so that the oldest is the one dropped.
    byDictionary.delete(key);
  } else {
    index = new RulesetTraitIndex(ruleset, dictionary);
    if (byDictionary.size >= DICTIONARIES_PER_RULESET) byDictionary.delete(byDictionary.keys().next().value as string);
  }
  byDictionary.set(key, index);
  return index;
}
