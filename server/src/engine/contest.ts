import type { Distribution } from './distribution';
import type { ContestOdds } from './oddsReport';

/** P(first > second), P(equal), P(first < second) for independent scores. */
export function compareScores(first: Distribution, second: Distribution): ContestOdds {
  let win = 0;
  let tie = 0;
  let lose = 0;
  for (let i = 0; i < first.p.length; i++) {
    const a = first.min + i;
    for (let j = 0; j < second.p.length; j++) {
      const mass = first.p[i] * second.p[j];
      const b = second.min + j;
      if (a > b) win += mass;
      else if (a === b) tie += mass;
      else lose += mass;
    }
  }
  // Sums of products can overshoot 1 by an ulp; a probability must stay in [0, 1].
  return { win: Math.min(1, win), tie: Math.min(1, tie), lose: Math.min(1, lose) };
}

/** A side's score in a contest with degrees: its successes, and P(dramatic failure), a part of P(0 successes). */
export interface DegreeScore {
  score: Distribution;
  dramatic: number;
}

/**
 * A storytelling contest (000 l.341; docs/rulesets.md): when exactly one side rolls a
 * dramatic failure, that side loses and the other wins exceptionally; both, a tie. Otherwise more
 * successes wins, exceptionally with `exceptionalAt` successes or more; equal successes (0–0
 * included) tie. `exceptional_win` and `exceptional_lose` are parts of `win` and `lose`.
 */
export function compareDegrees(first: DegreeScore, second: DegreeScore, exceptionalAt: number): ContestOdds {
  // Each side's mass without its dramatic failure, by successes.
  const plain = (s: DegreeScore): { min: number; p: number[] } => ({ min: s.score.min, p: s.score.p.map((q, i) => (s.score.min + i === 0 ? Math.max(0, q - s.dramatic) : q)) });
  const a = plain(first);
  const b = plain(second);
  // The listed mass, not 1 − dramatic: a distribution's far tail may be trimmed.
  const aPlain = a.p.reduce((sum, q) => sum + q, 0);
  const bPlain = b.p.reduce((sum, q) => sum + q, 0);
  let win = 0;
  let exceptionalWin = 0;
  let tie = first.dramatic * second.dramatic;
  let lose = 0;
  let exceptionalLose = 0;
  for (let i = 0; i < a.p.length; i++) {
    const x = a.min + i;
    for (let j = 0; j < b.p.length; j++) {
      const mass = a.p[i] * b.p[j];
      if (mass === 0) continue;
      const y = b.min + j;
      if (x > y) {
        win += mass;
        if (x >= exceptionalAt) exceptionalWin += mass;
      } else if (x === y) tie += mass;
      else {
        lose += mass;
        if (y >= exceptionalAt) exceptionalLose += mass;
      }
    }
  }
  // A dramatic failure of one side alone: that side loses, the other wins exceptionally.
  const theirDramatic = second.dramatic * aPlain;
  const myDramatic = first.dramatic * bPlain;
  win += theirDramatic;
  exceptionalWin += theirDramatic;
  lose += myDramatic;
  exceptionalLose += myDramatic;
  const cap = (p: number): number => Math.min(1, Math.max(0, p));
  return { win: cap(win), tie: cap(tie), lose: cap(lose), exceptional_win: cap(Math.min(exceptionalWin, win)), exceptional_lose: cap(Math.min(exceptionalLose, lose)) };
}
