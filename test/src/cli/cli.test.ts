/**
 * The CLI in-process through `main(argv, io)` with a fake io: the `odds --json` contract per
 * family (CLI.md), exit codes and messages, `roll --seed`, `rulesets --json`, and `check` in
 * its three formats.
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli } from './runCli';

const EXAMPLES = path.resolve(__dirname, '../../../examples');

const run = (...argv: string[]) => runCli(argv);

type Json = Record<string, unknown>;

async function json(...argv: string[]): Promise<Json> {
  const r = await run(...argv);
  assert.equal(r.code, 0, r.err);
  return JSON.parse(r.out) as Json;
}

function close(actual: unknown, expected: number, tolerance = 1e-12): void {
  assert.equal(typeof actual, 'number');
  assert.ok(Math.abs((actual as number) - expected) <= tolerance, `${String(actual)} ≠ ${expected}`);
}

function sum(values: unknown): number {
  return Object.values(values as Record<string, number>).reduce((a, b) => a + b, 0);
}

describe('rollmark odds --json', () => {
  it('vampire-pack: pool 4, the outcome partition, successes and expected follow 4 dice at 30%', async () => {
    const o = await json('odds', '--ruleset', 'vampire-pack', '--json', '«Сила 3 + Атлетика 3 (сложность 2)»');
    assert.equal(o.ruleset, 'vampire-pack');
    assert.equal(o.check, '«Сила 3 + Атлетика 3 (сложность 2)»');
    assert.equal(o.pool, 4);
    const outcomes = o.outcomes as Json;
    assert.deepEqual(Object.keys(outcomes), ['no_dice', 'painful_failure', 'failure', 'success']);
    close(outcomes.no_dice, 0);
    close(outcomes.success, 1 - 0.7 ** 4);
    close(outcomes.failure, 0.6 ** 4);
    close(outcomes.painful_failure, 0.7 ** 4 - 0.6 ** 4);
    const successes = o.successes as number[];
    assert.equal(successes.length, 5);
    [0.2401, 0.4116, 0.2646, 0.0756, 0.0081].forEach((p, k) => close(successes[k], p));
    close(o.expected, 1.2);
  });

  it('classic: the keys are botch, failure, success; 5 dice at 6 botch with 0.5⁵ − 0.4⁵', async () => {
    const o = await json('odds', '--ruleset', 'mage-revised', '--json', '«Ловкость 3 + Атлетизм 2 (сложность 6)»');
    assert.equal(o.pool, 5);
    assert.deepEqual(Object.keys(o.outcomes as Json), ['botch', 'failure', 'success']);
    close((o.outcomes as Json).botch, 0.5 ** 5 - 0.4 ** 5);
    close(sum(o.outcomes), 1, 1e-9);
    close(sum(o.successes), 1, 1e-9);
  });

  it('storytelling: the keys are dramatic_failure, failure, success, exceptional_success; pool 0 is a chance die', async () => {
    const o = await json('odds', '--ruleset', 'storytelling', '--json', '«Сила 1 − 1»');
    assert.equal(o.pool, 0);
    assert.equal(o.chance_die, true);
    const outcomes = o.outcomes as Json;
    assert.deepEqual(Object.keys(outcomes), ['dramatic_failure', 'failure', 'success', 'exceptional_success']);
    close(outcomes.dramatic_failure, 0.1);
    close(outcomes.failure, 0.8);
    close((outcomes.success as number) + (outcomes.exceptional_success as number), 0.1, 1e-9);
  });

  it('d20: failure/success plus the critical keys, a margin object and no successes', async () => {
    const o = await json('odds', '--ruleset', 'threads-of-fate', '--json', '«Доблесть 3 (сложность 12)»');
    assert.equal(o.pool, 3);
    const outcomes = o.outcomes as Json;
    assert.deepEqual(Object.keys(outcomes), ['failure', 'success', 'critical_success', 'critical_failure', 'critical_rescue']);
    close(outcomes.success, 0.6);
    close(outcomes.failure, 0.4);
    close(outcomes.critical_success, 0.05);
    close(outcomes.critical_failure, 0.05);
    close(outcomes.critical_rescue, 0);
    assert.equal('successes' in o, false);
    const margin = o.margin as Json;
    assert.deepEqual(Object.keys(margin).map(Number).sort((a, b) => a - b), [-8, -7, -6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    close(sum(margin), 1, 1e-9);
    close(o.expected, 13.5);
  });

  it('an unknown pool gives pool null and by_pool keyed "1"…"10" instead of outcomes', async () => {
    const o = await json('odds', '--ruleset', 'vampire-pack', '--json', '«Сила + Атлетика (сложность 2)»');
    assert.equal(o.pool, null);
    assert.equal('outcomes' in o, false);
    const byPool = o.by_pool as Record<string, Json>;
    assert.deepEqual(Object.keys(byPool), ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    close((byPool['4'].outcomes as Json).success, 1 - 0.7 ** 4);
    close((byPool['1'].outcomes as Json).success, 0.3);
  });

  it('an unknown d20 modifier gives by_pool keyed "-2"…"12"', async () => {
    const o = await json('odds', '--ruleset', 'threads-of-fate', '--json', '«Доблесть (сложность 12)»');
    assert.equal(o.pool, null);
    const keys = Object.keys(o.by_pool as Json).map(Number).sort((a, b) => a - b);
    assert.deepEqual(keys, [-2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    close(((o.by_pool as Record<string, Json>)['3'].outcomes as Json).success, 0.6);
  });

  it('an extended action adds within, one entry per roll, its first equal to P(≥ 5 successes in one roll)', async () => {
    const extended = await json('odds', '--ruleset', 'storytelling', '--json', '«Сила 3 + Атлетика 2 (5 успехов, 3 броска)»');
    const single = await json('odds', '--ruleset', 'storytelling', '--json', '«Сила 3 + Атлетика 2»');
    const within = extended.within as number[];
    assert.equal(within.length, 3);
    close(within[0], (single.successes as number[]).slice(5).reduce((a, b) => a + b, 0), 1e-9);
    assert.ok(within[0] < within[1] && within[1] < within[2]);
  });

  it('a contest gives contest win/tie/lose, symmetric for equal pools', async () => {
    const o = await json('odds', '--ruleset', 'storytelling', '--json', '«Сила 3 против Сила 3»');
    const contest = o.contest as Record<string, number>;
    // storytelling contests have degrees (000 l.341): the exceptional parts of win and lose.
    assert.deepEqual(Object.keys(contest), ['win', 'tie', 'lose', 'exceptional_win', 'exceptional_lose']);
    close(contest.win, contest.lose, 1e-12);
    close(contest.exceptional_win, contest.exceptional_lose, 1e-12);
    close(contest.win + contest.tie + contest.lose, 1, 1e-9);
  });

  it('a malformed check exits 2 with the RM009 message and no stack trace', async () => {
    const r = await run('odds', '--ruleset', 'vampire-pack', '--json', '«Сила + (сложность 2)»');
    assert.equal(r.code, 2);
    assert.equal(r.out, '');
    assert.equal(r.err, 'rollmark odds: cannot take this check:\n  error RM009 Sign «+» without a term (at 6)\n');
  });

  it('a trait the rules never roll («Воля 5») is neither rolled nor given odds: exit 2 with the RM002 warning as the reason', async () => {
    for (const command of ['odds', 'roll']) {
      const r = await run(command, '--ruleset', 'storytelling', '«Воля 5»');
      assert.deepEqual(r, {
        code: 2,
        out: '',
        err: `rollmark ${command}: cannot take this check:\n  warning RM002 The trait "Воля" is never rolled: its points are spent. To spend one, write the parameter «(Воля)» (at 1)\n`,
      });
    }
  });

  it('an unknown ruleset exits 2 listing the known ones, with no stack trace', async () => {
    const r = await run('odds', '--ruleset', 'nope', '«Сила»');
    assert.equal(r.code, 2);
    assert.equal(r.err, 'rollmark odds: unknown ruleset "nope" (one of: storytelling, mage-revised, threads-of-fate, werewolf-revised, vampire-pack)\n');
  });

  it('a roll with a pool of a billion dice exits 2 instead of rolling them', async () => {
    const r = await run('roll', '--ruleset', 'vampire-pack', '--pool', '999999999', '«Сила + Атлетика (сложность 2)»');
    assert.equal(r.code, 2);
    assert.equal(r.err, 'rollmark roll: --pool must be between 0 and 100\n');
  });

  it('an unknown command exits 2', async () => {
    const r = await run('frobnicate');
    assert.equal(r.code, 2);
    assert.match(r.err, /^rollmark: unknown command "frobnicate"/);
  });
});

describe('rollmark roll', () => {
  it('the same seed gives the same JSON, with as many dice as the pool', async () => {
    const args = ['roll', '--ruleset', 'vampire-pack', '--seed', '7', '--json', '«Сила 3 + Атлетика 3 (сложность 2)»'];
    const a = await run(...args);
    const b = await run(...args);
    assert.equal(a.code, 0);
    assert.equal(a.out, b.out);
    const roll = JSON.parse(a.out) as Json;
    assert.equal(roll.seed, 7);
    assert.equal((roll.dice as number[]).length, 4);
    const successes = (roll.dice as number[]).filter((d) => d >= 8).length;
    assert.equal(roll.successes, successes);
    assert.ok(['painful_failure', 'failure', 'success'].includes(roll.outcome as string));
  });

  it('a seed that is not a whole number exits 2', async () => {
    const r = await run('roll', '--ruleset', 'vampire-pack', '--seed', 'x', '«Сила 3 + Атлетика 3 (сложность 2)»');
    assert.equal(r.code, 2);
    assert.equal(r.err, 'rollmark roll: --seed must be a whole number, got "x"\n');
  });
});

describe('rollmark rulesets --json', () => {
  it('lists the five built-in ids', async () => {
    const r = await run('rulesets', '--json');
    assert.equal(r.code, 0);
    const rows = JSON.parse(r.out) as { id: string; family: string; vocabulary: string }[];
    assert.deepEqual(
      rows.map((x) => [x.id, x.family, x.vocabulary]),
      [
        ['storytelling', 'storytelling', 'closed'],
        ['mage-revised', 'classic', 'closed'],
        ['threads-of-fate', 'd20', 'open'],
        ['werewolf-revised', 'classic', 'closed'],
        ['vampire-pack', 'pool-minus-difficulty', 'closed'],
      ],
    );
  });
});

describe('rollmark check', () => {
  let tmp = '';
  before(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'rollmark-cli-'));
  });
  after(() => {
    rmSync(tmp, { recursive: true, force: true });
  });

  it('--format json on examples/ sums the files and gives LSP ranges', async () => {
    const r = await run('check', '--format', 'json', EXAMPLES);
    assert.equal(r.code, 0, r.err);
    const report = JSON.parse(r.out) as { files: { path: string; ruleset: string; diagnostics: Json[]; checks: Json[] }[]; summary: Json };
    // The campaign folder adds 3 files, 4 checks and its one RM016 (an info).
    assert.deepEqual(report.summary, { files: 8, checks: 29, errors: 0, warnings: 2, infos: 3, hints: 1 });
    assert.deepEqual(
      report.files.map((f) => [path.basename(f.path), f.ruleset]),
      [
        ['mage.scenario.md', 'mage-revised'],
        ['storytelling.scenario.md', 'storytelling'],
        ['threads.scenario.md', 'threads-of-fate'],
        ['vampire.scenario.md', 'vampire-pack'],
        ['werewolf.scenario.md', 'werewolf-revised'],
        ['1-пристань.scenario.md', 'threads-of-fate'],
        ['2-склад.scenario.md', 'threads-of-fate'],
        ['3-маяк.scenario.md', 'threads-of-fate'],
      ],
    );
    const werewolf = report.files[4];
    const lines = readFileSync(path.join(EXAMPLES, 'werewolf.scenario.md'), 'utf8').split('\n');
    const at = lines[19].indexOf('Атлетизм');
    assert.deepEqual(werewolf.diagnostics.map((d) => [d.code, d.severity, d.range]), [
      ['RM014', 'warning', { start: { line: 19, character: at }, end: { line: 19, character: at + 'Атлетизм'.length } }],
    ]);
    const vampire = report.files[3];
    const first = vampire.checks[0];
    const vLines = readFileSync(path.join(EXAMPLES, 'vampire.scenario.md'), 'utf8').split('\n');
    assert.equal(first.text, '«Адриан: Сила + Атлетика (сложность 2)»');
    const line = vLines.findIndex((l) => l.includes('«Адриан: Сила'));
    assert.equal(line, 19);
    assert.deepEqual(first.range, { start: { line, character: 0 }, end: { line, character: (first.text as string).length } });
    assert.equal(first.pool, 4);
    close(first.success, 1 - 0.7 ** 4);
    // The last check has no actor: its own pool is unknown, and the party rolls it (CLI.md "Whole party").
    const party = vampire.checks[5];
    assert.deepEqual([party.text, party.pool, party.success], ['«Сила + Атлетика (сложность 2)»', null, null]);
    assert.deepEqual((party.party as { character: string }[]).map((m) => m.character), ['Адриан', 'Катастрофа']);
    const [adrian, katastrofa] = (party.party as { success: number }[]).map((m) => m.success);
    // vampire-pack: 4 and 2 dice, each die a success with 3/10.
    close(adrian, 1 - 0.7 ** 4);
    close(katastrofa, 1 - 0.7 ** 2);
    close(party.party_any as number, 1 - (1 - adrian) * (1 - katastrofa));
    close(party.party_all as number, adrian * katastrofa);
  });

  it('--format sarif writes SARIF 2.1.0 with rule ids and 1-based regions', async () => {
    const r = await run('check', '--format', 'sarif', path.join(EXAMPLES, 'werewolf.scenario.md'));
    assert.equal(r.code, 0);
    const sarif = JSON.parse(r.out) as { version: string; runs: { tool: { driver: { name: string; rules: { id: string }[] } }; results: Json[] }[] };
    assert.equal(sarif.version, '2.1.0');
    assert.equal(sarif.runs[0].tool.driver.name, 'rollmark');
    assert.equal(sarif.runs[0].tool.driver.rules.length, 17);
    const lines = readFileSync(path.join(EXAMPLES, 'werewolf.scenario.md'), 'utf8').split('\n');
    const column = lines[19].indexOf('Атлетизм') + 1;
    assert.deepEqual(
      sarif.runs[0].results.map((x) => [x.ruleId, x.level, (x.locations as { physicalLocation: { region: Json } }[])[0].physicalLocation.region]),
      [['RM014', 'warning', { startLine: 20, startColumn: column, endLine: 20, endColumn: column + 'Атлетизм'.length }]],
    );
  });

  it('exits 1 when a file has an error, and prints it like a compiler', async () => {
    const file = path.join(tmp, 'broken.md');
    writeFileSync(file, '---\nruleset: nope-pack\n---\n\nТекст.\n');
    const r = await run('check', file);
    assert.equal(r.code, 1);
    assert.equal(
      r.out,
      `${file}:2:10 error RM011 Unknown ruleset "nope-pack". Available: storytelling, mage-revised, threads-of-fate, werewolf-revised, vampire-pack\n` +
        '1 file, 0 checks: 1 error, 0 warnings, 0 infos, 0 hints\n',
    );
  });

  it('checks a file named explicitly whatever its extension, and skips it when walking a folder', async () => {
    const file = path.join(tmp, 'notes.txt');
    writeFileSync(file, '---\nruleset: vampire-pack\n---\n\n«Сила + Атлетиканн (сложность 2)»\n');
    const explicit = await run('check', '--format', 'json', file);
    assert.equal(explicit.code, 1);
    assert.deepEqual((JSON.parse(explicit.out) as { summary: Json }).summary, { files: 1, checks: 1, errors: 1, warnings: 0, infos: 0, hints: 0 });
    const walked = await run('check', '--format', 'json', tmp);
    const files = (JSON.parse(walked.out) as { files: { path: string }[] }).files.map((f) => path.basename(f.path));
    assert.equal(files.includes('notes.txt'), false);
  });

  it('--ruleset sets the ruleset of a document without front matter', async () => {
    const file = path.join(tmp, 'plain.md');
    writeFileSync(file, 'Текст «Ловкость + Атлетизм (сложность 4)».\n');
    const report = JSON.parse((await run('check', '--format', 'json', '--ruleset', 'werewolf-revised', file)).out) as { files: { ruleset: string; diagnostics: Json[] }[] };
    assert.equal(report.files[0].ruleset, 'werewolf-revised');
    assert.deepEqual(report.files[0].diagnostics.map((d) => d.code), ['RM014']);
  });

  it('--checks --seed rolls from one generator for the whole run: a party check as the editor does, each check its own dice, the same on every run', async () => {
    const file = path.join(tmp, 'party.md');
    writeFileSync(
      file,
      '---\nruleset: storytelling\ncharacters:\n  Вера: { Сила: 2, Атлетика: 2 }\n  Марк: { Сила: 3, Атлетика: 3 }\n  Зоя: { Сила: 1 }\n---\n\nПерелезть через забор: «Сила + Атлетика».\n\nВыбить дверь: «Марк: Сила + Атлетика», и ещё раз: «Марк: Сила + Атлетика».\n',
    );
    const r = await run('check', '--checks', '--seed', '3', file);
    assert.equal(r.code, 0, r.err);
    // Зоя's sheet has no Атлетика: she is not one of the party who roll (nor is the typical pool of 5).
    // The same check twice rolls twice: each roll draws the next dice of the run.
    assert.equal(
      r.out,
      [
        `${file}: storytelling · World of Darkness: Storytelling System (2004), 3 checks`,
        `  ${file}:9:24 «Сила + Атлетика» · party: Марк 88%, Вера 76% · at least one 97% · all 67% · values missing from the sheet: Зоя`,
        '    🎲 Марк: [5, 3, 10, 4, 6, 5] + re-rolled [10, 1] → 2 successes: success',
        '    🎲 Вера: [4, 6, 9, 10] + re-rolled [10, 4] → 3 successes: success',
        `  ${file}:11:15 «Марк: Сила + Атлетика» · pool 6 · success 88%`,
        '    🎲 [1, 4, 9, 6, 3, 6] → 1 success: success',
        `  ${file}:11:51 «Марк: Сила + Атлетика» · pool 6 · success 88%`,
        '    🎲 [7, 4, 9, 3, 6, 6] → 1 success: success',
        '1 file, 3 checks: 0 errors, 0 warnings, 0 infos, 0 hints',
        '',
      ].join('\n'),
    );
    assert.equal((await run('check', '--checks', '--seed', '3', file)).out, r.out, 'the same seed, the same run');
    assert.notEqual((await run('check', '--checks', '--seed', '4', file)).out, r.out);
    // The run's first roll is `rollmark roll` of that pool with the same seed.
    const roll = await run('roll', '--ruleset', 'storytelling', '--seed', '3', '«Сила 3 + Атлетика 3»');
    assert.equal(roll.out, '🎲 «Сила 3 + Атлетика 3»: [5, 3, 10, 4, 6, 5] + re-rolled [10, 1] → 2 successes: success · seed 3\n');
  });

  it('a missing file exits 2 with a message', async () => {
    const r = await run('check', path.join(tmp, 'absent.md'));
    assert.equal(r.code, 2);
    assert.equal(r.err, `rollmark check: no such file or directory: ${path.join(tmp, 'absent.md')}\n`);
  });
});

describe('rollmark --help', () => {
  it('prints the usage on standard output when asked (--help, -h) and exits 0', async () => {
    for (const flag of ['--help', '-h']) {
      const r = await run(flag);
      assert.deepEqual([r.code, r.err], [0, '']);
      assert.match(r.out, /^Usage:|rollmark check/m);
    }
  });

  it('prints it on standard error without a command or with an unknown one, and exits 2', async () => {
    const bare = await run();
    assert.deepEqual([bare.code, bare.out], [2, '']);
    assert.match(bare.err, /rollmark check/);
    const unknown = await run('chek');
    assert.deepEqual([unknown.code, unknown.out], [2, '']);
    assert.match(unknown.err, /^rollmark: unknown command "chek"/);
  });
});
