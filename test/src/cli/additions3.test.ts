/**
 * `rollmark odds --json` for the mechanics of MARKUP.md / RULESETS.md "Additions (3)", in the shapes
 * of CLI.md "Additions (3)". Every number is read here, by the rules text's wording, from the
 * die faces the brute-force oracle lists (test/src/engine/bruteForce.ts: `sideRoll`), never from
 * the engine.
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CliIo } from '../../../server/out/cli/io';
import { main } from '../../../server/out/cli/main';
import { plainSide, type RollSide } from '../../../server/out/engine/checkSpec';
import { FAMILY_OF, forEachFaces, type RollResult, sideRoll } from '../engine/bruteForce';
import { combatOracle } from '../engine/combatOracle';
import { oddsJson } from './runCli';

type Json = Record<string, unknown>;

const odds = (ruleset: string, check: string) => oddsJson<Json>(ruleset, check);

const TOL = 1e-9;

function close(actual: unknown, expected: number, what: string): void {
  assert.equal(typeof actual, 'number', `${what}: ${String(actual)}`);
  assert.ok(Math.abs((actual as number) - expected) <= TOL, `${what}: ${String(actual)} ≠ ${expected}`);
}

function sameOutcomes(got: Json, want: Record<string, number>, what: string): void {
  const outcomes = got.outcomes as Record<string, number>;
  assert.deepEqual(Object.keys(outcomes).sort(), Object.keys(want).sort(), `${what}: outcome keys`);
  for (const [key, p] of Object.entries(want)) close(outcomes[key], p, `${what}: outcomes.${key}`);
}

/** Sums the listed results by the outcome `kindOf` gives each. */
function byKind(results: readonly RollResult[], keys: readonly string[], kindOf: (r: RollResult) => string): Record<string, number> {
  const out: Record<string, number> = Object.fromEntries(keys.map((k) => [k, 0]));
  for (const r of results) out[kindOf(r)] += r.p;
  return out;
}

/**
 * A threshold of N, read from the listed faces as RULESETS.md words it: a success needs N
 * successes; storytelling's exceptional success needs max(N, 5); results without successes keep their kind.
 */
function thresholdOracle(ruleset: string, side: RollSide, n: number, keys: readonly string[]): Record<string, number> {
  const family = FAMILY_OF[ruleset];
  return byKind(sideRoll(family, side).results, keys, (r) => {
    if (r.kind !== 'success' && r.kind !== 'exceptional_success') return r.kind;
    if (r.successes < n) return 'failure';
    if (family === 'storytelling') return r.successes >= Math.max(n, 5) ? 'exceptional_success' : 'success';
    return r.kind;
  });
}

describe('CLI.md Additions (3): the JSON of the new mechanics', () => {
  describe('threshold `N успехов за бросок`', () => {
    it('werewolf-revised 003 l.92: Willpower 6 at difficulty 9 must show 3 successes in one roll', async () => {
      const o = await odds('werewolf-revised', '«Сила воли 6 (сложность 9, 3 успеха за бросок)»');
      assert.equal(o.threshold, 3);
      sameOutcomes(o, thresholdOracle('werewolf-revised', plainSide(6, { difficulty: 9 }), 3, ['botch', 'failure', 'success']), 'werewolf');
      // The roll itself is unchanged: its successes are the plain roll's.
      const plain = await odds('werewolf-revised', '«Сила воли 6 (сложность 9)»');
      assert.deepEqual(o.successes, plain.successes);
      assert.ok(((o.outcomes as Json).success as number) < ((plain.outcomes as Json).success as number));
    });

    it('storytelling 000 l.343: at least five successes in one roll, exceptional from max(N, 5)', async () => {
      const keys = ['dramatic_failure', 'failure', 'success', 'exceptional_success'];
      const five = await odds('storytelling', '«Интеллект 3 + Компьютеры 3 (5 успехов в одном броске)»');
      assert.equal(five.threshold, 5);
      const want5 = thresholdOracle('storytelling', plainSide(6), 5, keys);
      sameOutcomes(five, want5, 'N = 5');
      close(want5.success, 0, 'with N = 5 every success is exceptional');
      const two = await odds('storytelling', '«Интеллект 3 + Компьютеры 3 (2 успеха за бросок)»');
      sameOutcomes(two, thresholdOracle('storytelling', plainSide(6), 2, keys), 'N = 2');
      const seven = await odds('storytelling', '«Интеллект 3 + Компьютеры 3 (7 успехов за бросок)»');
      sameOutcomes(seven, thresholdOracle('storytelling', plainSide(6), 7, keys), 'N = 7');
      // A chance die never reaches 2 successes on its first 10 without another 10: the oracle's chain says how often.
      const chance = await odds('storytelling', '«Сила 1 − 2 (2 успеха за бросок)»');
      sameOutcomes(chance, thresholdOracle('storytelling', plainSide(-1), 2, keys), 'chance die');
    });

    it('vampire-pack and mage-revised with Willpower: the plain roll’s keys, success only at N', async () => {
      const v = await odds('vampire-pack', '«Сила 3 + Драка 2 (сложность 1, 2 успеха за бросок)»');
      sameOutcomes(v, thresholdOracle('vampire-pack', plainSide(4), 2, ['no_dice', 'painful_failure', 'failure', 'success']), 'vampire-pack');
      const m = await odds('mage-revised', '«Сила 2 + Атлетизм 1 (сложность 7, Сила Воли, 3 успеха за бросок)»');
      sameOutcomes(m, thresholdOracle('mage-revised', plainSide(3, { difficulty: 7, willpower: true }), 3, ['botch', 'failure', 'success']), 'mage Willpower');
    });

    it('an unknown pool: every row of `by_pool` carries the threshold', async () => {
      const o = await odds('werewolf-revised', '«Сила воли (сложность 9, 3 успеха за бросок)»');
      assert.equal(o.pool, null);
      const rows = o.by_pool as Record<string, Json>;
      for (const size of ['1', '2', '4']) {
        assert.equal(rows[size].threshold, 3);
        sameOutcomes(rows[size], thresholdOracle('werewolf-revised', plainSide(Number(size), { difficulty: 9 }), 3, ['botch', 'failure', 'success']), `pool ${size}`);
      }
    });
  });

  describe('`дважды`: the better of two rolls (000 l.480)', () => {
    /** The text's order of results: a botch (dramatic, painful failure) < a failure < fewer successes < more. */
    const BAD = new Set(['no_dice', 'botch', 'dramatic_failure', 'painful_failure']);
    const better = (a: RollResult, b: RollResult): RollResult => {
      const rank = (r: RollResult) => (BAD.has(r.kind) ? -1 : r.successes);
      return rank(b) > rank(a) ? b : a;
    };

    /** Every pair of independent results of the listed roll, the better kept: its kinds and its successes. */
    function twiceOracle(ruleset: string, side: RollSide, keys: readonly string[]): { outcomes: Record<string, number>; successes: number[]; expected: number } {
      const results = sideRoll(FAMILY_OF[ruleset], side).results;
      const outcomes: Record<string, number> = Object.fromEntries(keys.map((k) => [k, 0]));
      const successes: number[] = [];
      let expected = 0;
      for (const a of results) {
        for (const b of results) {
          const kept = better(a, b);
          const p = a.p * b.p;
          outcomes[kept.kind] += p;
          successes[kept.successes] = (successes[kept.successes] ?? 0) + p;
          expected += p * kept.successes;
        }
      }
      return { outcomes, successes: Array.from(successes, (q) => q ?? 0), expected };
    }

    function sameTwice(got: Json, want: ReturnType<typeof twiceOracle>, what: string): void {
      assert.equal(got.twice, true, what);
      sameOutcomes(got, want.outcomes, what);
      close(got.expected, want.expected, `${what}: expected`);
      const counts = got.successes as number[];
      want.successes.forEach((q, k) => close(counts[k] ?? 0, q, `${what}: successes[${k}]`));
    }

    it('werewolf-revised, two dice at difficulty 6: every face of both rolls listed here', async () => {
      // Two rolls of two d10 each: 10^4 face sequences, each read by 001's rules (1s cancel, a botch is 1s and no success).
      const outcomes: Record<string, number> = { botch: 0, failure: 0, success: 0 };
      const successes = [0, 0, 0];
      const read = (faces: readonly number[]): [number, string, number] => {
        const hits = faces.filter((f) => f >= 6).length;
        const ones = faces.filter((f) => f === 1).length;
        if (hits === 0 && ones > 0) return [-1, 'botch', 0];
        const net = Math.max(0, hits - ones);
        return [net, net > 0 ? 'success' : 'failure', net];
      };
      forEachFaces(4, 10, (faces) => {
        const [ra, ka, sa] = read(faces.slice(0, 2));
        const [rb, kb, sb] = read(faces.slice(2));
        const [kind, count] = rb > ra ? [kb, sb] : [ka, sa];
        outcomes[kind] += 1e-4;
        successes[count] += 1e-4;
      });
      const o = await odds('werewolf-revised', '«Ловкость 1 + Атлетика 1 (сложность 6, дважды)»');
      sameTwice(o, { outcomes, successes, expected: successes[1] + 2 * successes[2] }, 'faces');
    });

    it('storytelling 000 l.480 «Ловкость + Атлетика (дважды)»: 5 dice, 10-again, exceptional among the better', async () => {
      const keys = ['dramatic_failure', 'failure', 'success', 'exceptional_success'];
      sameTwice(await odds('storytelling', '«Ловкость 3 + Атлетика 2 (дважды)»'), twiceOracle('storytelling', plainSide(5), keys), '5 dice');
      // A chance die twice: a dramatic failure only when both rolls are one (1 %).
      const chance = await odds('storytelling', '«Ловкость 1 − 2 (дважды)»');
      sameTwice(chance, twiceOracle('storytelling', plainSide(-1), keys), 'chance die');
      close((chance.outcomes as Json).dramatic_failure, 0.01, 'both chance dice show 1');
    });

    it('an unknown pool: every row of `by_pool` is the better of two rolls of its size', async () => {
      const o = await odds('storytelling', '«Ловкость + Атлетика (дважды)»');
      assert.equal(o.pool, null);
      const rows = o.by_pool as Record<string, Json>;
      for (const size of ['1', '3', '6']) sameTwice(rows[size], twiceOracle('storytelling', plainSide(Number(size)), ['dramatic_failure', 'failure', 'success', 'exceptional_success']), `pool ${size}`);
    });

    it('vampire-pack (painful < failure) and mage-revised with Willpower', async () => {
      sameTwice(await odds('vampire-pack', '«Сила 3 + Драка 2 (сложность 2, дважды)»'), twiceOracle('vampire-pack', plainSide(3), ['no_dice', 'painful_failure', 'failure', 'success']), 'vampire-pack');
      sameTwice(
        await odds('mage-revised', '«Сила 2 + Атлетизм 1 (сложность 8, Сила Воли, дважды)»'),
        twiceOracle('mage-revised', plainSide(3, { difficulty: 8, willpower: true }), ['botch', 'failure', 'success']),
        'mage Willpower',
      );
    });
  });

  describe('attempts `K попыток [штраф M]` (000 l.294, 398)', () => {
    /**
     * Every sequence of results of the attempts, attempt i listed from the faces of (i − 1)·M dice
     * fewer, stopping at the first success: P(success by attempt k) and P(a dramatic failure on the way).
     */
    function attemptsOracle(dice: number, count: number, penalty: number): { within: number[]; dramatic: number } {
      const within = new Array<number>(count).fill(0);
      let dramatic = 0;
      const walk = (i: number, p: number, hadDramatic: boolean): void => {
        if (i === count) {
          if (hadDramatic) dramatic += p;
          return;
        }
        for (const r of sideRoll('storytelling', plainSide(dice - i * penalty)).results) {
          const q = p * r.p;
          if (r.kind === 'success' || r.kind === 'exceptional_success') {
            for (let k = i; k < count; k++) within[k] += q;
            if (hadDramatic) dramatic += q;
          } else walk(i + 1, q, hadDramatic || r.kind === 'dramatic_failure');
        }
      };
      walk(0, 1, false);
      return { within, dramatic };
    }

    function sameAttempts(got: Json, want: ReturnType<typeof attemptsOracle>, count: number, what: string): void {
      assert.equal(got.attempts, count, what);
      const within = got.within as number[];
      assert.equal(within.length, count, `${what}: within`);
      want.within.forEach((p, k) => close(within[k], p, `${what}: within[${k}]`));
      close(got.dramatic_any, want.dramatic, `${what}: dramatic_any`);
    }

    it('«3 попытки»: 5 dice, then 4, then 3 (000 l.398; Лора, l.402)', async () => {
      const o = await odds('storytelling', '«Интеллект 3 + Самообладание 2 (3 попытки)»');
      sameAttempts(o, attemptsOracle(5, 3, 1), 3, '3 attempts');
      // The headline outcomes are the first attempt's own.
      const first = sideRoll('storytelling', plainSide(5)).results;
      close((o.outcomes as Json).success, first.filter((r) => r.kind === 'success').reduce((sum, r) => sum + r.p, 0), 'first attempt');
    });

    it('«4 попытки, штраф 2» down to chance dice, and «штраф -2» in the same slot', async () => {
      const want = attemptsOracle(4, 4, 2);
      sameAttempts(await odds('storytelling', '«Сила 2 + Атлетика 2 (4 попытки, штраф 2)»'), want, 4, 'penalty 2');
      sameAttempts(await odds('storytelling', '«Сила 2 + Атлетика 2 (4 попытки штраф -2)»'), want, 4, 'penalty written -2');
      assert.ok(want.dramatic > 0, 'chance dice can fail dramatically');
    });

    it('an unknown pool: each row’s attempts start from its size', async () => {
      const o = await odds('storytelling', '«Интеллект + Самообладание (3 попытки, штраф 2)»');
      const rows = o.by_pool as Record<string, Json>;
      for (const size of [1, 4]) sameAttempts(rows[String(size)], attemptsOracle(size, 3, 2), 3, `pool ${size}`);
    });

    it('«1 попытка» is one roll: within = its success', async () => {
      const o = await odds('storytelling', '«Сила 2 + Атлетика 2 (1 попытка)»');
      sameAttempts(o, attemptsOracle(4, 1, 1), 1, 'one attempt');
    });
  });

  describe('`вторая попытка` (vampire-pack, 004 l.86–90)', () => {
    /** The listed faces of `dice` dice, every failure painful («Любой провал второй попытки считается болезненным»). */
    function secondOracle(dice: number): Record<string, number> {
      return byKind(sideRoll('pool-minus-difficulty', plainSide(dice)).results, ['no_dice', 'painful_failure', 'success'], (r) => (r.kind === 'failure' ? 'painful_failure' : r.kind));
    }

    it('Ульфред «Интеллект + Саботаж со сложностью 4»: one die fewer (difficulty 5), no plain failure left', async () => {
      const o = await odds('vampire-pack', '«Интеллект 3 + Саботаж 4 (сложность 4, вторая попытка)»');
      assert.equal(o.second_attempt, true);
      assert.equal(o.pool, 2);
      sameOutcomes(o, secondOracle(2), 'second attempt');
      assert.ok((o.notes as string[]).includes('second_attempt'));
    });

    it('without a written difficulty the default one is raised', async () => {
      const o = await odds('vampire-pack', '«Интеллект 3 + Саботаж 4 (вторая попытка)»');
      const plain = await odds('vampire-pack', '«Интеллект 3 + Саботаж 4»');
      assert.equal(o.pool, (plain.pool as number) - 1);
      sameOutcomes(o, secondOracle(o.pool as number), 'default difficulty');
    });
  });
});

describe('CLI.md Additions (3): storytelling contests by degrees (000 l.341)', () => {
  /**
   * Every pair of listed results read as 000 l.341 words it: «Если бросок одного из соперников
   * заканчивается полным провалом, то он либо проигрывает, либо даёт оппоненту эквивалент
   * исключительного успеха»; «Побеждает тот, кто набрал больше успехов … пять или больше успехов …
   * исключительный успех»; equal successes, none included, are no win.
   */
  function degreesOracle(mine: number, theirs: number): Record<string, number> {
    const c = { win: 0, tie: 0, lose: 0, exceptional_win: 0, exceptional_lose: 0 };
    for (const a of sideRoll('storytelling', plainSide(mine)).results) {
      for (const b of sideRoll('storytelling', plainSide(theirs)).results) {
        const p = a.p * b.p;
        const da = a.kind === 'dramatic_failure';
        const db = b.kind === 'dramatic_failure';
        if (da && db) c.tie += p;
        else if (da || (!db && b.successes > a.successes)) {
          c.lose += p;
          if (da || b.successes >= 5) c.exceptional_lose += p;
        } else if (db || a.successes > b.successes) {
          c.win += p;
          if (db || a.successes >= 5) c.exceptional_win += p;
        } else c.tie += p;
      }
    }
    return c;
  }

  function sameContest(got: Json, want: Record<string, number>, what: string): void {
    const contest = got.contest as Record<string, number>;
    assert.deepEqual(Object.keys(contest), ['win', 'tie', 'lose', 'exceptional_win', 'exceptional_lose'], `${what}: contest keys`);
    for (const [key, p] of Object.entries(want)) assert.ok(Math.abs(contest[key] - p) <= 1e-9, `${what}: contest.${key} ${contest[key]} ≠ ${p}`);
  }

  it('«Интеллект + Компьютеры» against each other (000 l.345): 6 dice against 3, exceptional parts of win and lose', async () => {
    const o = await odds('storytelling', '«Интеллект 3 + Компьютер 3 против Интеллект 2 + Компьютер 1»');
    sameContest(o, degreesOracle(6, 3), '6 against 3');
    assert.ok(!(o.notes as string[]).includes('dramatic_contest'), 'no chance die, no note');
  });

  it('a chance die against 2 dice: its lone dramatic failure loses, the opponent’s win is exceptional; the note says so', async () => {
    const o = await odds('storytelling', '«Интеллект 1 + Компьютер 0 − 1 против Интеллект 1 + Компьютер 1»');
    assert.equal(o.pool, 0);
    sameContest(o, degreesOracle(0, 2), 'chance die against 2');
    assert.deepEqual(o.notes, ['dramatic_contest']);
  });

  it('two chance dice: both dramatic failures tie, one alone loses', async () => {
    const o = await odds('storytelling', '«Сила 1 − 1 против Сила 1 − 1»');
    sameContest(o, degreesOracle(0, 0), 'chance dice');
    // The opponent's dramatic failure alone (0.1 × 0.9), and five 10s in a row (10⁻⁵ at most) beating the rest.
    const contest = o.contest as Record<string, number>;
    assert.ok(contest.exceptional_win >= 0.09 && contest.exceptional_win < 0.09 + 1e-5, `exceptional_win ${contest.exceptional_win}`);
  });

  it('a race (an extended contest) has no degrees: it is won by reaching the target', async () => {
    const o = await odds('storytelling', '«Сила 2 + Атлетика 2 (5 успехов) против Сила 2 + Атлетика 1»');
    assert.deepEqual(Object.keys(o.contest as Json), ['win', 'tie', 'lose']);
  });
});

describe('CLI.md Additions (3) in `rollmark check --format json`: each check carries the fields `odds --json` gives it', () => {
  it('«дважды», attempts, a threshold (storytelling) and «вторая попытка» (vampire-pack)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rollmark-additions3-'));
    try {
      const checks: [string, string][] = [
        ['storytelling', '«Ловкость 3 + Атлетика 2 (дважды)»'],
        ['storytelling', '«Ловкость 3 + Атлетика 2 (3 попытки)»'],
        ['storytelling', '«Ловкость 3 + Атлетика 2 (3 успеха за бросок)»'],
        ['vampire-pack', '«Интеллект 3 + Расследование 2 (сложность 4, вторая попытка)»'],
        ['mage-revised', '«Ловкость 3 + Драка 2 (сложность 6; урон: Сила 2 + 1; поглощение: 2)»'],
        ['werewolf-revised', '«Ловкость 3 + Драка 2 (урон: Сила 2 + 1; поглощение: 2) против Ловкость 2 + Уклонение 2»'],
        ['storytelling', '«Интеллект 3 + Компьютер 3 против Интеллект 2 + Компьютер 1»'],
      ];
      for (const [i, [ruleset, check]] of checks.entries()) {
        const file = join(dir, `${i}.scenario.md`);
        writeFileSync(file, `---\nruleset: ${ruleset}\n---\n\n${check}\n`);
        let out = '';
        const io: CliIo = { out: (t) => void (out += t), err: () => undefined, locale: 'en' };
        await main(['check', '--format', 'json', file], io);
        const [reported] = ((JSON.parse(out) as Json).files as { checks: Json[] }[])[0].checks;
        const { ruleset: _ruleset, check: _check, ...expected } = await odds(ruleset, check);
        for (const [key, value] of Object.entries(expected)) assert.deepEqual(reported[key], value, `${check}: ${key}`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('CLI.md Additions (3): combat in `rollmark odds --json`', () => {
  it('the attack’s outcomes, "hit", "damage" (misses in "0") and "expected_damage", as the listed faces give them', async () => {
    const o = await odds('mage-revised', '«Ловкость 2 + Драка 1 (сложность 6; урон: Сила 2 + 1; поглощение: 2)»');
    const want = combatOracle(3, 6, undefined, 3, 2);
    assert.deepEqual(Object.keys(o), ['ruleset', 'check', 'pool', 'outcomes', 'successes', 'expected', 'notes', 'hit', 'damage', 'expected_damage', 'damage_pool', 'soak_pool']);
    close(o.hit, want.hit, 'hit');
    sameOutcomes(o, { botch: want.botch, failure: 1 - want.hit - want.botch, success: want.hit }, 'outcomes');
    const damage = o.damage as Record<string, number>;
    assert.deepEqual(Object.keys(damage), want.damage.map((_, k) => String(k)));
    want.damage.forEach((p, k) => close(damage[String(k)], p, `damage.${k}`));
    close(o.expected_damage, want.expected, 'expected_damage');
    assert.deepEqual([o.damage_pool, o.soak_pool, o.notes], [3, 2, ['combat']]);
  });

  it('against a defender: outcomes.success is the hit, no contest', async () => {
    const o = await odds('werewolf-revised', '«Ловкость 2 + Драка 1 (урон: 3) против Ловкость 1 + Уклонение 1»');
    const want = combatOracle(3, 6, { dice: 2, t: 6 }, 3, 0);
    close(o.hit, want.hit, 'hit');
    sameOutcomes(o, { botch: want.botch, failure: 1 - want.hit - want.botch, success: want.hit }, 'outcomes');
    assert.equal(o.contest, undefined);
    close(o.expected_damage, want.expected, 'expected_damage');
  });
});
