/**
 * Properties of computeOdds over many generated checks (fast-check): partitions sum to one,
 * more dice or an easier roll never hurt where the rules say so, and an unknown pool's
 * by_pool entries are the odds of the matching known pool.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { getBuiltinRuleset } from '../../../server/out/engine/builtinRulesets';
import { helperSide, plainSide, withAlternatives } from '../../../server/out/engine/checkSpec';
import type { AgainRule, CheckSpec, RollSide } from '../../../server/out/engine/checkSpec';
import { computeOdds } from '../../../server/out/engine/odds';
import { isKnownPool } from '../../../server/out/engine/oddsReport';
import type { KnownPoolReport, PoolOdds } from '../../../server/out/engine/oddsReport';
import type { Ruleset } from '../../../server/out/engine/ruleset';

const RUNS = { numRuns: 150 };

function ruleset(id: string): Ruleset {
  const r = getBuiltinRuleset(id);
  assert.ok(r, `built-in ruleset ${id}`);
  return r;
}

function known(id: string, spec: CheckSpec): KnownPoolReport {
  const report = computeOdds(ruleset(id), spec);
  assert.ok(isKnownPool(report), `${id} ${JSON.stringify(spec)}: a known pool`);
  return report;
}

const PARTITION: Record<string, string[]> = {
  'mage-revised': ['botch', 'failure', 'success'],
  'werewolf-revised': ['botch', 'failure', 'success'],
  storytelling: ['dramatic_failure', 'failure', 'success', 'exceptional_success'],
  'vampire-pack': ['no_dice', 'painful_failure', 'failure', 'success'],
  'threads-of-fate': ['failure', 'success'],
};

/** P(success) as the family's outcomes name it (storytelling: 1–4 plus exceptional). */
function pSuccess(r: PoolOdds): number {
  const o = r.outcomes ?? {};
  return (o.success ?? 0) + (o.exceptional_success ?? 0);
}

const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

function assertProbability(p: number, what: string): void {
  assert.ok(Number.isFinite(p) && p >= 0 && p <= 1, `${what} = ${p} is not in [0, 1]`);
}

/** Same numbers (to 1e-12), same keys, same everything else. */
function assertSame(a: unknown, b: unknown, path: string): void {
  if (typeof a === 'number' && typeof b === 'number') {
    assert.ok(Math.abs(a - b) <= 1e-12, `${path}: ${a} ≠ ${b}`);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    assert.equal(a.length, b.length, `${path}: lengths ${a.length} ≠ ${b.length}`);
    a.forEach((x, i) => assertSame(x, b[i], `${path}[${i}]`));
    return;
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const ra = a as Record<string, unknown>;
    const rb = b as Record<string, unknown>;
    const ka = Object.keys(ra).filter((k) => ra[k] !== undefined).sort();
    const kb = Object.keys(rb).filter((k) => rb[k] !== undefined).sort();
    assert.deepEqual(ka, kb, `${path}: keys`);
    for (const k of ka) assertSame(ra[k], rb[k], `${path}.${k}`);
    return;
  }
  assert.deepEqual(a, b, path);
}

// Generated sides, within the ranges the rules allow.
const again = fc.constantFrom<AgainRule>(10, 9, 8, 'none');
const classicSide = fc.record({
  base: fc.integer({ min: -1, max: 10 }),
  difficulty: fc.option(fc.integer({ min: 2, max: 10 }), { nil: undefined }),
  specialties: fc.integer({ min: 0, max: 2 }),
  willpower: fc.boolean(),
});
const storytellingSide = fc.record({
  base: fc.integer({ min: -3, max: 10 }),
  specialties: fc.integer({ min: 0, max: 1 }),
  willpower: fc.boolean(),
  again,
});
const vampireSide = fc.record({
  base: fc.integer({ min: 0, max: 10 }),
  difficulty: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }),
  specialties: fc.integer({ min: 0, max: 1 }),
});
const d20Side = fc.record({
  base: fc.integer({ min: -5, max: 15 }),
  difficulty: fc.integer({ min: 1, max: 40 }),
  advantages: fc.integer({ min: 0, max: 3 }),
  hindrances: fc.integer({ min: 0, max: 3 }),
  isStatic: fc.boolean(),
});

const anySide: fc.Arbitrary<[string, RollSide]> = fc.oneof(
  fc.tuple(fc.constantFrom('mage-revised', 'werewolf-revised'), classicSide.map((s) => plainSide(s.base, s))),
  fc.tuple(fc.constant('storytelling'), storytellingSide.map((s) => plainSide(s.base, s))),
  fc.tuple(fc.constant('vampire-pack'), vampireSide.map((s) => plainSide(s.base, s))),
  fc.tuple(fc.constant('threads-of-fate'), d20Side.map((s) => plainSide(s.base, s))),
);

describe('computeOdds properties', () => {
  it('reports outcome, successes and margin partitions that sum to 1, with every probability in [0, 1]', () => {
    fc.assert(
      fc.property(anySide, ([id, side]) => {
        const r = known(id, { side });
        const o = r.outcomes ?? {};
        for (const [k, p] of Object.entries(o)) assertProbability(p, `outcomes.${k}`);
        assert.ok(Math.abs(sum(PARTITION[id].map((k) => o[k] ?? 0)) - 1) <= 1e-9, `${id} outcomes ${JSON.stringify(o)}`);
        if (id === 'threads-of-fate') {
          const margin = Object.values(r.margin ?? {});
          margin.forEach((p) => assertProbability(p, 'margin'));
          assert.ok(Math.abs(sum(margin) - 1) <= 1e-9, 'margin sums to 1');
          // Overlapping criticals: a rescue is a kept 20, and kept 20 and kept 1 exclude each other.
          assert.ok((o.critical_rescue ?? 0) <= (o.critical_success ?? 0) + 1e-12, 'rescue ≤ critical success');
          assert.ok((o.critical_success ?? 0) + (o.critical_failure ?? 0) <= 1 + 1e-12, 'criticals');
        } else if (r.successes) {
          r.successes.forEach((p, k) => assertProbability(p, `successes[${k}]`));
          assert.ok(Math.abs(sum(r.successes) - 1) <= 1e-9, `successes sum ${sum(r.successes)}`);
          const mean = sum(r.successes.map((p, k) => p * k));
          assert.ok(Math.abs(mean - r.expected) <= 1e-9, `expected ${r.expected} is the mean ${mean}`);
        }
      }),
      RUNS,
    );
  });

  it('reports contest win, tie and lose that sum to 1', () => {
    const pair = fc.oneof(
      fc.tuple(fc.constantFrom('mage-revised', 'werewolf-revised'), classicSide, classicSide).map(([id, a, b]) => [id, { ...a, base: Math.max(a.base, 1) }, { ...b, base: Math.max(b.base, 1) }] as const),
      fc.tuple(fc.constant('storytelling'), storytellingSide, storytellingSide),
      fc.tuple(fc.constant('vampire-pack'), vampireSide, vampireSide),
      fc.tuple(fc.constant('threads-of-fate'), d20Side, d20Side).map(([id, a, b]) => [id, { ...a, isStatic: false }, { ...b, isStatic: false }] as const),
    );
    fc.assert(
      fc.property(pair, ([id, a, b]) => {
        const r = known(id, { side: plainSide(a.base, a), opponent: plainSide(b.base, b) });
        const c = r.contest;
        assert.ok(c, 'contest reported');
        [c.win, c.tie, c.lose].forEach((p) => assertProbability(p, 'contest'));
        assert.ok(Math.abs(c.win + c.tie - 1 + c.lose) <= 1e-9, JSON.stringify(c));
      }),
      RUNS,
    );
  });

  it('reports extended within non-decreasing, in [0, 1], and as long as the rules say', () => {
    fc.assert(
      fc.property(anySide, fc.integer({ min: 1, max: 8 }), fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }), ([id, side], target, maxRolls) => {
        fc.pre(!(id === 'threads-of-fate' && side.isStatic));
        const r = known(id, { side, extended: maxRolls === undefined ? { target } : { target, maxRolls } });
        const w = r.within;
        assert.ok(w, 'within reported');
        w.forEach((p, k) => assertProbability(p, `within[${k}]`));
        for (let k = 1; k < w.length; k += 1) assert.ok(w[k] >= w[k - 1] - 1e-12, `within falls at roll ${k + 1}`);
        if (maxRolls !== undefined) assert.equal(w.length, maxRolls);
        else {
          assert.ok(w.length >= 1 && w.length <= 20);
          if (w.length < 20) assert.ok(w[w.length - 1] >= 0.99 && (w.length < 2 || w[w.length - 2] < 0.99));
        }
      }),
      RUNS,
    );
  });

  it('never lowers P(success) when a storytelling or vampire-pack pool gets one more die', () => {
    // No die cancels another in these families, so one more die can only add successes.
    fc.assert(
      fc.property(storytellingSide, (s) => {
        const fewer = known('storytelling', { side: plainSide(s.base, s) });
        const more = known('storytelling', { side: plainSide(s.base + 1, s) });
        assert.ok(pSuccess(more) >= pSuccess(fewer) - 1e-12, `${JSON.stringify(s)}: ${pSuccess(fewer)} → ${pSuccess(more)}`);
      }),
      RUNS,
    );
    fc.assert(
      fc.property(vampireSide, (s) => {
        const fewer = known('vampire-pack', { side: plainSide(s.base, s) });
        const more = known('vampire-pack', { side: plainSide(s.base + 1, s) });
        assert.ok(pSuccess(more) >= pSuccess(fewer) - 1e-12, `${JSON.stringify(s)}: ${pSuccess(fewer)} → ${pSuccess(more)}`);
      }),
      RUNS,
    );
  });

  it('never lowers classic expected successes when the pool gets one more die', () => {
    // Classic P(success) itself can fall (1 die at 2: 0.9; 2 dice: 0.81, see odds.known), but
    // a new die adds +1 with chance ≥ 0.1 and takes 1 away from a positive net with chance 0.1.
    fc.assert(
      fc.property(fc.constantFrom('mage-revised', 'werewolf-revised'), classicSide, (id, s) => {
        const fewer = known(id, { side: plainSide(s.base, s) });
        const more = known(id, { side: plainSide(s.base + 1, s) });
        assert.ok(more.expected >= fewer.expected - 1e-12, `${JSON.stringify(s)}: ${fewer.expected} → ${more.expected}`);
      }),
      RUNS,
    );
  });

  it('never lowers classic P(success) when the difficulty goes down', () => {
    // Same faces, lower target: every die that succeeded still does, so net never falls.
    fc.assert(
      fc.property(fc.constantFrom('mage-revised', 'werewolf-revised'), classicSide, fc.integer({ min: 3, max: 10 }), (id, s, t) => {
        const harder = known(id, { side: plainSide(s.base, { ...s, difficulty: t }) });
        const easier = known(id, { side: plainSide(s.base, { ...s, difficulty: t - 1 }) });
        assert.ok(pSuccess(easier) >= pSuccess(harder) - 1e-12, `${JSON.stringify(s)} at ${t}: ${pSuccess(harder)} → ${pSuccess(easier)}`);
      }),
      RUNS,
    );
  });

  it('never lowers d20 P(success) when the modifier goes up', () => {
    fc.assert(
      fc.property(d20Side, (s) => {
        const lower = known('threads-of-fate', { side: plainSide(s.base, s) });
        const higher = known('threads-of-fate', { side: plainSide(s.base + 1, s) });
        assert.ok(pSuccess(higher) >= pSuccess(lower) - 1e-12, `${JSON.stringify(s)}: ${pSuccess(lower)} → ${pSuccess(higher)}`);
      }),
      RUNS,
    );
  });

  describe('the mechanics of Additions (2)', () => {
    const withHelpers = fc.tuple(anySide, fc.array(fc.integer({ min: -2, max: 6 }), { minLength: 0, maxLength: 3 })).map(([[id, side], bases]) => [id, { ...side, helpers: bases.map((b) => helperSide(side, b)) }] as [string, RollSide]);

    it('teamwork keeps the partitions: outcomes and successes sum to 1', () => {
      fc.assert(
        fc.property(withHelpers, ([id, side]) => {
          const r = known(id, { side });
          for (const p of Object.values(r.outcomes ?? {})) assertProbability(p, 'outcome');
          assert.ok(Math.abs(sum(PARTITION[id].map((k) => r.outcomes?.[k] ?? 0)) - 1) <= 1e-9, `${id}: outcomes sum`);
          if (r.successes) assert.ok(Math.abs(sum(r.successes) - 1) <= 1e-9, `${id}: successes sum`);
          if (r.margin) assert.ok(Math.abs(sum(Object.values(r.margin)) - 1) <= 1e-9, `${id}: margin sum`);
        }),
        RUNS,
      );
    });

    it('classic helpers never lower P(success), nor raise P(botch)', () => {
      fc.assert(
        fc.property(fc.tuple(classicSide, fc.integer({ min: 0, max: 5 })), ([s, helperBase]) => {
          const main = plainSide(s.base, s);
          const alone = known('mage-revised', { side: main });
          const helped = known('mage-revised', { side: { ...main, helpers: [helperSide(main, helperBase)] } });
          assert.ok(pSuccess(helped) >= pSuccess(alone) - 1e-12);
          assert.ok((helped.outcomes?.botch ?? 0) <= (alone.outcomes?.botch ?? 0) + 1e-12);
        }),
        RUNS,
      );
    });

    it('a race decides win, tie, lose and the unfinished rest, summing to 1; within grows and stays below 1', () => {
      const racing = fc.tuple(
        fc.constantFrom('mage-revised', 'storytelling', 'vampire-pack'),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 1, max: 6 }),
        fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
      );
      fc.assert(
        fc.property(racing, ([id, a, b, target, maxRolls]) => {
          const r = known(id, { side: plainSide(a), opponent: plainSide(b), extended: maxRolls === undefined ? { target } : { target, maxRolls } });
          const c = r.contest;
          assert.ok(c);
          assert.ok(Math.abs(c.win + c.tie + c.lose + (r.unfinished ?? 0) - 1) <= 1e-9, `${id}: race sums to 1`);
          const within = r.within ?? [];
          if (maxRolls !== undefined) assert.equal(within.length, maxRolls);
          within.forEach((w, k) => {
            assertProbability(w, `within[${k}]`);
            if (k > 0) assert.ok(w >= within[k - 1] - 1e-15, `within[${k}] falls`);
          });
        }),
        RUNS,
      );
    });

    it('initiative totals run from rating + 1 to rating + 10 and sum to 1', () => {
      fc.assert(
        fc.property(fc.constantFrom('storytelling', 'mage-revised', 'werewolf-revised'), fc.integer({ min: -5, max: 20 }), (id, rating) => {
          const r = known(id, { side: plainSide(rating), initiative: true });
          // JSON keys carry no order (JavaScript lists "-1" after "0"): compare them sorted.
          assert.deepEqual(Object.keys(r.initiative ?? {}).map(Number).sort((x, y) => x - y), Array.from({ length: 10 }, (_, i) => rating + 1 + i));
          assert.ok(Math.abs(sum(Object.values(r.initiative ?? {})) - 1) <= 1e-12);
        }),
        RUNS,
      );
    });

    it('the best alternative has the highest chance, and the headline is its report', () => {
      fc.assert(
        fc.property(fc.array(anySide.filter(([id]) => id === 'storytelling'), { minLength: 1, maxLength: 8 }), (sides) => {
          const r = computeOdds(ruleset('storytelling'), withAlternatives(sides.map(([, side], i) => ({ check: `«${i}»`, spec: { side } }))));
          const chances = (r.alternatives ?? []).map((a) => (a.pool === null ? -1 : pSuccess(a)));
          const best = r.best ?? -1;
          assert.equal(chances[best], Math.max(...chances));
          assert.equal(chances.indexOf(Math.max(...chances)), best, 'ties go to the first');
          assert.ok(isKnownPool(r));
          assert.equal(pSuccess(r), chances[best]);
        }),
        RUNS,
      );
    });
  });

  describe('unknown pools', () => {
    function byPool(id: string, side: RollSide): Record<string, PoolOdds> {
      const report = computeOdds(ruleset(id), { side: { ...side, base: null } });
      assert.equal(report.pool, null);
      assert.ok(!isKnownPool(report));
      assert.equal(report.ruleset, id);
      return report.by_pool;
    }

    function knownWithoutRuleset(id: string, side: RollSide, base: number): PoolOdds {
      const { ruleset: name, ...rest } = known(id, { side: { ...side, base } });
      assert.equal(name, id);
      return rest;
    }

    it('gives each classic by_pool entry the odds of that pool, whatever the options', () => {
      fc.assert(
        fc.property(fc.constantFrom('mage-revised', 'werewolf-revised'), classicSide, (id, s) => {
          const pools = byPool(id, plainSide(null, s));
          assert.deepEqual(Object.keys(pools).map(Number).sort((a, b) => a - b), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
          for (let n = 1; n <= 10; n += 1) assertSame(pools[String(n)], knownWithoutRuleset(id, plainSide(n, s), n), `by_pool[${n}]`);
        }),
        { numRuns: 30 },
      );
    });

    it('gives each storytelling by_pool entry the odds of that pool, without specialty or Willpower', () => {
      fc.assert(
        fc.property(again, (g) => {
          const side = plainSide(null, { again: g });
          const pools = byPool('storytelling', side);
          for (let n = 1; n <= 10; n += 1) assertSame(pools[String(n)], knownWithoutRuleset('storytelling', side, n), `by_pool[${n}]`);
        }),
        { numRuns: 8 },
      );
    });

    it('gives each vampire-pack by_pool entry the odds of that pool when nothing else changes the dice', () => {
      const side = plainSide(null);
      const pools = byPool('vampire-pack', side);
      for (let n = 1; n <= 10; n += 1) assertSame(pools[String(n)], knownWithoutRuleset('vampire-pack', side, n), `by_pool[${n}]`);
    });

    it('gives each d20 by_pool entry, total modifiers −2…+12, the odds of that modifier', () => {
      fc.assert(
        fc.property(d20Side, (s) => {
          const pools = byPool('threads-of-fate', plainSide(null, s));
          assert.deepEqual(Object.keys(pools).map(Number).sort((a, b) => a - b), Array.from({ length: 15 }, (_, i) => i - 2));
          for (let m = -2; m <= 12; m += 1) assertSame(pools[String(m)], knownWithoutRuleset('threads-of-fate', plainSide(m, s), m), `by_pool[${m}]`);
        }),
        { numRuns: 40 },
      );
    });
  });
});
