/**
 * What the engine needs to know about a check once the analysis has resolved its traits
 * to numbers. Nothing here is specific to one family; each family reads what it uses.
 */

export type AgainRule = 10 | 9 | 8 | 'none';

export interface RollSide {
  /** Sum of trait values and integer modifiers; null when some trait's value is unknown. */
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
}

export interface ExtendedSpec {
  /** Successes needed. */
  target: number;
  /** Roll limit, when the check gives one. */
  maxRolls?: number;
}

export interface CheckSpec {
  side: RollSide;
  /** The other side of a contest («против»). */
  opponent?: RollSide;
  extended?: ExtendedSpec;
}

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
