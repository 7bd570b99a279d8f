/**
 * The classic combat chain (RULESETS.md "Additions (3)", 001 l.268–275, 306) against an oracle that
 * lists die faces: every face of the attack, of the defence, of each possible number of damage dice
 * and of the soak dice, counted by the text's wording and combined by hand. Nothing here calls the
 * engine's arithmetic; only `computeOdds` and `rollCheck` are under test.
 */
import * as assert from 'node:assert/strict';
import { getBuiltinRuleset } from '../../../server/out/engine/builtinRulesets';
import { type CheckSpec, plainSide, type RollSide } from '../../../server/out/engine/checkSpec';
import { computeOdds } from '../../../server/out/engine/odds';
import type { KnownPoolReport } from '../../../server/out/engine/oddsReport';
import type { RandomSource } from '../../../server/out/engine/random';
import { rollCheck } from '../../../server/out/engine/roll';
import type { Ruleset } from '../../../server/out/engine/ruleset';
import { combatOracle as oracle } from './combatOracle';

const EXACT = 1e-12;

function ruleset(id: string): Ruleset {
  const r = getBuiltinRuleset(id);
  assert.ok(r, id);
  return r;
}

function attackSpec(dice: number, damage: number, soak: number, opponent?: number, difficulty?: number): CheckSpec {
  return {
    side: plainSide(dice, difficulty !== undefined ? { difficulty } : {}),
    ...(opponent !== undefined ? { opponent: plainSide(opponent) } : {}),
    combat: { damage, soak },
  };
}

function sameChain(got: KnownPoolReport, want: ReturnType<typeof oracle>, what: string): void {
  assert.ok(Math.abs((got.hit ?? NaN) - want.hit) <= EXACT, `${what}: hit ${got.hit} ≠ ${want.hit}`);
  assert.ok(Math.abs((got.expected_damage ?? NaN) - want.expected) <= EXACT, `${what}: expected ${got.expected_damage} ≠ ${want.expected}`);
  const keys = Object.keys(got.damage ?? {});
  assert.deepEqual(keys, want.damage.map((_, k) => String(k)), `${what}: damage keys`);
  want.damage.forEach((p, k) => assert.ok(Math.abs((got.damage?.[String(k)] ?? NaN) - p) <= EXACT, `${what}: damage[${k}] ${got.damage?.[String(k)]} ≠ ${p}`));
}

describe('engine: the classic combat chain (001 l.268–275, 306) against the listed faces', () => {
  it('an attack of 3 dice without a defender, «урон: Сила 2 + 1», «поглощение: 2»: hit, levels, mean, outcomes', () => {
    const report = computeOdds(ruleset('mage-revised'), attackSpec(3, 3, 2)) as KnownPoolReport;
    const want = oracle(3, 6, undefined, 3, 2);
    sameChain(report, want, '3 vs none');
    // The attack's own outcomes are the classic keys, a hit being a success.
    assert.ok(Math.abs((report.outcomes?.success ?? NaN) - want.hit) <= EXACT);
    assert.ok(Math.abs((report.outcomes?.botch ?? NaN) - want.botch) <= EXACT);
    assert.equal(report.damage_pool, 3);
    assert.equal(report.soak_pool, 2);
    assert.deepEqual(report.notes, ['combat']);
  });

  it('an attack of 3 dice against a defence of 2 (each net floored at 0, a hit needs more): the same figures as the faces', () => {
    const report = computeOdds(ruleset('mage-revised'), attackSpec(3, 3, 2, 2)) as KnownPoolReport;
    const want = oracle(3, 6, { dice: 2, t: 6 }, 3, 2);
    sameChain(report, want, '3 vs 2');
    assert.ok(Math.abs((report.outcomes?.success ?? NaN) - want.hit) <= EXACT);
    assert.ok(Math.abs((report.outcomes?.botch ?? NaN) - want.botch) <= EXACT);
    assert.ok(Math.abs((report.outcomes?.failure ?? NaN) - (1 - want.hit - want.botch)) <= EXACT);
    assert.equal(report.contest, undefined);
  });

  it('a harder attack (difficulty 8), no soak, werewolf-revised: the same chain', () => {
    const report = computeOdds(ruleset('werewolf-revised'), attackSpec(4, 2, 0, undefined, 8)) as KnownPoolReport;
    sameChain(report, oracle(4, 8, undefined, 2, 0), '4 at 8');
  });

  it('the text’s knife (l.268): six attack successes add five dice to its two', () => {
    // Without 1s and with every die a success, a 6-die attack has 6 successes: 2 + 5 damage dice.
    const report = computeOdds(ruleset('mage-revised'), attackSpec(6, 2, 0)) as KnownPoolReport;
    assert.ok(Object.keys(report.damage ?? {}).length === 8, 'up to 7 levels: 2 + 5 dice');
  });

  it('no dice: an attack of 0 never hits, every level is 0', () => {
    const report = computeOdds(ruleset('mage-revised'), attackSpec(0, 3, 1)) as KnownPoolReport;
    assert.equal(report.hit, 0);
    assert.deepEqual(report.damage, { '0': 1 });
    assert.equal(report.expected_damage, 0);
  });

  it('the chance that ranks a combat check is the hit', () => {
    const report = computeOdds(ruleset('mage-revised'), attackSpec(3, 3, 2, 2)) as KnownPoolReport;
    assert.equal(report.hit, report.outcomes?.success);
  });
});

describe('engine: a rolled attack, the faces scripted', () => {
  function faces(...list: number[]): RandomSource & { left: () => number } {
    const queue = [...list];
    return {
      int(min, max) {
        const face = queue.shift();
        assert.ok(face !== undefined, 'more faces asked than scripted');
        assert.ok(face >= min && face <= max);
        return face;
      },
      left: () => queue.length,
    };
  }

  it('a hit: the extra success adds a damage die, the soak takes one level off', () => {
    // Attack [8, 9, 3] → 2 successes → extra 1; damage 3 + 1 dice [6, 7, 1, 9] → 3 − 1 = 2; soak [3, 8] → 1.
    const random = faces(8, 9, 3, 6, 7, 1, 9, 3, 8);
    const report = rollCheck(ruleset('mage-revised'), attackSpec(3, 3, 2), { random });
    assert.equal(random.left(), 0);
    assert.equal(report.outcome, 'success');
    assert.deepEqual(report.combat, {
      hit: true,
      extra: 1,
      damage: { pool: 4, dice: [6, 7, 1, 9], successes: 2 },
      soak: { pool: 2, dice: [3, 8], successes: 1 },
      levels: 1,
    });
  });

  it('against a defence: equal successes miss, nothing more is rolled', () => {
    // Attack [8, 2, 3] → 1; defence [7, 4] → 1: no hit.
    const random = faces(8, 2, 3, 7, 4);
    const defender: RollSide = plainSide(2);
    const report = rollCheck(ruleset('mage-revised'), { side: plainSide(3), opponent: defender, combat: { damage: 3, soak: 2 } }, { random });
    assert.equal(random.left(), 0);
    assert.equal(report.outcome, 'failure');
    assert.deepEqual(report.combat, { hit: false, extra: 0, levels: 0 });
    assert.deepEqual(report.opponent?.dice, [7, 4]);
  });

  it('a botched attack misses and keeps its botch', () => {
    const random = faces(1, 2, 3);
    const report = rollCheck(ruleset('mage-revised'), attackSpec(3, 3, 0), { random });
    assert.equal(report.outcome, 'botch');
    assert.deepEqual(report.combat, { hit: false, extra: 0, levels: 0 });
  });
});
