/**
 * The luck audit's arithmetic (docs/cli.md «rollmark audit»): how a session's successes compare
 * with the exact odds of the checks rolled.
 *
 * The statistic is the total of successes over the audited rolls. Its exact distribution is the
 * convolution of each roll's distribution of successes (the rolls are independent), and the
 * table's luck is the total's mid-rank percentile: P(total < observed) + ½·P(total = observed).
 * Mid-rank because totals are discrete: a session exactly at the median of a symmetric
 * distribution gets 50, and a session that got the only possible total gets 50 too, not 100.
 * Each roll's own mid-rank is reported beside it.
 */

/** One audited roll: P(exactly k successes) for k = 0, 1, …, and the successes rolled. */
export interface AuditedRoll {
  distribution: readonly number[];
  observed: number;
}

export interface LuckAudit {
  /** Successes rolled, over every audited roll. */
  observed: number;
  /** The odds' expectation of that total. */
  expected: number;
  /** P(total = k) for k = 0 … the most successes possible. */
  total: number[];
  /** The observed total's mid-rank percentile, 0…100. */
  percentile: number;
  /** Each roll's own mid-rank percentile, 0…100, in order. */
  rolls: number[];
}

/**
 * The convolutions' work bound, in multiply-adds: 10⁸ is about a second; a session of 1,000 rolls
 * of 10 dice costs 5·10⁷. Past it the audit answers nothing rather than stall.
 */
export const MAX_AUDIT_WORK = 100_000_000;

/** P(X < x) + ½·P(X = x), as a percentage; a value outside the distribution is 0 or 100. */
export function midRankPercentile(distribution: readonly number[], x: number): number {
  let below = 0;
  for (let k = 0; k < Math.min(x, distribution.length); k++) below += distribution[k];
  const at = x >= 0 && x < distribution.length ? distribution[x] : 0;
  return Math.min(100, Math.max(0, (below + at / 2) * 100));
}

/** The distribution of the sum of two independent counts. */
export function convolve(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i++) {
    if (a[i] === 0) continue;
    for (let j = 0; j < b.length; j++) out[i + j] += a[i] * b[j];
  }
  return out;
}

/** The audit of a session's rolls, or undefined when none is audited or the work would pass {@link MAX_AUDIT_WORK}. */
export function luckAudit(rolls: readonly AuditedRoll[]): LuckAudit | undefined {
  if (rolls.length === 0) return undefined;
  let length = 1;
  let work = 0;
  for (const roll of rolls) {
    work += length * roll.distribution.length;
    length += roll.distribution.length - 1;
  }
  if (work > MAX_AUDIT_WORK) return undefined;
  let total: number[] = [1];
  for (const roll of rolls) total = convolve(total, roll.distribution);
  const observed = rolls.reduce((sum, r) => sum + Math.max(0, r.observed), 0);
  const expected = total.reduce((sum, p, k) => sum + p * k, 0);
  return {
    observed,
    expected,
    total,
    percentile: midRankPercentile(total, observed),
    rolls: rolls.map((r) => midRankPercentile(r.distribution, Math.max(0, r.observed))),
  };
}
