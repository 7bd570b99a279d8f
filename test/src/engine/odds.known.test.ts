/**
 * computeOdds against values worked out by hand; each test says how.
 */
import * as assert from 'node:assert/strict';
import { getBuiltinRuleset } from '../../../server/out/engine/builtinRulesets';
import { helperSide, plainSide, withAlternatives } from '../../../server/out/engine/checkSpec';
import type { CheckSpec, RollSide } from '../../../server/out/engine/checkSpec';
import { computeOdds } from '../../../server/out/engine/odds';
import { isKnownPool } from '../../../server/out/engine/oddsReport';
import type { KnownPoolReport } from '../../../server/out/engine/oddsReport';

function odds(id: string, side: RollSide, more: Partial<CheckSpec> = {}): KnownPoolReport {
  const ruleset = getBuiltinRuleset(id);
  assert.ok(ruleset, `built-in ruleset ${id}`);
  const report = computeOdds(ruleset, { side, ...more });
  assert.ok(isKnownPool(report), 'a known pool');
  return report;
}

function close(actual: number | undefined, expected: number, what = 'value', tol = 1e-12): void {
  assert.ok(actual !== undefined && Math.abs(actual - expected) <= tol, `${what}: expected ${expected}, got ${actual}`);
}

function outcome(report: KnownPoolReport, key: string): number {
  return report.outcomes?.[key] ?? 0;
}

describe('computeOdds on hand-worked examples', () => {
  describe('pool minus difficulty (vampire-pack)', () => {
    it('gives 4 dice a success chance of 1 − 0.7⁴ = 0.7599', () => {
      // Each die misses 8+ with chance 0.7; success needs at least one hit.
      const r = odds('vampire-pack', plainSide(6, { difficulty: 2 }));
      assert.equal(r.pool, 4);
      close(outcome(r, 'success'), 0.7599);
      assert.ok(r.notes.includes('high_competence'));
    });

    it('gives 2 dice a painful failure chance of 0.7² − 0.6² = 0.13', () => {
      // No hit (0.7 each) and not «no hit and no 1» (2…7, 0.6 each).
      const r = odds('vampire-pack', plainSide(2));
      close(outcome(r, 'painful_failure'), 0.13);
      close(outcome(r, 'failure'), 0.36);
      close(outcome(r, 'success'), 0.51);
      // E = 2 · 0.3.
      close(r.expected, 0.6);
      assert.ok(!r.notes.includes('high_competence'));
    });

    it('leaves no dice when the difficulty eats the pool', () => {
      const r = odds('vampire-pack', plainSide(2, { difficulty: 3 }));
      assert.equal(r.pool, 0);
      close(outcome(r, 'no_dice'), 1);
      close(outcome(r, 'success'), 0);
    });

    it('counts a specialty as one more die', () => {
      // 1 + 1 − 1 = 1 die: success 0.3.
      close(outcome(odds('vampire-pack', plainSide(1, { specialties: 1, difficulty: 1 })), 'success'), 0.3);
    });
  });

  describe('classic pool', () => {
    it('gives 3 dice at difficulty 6 a botch chance of 0.5³ − 0.4³ = 0.061', () => {
      // No die ≥ 6 (0.5 each) minus no die ≥ 6 and no 1 (2…5, 0.4 each).
      close(outcome(odds('mage-revised', plainSide(3, { difficulty: 6 })), 'botch'), 0.061);
    });

    it('gives 1 die 0.5 success, 0.1 botch and 0.4 failure at the default difficulty 6', () => {
      const r = odds('werewolf-revised', plainSide(1));
      close(outcome(r, 'success'), 0.5);
      close(outcome(r, 'botch'), 0.1);
      close(outcome(r, 'failure'), 0.4);
    });

    it('gives 2 dice at difficulty 2 less success than 1 die, because a 1 cancels', () => {
      // 1 die: 2…10 = 0.9. 2 dice: net ≥ 1 needs no 1 at all, 0.9² = 0.81.
      close(outcome(odds('mage-revised', plainSide(1, { difficulty: 2 })), 'success'), 0.9);
      close(outcome(odds('mage-revised', plainSide(2, { difficulty: 2 })), 'success'), 0.81);
    });

    it('gives 1 die at difficulty 2 no plain failure: exactly 0, never below', () => {
      // Faces 2–10 succeed (0.9) and a 1 botches (0.1): nothing is left for a plain failure.
      // CLI.md: every probability is a number in [0, 1], so no rounding below 0 either.
      for (const specialties of [0, 1]) {
        const r = odds('mage-revised', plainSide(1, { difficulty: 2, specialties }));
        close(outcome(r, 'success'), 0.9);
        close(outcome(r, 'botch'), 0.1);
        assert.ok(outcome(r, 'failure') >= 0, `failure = ${outcome(r, 'failure')} is below 0`);
        close(outcome(r, 'failure'), 0);
      }
    });

    it('lets a specialty 10 roll a bonus die that adds but never cancels', () => {
      // 1 die at 6: 6–9 → 1 (0.4); 10 → bonus die: ≥ 6 → 2 (0.05), else 1 (0.05); 1 → botch.
      const r = odds('mage-revised', plainSide(1, { difficulty: 6, specialties: 1 }));
      assert.equal(r.pool, 1);
      close(r.successes?.[1], 0.45, 'one success');
      close(r.successes?.[2], 0.05, 'two successes');
      close(outcome(r, 'botch'), 0.1, 'botch');
      close(r.expected, 0.55, 'expected');
    });

    it('adds one uncancellable success with Willpower', () => {
      // 2 dice at 6, per die +1 (0.5), 0 (0.4), −1 (0.1): net 2 = 0.25, net 1 = 2·0.5·0.4 = 0.4,
      // net ≤ 0 = 0.35. Willpower shifts each by one and rules out the botch.
      const r = odds('mage-revised', plainSide(2, { difficulty: 6, willpower: true }));
      close(outcome(r, 'success'), 1);
      close(outcome(r, 'botch'), 0);
      close(r.successes?.[0] ?? 0, 0, 'no zero');
      close(r.successes?.[1], 0.35);
      close(r.successes?.[2], 0.4);
      close(r.successes?.[3], 0.25);
      close(r.expected, 1.9, 'expected');
    });

    it('reports a pool of 0 as a certain failure that Willpower does not rescue', () => {
      const r = odds('mage-revised', plainSide(0, { willpower: true }));
      assert.equal(r.pool, 0);
      close(outcome(r, 'failure'), 1);
      close(outcome(r, 'success'), 0);
      assert.deepEqual(r.successes, [1]);
      close(r.expected, 0);
    });
  });

  describe('storytelling pool', () => {
    it('gives the chance die 0.1 success, 0.1 dramatic failure and 1e-5 exceptional success', () => {
      // Only 10 succeeds (0.1), 1 on the first roll is dramatic (0.1); five 10s in a row = 0.1⁵.
      const r = odds('storytelling', plainSide(0));
      assert.equal(r.pool, 0);
      assert.equal(r.chance_die, true);
      close(outcome(r, 'success') + outcome(r, 'exceptional_success'), 0.1, 'success');
      close(outcome(r, 'dramatic_failure'), 0.1, 'dramatic');
      close(outcome(r, 'exceptional_success'), 1e-5, 'exceptional');
      close(outcome(r, 'failure'), 0.8, 'failure');
      close(r.successes?.[0], 0.9, 'zero successes, dramatic failure included');
      // E = 0.1 · (1 + E) → 1/9.
      close(r.expected, 1 / 9, 'expected', 1e-11);
    });

    it('gives 1 die with 10-again exactly one success with chance 0.2 + 0.1·0.7 = 0.27', () => {
      // 8 or 9 (0.2), or 10 then a re-roll below 8 (0.1 · 0.7).
      const r = odds('storytelling', plainSide(1));
      close(r.successes?.[1], 0.27);
      // E = 0.3 + 0.1·E → 1/3.
      close(r.expected, 1 / 3, 'expected', 1e-11);
    });

    it('gives 1 die with 8-again an expected 3/7 successes and without again 0.3', () => {
      // E = 0.3 + 0.3·E → 3/7.
      close(odds('storytelling', plainSide(1, { again: 8 })).expected, 3 / 7, 'expected', 1e-11);
      const plain = odds('storytelling', plainSide(1, { again: 'none' }));
      close(plain.expected, 0.3);
      close(outcome(plain, 'success'), 0.3);
    });

    it('adds Willpower before deciding on a chance die', () => {
      // −2 + 3 = 1 die: 8+ = 0.3, no chance die, no dramatic failure.
      const r = odds('storytelling', plainSide(-2, { willpower: true }));
      assert.equal(r.pool, 1);
      assert.notEqual(r.chance_die, true);
      close(outcome(r, 'success') + outcome(r, 'exceptional_success'), 0.3);
      close(outcome(r, 'dramatic_failure'), 0);
    });

    it('needs all of 5 dice without again to reach an exceptional success: 0.3⁵', () => {
      close(outcome(odds('storytelling', plainSide(5, { again: 'none' })), 'exceptional_success'), 0.3 ** 5);
    });
  });

  describe('d20 (threads-of-fate)', () => {
    it('gives +0 against 11 a half, and 1 − 0.5² = 0.75 with one advantage', () => {
      close(outcome(odds('threads-of-fate', plainSide(0, { difficulty: 11 })), 'success'), 0.5);
      close(outcome(odds('threads-of-fate', plainSide(0, { difficulty: 11, advantages: 1 })), 'success'), 0.75);
    });

    it('gives +0 against 11 with one hindrance 0.5² = 0.25, and a plain half when both cancel', () => {
      close(outcome(odds('threads-of-fate', plainSide(0, { difficulty: 11, hindrances: 1 })), 'success'), 0.25);
      close(outcome(odds('threads-of-fate', plainSide(0, { difficulty: 11, advantages: 1, hindrances: 1 })), 'success'), 0.5);
    });

    it('gives +0 against 25 a critical rescue of 0.05 and no success', () => {
      // Only a 20 can be kept as a critical, and 20 < 25.
      const r = odds('threads-of-fate', plainSide(0, { difficulty: 25 }));
      close(outcome(r, 'critical_rescue'), 0.05);
      close(outcome(r, 'success'), 0);
      close(outcome(r, 'critical_success'), 0.05);
    });

    it('counts a kept 1 at or above the difficulty as a success and a critical failure', () => {
      const r = odds('threads-of-fate', plainSide(0, { difficulty: 1 }));
      close(outcome(r, 'success'), 1);
      close(outcome(r, 'critical_failure'), 0.05);
    });

    it('gives +5 against 15 a chance of 11/20 and a margin spread evenly from −9 to +10', () => {
      const r = odds('threads-of-fate', plainSide(5, { difficulty: 15 }));
      close(outcome(r, 'success'), 0.55);
      close(r.margin?.['-9'], 0.05);
      close(r.margin?.['10'], 0.05);
      close(r.expected, 15.5, 'expected total');
    });

    it('gives two advantages against 20 a chance of 1 − 0.95³, and caps a third', () => {
      close(outcome(odds('threads-of-fate', plainSide(0, { difficulty: 20, advantages: 2 })), 'success'), 1 - 0.95 ** 3);
      close(outcome(odds('threads-of-fate', plainSide(0, { difficulty: 20, advantages: 3 })), 'success'), 1 - 0.95 ** 3);
    });

    it('gives one advantage an expected total of 13.825', () => {
      // E[max of 2 d20] = Σ_{k=1..20} P(max ≥ k) = 20 − Σ_{j=0..19} j²/400 = 20 − 2470/400.
      close(odds('threads-of-fate', plainSide(0, { difficulty: 10, advantages: 1 })).expected, 13.825);
    });

    it('gives a static value 10 + modifier + 5 with an advantage, certain, with no criticals', () => {
      // 10 + 3 + 5 = 18 against 18: success 1, margin 0, expected 18.
      const r = odds('threads-of-fate', plainSide(3, { difficulty: 18, advantages: 1, isStatic: true }));
      close(outcome(r, 'success'), 1);
      close(outcome(r, 'critical_success'), 0);
      close(outcome(r, 'critical_failure'), 0);
      close(r.margin?.['0'], 1);
      assert.equal(r.expected, 18);
      // 10 + 3 − 5 = 8 against 18: certain failure.
      close(outcome(odds('threads-of-fate', plainSide(3, { difficulty: 18, hindrances: 1, isStatic: true })), 'success'), 0);
    });
  });

  describe('extended actions', () => {
    it('gives 1 vampire die, 1 success needed, 1 − 0.7^k by roll k', () => {
      const r = odds('vampire-pack', plainSide(1), { extended: { target: 1, maxRolls: 3 } });
      assert.equal(r.within?.length, 3);
      r.within?.forEach((w, i) => close(w, 1 - 0.7 ** (i + 1), `roll ${i + 1}`));
    });

    it('stops at the first roll reaching 99 % when there is no roll limit', () => {
      // Vampire 4 dice: 1 − 0.2401^k = 0.7599, 0.9424, 0.9862, 0.9967 → four entries.
      const r = odds('vampire-pack', plainSide(4), { extended: { target: 1 } });
      assert.equal(r.within?.length, 4);
      close(r.within?.[3], 1 - 0.2401 ** 4);
    });

    it('ends a classic action on a botch: 0.5, 0.5 + 0.4·0.5, 0.7 + 0.4²·0.5', () => {
      // 1 die at 6: success 0.5 (done), botch 0.1 (lost), 0.4 nothing; only the 0.4 goes on.
      const r = odds('mage-revised', plainSide(1, { difficulty: 6 }), { extended: { target: 1, maxRolls: 3 } });
      [0.5, 0.7, 0.78].forEach((w, i) => close(r.within?.[i], w, `roll ${i + 1}`));
    });

    it('counts one success per successful d20 roll: 0, 1/4, 1/2 for two at even odds', () => {
      // P(at least 2 of k successes at 1/2): k = 1: 0, k = 2: 1/4, k = 3: 4/8.
      const r = odds('threads-of-fate', plainSide(0, { difficulty: 11 }), { extended: { target: 2, maxRolls: 3 } });
      [0, 0.25, 0.5].forEach((w, i) => close(r.within?.[i], w, `roll ${i + 1}`));
    });

    it('loses a storytelling chance-die action on a dramatic failure: 0.1, then 0.1 + 0.8·0.1', () => {
      const r = odds('storytelling', plainSide(0), { extended: { target: 1, maxRolls: 2 } });
      close(r.within?.[0], 0.1, 'roll 1');
      close(r.within?.[1], 0.18, 'roll 2');
    });
  });

  describe('contests', () => {
    it('ties two plain d20 at +0 with chance 20/400 = 0.05', () => {
      const r = odds('threads-of-fate', plainSide(0), { opponent: plainSide(0) });
      close(r.contest?.tie, 0.05);
      close(r.contest?.win, 0.475);
      close(r.contest?.lose, 0.475);
    });

    it('has one vampire die beat another with chance 0.3·0.7 when no difficulty is written', () => {
      const r = odds('vampire-pack', plainSide(1), { opponent: plainSide(1) });
      close(r.contest?.win, 0.21);
      close(r.contest?.tie, 0.58);
      assert.equal(r.tie_break, undefined);
    });

    it('takes a difficulty written on either vampire side from both pools (004 l.117)', () => {
      // 3 − 2 = 1 die against 2 − 2 = 0 dice: we win on a hit (0.3), else nobody scores.
      const r = odds('vampire-pack', plainSide(3), { opponent: plainSide(2, { difficulty: 2 }) });
      assert.equal(r.pool, 1);
      close(r.contest?.win, 0.3);
      close(r.contest?.tie, 0.7);
    });

    it('gives a vampire tie to the higher Attribute, 0–0 included; a Storyteller pool keeps its ties', () => {
      // One die each: tie 0.58 (both hit 0.09 + both miss 0.49) goes to Сила 3 over Ловкость 2.
      const r = odds('vampire-pack', plainSide(1, { attribute: 3 }), { opponent: plainSide(1, { attribute: 2 }) });
      close(r.contest?.win, 0.79);
      close(r.contest?.tie, 0);
      close(r.contest?.lose, 0.21);
      assert.equal(r.tie_break, 'attribute');
      const lower = odds('vampire-pack', plainSide(1, { attribute: 1 }), { opponent: plainSide(1, { attribute: 2 }) });
      close(lower.contest?.lose, 0.79);
      const storyteller = odds('vampire-pack', plainSide(1, { attribute: 3 }), { opponent: plainSide(1) });
      close(storyteller.contest?.tie, 0.58);
      assert.equal(storyteller.tie_break, undefined);
    });

    it('ties two classic dice at 6 half the time (a botch scores 0, like a failure)', () => {
      // Each scores 1 with 0.5 and 0 with 0.5.
      const r = odds('werewolf-revised', plainSide(1), { opponent: plainSide(1) });
      close(r.contest?.tie, 0.5);
      close(r.contest?.win, 0.25);
    });

    it('has a classic Willpower side never lose to a single die at difficulty 10', () => {
      // We score max(net, 0) + 1: 2 with a 6+ (0.5), else 1 (0.5, a 1 included).
      // They score 1 with a 10 (0.1), else 0. We never score less: tie = 0.5·0.1, win = 0.95.
      const r = odds('mage-revised', plainSide(1, { willpower: true }), { opponent: plainSide(1, { difficulty: 10 }) });
      close(r.contest?.lose, 0);
      close(r.contest?.tie, 0.05);
      close(r.contest?.win, 0.95);
    });
  });
  describe('soak and damage (classic)', () => {
    it('never botches: one die at 6 succeeds on 6–10 and otherwise just fails', () => {
      const r = odds('mage-revised', plainSide(1, { noBotch: true }));
      assert.deepEqual(r.outcomes, { botch: 0, failure: 0.5, success: 0.5 });
    });

    it('lets 1s cancel successes: 001 l.275, Выносливость 4 rolls 1, 7, 9, 8 for two successes', () => {
      // Four dice at 6: P(net ≥ 1) = 1 − P(net ≤ 0); no botch whatever the 1s.
      const r = odds('mage-revised', plainSide(4, { noBotch: true }));
      close(outcome(r, 'botch'), 0);
      close(outcome(r, 'failure') + outcome(r, 'success'), 1);
    });
  });

  describe('initiative', () => {
    it('is 1d10 + the rating: Ловкость 3 + Сообразительность 2 gives 6…15, a tenth each, 10.5 on average', () => {
      const r = odds('mage-revised', plainSide(5), { initiative: true });
      assert.equal(r.pool, 5);
      assert.equal(r.outcomes, undefined);
      assert.deepEqual(Object.keys(r.initiative ?? {}), ['6', '7', '8', '9', '10', '11', '12', '13', '14', '15']);
      for (const p of Object.values(r.initiative ?? {})) close(p, 0.1);
      close(r.expected, 10.5);
    });
  });

  describe('teamwork', () => {
    it('classic: one helper’s die joins one main die at 6; a botch needs the helper at 0 too', () => {
      // Each scores 1 (0.5) or 0 (0.5); the main roll botches with 0.1, the helper scores 0 with 0.5.
      const main = plainSide(1);
      const r = odds('mage-revised', { ...main, helpers: [helperSide(main, 1)] });
      assert.equal(r.helpers, 1);
      assert.equal(r.pool, 1);
      close(outcome(r, 'botch'), 0.05);
      close(outcome(r, 'failure'), 0.2);
      close(outcome(r, 'success'), 0.75);
      [0.25, 0.5, 0.25].forEach((p, k) => close(r.successes?.[k], p, `${k} successes`));
    });

    it('storytelling: a helper’s success is one more die (no again: 0.3·(1 − 0.7²) + 0.7·0.3)', () => {
      const main = plainSide(1, { again: 'none' });
      const r = odds('storytelling', { ...main, helpers: [helperSide(main, 1)] });
      close(outcome(r, 'success') + outcome(r, 'exceptional_success'), 0.363);
    });

    it('storytelling: a helper’s dramatic failure takes 4 dice, which can leave a chance die', () => {
      // Main pool 4, helper a chance die: 0.1 dramatic → 0 dice → a chance die (0.1 success).
      // Else the helper's 10s (0.1 each, chained) add dice; only the dramatic branch can fail this badly.
      const main = plainSide(4, { again: 'none' });
      const r = odds('storytelling', { ...main, helpers: [helperSide(main, 0)] });
      assert.equal(r.chance_die, undefined);
      close(outcome(r, 'dramatic_failure'), 0.1 * 0.1);
    });

    it('threads-of-fate: a helper at +0 beats 11 − 5 three times in four, giving an advantage', () => {
      // 0.75 · P(max of 2d20 ≥ 11) + 0.25 · P(min of 2d20 ≥ 11) = 0.75·0.75 + 0.25·0.25.
      const main = plainSide(0, { difficulty: 11 });
      const r = odds('threads-of-fate', { ...main, helpers: [helperSide(main, 0)] });
      close(outcome(r, 'success'), 0.625);
    });
  });

  describe('races', () => {
    it('storytelling, one die each without again, first to one success: win 0.21/0.51, tie 0.09/0.51', () => {
      // Per round: we alone hit 0.3·0.7, both 0.09, neither 0.49; the race repeats until decided.
      const r = odds('storytelling', plainSide(1, { again: 'none' }), { opponent: plainSide(1, { again: 'none' }), extended: { target: 1 } });
      close(r.contest?.win, 0.21 / 0.51);
      close(r.contest?.tie, 0.09 / 0.51);
      close(r.within?.[0], 0.51);
      close(r.within?.[1], 1 - 0.49 ** 2);
      assert.equal(r.unfinished, undefined);
    });

    it('classic, one die each at 6, first to one success: a botch loses at once, two botches tie', () => {
      // Each round each side: success 0.5, botch 0.1, nothing 0.4.
      // Win: 0.5·(0.4 + 0.1) + 0.4·0.1 = 0.29; tie: 0.5·0.5 + 0.1·0.1 = 0.26; the rest (0.16) goes on.
      const r = odds('werewolf-revised', plainSide(1), { opponent: plainSide(1), extended: { target: 1 } });
      close(r.contest?.win, 0.29 / 0.84);
      close(r.contest?.tie, 0.26 / 0.84);
      close(r.contest?.lose, 0.29 / 0.84);
    });

    it('with a round limit compares the totals after it, which within does not count', () => {
      // One round, target 2, one die each without again: nobody reaches 2; totals 1–0 win 0.21.
      const r = odds('storytelling', plainSide(1, { again: 'none' }), { opponent: plainSide(1, { again: 'none' }), extended: { target: 2, maxRolls: 1 } });
      assert.deepEqual(r.within, [0]);
      close(r.contest?.win, 0.21);
      close(r.contest?.tie, 0.58);
    });

    it('reports what is left undecided when neither side can roll', () => {
      const r = odds('mage-revised', plainSide(0), { opponent: plainSide(0), extended: { target: 1 } });
      assert.equal(r.unfinished, 1);
      assert.equal(r.within?.length, 200);
      assert.deepEqual(r.contest, { win: 0, tie: 0, lose: 0 });
    });
  });

  describe('alternatives', () => {
    it('heads the report with the better of «Ловкость 3 или Интеллект 4 + Ремесло 0» at difficulty 6', () => {
      const ruleset = getBuiltinRuleset('mage-revised');
      assert.ok(ruleset);
      const spec = withAlternatives([
        { check: '«Ловкость 3 (сложность 6)»', spec: { side: plainSide(3, { difficulty: 6 }) } },
        { check: '«Интеллект 4 (сложность 6)»', spec: { side: plainSide(4, { difficulty: 6 }) } },
      ]);
      const r = computeOdds(ruleset, spec);
      assert.equal(r.best, 1);
      assert.equal(r.pool, 4);
      assert.deepEqual(r.alternatives?.map((a) => [a.check, a.pool]), [['«Ловкость 3 (сложность 6)»', 3], ['«Интеллект 4 (сложность 6)»', 4]]);
      // Ties go to the first combination.
      assert.equal(computeOdds(ruleset, withAlternatives([spec.alternatives![0], spec.alternatives![0]])).best, 0);
    });
  });
});
