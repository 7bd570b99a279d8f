import type { OutcomeName } from './ruleset';

/** One side's roll, as the dice fell. */
export interface SideRoll {
  /** Dice rolled (d10) or total modifier (d20). */
  pool: number;
  /** The dice of the pool in the order rolled (d20: every d20 rolled). */
  dice: number[];
  /** Storytelling: the extra dice re-rolls added, in order. */
  rerolled: number[];
  /** Classic: the bonus dice a specialty granted for 10s. */
  bonus: number[];
  /** d20: the die kept of several. */
  kept?: number;
  /** d20: kept die + modifier (or the static value). */
  total?: number;
  /** d20: total − difficulty. */
  margin?: number;
  /** Successes as the family counts them (d20: 1 for a success, else 0). */
  successes: number;
  /** Outcome key, as in CLI.md. */
  outcome: string;
  /** d20: `critical_success` or `critical_failure` when the kept die is 20 or 1. */
  critical?: string;
  chance_die?: boolean;
}

export interface RollReport extends SideRoll {
  ruleset: string;
  /** The outcome in the ruleset's own words (vampire-pack: the degree of success). */
  outcome_name: OutcomeName;
  /** Present when the roll came from a seeded generator: replays it exactly. */
  seed?: number;
  /** True when the pool was unknown and the roll used a chosen or typical pool. */
  assumed_pool?: boolean;
  opponent?: SideRoll;
  contest?: 'win' | 'tie' | 'lose';
  extended?: {
    target: number;
    rolls: SideRoll[];
    accumulated: number;
    done: boolean;
    /** The roll that ended the action as a failure (botch, dramatic failure), if any. */
    aborted: boolean;
  };
}
