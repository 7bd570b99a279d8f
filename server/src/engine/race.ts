/**
 * Races (extended contests, 000 l.351–357; 001 l.82–84): each round both sides roll and add their
 * successes to their own totals; the first to reach its target wins, both in one round is a tie.
 *
 * The two sides roll independently, so each side's own process is computed alone: per round, the
 * chance that its first event happens then (it reaches the target, or a classic botch loses it the
 * race) and the chance it is still running. The race is decided at the first event of either side,
 * which makes the cost linear in the targets instead of quadratic.
 */
import type { ExtendedStep } from './families/family';
import type { ContestOdds } from './oddsReport';

/** Without a round limit, compute until less than this is undecided … */
export const RACE_UNDECIDED_EPSILON = 1e-12;
/** … or this many rounds. */
export const RACE_ROUND_CAP = 200;

export interface RacingSide {
  step: ExtendedStep;
  /** What an aborting roll does: `loses` the race at once (classic botch) or `resets` the total to 0. */
  onAbort: 'loses' | 'resets';
  target: number;
  /** `фора N` (001 l.83): the successes the side starts with (less than its target; more is read as one short of it). */
  start?: number;
}

export interface RaceOdds {
  /** Decided races, and with a round limit the comparison of totals after it. */
  contest: ContestOdds;
  /** P(decided by round k) by a target reached or a botch. */
  within: number[];
  /** Undecided mass where an unlimited race stopped, when above RACE_UNDECIDED_EPSILON. */
  unfinished?: number;
}

/** One side rolling on its own: its first events per round, and its totals while it still runs. */
class SideProcess {
  /** alive[t] = P(no event yet and the total is t), t < target. */
  alive: number[];
  running = 1;
  private readonly needed: number;

  constructor(private readonly side: RacingSide) {
    this.needed = Math.max(1, Math.ceil(side.target));
    this.alive = new Array<number>(this.needed).fill(0);
    // A head start at or past the target is refused by the analysis (RM003); here it stays one short.
    this.alive[Math.min(this.needed - 1, Math.max(0, side.start ?? 0))] = 1;
  }

  /** Rolls one round; returns P(reaches the target now) and P(botches now), both first events. */
  round(): { reached: number; lost: number } {
    const { gain, abort } = this.side.step;
    const next = new Array<number>(this.needed).fill(0);
    let reached = 0;
    let lost = 0;
    for (let have = 0; have < this.needed; have++) {
      const mass = this.alive[have];
      if (mass === 0) continue;
      for (let k = 0; k < gain.length; k++) {
        if (have + k >= this.needed) reached += mass * gain[k];
        else next[have + k] += mass * gain[k];
      }
      if (this.side.onAbort === 'loses') lost += mass * abort;
      else next[0] += mass * abort;
    }
    this.alive = next;
    this.running = next.reduce((sum, p) => sum + p, 0);
    return { reached, lost };
  }
}

/** P(first > second), P(equal), P(first < second) of two sub-probability distributions over totals. */
function compareTotals(first: readonly number[], second: readonly number[]): ContestOdds {
  const below = new Array<number>(second.length + 1).fill(0);
  for (let t = 0; t < second.length; t++) below[t + 1] = below[t] + second[t];
  const all = below[second.length];
  const result = { win: 0, tie: 0, lose: 0 };
  first.forEach((p, t) => {
    if (p === 0) return;
    const under = below[Math.min(t, second.length)];
    const equal = t < second.length ? second[t] : 0;
    result.win += p * under;
    result.tie += p * equal;
    result.lose += p * (all - under - equal);
  });
  return result;
}

/**
 * Exact odds of a race. With `maxRounds` it stops after that many rounds and the higher total wins
 * (equal totals tie); `within` still counts only races decided by a target or a botch.
 */
export function raceOdds(first: RacingSide, second: RacingSide, maxRounds?: number): RaceOdds {
  const a = new SideProcess(first);
  const b = new SideProcess(second);
  const contest = { win: 0, tie: 0, lose: 0 };
  const within: number[] = [];
  let decided = 0;
  const limit = maxRounds ?? RACE_ROUND_CAP;
  for (let round = 1; round <= limit; round++) {
    const ea = a.round();
    const eb = b.round();
    // Reaching the target beats a side that goes on or botches; both reaching, or both botching, tie.
    const win = ea.reached * (b.running + eb.lost) + a.running * eb.lost;
    const tie = ea.reached * eb.reached + ea.lost * eb.lost;
    const lose = eb.reached * (a.running + ea.lost) + b.running * ea.lost;
    contest.win += win;
    contest.tie += tie;
    contest.lose += lose;
    decided += win + tie + lose;
    within.push(Math.min(1, decided));
    if (maxRounds === undefined && a.running * b.running < RACE_UNDECIDED_EPSILON) break;
  }
  const undecided = a.running * b.running;
  if (maxRounds !== undefined) {
    const totals = compareTotals(a.alive, b.alive);
    contest.win += totals.win;
    contest.tie += totals.tie;
    contest.lose += totals.lose;
    return { contest: clamp(contest), within };
  }
  return undecided > RACE_UNDECIDED_EPSILON ? { contest: clamp(contest), within, unfinished: undecided } : { contest: clamp(contest), within };
}

function clamp(c: ContestOdds): ContestOdds {
  return { win: Math.min(1, c.win), tie: Math.min(1, c.tie), lose: Math.min(1, c.lose) };
}
