/**
 * `rollmark audit`: a scenario's kept line read back, its check's exact distribution of successes
 * (the same as `rollmark odds --json` prints) and the kept successes giving the mid-rank percentile;
 * `rollmark roll --seed` replays the kept roll's dice exactly.
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli } from './runCli';

describe('rollmark audit', () => {
  let dir = '';
  beforeEach(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'rollmark-audit-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('audits a kept line against its check’s odds, text and JSON; the seed replays the same dice', async () => {
    const check = '«Сила 3 + Атлетика 2 (сложность 2)»';
    const rolled = JSON.parse((await runCli(['roll', '--ruleset', 'vampire-pack', '--seed', '42', '--json', check])).out) as { successes: number; dice: number[] };
    const again = JSON.parse((await runCli(['roll', '--ruleset', 'vampire-pack', '--seed', '42', '--json', check])).out) as { dice: number[] };
    assert.deepEqual(again.dice, rolled.dice);
    const odds = JSON.parse((await runCli(['odds', '--ruleset', 'vampire-pack', '--json', check])).out) as { successes: number[] };
    const file = path.join(dir, 'scene.scenario.md');
    const kept = `> 🎲 kept · 2026-12-06 <!-- rollmark:roll {"check":"${check}","ruleset":"vampire-pack","seed":42,"rolls":[{"successes":${rolled.successes}}]} -->`;
    writeFileSync(file, ['---', 'ruleset: vampire-pack', '---', `Забор: ${check}`, kept, ''].join('\n'));
    const k = rolled.successes;
    const percentile = (odds.successes.slice(0, k).reduce((a, b) => a + b, 0) + odds.successes[k] / 2) * 100;
    const json = await runCli(['audit', '--format', 'json', file]);
    assert.equal(json.code, 0, json.err);
    const [audit] = JSON.parse(json.out) as { percentile: number; observed: number; rolls: { line: number; check: string; seed: number; successes: number; percentile: number }[] }[];
    assert.ok(Math.abs(audit.percentile - percentile) < 1e-9);
    assert.equal(audit.observed, k);
    assert.deepEqual({ ...audit.rolls[0], percentile: undefined, expected: undefined }, { line: 5, check, seed: 42, successes: k, percentile: undefined, expected: undefined });
    const text = await runCli(['audit', file]);
    assert.equal(text.code, 0);
    const lines = text.out.split('\n');
    assert.equal(lines[0], `Luck audit: ${file}`);
    assert.match(lines[1], /^ {2}The party's successes were in the \d+(st|nd|rd|th) percentile of what the odds give$/);
    assert.equal(lines[2].startsWith(`  Successes rolled: ${k}, expected on average `), true);
    assert.match(lines[3], new RegExp(`^ {4}${check.replace(/[()+]/g, '\\$&')} \\(5\\): ${k} against [\\d.]+ expected — \\d+(st|nd|rd|th) percentile$`));
  });

  it('a file without kept rolls says so; a missing file is exit 2', async () => {
    const file = path.join(dir, 'empty.md');
    writeFileSync(file, '# Пусто\n');
    assert.deepEqual((await runCli(['audit', file], { locale: 'ru' })).out, `Проверка удачи: ${file}\n  В файле нет сохранённых бросков, которые можно сравнить с шансами\n`);
    assert.equal((await runCli(['audit', path.join(dir, 'nope.md')])).code, 2);
  });
});
