import { distance } from 'fastest-levenshtein';
import type { Ruleset, TraitCategory, TraitEntry } from '../../engine/ruleset';
import { dictionaryTrait } from '../../engine/traitCategories';
import { normalizeWords, stemKey } from './russianWords';
import type { DictionaryEntry } from '../types';

/**
 * How a written name relates to a trait:
 * - `exact`: the canonical spelling, or an alias the ruleset accepts as it is;
 * - `spelling`: the same words in another letter case, with е for ё, or other spacing (RM010);
 * - `case-form`: another grammatical case of the trait (RM010, or canonical after «против»);
 * - `variant`: another translation's or ruleset's name for it (RM014);
 * - `dictionary`: a name the project dictionary adds, as the dictionary spells it (its other
 *   case forms are `case-form`, like a ruleset trait's).
 */
export type TraitMatchKind = 'exact' | 'spelling' | 'case-form' | 'variant' | 'dictionary';

export interface TraitMatch {
  trait: TraitEntry;
  kind: TraitMatchKind;
}

export interface SuggestOptions {
  /** At most this many names (3). */
  limit?: number;
  /**
   * The categories the place of the name calls for, in a pool (what the composition rules allow
   * next to the other traits): a close trait of these is offered alone, then a close rolled trait,
   * and a trait of another kind only when none of them is close. Absent: no place (a sheet's key).
   */
  prefer?: readonly TraitCategory[];
  /** The largest edit distance offered; by default a third of the letters (at least 1). */
  maxDistance?: number;
}

export interface TraitIndex {
  ruleset: Ruleset;
  lookup(written: string): TraitMatch | undefined;
  /** Canonical names (ruleset and dictionary) close to an unknown one, best first. */
  suggest(written: string, options?: SuggestOptions): string[];
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

/** The kinds of trait a pool is made of; `other` and `generic` are known but not rolled. */
export const ROLLED_CATEGORIES: readonly TraitCategory[] = ['attribute', 'ability', 'rollable', 'power'];

function better(a: TraitEntry | undefined, b: TraitEntry): TraitEntry {
  return a === undefined || CATEGORY_PRIORITY[b.category] < CATEGORY_PRIORITY[a.category] ? b : a;
}

function addBest(map: Map<string, TraitEntry>, key: string, trait: TraitEntry): void {
  map.set(key, better(map.get(key), trait));
}

function entryName(entry: DictionaryEntry): string {
  return (typeof entry === 'string' ? entry : entry.name).trim();
}

/** The dictionary entry as a trait: a plain name is ability-like for the pool rules. */
function entryTrait(entry: DictionaryEntry): TraitEntry {
  return typeof entry === 'string' ? dictionaryTrait(entry.trim()) : dictionaryTrait(entry.name.trim(), entry.category);
}

/** One key per dictionary: equal dictionaries share an index, and the incremental analysis compares them. */
export function dictionaryKey(dictionary: readonly DictionaryEntry[]): string {
  return dictionary.map((entry) => (typeof entry === 'string' ? entry : `${entry.name}\u0001${entry.category}`)).join('\n');
}

/** The plain names of a dictionary's entries, in its order. */
export function dictionaryNames(dictionary: readonly DictionaryEntry[]): string[] {
  return dictionary.map(entryName);
}

interface Candidate {
  name: string;
  category: TraitCategory;
  spellings: string[];
}

class RulesetTraitIndex implements TraitIndex {
  private readonly exact = new Map<string, TraitEntry>();
  private readonly normalized = new Map<string, TraitEntry>();
  private readonly stems = new Map<string, TraitEntry>();
  /** Spellings that stemming would give one trait but that are another's (RulesetData `homographs`). */
  private readonly homographs = new Map<string, TraitEntry>();
  private readonly variantNormalized = new Map<string, TraitEntry>();
  private readonly variantStems = new Map<string, TraitEntry>();
  private readonly dictionary = new Map<string, TraitEntry>();
  private readonly dictionaryStems = new Map<string, TraitEntry>();
  private readonly dictionaryTraits: TraitEntry[] = [];

  constructor(
    readonly ruleset: Ruleset,
    dictionaryEntries: readonly DictionaryEntry[],
  ) {
    const spellingOwner = new Map<string, TraitEntry>();
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
      for (const spelling of [...accepted, ...(trait.forms ?? [])]) {
        if (!spellingOwner.has(normalizeWords(spelling))) spellingOwner.set(normalizeWords(spelling), trait);
      }
    }
    for (const trait of ruleset.traits) {
      for (const homograph of trait.homographs ?? []) {
        const owner = spellingOwner.get(normalizeWords(homograph));
        if (owner && owner !== trait) this.homographs.set(normalizeWords(homograph), owner);
      }
    }
    for (const entry of dictionaryEntries) {
      const name = entryName(entry);
      const key = normalizeWords(name);
      // The ruleset's own trait stays the ruleset's, whatever the dictionary says of it.
      if (key === '' || this.normalized.has(key) || this.dictionary.has(key)) continue;
      const trait = entryTrait(entry);
      this.dictionary.set(key, trait);
      this.dictionaryTraits.push(trait);
      const stem = stemKey(name);
      if (!this.dictionaryStems.has(stem)) this.dictionaryStems.set(stem, trait);
    }
  }

  lookup(written: string): TraitMatch | undefined {
    const direct = this.exact.get(written);
    if (direct) return { trait: direct, kind: 'exact' };
    const normalized = normalizeWords(written);
    const spelled = this.normalized.get(normalized);
    // Not in the exact map, so the letters, ё or spacing differ from every accepted spelling.
    if (spelled) return { trait: spelled, kind: 'spelling' };
    // Before stems: «Силах» shares a stem with «Сила» but is the Sphere «Силы» (mage-revised).
    const homograph = this.homographs.get(normalized);
    if (homograph) return { trait: homograph, kind: 'case-form' };
    const stem = stemKey(written);
    const inflected = this.stems.get(stem);
    if (inflected) return { trait: inflected, kind: 'case-form' };
    const variant = this.variantNormalized.get(normalized) ?? this.variantStems.get(stem);
    if (variant) return { trait: variant, kind: 'variant' };
    const fromDictionary = this.dictionary.get(normalized);
    if (fromDictionary) return { trait: fromDictionary, kind: normalizeWords(fromDictionary.name) === normalized && fromDictionary.name !== written ? 'spelling' : 'dictionary' };
    const dictionaryForm = this.dictionaryStems.get(stem);
    if (dictionaryForm) return { trait: dictionaryForm, kind: 'case-form' };
    return undefined;
  }

  /** Each non-generic trait's name with its spellings, normalised once: `suggest` runs for every unknown name. */
  private suggestionCandidates?: Candidate[];

  suggest(written: string, options: SuggestOptions = {}): string[] {
    const normalized = normalizeWords(written);
    // Up to a third of the letters may be wrong: enough for typos, not for unrelated words.
    const budget = Math.min(options.maxDistance ?? Infinity, Math.max(1, Math.floor(normalized.length / 3)));
    this.suggestionCandidates ??= [...this.ruleset.traits, ...this.dictionaryTraits]
      .filter((trait) => trait.category !== 'generic')
      .map((trait) => ({
        name: trait.name,
        category: trait.category,
        spellings: [trait.name, ...(trait.aliases ?? []), ...(trait.variants ?? [])].map(normalizeWords),
      }));
    const scored: { name: string; category: TraitCategory; score: number }[] = [];
    for (const { name, category, spellings } of this.suggestionCandidates) {
      const score = Math.min(...spellings.map((c) => distance(c, normalized)));
      if (score <= budget) scored.push({ name, category, score });
    }
    scored.sort((a, b) => a.score - b.score || a.name.localeCompare(b.name, 'ru'));
    // Drama is no Brawl: in a pool, a trait of the kind the place calls for first, then any trait
    // that is rolled, another kind only failing both. A sheet's key has no such place.
    const tiers = options.prefer === undefined ? [] : [options.prefer, ROLLED_CATEGORIES];
    const tier = tiers.map((categories) => scored.filter((s) => categories.includes(s.category))).find((list) => list.length > 0) ?? scored;
    return [...new Set(tier.map((s) => s.name))].slice(0, options.limit ?? 3);
  }
}

const cache = new WeakMap<Ruleset, Map<string, TraitIndex>>();
/**
 * Indexes kept per ruleset, one per dictionary. A built-in ruleset lives for the whole process, so
 * without a bound every edit of the dictionary file would leave one more index behind.
 */
const DICTIONARIES_PER_RULESET = 8;

/** The index of a ruleset's traits (plus the project dictionary), built once and shared. */
export function traitIndex(ruleset: Ruleset, dictionary: readonly DictionaryEntry[] = []): TraitIndex {
  let byDictionary = cache.get(ruleset);
  if (!byDictionary) {
    byDictionary = new Map();
    cache.set(ruleset, byDictionary);
  }
  const key = dictionaryKey(dictionary);
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
