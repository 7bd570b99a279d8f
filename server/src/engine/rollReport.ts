import type { CombatRoll } from './combat';
import type { OutcomeName } from './ruleset';

/** A helper's roll in teamwork, and what it did for the main roll. */
export interface HelperRoll {
  roll: SideRoll;
  /**
   * - `dice`: storytelling, its successes added to the main pool (`contribution` dice);
   * - `penalty`: storytelling, its dramatic failure took 4 dice away (`contribution` −4);
   * - `successes`: classic, its successes (floored at 0) added to the team's;
   * - `advantage` / `hindrance`: d20, its success or failure against the difficulty − 5.
   */
  effect: 'dice' | 'penalty' | 'successes' | 'advantage' | 'hindrance';
  contribution: number;
}

/** One side's roll, as the dice fell. */
export interface SideRoll {
  /** Dice rolled (d10; storytelling teamwork: after the helpers' dice) or total modifier (d20); initiative: the rating. */
  pool: number;
  /** The dice of the pool in the order rolled (d20: every d20 rolled). */
  dice: number[];
  /** Storytelling: the extra dice re-rolls added, in order. */
  rerolled: number[];
  /** Storytelling `воспроизведение`: the pool's failed dice rolled once more, in order (their 10s re-roll too). */
  replayed?: number[];
  /** Classic: the bonus dice a specialty granted for 10s. */
  bonus: number[];
  /** d20: the die kept of several. */
  kept?: number;
  /** d20: kept die + modifier (or the static value); initiative: the d10 + the rating. */
  total?: number;
  /** d20: total − difficulty. */
  margin?: number;
  /** Successes as the family counts them (d20: 1 for a success, else 0); teamwork: the team's. */
  successes: number;
  /** `+N успехов` / `прочность N`: the successes the dice gave, before they were counted into `successes`. */
  successes_rolled?: number;
  /** Outcome key, as `rollmark odds --json` writes it; `initiative` for an initiative roll. */
  outcome: string;
  /** d20: `critical_success` or `critical_failure` when the kept die is 20 or 1. */
  critical?: string;
  chance_die?: boolean;
  /** Teamwork: the helpers' rolls, made before this one, in the order written. */
  helpers?: HelperRoll[];
}

/** One round of a race: both sides' rolls and the totals after it. */
export interface RaceRound {
  first: SideRoll;
  second: SideRoll;
  totals: [number, number];
}

/**
 * A roll of a check. Its side's fields are that roll; for an extended action or a race (and a race's
 * `opponent`) they are the whole action: every die, the total, how it ended (docs/cli.en.md), the
 * single rolls being in `extended.rolls` / `race.rounds`.
 */
export interface RolledCheck extends SideRoll {
  ruleset: string;
  /** Present when the roll came from a seeded generator: replays it exactly. */
  seed?: number;
  /** True when the pool was unknown and the roll used a chosen or typical pool. */
  assumed_pool?: boolean;
  /** A check with alternatives: the combination rolled (the one with the best odds) and its markup. */
  alternative?: { index: number; check: string };
  opponent?: SideRoll;
  contest?: 'win' | 'tie' | 'lose';
  /**
   * Storytelling contests (000 l.341), not races: `exceptional` — the winner has 5 or more
   * successes; `dramatic_failure` — the loser rolled a dramatic failure, so the winner wins
   * exceptionally; `both_dramatic` — both did, a tie.
   */
  contest_degree?: 'exceptional' | 'dramatic_failure' | 'both_dramatic';
  /** vampire-pack: the successes were equal and the higher Attribute decided (`contest` is after it). */
  tie_break?: 'attribute';
  extended?: {
    target: number;
    rolls: SideRoll[];
    accumulated: number;
    done: boolean;
    /** The roll that ended the action as a failure (botch, dramatic failure), if any. */
    aborted: boolean;
  };
  /** A threshold (`N успехов за бросок`): the successes the roll needed; `outcome` is read against it. */
  threshold?: number;
  /** `дважды`: both rolls in the order rolled, and which one the check's fields are (the better). */
  twice?: { rolls: [SideRoll, SideRoll]; kept: 0 | 1 };
  /**
   * `K попыток`: every attempt rolled, in order, until the first success or the last one; the
   * check's fields are the last attempt's.
   */
  attempts?: { count: number; penalty: number; rolls: SideRoll[]; succeeded: boolean };
  /** `вторая попытка`: the roll was a second attempt (difficulty + 1, every failure painful). */
  second_attempt?: true;
  /**
   * `урон:` (combat): the check's fields are the attack's (with a defender in `opponent`, `outcome`
   * the hit); whether it hit, the extra dice, the damage and soak rolls, the levels dealt.
   */
  combat?: CombatRoll;
  /** `сделка с Дьяволом` (vampire-pack): a `failure` (not a painful one) may be traded for a base success. */
  deal?: true;
  /** A race (an extended contest): every round, and what decided it. */
  race?: {
    targets: [number, number];
    rounds: RaceRound[];
    /** `target`: a side reached its target; `botch`: a classic botch; `limit`: K rounds were rolled; `unfinished`: the safety cap. */
    decided: 'target' | 'botch' | 'limit' | 'unfinished';
    /** `фора`: the successes each side started with, [the roller's, the opponent's]. */
    head_start?: [number, number];
  };
}

/**
 * A roll as the CLI's JSON and the protocol carry it: with the outcome's name in the ruleset's own
 * words (vampire-pack: the degree of success), which present/roll.ts (`namedRoll`) gives.
 */
export interface RollReport extends RolledCheck {
  outcome_name: OutcomeName;
}
