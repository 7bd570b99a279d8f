/**
 * Discrete distributions over consecutive integers, the common currency of the families.
 * `p[i]` is the probability of the value `min + i`.
 */
export interface Distribution {
  min: number;
  p: number[];
}

/** Mass below which a tail is dropped: far under the 1e-12 the contract allows. */
export const TAIL_EPSILON = 1e-15;

export function pointMass(value: number): Distribution {
  return { min: value, p: [1] };
}

export function convolve(a: Distribution, b: Distribution): Distribution {
  const p = new Array<number>(a.p.length + b.p.length - 1).fill(0);
  for (let i = 0; i < a.p.length; i++) {
    const ai = a.p[i];
    if (ai === 0) continue;
    for (let j = 0; j < b.p.length; j++) p[i + j] += ai * b.p[j];
  }
  return { min: a.min + b.min, p };
}

/** The sum of `count` independent copies, trimming negligible upper tails as it goes. */
export function sumOfIndependent(single: Distribution, count: number): Distribution {
  let total = pointMass(0);
  for (let i = 0; i < count; i++) total = trimUpperTail(convolve(total, single));
  return total;
}

/** Drops the highest values while their combined mass stays below TAIL_EPSILON. */
export function trimUpperTail(d: Distribution): Distribution {
  let end = d.p.length;
  let tail = 0;
  while (end > 1 && tail + d.p[end - 1] < TAIL_EPSILON) {
    tail += d.p[end - 1];
    end--;
  }
  return end === d.p.length ? d : { min: d.min, p: d.p.slice(0, end) };
}

export function mean(d: Distribution): number {
  let m = 0;
  for (let i = 0; i < d.p.length; i++) m += (d.min + i) * d.p[i];
  return m;
}

export function probabilityAtLeast(d: Distribution, value: number): number {
  let s = 0;
  for (let i = Math.max(0, value - d.min); i < d.p.length; i++) s += d.p[i];
  return s;
}

/** Collapses everything at or below `floor` onto `floor` (net successes floored at 0). */
export function floorAt(d: Distribution, floor: number): Distribution {
  if (d.min >= floor) return d;
  const cut = floor - d.min;
  let below = 0;
  for (let i = 0; i <= cut && i < d.p.length; i++) below += d.p[i];
  return { min: floor, p: [below, ...d.p.slice(cut + 1)] };
}

export function shift(d: Distribution, by: number): Distribution {
  return { min: d.min + by, p: d.p };
}

/** The probabilities of 0, 1, 2, … for a distribution over non-negative integers. */
export function countsFromZero(d: Distribution): number[] {
  if (d.min < 0) throw new RangeError('counts cannot be negative');
  return [...new Array<number>(d.min).fill(0), ...d.p];
}

export function binomial(n: number, p: number): Distribution {
  const probs = new Array<number>(n + 1).fill(0);
  probs[0] = 1;
  for (let k = 0; k < n; k++) {
    for (let j = k + 1; j > 0; j--) probs[j] = probs[j] * (1 - p) + probs[j - 1] * p;
    probs[0] *= 1 - p;
  }
  return { min: 0, p: probs };
}
