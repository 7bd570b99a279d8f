/**
 * The engine's answer about a check. Field names follow the CLI's JSON contract
 * (`../shared/spec/CLI.md`) so the CLI prints it as it is and every consumer reads one shape.
 */

/** Facts the rules attach to a result, for hovers and reports. */
export type OddsNote =
  | 'chance_die'
  | 'no_dice'
  | 'high_competence'
  | 'willpower'
  | 'static_value';

export interface ContestOdds {
  win: number;
  tie: number;
  lose: number;
}

export interface PoolOdds {
  /** Dice rolled (d10) or total modifier (d20); 0 for no dice left or a chance die. */
  pool: number;
  /** A partition of outcome keys (d20: plus overlapping critical keys); contests have `contest` instead. */
  outcomes?: Record<string, number>;
  /** P(exactly k successes); d10 families only. */
  successes?: number[];
  /** d20: P(total − difficulty = m), keyed by the decimal integer m. */
  margin?: Record<string, number>;
  /** Mean successes (d10), expected total (d20), or the static value. */
  expected: number;
  chance_die?: boolean;
  /** Extended action: P(done by roll k), k = 1, 2, … */
  within?: number[];
  /** Contest, from the first side's point of view. */
  contest?: ContestOdds;
  notes: OddsNote[];
}

export interface KnownPoolReport extends PoolOdds {
  ruleset: string;
}

export interface UnknownPoolReport {
  ruleset: string;
  pool: null;
  /** Keyed by pool size ("1" … "10") or, in d20, total modifier ("-2" … "12"). */
  by_pool: Record<string, PoolOdds>;
}

export type OddsReport = KnownPoolReport | UnknownPoolReport;

export function isKnownPool(report: OddsReport): report is KnownPoolReport {
  return report.pool !== null;
}
