/**
 * An exactness spot check of the new mechanics: a few checks computed independently in exact
 * fractions (BigInt numerators and denominators), face by face, and compared with the engine's
 * floating-point numbers. The brute-force oracle (bruteForce.ts) works in floating point; these
 * cases show the engine's numbers are exact to far better than the contract's 1e-12.
 */
import * as assert from 'node:assert/strict';
import { getBuiltinRuleset } from '../../../server/out/engine/builtinRulesets';
import { helperSide, plainSide } from '../../../server/out/engine/checkSpec';
import type { CheckSpec } from '../../../server/out/engine/checkSpec';
import { computeOdds } from '../../../server/out/engine/odds';
import { isKnownPool } from '../../../server/out/engine/oddsReport';
import type { KnownPoolReport } from '../../../server/out/engine/oddsReport';

/** The engine may differ from the exact value by this much (rounding only). */
const EXACT = 1e-15;

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

class Fraction {
  readonly n: bigint;
  readonly d: bigint;

  constructor(n: bigint, d = 1n) {
    const g = gcd(n, d) || 1n;
    this.n = n / g;
    this.d = d / g;
  }

  static of(n: number, d: number): Fraction {
    return new Fraction(BigInt(n), BigInt(d));
  }

  plus(o: Fraction): Fraction {
    return new Fraction(this.n * o.d + o.n * this.d, this.d * o.d);
  }

  times(o: Fraction): Fraction {
    return new Fraction(this.n * o.n, this.d * o.d);
  }

  /** To a double without going through large Numbers: 30 decimal digits, then one division. */
  toNumber(): number {
    const scale = 10n ** 30n;
    return Number((this.n * scale) / this.d) / 1e30;
  }
}

const ZERO = new Fraction(0n);

/** Adds `p` at `key`. */
function add<K>(map: Map<K, Fraction>, key: K, p: Fraction): void {
  map.set(key, (map.get(key) ?? ZERO).plus(p));
}

/** Every list of `count` faces 1…sides, each with probability 1/sides^count. */
function* facesOf(count: number, sides: number): Generator<number[]> {
  const faces = new Array<number>(count).fill(1);
  for (;;) {
    yield [...faces];
    let i = count - 1;
    while (i >= 0 && faces[i] === sides) faces[i--] = 1;
    if (i < 0) return;
    faces[i] += 1;
  }
}

function odds(id: string, spec: CheckSpec): KnownPoolReport {
  const ruleset = getBuiltinRuleset(id);
  assert.ok(ruleset);
  const report = computeOdds(ruleset, spec);
  assert.ok(isKnownPool(report));
  return report;
}

function exactly(got: number | undefined, want: Fraction, what: string): void {
  const exact = want.toNumber();
  assert.ok(got !== undefined && Math.abs(got - exact) <= EXACT, `${what}: engine ${got}, exact ${want.n}/${want.d} = ${exact} (|Δ| = ${got === undefined ? '—' : Math.abs(got - exact)})`);
}

/** Classic floored net of a list of faces at difficulty t (no specialty): successes − ones, at least 0; botch flag. */
function classicNet(faces: readonly number[], t: number): { net: number; botch: boolean } {
  const hits = faces.filter((f) => f >= t).length;
  const ones = faces.filter((f) => f === 1).length;
  return { net: Math.max(0, hits - ones), botch: hits === 0 && ones > 0 };
}

describe('Exact fractions against the engine (new mechanics)', () => {
  it('classic teamwork: 2 main dice and 2 helper dice at difficulty 7', () => {
    const successes = new Map<number, Fraction>();
    let botch = ZERO;
    const each = Fraction.of(1, 10 ** 4);
    for (const f of facesOf(4, 10)) {
      const main = classicNet(f.slice(0, 2), 7);
      const helper = classicNet(f.slice(2), 7);
      const total = main.net + helper.net;
      add(successes, total, each);
      if (total === 0 && main.botch) botch = botch.plus(each);
    }
    const main = plainSide(2, { difficulty: 7 });
    const r = odds('mage-revised', { side: { ...main, helpers: [helperSide(main, 2)] } });
    exactly(r.outcomes?.botch, botch, 'botch');
    for (const [k, p] of successes) exactly(r.successes?.[k], p, `${k} successes`);
  });

  it('storytelling teamwork without again: 1 main die, a helper of 2 dice', () => {
    let success = ZERO;
    const helperFaces = Fraction.of(1, 100);
    for (const h of facesOf(2, 10)) {
      const dice = 1 + h.filter((f) => f >= 8).length;
      const each = Fraction.of(1, 10 ** dice);
      for (const m of facesOf(dice, 10)) if (m.some((f) => f >= 8)) success = success.plus(helperFaces.times(each));
    }
    const main = plainSide(1, { again: 'none' });
    const r = odds('storytelling', { side: { ...main, helpers: [helperSide(main, 2)] } });
    exactly((r.outcomes?.success ?? 0) + (r.outcomes?.exceptional_success ?? 0), success, 'P(≥ 1 success)');
  });

  it('threads-of-fate teamwork: +2 against 14, helpers +1 and −1 against 9', () => {
    let success = ZERO;
    let critical = ZERO;
    for (const h of facesOf(2, 20)) {
      const net = (h[0] + 1 >= 9 ? 1 : -1) + (h[1] - 1 >= 9 ? 1 : -1);
      const dice = 1 + Math.abs(net);
      const each = Fraction.of(1, 400 * 20 ** dice);
      for (const m of facesOf(dice, 20)) {
        const kept = net > 0 ? Math.max(...m) : net < 0 ? Math.min(...m) : m[0];
        if (kept + 2 >= 14) success = success.plus(each);
        if (kept === 20) critical = critical.plus(each);
      }
    }
    const main = plainSide(2, { difficulty: 14 });
    const r = odds('threads-of-fate', { side: { ...main, helpers: [helperSide(main, 1), helperSide(main, -1)] } });
    exactly(r.outcomes?.success, success, 'success');
    exactly(r.outcomes?.critical_success, critical, 'critical success');
  });

  it('a classic race, one die each at 6 against 8, target 2 within 3 rounds', () => {
    // States (our total, theirs) with exact masses; every pair of faces each round.
    let states = new Map<string, Fraction>([['0|0', new Fraction(1n)]]);
    const result = { win: ZERO, tie: ZERO, lose: ZERO };
    const within: Fraction[] = [];
    let decided = ZERO;
    const pair = Fraction.of(1, 100);
    for (let round = 0; round < 3; round++) {
      const next = new Map<string, Fraction>();
      for (const [key, p] of states) {
        const [a, b] = key.split('|').map(Number);
        for (const [fa, fb] of facesOf(2, 10)) {
          const q = p.times(pair);
          const lostA = fa === 1;
          const lostB = fb === 1;
          const ta = a + (fa >= 6 ? 1 : 0);
          const tb = b + (fb >= 8 ? 1 : 0);
          const reachedA = !lostA && ta >= 2;
          const reachedB = !lostB && tb >= 2;
          if ((reachedA && reachedB) || (lostA && lostB)) result.tie = result.tie.plus(q);
          else if (reachedA || lostB) result.win = result.win.plus(q);
          else if (reachedB || lostA) result.lose = result.lose.plus(q);
          else add(next, `${ta}|${tb}`, q);
          if (reachedA || reachedB || lostA || lostB) decided = decided.plus(q);
        }
      }
      states = next;
      within.push(decided);
    }
    for (const [key, p] of states) {
      const [a, b] = key.split('|').map(Number);
      if (a > b) result.win = result.win.plus(p);
      else if (a === b) result.tie = result.tie.plus(p);
      else result.lose = result.lose.plus(p);
    }
    const r = odds('werewolf-revised', { side: plainSide(1, { difficulty: 6 }), opponent: plainSide(1, { difficulty: 8 }), extended: { target: 2, maxRolls: 3 } });
    exactly(r.contest?.win, result.win, 'win');
    exactly(r.contest?.tie, result.tie, 'tie');
    exactly(r.contest?.lose, result.lose, 'lose');
    within.forEach((w, k) => exactly(r.within?.[k], w, `within[${k}]`));
  });

  it('a vampire-pack contest: 3 dice against 3, difficulty 1 written once, the higher Attribute takes the ties', () => {
    let win = ZERO;
    const each = Fraction.of(1, 10 ** 4);
    for (const f of facesOf(4, 10)) {
      const ours = f.slice(0, 2).filter((x) => x >= 8).length;
      const theirs = f.slice(2).filter((x) => x >= 8).length;
      if (ours >= theirs) win = win.plus(each);
    }
    const r = odds('vampire-pack', { side: plainSide(3, { difficulty: 1, attribute: 4 }), opponent: plainSide(3, { attribute: 2 }) });
    exactly(r.contest?.win, win, 'win after the tie-break');
    assert.equal(r.contest?.tie, 0);
  });
});
