/**
 * `rollmark odds --json` for the mechanics of MARKUP.md / RULESETS.md "Additions (3)", in the shapes
 * of CLI.md "Additions (3)". Every number is read here, by the rules text's wording, from the
 * die faces the brute-force oracle lists (test/src/engine/bruteForce.ts: `sideRoll`), never from
 * the engine.
 */
import * as assert from 'node:assert/strict';
import type { CliIo } from '../../../server/out/cli/io';
import { main } from '../../../server/out/cli/main';
import { plainSide, type RollSide } from '../../../server/out/engine/checkSpec';
import { FAMILY_OF, type RollResult, sideRoll } from '../engine/bruteForce';

type Json = Record<string, unknown>;

async function odds(ruleset: string, check: string): Promise<Json> {
  let out = '';
  let err = '';
  const io: CliIo = { out: (t) => void (out += t), err: (t) => void (err += t), locale: 'en' };
  assert.equal(await main(['odds', '--ruleset', ruleset, '--json', check], io), 0, err);
  return JSON.parse(out) as Json;
}

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
});
