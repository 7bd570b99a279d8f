/**
 * `rollmark odds --json` and `rollmark check --format json` for the mechanics of MARKUP.md
 * "Additions (2)", in exactly the shapes of CLI.md "Additions (2)": every number against the
 * brute-force oracle (test/src/engine/bruteForce.ts) fed the spec the rules text describes, and the
 * engine's own report (computeOdds) for the fields the oracle does not model.
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CliIo } from '../../../server/out/cli/io';
import { main } from '../../../server/out/cli/main';
import { getBuiltinRuleset } from '../../../server/out/engine/builtinRulesets';
import { helperSide, plainSide } from '../../../server/out/engine/checkSpec';
import type { CheckSpec } from '../../../server/out/engine/checkSpec';
import { computeOdds } from '../../../server/out/engine/odds';
import { FAMILY_OF, oracleAlternatives, oracleOdds } from '../engine/bruteForce';
import type { OracleOdds } from '../engine/bruteForce';

type Json = Record<string, unknown>;

async function cli(...argv: string[]): Promise<string> {
  let out = '';
  let err = '';
  const io: CliIo = { out: (t) => void (out += t), err: (t) => void (err += t), locale: 'en' };
  assert.equal(await main(argv, io), 0, err);
  return out;
}

async function odds(ruleset: string, check: string): Promise<Json> {
  return JSON.parse(await cli('odds', '--ruleset', ruleset, '--json', check)) as Json;
}

const TOL = 1e-9;

function close(actual: unknown, expected: number, what: string): void {
  assert.equal(typeof actual, 'number', `${what}: ${String(actual)}`);
  assert.ok(Math.abs((actual as number) - expected) <= TOL, `${what}: ${String(actual)} ≠ ${expected}`);
}

/** A plain roll's JSON (outcomes, successes, expected) against the oracle. */
function sameRoll(got: Json, want: OracleOdds, what: string): void {
  const outcomes = got.outcomes as Record<string, number>;
  assert.deepEqual(Object.keys(outcomes).sort(), Object.keys(want.outcomes).sort(), `${what}: outcome keys`);
  for (const [key, p] of Object.entries(want.outcomes)) close(outcomes[key], p, `${what}: outcomes.${key}`);
  (want.successes ?? []).forEach((p, k) => close((got.successes as number[])[k] ?? 0, p, `${what}: successes[${k}]`));
  close(got.expected, want.expected, `${what}: expected`);
  assert.equal(got.pool, want.pool, `${what}: pool`);
}

function sameContest(got: Json, want: OracleOdds, what: string): void {
  const contest = got.contest as Record<string, number>;
  assert.deepEqual(Object.keys(contest), ['win', 'tie', 'lose'], `${what}: contest keys`);
  close(contest.win, want.contest?.win ?? NaN, `${what}: win`);
  close(contest.tie, want.contest?.tie ?? NaN, `${what}: tie`);
  close(contest.lose, want.contest?.lose ?? NaN, `${what}: lose`);
}

function oracle(ruleset: string, spec: CheckSpec): OracleOdds {
  return oracleOdds(FAMILY_OF[ruleset], spec);
}

/** The engine's report as the CLI prints it (numbers to 15 significant digits). */
function engine(ruleset: string, spec: CheckSpec): Json {
  const r = getBuiltinRuleset(ruleset);
  assert.ok(r);
  const { ruleset: _id, ...report } = computeOdds(r, spec);
  return JSON.parse(JSON.stringify(report, (_k, v: unknown) => (typeof v === 'number' && !Number.isInteger(v) ? Number(v.toPrecision(15)) : v))) as Json;
}

describe('CLI.md Additions (2): the JSON of the new mechanics', () => {
  it('alternatives: every combination with its check, `best`, and the best one’s fields at the top', async () => {
    const o = await odds('mage-revised', '«Ловкость 3 или Интеллект 2 + Ремесло 2 (сложность 6)»');
    const combos = [{ side: plainSide(5, { difficulty: 6 }) }, { side: plainSide(4, { difficulty: 6 }) }];
    const want = oracleAlternatives('classic', combos);
    const alternatives = o.alternatives as Json[];
    assert.deepEqual(
      alternatives.map((a) => a.check),
      ['«Ловкость 3 + Ремесло 2 (сложность 6)»', '«Интеллект 2 + Ремесло 2 (сложность 6)»'],
    );
    alternatives.forEach((a, i) => sameRoll(a, want.each[i], `alternative ${i}`));
    assert.equal(o.best, want.best);
    sameRoll(o, want.each[want.best], 'top level');
    // 5 dice at difficulty 6: 84,400 of the 10⁵ faces have more successes than 1s.
    close((alternatives[0].outcomes as Json).success, 0.844, 'alternative 0 success');
  });

  it('teamwork: the main roll after the helpers, with `helpers`', async () => {
    const o = await odds('storytelling', '«Сила 1 + Атлетика 1 (помощь: 1)»');
    const main = plainSide(2);
    const want = oracle('storytelling', { side: { ...main, helpers: [helperSide(main, 2)] } });
    sameRoll(o, want, 'storytelling');
    assert.equal(o.helpers, 1);
    // The series stops where the rest is below 1e-15, as a plain roll's (it ran to 34 entries, ~1e-29).
    const series = o.successes as number[];
    assert.equal(series.length, 20);
    assert.ok(series[19] >= 1e-15, `last kept ${series[19]}`);
    // Left out: the mixture's tail below the cut, plus each component's own below it.
    assert.ok((want.successes ?? []).slice(20).reduce((a, b) => a + b, 0) < 2e-15, 'what is left out is within the cuts');
    const classic = await odds('werewolf-revised', '«Сила 2 + Атлетика 1 (сложность 7, помощь: 2)»');
    const main7 = plainSide(3, { difficulty: 7 });
    sameRoll(classic, oracle('werewolf-revised', { side: { ...main7, helpers: [helperSide(main7, 3), helperSide(main7, 3)] } }), 'classic');
    assert.equal(classic.helpers, 2);
  });

  it('a race: `contest` for the whole race, `within` per round; `unfinished` only when mass is left', async () => {
    const o = await odds('mage-revised', '«Ловкость 2 + Атлетизм 1 (3 успеха) против Ловкость 1 + Вождение 1»');
    const want = oracle('mage-revised', { side: plainSide(3), opponent: plainSide(2), extended: { target: 3 } });
    sameContest(o, want, 'race');
    const within = o.within as number[];
    assert.equal(within.length, want.within?.length);
    within.forEach((p, k) => close(p, want.within?.[k] ?? NaN, `within[${k}]`));
    assert.equal('unfinished' in o, false);
    // Two chance dice that a dramatic failure sends back to 0: after 200 rounds some races are still on.
    const slow = await odds('storytelling', '«Сила 1 − 2 (3 успеха) против Сила 1 − 2»');
    const wantSlow = oracle('storytelling', { side: plainSide(-1), opponent: plainSide(-1), extended: { target: 3 } });
    sameContest(slow, wantSlow, 'slow race');
    assert.equal((slow.within as number[]).length, 200);
    close(slow.unfinished, wantSlow.unfinished ?? NaN, 'unfinished');
    assert.ok((slow.unfinished as number) > 1e-12);
  });

  it('soak and damage: the classic keys, `botch` present and 0', async () => {
    const o = await odds('mage-revised', '«Выносливость 3 (поглощение)»');
    sameRoll(o, oracle('mage-revised', { side: plainSide(3, { noBotch: true }) }), 'soak');
    assert.deepEqual(Object.keys(o.outcomes as Json), ['botch', 'failure', 'success']);
    assert.equal((o.outcomes as Json).botch, 0);
    const damage = await odds('werewolf-revised', '«Сила 4 + 1 (урон, сложность 6)»');
    assert.equal((damage.outcomes as Json).botch, 0);
    sameRoll(damage, oracle('werewolf-revised', { side: plainSide(5, { noBotch: true, difficulty: 6 }) }), 'damage');
  });

  it('initiative: no outcomes, `initiative` keyed by the total, `expected` the mean total, `pool` the rating', async () => {
    const o = await odds('werewolf-revised', '«Ловкость 3 + Смекалка 2 (инициатива)»');
    const want = oracle('werewolf-revised', { side: plainSide(5), initiative: true });
    assert.equal('outcomes' in o, false);
    assert.equal(o.pool, 5);
    const initiative = o.initiative as Record<string, number>;
    assert.deepEqual(Object.keys(initiative), ['6', '7', '8', '9', '10', '11', '12', '13', '14', '15']);
    for (const [total, p] of Object.entries(want.initiative ?? {})) close(initiative[total], p, `initiative[${total}]`);
    close(o.expected, 10.5, 'expected');
    assert.deepEqual(await odds('storytelling', '«Инициатива 4»'), { ruleset: 'storytelling', check: '«Инициатива 4»', ...engine('storytelling', { side: plainSide(4), initiative: true }) });
  });

  it('vampire-pack contests: `contest` after the tie-break, `tie_break` only when the Attributes decided', async () => {
    const o = await odds('vampire-pack', '«Сила 3 + Атлетика 2 (сложность 2) против Ловкость 2 + Атлетика 3»');
    sameContest(o, oracle('vampire-pack', { side: plainSide(5, { difficulty: 2, attribute: 3 }), opponent: plainSide(5, { difficulty: 2, attribute: 2 }) }), 'tie-break');
    assert.equal(o.tie_break, 'attribute');
    const storyteller = await odds('vampire-pack', '«Ловкость 3 + Атлетика 2 против 6»');
    sameContest(storyteller, oracle('vampire-pack', { side: plainSide(5, { attribute: 3 }), opponent: plainSide(6) }), 'Storyteller pool');
    assert.equal('tie_break' in storyteller, false);
  });

  it('`notes` has a key for every note the text prints, in the order it prints them', async () => {
    const notesOf = async (ruleset: string, check: string) => (await odds(ruleset, check)).notes;
    assert.deepEqual(await notesOf('storytelling', '«Сила 1 + Атлетика 1 (помощь: 1)»'), ['teamwork']);
    assert.deepEqual(await notesOf('mage-revised', '«Выносливость 3 (поглощение)»'), ['no_botch']);
    assert.deepEqual(await notesOf('werewolf-revised', '«Сила 2 + Атлетика 1 (сложность 6, Сила воли, урон, помощь: 1, специализация)»'), ['willpower', 'teamwork', 'no_botch', 'specialty']);
    assert.deepEqual(await notesOf('werewolf-revised', '«Инициатива 5»'), ['initiative']);
    assert.deepEqual(await notesOf('vampire-pack', '«Сила 3 + Атлетика 2 (сложность 2) против Ловкость 2 + Атлетика 3»'), ['tie_break']);
    assert.deepEqual(await notesOf('storytelling', '«Сила 1 − 2 (3 успеха) против Сила 1 − 2»'), ['unfinished']);
    assert.deepEqual(await notesOf('threads-of-fate', '«Скрытность 1 (сложность 25)»'), ['critical_rescue']);
    assert.deepEqual(await notesOf('storytelling', '«Сила 1 − 4 (Воля)»'), ['chance_die', 'willpower']);
    assert.deepEqual(await notesOf('mage-revised', '«Ловкость 2 + Атлетизм 1 (3 успеха) против Ловкость 1 + Вождение 1»'), []);
  });

  describe('check --format json', () => {
    let dir = '';
    before(() => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'rollmark-additions-'));
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('a check with a new mechanic carries the object odds prints; a plain one only pool and success', async () => {
      const file = path.join(dir, 'mechanics.md');
      const checks = [
        '«Ловкость 3 или Интеллект 2 + Ремесло 2 (сложность 6)»',
        '«Сила 2 + Атлетизм 1 (сложность 6, помощь: 2)»',
        '«Ловкость 2 + Атлетизм 1 (3 успеха) против Ловкость 1 + Вождение 1»',
        '«Выносливость 3 (поглощение)»',
        '«Инициатива 5»',
        '«Сила 3 + Атлетизм 2 (сложность 6)»',
      ];
      writeFileSync(file, ['---', 'ruleset: mage-revised', '---', '', ...checks.map((c) => `${c}\n`)].join('\n'));
      const report = JSON.parse(await cli('check', '--format', 'json', file)) as { files: { checks: Json[] }[] };
      const entries = report.files[0].checks;
      const fromOdds = async (check: string): Promise<Json> => {
        const { ruleset: _r, check: _c, pool: _p, ...rest } = await odds('mage-revised', check);
        return rest;
      };
      for (let i = 0; i < 5; i++) {
        const { text, range: _range, pool, success, ...rest } = entries[i];
        assert.equal(text, checks[i]);
        const full = await odds('mage-revised', checks[i]);
        assert.equal(pool, full.pool, `${checks[i]}: pool`);
        assert.deepEqual(rest, await fromOdds(checks[i]), `${checks[i]}: the odds object`);
        if (i === 4) assert.equal(success, null, 'initiative has no chance of success');
        else assert.equal(typeof success, 'number');
      }
      const { text: _t, range: _r, ...plain } = entries[5];
      assert.deepEqual(Object.keys(plain), ['pool', 'success']);
      // The headline chances: the best alternative’s success, a race’s win.
      close(entries[0].success, 0.844, 'alternatives: the best one’s success');
      close(entries[2].success, (entries[2].contest as Json).win as number, 'a race: P(win)');
    });
  });
});
