/**
 * How completion orders the traits of one slot of a check, from the check's text before the slot:
 * the kinds the ruleset's composition rules pair with the pool's traits so far first (after an
 * Attribute and «+», an Ability), the actor's own sheet first within them, and, when nothing the
 * author typed starts a trait's name, the names a typo away («Дарка» → «Драка»).
 */
import type { Ruleset, TraitCategory, TraitEntry } from '../../engine/ruleset';
import { normalizeWords } from '../resolve/russianWords';
import { traitIndex } from '../resolve/traitIndex';
import { expectedCategories } from '../resolve/unknownTrait';
import type { CharacterSheet } from '../types';

/** Bounds the text a slot is judged from: a check is one line, but a line may be long. */
const MAX_CHECK_TEXT = 2000;

/** What completion needs to know about one trait of the slot. */
export interface TraitRank {
  /** Sorts the slot's traits best first (ASCII, compared as strings), before their category's order. */
  order: string;
  /** The typed word is no start of this name but a typo of one: the editor must keep it listed. */
  typo: boolean;
}

/** A name and a colon that start a check: who rolls it. */
const ACTOR = /^\s*([^:«»()+−–/]+?)\s*:/u;

/** The pool the slot belongs to: the text after the actor's colon and the last «против». */
function poolText(before: string): string {
  const actor = ACTOR.exec(before);
  const sides = before.slice(actor ? actor[0].length : 0).split(/(?:^|\s)против(?=\s)/iu);
  return sides[sides.length - 1];
}

/** The known traits of `pool`'s terms (ratings and brackets left out) and whether the slot follows «или» or «/». */
function poolTraits(pool: string, ruleset: Ruleset): { traits: TraitEntry[]; alternative: boolean } {
  const index = traitIndex(ruleset);
  const alternative = /(?:(?:^|\s)или|\/)\s*$/iu.test(pool);
  const traits: TraitEntry[] = [];
  for (const term of pool.split(/\s-\s|[+−–/]|(?:^|\s)или(?=\s|$)/iu)) {
    const name = term.replace(/[\d()[\]]/g, ' ').trim();
    const trait = name === '' ? undefined : index.lookup(name)?.trait;
    if (trait) traits.push(trait);
  }
  return { traits, alternative };
}

/** Whether a word of `name` starts with `typed` (both normalised). */
function startsAWord(name: string, typed: string): boolean {
  return name.startsWith(typed) || name.split(/[\s-]/u).some((word) => word.startsWith(typed));
}

/** Longer words are no typos of a trait's name: the bound keeps the distance below cheap. */
const MAX_TYPED = 40;

/** Edits allowed between the typed word and the start of a name of the same length: a slip, not another word. */
function typoBudget(typed: string): number {
  if (typed.length < 3 || typed.length > MAX_TYPED) return 0;
  return typed.length < 7 ? 1 : 2;
}

/**
 * Edits (insert, delete, replace, swap of two neighbours) from `a` to `b`: the optimal string
 * alignment distance. Unlike Levenshtein's, «Дарка» is one swap from «Драка», not two edits.
 */
function typoDistance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j], before[j - 2] + 1);
    }
    before = previous;
    previous = row;
  }
  return previous[b.length];
}

/**
 * The kinds of trait the slot calls for. «Ловкость или …»: another of the same kind. «Ловкость + …»:
 * what the composition rules let join the pool, a kind the pool lacks first (an Attribute wants an
 * Ability even where two Attributes are allowed). A first slot: an Attribute.
 */
function preferredCategories(ruleset: Ruleset, traits: readonly TraitEntry[], alternative: boolean): readonly TraitCategory[] {
  const last = traits[traits.length - 1];
  if (alternative) return last ? [last.category] : [];
  if (!last) return ['attribute'];
  const allowed = expectedCategories(ruleset, traits);
  const missing = allowed.filter((category) => !traits.some((t) => t.category === category));
  return missing.length > 0 ? missing : allowed;
}

/**
 * The ranking of the traits for a slot whose check text before it is `before` (from after «) and
 * of which `typed` is written; `characters` are the front matter's sheets.
 */
export function traitSlotRanking(ruleset: Ruleset, characters: readonly CharacterSheet[], before: string, typed: string): (trait: TraitEntry) => TraitRank {
  const text = before.slice(-MAX_CHECK_TEXT);
  const written = ACTOR.exec(text)?.[1];
  const actor = characters.find((c) => c.name === written);
  const { traits, alternative } = poolTraits(poolText(text), ruleset);
  const preferred = preferredCategories(ruleset, traits, alternative);
  // A party check is rolled from every sheet: any character's traits come first.
  const sheets = actor ? [actor] : characters;
  const onSheet = (trait: TraitEntry) => sheets.some((sheet) => sheet.traits.has(trait.name));
  const word = normalizeWords(typed);
  const budget = typoBudget(word);
  const anyStarts = budget === 0 || ruleset.traits.some((t) => startsAWord(normalizeWords(t.name), word));
  return (trait) => {
    const fits = preferred.includes(trait.category) && !traits.includes(trait) ? 0 : 1;
    const order = `${fits}${onSheet(trait) ? 0 : 1}`;
    const typo = !anyStarts && typoDistance(normalizeWords(trait.name).slice(0, word.length), word) <= budget;
    return { order, typo };
  };
}
