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
import type { Param } from './checkParams';
import { Parser } from './checkParser';
import type { ParseError, TextRange } from './checkTokens';

export type { BadNumberReason, ParamKind, ParseError, ParseErrorCode, TextRange } from './checkTokens';
export { MAX_ERRORS, MAX_INTEGER } from './checkTokens';
export type {
  AdvantageParam,
  CombatPoolParam,
  AgainParam,
  DifficultyParam,
  ExtendedMarkerParam,
  HelperName,
  HelpersParam,
  HindranceParam,
  InitiativeParam,
  NoBotchParam,
  Param,
  ParamBase,
  RollLimitParam,
  SpecialParam,
  ExtraSuccessesParam,
  RatedParam,
  SpecialtyParam,
  StaticParam,
  SuccessesNeededParam,
  ThresholdParam,
  TwiceParam,
  AttemptsParam,
  PenaltyParam,
  SecondAttemptParam,
  CombatRoleParam,
  DealParam,
  WillpowerParam,
} from './checkParams';
export { canonicalKeyword, type CanonicalName, formatCanonical, formatInteger, type FormatParamOptions, formatParam, pluralRu } from './canonicalForm';
export { combinationAst, combinationCount, optionGroups, sideCombinations } from './checkAlternatives';

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
  /**
   * True when the side's alternatives are written as parenthesised whole pools, «(Сила Воли 4) или
   * (Выносливость 2 + 3)» (docs/markup.en.md, "Grouped alternatives"): every «или» joins pools, and the canonical form keeps the parentheses.
   */
  groupedPools?: true;
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
