/**
 * The words a spell checker should take as written in a scenario (`rollmark dictionary`, the
 * editor's "Dictionary for LTeX+"): the rulesets' trait names and the spellings they accept, the
 * project dictionary's terms, each word with its singular case forms, and the characters' names
 * from the front matter, declined the same way (Russian names decline: «Вера» → «Веры»).
 */
import type { Ruleset } from '../../engine/ruleset';
import { singularCaseForms } from '../resolve/caseForms';
import type { DictionaryEntry } from '../types';

/** At most this many words: a dictionary for a spell checker, not a way to exhaust one. */
export const MAX_SPELLING_WORDS = 50_000;

/** What the words come from. */
export interface SpellingSources {
  rulesets: readonly Ruleset[];
  dictionary: readonly DictionaryEntry[];
  characters: readonly string[];
}

/** The words of a name: what a spell checker checks one at a time («Сила Воли» → «Сила», «Воли»). */
function wordsOf(name: string): string[] {
  return name.split(/[^\p{L}\p{M}\d'’-]+/u).map((word) => word.replace(/^-+|-+$/g, '')).filter((word) => /\p{L}/u.test(word));
}

/** The words, each once, in code-point order (the same list on every machine), at most {@link MAX_SPELLING_WORDS}. */
export function spellingWords(sources: SpellingSources): string[] {
  const names: string[] = [];
  // A ruleset's attested forms are already inflected: listed as they are, not declined again.
  const inflected: string[] = [];
  for (const ruleset of sources.rulesets) {
    for (const trait of ruleset.traits) {
      names.push(trait.name, ...(trait.aliases ?? []));
      inflected.push(...(trait.forms ?? []));
    }
  }
  for (const entry of sources.dictionary) names.push(typeof entry === 'string' ? entry : entry.name);
  names.push(...sources.characters);
  const words = new Set<string>();
  const add = (form: string) => {
    if (words.size < MAX_SPELLING_WORDS) words.add(form);
    // A spell checker may split «Рвущий-Тени» at the hyphen: the parts are words too.
    if (form.includes('-')) for (const part of form.split('-')) if (part !== '' && words.size < MAX_SPELLING_WORDS) words.add(part);
  };
  for (const name of names) for (const word of wordsOf(name)) for (const form of singularCaseForms(word)) add(form);
  for (const name of inflected) for (const word of wordsOf(name)) add(word);
  return [...words].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Where the editor writes the LTeX+ dictionary in a workspace folder (and `rollmark dictionary -o` may). */
export const LTEX_DICTIONARY_PATH = '.rollmark/ltex.dictionary.txt';

/** An LTeX+ external dictionary file (`ltex.dictionary`: `":/path/to/file"`): one word a line. */
export function ltexDictionaryText(words: readonly string[]): string {
  return words.map((word) => `${word}\n`).join('');
}
