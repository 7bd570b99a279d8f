/**
 * Parameters of a check (docs/markup.en.md, "Parameters"): reading one parameter from its
 * tokens, and printing one in canonical form ("Canonical form").
 *
 * Pure: no editor or LSP imports; never throws.
 */

import {
  BadNumberReason,
  ParamKind,
  ParseErrorCode,
  TextRange,
  Token,
  normalizeSpaces,
  readInteger,
} from './checkTokens';

/** What every parameter carries. */
export interface ParamBase {
  kind: ParamKind;
  /** The whole parameter, e.g. `10 успехов`, `без снова-10`. */
  range: TextRange;
  /**
   * The keyword as written, whitespace collapsed to single spaces: `сложность`, `Успехов`,
   * `снова-9`, `без снова - 10`, `Сила Воли`. A later layer compares it with the canonical
   * spelling ({@link canonicalKeyword}) to flag letter case, spelling and spacing (RM010).
   */
  keyword: string;
  /** The keyword; for `снова-9` and `без снова-10` it includes the number. */
  keywordRange: TextRange;
}

/** `сложность N`. The value may be negative (`сложность −1`): the ruleset decides (RM003). */
export interface DifficultyParam extends ParamBase {
  kind: 'difficulty';
  value: number;
  /** The number with its sign, if any. */
  valueRange: TextRange;
}

/** `N успех|успеха|успехов`: an extended action needing N successes. */
export interface SuccessesNeededParam extends ParamBase {
  kind: 'successesNeeded';
  value: number;
  valueRange: TextRange;
}

/** `N бросок|броска|бросков`: an extended action's roll limit. */
export interface RollLimitParam extends ParamBase {
  kind: 'rollLimit';
  value: number;
  valueRange: TextRange;
}

/** `продолжительное` | `длительное`: marks an extended action. */
export interface ExtendedMarkerParam extends ParamBase {
  kind: 'extendedMarker';
  /** Which of the two grammar words it is (lower case). */
  form: 'продолжительное' | 'длительное';
}

/** `[N] Преимущество|Преимущества` (d20). A count written `+2` reads as 2; `-2` is `bad-number`. */
export interface AdvantageParam extends ParamBase {
  kind: 'advantage';
  /** N as written, 1 when omitted. Any size is accepted here; RM013 is the ruleset's. */
  count: number;
  countRange?: TextRange;
}

/** `[N] Помеха|Помехи` (d20). */
export interface HindranceParam extends ParamBase {
  kind: 'hindrance';
  count: number;
  countRange?: TextRange;
}

/** `статичная` (d20): static value, no roll. */
export interface StaticParam extends ParamBase {
  kind: 'static';
}

/** `снова-9` | `снова-8` | `без снова-10` (storytelling). */
export interface AgainParam extends ParamBase {
  kind: 'again';
  rule: 9 | 8 | 'none';
}

/** `специализация`: a specialty applies (same as `[…]` after a trait). */
export interface SpecialtyParam extends ParamBase {
  kind: 'specialty';
}

/** `Сила воли` | `Воля`: Willpower is spent. */
export interface WillpowerParam extends ParamBase {
  kind: 'willpower';
  /** Which of the two grammar forms it is, whatever the letter case written (`keyword` has that). */
  form: 'Сила воли' | 'Воля';
}

/** A helper named in `помощь:` (a character of the sheet). */
export interface HelperName {
  /** Whitespace-normalised. */
  name: string;
  range: TextRange;
  /** What separates it from the name before it: «,» or «и» (absent for the first name). */
  joinedBy?: ',' | 'и';
}

/**
 * `помощь: N` (N helpers rolling with the acting character's values) or `помощь: Вера, Гордей` /
 * `помощь: Вера и Гордей` (characters of the sheet, each with their own values). Exactly one of
 * `count` and `names` is present.
 */
export interface HelpersParam extends ParamBase {
  kind: 'helpers';
  count?: number;
  countRange?: TextRange;
  names?: HelperName[];
}

/** `урон` | `поглощение` (classic): a damage or soak roll, which cannot botch. */
export interface NoBotchParam extends ParamBase {
  kind: 'noBotch';
  form: 'урон' | 'поглощение';
}

/** `инициатива`: 1d10 + the pool's value, no success or failure. */
export interface InitiativeParam extends ParamBase {
  kind: 'initiative';
}

/** One parameter of a check's parameter group. */
export type Param =
  | DifficultyParam
  | SuccessesNeededParam
  | RollLimitParam
  | ExtendedMarkerParam
  | AdvantageParam
  | HindranceParam
  | StaticParam
  | AgainParam
  | SpecialtyParam
  | WillpowerParam
  | HelpersParam
  | NoBotchParam
  | InitiativeParam;

/** Where a parameter reader reports errors and reads document text. */
export interface ParamSink {
  error(code: ParseErrorCode, range: TextRange, extra?: { param?: ParamKind; reason?: BadNumberReason }): void;
  /** The document text at an absolute range. */
  text(range: TextRange): string;
}

/** The result of reading one parameter slot. */
export interface ParamReading {
  /** The parameter, when it is well-formed (even if unexpected words follow it). */
  param?: Param;
  /** True when the slot starts with a known parameter keyword, even if it is malformed ("Check or quotation", condition 1). */
  keywordSeen: boolean;
}

const SUCCESS_WORDS = new Set(['успех', 'успеха', 'успехов']);
const ROLL_WORDS = new Set(['бросок', 'броска', 'бросков']);
const ADVANTAGE_WORDS = new Set(['преимущество', 'преимущества']);
const HINDRANCE_WORDS = new Set(['помеха', 'помехи']);

function span(a: Token, b: Token): TextRange {
  return { start: a.start, end: b.end };
}

function countKind(key: string): 'successesNeeded' | 'rollLimit' | 'advantage' | 'hindrance' | undefined {
  if (SUCCESS_WORDS.has(key)) return 'successesNeeded';
  if (ROLL_WORDS.has(key)) return 'rollLimit';
  if (ADVANTAGE_WORDS.has(key)) return 'advantage';
  if (HINDRANCE_WORDS.has(key)) return 'hindrance';
  return undefined;
}

/** Words that begin a parameter (lower case, ё → е); «сила» only before «воли». */
const PARAM_WORDS = new Set([
  'сложность',
  'продолжительное',
  'длительное',
  'статичная',
  'специализация',
  'воля',
  'снова',
  'без',
  'помощь',
  'урон',
  'поглощение',
  'инициатива',
  ...SUCCESS_WORDS,
  ...ROLL_WORDS,
  ...ADVANTAGE_WORDS,
  ...HINDRANCE_WORDS,
]);

/** Whether `tokens[at]` begins a parameter: a number or sign (a counted one), or a parameter's word. */
export function startsParam(tokens: readonly Token[], at: number): boolean {
  const t = tokens[at] as Token | undefined;
  if (!t) return false;
  if (t.kind === 'number' || t.kind === 'sign') return true;
  if (t.kind !== 'word') return false;
  if (t.key === 'сила') return tokens[at + 1]?.kind === 'word' && tokens[at + 1].key === 'воли';
  return PARAM_WORDS.has(t.key);
}

/**
 * `помощь` [`:`] then a count or names separated by «,» or «и». `t` is the slot, `t[0]` the keyword.
 */
function readHelpers(t: readonly Token[], sink: ParamSink, whole: TextRange, rest: (i: number) => void): ParamReading {
  const keyword = t[0];
  const base = { range: whole, keyword: keyword.text, keywordRange: { start: keyword.start, end: keyword.end }, kind: 'helpers' as const };
  let i = t[1]?.kind === 'colon' ? 2 : 1;
  const at = t[i] as Token | undefined;
  if (at === undefined) {
    const end = t[i - 1].end;
    sink.error('missing-number', { start: end, end }, { param: 'helpers' });
    return { keywordSeen: true };
  }
  if (at.kind === 'sign' || at.kind === 'number') {
    const numAt = at.kind === 'sign' ? i + 1 : i;
    const numTok = t[numAt] as Token | undefined;
    if (numTok?.kind !== 'number') {
      sink.error('bad-number', span(at, t[t.length - 1]), { param: 'helpers', reason: 'not-a-number' });
      return { keywordSeen: true };
    }
    const countRange = span(at, numTok);
    const value = readInteger(numTok.text);
    if (at.kind === 'sign' && at.sign < 0) {
      sink.error('bad-number', countRange, { param: 'helpers', reason: 'negative' });
      return { keywordSeen: true };
    }
    if (typeof value !== 'number') {
      sink.error('bad-number', countRange, { param: 'helpers', reason: value });
      return { keywordSeen: true };
    }
    rest(numAt + 1);
    return { keywordSeen: true, param: { ...base, range: { start: whole.start, end: numTok.end }, count: value, countRange } };
  }
  const names: HelperName[] = [];
  let joinedBy: HelperName['joinedBy'];
  while (i < t.length) {
    const from = i;
    while (i < t.length && t[i].kind === 'word' && t[i].key !== 'и') i++;
    if (i === from) break;
    const range = span(t[from], t[i - 1]);
    names.push({ name: normalizeSpaces(sink.text(range)), range, ...(joinedBy ? { joinedBy } : {}) });
    const sep = t[i] as Token | undefined;
    if (sep === undefined) break;
    if (sep.kind === 'comma') joinedBy = ',';
    else if (sep.kind === 'word' && sep.key === 'и') joinedBy = 'и';
    else break;
    // A separator must be followed by another name.
    if (t[i + 1]?.kind !== 'word' || t[i + 1].key === 'и') break;
    i++;
  }
  if (names.length === 0) {
    sink.error('bad-number', span(at, t[t.length - 1]), { param: 'helpers', reason: 'not-a-number' });
    return { keywordSeen: true };
  }
  rest(i);
  return { keywordSeen: true, param: { ...base, range: { start: whole.start, end: names[names.length - 1].range.end }, names } };
}

/**
 * Whether a second parameter of the same kind says something else than the first, so that only one
 * of them can apply: a damage roll is not a soak roll («урон, поглощение»), and a roll has one
 * re-roll rule («снова-9, снова-8»). Synonyms («Воля, Сила воли») and repeats are merely twice.
 */
export function contradicts(first: Param, second: Param): boolean {
  if (first.kind === 'noBotch' && second.kind === 'noBotch') return first.form !== second.form;
  if (first.kind === 'again' && second.kind === 'again') return first.rule !== second.rule;
  return false;
}

/**
 * Reads one parameter from `tokens[from..to)` (a non-empty slot between separators).
 * Reports its errors to `sink`: `unknown-param` for the whole slot when it matches no
 * parameter, `missing-number`/`bad-number` at the number, `unexpected-token` for words
 * left over after a complete parameter (the parameter is still returned).
 */
export function readParam(tokens: readonly Token[], from: number, to: number, sink: ParamSink): ParamReading {
  const t = tokens.slice(from, to);
  const n = t.length;
  const first = t[0];
  const last = t[n - 1];
  const whole = span(first, last);
  const unknown = (keywordSeen: boolean): ParamReading => {
    sink.error('unknown-param', whole);
    return { keywordSeen };
  };
  /** Tokens from `i` on are left over after a complete parameter. */
  const rest = (i: number): void => {
    if (i < n) sink.error('unexpected-token', span(t[i], last));
  };
  const base = (kind: ParamKind, kwFrom: Token, kwTo: Token, end: Token) => {
    const keywordRange = span(kwFrom, kwTo);
    return { range: { start: whole.start, end: end.end }, keyword: normalizeSpaces(sink.text(keywordRange)), keywordRange, kind };
  };

  // [sign] number keyword: successes, rolls, advantages, hindrances.
  const numAt = first.kind === 'sign' && n > 1 && t[1].kind === 'number' ? 1 : first.kind === 'number' ? 0 : -1;
  if (numAt >= 0) {
    const kwTok = t[numAt + 1] as Token | undefined;
    const kind = kwTok?.kind === 'word' ? countKind(kwTok.key) : undefined;
    if (kwTok === undefined || kind === undefined) return unknown(false);
    const numTok = t[numAt];
    const numRange = span(first, numTok);
    if (numAt === 1 && first.sign < 0) {
      sink.error('bad-number', numRange, { param: kind, reason: 'negative' });
      return { keywordSeen: true };
    }
    const value = readInteger(numTok.text);
    if (typeof value !== 'number') {
      sink.error('bad-number', numRange, { param: kind, reason: value });
      return { keywordSeen: true };
    }
    rest(numAt + 2);
    const b = base(kind, kwTok, kwTok, kwTok);
    switch (kind) {
      case 'successesNeeded':
        return { keywordSeen: true, param: { ...b, kind, value, valueRange: numRange } };
      case 'rollLimit':
        return { keywordSeen: true, param: { ...b, kind, value, valueRange: numRange } };
      case 'advantage':
        return { keywordSeen: true, param: { ...b, kind, count: value, countRange: numRange } };
      case 'hindrance':
        return { keywordSeen: true, param: { ...b, kind, count: value, countRange: numRange } };
    }
  }
  if (first.kind !== 'word') return unknown(false);

  const key = first.key;
  switch (key) {
    case 'помощь':
      return readHelpers(t, sink, whole, rest);
    case 'урон':
    case 'поглощение':
      rest(1);
      return { keywordSeen: true, param: { ...base('noBotch', first, first, first), kind: 'noBotch', form: key } };
    case 'инициатива':
      rest(1);
      return { keywordSeen: true, param: { ...base('initiative', first, first, first), kind: 'initiative' } };
    case 'сложность': {
      if (n === 1) {
        sink.error('missing-number', { start: first.end, end: first.end }, { param: 'difficulty' });
        return { keywordSeen: true };
      }
      const signed = t[1].kind === 'sign' && n > 2 && t[2].kind === 'number';
      const numIdx = signed ? 2 : 1;
      const numTok = t[numIdx];
      if (numTok.kind !== 'number') {
        sink.error('bad-number', span(t[1], last), { param: 'difficulty', reason: 'not-a-number' });
        return { keywordSeen: true };
      }
      const valueRange = span(t[1], numTok);
      const value = readInteger(numTok.text);
      if (typeof value !== 'number') {
        sink.error('bad-number', valueRange, { param: 'difficulty', reason: value });
        return { keywordSeen: true };
      }
      rest(numIdx + 1);
      const sign = signed ? t[1].sign : 1;
      // `0 * -1` would be -0; keep a plain 0.
      const signedValue = value === 0 ? 0 : sign * value;
      return { keywordSeen: true, param: { ...base('difficulty', first, first, numTok), kind: 'difficulty', value: signedValue, valueRange } };
    }
    case 'продолжительное':
    case 'длительное':
      rest(1);
      return { keywordSeen: true, param: { ...base('extendedMarker', first, first, first), kind: 'extendedMarker', form: key } };
    case 'статичная':
      rest(1);
      return { keywordSeen: true, param: { ...base('static', first, first, first), kind: 'static' } };
    case 'специализация':
      rest(1);
      return { keywordSeen: true, param: { ...base('specialty', first, first, first), kind: 'specialty' } };
    case 'воля':
      rest(1);
      return { keywordSeen: true, param: { ...base('willpower', first, first, first), kind: 'willpower', form: 'Воля' } };
    case 'сила':
      if (n > 1 && t[1].kind === 'word' && t[1].key === 'воли') {
        rest(2);
        return { keywordSeen: true, param: { ...base('willpower', first, t[1], t[1]), kind: 'willpower', form: 'Сила воли' } };
      }
      return unknown(false);
    case 'снова':
      // снова-9, снова-8 (any dash, any spacing; `keyword` keeps what was written).
      if (n > 2 && t[1].kind === 'sign' && t[1].sign < 0 && t[2].kind === 'number') {
        const v = readInteger(t[2].text);
        if (v === 9 || v === 8) {
          rest(3);
          return { keywordSeen: true, param: { ...base('again', first, t[2], t[2]), kind: 'again', rule: v } };
        }
      }
      return unknown(true);
    case 'без':
      if (n > 1 && t[1].kind === 'word' && t[1].key === 'снова') {
        if (n > 3 && t[2].kind === 'sign' && t[2].sign < 0 && t[3].kind === 'number' && readInteger(t[3].text) === 10) {
          rest(4);
          return { keywordSeen: true, param: { ...base('again', first, t[3], t[3]), kind: 'again', rule: 'none' } };
        }
        return unknown(true);
      }
      return unknown(false);
  }

  const kind = countKind(key);
  if (kind === 'successesNeeded' || kind === 'rollLimit') {
    sink.error('missing-number', { start: first.start, end: first.start }, { param: kind });
    return { keywordSeen: true };
  }
  if (kind === 'advantage' || kind === 'hindrance') {
    rest(1);
    return { keywordSeen: true, param: { ...base(kind, first, first, first), kind, count: 1 } };
  }
  return unknown(false);
}

/** Russian plural form for a count: 1 успех, 2 успеха, 5 успехов, 11 успехов, 21 успех. */
export function pluralRu(n: number, one: string, few: string, many: string): string {
  const abs = Math.abs(n);
  const d10 = abs % 10;
  const d100 = abs % 100;
  if (d10 === 1 && d100 !== 11) return one;
  if (d10 >= 2 && d10 <= 4 && (d100 < 12 || d100 > 14)) return few;
  return many;
}

/** An integer as the canonical form prints it: a minus is U+2212. */
export function formatInteger(n: number): string {
  return n < 0 ? `\u2212${-n}` : String(n);
}

/** Options for printing parameters. */
export interface FormatParamOptions {
  /**
   * How the ruleset spells the Willpower parameter (e.g. `Сила Воли` in mage-revised,
   * `Воля` in storytelling). Default: the grammar form that was written (`Сила воли` or `Воля`).
   */
  willpower?: string;
}

/**
 * The canonical keyword of a parameter, to compare with `param.keyword` (RM010).
 * For counted parameters it agrees with the count («2 Помехи», «10 успехов»).
 */
export function canonicalKeyword(param: Param, options: FormatParamOptions = {}): string {
  switch (param.kind) {
    case 'difficulty':
      return 'сложность';
    case 'successesNeeded':
      return pluralRu(param.value, 'успех', 'успеха', 'успехов');
    case 'rollLimit':
      return pluralRu(param.value, 'бросок', 'броска', 'бросков');
    case 'extendedMarker':
      return param.form;
    case 'advantage':
      // The grammar has no «Преимуществ»: 5 and more keep the plural the grammar has.
      return param.count === 1 ? 'Преимущество' : 'Преимущества';
    case 'hindrance':
      return param.count === 1 ? 'Помеха' : 'Помехи';
    case 'static':
      return 'статичная';
    case 'again':
      return param.rule === 'none' ? 'без снова-10' : `снова-${param.rule}`;
    case 'specialty':
      return 'специализация';
    case 'willpower':
      return options.willpower ?? param.form;
    case 'helpers':
      return 'помощь';
    case 'noBotch':
      return param.form;
    case 'initiative':
      return 'инициатива';
  }
}

/** One parameter in canonical form: `сложность 2`, `10 успехов`, `Преимущество`, `2 Помехи`, `снова-9`. */
export function formatParam(param: Param, options: FormatParamOptions = {}): string {
  const keyword = canonicalKeyword(param, options);
  switch (param.kind) {
    case 'difficulty':
      return `${keyword} ${formatInteger(param.value)}`;
    case 'successesNeeded':
    case 'rollLimit':
      return `${param.value} ${keyword}`;
    case 'advantage':
    case 'hindrance':
      return param.count === 1 ? keyword : `${param.count} ${keyword}`;
    case 'helpers':
      if (param.names) return `${keyword}: ${param.names.map((n, k) => (k === 0 ? n.name : `${n.joinedBy === 'и' ? ' и ' : ', '}${n.name}`)).join('')}`;
      return `${keyword}: ${param.count ?? 0}`;
    default:
      return keyword;
  }
}
