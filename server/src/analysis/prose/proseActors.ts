/**
 * The character a prose check belongs to (proseChecks.ts, the header): a name of the front matter
 * right after the pool (a possessor), or before it in the sentence as the one who acts.
 */
import { normalizeWords, stemKey } from '../resolve/russianWords';
import type { CharacterSheet } from '../types';
import type { ProseReader } from './proseReader';
import { TokenKind } from './proseTokens';

/** How far back in its sentence a pool looks for the actor's name or «инициатива». */
const ACTOR_LOOKBACK = 40;

/**
 * A character's name in the cases of the one who acts: the nominative and, for a one-word name,
 * the dative («Мирону нужен бросок», «Вере», «Марии», «Андрею»), lower case, ё as е.
 */
function rollerForms(name: string): Set<string> {
  const nominative = normalizeWords(name);
  const forms = new Set([nominative]);
  if (nominative.includes(' ')) return forms;
  const stem = nominative.slice(0, -1);
  const last = nominative[nominative.length - 1];
  if (nominative.endsWith('ия')) forms.add(`${stem}и`);
  else if (last === 'а' || last === 'я') forms.add(`${stem}е`);
  else if (last === 'й' || last === 'ь') forms.add(`${stem}ю`);
  else if (!'оеиуюыэ'.includes(last)) forms.add(`${nominative}у`);
  return forms;
}

export class ProseActors {
  /** Each character's name as stem keys of its words, and the forms in which it rolls. */
  private readonly list: { name: string; stems: string[]; rolls: Set<string> }[];

  constructor(characters: readonly CharacterSheet[]) {
    this.list = characters
      .map((c) => ({ name: c.name, stems: stemKey(c.name).split(' '), rolls: rollerForms(c.name) }))
      .filter((a) => a.stems.every((s) => s !== ''));
  }

  /**
   * The character the sentence names for this check: a sheet's name right after the pool (a
   * possessor, «Интеллект + Ремесло Маркуса»), else the nearest before it in the sentence that
   * is the one who acts: «Мирон совершает бросок», «Мирону нужен бросок» — not «замечает Мирона».
   */
  around(r: ProseReader, i: number, last: number): string | undefined {
    if (this.list.length === 0) return undefined;
    const after = this.at(r, last + 1, false);
    if (after !== undefined) return after;
    for (let p = i - 1; p >= 0 && p >= i - ACTOR_LOOKBACK; p--) {
      if (r.endsSentence(p)) return undefined;
      const name = this.at(r, p, true);
      if (name !== undefined) return name;
    }
    return undefined;
  }

  /**
   * The character whose name starts at token p, capitalised: in any case form, or (`acting`) only
   * as the one who acts, in the nominative or the dative.
   */
  private at(r: ProseReader, p: number, acting: boolean): string | undefined {
    const { count, kind } = r.tokens;
    if (p >= count || kind[p] !== TokenKind.word) return undefined;
    const first = r.slice(p)[0];
    if (first === first.toLowerCase()) return undefined;
    return this.list.find((actor) => {
      const words: string[] = [];
      for (let k = 0; k < actor.stems.length; k++) {
        if (p + k >= count || kind[p + k] !== TokenKind.word || stemKey(r.slice(p + k)) !== actor.stems[k]) return false;
        words.push(r.slice(p + k));
      }
      return !acting || actor.rolls.has(normalizeWords(words.join(' ')));
    })?.name;
  }
}
