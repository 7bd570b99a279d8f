/**
 * The oracle checked on its own against values worked out by hand, so that a disagreement
 * between the engine and the oracle can be blamed on the right side.
 */
import * as assert from 'node:assert/strict';
import { plainSide } from '../../../server/out/engine/checkSpec';
import type { CheckSpec, RollSide } from '../../../server/out/engine/checkSpec';
import { classicRoll, extendedSteps, forEachFaces, oracleAlternatives, oracleInitiative, oracleOdds, raceByRounds, storytellingRoll, vampireRoll } from './bruteForce';
import type { Family } from './bruteForce';

function close(actual: number | undefined, expected: number, what: string, tol = 1e-12): void {
  assert.ok(actual !== undefined && Math.abs(actual - expected) <= tol, `${what}: expected ${expected}, got ${actual}`);
}

function odds(family: Family, side: RollSide, more: Partial<CheckSpec> = {}) {
  return oracleOdds(family, { side, ...more });
}

describe('The brute-force oracle', () => {
  it('lists every face combination exactly once', () => {
    let calls = 0;
    const seen = new Set<string>();
    forEachFaces(3, 10, (f) => {
      calls += 1;
      seen.add(f.join(','));
    });
    assert.equal(calls, 1000);
    assert.equal(seen.size, 1000);
  });

  it('gives a vampire pool of 4 a success chance of 1 − 0.7⁴', () => {
    close(odds('pool-minus-difficulty', plainSide(4)).outcomes.success, 1 - 0.7 ** 4, 'success');
  });

  it('gives 2 vampire dice a painful failure chance of 0.7² − 0.6²', () => {
    // No die ≥ 8 (0.7 each) minus no die ≥ 8 and no 1 (0.6 each).
    close(vampireRoll(2).results.filter((r) => r.kind === 'painful_failure').reduce((s, r) => s + r.p, 0), 0.13, 'painful');
  });

  it('gives 3 classic dice at difficulty 6 a botch chance of 0.5³ − 0.4³', () => {
    // No die ≥ 6 (0.5 each) and not all of them in 2…5 (0.4 each).
    close(odds('classic', plainSide(3, { difficulty: 6 })).outcomes.botch, 0.061, 'botch');
  });

  it('reads a missing classic difficulty as 6', () => {
    close(odds('classic', plainSide(1)).outcomes.success, 0.5, 'success');
    close(odds('classic', plainSide(1)).outcomes.botch, 0.1, 'botch');
  });

  it('counts a classic specialty bonus die as a success without letting it cancel', () => {
    // One die at 6 with a specialty: 6–9 → 1 (0.4); 10 then bonus ≥ 6 → 2 (0.05), else 1 (0.05).
    const o = odds('classic', plainSide(1, { difficulty: 6, specialties: 1 }));
    close(o.successes?.[2], 0.05, 'two successes');
    close(o.successes?.[1], 0.45, 'one success');
    close(o.outcomes.botch, 0.1, 'botch');
    close(o.expected, 0.55, 'expected');
  });

  it('adds one uncancellable success with classic Willpower', () => {
    // Two dice at 6: net 2 (0.25), net 1 (2·0.5·0.4 = 0.4), net ≤ 0 (0.35); all shifted by one.
    const o = odds('classic', plainSide(2, { difficulty: 6, willpower: true }));
    assert.deepEqual(o.outcomes, { botch: 0, failure: 0, success: 1 });
    close(o.successes?.[0], 0, '0');
    close(o.successes?.[1], 0.35, '1');
    close(o.successes?.[2], 0.4, '2');
    close(o.successes?.[3], 0.25, '3');
    close(o.expected, 1.9, 'expected');
  });

  it('reports a classic pool of 0 as a certain failure even with Willpower', () => {
    const o = odds('classic', plainSide(0, { willpower: true }));
    assert.equal(o.pool, 0);
    assert.deepEqual(o.outcomes, { botch: 0, failure: 1, success: 0 });
    assert.deepEqual(o.successes, [1]);
    assert.equal(classicRoll(-1, 6, false, true).results.length, 1);
  });

  it('gives a storytelling chance die 0.1 success, 0.1 dramatic failure and 1e-5 exceptional', () => {
    const o = odds('storytelling', plainSide(0));
    assert.equal(o.chanceDie, true);
    assert.equal(o.pool, 0);
    close(o.outcomes.success + o.outcomes.exceptional_success, 0.1, 'success');
    close(o.outcomes.dramatic_failure, 0.1, 'dramatic');
    close(o.outcomes.exceptional_success, 1e-5, 'exceptional');
    close(o.outcomes.failure, 0.8, 'failure');
    close(o.successes?.[0], 0.9, '0 successes, dramatic included');
    // E = 0.1·(1 + E') with E' = 0.1·(1 + E') → E' = 1/9, and E = E'.
    close(o.expected, 1 / 9, 'expected');
  });

  it('gives one storytelling die with 10-again one success with chance 0.2 + 0.1·0.7', () => {
    const o = odds('storytelling', plainSide(1));
    close(o.successes?.[1], 0.27, 'one success');
    // E = 0.3 + 0.1·E → 1/3.
    close(o.expected, 1 / 3, 'expected');
  });

  it('gives one storytelling die with 8-again an expected 3/7 successes', () => {
    // E = 0.3 + 0.3·E.
    close(odds('storytelling', plainSide(1, { again: 8 })).expected, 3 / 7, 'expected');
    close(odds('storytelling', plainSide(1, { again: 'none' })).expected, 0.3, 'no again');
  });

  it('adds the storytelling specialty and Willpower before deciding on a chance die', () => {
    const o = odds('storytelling', plainSide(-2, { willpower: true }));
    assert.equal(o.chanceDie, false);
    close(o.outcomes.success + o.outcomes.exceptional_success, 0.3, 'one die');
    assert.equal(odds('storytelling', plainSide(-1, { specialties: 1 })).chanceDie, true);
  });

  it('keeps the storytelling chain residual tiny', () => {
    assert.ok(storytellingRoll(4, 8).residual < 1e-14);
  });

  it('gives d20 +0 against 11 a half, or 0.75 with one advantage', () => {
    close(odds('d20', plainSide(0, { difficulty: 11 })).outcomes.success, 0.5, 'plain');
    close(odds('d20', plainSide(0, { difficulty: 11, advantages: 1 })).outcomes.success, 0.75, 'advantage');
    close(odds('d20', plainSide(0, { difficulty: 11, hindrances: 1 })).outcomes.success, 0.25, 'hindrance');
    close(odds('d20', plainSide(0, { difficulty: 11, advantages: 1, hindrances: 1 })).outcomes.success, 0.5, 'cancelled');
  });

  it('gives d20 +0 against 25 a critical rescue of 0.05', () => {
    const o = odds('d20', plainSide(0, { difficulty: 25 }));
    close(o.outcomes.critical_rescue, 0.05, 'rescue');
    close(o.outcomes.success, 0, 'success');
  });

  it('gives one advantage an expected kept die of 13.825 and caps advantages at two', () => {
    // E[max of 2 d20] = Σ_k P(max ≥ k) = 20 − Σ_{j<20} j²/400 = 20 − 2470/400.
    close(odds('d20', plainSide(0, { difficulty: 10, advantages: 1 })).expected, 13.825, 'expected');
    close(odds('d20', plainSide(0, { difficulty: 20, advantages: 3 })).outcomes.success, 1 - 0.95 ** 3, 'success');
  });

  it('gives a d20 static value 10 + modifier, ±5 with an edge', () => {
    const o = odds('d20', plainSide(3, { difficulty: 18, advantages: 1, isStatic: true }));
    assert.equal(o.outcomes.success, 1);
    assert.deepEqual(o.margin, { '0': 1 });
    assert.equal(o.expected, 18);
  });

  it('adds up extended actions roll by roll', () => {
    // Vampire 1 die, target 1: 1 − 0.7^k.
    const v = odds('pool-minus-difficulty', plainSide(1), { extended: { target: 1, maxRolls: 3 } });
    v.within?.forEach((w, i) => close(w, 1 - 0.7 ** (i + 1), `vampire ${i}`));
    // Classic 1 die at 6, target 1: success 0.5, botch 0.1 ends it, 0.4 goes on.
    const c = odds('classic', plainSide(1), { extended: { target: 1, maxRolls: 3 } });
    assert.deepEqual(c.within?.map((w) => Math.round(w * 1e12) / 1e12), [0.5, 0.7, 0.78]);
    // d20 at a half, two successes needed: 0, 1/4, P(≥ 2 of 3) = 1/2.
    const d = odds('d20', plainSide(0, { difficulty: 11 }), { extended: { target: 2, maxRolls: 3 } });
    [0, 0.25, 0.5].forEach((w, i) => close(d.within?.[i], w, `d20 ${i}`));
    // Chance die, target 1: 0.1, then 0.1 + 0.8·0.1 (a dramatic failure ends it).
    const s = odds('storytelling', plainSide(0), { extended: { target: 1, maxRolls: 2 } });
    close(s.within?.[0], 0.1, 'chance 1');
    close(s.within?.[1], 0.18, 'chance 2');
  });

  it('scores contests pair by pair', () => {
    const d = odds('d20', plainSide(0), { opponent: plainSide(0) });
    close(d.contest?.tie, 0.05, 'd20 tie');
    close(d.contest?.win, 0.475, 'd20 win');
    const v = odds('pool-minus-difficulty', plainSide(1), { opponent: plainSide(1) });
    close(v.contest?.win, 0.21, 'vampire win');
    close(v.contest?.tie, 0.58, 'vampire tie');
    // A difficulty written on one side takes dice from both: 2 − 1 against 1 − 1.
    const shared = odds('pool-minus-difficulty', plainSide(2, { difficulty: 1 }), { opponent: plainSide(1) });
    close(shared.contest?.win, 0.3, 'vampire shared difficulty win');
    close(shared.contest?.tie, 0.7, 'vampire shared difficulty tie');
    const c = odds('classic', plainSide(1), { opponent: plainSide(1) });
    close(c.contest?.tie, 0.5, 'classic tie');
    close(c.contest?.win, 0.25, 'classic win');
  });
  it('lists a classic team: one helper die and one main die at 6, botch 0.1 · 0.5', () => {
    const o = odds('classic', { ...plainSide(1), helpers: [plainSide(1)] });
    close(o.outcomes.botch, 0.05, 'botch');
    close(o.outcomes.success, 0.75, 'success');
    assert.equal(o.helpers, 1);
  });

  it('lists a storytelling team: a helper’s hit is one more main die', () => {
    const o = odds('storytelling', { ...plainSide(1, { again: 'none' }), helpers: [plainSide(1)] });
    close(o.outcomes.success + o.outcomes.exceptional_success, 0.363, 'success');
  });

  it('lists a d20 team: the helper beats 6 with 0.75 and hands the main roll an advantage', () => {
    close(odds('d20', { ...plainSide(0, { difficulty: 11 }), helpers: [plainSide(0)] }).outcomes.success, 0.625, 'success');
    // Two written advantages and a helper's advantage stay two.
    close(odds('d20', { ...plainSide(0, { difficulty: 11, advantages: 2 }), helpers: [plainSide(30)] }).outcomes.success, 1 - 0.5 ** 3, 'capped');
  });

  it('runs a race round by round: one storytelling die each without again, target 1', () => {
    const steps = extendedSteps('storytelling', storytellingRoll(1, 'none'));
    const race = raceByRounds('storytelling', steps, steps, [1, 1]);
    close(race.contest.win, 0.21 / 0.51, 'win');
    close(race.contest.tie, 0.09 / 0.51, 'tie');
    close(race.within[0], 0.51, 'round 1');
    // A chance die's dramatic failure resets the total: target 2 is still reachable after it.
    const chance = extendedSteps('storytelling', storytellingRoll(0, 10));
    assert.ok(raceByRounds('storytelling', chance, chance, [2, 2], 3).contest.win > 0);
  });

  it('scores initiative as ten equally likely totals', () => {
    const o = oracleInitiative(3);
    assert.deepEqual(Object.keys(o.initiative ?? {}), ['4', '5', '6', '7', '8', '9', '10', '11', '12', '13']);
    close(o.expected, 8.5, 'expected');
  });

  it('picks the best alternative by its chance of success, ties to the first', () => {
    assert.equal(oracleAlternatives('classic', [{ side: plainSide(2) }, { side: plainSide(3) }, { side: plainSide(3) }]).best, 1);
    assert.equal(oracleAlternatives('classic', [{ side: plainSide(2) }, { side: plainSide(2) }]).best, 0);
  });
});
