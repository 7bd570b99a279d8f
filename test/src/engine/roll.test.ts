/**
 * rollCheck for the mechanics of RULESETS.md "Additions (2)", with the dice scripted face by face:
 * each test says which faces fall and what the rules make of them.
 */
import * as assert from 'node:assert/strict';
import { getBuiltinRuleset } from '../../../server/out/engine/builtinRulesets';
import { helperSide, plainSide, withAlternatives } from '../../../server/out/engine/checkSpec';
import { computeOdds } from '../../../server/out/engine/odds';
import type { CheckSpec, RollSide } from '../../../server/out/engine/checkSpec';
import type { RandomSource } from '../../../server/out/engine/random';
import { rollCheck } from '../../../server/out/engine/roll';
import type { RollReport } from '../../../server/out/engine/rollReport';
import type { Ruleset } from '../../../server/out/engine/ruleset';
import { namedRoll } from '../../../server/out/present/roll';

function ruleset(id: string): Ruleset {
  const r = getBuiltinRuleset(id);
  assert.ok(r, id);
  return r;
}

/** Faces in the order they are asked for; asking for more, or for a face out of range, fails the test. */
function faces(...list: number[]): RandomSource & { left: () => number } {
  const queue = [...list];
  return {
    int(min, max) {
      const face = queue.shift();
      assert.ok(face !== undefined, 'the roll asked for more faces than the test scripted');
      assert.ok(face >= min && face <= max, `face ${face} is outside ${min}…${max}`);
      return face;
    },
    left: () => queue.length,
  };
}

/** The roll as the CLI's JSON gives it: the engine's, with the outcome named (present/roll.ts). */
function roll(id: string, spec: CheckSpec, ...scripted: number[]): RollReport {
  const random = faces(...scripted);
  const report = rollCheck(ruleset(id), spec, { random });
  assert.equal(random.left(), 0, 'every scripted face was rolled');
  return namedRoll(report, ruleset(id));
}

function team(main: RollSide, ...bases: number[]): RollSide {
  return { ...main, helpers: bases.map((b) => helperSide(main, b)) };
}

describe('rollCheck: the mechanics of Additions (2)', () => {
  describe('alternatives', () => {
    it('rolls the combination with the best odds and names it', () => {
      const spec = withAlternatives([
        { check: '«Ловкость 2 + Ремесло 1»', spec: { side: plainSide(3, { difficulty: 6 }) } },
        { check: '«Интеллект 3 + Ремесло 1»', spec: { side: plainSide(4, { difficulty: 6 }) } },
      ]);
      const r = roll('mage-revised', spec, 7, 2, 3, 10);
      assert.deepEqual(r.alternative, { index: 1, check: '«Интеллект 3 + Ремесло 1»' });
      assert.equal(r.pool, 4);
      assert.equal(r.successes, 2);
      assert.equal(r.outcome, 'success');
    });

    it('rolls the same with the odds report’s best as without it (same seed)', () => {
      const spec = withAlternatives([
        { check: '«Ловкость 2 + Ремесло 1»', spec: { side: plainSide(3, { difficulty: 6 }) } },
        { check: '«Интеллект 3 + Ремесло 1»', spec: { side: plainSide(5, { difficulty: 6 }) } },
        { check: '«Сила 2 + Ремесло 1»', spec: { side: plainSide(4, { difficulty: 6 }) } },
      ]);
      const mage = ruleset('mage-revised');
      const { best } = computeOdds(mage, spec);
      assert.equal(best, 1);
      for (const seed of [1, 42, 20240601]) {
        const given = rollCheck(mage, spec, { seed, best });
        assert.deepEqual(given, rollCheck(mage, spec, { seed }));
        assert.deepEqual(given.alternative, { index: 1, check: '«Интеллект 3 + Ремесло 1»' });
      }
    });
  });

  describe('teamwork', () => {
    it('classic: a helper’s success turns the main roll’s botch into the team’s success', () => {
      // Helper 1 die: 6 → 1 success. Main 1 die: 1 → a botch alone, but the team has 1.
      const r = roll('mage-revised', { side: team(plainSide(1), 1) }, 6, 1);
      assert.equal(r.outcome, 'success');
      assert.equal(r.successes, 1);
      assert.deepEqual(r.dice, [1]);
      assert.deepEqual(r.helpers?.map((h) => [h.roll.dice, h.effect, h.contribution]), [[[6], 'successes', 1]]);
    });

    it('classic: the team botches only when it scored 0 and the main roll botched', () => {
      const r = roll('werewolf-revised', { side: team(plainSide(1), 1) }, 2, 1);
      assert.equal(r.outcome, 'botch');
      assert.equal(r.successes, 0);
    });

    it('storytelling: a helper’s success is one more die for the main roll', () => {
      // Helper 1 die: 8 → one die more; the main roll of 1 + 1 dice: 3, 9 → 1 success.
      const r = roll('storytelling', { side: team(plainSide(1), 1) }, 8, 3, 9);
      assert.equal(r.pool, 2);
      assert.equal(r.successes, 1);
      assert.deepEqual(r.helpers?.map((h) => [h.effect, h.contribution]), [['dice', 1]]);
    });

    it('storytelling: a helper’s dramatic failure takes 4 dice, leaving the main roll a chance die', () => {
      // Helper pool 0 is a chance die: 1 → dramatic failure, −4. Main 4 − 4 = 0: a chance die, 10 then 5.
      const r = roll('storytelling', { side: team(plainSide(4), 0) }, 1, 10, 5);
      assert.equal(r.chance_die, true);
      assert.equal(r.pool, 0);
      assert.equal(r.successes, 1);
      assert.deepEqual(r.helpers?.map((h) => [h.roll.outcome, h.effect, h.contribution]), [['dramatic_failure', 'penalty', -4]]);
    });

    it('threads-of-fate: a helper beating the difficulty − 5 gives the main roll an advantage', () => {
      // Helper +0 against 11 − 5: 6 succeeds. Main +0 with one advantage: 3 and 15, keeps 15.
      const r = roll('threads-of-fate', { side: team(plainSide(0, { difficulty: 11 }), 0) }, 6, 3, 15);
      assert.deepEqual(r.helpers?.map((h) => [h.roll.total, h.effect]), [[6, 'advantage']]);
      assert.equal(r.kept, 15);
      assert.equal(r.outcome, 'success');
    });

    it('an extended action’s top level is the action as a whole: every die, the total, no single roll’s d20 or critical', () => {
      // Target 2 at difficulty 10 with +3: a natural 20 (23, critical), then 12 (15): done in two rolls.
      const r = roll('threads-of-fate', { side: plainSide(3, { difficulty: 10 }), extended: { target: 2 } }, 20, 12);
      assert.deepEqual(r.extended?.rolls.map((x) => [x.kept, x.total, x.critical]), [[20, 23, 'critical_success'], [12, 15, undefined]]);
      const { ruleset: _id, outcome_name: _name, extended: _rolls, ...top } = r;
      assert.deepEqual(top, { pool: 3, dice: [20, 12], rerolled: [], bonus: [], successes: 2, outcome: 'success' });
    });

    it('rolls a full team for every roll of an extended action', () => {
      // Target 2: round 1 helper 7 (1), main 6 (1) → 2 at once.
      const r = roll('mage-revised', { side: team(plainSide(1), 1), extended: { target: 2 } }, 7, 6);
      assert.equal(r.extended?.rolls.length, 1);
      assert.equal(r.extended?.done, true);
      assert.equal(r.extended?.rolls[0].helpers?.length, 1);
    });
  });

  describe('races', () => {
    it('storytelling: both roll each round; a dramatic failure resets that side; first to the target wins', () => {
      // Target 2. Round 1: we roll 1 die: 9 (1); they roll a chance die: 1 (dramatic, total 0).
      // Round 2: we roll 8 (2, done); they roll 10 then 2 (1).
      const r = roll('storytelling', { side: plainSide(1), opponent: plainSide(0), extended: { target: 2 } }, 9, 1, 8, 10, 2);
      assert.equal(r.contest, 'win');
      assert.equal(r.race?.decided, 'target');
      assert.deepEqual(r.race?.rounds.map((round) => round.totals), [[1, 0], [2, 1]]);
      assert.equal(r.successes, 2);
      assert.equal(r.opponent?.successes, 1);
      assert.deepEqual(r.outcome_name, { ru: 'победа', en: 'win' });
    });

    it('classic: a botch loses the race at once', () => {
      const r = roll('mage-revised', { side: plainSide(1), opponent: plainSide(1), extended: { target: 3 } }, 1, 4);
      assert.equal(r.contest, 'lose');
      assert.equal(r.race?.decided, 'botch');
      assert.equal(r.race?.rounds.length, 1);
    });

    it('the top level is the race as a whole: each side’s every die, its total, how the race ended for it', () => {
      // As above: we roll 9, then 8 (done at 2); they roll a chance die 1 (dramatic), then 10 and its re-roll 2.
      const r = roll('storytelling', { side: plainSide(1), opponent: plainSide(0), extended: { target: 2 } }, 9, 1, 8, 10, 2);
      const { pool, dice, rerolled, bonus, successes, outcome } = r;
      assert.deepEqual({ pool, dice, rerolled, bonus, successes, outcome }, { pool: 1, dice: [9, 8], rerolled: [], bonus: [], successes: 2, outcome: 'win' });
      assert.deepEqual(r.opponent, { pool: 0, dice: [1, 10], rerolled: [2], bonus: [], successes: 1, outcome: 'failure', chance_die: true });
      // A classic botch: the side that botched lost the race by it, the other neither reached its target nor botched.
      const botched = roll('mage-revised', { side: plainSide(1), opponent: plainSide(1), extended: { target: 3 } }, 4, 1);
      assert.equal(botched.contest, 'win');
      assert.deepEqual(botched.opponent, { pool: 1, dice: [1], rerolled: [], bonus: [], successes: 0, outcome: 'botch' });
      assert.deepEqual([botched.dice, botched.successes, botched.outcome], [[4], 0, 'win']);
    });

    it('with a round limit, the higher total after the last round wins', () => {
      const r = roll('vampire-pack', { side: plainSide(1), opponent: plainSide(1), extended: { target: 5, maxRolls: 2 } }, 8, 2, 9, 8);
      assert.equal(r.race?.decided, 'limit');
      assert.deepEqual(r.race?.rounds.map((round) => round.totals), [[1, 0], [2, 1]]);
      assert.equal(r.contest, 'win');
    });
  });

  describe('initiative, soak, vampire-pack contests', () => {
    it('rolls initiative as 1d10 + the rating', () => {
      const r = roll('werewolf-revised', { side: plainSide(5), initiative: true }, 7);
      assert.equal(r.total, 12);
      assert.equal(r.pool, 5);
      assert.equal(r.outcome, 'initiative');
      assert.deepEqual(r.outcome_name, { ru: 'инициатива', en: 'initiative' });
    });

    it('a soak roll of a single 1 is a failure, not a botch', () => {
      assert.equal(roll('mage-revised', { side: plainSide(1, { noBotch: true }) }, 1).outcome, 'failure');
      assert.equal(roll('mage-revised', { side: plainSide(1) }, 1).outcome, 'botch');
    });

    it('a difficulty written on one side takes dice from both; the higher Attribute wins a tie', () => {
      // 3 − 2 = 1 die against 3 − 2 = 1 die: 4 and 5, no successes; Сила 3 beats Ловкость 2.
      const r = roll('vampire-pack', { side: plainSide(3, { attribute: 3 }), opponent: plainSide(3, { difficulty: 2, attribute: 2 }) }, 4, 5);
      assert.equal(r.pool, 1);
      assert.equal(r.opponent?.pool, 1);
      assert.equal(r.contest, 'win');
      assert.equal(r.tie_break, 'attribute');
    });

    it('storytelling (000 l.341): a lone dramatic failure loses, and the other side wins exceptionally', () => {
      // A chance die 1 (dramatic failure) against 2 dice 3, 4 (no success): a loss, not a 0–0 tie.
      const lost = roll('storytelling', { side: plainSide(0), opponent: plainSide(2) }, 1, 3, 4);
      assert.deepEqual([lost.contest, lost.contest_degree], ['lose', 'dramatic_failure']);
      assert.deepEqual(lost.outcome_name, { ru: 'поражение: полный провал', en: 'loss: dramatic failure' });
      const won = roll('storytelling', { side: plainSide(1), opponent: plainSide(0) }, 5, 1);
      assert.deepEqual([won.contest, won.contest_degree], ['win', 'dramatic_failure']);
      // Both chance dice show 1: a tie.
      const both = roll('storytelling', { side: plainSide(0), opponent: plainSide(0) }, 1, 1);
      assert.deepEqual([both.contest, both.contest_degree], ['tie', 'both_dramatic']);
    });

    it('storytelling: the winner with 5 successes or more wins exceptionally; 0–0 is a tie', () => {
      // Five dice 8, 9, 8, 9, 8 (no 10, no re-roll) against one 3.
      const won = roll('storytelling', { side: plainSide(5), opponent: plainSide(1) }, 8, 9, 8, 9, 8, 3);
      assert.deepEqual([won.contest, won.contest_degree], ['win', 'exceptional']);
      const lost = roll('storytelling', { side: plainSide(1), opponent: plainSide(5) }, 9, 8, 9, 8, 9, 8);
      assert.deepEqual([lost.contest, lost.contest_degree], ['lose', 'exceptional']);
      const plain = roll('storytelling', { side: plainSide(2), opponent: plainSide(1) }, 8, 2, 3);
      assert.deepEqual([plain.contest, plain.contest_degree], ['win', undefined]);
      const none = roll('storytelling', { side: plainSide(1), opponent: plainSide(1) }, 2, 3);
      assert.deepEqual([none.contest, none.contest_degree], ['tie', undefined]);
    });

    it('a Storyteller pool has no Attribute: its ties stay ties', () => {
      const r = roll('vampire-pack', { side: plainSide(1, { attribute: 4 }), opponent: plainSide(1) }, 2, 3);
      assert.equal(r.contest, 'tie');
      assert.equal(r.tie_break, undefined);
    });
  });

  it('replays a race and a team roll exactly from a seed', () => {
    const spec: CheckSpec = { side: team(plainSide(3), 2, 1), opponent: plainSide(4), extended: { target: 4 } };
    const once = rollCheck(ruleset('storytelling'), spec, { seed: 42 });
    assert.deepEqual(rollCheck(ruleset('storytelling'), spec, { seed: 42 }), once);
    assert.equal(once.seed, 42);
    assert.ok(once.race && once.race.rounds.length >= 1);
  });

  describe('«дважды» and attempts (docs/markup.md)', () => {
    it('дважды: both rolls are kept in order; the better one is the check’s (a failure beats a botch)', () => {
      // Roll 1: [1, 3] at difficulty 6 is a botch; roll 2: [4, 5] a plain failure, which is better.
      const r = roll('werewolf-revised', { side: plainSide(2, { difficulty: 6 }), twice: true }, 1, 3, 4, 5);
      assert.equal(r.outcome, 'failure');
      assert.deepEqual(r.dice, [4, 5]);
      assert.deepEqual(r.twice?.rolls.map((x) => x.outcome), ['botch', 'failure']);
      assert.equal(r.twice?.kept, 1);
      // More successes beat fewer; on a tie the first roll counts.
      const more = roll('vampire-pack', { side: plainSide(2), twice: true }, 8, 2, 9, 10);
      assert.deepEqual([more.successes, more.twice?.kept], [2, 1]);
      const tie = roll('vampire-pack', { side: plainSide(2), twice: true }, 8, 2, 2, 9);
      assert.deepEqual([tie.successes, tie.twice?.kept], [1, 0]);
    });

    it('attempts: a die fewer each time down to a chance die, stopping at the first success', () => {
      const spec: CheckSpec = { side: plainSide(2), attempts: { count: 5, penalty: 1 } };
      // 2 dice [3, 4], 1 die [7], then a chance die [10] + its re-roll [2]: a success on attempt 3.
      const r = roll('storytelling', spec, 3, 4, 7, 10, 2);
      assert.deepEqual(r.attempts?.rolls.map((x) => [x.pool, x.dice, x.chance_die === true]), [
        [2, [3, 4], false],
        [1, [7], false],
        [0, [10], true],
      ]);
      assert.deepEqual([r.outcome, r.attempts?.succeeded, r.attempts?.count], ['success', true, 5]);
    });

    it('вторая попытка: the difficulty one higher takes a die more; a plain failure is painful', () => {
      // 4 dice − (1 + 1) = 2 dice: [3, 4] has no success and no 1, a failure that the second attempt makes painful.
      const r = roll('vampire-pack', { side: plainSide(4, { difficulty: 1 }), secondAttempt: true }, 3, 4);
      assert.deepEqual([r.pool, r.outcome, r.second_attempt, r.outcome_name.en], [2, 'painful_failure', true, 'painful failure']);
    });

    it('attempts are bounded whatever the spec says', () => {
      const spec: CheckSpec = { side: plainSide(1), attempts: { count: 1_000_000, penalty: 0 } };
      const odds = computeOdds(ruleset('storytelling'), spec);
      assert.equal(odds.pool === null ? undefined : odds.within?.length, 20);
    });
  });
});
