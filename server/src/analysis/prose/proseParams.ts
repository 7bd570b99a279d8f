/**
 * What a prose check says beyond its pool (proseChecks.ts, the header): a difficulty phrase
 * («со сложностью 2», «по сложности 6», «при сложности 7», «против сложности 6», «сложность 3»,
 * «сложность броска — 7») or a parenthesised parameter group the
 * check grammar accepts, as the parameters the markup writes.
 */
import { parseCheckExpression } from '../check/checkExpression';
import type { ProseReader } from './proseReader';
import { TokenKind } from './proseTokens';

/** A parameter group longer than this is prose in parentheses, not parameters. */
const MAX_GROUP_TOKENS = 24;
/** A difficulty followed by these is a range or an alternative, not one number. */
export const RANGE_WORDS = new Set(['или', 'либо', 'до', 'и']);
const DIFFICULTY_ONLY = /^(?:обычно,?\s+)?(?:(?:со|с)\s+сложностью|(?:по|при|против)\s+сложности|сложность)\s+(\d{1,4})$/iu;
/** Words that lead «сложности N» as a difficulty: «по», and (issue 20) «при», «против сложности 6». */
const DIFFICULTY_PREPOSITIONS = new Set(['по', 'при', 'против']);
/** A dash between «сложность броска» and its number: «сложность броска — 7». */
const DASHES = new Set(['—', '–', '-', '\u2212']);
/** What the parser reads as the trait in front of a parameter group being tried. */
export const PLACEHOLDER_TRAIT = 'Х';

export interface Params {
  /** The parameters as the markup writes them. */
  text: string;
  hasDifficulty: boolean;
  /** The last token they take. */
  last: number;
}

/** Dice the prose adds to or takes from the pool: «со штрафом −2», «с бонусом +2», «со штрафом в 2 кости». */
export interface PoolModifier {
  sign: 1 | -1;
  value: number;
  /** The last token it takes. */
  last: number;
}

/** «штрафом» takes dice away, «бонусом» adds them: the word decides, whatever sign the number is written with. */
const MODIFIER_WORDS = new Map<string, 1 | -1>([
  ['штрафом', -1],
  ['бонусом', 1],
]);

/** Whether token i starts a pool modifier phrase: «со штрафом», «с бонусом». */
export function startsPoolModifier(r: ProseReader, i: number): boolean {
  const key = r.key(i);
  return (key === 'со' || key === 'с') && MODIFIER_WORDS.has(r.key(i + 1));
}

/**
 * A pool modifier phrase at token p (after a comma, too). «со штрафом +1 к сложности» changes the
 * difficulty, not the dice: it is not read as a modifier (the check then keeps only its pool).
 */
export function readPoolModifier(r: ProseReader, p: number): PoolModifier | undefined {
  const { kind } = r.tokens;
  const q = kind[p] === TokenKind.comma ? p + 1 : p;
  if (!startsPoolModifier(r, q)) return undefined;
  const sign = MODIFIER_WORDS.get(r.key(q + 1)) ?? 1;
  let n = q + 2;
  if (r.key(n) === 'в') n++;
  if (kind[n] === TokenKind.sign) n++;
  const value = r.integerAt(n);
  if (value === undefined || value === 0) return undefined;
  const unit = r.key(n + 1);
  if (unit === 'к' || unit.startsWith('сложност')) return undefined;
  const last = unit.startsWith('кост') || unit.startsWith('куб') ? n + 1 : n;
  return { sign, value, last };
}

/** A parameter group or a difficulty phrase starting at token p. */
export function readParams(r: ProseReader, p: number): Params | undefined {
  const { count, kind } = r.tokens;
  if (p >= count) return undefined;
  if (kind[p] === TokenKind.lparen) return readGroup(r, p);
  let q = p;
  if (kind[q] === TokenKind.comma) q++;
  const key = r.key(q);
  let numberAt: number;
  if ((key === 'со' || key === 'с') && r.key(q + 1) === 'сложностью') numberAt = q + 2;
  else if (DIFFICULTY_PREPOSITIONS.has(key) && r.key(q + 1) === 'сложности') numberAt = q + 2;
  else if (key === 'сложность' && r.key(q + 1) === 'броска') numberAt = DASHES.has(r.tokens.text.slice(r.tokens.start[q + 2], r.tokens.end[q + 2])) ? q + 3 : q + 2;
  else if (key === 'сложность') numberAt = q + 1;
  else return undefined;
  const value = r.integerAt(numberAt);
  if (value === undefined) return undefined;
  const after = numberAt + 1;
  if (after < count) {
    const k = kind[after];
    if (k === TokenKind.slash || k === TokenKind.decimal) return undefined;
    if (k === TokenKind.sign && r.integerAt(after + 1) !== undefined) return undefined;
    if (RANGE_WORDS.has(r.key(after))) return undefined;
  }
  return { text: `сложность ${value}`, hasDifficulty: true, last: numberAt };
}

/** «(сложность 6, специализация)», «(по сложности 6)»: the group the check grammar reads. */
function readGroup(r: ProseReader, open: number): Params | undefined {
  const { count, kind, start, end, text } = r.tokens;
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
