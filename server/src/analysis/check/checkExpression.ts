/**
 * The check-expression parser: the content of one «…» span (docs/markup.en.md, "Writing a check") to an AST.
 *
 * Pure syntax. It does not know rulesets: whether a word is a trait, and whether the «…»
 * is a check or a quotation (docs/markup.en.md, "Check or quotation"), is decided by the caller, which gets everything
 * it needs here: the terms (even of a malformed pool), whether a parameter keyword was
 * seen ({@link hasParamKeyword}), and the errors at their exact ranges.
 *
 * Ranges are absolute document offsets [start, end) in UTF-16 code units: the caller
 * passes the offset of the content's first character.
 *
 * Never throws; runs in time linear in the content; keeps parsing after an error.
 */

import {
  BadNumberReason,
  MAX_ERRORS,
  ParamKind,
  ParseError,
  ParseErrorCode,
  TextRange,
  Token,
  keywordKey,
  normalizeSpaces,
  readInteger,
  tokenize,
} from './checkTokens';
import { contradicts, FormatParamOptions, Param, ParamSink, formatInteger, formatParam, readParam, startsParam } from './checkParams';
import { MAX_ALTERNATIVES } from '../../engine/checkSpec';

export type { BadNumberReason, ParamKind, ParseError, ParseErrorCode, TextRange } from './checkTokens';
export { MAX_ERRORS, MAX_INTEGER } from './checkTokens';
export type {
  AdvantageParam,
  AgainParam,
  DifficultyParam,
  ExtendedMarkerParam,
  FormatParamOptions,
  HelperName,
  HelpersParam,
  HindranceParam,
  InitiativeParam,
  NoBotchParam,
  Param,
  ParamBase,
  RollLimitParam,
  SpecialtyParam,
  StaticParam,
  SuccessesNeededParam,
  WillpowerParam,
} from './checkParams';
export { canonicalKeyword, formatParam, pluralRu } from './checkParams';

/**
 * The «или» or «/» before a term that is an alternative (docs/markup.en.md).
 * - `term`: the term is another option for the trait before it («Ловкость или Интеллект + Ремесло»,
 *   «Атлетизм/Вождение»): options bind tighter than + and −, and share that trait's sign;
 * - `pool`: the term starts another whole pool («Ловкость + Атлетика или Сила + Атлетика»,
 *   «Сила или Сила + Атлетизм»).
 */
export interface OrJoin {
  /** As written: «или» in any letter case, or «/». */
  written: string;
  range: TextRange;
  scope: 'term' | 'pool';
}

/** A trait term: `Сила`, `Сила воли 3`, `Расследование [Цифровые медиа]`. */
export interface TraitTerm {
  kind: 'trait';
  /** The words as written, joined by single spaces («Сила  воли» → «Сила воли»). */
  name: string;
  /** From the first letter of the first word to the last letter of the last. */
  nameRange: TextRange;
  /** The inline rating, if written («Сила 3»). `NaN` when the number is bad (an error says so). */
  rating?: { value: number; range: TextRange };
  /** The specialty, if written: `text` whitespace-normalised, `range` its text, `bracketsRange` `[` to `]`. */
  specialty?: { text: string; range: TextRange; bracketsRange: TextRange };
  /** +1, or −1 after a minus. The first term has +1 and no `signRange` unless a sign was written. */
  sign: 1 | -1;
  signRange?: TextRange;
  /** From the name to the end of the rating or the specialty (the sign excluded). */
  range: TextRange;
  /**
   * Present when this term is an alternative to what comes before it. An option (`term` scope)
   * carries the sign of the first option of its group, without a `signRange`; a specialty written
   * after the last option applies to every option of the group.
   */
  or?: OrJoin;
}

/** An integer term (a modifier: dice in d10 rulesets, a number added in d20). */
export interface ModifierTerm {
  kind: 'modifier';
  /**
   * The magnitude as written (≥ 0); the term adds `sign * value`. `NaN` when the number is bad
   * (too large, not an integer); an error says so.
   */
  value: number;
  sign: 1 | -1;
  signRange?: TextRange;
  /** The number (the sign excluded). */
  range: TextRange;
  /** Present when this term starts another whole pool (a number is never an option of a term). */
  or?: OrJoin;
}

/** A term of a pool. */
export type Term = TraitTerm | ModifierTerm;

/** One side of a check: a pool and its own parameter group. */
export interface PoolExpr {
  /**
   * The terms, in order, including those recovered from a malformed pool. With alternatives, the
   * terms of every alternative in written order (see `or`; `sideCombinations` lists them).
   */
  terms: Term[];
  /** From the first term (its sign included) to the last; absent when there is no term. */
  range?: TextRange;
  /** Well-formed parameters, in written order; a repeated kind is left out (`duplicate-param`, `conflicting-param`). */
  params: Param[];
  /** `(` to `)`, or to the group's last token when it is unclosed; absent without a group. */
  paramsRange?: TextRange;
  /** True when a parameter of the group starts with a known keyword, even if malformed. */
  paramKeywordSeen: boolean;
}

/** The parsed content of one «…» span. */
export interface CheckExpression {
  /** The whole content. */
  range: TextRange;
  /** The character name before a top-level `:` (whitespace-normalised, any text). */
  actor?: { name: string; range: TextRange };
  /** One pool, or two when «против» is present. Always at least one (possibly with no terms). */
  sides: PoolExpr[];
  /** The «против» keyword as written, when there are two sides. */
  versus?: { written: string; range: TextRange };
  /** Syntax errors in document order; empty for a well-formed check. At most {@link MAX_ERRORS}. */
  errors: ParseError[];
}

const STRAY_KINDS: ReadonlySet<Token['kind']> = new Set(['rparen', 'rbracket', 'colon', 'comma', 'semicolon', 'other']);

function isVersus(t: Token): boolean {
  return t.kind === 'word' && t.key === 'против';
}

/** «или» or «/»: a joiner of alternatives. */
function isOr(t: Token): boolean {
  return t.kind === 'slash' || (t.kind === 'word' && t.key === 'или');
}

/**
 * For each token index i, the index of the first `)`, `(`, `]`, `[` and «против» at or after i
 * (tokens.length if none): one backward pass, so that finding where a group ends is O(1).
 */
function nextIndexes(tokens: readonly Token[]): Record<'rparen' | 'lparen' | 'rbracket' | 'lbracket' | 'versus', Int32Array> {
  const n = tokens.length;
  const out = {
    rparen: new Int32Array(n + 1),
    lparen: new Int32Array(n + 1),
    rbracket: new Int32Array(n + 1),
    lbracket: new Int32Array(n + 1),
    versus: new Int32Array(n + 1),
  };
  out.rparen[n] = out.lparen[n] = out.rbracket[n] = out.lbracket[n] = out.versus[n] = n;
  for (let i = n - 1; i >= 0; i--) {
    const t = tokens[i];
    out.rparen[i] = t.kind === 'rparen' ? i : out.rparen[i + 1];
    out.lparen[i] = t.kind === 'lparen' ? i : out.lparen[i + 1];
    out.rbracket[i] = t.kind === 'rbracket' ? i : out.rbracket[i + 1];
    out.lbracket[i] = t.kind === 'lbracket' ? i : out.lbracket[i + 1];
    out.versus[i] = isVersus(t) ? i : out.versus[i + 1];
  }
  return out;
}

/** A term joined to the one before it by «/»: always an option of that term. */
function isSlashOption(term: Term): boolean {
  return term.or?.written === '/';
}

/** The parts of a side between its «или» (not «/»), each in written order. */
function splitAtOr(terms: readonly Term[]): Term[][] {
  const parts: Term[][] = [];
  for (const term of terms) {
    if (parts.length === 0 || (term.or && !isSlashOption(term))) parts.push([term]);
    else parts[parts.length - 1].push(term);
  }
  return parts;
}

/** Terms joined by + and − in a part (options of one term count once). */
function slotCount(part: readonly Term[]): number {
  return part.filter((term, k) => k === 0 || !isSlashOption(term)).length;
}

/** The pools of a side (split at `pool` joins), each a list of groups of options: indexes into `terms`. */
function poolGroups(terms: readonly Term[]): number[][][] {
  const pools: number[][][] = [];
  terms.forEach((term, k) => {
    if (pools.length === 0 || term.or?.scope === 'pool') pools.push([]);
    const groups = pools[pools.length - 1];
    if (term.or?.scope === 'term' && groups.length > 0) groups[groups.length - 1].push(k);
    else groups.push([k]);
  });
  return pools;
}

/** How many combinations a side has: the sum over its pools of the product of their groups' options. */
export function combinationCount(side: PoolExpr): number {
  return poolGroups(side.terms).reduce((sum, groups) => sum + groups.reduce((product, options) => product * options.length, 1), 0);
}

/** The groups of options of a side (a term without alternatives is a group of one): indexes into `terms`. */
export function optionGroups(side: PoolExpr): number[][] {
  return poolGroups(side.terms).flat();
}

/**
 * A check made of one combination per side (`picks[i]`: indexes into side i's terms, as
 * {@link sideCombinations} gives them): the terms without their joiners, each option with the
 * specialty its group shares. Printed with {@link formatCanonical}, it is that combination's markup.
 */
export function combinationAst(ast: CheckExpression, picks: readonly (readonly number[])[]): CheckExpression {
  return {
    ...ast,
    sides: ast.sides.map((side, i) => {
      const groupOf = new Map<number, number[]>();
      for (const group of optionGroups(side)) for (const k of group) groupOf.set(k, group);
      const terms = (picks[i] ?? side.terms.map((_, k) => k)).map((k): Term => {
        const { or: _joiner, ...term } = side.terms[k];
        if (term.kind !== 'trait') return term;
        const group = groupOf.get(k) ?? [k];
        const shared = side.terms[group[group.length - 1]];
        return shared.kind === 'trait' && shared.specialty && !term.specialty ? { ...term, specialty: shared.specialty } : term;
      });
      return { ...side, terms };
    }),
  };
}

/**
 * The combinations of a side, each as the indexes of its terms in `side.terms`: the pools in
 * written order, and within a pool the leftmost group of options varying slowest (docs/cli.en.md).
 * A side without alternatives has one combination, every term. Meant for a side
 * within `MAX_ALTERNATIVES` (the parser reports more as `too-many-alternatives`).
 */
export function sideCombinations(side: PoolExpr): number[][] {
  const out: number[][] = [];
  for (const groups of poolGroups(side.terms)) {
    let partial: number[][] = [[]];
    for (const options of groups) partial = partial.flatMap((prefix) => options.map((k) => [...prefix, k]));
    out.push(...partial);
  }
  return out;
}

function emptySide(): PoolExpr {
  return { terms: [], params: [], paramKeywordSeen: false };
}

class Parser implements ParamSink {
  private readonly toks: Token[];
  private readonly n: number;
  private i = 0;
  readonly errors: ParseError[] = [];
  private readonly nextRParen: Int32Array;
  private readonly nextLParen: Int32Array;
  private readonly nextRBracket: Int32Array;
  private readonly nextLBracket: Int32Array;
  private readonly nextVersus: Int32Array;

  constructor(
    private readonly content: string,
    private readonly offset: number,
  ) {
    this.toks = tokenize(content, offset);
    this.n = this.toks.length;
    const next = nextIndexes(this.toks);
    this.nextRParen = next.rparen;
    this.nextLParen = next.lparen;
    this.nextRBracket = next.rbracket;
    this.nextLBracket = next.lbracket;
    this.nextVersus = next.versus;
  }

  text(range: TextRange): string {
    return this.content.slice(range.start - this.offset, range.end - this.offset);
  }

  error(code: ParseErrorCode, range: TextRange, extra: { param?: ParamKind; reason?: BadNumberReason; first?: string } = {}): void {
    if (this.errors.length >= MAX_ERRORS) return;
    this.errors.push({ code, range, text: this.text(range), ...extra });
  }

  parse(): CheckExpression {
    const range = { start: this.offset, end: this.offset + this.content.length };
    if (this.n === 0) {
      this.error('empty', range);
      return { range, sides: [emptySide()], errors: this.errors };
    }
    const result: CheckExpression = { range, sides: [], errors: this.errors };
    const actor = this.parseActor();
    if (actor) result.actor = actor;

    let side = emptySide();
    result.sides.push(side);
    this.parseSide(side);
    while (this.i < this.n) {
      // parseSide stops only at «против» (or the end).
      const t = this.toks[this.i++];
      if (result.sides.length === 1) {
        result.versus = { written: t.text, range: { start: t.start, end: t.end } };
        side = emptySide();
        result.sides.push(side);
        this.parseSide(side);
      } else {
        this.error('unexpected-token', { start: t.start, end: t.end });
        this.parseSide(side);
      }
    }
    for (const s of result.sides) this.decideAlternatives(s);
    const combinations = result.sides.reduce((product, s) => product * combinationCount(s), 1);
    if (combinations > MAX_ALTERNATIVES) this.error('too-many-alternatives', range);
    for (const s of result.sides) {
      if (s.terms.length > 0) {
        const first = s.terms[0];
        const last = s.terms[s.terms.length - 1];
        s.range = { start: (first.signRange ?? first.range).start, end: last.range.end };
      }
    }
    // Document order (stable: errors at one offset keep the order they were found in).
    this.errors.sort((a, b) => a.range.start - b.range.start);
    return result;
  }

  /** The actor: everything before the first `:` that precedes any bracket or «против». */
  private parseActor(): CheckExpression['actor'] {
    for (let c = 0; c < this.n; c++) {
      const t = this.toks[c];
      if (t.kind === 'lparen' || t.kind === 'rparen' || t.kind === 'lbracket' || t.kind === 'rbracket' || isVersus(t)) {
        return undefined;
      }
      if (t.kind !== 'colon') continue;
      this.i = c + 1;
      if (c === 0) {
        this.error('empty-actor', { start: t.start, end: t.end });
        return undefined;
      }
      const nameRange = { start: this.toks[0].start, end: this.toks[c - 1].end };
      return { name: normalizeSpaces(this.text(nameRange)), range: nameRange };
    }
    return undefined;
  }

  /** Where a missing piece belongs: right after the previous token (or at the first one). */
  private insertionPoint(): TextRange {
    const at = this.i > 0 ? this.toks[this.i - 1].end : this.i < this.n ? this.toks[this.i].start : this.offset;
    return { start: at, end: at };
  }

  /**
   * Parses one pool and its parameter group, up to «против» or the end; recovers from
   * every error in place. Called again on the same side after a stray «против».
   */
  private parseSide(side: PoolExpr): void {
    const errorsBefore = this.errors.length;
    let pendingSign: Token | undefined;
    let pendingOr: Token | undefined;
    let afterParams = false;
    // No `missing-sign` for the next term: at the start (of a side, or of a side resumed after
    // a stray «против»), and right after an error that already covers the gap (stray tokens,
    // a term after the parameter group).
    let signOptional = true;
    /** An «или» or «/» with nothing to join after it. */
    const dropOr = () => {
      if (pendingOr) this.error('bad-alternative', { start: pendingOr.start, end: pendingOr.end });
      pendingOr = undefined;
    };
    while (this.i < this.n) {
      const t = this.toks[this.i];
      if (isVersus(t)) break;
      if (t.kind === 'sign' || t.kind === 'word' || t.kind === 'number' || t.kind === 'slash') {
        if (afterParams) {
          // A term after the parameter group: flag it once, then read on as a fresh pool.
          this.error('unexpected-token', { start: t.start, end: t.end });
          afterParams = false;
          signOptional = true;
        }
      }
      if (isOr(t)) {
        this.i++;
        if (pendingSign) {
          this.error('dangling-sign', { start: pendingSign.start, end: pendingSign.end });
          pendingSign = undefined;
        }
        // «или» needs an alternative before it: a term of this side, not a stray start or another «или».
        dropOr();
        if (side.terms.length === 0) {
          this.error('bad-alternative', { start: t.start, end: t.end });
          continue;
        }
        pendingOr = t;
        continue;
      }
      switch (t.kind) {
        case 'sign':
          if (pendingSign) this.error('dangling-sign', { start: t.start, end: t.end });
          else pendingSign = t;
          this.i++;
          break;
        case 'word':
        case 'number': {
          if (!pendingSign && !pendingOr && !signOptional && side.terms.length > 0) this.error('missing-sign', { start: t.start, end: t.end });
          const term = t.kind === 'word' ? this.parseTrait(pendingSign) : this.parseModifier(pendingSign);
          if (pendingSign && side.terms.length === 0 && term.kind === 'trait') {
            this.error('dangling-sign', { start: pendingSign.start, end: pendingSign.end });
          }
          // The scope is decided once the whole side is read (`decideAlternatives`).
          if (pendingOr) term.or = { written: pendingOr.text, range: { start: pendingOr.start, end: pendingOr.end }, scope: 'term' };
          side.terms.push(term);
          pendingSign = undefined;
          pendingOr = undefined;
          signOptional = false;
          break;
        }
        case 'lparen':
          dropOr();
          if (pendingSign) {
            this.error('dangling-sign', { start: pendingSign.start, end: pendingSign.end });
            pendingSign = undefined;
          } else if (side.terms.length === 0 && this.errors.length === errorsBefore) {
            this.error('missing-term', this.insertionPoint());
          }
          if (side.paramsRange) this.error('unexpected-token', { start: t.start, end: t.end });
          this.parseGroup(side);
          afterParams = true;
          break;
        case 'lbracket': {
          // A specialty with no trait before it (after a modifier, a sign, or at the start).
          const { end } = this.skipBrackets();
          this.error('unexpected-token', { start: t.start, end });
          signOptional = true;
          break;
        }
        default: {
          const start = t.start;
          let end = t.end;
          while (this.i < this.n && STRAY_KINDS.has(this.toks[this.i].kind)) end = this.toks[this.i++].end;
          this.error('unexpected-token', { start, end });
          signOptional = true;
        }
      }
    }
    dropOr();
    if (pendingSign) this.error('dangling-sign', { start: pendingSign.start, end: pendingSign.end });
    if (side.terms.length === 0 && !side.paramsRange && this.errors.length === errorsBefore) {
      this.error('missing-term', this.insertionPoint());
    }
  }

  /**
   * Decides what each «или» joins, once the side is read (docs/markup.en.md): whole pools when
   * the parts it separates each have two or more terms, or when a single trait before it is also
   * the first trait after it; otherwise the single traits next to it, like «/» always.
   */
  private decideAlternatives(side: PoolExpr): void {
    const parts = splitAtOr(side.terms);
    if (parts.length < 2) {
      this.checkOptions(side.terms);
      return;
    }
    const wholePools = parts.slice(1).every((next, k) => {
      const part = parts[k];
      if (slotCount(part) >= 2 && slotCount(next) >= 2) return true;
      const single = part.length === 1 ? part[0] : undefined;
      return single?.kind === 'trait' && next[0].kind === 'trait' && keywordKey(single.name) === keywordKey(next[0].name);
    });
    for (const part of parts.slice(1)) {
      const join = part[0].or;
      if (join) join.scope = wholePools ? 'pool' : 'term';
    }
    if (wholePools) {
      for (const part of parts) {
        const first = part[0];
        // A pool starts like a side: a minus may stand before a number, not before a trait.
        if (first.or && first.kind === 'trait' && first.signRange) this.error('dangling-sign', first.signRange);
        this.checkOptions(part);
      }
    } else {
      this.checkOptions(side.terms);
    }
  }

  /** Options of a term (`term` scope): traits on both sides of the joiner, no sign of their own, a specialty only after the last. */
  private checkOptions(terms: readonly Term[]): void {
    terms.forEach((term, k) => {
      if (!term.or || term.or.scope !== 'term' || k === 0) return;
      const before = terms[k - 1];
      if (term.kind !== 'trait' || before.kind !== 'trait' || term.signRange) {
        this.error('bad-alternative', term.or.range);
        return;
      }
      // The option shares the sign of the trait it is an alternative to.
      term.sign = before.sign;
      if (before.specialty) this.error('unexpected-token', before.specialty.bracketsRange);
    });
  }

  private parseModifier(sign: Token | undefined): Term {
    const t = this.toks[this.i++];
    const value = readInteger(t.text);
    if (typeof value !== 'number') this.error('bad-number', { start: t.start, end: t.end }, { reason: value });
    const term: Term = { kind: 'modifier', value: typeof value === 'number' ? value : NaN, sign: sign?.sign === -1 ? -1 : 1, range: { start: t.start, end: t.end } };
    if (sign) term.signRange = { start: sign.start, end: sign.end };
    return term;
  }

  private parseTrait(sign: Token | undefined): Term {
    const firstWord = this.toks[this.i];
    let lastWord = firstWord;
    const words: string[] = [firstWord.text];
    this.i++;
    while (this.i < this.n && this.toks[this.i].kind === 'word' && !isVersus(this.toks[this.i]) && !isOr(this.toks[this.i])) {
      lastWord = this.toks[this.i++];
      words.push(lastWord.text);
    }
    const nameRange = { start: firstWord.start, end: lastWord.end };
    const term: TraitTerm = { kind: 'trait', name: words.join(' '), nameRange, sign: sign?.sign === -1 ? -1 : 1, range: nameRange };
    if (sign) term.signRange = { start: sign.start, end: sign.end };
    let end = lastWord.end;
    const next = this.toks[this.i] as Token | undefined;
    if (next?.kind === 'number') {
      this.i++;
      const range = { start: next.start, end: next.end };
      const value = readInteger(next.text);
      if (typeof value !== 'number') this.error('bad-number', range, { reason: value });
      term.rating = { value: typeof value === 'number' ? value : NaN, range };
      end = next.end;
    }
    if (this.i < this.n && this.toks[this.i].kind === 'lbracket') {
      const open = this.toks[this.i];
      const brackets = this.skipBrackets();
      end = brackets.end;
      const bracketsRange = { start: open.start, end };
      const inner = { start: open.end, end: brackets.close ? brackets.close.start : end };
      const raw = this.text(inner);
      const text = normalizeSpaces(raw);
      if (text !== '') {
        const start = inner.start + raw.search(/\S/u);
        const range = { start, end: inner.start + raw.trimEnd().length };
        term.specialty = { text, range, bracketsRange };
      } else if (brackets.close) {
        this.error('empty-specialty', bracketsRange);
      }
    }
    term.range = { start: nameRange.start, end };
    return term;
  }

  /**
   * Skips a `[…]` starting at the current token; returns its end offset and its `]`. It closes at
   * the next `]` unless a `(`, `)` or `[` comes first: then it is unclosed (error) and ends
   * before that token.
   */
  private skipBrackets(): { end: number; close?: Token } {
    const open = this.toks[this.i];
    const from = this.i + 1;
    const close = this.nextRBracket[from];
    const stop = Math.min(this.nextLParen[from], this.nextRParen[from], this.nextLBracket[from]);
    if (close < stop) {
      this.i = close + 1;
      return { end: this.toks[close].end, close: this.toks[close] };
    }
    this.error('unclosed-bracket', { start: open.start, end: open.end });
    this.i = stop;
    return { end: stop > from ? this.toks[stop - 1].end : open.end };
  }

  /**
   * Parses a parameter group starting at the current `(`. It closes at the next `)` unless
   * a `(` comes first; then it is unclosed and ends at «против» or that `(`, whichever is first.
   */
  private parseGroup(side: PoolExpr): void {
    const open = this.toks[this.i];
    const from = this.i + 1;
    const close = this.nextRParen[from];
    const nextOpen = this.nextLParen[from];
    let end: number;
    let closed = false;
    if (close < this.n && close < nextOpen) {
      end = close;
      closed = true;
    } else {
      this.error('unclosed-paren', { start: open.start, end: open.end });
      end = Math.min(this.nextVersus[from], nextOpen);
    }
    const groupEnd = closed ? this.toks[end].end : end > from ? this.toks[end - 1].end : open.end;
    const groupRange = { start: open.start, end: groupEnd };
    if (!side.paramsRange) side.paramsRange = groupRange;

    // Slots between separators.
    let slotStart = from;
    let prevSep: Token | undefined;
    for (let j = from; j <= end; j++) {
      const atEnd = j === end;
      const t = atEnd ? undefined : this.toks[j];
      if (t && t.kind !== 'comma' && t.kind !== 'semicolon') continue;
      // Helpers by name run to a «;» (docs/markup.en.md), or to a comma before another parameter.
      if (t?.kind === 'comma' && this.isNamesSlot(slotStart, j) && !startsParam(this.toks, j + 1)) continue;
      if (j > slotStart) {
        this.readSlot(side, slotStart, j);
      } else if (t) {
        // Empty slot followed by a separator: that separator is one too many.
        this.error('empty-param', { start: t.start, end: t.end });
      } else if (prevSep) {
        // Empty slot after the last separator: a trailing separator.
        this.error('empty-param', { start: prevSep.start, end: prevSep.end });
      } else if (closed) {
        this.error('empty-param', groupRange);
      }
      prevSep = t;
      slotStart = j + 1;
    }
    this.i = closed ? end + 1 : end;
  }

  /** Whether the slot from `from` is `помощь:` followed by names (so its commas separate names). */
  private isNamesSlot(from: number, to: number): boolean {
    const first = this.toks[from];
    if (first.kind !== 'word' || first.key !== 'помощь') return false;
    const at = from + 1 < to && this.toks[from + 1].kind === 'colon' ? from + 2 : from + 1;
    return at < to && this.toks[at].kind === 'word';
  }

  private readSlot(side: PoolExpr, from: number, to: number): void {
    const reading = readParam(this.toks, from, to, this);
    if (reading.keywordSeen) side.paramKeywordSeen = true;
    const param = reading.param;
    if (!param) return;
    const earlier = side.params.find((p) => p.kind === param.kind);
    if (earlier) {
      if (contradicts(earlier, param)) this.error('conflicting-param', param.range, { param: param.kind, first: this.text(earlier.range) });
      else this.error('duplicate-param', param.range, { param: param.kind });
      return;
    }
    side.params.push(param);
  }
}

/**
 * Parses the content of one «…» span (without the guillemets). `offset` is the document
 * offset of `content[0]`; every range in the result is absolute. Never throws.
 */
export function parseCheckExpression(content: string, offset = 0): CheckExpression {
  return new Parser(content, offset).parse();
}

/**
 * "Check or quotation", condition 1: some side has a parameter group in which a parameter starts with a known
 * keyword — even a malformed one («(сложность)», «(сложность два)», «(снова-7)»).
 */
export function hasParamKeyword(ast: CheckExpression): boolean {
  return ast.sides.some((s) => s.paramKeywordSeen);
}

/** The canonical spelling of a trait term's name; `side` is 0, or 1 after «против» (genitive allowed there). */
export type CanonicalName = (term: TraitTerm, side: number) => string;

const PARAM_ORDER_FIRST: ParamKind = 'difficulty';

/**
 * Prints a check's content in canonical form (docs/markup.en.md, "Canonical form"), without the guillemets:
 * `Катастрофа: Ловкость + Атлетика (сложность 2)`, `Сила 3 − 2`, `… против …`.
 *
 * - trait names come from `canonicalName`; ratings, specialties (`[text]`) and modifiers
 *   as parsed; one space around `+` and `−`, the minus printed as U+2212; a minus on the
 *   first term is written against it (`−3 + Сила`);
 * - alternatives: « или » with one space each side, «/» with none, as written
 *   (`Ловкость или Интеллект + Ремесло`, `Ловкость + Атлетизм/Вождение`);
 * - parameters as {@link formatParam} prints them, `сложность` first, the rest in written
 *   order, separated by `, `; helpers by name last, after `; ` (`сложность 6; помощь: Вера, Гордей`);
 * - «против» in lower case with one space each side; the actor as written, then `: `.
 *
 * Meant for an AST without errors; with errors it prints what was recovered.
 */
export function formatCanonical(ast: CheckExpression, canonicalName: CanonicalName, options: FormatParamOptions = {}): string {
  const sides = ast.sides.map((side, index) => {
    let out = '';
    side.terms.forEach((term, k) => {
      const body =
        term.kind === 'modifier'
          ? formatInteger(term.value)
          : canonicalName(term, index) +
            (term.rating ? ` ${formatInteger(term.rating.value)}` : '') +
            (term.specialty ? ` [${term.specialty.text}]` : '');
      const minus = term.sign < 0 ? '\u2212' : '';
      if (term.or?.scope === 'term') out += (term.or.written === '/' ? '/' : ' или ') + body;
      else if (term.or?.scope === 'pool') out += ` или ${minus}${body}`;
      else if (k === 0) out += minus + body;
      else out += (term.sign < 0 ? ' \u2212 ' : ' + ') + body;
    });
    if (side.params.length > 0) {
      // Helpers by name come last, after a «;»: their own commas separate the names.
      const named = side.params.filter((p) => p.kind === 'helpers' && p.names !== undefined);
      const ordered = [
        ...side.params.filter((p) => p.kind === PARAM_ORDER_FIRST),
        ...side.params.filter((p) => p.kind !== PARAM_ORDER_FIRST && !named.includes(p)),
      ];
      const group = [ordered.map((p) => formatParam(p, options)).join(', '), ...named.map((p) => formatParam(p, options))].filter((part) => part !== '').join('; ');
      out += `${out === '' ? '' : ' '}(${group})`;
    }
    return out;
  });
  const actor = ast.actor ? `${ast.actor.name}: ` : '';
  return actor + sides.join(' против ');
}
