/**
 * The recursive-descent parser behind `parseCheckExpression` (checkExpression.ts). One file of
 * more than 400 lines on purpose: its methods read one token cursor and fill one error list, and
 * call each other as the grammar nests (a side, its terms, their alternatives, its parameter
 * group); the helpers that need neither live in checkAlternatives.ts and readParam.ts.
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
import type { ParamSink } from './checkParams';
import { contradicts, readParam, startsParam } from './readParam';
import { MAX_ALTERNATIVES } from '../../engine/checkSpec';
import type { CheckExpression, PoolExpr, Term, TraitTerm } from './checkExpression';
import { combinationCount, slotCount, splitAtOr } from './checkAlternatives';

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

function emptySide(): PoolExpr {
  return { terms: [], params: [], paramKeywordSeen: false };
}

export class Parser implements ParamSink {
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
          if (this.startsPoolGroup(side, pendingOr)) {
            if (pendingSign) {
              this.error('dangling-sign', { start: pendingSign.start, end: pendingSign.end });
              pendingSign = undefined;
            }
            this.parsePoolGroup(side, pendingOr);
            pendingOr = undefined;
            signOptional = false;
            break;
          }
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
   * A `(` that opens a whole pool rather than the parameter group (docs/markup.en.md, "Grouped alternatives"): right
   * after an «или», or at the start of a side when an «или» follows its `)`.
   */
  private startsPoolGroup(side: PoolExpr, pendingOr: Token | undefined): boolean {
    if (side.paramsRange) return false;
    const close = this.nextRParen[this.i + 1];
    if (close >= this.n || this.nextLParen[this.i + 1] < close) return false;
    if (pendingOr) return side.groupedPools === true;
    const after = this.toks[close + 1] as Token | undefined;
    return side.terms.length === 0 && after !== undefined && isOr(after) && after.text !== '/';
  }

  /** Reads one parenthesised whole pool: its terms join the side, the first one marked as another pool after `or`. */
  private parsePoolGroup(side: PoolExpr, or: Token | undefined): void {
    side.groupedPools = true;
    const close = this.nextRParen[this.i + 1];
    this.i++;
    const first = side.terms.length;
    let pendingSign: Token | undefined;
    while (this.i < close) {
      const t = this.toks[this.i];
      if (t.kind === 'sign') {
        if (pendingSign) this.error('dangling-sign', { start: t.start, end: t.end });
        else pendingSign = t;
        this.i++;
      } else if ((t.kind === 'word' && !isOr(t) && !isVersus(t)) || t.kind === 'number') {
        if (!pendingSign && side.terms.length > first) this.error('missing-sign', { start: t.start, end: t.end });
        const term = t.kind === 'word' ? this.parseTrait(pendingSign) : this.parseModifier(pendingSign);
        if (pendingSign && side.terms.length === first && term.kind === 'trait') this.error('dangling-sign', { start: pendingSign.start, end: pendingSign.end });
        if (side.terms.length === first && or) term.or = { written: or.text, range: { start: or.start, end: or.end }, scope: 'pool' };
        side.terms.push(term);
        pendingSign = undefined;
      } else {
        this.error('unexpected-token', { start: t.start, end: t.end });
        this.i++;
      }
    }
    if (pendingSign) this.error('dangling-sign', { start: pendingSign.start, end: pendingSign.end });
    if (side.terms.length === first) this.error('missing-term', { start: this.toks[close].start, end: this.toks[close].start });
    this.i = close + 1;
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
    const wholePools = side.groupedPools === true || parts.slice(1).every((next, k) => {
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
    const { close, nextOpen } = this.groupClose(from);
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

  /**
   * Where a group opened before `from` closes, and the `(` that would leave it unclosed: a helper's
   * own trait in parentheses after their name («помощь: Рэй (Взлом)», docs/markup.md) is a pair
   * inside the group, read by the helpers' slot; any other `(` is not.
   */
  private groupClose(from: number): { close: number; nextOpen: number } {
    let at = from;
    for (;;) {
      const close = this.nextRParen[at];
      const nextOpen = this.nextLParen[at];
      if (nextOpen >= close || !this.opensHelperTrait(from, nextOpen)) return { close, nextOpen };
      const inner = this.nextRParen[nextOpen + 1];
      // The pair closes before any other «(», and the group's own «)» is still to come.
      if (inner >= this.n || this.nextLParen[nextOpen + 1] < inner) return { close, nextOpen };
      at = inner + 1;
    }
  }

  /** Whether the `(` at `at` follows a helper's name: a word after `помощь` in the same slot. */
  private opensHelperTrait(from: number, at: number): boolean {
    if (at <= from || this.toks[at - 1].kind !== 'word') return false;
    for (let j = at - 1; j >= from; j--) {
      const t = this.toks[j];
      if (t.kind === 'semicolon') return false;
      if (t.kind === 'word' && t.key === 'помощь') return this.isNamesSlot(j, at);
    }
    return false;
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
