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
