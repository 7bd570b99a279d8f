/**
 * The luck audit's arithmetic (engine/luck.ts) against an independent enumeration: every face of
 * every die of a small session, the successes counted by hand (a die ≥ the difficulty is a
 * success), the session's total's mid-rank percentile counted over all outcomes.
 */
import * as assert from 'node:assert/strict';
import { luckAudit, midRankPercentile } from '../../../server/src/engine/luck';

/** P(k successes) of `dice` d10 at `difficulty`, by enumerating 10^dice faces. */
function enumerate(dice: number, difficulty: number): number[] {
  const counts = new Array<number>(dice + 1).fill(0);
  const total = 10 ** dice;
  for (let n = 0; n < total; n++) {
    let successes = 0;
    for (let d = 0, rest = n; d < dice; d++, rest = Math.floor(rest / 10)) if ((rest % 10) + 1 >= difficulty) successes++;
    counts[successes]++;
  }
  return counts.map((c) => c / total);
}

describe('the luck audit against brute force', () => {
  it('a session of three rolls (2d10 at 8, 3d10 at 6, 1d10 at 10): the total’s mid-rank percentile over every face of all six dice', () => {
    const rolls = [
      { dice: 2, difficulty: 8, observed: 1 },
      { dice: 3, difficulty: 6, observed: 3 },
      { dice: 1, difficulty: 10, observed: 0 },
    ];
    const observed = 4;
    // Every face of the six dice at once: 10^6 sessions.
    let below = 0;
    let at = 0;
    const size = 10 ** 6;
    for (let n = 0; n < size; n++) {
      let total = 0;
      let rest = n;
      for (const r of rolls) {
        for (let d = 0; d < r.dice; d++) {
          if ((rest % 10) + 1 >= r.difficulty) total++;
          rest = Math.floor(rest / 10);
        }
      }
      if (total < observed) below++;
      else if (total === observed) at++;
    }
    const expected = ((below + at / 2) / size) * 100;
    const audit = luckAudit(rolls.map((r) => ({ distribution: enumerate(r.dice, r.difficulty), observed: r.observed })));
    assert.ok(audit);
    assert.equal(audit.observed, 4);
    assert.ok(Math.abs(audit.percentile - expected) < 1e-9, `${audit.percentile} vs ${expected}`);
    // The mean: 2·0.3 + 3·0.5 + 0.1.
    assert.ok(Math.abs(audit.expected - 2.2) < 1e-12);
    // 3d10 at 6 rolling 3: P(<3) = 7/8, P(=3) = 1/8 → 93.75.
    assert.ok(Math.abs(audit.rolls[1] - 93.75) < 1e-9);
    assert.ok(Math.abs(audit.total.reduce((a, b) => a + b, 0) - 1) < 1e-12);
  });

  it('mid-rank: the only possible value is the 50th percentile; none audited is no audit', () => {
    assert.equal(midRankPercentile([1], 0), 50);
    assert.equal(midRankPercentile([0.5, 0.5], 1), 75);
    assert.equal(luckAudit([]), undefined);
  });
});
