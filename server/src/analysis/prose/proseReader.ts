/**
 * Reading prose tokens (proseTokens.ts) as the prose-check scanner needs them: a word's keyword
 * form worked out once per scan, numbers, and where a term or a sentence ends. The scanner
 * (proseScanner.ts) reads through it, and so do the readers of parameters and actors.
 */
import { type ProseTokens, TokenKind } from './proseTokens';

/** Punctuation after which a number still ends a term («Ловкость 3.», «Сила 2)»). */
const TERM_END_PUNCTUATION = new Set(['.', ';', ':', '!', '?', '…', '»', '"', '\u201c', '\u201d', '=']);
/** Punctuation that ends a sentence (or a table cell): an actor, «инициатива» or «урон» is looked for before it, not across. */
const SENTENCE_END = new Set(['.', '!', '?', '…', ';', '|']);
/**
 * Words that may follow a rating or modifier: they join clauses, so the number before them
 * ends a term («Ловкость + Вождение + 3 − 4 и …»). Any other word makes the number a count
 * of something («+ 2 кости», «+ 1 за каждые 15 км/ч», «Атлетика 2 раза»).
 */
const CONJUNCTIONS = new Set(['и', 'или', 'либо', 'а', 'но', 'да', 'что', 'чтобы', 'если', 'когда', 'пока', 'то', 'тогда', 'однако', 'поэтому', 'причем', 'потому', 'так']);
export const OR_WORDS = new Set(['или', 'либо']);

export class ProseReader {
  protected t!: ProseTokens;
  /** The tokens' keys worked out so far in this scan (`key`), by token index. */
  private keys: (string | undefined)[] = [];

  /** The tokens read from now on. */
  protected read(tokens: ProseTokens): void {
    this.t = tokens;
    this.keys = [];
  }

  get tokens(): ProseTokens {
    return this.t;
  }

  char(i: number): string {
    return this.t.text[this.t.start[i]];
  }

  slice(i: number): string {
    return this.t.text.slice(this.t.start[i], this.t.end[i]);
  }

  /** A word's keyword form (lower case, ё → е), or '' for other tokens and past the end; each worked out once per scan. */
  key(i: number): string {
    if (i < 0 || i >= this.t.count || this.t.kind[i] !== TokenKind.word) return '';
    let key = this.keys[i];
    if (key === undefined) {
      key = this.slice(i).toLowerCase();
      // Most words have no ё: a search is cheaper than a replacement that finds nothing.
      if (key.includes('ё')) key = key.replaceAll('ё', 'е');
      this.keys[i] = key;
    }
    return key;
  }

  /** «сложность», «сложности», «сложностью»; tested on the first letter and length before slicing. */
  isDifficultyWord(i: number): boolean {
    if (i >= this.t.count || this.t.kind[i] !== TokenKind.word) return false;
    const c = this.t.text.charCodeAt(this.t.start[i]);
    if ((c !== 0x441 && c !== 0x421) || this.t.end[i] - this.t.start[i] < 9) return false;
    return this.key(i).startsWith('сложност');
  }

  integerAt(i: number): number | undefined {
    if (i >= this.t.count || this.t.kind[i] !== TokenKind.integer) return undefined;
    const text = this.slice(i);
    // Longer numbers are not ratings, modifiers or difficulties; the grammar caps them anyway.
    return text.length > 4 ? undefined : Number(text);
  }

  /** Whether token i ends a sentence (or the paragraph): nothing before it is the pool's. */
  endsSentence(i: number): boolean {
    const k = this.t.kind[i];
    return k === TokenKind.paragraphBreak || (k === TokenKind.other && SENTENCE_END.has(this.char(i)));
  }

  /** Whether a number at i-1 ends a term: what follows it is a sign, punctuation or a parameter. */
  endsTerm(i: number): boolean {
    const { count, kind } = this.t;
    if (i >= count) return true;
    switch (kind[i]) {
      case TokenKind.sign:
      case TokenKind.rparen:
      case TokenKind.lparen:
      case TokenKind.comma:
      case TokenKind.slash:
      case TokenKind.paragraphBreak:
        return true;
      case TokenKind.other:
        return TERM_END_PUNCTUATION.has(this.char(i));
      case TokenKind.word: {
        const key = this.key(i);
        return (
          key === 'против' ||
          CONJUNCTIONS.has(key) ||
          this.isDifficultyWord(i) ||
          ((key === 'со' || key === 'с' || key === 'по') && this.isDifficultyWord(i + 1)) ||
          ((key === 'со' || key === 'с') && (this.key(i + 1) === 'штрафом' || this.key(i + 1) === 'бонусом'))
        );
      }
      default:
        return false;
    }
  }
}
