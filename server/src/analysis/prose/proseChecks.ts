/**
 * Checks written as prose, without «…» (docs/markup.en.md, "Checks written as prose"; RM012): «бросок Ловкость + Атлетика
 * (сложность 4)», «проверку Силы + Атлетики со сложностью 2», «броска Выносливости
 * (сложность 8)». Each is reported with the canonical markup (§6) that a quick fix writes
 * over exactly the span, leaving the rest of the sentence as it was.
 *
 * What counts as a prose check (decisions, checked against the five rules texts;
 * test/fixtures/prose/seeds.labels.tsv labels every one):
 *
 * - A pool: a trait, then any number of `sign term`, where a term is a trait (up to three
 *   words, or as many as the ruleset's longest name; any grammatical case; resolved by the
 *   ruleset's TraitIndex, longest name first; «рейтинг Управления» is the trait Управление)
 *   with an optional rating («Ловкость 3 + Вождение 3»), or an integer modifier. Then an
 *   optional difficulty: a parenthesised parameter group the check grammar accepts
 *   («(сложность 6, специализация)», also «(по сложности 6)»), or «сложность N»,
 *   «со сложностью N», «по сложности N», optionally after a comma. Then optionally
 *   «против» and a second pool written the same way.
 * - Alternatives (docs/markup.en.md) in both shapes: whole pools joined by «или»/«либо» (and
 *   commas before the last «или»: «A, B или C») when each has a sign, or when a single trait is
 *   also the first trait after «или» («Сила или Сила + Атлетизм»); otherwise «или», «либо» and
 *   «/» join the single traits next to them («Ловкость или Интеллект + Ремесло», «Интеллект +
 *   Языки или Компьютеры», «Ловкость + Атлетизм/Вождение», «Ловкость + Фехтование или
 *   Огнестрельное Оружие (сложность 4)»). The markup keeps the joiner («/» stays «/»: the
 *   markup reads it as the prose does; «либо» is «или»); at most 8 combinations.
 * - A difficulty written before its trait: «сложность любого броска Вождения равна 3». The span
 *   is «Вождения равна 3» (the rest of the sentence stays a sentence), the markup
 *   «Вождение (сложность 3)».
 * - It is reported when some pool has two or more traits, or one trait (with its alternatives)
 *   and a difficulty.
 * - Generic words («Характеристика + Навык», «Силу + Навык», «Атрибута + Навыка») describe
 *   a class of checks, not a check: a pool with any `generic` trait is not reported, since
 *   its markup could never be resolved against a character.
 * - A pool needs a trait that is rolled (attribute, ability, rollable, power, or a project
 *   dictionary term of such a category): a sum of `other` traits is a derived value
 *   («Прочности + Размеру»), and Mage Spheres are `other` («Силы + Жизнь» is an effect, not a
 *   roll). In a pool that has a rolled trait, and for a single trait with a difficulty, an
 *   `other` trait sharing a stem with a rolled one is read as the rolled one («Силы +
 *   Атлетизм», «бросок Силы со сложностью 9» are Сила, not the Sphere Силы).
 * - A sum that is a value, not a roll, is not a check: right after «сумма», «значение»,
 *   «удвоенный», «равный» («(сумма Ловкости + Кражи протагониста)» rolls, «против сложности,
 *   равной Интеллект + Компьютеры хакера»).
 * - Letter case: the texts capitalise trait names and write the same words in lower case as
 *   ordinary nouns («время», «жизнь», «дух», «сила», «до»). A trait must be written with a
 *   capital letter, except inside a `+` pool of two or more traits, where a rolled trait
 *   (not `other`) may be in lower case («сила + атлетика» in a draft).
 * - Not a check, because the span would cut a larger expression: a pool preceded or
 *   followed by `+`/`−` that does not continue it («12 + Ловкость»,
 *   «Самообладание + Упорство − сложность», «… + 2 кости»), or preceded by `/` or by
 *   a trait and «или» that the pool before did not take. The hyphen and the en dash are also
 *   Russian punctuation dashes, so only `+` and `−` (U+2212) are taken as proof that a formula
 *   goes on; a dash after a pool just ends it.
 * - A number followed by a word (other than a conjunction) is not a rating or a modifier
 *   but a count («Атлетика 2 раза», «+ 2 кости»); «сложность 6 или 7» and «сложность 4–6»
 *   are not a difficulty.
 * - A pool never crosses a blank line (paragraph break), a «…» span (the caller cuts them
 *   out of the segments) or the end of a segment.
 *
 * The markup keeps what the sentence says beyond the pool: the actor, when the sentence names a
 * character of the front matter as the one who acts («Мирон совершает бросок Силы + Атлетики» →
 * «Мирон: Сила + Атлетика», «Мирону нужен…»; a possessor right after the pool, «Интеллект +
 * Ремесло Маркуса», first; not «Охранник замечает Мирона»); an initiative
 * roll («к показателю инициативы (Ловкость + Смекалка)» → «Ловкость + Смекалка (инициатива)»);
 * a damage roll in a classic pool («Урон: Сила + Оружие» → «Сила + Оружие (урон)»).
 * What the ruleset cannot take is said in the fix's title: no difficulty in the text where the
 * ruleset wants one, a difficulty left out where it has none (storytelling), any other warning
 * the markup will still get.
 *
 * Performance: a check needs a sign or a «сложност…» word ("anchor"), so a check is only
 * tried at words shortly before one, and its first name is only looked up when what follows
 * it can continue a check (a sign, a parameter group, a difficulty phrase, an alternative);
 * each distinct written name is looked up once per call. The rest of the text is only
 * tokenized, in linear time (about 0.1–0.2 s for 3 million characters). Never throws.
 */

import { supportsNoBotch } from '../../engine/capabilities';
import type { TraitCategory, TraitEntry } from '../../engine/ruleset';
import { formatCanonical, parseCheckExpression } from '../check/checkExpression';
import { DEFAULT_SEVERITY, type ProseNote } from '../diagnosticCatalog';
import { ProseTokens, TokenKind, tokenizeProse } from './proseTokens';
import { resolveCheck, willpowerName } from '../resolve/resolveCheck';
import { normalizeWords, stemKey } from '../resolve/russianWords';
import type { TraitIndex, TraitMatch, TraitMatchKind } from '../resolve/traitIndex';
import type { AnalysisDiagnostic, CharacterSheet, ProseCheck, TextRange } from '../types';

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
 * anchor (a sign or a «сложност…» word): a rating, a comma, «(», «со»/«по», an alternative
 * («или Интеллект 2»), with slack.
 */
const WINDOW_SLACK = 6;
/** A parameter group longer than this is prose in parentheses, not parameters. */
const MAX_GROUP_TOKENS = 24;
/** How far back in its sentence a pool looks for the actor's name or «инициатива». */
const ACTOR_LOOKBACK = 40;
const MARKER_LOOKBACK = 8;

const ROLLED: ReadonlySet<TraitCategory> = new Set<TraitCategory>(['attribute', 'ability', 'rollable', 'power']);
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
/** A difficulty followed by these is a range or an alternative, not one number. */
const RANGE_WORDS = new Set(['или', 'либо', 'до', 'и']);
const OR_WORDS = new Set(['или', 'либо']);
/** «рейтинг Управления», «значение Брони»: the trait's value, written out. */
const RATING_WORDS = new Set(['рейтинг', 'значение']);
/** Words after which a sum is a value (a number of rolls, a difficulty), not a roll. */
const VALUE_WORDS = /^(?:сумм|удвоенн|утроенн|значени|равн)/u;
/** Words skipped on the way back to a value word: «сумма показателей …», «значения его …». */
const POSSESSIVES = new Set(['его', 'ее', 'их', 'показателей', 'значений']);
/** «сложность [любого] броска Вождения равна 3»: the words between «сложность» and the trait. */
const ROLL_NOUNS = new Set(['броска', 'бросков', 'проверки', 'проверок']);
const ROLL_QUANTIFIERS = new Set(['любого', 'любой', 'любых', 'всех', 'каждого', 'каждой', 'этого', 'этой', 'такого', 'такой', 'обычного', 'обычной']);
const EQUALS_WORDS = new Set(['равна', 'равняется', 'составляет']);
const DIFFICULTY_ONLY = /^(?:(?:со|с)\s+сложностью|по\s+сложности|сложность)\s+(\d{1,4})$/iu;
/** What the parser reads as the trait in front of a parameter group being tried. */
const PLACEHOLDER_TRAIT = 'Х';
/** The parameter an initiative roll is marked with (docs/markup.en.md). */
const INITIATIVE_PARAM = 'инициатива';
/** The parameter a damage roll is marked with (classic pools: no botch). */
const DAMAGE_PARAM = 'урон';

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
    const willpower = willpowerName(index.ruleset);
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

/** One of a term's alternatives («Ловкость» of «Ловкость/Интеллект»), or its only trait. */
interface Alternative {
  trait: TraitEntry;
  /** How the lookup matched the written name. */
  matchKind: TraitMatchKind;
  written: string;
  capitalised: boolean;
  rating?: number;
  /** Joined to the alternative before it by «/» («Атлетизм/Вождение»), not by «или». */
  slash?: true;
}

interface TraitTerm {
  kind: 'trait';
  sign: 1 | -1;
  /** One trait, or the alternatives the player chooses from. */
  alternatives: Alternative[];
}

interface ModifierTerm {
  kind: 'modifier';
  sign: 1 | -1;
  value: number;
}

type Term = TraitTerm | ModifierTerm;
type Pool = Term[];

interface Side {
  /** One pool, or the whole pools the player chooses from («A + B или C + D»). */
  pools: Pool[];
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

/** A check found, with what its fix's title must say the markup does not carry over. */
interface Found {
  check: ProseCheck;
  note?: ProseNote;
}

function isRolled(alternative: Alternative): boolean {
  return ROLLED.has(alternative.trait.category);
}

function traitTerms(pool: Pool): TraitTerm[] {
  return pool.filter((t): t is TraitTerm => t.kind === 'trait');
}

function alternativesOf(side: Side): Alternative[] {
  return side.pools.flatMap((pool) => traitTerms(pool).flatMap((term) => term.alternatives));
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
function markupName(alternative: Alternative, afterVersus: boolean): string {
  return afterVersus && alternative.matchKind === 'case-form' && sameCapitals(alternative.written, alternative.trait.name) ? alternative.written : alternative.trait.name;
}

function poolText(pool: Pool, afterVersus: boolean): string {
  let out = '';
  pool.forEach((term, k) => {
    const body =
      term.kind === 'modifier'
        ? String(term.value)
        : term.alternatives.map((alternative, i) => (i === 0 ? '' : alternative.slash ? '/' : ' или ') + markupName(alternative, afterVersus) + (alternative.rating === undefined ? '' : ` ${alternative.rating}`)).join('');
    out += k === 0 ? body : `${term.sign < 0 ? ' \u2212 ' : ' + '}${body}`;
  });
  return out;
}

/**
 * A side's pools without its parameters. Alternatives keep the joiner the text wrote: «/» always
 * joins the traits next to it, in the markup as in the prose, while «или» between pools with signs
 * makes them whole pools; «Сила/Ловкость + Атлетизм или Сила + Драка» written with «или» only
 * would be another check.
 */
function sideText(side: Side, afterVersus: boolean): string {
  return side.pools.map((pool) => poolText(pool, afterVersus)).join(' или ');
}

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

class ProseScanner {
  /** Written name → lookup result; `null` remembers a miss. */
  private readonly lookups = new Map<string, TraitMatch | null>();
  /** Markup → the note its fix's title needs (`null`: none). */
  private readonly notes = new Map<string, ProseNote | null>();
  private t!: ProseTokens;
  /** The tokens' keys worked out so far in this scan (`key`), by token index. */
  private keys: (string | undefined)[] = [];
  /** Each character's name as stem keys of its words, and the forms in which it rolls, for the actor. */
  private readonly actors: { name: string; stems: string[]; rolls: Set<string> }[];

  constructor(
    private readonly index: TraitIndex,
    private readonly facts: RulesetFacts,
    private readonly characters: readonly CharacterSheet[],
  ) {
    this.actors = characters
      .map((c) => ({ name: c.name, stems: stemKey(c.name).split(' '), rolls: rollerForms(c.name) }))
      .filter((a) => a.stems.every((s) => s !== ''));
  }

  scan(tokens: ProseTokens, out: Found[]): void {
    this.t = tokens;
    this.keys = [];
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
      // A «сложность» word is an anchor itself: a difficulty written before its trait starts there.
      const difficulty = this.isDifficultyWord(i);
      if (difficulty || (near[i] === 1 && kind[i] === TokenKind.word)) {
        const found = difficulty ? this.tryInverted(i) : this.tryAt(i);
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

  /** A word's keyword form (lower case, ё → е), or '' for other tokens and past the end; each worked out once per scan. */
  private key(i: number): string {
    if (i < 0 || i >= this.t.count || this.t.kind[i] !== TokenKind.word) return '';
    let key = this.keys[i];
    if (key === undefined) {
      key = this.slice(i).toLowerCase().replace(/ё/g, 'е');
      this.keys[i] = key;
    }
    return key;
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

  /** Whether token i ends a sentence (or the paragraph): nothing before it is the pool's. */
  private endsSentence(i: number): boolean {
    const k = this.t.kind[i];
    return k === TokenKind.paragraphBreak || (k === TokenKind.other && SENTENCE_END.has(this.char(i)));
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
      case TokenKind.slash:
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
   * group, a difficulty phrase or an alternative, perhaps after a rating) are looked up: most
   * words near a dash are no check, and this keeps the lookups to a few per real check.
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
      case TokenKind.slash:
        return true;
      case TokenKind.word: {
        const key = this.key(j);
        return key === 'со' || key === 'с' || key === 'по' || OR_WORDS.has(key) || this.isDifficultyWord(j);
      }
      default:
        return false;
    }
  }

  /** Letter case as a term of a pool (see the header): capitalised, or a rolled trait joined by a sign. */
  private caseAllowedInPool(m: NameMatch): boolean {
    return m.capitalised || ROLLED.has(m.match.trait.category);
  }

  /** A name at token i that may be a term of a pool, or undefined. */
  private termName(i: number): NameMatch | undefined {
    const m = this.matchName(i);
    return m && this.caseAllowedInPool(m) ? m : undefined;
  }

  // ---- checks ----

  private tryAt(i: number): { next: number; check?: Found } {
    const first = this.matchName(i, true);
    if (!first) return { next: i + 1 };
    if (!this.caseAllowedInPool(first)) return { next: first.end };
    // A failed start skips the whole name, so that «Воли» of «Силы Воли» never starts a check.
    const miss = { next: first.end };
    if (this.joinedBefore(i) || this.isValue(i)) return miss;
    const side1 = this.readSide(first);
    if (!side1) return miss;
    let last = side1.last;
    let side2: Side | undefined;
    if (this.key(last + 1) === 'против') {
      const opponent = this.termName(last + 2);
      const read = opponent ? this.readSide(opponent) : undefined;
      if (read && alternativesOf(read).length > 0) {
        side2 = read;
        last = read.last;
      }
    }
    if (!this.qualifies(side1, side2, first)) return miss;
    const marker = side2 || side1.params !== undefined ? undefined : this.markerBefore(i);
    const actor = this.actorAround(i, last);
    const found = this.found({ start: this.t.start[i], end: this.t.end[last] }, side1, side2, actor, marker);
    return found ? { next: last + 1, check: found } : miss;
  }

  /**
   * «сложность любого броска Вождения равна 3»: a difficulty written before its single trait. The
   * span is the trait and the number («Вождения равна 3»), so the fix leaves «сложность любого
   * броска» a sentence with the check in it.
   */
  private tryInverted(i: number): { next: number; check?: Found } {
    const next = { next: i + 1 };
    if (this.key(i) !== 'сложность') return next;
    let p = i + 1;
    if (ROLL_QUANTIFIERS.has(this.key(p))) p++;
    if (!ROLL_NOUNS.has(this.key(p))) return next;
    p++;
    if (this.key(p) === 'на') p++;
    const name = this.termName(p);
    if (!name || !name.capitalised || name.match.trait.category === 'generic') return next;
    let q = name.end;
    if (EQUALS_WORDS.has(this.key(q))) q++;
    const value = this.integerAt(q);
    if (value === undefined) return next;
    const after = q + 1;
    if (after < this.t.count) {
      const k = this.t.kind[after];
      if (k === TokenKind.slash || k === TokenKind.decimal || k === TokenKind.sign || RANGE_WORDS.has(this.key(after))) return next;
    }
    const alternative: Alternative = { trait: name.match.trait, matchKind: name.match.kind, written: name.written, capitalised: true };
    this.preferRolled([alternative], true);
    if (!isRolled(alternative)) return next;
    const side: Side = { pools: [[{ kind: 'trait', sign: 1, alternatives: [alternative] }]], poolEnd: q, params: `сложность ${value}`, hasDifficulty: true, last: q };
    const found = this.found({ start: this.t.start[p], end: this.t.end[q] }, side, undefined, this.actorAround(p, q), undefined);
    return found ? { next: q + 1, check: found } : next;
  }

  /**
   * The token before the pool continues a formula or offers an alternative that the pool before
   * did not take («12 + Ловкость», «Сила/Ловкость», «Фехтование или Огнестрельное Оружие»).
   */
  private joinedBefore(i: number): boolean {
    if (i === 0) return false;
    const prev = i - 1;
    const { kind, start, end } = this.t;
    if (kind[prev] === TokenKind.slash) return true;
    if (OR_WORDS.has(this.key(prev))) return this.nameEndingAt(prev - 1) !== undefined;
    if (kind[prev] !== TokenKind.sign) return false;
    const c = this.char(prev);
    return c === '+' || c === '\u2212' || end[prev] === start[i];
  }

  /** Right after «сумма», «значения его», «равной»: the pool is a value, not a roll (see the header). */
  private isValue(i: number): boolean {
    let p = i - 1;
    if (p >= 0 && this.t.kind[p] === TokenKind.lparen) p--;
    while (p >= 0 && POSSESSIVES.has(this.key(p))) p--;
    return VALUE_WORDS.test(this.key(p));
  }

  /**
   * What the sentence says the pool is for, shortly before it: «инициатив…» an initiative rating,
   * «урон…» a damage roll («Урон: Сила + Оружие»), where the ruleset has that mechanic.
   */
  private markerBefore(i: number): string | undefined {
    const { ruleset } = this.index;
    for (let p = i - 1; p >= 0 && p >= i - MARKER_LOOKBACK; p--) {
      if (this.endsSentence(p)) return undefined;
      const key = this.key(p);
      if (key.startsWith('инициатив') && ruleset.initiativeTrait !== undefined) return INITIATIVE_PARAM;
      if (key.startsWith('урон') && supportsNoBotch(ruleset)) return DAMAGE_PARAM;
    }
    return undefined;
  }

  /**
   * The character the sentence names for this check: a sheet's name right after the pool (a
   * possessor, «Интеллект + Ремесло Маркуса»), else the nearest before it in the sentence that
   * is the one who acts: «Мирон совершает бросок», «Мирону нужен бросок» — not «замечает Мирона».
   */
  private actorAround(i: number, last: number): string | undefined {
    if (this.actors.length === 0) return undefined;
    const after = this.actorAt(last + 1, false);
    if (after !== undefined) return after;
    for (let p = i - 1; p >= 0 && p >= i - ACTOR_LOOKBACK; p--) {
      if (this.endsSentence(p)) return undefined;
      const name = this.actorAt(p, true);
      if (name !== undefined) return name;
    }
    return undefined;
  }

  /**
   * The character whose name starts at token p, capitalised: in any case form, or (`acting`) only
   * as the one who acts, in the nominative or the dative.
   */
  private actorAt(p: number, acting: boolean): string | undefined {
    const { count, kind } = this.t;
    if (p >= count || kind[p] !== TokenKind.word) return undefined;
    const first = this.slice(p)[0];
    if (first === first.toLowerCase()) return undefined;
    return this.actors.find((actor) => {
      const words: string[] = [];
      for (let k = 0; k < actor.stems.length; k++) {
        if (p + k >= count || kind[p + k] !== TokenKind.word || stemKey(this.slice(p + k)) !== actor.stems[k]) return false;
        words.push(this.slice(p + k));
      }
      return !acting || actor.rolls.has(normalizeWords(words.join(' ')));
    })?.name;
  }

  /** A pool's parts joined by «или» (and list commas), shaped into alternatives; see the header. */
  private readSide(first: NameMatch): Side | undefined {
    const { kind } = this.t;
    const head = this.readPart(first);
    if (!head) return undefined;
    const parts: Pool[] = [head.terms];
    const ends: number[] = [head.end];
    let firstComma = -1;
    let lastOr = -1;
    for (;;) {
      const p = ends[ends.length - 1];
      let q = p;
      let viaComma = false;
      if (kind[q] === TokenKind.comma && parts[parts.length - 1].length >= 2) {
        q++;
        viaComma = !OR_WORDS.has(this.key(q));
        if (!viaComma) q++;
      } else if (OR_WORDS.has(this.key(q))) {
        q++;
      } else {
        break;
      }
      const name = this.termName(q);
      if (!name) break;
      const part = this.readPart(name);
      // «A или B + рейтинг …»: the formula goes on past what a check can say.
      if (!part) return undefined;
      if (viaComma) {
        if (part.terms.length < 2) break;
        if (firstComma < 0) firstComma = parts.length;
      } else {
        lastOr = parts.length;
      }
      parts.push(part.terms);
      ends.push(part.end);
    }
    // A list without «или» after its commas is a list of checks, not of alternatives.
    let count = firstComma >= 0 && lastOr < firstComma ? firstComma : parts.length;
    let pools: Pool[];
    const single = (pool: Pool) => pool.length === 1 && pool[0].kind === 'trait' && pool[0].alternatives.length === 1;
    const firstTrait = (pool: Pool) => (pool[0].kind === 'trait' ? pool[0].alternatives[0].trait : undefined);
    if (count === 1) {
      pools = [parts[0]];
    } else if (parts.slice(0, count).every((pool) => pool.length >= 2) || (count === 2 && single(parts[0]) && firstTrait(parts[0]) === firstTrait(parts[1]))) {
      pools = parts.slice(0, count);
    } else {
      // One term: «или» joins the single traits on either side; list commas have no place here.
      if (firstComma >= 0) count = firstComma;
      const pool: Pool = [...parts[0]];
      let used = 1;
      for (; used < count; used++) {
        const before = pool[pool.length - 1];
        const after = parts[used][0];
        if (before.kind !== 'trait' || after.kind !== 'trait') break;
        before.alternatives.push(...after.alternatives);
        pool.push(...parts[used].slice(1));
      }
      count = used;
      pools = [pool];
    }
    const poolEnd = ends[count - 1];
    const params = this.readParams(poolEnd);
    const side: Side = { pools, poolEnd, hasDifficulty: params?.hasDifficulty ?? false, last: params ? params.last : poolEnd - 1 };
    if (params) side.params = params.text;
    return side;
  }

  /** Sign-joined terms from a first name on; undefined when a `+`/`−` goes on with no term. */
  private readPart(first: NameMatch): { terms: Pool; end: number } | undefined {
    const { kind } = this.t;
    const terms: Pool = [];
    let p = this.addTrait(terms, first, 1);
    if (p === undefined) return undefined;
    while (p < this.t.count && kind[p] === TokenKind.sign) {
      const c = this.char(p);
      const sign: 1 | -1 = c === '+' ? 1 : -1;
      const value = this.integerAt(p + 1);
      if (value !== undefined && this.endsTerm(p + 2)) {
        terms.push({ kind: 'modifier', sign, value });
        p += 2;
        continue;
      }
      // «+ рейтинг Управления»: the rating of a trait is that trait's term.
      const next = this.termName(p + 1) ?? (RATING_WORDS.has(this.key(p + 1)) ? this.termName(p + 2) : undefined);
      if (next) {
        p = this.addTrait(terms, next, sign);
        if (p === undefined) return undefined;
        continue;
      }
      // `+` and `−` cannot be punctuation: the formula goes on with something that is not a
      // term, so the pool alone would misquote it. A hyphen or en dash may be a dash: stop here.
      if (c === '+' || c === '\u2212') return undefined;
      break;
    }
    return { terms, end: p };
  }

  /**
   * Appends a trait term with its rating and its «/» alternatives («Атлетизм/Вождение»); returns
   * the token after it, or undefined when a «/» is followed by no trait.
   */
  private addTrait(terms: Pool, m: NameMatch, sign: 1 | -1): number | undefined {
    const term: TraitTerm = { kind: 'trait', sign, alternatives: [] };
    let name = m;
    let p: number;
    for (;;) {
      p = name.end;
      const alternative: Alternative = { trait: name.match.trait, matchKind: name.match.kind, written: name.written, capitalised: name.capitalised };
      if (term.alternatives.length > 0) alternative.slash = true;
      const rating = this.integerAt(p);
      if (rating !== undefined && this.endsTerm(p + 1)) {
        alternative.rating = rating;
        p++;
      }
      term.alternatives.push(alternative);
      if (p >= this.t.count || this.t.kind[p] !== TokenKind.slash) break;
      const next = this.termName(p + 1);
      if (!next) return undefined;
      name = next;
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

  private qualifies(side1: Side, side2: Side | undefined, first: NameMatch): boolean {
    const all = side2 ? [...alternativesOf(side1), ...alternativesOf(side2)] : alternativesOf(side1);
    if (all.some((alternative) => alternative.trait.category === 'generic')) return false;
    for (const side of side2 ? [side1, side2] : [side1]) {
      for (const pool of side.pools) {
        const terms = traitTerms(pool);
        for (const term of terms) this.preferRolled(term.alternatives, side.hasDifficulty && terms.length === 1, terms.flatMap((t) => t.alternatives).some(isRolled));
      }
    }
    const pools = side1.pools.map(traitTerms);
    if (pools.some((terms) => terms.length >= 2 && terms.some((term) => term.alternatives.some(isRolled)))) return true;
    if (!side1.hasDifficulty || !first.capitalised) return false;
    // One trait (perhaps with alternatives) in each pool, and a difficulty: every choice is rolled.
    return pools.every((terms) => terms.length === 1 && terms[0].alternatives.every(isRolled));
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
   * «Силы» is Сила, not the Sphere Силы (see the header), in a pool with a rolled trait
   * (`poolRolled`), and as a single trait with a difficulty (`alone`): `other` traits are not
   * rolled on their own.
   */
  private preferRolled(alternatives: Alternative[], alone: boolean, poolRolled = false): void {
    if (!poolRolled && !alone) return;
    for (const alternative of alternatives) {
      if (alternative.matchKind === 'dictionary' || alternative.trait.category !== 'other') continue;
      const rolled = this.facts.rolledByStem.get(stemKey(alternative.written));
      if (rolled) alternative.trait = rolled;
    }
  }

  /** The check as found: its span, canonical markup and what its fix must say. */
  private found(range: TextRange, side1: Side, side2: Side | undefined, actor: string | undefined, marker: string | undefined): Found | undefined {
    const family = this.index.ruleset.family;
    // Storytelling has no difficulty (RM005): the markup leaves it out and the title says so.
    let dropped = false;
    for (const side of side2 ? [side1, side2] : [side1]) {
      if (family === 'storytelling' && side.hasDifficulty && side.params !== undefined) {
        side.params = this.withoutDifficulty(side.params);
        side.hasDifficulty = false;
        dropped = true;
      }
    }
    const markup = this.markup(side1, side2, actor, marker);
    if (markup === undefined) return undefined;
    const check = { range, markup };
    if (dropped) return { check, note: { id: 'droppedDifficulty' } };
    const note = this.noteFor(markup, side1, side2, marker);
    return note ? { check, note } : { check };
  }

  /** A parameter group without its difficulty, or undefined when nothing else was in it. */
  private withoutDifficulty(params: string): string | undefined {
    const ast = parseCheckExpression(`${PLACEHOLDER_TRAIT} (${params})`);
    const rest = ast.sides[0].params.filter((param) => param.kind !== 'difficulty');
    if (rest.length === 0) return undefined;
    const options = this.facts.willpower === undefined ? {} : { willpower: this.facts.willpower };
    return formatCanonical({ ...ast, sides: [{ ...ast.sides[0], terms: [], params: rest }] }, (term) => term.name, options).slice(1, -1);
  }

  /** The canonical markup, through the check parser, so that it is exactly what the canonical form prints. */
  private markup(side1: Side, side2: Side | undefined, actor: string | undefined, marker: string | undefined): string | undefined {
    const options = this.facts.willpower === undefined ? {} : { willpower: this.facts.willpower };
    const withParams = (side: Side, afterVersus: boolean, extra?: string) => {
      const params = [side.params, extra].filter((p): p is string => p !== undefined);
      return params.length === 0 ? sideText(side, afterVersus) : `${sideText(side, afterVersus)} (${params.join(', ')})`;
    };
    const prefix = actor === undefined ? '' : `${actor}: `;
    const content = prefix + (side2 ? `${withParams(side1, false)} против ${withParams(side2, true)}` : withParams(side1, false, marker));
    const ast = parseCheckExpression(content);
    // Cannot happen for what the scanner builds; if it did, a fix must not write a broken check.
    if (ast.errors.length > 0) return undefined;
    return `«${formatCanonical(ast, (term) => term.name, options)}»`;
  }

  /**
   * What the fix's title must say the markup cannot carry over: a difficulty the ruleset wants
   * and the text does not give, or any other warning or error the markup will still get.
   */
  private noteFor(markup: string, side1: Side, side2: Side | undefined, marker: string | undefined): ProseNote | undefined {
    const { ruleset } = this.index;
    // A d20 check without a difficulty cannot be computed (RM004, error); vampire-pack's counts as 0.
    if (ruleset.family === 'd20' && !side2 && marker === undefined && !side1.hasDifficulty) return { id: 'noDifficulty' };
    let note = this.notes.get(markup);
    if (note === undefined) {
      const content = markup.slice(1, -1);
      const resolved = resolveCheck(parseCheckExpression(content), content, { ruleset, index: this.index, characters: this.characters });
      const codes = [...new Set(resolved.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').map((d) => d.code))];
      note = codes.length === 0 ? null : { id: 'remains', codes };
      this.notes.set(markup, note);
    }
    return note ?? undefined;
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
export function findProseChecks(text: string, segments: readonly TextRange[], index: TraitIndex, characters: readonly CharacterSheet[] = []): ProseCheckResult {
  let found: Found[] = [];
  let scanner: ProseScanner;
  try {
    scanner = new ProseScanner(index, rulesetFacts(index), characters);
  } catch {
    // A broken ruleset or index must cost the hint, not the document's analysis.
    return { checks: [], diagnostics: [] };
  }
  for (const segment of segments) {
    const range = clampRange(segment, text.length);
    if (!range) continue;
    try {
      scanner.scan(tokenizeProse(text, range.start, range.end), found);
    } catch {
      // Same reason: a hint is never worth an exception; the other segments still count.
    }
  }
  found.sort((a, b) => a.check.range.start - b.check.range.start);
  // A «…» written after an unpaired « would close that « instead: the fix would swallow the
  // text between into a broken check. Such a paragraph is being edited; no hint until it is not.
  const unsafe = afterUnpairedGuillemet(text, found.map((f) => f.check.range.start));
  found = found.filter((_, k) => !unsafe[k]);
  const diagnostics = found.map(
    ({ check, note }): AnalysisDiagnostic => ({
      code: 'RM012',
      severity: DEFAULT_SEVERITY.RM012,
      message: { id: 'proseCheck', markup: check.markup },
      range: check.range,
      fixes: [
        {
          title: { id: 'toMarkup', markup: check.markup, ...(note ? { note } : {}) },
          edits: [{ range: check.range, newText: check.markup }],
          preferred: true,
        },
      ],
    }),
  );
  return { checks: found.map((f) => f.check), diagnostics };
}
