/**
 * Parameters of a check (docs/markup.en.md, "Parameters"): what each kind carries once read.
 * readParam.ts reads one from its tokens; canonicalForm.ts prints one in canonical form.
 *
 * Pure: no editor or LSP imports; never throws.
 */
import type { BadNumberReason, ParamKind, ParseErrorCode, TextRange } from './checkTokens';
import type { Term } from './checkExpression';

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
  /**
   * threads-of-fate (002 l.65): the helper's own Characteristic or Skill, in parentheses after the
   * name («Рэй (Взлом)»); `name` whitespace-normalised, `range` the name inside the parentheses.
   */
  trait?: { name: string; range: TextRange };
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

/** `N успехов за бросок` | `N успехов в одном броске`: one roll must reach N successes. */
export interface ThresholdParam extends ParamBase {
  kind: 'threshold';
  value: number;
  valueRange: TextRange;
  /** Which of the grammar's two wordings follows the count (lower case, single spaces). */
  form: ThresholdForm;
}

export type ThresholdForm = 'за бросок' | 'в одном броске';

/** `дважды`: the check is rolled twice and the better result counts. */
export interface TwiceParam extends ParamBase {
  kind: 'twice';
}

/**
 * `K попытка|попытки|попыток [штраф M]`: up to K attempts until the first success, each with M
 * dice fewer than the one before. `penalty` is M as written in the same slot (its sign dropped:
 * the texts write «штраф -1»).
 */
export interface AttemptsParam extends ParamBase {
  kind: 'attempts';
  value: number;
  valueRange: TextRange;
  penalty?: number;
  penaltyRange?: TextRange;
}

/** `штраф M` in a slot of its own («4 попытки, штраф 2»): the attempts' growing penalty. */
export interface PenaltyParam extends ParamBase {
  kind: 'penalty';
  value: number;
  valueRange: TextRange;
}

/** `вторая попытка` (vampire-pack): a second attempt after a failure, by another approach. */
export interface SecondAttemptParam extends ParamBase {
  kind: 'secondAttempt';
}

/**
 * `особое`: the pool rests on a special ability (000 l.482 «Дополнительные таланты»: a power adds
 * another Attribute), so the ruleset's composition rules (RM002) do not apply to it.
 */
export interface SpecialParam extends ParamBase {
  kind: 'special';
}

/**
 * `урон: пул` | `поглощение: пул` (classic combat, 001 l.268–275, 306): the check is an attack; the
 * pool is traits (with a rating, or for `урон:` the actor's sheet value) and integers joined by
 * + and −, as a side's pool is written, without alternatives or specialties.
 */
export interface CombatPoolParam extends ParamBase {
  kind: 'damage' | 'soak';
  terms: Term[];
  /** From the first term to the last. */
  poolRange: TextRange;
}

/**
 * `атака` / `защита` (vampire-pack): the check is an attack or a defence, for which High
 * Competence gives no automatic success (004 l.109: «Это правило нельзя применять для
 * автоматического успеха в проверке атаки или защиты»).
 */
export interface CombatRoleParam extends ParamBase {
  kind: 'combatRole';
  role: 'attack' | 'defence';
}

/**
 * `сделка` / `сделка с Дьяволом` (vampire-pack, 004 l.60–65): after a failure that is not painful,
 * a complication and 1 Drama buy a base success. `form` is the wording as written, normalised.
 */
export interface DealParam extends ParamBase {
  kind: 'deal';
  form: 'сделка' | 'сделка с Дьяволом';
}

/**
 * `+N успех|успеха|успехов` (000 l.468 «Дополнительные успехи»; 001 l.81): N successes added to a
 * roll that has at least one. The plus tells it from an extended action's goal (`N успехов`).
 */
export interface ExtraSuccessesParam extends ParamBase {
  kind: 'extraSuccesses';
  value: number;
  /** The number with its plus. */
  valueRange: TextRange;
}

/**
 * `прочность N` (000 l.593, 605): an object's Durability, `маневр N` (001 l.32): a vehicle's
 * Maneuver, `фора N` (001 l.83): a race's head start. A keyword and a number ≥ 0.
 */
export interface RatedParam extends ParamBase {
  kind: 'durability' | 'maneuver' | 'headStart';
  value: number;
  valueRange: TextRange;
}

/** `воспроизведение` (storytelling, 000 l.474): every failed die of the pool is rolled once more. */
export interface ReplayParam extends ParamBase {
  kind: 'replay';
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
  | InitiativeParam
  | ThresholdParam
  | TwiceParam
  | AttemptsParam
  | PenaltyParam
  | SecondAttemptParam
  | SpecialParam
  | CombatPoolParam
  | CombatRoleParam
  | DealParam
  | ExtraSuccessesParam
  | RatedParam
  | ReplayParam;

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
