/**
 * The lexical layer of the check-expression parser (docs/markup.en.md, "Writing a check"): splits the content of
 * one «…» span into tokens with absolute document offsets, and holds the types the
 * parser's layers share (ranges, errors, integer reading).
 *
 * Pure: no editor or LSP imports; never throws; linear in the input.
 */

/** A half-open range [start, end) of absolute offsets into the document (UTF-16 code units). */
export interface TextRange {
  readonly start: number;
  readonly end: number;
}

/** The largest integer magnitude the grammar accepts; larger numbers are `bad-number`. */
export const MAX_INTEGER = 1000;

/**
 * At most this many errors are recorded for one check; the rest are dropped (the check is
 * malformed either way, and a pathological input must not produce millions of objects).
 */
export const MAX_ERRORS = 100;

/**
 * What went wrong, at the exact offending token. Every code is an RM009 (malformed check)
 * once a later layer has decided that the «…» is a check at all.
 *
 * - `empty`: the content is empty or whitespace only; range = the whole content.
 * - `empty-actor`: a top-level `:` with nothing before it; range = the `:`.
 * - `missing-term`: a pool without any term («Катастрофа:», «Сила против»); zero-length
 *   range at the point where the term belongs.
 * - `dangling-sign`: a sign without a term after it («Сила +», «Сила + (сложность 2)»),
 *   the second of two signs in a row («Сила ++ Атлетика», «Сила − −2»), or a sign before
 *   the first term when that term is a trait («−Сила»); range = the sign.
 * - `missing-sign`: two terms with no sign between them («Сила 3 Атлетика»); range = the
 *   first token of the second term.
 * - `bad-number`: an integer that is too large (|n| > {@link MAX_INTEGER}), not an integer
 *   (`2.5`), a word where a number is required («сложность два»), or a negative count;
 *   range = the number (with its sign) or the words standing for it. `reason` says which.
 * - `missing-number`: a parameter keyword without its number («сложность», «успехов»);
 *   zero-length range where the number belongs (after `сложность`, before `успехов`).
 * - `unknown-param`: a parameter that is none of the grammar's; range = the whole parameter.
 * - `duplicate-param`: a second parameter of the same kind in one side; range = the second.
 * - `conflicting-param`: a second parameter of the same kind that says otherwise («урон,
 *   поглощение», «снова-9, снова-8»): only one of them can apply; range = the second, `first`
 *   the first one as written.
 * - `empty-param`: an empty slot in a parameter group: `()` (range = the group), or a
 *   leading, doubled or trailing `,`/`;` (range = that separator).
 * - `unclosed-paren`: `(` without `)`; range = the `(`.
 * - `unclosed-bracket`: `[` without `]`; range = the `[`.
 * - `empty-specialty`: `[]`; range = the brackets.
 * - `unexpected-token`: anything else out of place (stray punctuation, a second `:`, a
 *   second «против», a second parameter group, a term after the parameter group, a stray
 *   `)`, a `[…]` after a modifier, words after a complete parameter); consecutive stray
 *   tokens form one error.
 * - `bad-alternative`: an «или» or «/» that does not join two alternatives: nothing (or a sign)
 *   before it or nothing after it, or, where it joins single terms, a number or a signed term
 *   on either side of it; range = the «или» or «/».
 * - `too-many-alternatives`: more combinations than a check may have (docs/markup.en.md: 8);
 *   range = the whole content.
 */
export type ParseErrorCode =
  | 'empty'
  | 'empty-actor'
  | 'missing-term'
  | 'dangling-sign'
  | 'missing-sign'
  | 'bad-number'
  | 'missing-number'
  | 'unknown-param'
  | 'duplicate-param'
  | 'conflicting-param'
  | 'empty-param'
  | 'unclosed-paren'
  | 'unclosed-bracket'
  | 'empty-specialty'
  | 'unexpected-token'
  | 'bad-alternative'
  | 'too-many-alternatives';

/** Why a number is bad (`bad-number`). */
export type BadNumberReason = 'too-large' | 'not-integer' | 'not-a-number' | 'negative';

/** The kinds of parameter (see `Param` in checkParams.ts). */
export type ParamKind =
  | 'difficulty'
  | 'successesNeeded'
  | 'rollLimit'
  | 'extendedMarker'
  | 'advantage'
  | 'hindrance'
  | 'static'
  | 'again'
  | 'specialty'
  | 'willpower'
  | 'helpers'
  | 'noBotch'
  | 'initiative'
  | 'threshold'
  | 'twice'
  | 'attempts'
  | 'penalty'
  | 'secondAttempt'
  | 'special'
  | 'damage'
  | 'soak'
  | 'combatRole'
  | 'deal'
  | 'extraSuccesses'
  | 'durability'
  | 'maneuver'
  | 'headStart'
  | 'replay';

/** A syntax error with the data a diagnostics layer needs to word its message. */
export interface ParseError {
  code: ParseErrorCode;
  range: TextRange;
  /** The document text at `range`, as written ('' for a zero-length range). */
  text: string;
  /** `bad-number`, `missing-number`, `duplicate-param`, `conflicting-param`: the parameter concerned, if any. */
  param?: ParamKind;
  /** `conflicting-param`: the earlier parameter it contradicts, as written. */
  first?: string;
  /** `bad-number`: what is wrong with it. */
  reason?: BadNumberReason;
}

/** Token kinds. Whitespace is not a token; `other` is a run of characters the grammar has no use for. */
export type TokenKind =
  | 'word'
  | 'number'
  | 'sign'
  | 'lparen'
  | 'rparen'
  | 'lbracket'
  | 'rbracket'
  | 'colon'
  | 'comma'
  | 'semicolon'
  | 'slash'
  | 'other';

/** One token, with absolute offsets. */
export interface Token {
  kind: TokenKind;
  /** The text as written. */
  text: string;
  start: number;
  end: number;
  /** For words: lower case with ё → е, for keyword comparison; '' for other kinds. */
  key: string;
  /** For signs: +1 for `+`, −1 for `-`, `−` (U+2212) and `–` (U+2013); 0 for other kinds. */
  sign: 1 | -1 | 0;
}

const WHITESPACE = /\s+/uy;
/** Letters (any script, incl. ё/Ё) and combining marks; a hyphen between two letters stays inside the word. */
const WORD = /[\p{L}\p{M}]+(?:[-\u2010\u2011][\p{L}\p{M}]+)*/uy;
/** An integer, or a decimal with a point (so «2.5» is one bad number, not 2, `.`, 5). */
const NUMBER = /[0-9]+(?:\.[0-9]+)?/y;
/** A run of characters that start no other token. */
const OTHER = /[^\s\p{L}\p{M}0-9+\-\u2212\u2013()[\]:,;/]+/uy;

const SINGLE: Readonly<Record<string, TokenKind>> = {
  '(': 'lparen',
  ')': 'rparen',
  '[': 'lbracket',
  ']': 'rbracket',
  ':': 'colon',
  ',': 'comma',
  ';': 'semicolon',
  '/': 'slash',
  '+': 'sign',
  '-': 'sign',
  '\u2212': 'sign',
  '\u2013': 'sign',
};

/** Lower case with ё → е: the form keywords are compared in. */
export function keywordKey(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е');
}

/** Collapses every run of whitespace (incl. NBSP, tabs, line breaks) to one space and trims. */
export function normalizeSpaces(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

function matchAt(re: RegExp, text: string, at: number): number {
  re.lastIndex = at;
  return re.test(text) ? re.lastIndex : at;
}

/**
 * Splits `content` into tokens; `offset` is the document offset of `content[0]`.
 * Never throws; every character is either whitespace or part of exactly one token.
 */
export function tokenize(content: string, offset: number): Token[] {
  const tokens: Token[] = [];
  const n = content.length;
  let i = 0;
  while (i < n) {
    const ch = content[i];
    const code = ch.charCodeAt(0);
    // Fast path: printable ASCII other than a space is never whitespace.
    if (code <= 0x20 || code >= 0x7f) {
      const afterSpace = matchAt(WHITESPACE, content, i);
      if (afterSpace > i) {
        i = afterSpace;
        continue;
      }
    }
    let kind: TokenKind;
    let end: number;
    const single = SINGLE[ch];
    if (single !== undefined) {
      kind = single;
      end = i + 1;
    } else if ((end = matchAt(NUMBER, content, i)) > i) {
      kind = 'number';
    } else if ((end = matchAt(WORD, content, i)) > i) {
      kind = 'word';
    } else {
      kind = 'other';
      end = matchAt(OTHER, content, i);
      if (end <= i) end = i + 1; // cannot happen, but never loop forever
    }
    const text = content.slice(i, end);
    tokens.push({
      kind,
      text,
      start: offset + i,
      end: offset + end,
      key: kind === 'word' ? keywordKey(text) : '',
      sign: kind === 'sign' ? (ch === '+' ? 1 : -1) : 0,
    });
    i = end;
  }
  return tokens;
}

/**
 * Reads a number token's text as a non-negative integer ≤ {@link MAX_INTEGER}, or says why
 * it cannot. Leading zeros are allowed («07» is 7).
 */
export function readInteger(text: string): number | 'too-large' | 'not-integer' {
  if (text.includes('.')) return 'not-integer';
  const digits = text.replace(/^0+(?=\d)/, '');
  if (digits.length > 4) return 'too-large';
  const value = Number(digits);
  return value > MAX_INTEGER ? 'too-large' : value;
}
