/**
 * What the engine needs to know about a check once the analysis has resolved its traits
 * to numbers. Nothing here is specific to one family; each family reads what it uses.
 */
import type { CombatSpec } from './combat';

export type AgainRule = 10 | 9 | 8 | 'none';

export interface RollSide {
  /**
   * Sum of trait values and integer modifiers (resistance terms subtracted, equipment added; it
   * may be 0 or negative); null when some trait's value is unknown.
   */
  base: number | null;
  /** How many specialties apply («[…]» or `специализация`). */
  specialties: number;
  /** Willpower spent (`Сила воли` / `Воля` parameter). */
  willpower: boolean;
  /** The difficulty as written; each family decides what it means and what the default is. */
  difficulty?: number;
  /** Storytelling: which dice re-roll (10-again unless told otherwise). */
  again: AgainRule;
  /** d20: Преимущества and Помехи as written. */
  advantages: number;
  hindrances: number;
  /** d20: static value, no roll. */
  isStatic: boolean;
  /** Classic `урон` / `поглощение`: 1s cancel successes, but the roll cannot botch. */
  noBotch?: boolean;
  /**
   * Teamwork (`помощь`): each helper's own side, as `helperSide` builds it from this side and the
   * helper's base. Ignored where the ruleset has no teamwork rule (`supportsTeamwork`).
   */
  helpers?: RollSide[];
  /**
   * vampire-pack contests: the Attribute used in this side's pool, which breaks a tie when both
   * sides have one and they differ. Absent when unknown or when the pool has none («против 6»).
   */
  attribute?: number;
  /** `+N успехов` (000 l.468, 001 l.81): N successes added to a roll with at least one (countedSuccesses.ts). */
  extraSuccesses?: number;
  /** `прочность N` (000 l.593, 605): only successes beyond an object's Durability N count (countedSuccesses.ts). */
  durability?: number;
  /** `маневр N` (001 l.32): the pool is at most N dice, the vehicle's Maneuver. */
  maneuver?: number;
  /** `воспроизведение` (storytelling, 000 l.474): every die of the pool that fails is rolled once more. */
  replay?: boolean;
  /** `фора N` (001 l.83): in a race, the side starts with N successes. */
  headStart?: number;
}

export interface ExtendedSpec {
  /** Successes needed. */
  target: number;
  /** Roll limit (a race: round limit), when the check gives one. */
  maxRolls?: number;
  /** A race only: the opponent's target when it differs from `target`. */
  opponentTarget?: number;
}

export interface CheckSpec {
  side: RollSide;
  /** The other side of a contest («против»); with `extended`, a race. */
  opponent?: RollSide;
  extended?: ExtendedSpec;
  /** `N успехов за бросок`: one roll that succeeds only with this many successes or more (no contest, no extended action). */
  threshold?: number;
  /** `дважды`: two independent rolls, the better one counts (no contest, extended action or threshold). */
  twice?: boolean;
  /** `K попыток [штраф M]` (storytelling): up to `count` attempts, attempt i with (i − 1)·`penalty` dice fewer. */
  attempts?: { count: number; penalty: number };
  /** `вторая попытка` (vampire-pack): the difficulty one higher, every failure painful. */
  secondAttempt?: boolean;
  /**
   * `длительное` without `N успехов` (001 l.130: the Storyteller sets the goal): one roll's odds,
   * plus the chance of reaching each goal 1…OPEN_GOAL_MAX within 1…OPEN_GOAL_ROLLS rolls.
   */
  openGoal?: boolean;
  /** `особое`: the pool rests on a special ability (000 l.482); the odds are the pool's as written, and say so. */
  special?: boolean;
  /** `атака` / `защита` (vampire-pack): High Competence gives no automatic success to this check (004 l.109). */
  combatRole?: 'attack' | 'defence';
  /** `сделка с Дьяволом` (vampire-pack, 004 l.60–65): the odds add P(success with the deal) = P(success) + P(failure). */
  deal?: boolean;
  /** `инициатива`: 1d10 + the side's base, no success or failure. */
  initiative?: boolean;
  /**
   * `урон:` / `поглощение:` (classic, docs/markup.md «Атака, урон и поглощение»): the check is an attack, the
   * opponent (if any) the defence; damage and soak pools in dice. No extended action, threshold,
   * `дважды` or attempts beside it (the analysis reports them).
   */
  combat?: CombatSpec;
  /**
   * Alternatives («Ловкость или Интеллект + Ремесло»): the check is one of these combinations,
   * in the order written (at most 8). The rest of the spec is the first combination's, so that a
   * reader unaware of alternatives still sees one of them; `withAlternatives` builds it.
   */
  alternatives?: Alternative[];
  /**
   * How many of the opponent's alternatives each of the roller's combinations is paired with
   * (the roller's vary slowest in `alternatives`), when the opponent has more than one: the
   * opponent's choice (docs/markup.en.md, "Grouped alternatives"), the combination worst for the roller.
   */
  opponentChoices?: number;
}

export interface Alternative {
  /** The combination as canonical markup, «Ловкость 3 + Ремесло 2 (…)»: the `check` of the JSON. */
  check: string;
  spec: CheckSpec;
}

/** The goals an extended action without a stated goal is shown for: 1 … this many successes. */
export const OPEN_GOAL_MAX = 10;
/** The rolls an extended action without a stated goal is shown for: 1 … this many. */
export const OPEN_GOAL_ROLLS = 5;

/** The most combinations a check with alternatives may have (more is RM009). */
export const MAX_ALTERNATIVES = 8;

/**
 * The most helpers the analysis should hand the engine for one side (a Storyteller limits them,
 * 000 l.446); odds stay quick up to here even for pools of hundreds of dice.
 */
export const MAX_HELPERS = 20;

export function plainSide(base: number | null, overrides: Partial<RollSide> = {}): RollSide {
  return {
    base,
    specialties: 0,
    willpower: false,
    again: 10,
    advantages: 0,
    hindrances: 0,
    isStatic: false,
    ...overrides,
  };
}

/**
 * A helper's side, as the rules texts' teamwork has it: the same traits with the
 * helper's own values (`base`; with `помощь: N`, the main side's), the same difficulty and again
 * option, never Willpower, a specialty, an edge or a static value, and no helpers of its own.
 * threads-of-fate helpers roll against the difficulty − 5: the engine applies that, not this.
 */
export function helperSide(main: RollSide, base: number | null): RollSide {
  return plainSide(base, { again: main.again, ...(main.difficulty !== undefined ? { difficulty: main.difficulty } : {}) });
}

/** A spec that is one of several combinations; the first one's fields stand at the top. */
export function withAlternatives(alternatives: Alternative[], opponentChoices = 1): CheckSpec {
  if (alternatives.length === 0) throw new RangeError('a check needs at least one combination');
  const { alternatives: _nested, opponentChoices: _theirs, ...first } = alternatives[0].spec;
  return { ...first, alternatives, ...(opponentChoices > 1 ? { opponentChoices } : {}) };
}
