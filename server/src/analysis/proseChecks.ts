/**
 * Checks written as prose, without «…» (docs/markup.en.md, "Checks written as prose"; RM012): «бросок Ловкость + Атлетика
 * (сложность 4)», «проверку Силы + Атлетики со сложностью 2», «броска Выносливости
 * (сложность 8)». Each is reported with the canonical markup (§6) that a quick fix writes
 * over exactly the span, leaving the rest of the sentence as it was.
 *
 * What counts as a prose check (decisions, checked against the five rules texts):
 *
 * - A pool: a trait, then any number of `sign term`, where a term is a trait (up to three
 *   words, or as many as the ruleset's longest name; any grammatical case; resolved by the
 *   ruleset's TraitIndex, longest name first) with an optional rating («Ловкость 3 +
 *   Вождение 3»), or an integer modifier. Then an
 *   optional difficulty: a parenthesised parameter group the check grammar accepts
 *   («(сложность 6, специализация)», also «(по сложности 6)»), or «сложность N»,
 *   «со сложностью N», «по сложности N», optionally after a comma. Then optionally
 *   «против» and a second pool written the same way.
 * - It is reported when the first pool has two or more traits, or one trait and a
 *   difficulty.
 * - Generic words («Характеристика + Навык», «Силу + Навык», «Атрибута + Навыка») describe
 *   a class of checks, not a check: a pool with any `generic` trait is not reported, since
 *   its markup could never be resolved against a character.
 * - A pool needs a trait that is rolled (attribute, ability, rollable, power, or a project
 *   dictionary term): a sum of `other` traits is a derived value («Прочности + Размеру»), and
 *   Mage Spheres are `other` («Силы + Жизнь» is an effect, not a roll). In a pool that has a
 *   rolled trait, and for a single trait with a difficulty, an `other` trait sharing a stem
 *   with a rolled one is read as the rolled one («Силы + Атлетизм», «бросок Силы со
 *   сложностью 9» are Сила, not the Sphere Силы).
 * - Letter case: the texts capitalise trait names and write the same words in lower case as
 *   ordinary nouns («время», «жизнь», «дух», «сила», «до»). A trait must be written with a
 *   capital letter, except inside a `+` pool of two or more traits, where a rolled trait
 *   (not `other`) may be in lower case («сила + атлетика» in a draft).
 * - Not a check, because the span would cut a larger expression: a pool preceded or
 *   followed by `+`/`−` that does not continue it («12 + Ловкость»,
 *   «Самообладание + Упорство − сложность», «… + рейтинг Управления»); alternatives with
 *   `/` («Ловкость + Атлетизм/Вождение», «Выносливость/Интеллект + Медитация») or with
 *   «или»/«либо» for one term («Ловкость или Интеллект + Техника», «Интеллект + Языки или
 *   Компьютеры»; «Ловкости + Атлетики или Выносливости + Атлетики» is two pools and both
 *   count); a single trait after «или»/«либо» («Ловкость + Фехтование или Огнестрельное
 *   Оружие (сложность 4)», where the difficulty belongs to the whole phrase). The hyphen and the
 *   en dash are also Russian punctuation dashes, so only `+` and `−` (U+2212) are taken as
 *   proof that a formula goes on; a dash after a pool just ends it.
 * - A number followed by a word (other than a conjunction) is not a rating or a modifier
 *   but a count («Атлетика 2 раза», «+ 2 кости»); «сложность 6 или 7» and «сложность 4–6»
 *   are not a difficulty.
 * - A pool never crosses a blank line (paragraph break), a «…» span (the caller cuts them
 *   out of the segments) or the end of a segment.
 *
 * Performance: a check needs a sign or a «сложност…» word ("anchor"), so a check is only
 * tried at words shortly before one, and its first name is only looked up when what follows
 * it can continue a check (a sign, a parameter group, a difficulty phrase); each distinct
 * written name is looked up once per call. The rest of the text is only tokenized, in linear
 * time (about 0.1–0.2 s for 3 million characters). Never throws.
 */

import type { TraitCategory, TraitEntry } from '../engine/ruleset';
import { formatCanonical, parseCheckExpression } from './checkExpression';
import { DEFAULT_SEVERITY, fixTitles, messages } from './diagnosticCatalog';
import { ProseTokens, TokenKind, tokenizeProse } from './proseTokens';
import { stemKey } from './russianWords';
import type { TraitIndex, TraitMatch, TraitMatchKind } from './traitIndex';
import type { AnalysisDiagnostic, Locale, ProseCheck, TextRange } from './types';

export interface ProseCheckResult {
  /** In document order. */
  checks: ProseCheck[];
  /** One RM012 per check, same order, each with one preferred fix. */
  diagnostics: AnalysisDiagnostic[];
}

/**
 * Names are tried up to this many words, or the ruleset's longest name if longer (a user
 * ruleset may have one). Three is the built-ins' longest («Обращение с животными») and
 * covers project-dictionary terms, which the index does not list.
 */
const MIN_NAME_WORDS = 3;
/** No name is tried longer than this, whatever a ruleset says: lookups stay cheap. */
const MAX_NAME_WORDS = 6;
/**
 * A check can start at most this many tokens, beyond the name's own words, before its first
 * anchor (a sign or a «сложност…» word): a rating, a comma, «(», «со»/«по», with slack.
 */
const WINDOW_SLACK = 6;
/** A parameter group longer than this is prose in parentheses, not parameters. */
const MAX_GROUP_TOKENS = 24;

const ROLLED: ReadonlySet<TraitCategory> = new Set<TraitCategory>(['attribute', 'ability', 'rollable', 'power']);
/** Punctuation after which a number still ends a term («Ловкость 3.», «Сила 2)»). */
const TERM_END_PUNCTUATION = new Set(['.', ';', ':', '!', '?', '…', '»', '"', '\u201c', '\u201d', '=']);
/**
 * Words that may follow a rating or modifier: they join clauses, so the number before them
 * ends a term («Ловкость + Вождение + 3 − 4 и …»). Any other word makes the number a count
 * of something («+ 2 кости», «+ 1 за каждые 15 км/ч», «Атлетика 2 раза»).
 */
const CONJUNCTIONS = new Set(['и', 'или', 'либо', 'а', 'но', 'да', 'что', 'чтобы', 'если', 'когда', 'пока', 'то', 'тогда', 'однако', 'поэтому', 'причем', 'потому', 'так']);
/** A difficulty followed by these is a range or an alternative, not one number. */
const RANGE_WORDS = new Set(['или', 'либо', 'до', 'и']);
const OR_WORDS = new Set(['или', 'либо']);
const DIFFICULTY_ONLY = /^(?:(?:со|с)\s+сложностью|по\s+сложности|сложность)\s+(\d{1,4})$/iu;
/** What the parser reads as the trait in front of a parameter group being tried. */
const PLACEHOLDER_TRAIT = 'Х';

interface RulesetFacts {
  /** How many words a trait name may have, for the longest-match search. */
  maxWords: number;
  /** Stem keys of rolled traits' names, aliases and forms → the trait. */
  rolledByStem: Map<string, TraitEntry>;
  /** How the ruleset spells Willpower, for a «Сила воли» parameter in a copied group. */
  willpower?: string;
}

const factsCache = new WeakMap<TraitIndex, RulesetFacts>();

function rulesetFacts(index: TraitIndex): RulesetFacts {
  let facts = factsCache.get(index);
  if (!facts) {
    const rolledByStem = new Map<string, TraitEntry>();
    let maxWords = MIN_NAME_WORDS;
    for (const trait of index.ruleset.traits) {
      for (const name of [trait.name, ...(trait.aliases ?? []), ...(trait.variants ?? []), ...(trait.forms ?? [])]) {
        maxWords = Math.max(maxWords, name.trim().split(/\s+/u).length);
      }
      if (!ROLLED.has(trait.category)) continue;
      for (const name of [trait.name, ...(trait.aliases ?? []), ...(trait.forms ?? [])]) {
        const key = stemKey(name);
        if (!rolledByStem.has(key)) rolledByStem.set(key, trait);
      }
    }
    const willpower = index.ruleset.traits.find((t) => t.en === 'Willpower')?.name;
    maxWords = Math.min(maxWords, MAX_NAME_WORDS);
    facts = willpower === undefined ? { maxWords, rolledByStem } : { maxWords, rolledByStem, willpower };
    factsCache.set(index, facts);
  }
  return facts;
}

/** A trait name found at a token. */
interface NameMatch {
  match: TraitMatch;
  /** The words as written, joined by single spaces. */
  written: string;
  /** Token indexes [first, end). */
  first: number;
  end: number;
  capitalised: boolean;
}

interface TraitTerm {
  kind: 'trait';
  sign: 1 | -1;
  trait: TraitEntry;
  /** How the lookup matched the written name. */
  matchKind: TraitMatchKind;
  /** The lookup found it through the project dictionary: the user says it is a trait. */
  fromDictionary: boolean;
  written: string;
  capitalised: boolean;
  rating?: number;
}

interface ModifierTerm {
  kind: 'modifier';
  sign: 1 | -1;
  value: number;
}

type Term = TraitTerm | ModifierTerm;

interface Side {
  terms: Term[];
  /** The token after the last term (where the parameters, if any, begin). */
  poolEnd: number;
  /** Parameters in a form the check grammar reads («сложность 2», «сложность 6, специализация»). */
  params?: string;
  hasDifficulty: boolean;
  /** The last token the side takes. */
  last: number;
}

interface Params {
  text: string;
  hasDifficulty: boolean;
  last: number;
}

function isRolled(term: TraitTerm): boolean {
  return term.fromDictionary || ROLLED.has(term.trait.category);
}

function traitTerms(side: Side): TraitTerm[] {
  return side.terms.filter((t): t is TraitTerm => t.kind === 'trait');
}

/** Same number of words, each starting in the same letter case. */
function sameCapitals(a: string, b: string): boolean {
  const wa = a.split(' ');
  const wb = b.split(' ');
  const upper = (w: string) => w !== '' && w[0] !== w[0].toLowerCase();
  return wa.length === wb.length && wa.every((w, k) => upper(w) === upper(wb[k]));
}

/**
 * A trait's name in the markup: the nominative, or after «против» the case form as written
 * (Russian puts the genitive there, as canonical as the nominative, docs/markup.en.md "Canonical form") when it is
 * capitalised as the ruleset spells the name: «против Силы Воли».
 */
function markupName(term: TraitTerm, afterVersus: boolean): string {
  return afterVersus && term.matchKind === 'case-form' && sameCapitals(term.written, term.trait.name) ? term.written : term.trait.name;
}

function sideText(side: Side, afterVersus: boolean): string {
  let out = '';
  side.terms.forEach((term, k) => {
    const body = term.kind === 'modifier' ? String(term.value) : markupName(term, afterVersus) + (term.rating === undefined ? '' : ` ${term.rating}`);
    out += k === 0 ? body : `${term.sign < 0 ? ' \u2212 ' : ' + '}${body}`;
  });
  return side.params === undefined ? out : `${out} (${side.params})`;
}

class ProseScanner {
  /** Written name → lookup result; `null` remembers a miss. */
  private readonly lookups = new Map<string, TraitMatch | null>();
  private t!: ProseTokens;

  constructor(
    private readonly index: TraitIndex,
    private readonly facts: RulesetFacts,
  ) {}

  scan(tokens: ProseTokens, out: ProseCheck[]): void {
    this.t = tokens;
    const { count, kind } = tokens;
    // Starts are tried only shortly before an anchor. A word right after a sign needs no
    // window of its own: after `+`/`−` it cannot start a check (joinedBefore), and after a
    // dash it starts one only if an anchor follows it.
    const near = new Uint8Array(count);
    const before = this.facts.maxWords + WINDOW_SLACK;
    let markedTo = 0;
    for (let a = 0; a < count; a++) {
      if (kind[a] !== TokenKind.sign && !this.isDifficultyWord(a)) continue;
      for (let j = Math.max(markedTo, a - before); j < a; j++) near[j] = 1;
      markedTo = Math.max(markedTo, a);
    }
    let i = 0;
    while (i < count) {
      if (near[i] === 1 && kind[i] === TokenKind.word) {
        const found = this.tryAt(i);
        if (found.check) out.push(found.check);
        i = found.next;
      } else {
        i++;
      }
    }
  }

  // ---- tokens ----

  private char(i: number): string {
    return this.t.text[this.t.start[i]];
  }

  private slice(i: number): string {
    return this.t.text.slice(this.t.start[i], this.t.end[i]);
  }

  /** A word's keyword form (lower case, ё → е), or '' for other tokens and past the end. */
  private key(i: number): string {
    if (i >= this.t.count || this.t.kind[i] !== TokenKind.word) return '';
    return this.slice(i).toLowerCase().replace(/ё/g, 'е');
  }

  /** «сложность», «сложности», «сложностью»; tested on the first letter and length before slicing. */
  private isDifficultyWord(i: number): boolean {
    if (i >= this.t.count || this.t.kind[i] !== TokenKind.word) return false;
    const c = this.t.text.charCodeAt(this.t.start[i]);
    if ((c !== 0x441 && c !== 0x421) || this.t.end[i] - this.t.start[i] < 9) return false;
    return this.key(i).startsWith('сложност');
  }

  private integerAt(i: number): number | undefined {
    if (i >= this.t.count || this.t.kind[i] !== TokenKind.integer) return undefined;
    const text = this.slice(i);
    // Longer numbers are not ratings, modifiers or difficulties; the grammar caps them anyway.
    return text.length > 4 ? undefined : Number(text);
  }

  /** Whether a number at i-1 ends a term: what follows it is a sign, punctuation or a parameter. */
  private endsTerm(i: number): boolean {
    const { count, kind } = this.t;
    if (i >= count) return true;
    switch (kind[i]) {
      case TokenKind.sign:
      case TokenKind.rparen:
      case TokenKind.lparen:
      case TokenKind.comma:
      case TokenKind.paragraphBreak:
        return true;
      case TokenKind.other:
        return TERM_END_PUNCTUATION.has(this.char(i));
      case TokenKind.word: {
        const key = this.key(i);
        return key === 'против' || CONJUNCTIONS.has(key) || this.isDifficultyWord(i) || ((key === 'со' || key === 'с' || key === 'по') && this.isDifficultyWord(i + 1));
      }
      default:
        return false;
    }
  }

  // ---- traits ----

  private lookup(written: string): TraitMatch | undefined {
    let found = this.lookups.get(written);
    if (found === undefined) {
      found = this.index.lookup(written) ?? null;
      this.lookups.set(written, found);
    }
    return found ?? undefined;
  }

  /**
   * The longest trait name starting at token i. For the first term of a pool (`asStart`),
   * only names followed by what a check needs next (a sign, a parameter
   * group or a difficulty phrase, perhaps after a rating) are looked up: most words near a
   * dash are no check, and this keeps the lookups to a few per real check.
   */
  private matchName(i: number, asStart = false): NameMatch | undefined {
    const { count, kind } = this.t;
    if (i >= count || kind[i] !== TokenKind.word) return undefined;
    let words = 1;
    while (words < this.facts.maxWords && i + words < count && kind[i + words] === TokenKind.word) words++;
    for (let k = words; k >= 1; k--) {
      if (asStart && !this.canFollowStart(i + k)) continue;
      let written = this.slice(i);
      for (let j = 1; j < k; j++) written += ` ${this.slice(i + j)}`;
      const match = this.lookup(written);
      if (match) {
        const first = written[0];
        return { match, written, first: i, end: i + k, capitalised: first !== first.toLowerCase() };
      }
    }
    return undefined;
  }

  /** Whether token j (after a first trait) can begin the rest of a check. */
  private canFollowStart(j: number): boolean {
    const { count, kind } = this.t;
    if (j < count && kind[j] === TokenKind.integer) j++; // a rating
    if (j >= count) return false;
    switch (kind[j]) {
      case TokenKind.sign:
      case TokenKind.lparen:
      case TokenKind.comma:
        return true;
      case TokenKind.word: {
        const key = this.key(j);
        return key === 'со' || key === 'с' || key === 'по' || this.isDifficultyWord(j);
      }
      default:
        return false;
    }
  }

  /** Letter case as a term of a pool (see the header): capitalised, or a rolled trait joined by a sign. */
  private caseAllowedInPool(m: NameMatch): boolean {
    return m.capitalised || ROLLED.has(m.match.trait.category) || m.match.kind === 'dictionary';
  }

  // ---- checks ----

  private tryAt(i: number): { next: number; check?: ProseCheck } {
    const first = this.matchName(i, true);
    if (!first) return { next: i + 1 };
    if (!this.caseAllowedInPool(first)) return { next: first.end };
    // A failed start skips the whole name, so that «Воли» of «Силы Воли» never starts a check.
    const miss = { next: first.end };
    if (this.joinedBefore(i)) return miss;
    const side1 = this.readSide(first);
    if (!side1) return miss;
    let last = side1.last;
    let side2: Side | undefined;
    if (this.key(last + 1) === 'против') {
      const opponent = this.matchName(last + 2);
      const read = opponent && this.caseAllowedInPool(opponent) ? this.readSide(opponent) : undefined;
      if (read && traitTerms(read).length > 0) {
        side2 = read;
        last = read.last;
      }
    }
    if (!this.qualifies(side1, side2, first, i) || this.isAlternative(side1, i)) return miss;
    const markup = this.markup(side1, side2);
    if (markup === undefined) return miss;
    return { next: last + 1, check: { range: { start: this.t.start[i], end: this.t.end[last] }, markup } };
  }

  /** The token before the pool continues a formula or offers an alternative («12 + Ловкость», «Сила/Ловкость»). */
  private joinedBefore(i: number): boolean {
    if (i === 0) return false;
    const prev = i - 1;
    const { kind, start, end } = this.t;
    if (kind[prev] === TokenKind.slash) return true;
    if (kind[prev] !== TokenKind.sign) return false;
    const c = this.char(prev);
    return c === '+' || c === '\u2212' || end[prev] === start[i];
  }

  private readSide(first: NameMatch): Side | undefined {
    const { kind } = this.t;
    const terms: Term[] = [];
    let p = this.addTrait(terms, first, 1);
    while (p < this.t.count && kind[p] === TokenKind.sign) {
      const c = this.char(p);
      const sign: 1 | -1 = c === '+' ? 1 : -1;
      const value = this.integerAt(p + 1);
      if (value !== undefined && this.endsTerm(p + 2)) {
        terms.push({ kind: 'modifier', sign, value });
        p += 2;
        continue;
      }
      const next = this.matchName(p + 1);
      if (next && this.caseAllowedInPool(next)) {
        p = this.addTrait(terms, next, sign);
        continue;
      }
      // `+` and `−` cannot be punctuation: the formula goes on with something that is not a
      // term, so the pool alone would misquote it. A hyphen or en dash may be a dash: stop here.
      if (c === '+' || c === '\u2212') return undefined;
      break;
    }
    if (p < this.t.count && kind[p] === TokenKind.slash) return undefined;
    const params = this.readParams(p);
    const side: Side = { terms, poolEnd: p, hasDifficulty: params?.hasDifficulty ?? false, last: params ? params.last : p - 1 };
    if (params) side.params = params.text;
    return side;
  }

  /** Appends a trait term with its rating, if any; returns the token after it. */
  private addTrait(terms: Term[], m: NameMatch, sign: 1 | -1): number {
    let p = m.end;
    const term: TraitTerm = {
      kind: 'trait',
      sign,
      trait: m.match.trait,
      matchKind: m.match.kind,
      fromDictionary: m.match.kind === 'dictionary',
      written: m.written,
      capitalised: m.capitalised,
    };
    const rating = this.integerAt(p);
    if (rating !== undefined && this.endsTerm(p + 1)) {
      term.rating = rating;
      p++;
    }
    terms.push(term);
    return p;
  }

  /** A parameter group or a difficulty phrase starting at token p. */
  private readParams(p: number): Params | undefined {
    const { count, kind } = this.t;
    if (p >= count) return undefined;
    if (kind[p] === TokenKind.lparen) return this.readGroup(p);
    let q = p;
    if (kind[q] === TokenKind.comma) q++;
    const key = this.key(q);
    let numberAt: number;
    if ((key === 'со' || key === 'с') && this.key(q + 1) === 'сложностью') numberAt = q + 2;
    else if (key === 'по' && this.key(q + 1) === 'сложности') numberAt = q + 2;
    else if (key === 'сложность') numberAt = q + 1;
    else return undefined;
    const value = this.integerAt(numberAt);
    if (value === undefined) return undefined;
    const after = numberAt + 1;
    if (after < count) {
      const k = kind[after];
      if (k === TokenKind.slash || k === TokenKind.decimal) return undefined;
      if (k === TokenKind.sign && this.integerAt(after + 1) !== undefined) return undefined;
      if (RANGE_WORDS.has(this.key(after))) return undefined;
    }
    return { text: `сложность ${value}`, hasDifficulty: true, last: numberAt };
  }

  /** «(сложность 6, специализация)», «(по сложности 6)»: the group the check grammar reads. */
  private readGroup(open: number): Params | undefined {
    const { count, kind, start, end, text } = this.t;
    const limit = Math.min(count, open + MAX_GROUP_TOKENS);
    let close = -1;
    for (let j = open + 1; j < limit; j++) {
      const k = kind[j];
      if (k === TokenKind.rparen) {
        close = j;
        break;
      }
      if (k === TokenKind.lparen || k === TokenKind.paragraphBreak) return undefined;
    }
    if (close < 0) return undefined;
    const content = text.slice(end[open], start[close]).replace(/\s+/gu, ' ').trim();
    const phrase = DIFFICULTY_ONLY.exec(content);
    if (phrase) return { text: `сложность ${Number(phrase[1])}`, hasDifficulty: true, last: close };
    const ast = parseCheckExpression(`${PLACEHOLDER_TRAIT} (${content})`);
    const side = ast.sides[0];
    if (ast.errors.length > 0 || ast.sides.length !== 1 || ast.actor || side.params.length === 0) return undefined;
    return { text: content, hasDifficulty: side.params.some((param) => param.kind === 'difficulty'), last: close };
  }

  private qualifies(side1: Side, side2: Side | undefined, first: NameMatch, i: number): boolean {
    const traits1 = traitTerms(side1);
    const all = side2 ? [...traits1, ...traitTerms(side2)] : traits1;
    if (all.some((term) => term.trait.category === 'generic')) return false;
    this.preferRolled(traits1, side1.hasDifficulty);
    if (side2) this.preferRolled(traitTerms(side2), side2.hasDifficulty);
    if (traits1.length >= 2) return traits1.some(isRolled);
    if (traits1.length !== 1 || !side1.hasDifficulty) return false;
    const only = traits1[0];
    if (!isRolled(only) || !first.capitalised) return false;
    // «Фехтование или Огнестрельное Оружие (сложность 4)»: the difficulty is the whole phrase's.
    return !OR_WORDS.has(this.key(i - 1));
  }

  /**
   * «Ловкость или Интеллект + Техника», «Интеллект + Языки или Компьютеры»: one term has two
   * alternatives, so the pool alone would misquote the rule. «Ловкости + Атлетики или
   * Выносливости + Атлетики» is two pools and stays: the trait across «или» is itself joined
   * by a sign.
   */
  private isAlternative(side: Side, i: number): boolean {
    const { kind } = this.t;
    if (OR_WORDS.has(this.key(i - 1))) {
      const before = this.nameEndingAt(i - 2);
      if (before !== undefined && !(before > 0 && kind[before - 1] === TokenKind.sign)) return true;
    }
    if (OR_WORDS.has(this.key(side.poolEnd))) {
      const after = this.matchName(side.poolEnd + 1);
      if (after) {
        let next = after.end;
        if (this.integerAt(next) !== undefined) next++;
        if (!(next < this.t.count && kind[next] === TokenKind.sign)) return true;
      }
    }
    return false;
  }

  /** The first token of a trait name that ends at token j. */
  private nameEndingAt(j: number): number | undefined {
    const { kind } = this.t;
    for (let k = this.facts.maxWords; k >= 1; k--) {
      const first = j - k + 1;
      if (first < 0) continue;
      let written = '';
      let words = true;
      for (let w = first; w <= j; w++) {
        if (kind[w] !== TokenKind.word) {
          words = false;
          break;
        }
        written += w === first ? this.slice(w) : ` ${this.slice(w)}`;
      }
      if (words && this.lookup(written)) return first;
    }
    return undefined;
  }

  /**
   * «Силы» is Сила, not the Sphere Силы (see the header), in a pool with a rolled trait, and
   * as a single trait with a difficulty: `other` traits are not rolled on their own.
   */
  private preferRolled(terms: TraitTerm[], withDifficulty: boolean): void {
    if (!terms.some(isRolled) && !(withDifficulty && terms.length === 1)) return;
    for (const term of terms) {
      if (term.fromDictionary || term.trait.category !== 'other') continue;
      const rolled = this.facts.rolledByStem.get(stemKey(term.written));
      if (rolled) term.trait = rolled;
    }
  }

  /** The canonical markup, through the check parser so that it is exactly what §6 prints. */
  private markup(side1: Side, side2: Side | undefined): string | undefined {
    const content = side2 ? `${sideText(side1, false)} против ${sideText(side2, true)}` : sideText(side1, false);
    const ast = parseCheckExpression(content);
    // Cannot happen for what the scanner builds; if it did, a fix must not write a broken check.
    if (ast.errors.length > 0) return undefined;
    const options = this.facts.willpower === undefined ? {} : { willpower: this.facts.willpower };
    return `«${formatCanonical(ast, (term) => term.name, options)}»`;
  }
}

function clampRange(range: TextRange, length: number): TextRange | undefined {
  const start = Math.max(0, Math.min(length, Math.floor(range.start)));
  const end = Math.max(0, Math.min(length, Math.floor(range.end)));
  return Number.isFinite(start) && Number.isFinite(end) && end > start ? { start, end } : undefined;
}

function isLineBreak(c: number): boolean {
  return c === 10 || c === 13;
}

/**
 * Where the paragraph around `offset` starts: after the last blank line before it, or at `floor`
 * if there is none at or after `floor` (scanned backwards, never below `floor`).
 */
function paragraphStart(text: string, offset: number, floor: number): number {
  let rightBreak = -1;
  let content = false;
  for (let k = offset - 1; k >= floor; k--) {
    const c = text.charCodeAt(k);
    if (c === 13 && text.charCodeAt(k + 1) === 10) continue; // the CR of a CRLF: the LF was the break
    if (isLineBreak(c)) {
      if (rightBreak >= 0 && !content) return rightBreak + 1;
      rightBreak = k;
      content = false;
    } else if (c !== 32 && c !== 9) {
      content = true;
    }
  }
  return floor;
}

/**
 * For each offset (ascending), whether a « before it in its paragraph is still unpaired there.
 * The analysis pairs a « with the first » after it in the same text, across line breaks, and a
 * text never spans a blank line; this reads the same pairs, in one pass over the paragraphs
 * that hold the offsets.
 */
function afterUnpairedGuillemet(text: string, offsets: readonly number[]): boolean[] {
  const out: boolean[] = [];
  let open = false;
  let at = -1;
  for (const offset of offsets) {
    const from = paragraphStart(text, offset, Math.max(at, 0));
    if (at < 0 || from > at) {
      open = false;
      at = from;
    }
    for (; at < offset; at++) {
      const c = text.charCodeAt(at);
      if (c === 0xab) open = true;
      else if (c === 0xbb) open = false;
    }
    out.push(open);
  }
  return out;
}

/**
 * Finds the checks written as prose in `segments` of `text` (the ranges of Markdown prose the
 * caller allows, «…» spans already cut out) and reports each as RM012 with its fix.
 */
export function findProseChecks(text: string, segments: readonly TextRange[], index: TraitIndex, locale: Locale): ProseCheckResult {
  const checks: ProseCheck[] = [];
  let scanner: ProseScanner;
  try {
    scanner = new ProseScanner(index, rulesetFacts(index));
  } catch {
    // A broken ruleset or index must cost the hint, not the document's analysis.
    return { checks, diagnostics: [] };
  }
  for (const segment of segments) {
    const range = clampRange(segment, text.length);
    if (!range) continue;
    try {
      scanner.scan(tokenizeProse(text, range.start, range.end), checks);
    } catch {
      // Same reason: a hint is never worth an exception; the other segments still count.
    }
  }
  checks.sort((a, b) => a.range.start - b.range.start);
  // A «…» written after an unpaired « would close that « instead: the fix would swallow the
  // text between into a broken check. Such a paragraph is being edited; no hint until it is not.
  const unsafe = afterUnpairedGuillemet(text, checks.map((check) => check.range.start));
  const safe = checks.filter((_, k) => !unsafe[k]);
  checks.length = 0;
  checks.push(...safe);
  const diagnostics = checks.map(
    (check): AnalysisDiagnostic => ({
      code: 'RM012',
      severity: DEFAULT_SEVERITY.RM012,
      message: messages.proseCheck(check.markup)[locale],
      range: check.range,
      fixes: [{ title: fixTitles.toMarkup(check.markup)[locale], edits: [{ range: check.range, newText: check.markup }], preferred: true }],
    }),
  );
  return { checks, diagnostics };
}
