/**
 * Reading one parameter of a check from its tokens (docs/markup.en.md, "Parameters"): the kinds
 * checkParams.ts describes, errors reported to the parser's sink. Pure; never throws.
 */
import {
  ParamKind,
  TextRange,
  Token,
  normalizeSpaces,
  readInteger,
} from './checkTokens';
import type { CombatPoolParam, HelperName, Param, ParamReading, ParamSink, RatedParam, ThresholdForm } from './checkParams';
import type { Term } from './checkExpression';

/** Keywords followed by one number ≥ 0 (docs/markup.md, "Механики"): the kind each one reads as. */
const RATED_WORDS: Readonly<Record<string, RatedParam['kind']>> = { прочность: 'durability', маневр: 'maneuver', фора: 'headStart' };

const SUCCESS_WORDS = new Set(['успех', 'успеха', 'успехов']);
const ROLL_WORDS = new Set(['бросок', 'броска', 'бросков']);
const ADVANTAGE_WORDS = new Set(['преимущество', 'преимущества']);
const HINDRANCE_WORDS = new Set(['помеха', 'помехи']);
const ATTEMPT_WORDS = new Set(['попытка', 'попытки', 'попыток']);

function span(a: Token, b: Token): TextRange {
  return { start: a.start, end: b.end };
}

function countKind(key: string): 'successesNeeded' | 'rollLimit' | 'advantage' | 'hindrance' | 'attempts' | undefined {
  if (SUCCESS_WORDS.has(key)) return 'successesNeeded';
  if (ATTEMPT_WORDS.has(key)) return 'attempts';
  if (ROLL_WORDS.has(key)) return 'rollLimit';
  if (ADVANTAGE_WORDS.has(key)) return 'advantage';
  if (HINDRANCE_WORDS.has(key)) return 'hindrance';
  return undefined;
}

/** The wordings after `N успехов` that make it one roll's threshold, as token keys. */
const THRESHOLD_FORMS: readonly { form: ThresholdForm; keys: readonly string[] }[] = [
  { form: 'за бросок', keys: ['за', 'бросок'] },
  { form: 'в одном броске', keys: ['в', 'одном', 'броске'] },
];

/** `за бросок` / `в одном броске` at `t[at]`: which one, and how many tokens it takes. */
function thresholdForm(t: readonly Token[], at: number): { form: ThresholdForm; tokens: number } | undefined {
  for (const { form, keys } of THRESHOLD_FORMS) {
    if (keys.every((key, k) => t[at + k]?.kind === 'word' && t[at + k].key === key)) return { form, tokens: keys.length };
  }
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
  'дважды',
  'особое',
  'атака',
  'защита',
  'сделка',
  'штраф',
  'вторая',
  'прочность',
  'маневр',
  'фора',
  'воспроизведение',
  ...SUCCESS_WORDS,
  ...ATTEMPT_WORDS,
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
    // «Рэй (Взлом)»: the helper's own trait (002 l.65), words up to the «)».
    let trait: HelperName['trait'];
    if (t[i]?.kind === 'lparen') {
      const traitFrom = i + 1;
      let j = traitFrom;
      while (j < t.length && t[j].kind === 'word') j++;
      if (j === traitFrom || t[j]?.kind !== 'rparen') {
        sink.error('bad-number', span(t[i], t[Math.min(j, t.length - 1)]), { param: 'helpers', reason: 'not-a-number' });
        return { keywordSeen: true };
      }
      const traitRange = span(t[traitFrom], t[j - 1]);
      trait = { name: normalizeSpaces(sink.text(traitRange)), range: traitRange };
      i = j + 1;
    }
    names.push({ name: normalizeSpaces(sink.text(range)), range, ...(joinedBy ? { joinedBy } : {}), ...(trait ? { trait } : {}) });
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
  return { keywordSeen: true, param: { ...base, range: { start: whole.start, end: t[i - 1].end }, names } };
}

/**
 * `урон:` / `поглощение:` then a pool (`t[0]` the keyword, `t[1]` the colon): traits with an
 * optional rating and integers, joined by + and −. Errors at the token that breaks it.
 */
function readCombatPool(t: readonly Token[], sink: ParamSink, whole: TextRange): ParamReading {
  const keyword = t[0];
  const kind: CombatPoolParam['kind'] = keyword.key === 'урон' ? 'damage' : 'soak';
  const terms: Term[] = [];
  let i = 2;
  let sign: Token | undefined;
  while (i < t.length) {
    const at = t[i];
    if (at.kind === 'sign') {
      if (sign || (terms.length === 0 && t[i + 1]?.kind !== 'number')) {
        sink.error('dangling-sign', { start: at.start, end: at.end });
        return { keywordSeen: true };
      }
      sign = at;
      i++;
      continue;
    }
    if ((at.kind !== 'word' && at.kind !== 'number') || (at.kind === 'word' && (at.key === 'против' || at.key === 'или'))) {
      sink.error('unexpected-token', span(at, t[t.length - 1]));
      return { keywordSeen: true };
    }
    if (terms.length > 0 && !sign) {
      sink.error('missing-sign', { start: at.start, end: at.end });
      return { keywordSeen: true };
    }
    const signPart = sign ? { signRange: { start: sign.start, end: sign.end } } : {};
    const signValue: 1 | -1 = sign?.sign === -1 ? -1 : 1;
    sign = undefined;
    if (at.kind === 'number') {
      const value = readInteger(at.text);
      if (typeof value !== 'number') {
        sink.error('bad-number', { start: at.start, end: at.end }, { reason: value });
        return { keywordSeen: true };
      }
      terms.push({ kind: 'modifier', value, sign: signValue, range: { start: at.start, end: at.end }, ...signPart });
      i++;
      continue;
    }
    const from = i;
    while (i < t.length && t[i].kind === 'word' && t[i].key !== 'против' && t[i].key !== 'или') i++;
    const nameRange = span(t[from], t[i - 1]);
    const term: Term = { kind: 'trait', name: normalizeSpaces(sink.text(nameRange)), nameRange, sign: signValue, range: nameRange, ...signPart };
    if (t[i]?.kind === 'number') {
      const value = readInteger(t[i].text);
      if (typeof value !== 'number') {
        sink.error('bad-number', { start: t[i].start, end: t[i].end }, { reason: value });
        return { keywordSeen: true };
      }
      term.rating = { value, range: { start: t[i].start, end: t[i].end } };
      term.range = { start: nameRange.start, end: t[i].end };
      i++;
    }
    terms.push(term);
  }
  if (sign) {
    sink.error('dangling-sign', { start: sign.start, end: sign.end });
    return { keywordSeen: true };
  }
  if (terms.length === 0) {
    const end = t[1].end;
    sink.error('missing-term', { start: end, end });
    return { keywordSeen: true };
  }
  const first = terms[0];
  const poolRange = { start: (first.signRange ?? first.range).start, end: terms[terms.length - 1].range.end };
  const param: CombatPoolParam = {
    kind,
    range: { start: whole.start, end: poolRange.end },
    keyword: keyword.text,
    keywordRange: { start: keyword.start, end: keyword.end },
    terms,
    poolRange,
  };
  return { keywordSeen: true, param };
}

/**
 * The number after `штраф` at `t[at]` (the keyword): its value without the sign («штраф -1» is how
 * the texts write it) and its range; undefined after reporting the error.
 */
function readPenalty(t: readonly Token[], at: number, sink: ParamSink): { value: number; range: TextRange; end: number } | undefined {
  const keyword = t[at];
  const signed = t[at + 1]?.kind === 'sign';
  const numTok = t[at + (signed ? 2 : 1)] as Token | undefined;
  if (numTok === undefined && !signed) {
    sink.error('missing-number', { start: keyword.end, end: keyword.end }, { param: 'penalty' });
    return undefined;
  }
  if (numTok?.kind !== 'number') {
    sink.error('bad-number', span(t[at + 1], t[t.length - 1]), { param: 'penalty', reason: 'not-a-number' });
    return undefined;
  }
  const range = span(t[at + 1], numTok);
  const value = readInteger(numTok.text);
  if (typeof value !== 'number') {
    sink.error('bad-number', range, { param: 'penalty', reason: value });
    return undefined;
  }
  return { value, range, end: at + (signed ? 3 : 2) };
}

/**
 * Whether a second parameter of the same kind says something else than the first, so that only one
 * of them can apply: a damage roll is not a soak roll («урон, поглощение»), and a roll has one
 * re-roll rule («снова-9, снова-8»). Synonyms («Воля, Сила воли») and repeats are merely twice.
 */
export function contradicts(first: Param, second: Param): boolean {
  if (first.kind === 'noBotch' && second.kind === 'noBotch') return first.form !== second.form;
  if (first.kind === 'again' && second.kind === 'again') return first.rule !== second.rule;
  if (first.kind === 'combatRole' && second.kind === 'combatRole') return first.role !== second.role;
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
    const form = kind === 'successesNeeded' ? thresholdForm(t, numAt + 2) : undefined;
    if (form) {
      const formEnd = t[numAt + 1 + form.tokens];
      rest(numAt + 2 + form.tokens);
      return { keywordSeen: true, param: { ...base('threshold', kwTok, formEnd, formEnd), kind: 'threshold', value, valueRange: numRange, form: form.form } };
    }
    // `+N успехов`: extra successes (000 l.468); without the plus, an extended action's goal.
    if (kind === 'successesNeeded' && numAt === 1) {
      rest(numAt + 2);
      return { keywordSeen: true, param: { ...base('extraSuccesses', kwTok, kwTok, kwTok), kind: 'extraSuccesses', value, valueRange: numRange } };
    }
    if (kind === 'attempts') {
      const b = base(kind, kwTok, kwTok, kwTok);
      const after = t[numAt + 2] as Token | undefined;
      if (after?.kind !== 'word' || after.key !== 'штраф') {
        rest(numAt + 2);
        return { keywordSeen: true, param: { ...b, kind, value, valueRange: numRange } };
      }
      const penalty = readPenalty(t, numAt + 2, sink);
      if (!penalty) return { keywordSeen: true };
      rest(penalty.end);
      const range = { start: b.range.start, end: penalty.range.end };
      return { keywordSeen: true, param: { ...b, range, kind, value, valueRange: numRange, penalty: penalty.value, penaltyRange: penalty.range } };
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
  const rated = RATED_WORDS[key] as RatedParam['kind'] | undefined;
  if (rated) {
    const numTok = t[1] as Token | undefined;
    if (numTok === undefined) {
      sink.error('missing-number', { start: first.end, end: first.end }, { param: rated });
      return { keywordSeen: true };
    }
    if (numTok.kind === 'sign' && numTok.sign < 0 && t[2]?.kind === 'number') {
      sink.error('bad-number', span(numTok, t[2]), { param: rated, reason: 'negative' });
      return { keywordSeen: true };
    }
    if (numTok.kind !== 'number') {
      sink.error('bad-number', span(numTok, last), { param: rated, reason: 'not-a-number' });
      return { keywordSeen: true };
    }
    const value = readInteger(numTok.text);
    if (typeof value !== 'number') {
      sink.error('bad-number', span(numTok, numTok), { param: rated, reason: value });
      return { keywordSeen: true };
    }
    rest(2);
    return { keywordSeen: true, param: { ...base(rated, first, first, numTok), kind: rated, value, valueRange: span(numTok, numTok) } };
  }
  switch (key) {
    case 'помощь':
      return readHelpers(t, sink, whole, rest);
    case 'урон':
    case 'поглощение':
      // With a colon, a pool: the check is an attack (combat); without, a damage or soak roll itself.
      if (t[1]?.kind === 'colon') return readCombatPool(t, sink, whole);
      rest(1);
      return { keywordSeen: true, param: { ...base('noBotch', first, first, first), kind: 'noBotch', form: key } };
    case 'инициатива':
      rest(1);
      return { keywordSeen: true, param: { ...base('initiative', first, first, first), kind: 'initiative' } };
    case 'вторая':
      if (n > 1 && t[1].kind === 'word' && t[1].key === 'попытка') {
        rest(2);
        return { keywordSeen: true, param: { ...base('secondAttempt', first, t[1], t[1]), kind: 'secondAttempt' } };
      }
      return unknown(true);
    case 'дважды':
      rest(1);
      return { keywordSeen: true, param: { ...base('twice', first, first, first), kind: 'twice' } };
    case 'воспроизведение':
      rest(1);
      return { keywordSeen: true, param: { ...base('replay', first, first, first), kind: 'replay' } };
    case 'особое':
      rest(1);
      return { keywordSeen: true, param: { ...base('special', first, first, first), kind: 'special' } };
    case 'атака':
    case 'защита':
      rest(1);
      return { keywordSeen: true, param: { ...base('combatRole', first, first, first), kind: 'combatRole', role: key === 'атака' ? 'attack' : 'defence' } };
    case 'сделка': {
      // «Сделка с Дьяволом» (004 l.60), or «сделка» alone.
      const long = n > 2 && t[1].kind === 'word' && t[1].key === 'с' && t[2].kind === 'word' && t[2].key === 'дьяволом';
      const end = long ? t[2] : first;
      rest(long ? 3 : 1);
      return { keywordSeen: true, param: { ...base('deal', first, end, end), kind: 'deal', form: long ? 'сделка с Дьяволом' : 'сделка' } };
    }
    case 'штраф': {
      const penalty = readPenalty(t, 0, sink);
      if (!penalty) return { keywordSeen: true };
      rest(penalty.end);
      return { keywordSeen: true, param: { ...base('penalty', first, first, t[penalty.end - 1]), kind: 'penalty', value: penalty.value, valueRange: penalty.range } };
    }
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
  if (kind === 'successesNeeded' || kind === 'rollLimit' || kind === 'attempts') {
    sink.error('missing-number', { start: first.start, end: first.start }, { param: kind });
    return { keywordSeen: true };
  }
  if (kind === 'advantage' || kind === 'hindrance') {
    rest(1);
    return { keywordSeen: true, param: { ...base(kind, first, first, first), kind, count: 1 } };
  }
  return unknown(false);
}

