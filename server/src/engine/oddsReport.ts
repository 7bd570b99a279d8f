/**
 * The engine's answer about a check. Field names follow the CLI's JSON contract
 * (`rollmark odds --json`, docs/cli.en.md) so the CLI prints it as it is and every consumer reads one shape.
 */

/**
 * Facts the rules attach to a result: every note a hover or `rollmark odds` prints has its key
 * here, in the order they print (`NOTE_ORDER`).
 */
export type OddsNote =
  | 'chance_die'
  | 'no_dice'
  | 'high_competence'
  | 'willpower'
  | 'static_value'
  /** Helpers rolled first (`helpers` says how many); what their roll does is the family's. */
  | 'teamwork'
  /** Classic `урон` / `поглощение`: 1s cancel successes, but the roll cannot botch. */
  | 'no_botch'
  /** d20: a natural 20 that falls short of the difficulty, which the GM may count (`critical_rescue`). */
  | 'critical_rescue'
  /** Classic: a specialty's 10s give bonus dice. */
  | 'specialty'
  /** vampire-pack: the higher Attribute broke the ties (`tie_break`). */
  | 'tie_break'
  /** Storytelling contest: a side may roll a dramatic failure, which loses the contest (000 l.341). */
  | 'dramatic_contest'
  /** vampire-pack: ties no Attribute breaks; the Storyteller may give them to whoever started the contest (`tie_to_initiator`). */
  | 'tie_initiator'
  /** A race still undecided where the computation stopped (`unfinished`). */
  | 'unfinished'
  /** Initiative: 1d10 + the rating, the higher total acts first. */
  | 'initiative'
  /** `дважды`: the figures are the better of two rolls. */
  | 'twice'
  /** vampire-pack `вторая попытка`: the difficulty one higher, every failure painful. */
  | 'second_attempt'
  /** `особое`: the pool rests on a special ability, outside the composition rules. */
  | 'special'
  /** `урон:` / `поглощение:`: the check is an attack, its damage rolled against the soak. */
  | 'combat'
  /** vampire-pack `атака` / `защита`: High Competence would apply, but not to an attack or a defence (004 l.109). */
  | 'no_high_competence'
  /** vampire-pack `сделка с Дьяволом`: `deal` is the chance of success with the bargain (004 l.60–65). */
  | 'deal'
  /** `+N успехов`: successes added to a roll that has any (`extra_successes`). */
  | 'extra_successes'
  /** `прочность N`: only successes beyond the Durability count (`durability`). */
  | 'durability'
  /** `маневр N`: the pool capped by the vehicle's Maneuver (`maneuver`). */
  | 'maneuver'
  /** A race where a side starts with successes (`head_start`). */
  | 'head_start'
  /** Storytelling `воспроизведение`: each failed die of the pool is rolled once more (`replay`). */
  | 'replay';

/** The notes in the order a reader takes them: the roll's own first, then what the check's mechanics add. */
export const NOTE_ORDER: readonly OddsNote[] = [
  'chance_die',
  'no_dice',
  'high_competence',
  'willpower',
  'static_value',
  'teamwork',
  'no_botch',
  'critical_rescue',
  'specialty',
  'tie_break',
  'dramatic_contest',
  'tie_initiator',
  'unfinished',
  'initiative',
  'twice',
  'second_attempt',
  'special',
  'combat',
  'no_high_competence',
  'deal',
  'maneuver',
  'extra_successes',
  'durability',
  'head_start',
  'replay',
];

export interface ContestOdds {
  win: number;
  tie: number;
  lose: number;
  /**
   * Storytelling contests (000 l.341), not races: the part of `win` that is exceptional (5 or more
   * successes, or the opponent's dramatic failure alone), and of `lose` (the same for the opponent).
   */
  exceptional_win?: number;
  exceptional_lose?: number;
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
  /**
   * Extended action: P(done by roll k), k = 1, 2, … A race: P(decided by round k), counting only
   * races decided by reaching the target (or a classic botch).
   */
  within?: number[];
  /** Contest (a race too), from the first side's point of view; after a tie-break when there is one. */
  contest?: ContestOdds;
  /** A race without a round limit: the mass still undecided where the computation stopped (> 1e-12). */
  unfinished?: number;
  /** vampire-pack: the higher Attribute decided the contest's ties; the `tie` left is the Storyteller's. */
  tie_break?: 'attribute';
  /**
   * vampire-pack: P(win) if the Storyteller gives the ties to whoever started the contest (004
   * l.119), when the roller started it and when the opponent did; instead of the Attribute with
   * `tie_break`, or for the ties no Attribute breaks.
   */
  tie_to_initiator?: { roller: number; opponent: number };
  /** Teamwork: how many helpers rolled first (the odds are the main roll's after their help). */
  helpers?: number;
  /** A threshold (`N успехов за бросок`): the successes one roll needs; `outcomes` are read against it. */
  threshold?: number;
  /** `дважды`: the figures are those of the better of two rolls. */
  twice?: true;
  /** `K попыток`: K; `outcomes` are the first attempt's, `within` P(a success by attempt k). */
  attempts?: number;
  /** `K попыток`: P(at least one dramatic failure before the first success or the last attempt). */
  dramatic_any?: number;
  /** `вторая попытка`: `outcomes` have no `failure`, every failure is a `painful_failure`. */
  second_attempt?: true;
  /** `особое`: the pool rests on a special ability. */
  special?: true;
  /** vampire-pack `атака` / `защита`: the check is an attack or a defence (no High Competence, 004 l.109). */
  combat_role?: 'attack' | 'defence';
  /**
   * vampire-pack `сделка с Дьяволом` (004 l.60–65): P(success) once a failure that is not painful is
   * traded for a base success, P(success) + P(failure); a painful failure (and no dice left) stays.
   */
  deal?: number;
  /** `+N успехов`: N successes added to a roll with at least one; `outcomes` and `successes` count them. */
  extra_successes?: number;
  /** `прочность N`: only successes beyond N count; `outcomes` and `successes` are read so. */
  durability?: number;
  /** `маневр N`: the pool was capped at the vehicle's Maneuver; `pool` is the capped one, `written` the pool before. */
  maneuver?: { cap: number; written: number };
  /** Storytelling `воспроизведение`: the failed dice of the pool were rolled once more. */
  replay?: true;
  /** A race with `фора`: the successes each side starts with, [the roller's, the opponent's]. */
  head_start?: [number, number];
  /** `длительное` without a goal: for each goal "1" … "10", [P(done by roll 1), …, by roll 5]. */
  by_goal?: Record<string, number[]>;
  /** Initiative: P(1d10 + rating = total), keyed by the total as a decimal string; no outcomes. */
  initiative?: Record<string, number>;
  /** Combat (`урон:`): P(the attack hits); `outcomes` are the attack's (with a defender `success` = a hit). */
  hit?: number;
  /** Combat: P(levels of damage dealt = k), keyed "0", "1", …; a miss counts in "0". */
  damage?: Record<string, number>;
  /** Combat: the mean levels dealt, misses included. */
  expected_damage?: number;
  /** Combat: the damage dice before the attack's extra successes, and the soak dice (0 without `поглощение:`). */
  damage_pool?: number;
  soak_pool?: number;
  notes: OddsNote[];
}

/** One combination of a check with alternatives: its markup, and what odds would print for it. */
export type AlternativeOdds = { check: string } & (Omit<KnownPoolReport, 'alternatives' | 'best' | 'chooser'> | Omit<UnknownPoolReport, 'alternatives' | 'best' | 'chooser'>);

/** A check with alternatives: every combination, and which one the headline (the top-level fields) is. */
interface AlternativesPart {
  /** Every combination, in the order written; present only for a check with alternatives. */
  alternatives?: AlternativeOdds[];
  /**
   * Index of the combination the check is rolled with: the highest chance of success (ties to the
   * first), or with `chooser` the opponent's pick against the roller's best answer to it.
   */
  best?: number;
  /** Present when the opponent's side has alternatives: the opponent picks the one worst for the roller. */
  chooser?: 'opponent';
}

export interface KnownPoolReport extends PoolOdds, AlternativesPart {
  ruleset: string;
}

export interface UnknownPoolReport extends AlternativesPart {
  ruleset: string;
  pool: null;
  /** Keyed by pool size ("1" … "10") or, in d20, total modifier ("-2" … "12"). */
  by_pool: Record<string, PoolOdds>;
}

export type OddsReport = KnownPoolReport | UnknownPoolReport;

export function isKnownPool(report: OddsReport): report is KnownPoolReport {
  return report.pool !== null;
}
