/**
 * The prose-check scanner (proseChecks.ts, the header: what counts as a check): finds, near a
 * sign or a «сложност…» word, a pool of trait names with its alternatives, a second pool after
 * «против», and hands what it read to the markup (proseMarkup.ts).
 */
import { supportsNoBotch } from '../../engine/capabilities';
import { pluralRu } from '../check/canonicalForm';
import { ROLLED_CATEGORIES, type TraitIndex, type TraitMatch } from '../resolve/traitIndex';
import type { CharacterSheet } from '../types';
import { ProseActors } from './proseActors';
import { ProseMarkup } from './proseMarkup';
import { RANGE_WORDS, readParams, readPoolModifier } from './proseParams';
import { OR_WORDS, ProseReader } from './proseReader';
import { type Alternative, alternativesOf, type Found, isRolled, type NameMatch, type Pool, preferRolled, qualifies, ROLLED, type RulesetFacts, type Side, type TraitTerm } from './proseSides';
import { type ProseTokens, TokenKind } from './proseTokens';

/** A misspelling is at most this many letters from a trait's form (docs/markup.en.md, prose checks). */
const MISSPELT_DISTANCE = 2;
/** Shorter capitalised words are too often other words two letters from a trait. */
const MISSPELT_MIN_LENGTH = 5;

/**
 * A check can start at most this many tokens, beyond the name's own words, before its first
 * anchor (a sign or a «сложност…» word): a rating, a comma, «(», «со»/«по», an alternative
 * («или Интеллект 2»), with slack.
 */
const WINDOW_SLACK = 6;
const MARKER_LOOKBACK = 8;
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
/** The parameter an initiative roll is marked with (docs/markup.en.md). */
const INITIATIVE_PARAM = 'инициатива';
/** The parameter a damage roll is marked with (classic pools: no botch). */
const DAMAGE_PARAM = 'урон';
/** Counts written as words, as the texts write a success target: «пять успехов». */
const COUNT_WORDS = new Map([
  ['один', 1], ['два', 2], ['три', 3], ['четыре', 4], ['пять', 5], ['шесть', 6], ['семь', 7], ['восемь', 8], ['девять', 9], ['десять', 10],
  ['одиннадцать', 11], ['двенадцать', 12], ['пятнадцать', 15], ['двадцать', 20],
]);
/** «в продолженном броске», «в длительной проверке»: the roll an extended action's successes add up over. */
const EXTENDED_WORDS = ['продолженн', 'длительн'];
/** Words that make successes a requirement: «должен выбросить», «нужно», «необходимо», «требуется», «как минимум». */
const REQUIREMENT_WORDS = ['долж', 'нужн', 'необходим', 'требу', 'надо', 'минимум'];
/** Words after «успехов» where the pool of a threshold may start: «в одном броске на Силу воли». */
const ONE_ROLL_REACH = 5;
/** How many words before the count a requirement word is looked for. */
const REQUIREMENT_LOOKBACK = 4;
/** «в броске», «в одном броске», «за бросок», «в проверке»: the roll a threshold's successes are needed in. */
const ONE_ROLL_NOUNS = new Set(['броске', 'бросок', 'проверке']);
const EXTENDED_NOUNS = new Set(['броске', 'бросок', 'броска', 'проверке', 'проверку', 'проверки', 'действии']);

/** Past this many words a scanner's memory of them starts afresh: it lives as long as its context. */
const REMEMBERED_WORDS = 20_000;

export class ProseScanner extends ProseReader {
  /** Written name → lookup result; `null` remembers a miss. */
  private readonly lookups = new Map<string, TraitMatch | null>();
  /** Written word → the trait it misspells; `null` remembers none. */
  private readonly misspellings = new Map<string, TraitMatch | null>();
  private readonly actors: ProseActors;
  private readonly fixes: ProseMarkup;

  constructor(
    private readonly index: TraitIndex,
    private readonly facts: RulesetFacts,
    characters: readonly CharacterSheet[],
  ) {
    super();
    this.actors = new ProseActors(characters);
    this.fixes = new ProseMarkup(index, facts, characters);
  }

  scan(tokens: ProseTokens, out: Found[]): void {
    this.read(tokens);
    const { count, kind } = tokens;
    // Starts are tried only shortly before an anchor. A word right after a sign needs no
    // window of its own: after `+`/`−` it cannot start a check (joinedBefore), and after a
    // dash it starts one only if an anchor follows it.
    const near = new Uint8Array(count);
    const before = this.facts.maxWords + WINDOW_SLACK;
    let markedTo = 0;
    const countsSuccesses = this.index.ruleset.family !== 'd20';
    for (let a = 0; a < count; a++) {
      // «должен выбросить 3 успеха в броске на Силу воли»: the successes one roll needs come before the pool.
      if (countsSuccesses && this.key(a).startsWith('успех')) {
        for (let j = a + 1; j < Math.min(count, a + 1 + ONE_ROLL_REACH); j++) near[j] = 1;
        continue;
      }
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

  // ---- traits ----

  private lookup(written: string): TraitMatch | undefined {
    let found = this.lookups.get(written);
    if (found === undefined) {
      found = this.index.lookup(written) ?? null;
      if (this.lookups.size >= REMEMBERED_WORDS) this.lookups.clear();
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
    return asStart && !this.canFollowStart(i + 1) ? undefined : this.misspelt(i);
  }

  /**
   * A capitalised word of five letters or more within two letters of a rolled trait or one of its
   * case forms («Ловкасти», «Выносливасти»): an author's misspelling, which the check reports
   * (issue 20). Only where a name is tried anyway, so the cost stays per real check.
   */
  private misspelt(i: number): NameMatch | undefined {
    const written = this.slice(i);
    if (written.length < MISSPELT_MIN_LENGTH || written[0] === written[0].toLowerCase()) return undefined;
    let found = this.misspellings.get(written);
    if (found === undefined) {
      const [name] = this.index.suggest(written, { prefer: ROLLED_CATEGORIES, maxDistance: MISSPELT_DISTANCE, limit: 1 });
      const match = name === undefined ? undefined : this.index.lookup(name);
      found = match && ROLLED.has(match.trait.category) ? match : null;
      if (this.misspellings.size >= REMEMBERED_WORDS) this.misspellings.clear();
      this.misspellings.set(written, found);
    }
    return found ? { match: found, written, first: i, end: i + 1, capitalised: true, misspelt: true } : undefined;
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
    // After the successes one roll needs the pool may end the sentence: «… в броске на Силу воли.»
    const required = this.index.ruleset.family === 'd20' ? undefined : this.thresholdBefore(i);
    const first = this.matchName(i, required === undefined);
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
    const threshold = side2 ? undefined : required;
    if (!qualifies(this.facts, side1, side2, first, threshold !== undefined)) return miss;
    const target = side2 ? undefined : this.successTargetBefore(i);
    const successes = (n: number) => `${n} ${pluralRu(n, 'успех', 'успеха', 'успехов')}`;
    if (target !== undefined) side1.params = side1.params === undefined ? successes(target) : `${successes(target)}, ${side1.params}`;
    if (threshold !== undefined) side1.params = side1.params === undefined ? `${successes(threshold)} за бросок` : `${side1.params}, ${successes(threshold)} за бросок`;
    // «… (сложность 6) дважды, выбирая лучший результат» (000 l.480): the word joins the check. A d20 has Advantage instead.
    if (!side2 && this.key(last + 1) === 'дважды' && this.index.ruleset.family !== 'd20') {
      side1.params = side1.params === undefined ? 'дважды' : `${side1.params}, дважды`;
      last += 1;
    }
    const marker = side2 || side1.params !== undefined ? undefined : this.markerBefore(i);
    const actor = this.actors.around(this, i, last);
    const found = this.fixes.found({ start: this.t.start[i], end: this.t.end[last] }, side1, side2, actor, marker);
    const misspelt = [side1, ...(side2 ? [side2] : [])].flatMap(alternativesOf).filter((a) => a.misspelt);
    if (found && misspelt.length > 0) found.misspelt = misspelt.map((a) => ({ written: a.written, name: a.trait.name }));
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
    const alternative: Alternative = { trait: name.match.trait, matchKind: name.match.kind, written: name.written, capitalised: true, ...(name.misspelt ? { misspelt: true as const } : {}) };
    preferRolled(this.facts, [alternative], true);
    if (!isRolled(alternative)) return next;
    const side: Side = { pools: [[{ kind: 'trait', sign: 1, alternatives: [alternative] }]], poolEnd: q, params: `сложность ${value}`, hasDifficulty: true, last: q };
    const found = this.fixes.found({ start: this.t.start[p], end: this.t.end[q] }, side, undefined, this.actors.around(this, p, q), undefined);
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

  /**
   * Right after «сумма», «значения его», «равной», or after «=» («Скорость = Сила + Ловкость + 5», a
   * formula, issue 20): the pool is a value, not a roll (see the header).
   */
  private isValue(i: number): boolean {
    let p = i - 1;
    if (p >= 0 && this.t.kind[p] === TokenKind.lparen) p--;
    if (p >= 0 && this.t.kind[p] === TokenKind.other && this.char(p) === '=') return true;
    while (p >= 0 && POSSESSIVES.has(this.key(p))) p--;
    return VALUE_WORDS.test(this.key(p));
  }

  /**
   * What the sentence says the pool is for, shortly before it: «инициатив…» an initiative rating,
   * «урон…» a damage roll («Урон: Сила + Оружие»), where the ruleset has that mechanic.
   */
  /**
   * «пять успехов в продолженном броске Сообразительности + Расследования»: an extended action's
   * success target written before its pool (issue 20), carried over as «(5 успехов)».
   */
  private successTargetBefore(i: number): number | undefined {
    let p = i - 1;
    if (!EXTENDED_NOUNS.has(this.key(p))) return undefined;
    p--;
    if (!EXTENDED_WORDS.some((word) => this.key(p).startsWith(word))) return undefined;
    p--;
    if (this.key(p) === 'в') p--;
    if (!this.key(p).startsWith('успех')) return undefined;
    p--;
    const count = this.integerAt(p) ?? COUNT_WORDS.get(this.key(p));
    return count !== undefined && count > 0 ? count : undefined;
  }

  /**
   * «должен выбросить 3 успеха в броске на Силу воли» (003 l.92), «нужно пять успехов в одном
   * броске»: the successes one roll must reach, written before its pool as a requirement, carried
   * over as «(3 успеха за бросок)».
   */
  private thresholdBefore(i: number): number | undefined {
    let p = i - 1;
    if (this.key(p) === 'на') p--;
    const noun = this.key(p);
    if (!ONE_ROLL_NOUNS.has(noun)) return undefined;
    p--;
    if (this.key(p) === 'одном' || this.key(p) === 'один') p--;
    const preposition = this.key(p);
    if (!(preposition === 'за' ? noun === 'бросок' : preposition === 'в' && noun !== 'бросок')) return undefined;
    p--;
    if (!this.key(p).startsWith('успех')) return undefined;
    p--;
    const count = this.integerAt(p) ?? COUNT_WORDS.get(this.key(p));
    if (count === undefined || count < 1) return undefined;
    // A requirement, not a result told («получил три успеха в броске …»): «должен выбросить», «нужно», «как минимум».
    for (let q = p - 1; q >= 0 && q >= p - REQUIREMENT_LOOKBACK; q--) {
      if (this.endsSentence(q)) return undefined;
      if (REQUIREMENT_WORDS.some((word) => this.key(q).startsWith(word))) return count;
    }
    return undefined;
  }

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
    // The modifier before the difficulty or after it: «со штрафом −2 (сложность 6)», «со сложностью 6, с бонусом +1».
    const modifierFirst = readPoolModifier(this, poolEnd);
    const params = readParams(this, modifierFirst ? modifierFirst.last + 1 : poolEnd);
    const modifier = modifierFirst ?? (params ? readPoolModifier(this, params.last + 1) : undefined);
    if (modifier) for (const pool of pools) pool.push({ kind: 'modifier', sign: modifier.sign, value: modifier.value });
    const last = Math.max(params ? params.last : poolEnd - 1, modifier ? modifier.last : -1);
    const side: Side = { pools, poolEnd, hasDifficulty: params?.hasDifficulty ?? false, last };
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
      const alternative: Alternative = { trait: name.match.trait, matchKind: name.match.kind, written: name.written, capitalised: name.capitalised, ...(name.misspelt ? { misspelt: true as const } : {}) };
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
}
