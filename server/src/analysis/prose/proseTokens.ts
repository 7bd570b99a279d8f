/**
 * The lexical layer of prose-check detection (docs/markup.en.md, "Checks written as prose"): splits one prose segment into
 * words, integers, signs and punctuation, with absolute document offsets.
 *
 * Kept apart from the check tokenizer (checkTokens.ts) on purpose: that one reads the few
 * characters inside a «…» span, this one reads whole documents (up to megabytes), so it
 * stores tokens in parallel number arrays instead of one object per token, works out a
 * word's lower-case key only when asked, and marks paragraph breaks.
 *
 * Pure; never throws; linear in the segment.
 */

/** Token kinds, as small numbers: a large document has a million tokens. */
export const TokenKind = {
  /** Letters (any script, ё included); a hyphen between two letters stays inside («снова-9», «Кто-то»). */
  word: 1,
  /** Digits only. */
  integer: 2,
  /** Digits with a decimal point or comma («2.5», «2,5»): never a rating, modifier or difficulty. */
  decimal: 3,
  /** `+`, `-` (standing alone), `−` (U+2212), `–` (U+2013). */
  sign: 4,
  lparen: 5,
  rparen: 6,
  comma: 7,
  slash: 8,
  /** Any other single character. */
  other: 9,
  /** A blank line (two line breaks in one run of whitespace): nothing joins across it. */
  paragraphBreak: 10,
} as const;

export type TokenKindCode = (typeof TokenKind)[keyof typeof TokenKind];

export interface ProseTokens {
  readonly text: string;
  readonly count: number;
  readonly kind: readonly TokenKindCode[];
  /** Absolute offsets [start, end) into `text`. */
  readonly start: readonly number[];
  readonly end: readonly number[];
}

const LF = 0x0a;

function isSpace(c: number): boolean {
  return (
    c === 0x20 ||
    (c >= 0x09 && c <= 0x0d) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

const OTHER_LETTER = /[\p{L}\p{M}]/u;

/** ASCII and Cyrillic by range (the hot path), anything else by Unicode property. */
function isLetter(text: string, at: number, c: number): boolean {
  if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a)) return true;
  if (c >= 0x400 && c <= 0x52f) return true;
  if (c < 0xc0 || (c >= 0xd800 && c <= 0xdfff)) return false;
  return OTHER_LETTER.test(text[at]);
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isInnerHyphen(c: number): boolean {
  return c === 0x2d || c === 0x2010 || c === 0x2011;
}

/** Tokenizes `text[from, to)`. Offsets in the result are absolute. */
export function tokenizeProse(text: string, from: number, to: number): ProseTokens {
  const kind: TokenKindCode[] = [];
  const start: number[] = [];
  const end: number[] = [];
  const push = (k: TokenKindCode, s: number, e: number): void => {
    kind.push(k);
    start.push(s);
    end.push(e);
  };
  let i = from;
  while (i < to) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      const s = i;
      let lines = 0;
      while (i < to && isSpace(text.charCodeAt(i))) {
        if (text.charCodeAt(i) === LF) lines++;
        i++;
      }
      if (lines >= 2 && kind.length > 0) push(TokenKind.paragraphBreak, s, i);
      continue;
    }
    if (isLetter(text, i, c)) {
      const s = i;
      i++;
      for (;;) {
        while (i < to && isLetter(text, i, text.charCodeAt(i))) i++;
        if (i + 1 < to && isInnerHyphen(text.charCodeAt(i)) && isLetter(text, i + 1, text.charCodeAt(i + 1))) {
          i += 2;
          continue;
        }
        break;
      }
      push(TokenKind.word, s, i);
      continue;
    }
    if (isDigit(c)) {
      const s = i;
      while (i < to && isDigit(text.charCodeAt(i))) i++;
      const sep = i < to ? text.charCodeAt(i) : 0;
      if ((sep === 0x2e || sep === 0x2c) && i + 1 < to && isDigit(text.charCodeAt(i + 1))) {
        i++;
        while (i < to && isDigit(text.charCodeAt(i))) i++;
        push(TokenKind.decimal, s, i);
      } else {
        push(TokenKind.integer, s, i);
      }
      continue;
    }
    let k: TokenKindCode;
    switch (c) {
      case 0x2b: // +
      case 0x2d: // - (an inner hyphen was taken by the word before)
      case 0x2212: // −
      case 0x2013: // –
        k = TokenKind.sign;
        break;
      case 0x28:
        k = TokenKind.lparen;
        break;
      case 0x29:
        k = TokenKind.rparen;
        break;
      case 0x2c:
        k = TokenKind.comma;
        break;
      case 0x2f:
        k = TokenKind.slash;
        break;
      default:
        k = TokenKind.other;
    }
    push(k, i, i + 1);
    i++;
  }
  return { text, count: kind.length, kind, start, end };
}
