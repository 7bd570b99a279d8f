/**
 * `rollmark report` in-process: the JSON model of examples/ (every check's chance per character,
 * the party's, the hardest and easiest, problems per scene), Markdown tables linking each row to
 * its file, and the standalone HTML: one file, two SVG charts, no script, nothing remote, links
 * relative to where it is written, never written over a scenario.
 */
import * as assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import { voice } from '../../../server/out/present/voice';
import { fileReport, scenarioReport, type ScenarioReport } from '../../../server/out/report/model';
import { runCliWithProgress } from './runCli';
import { writeFileSync, mkdirSync } from 'node:fs';
import { plainSide } from '../../../server/out/engine/checkSpec';
import { oracleOdds } from '../engine/bruteForce';

const EXAMPLES = path.resolve(__dirname, '../../../examples');

const run = (...argv: string[]) => runCliWithProgress(argv);

describe('rollmark report', () => {
  let tmp = '';
  const cwd = process.cwd();
  beforeEach(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'rollmark-report-cli-'));
    // Folders too: the example campaign is one, with its own .rollmark/.
    for (const f of readdirSync(EXAMPLES)) cpSync(path.join(EXAMPLES, f), path.join(tmp, f), { recursive: true });
    process.chdir(tmp);
  });
  afterEach(() => {
    process.chdir(cwd);
    rmSync(tmp, { recursive: true, force: true });
  });

  it('--format json: the paths through a campaign of two files, each scene’s chance and where it hangs on one roll', async () => {
    mkdirSync('поход');
    writeFileSync('поход/1-ворота.md', ['---', 'ruleset: vampire-pack', '---', '# Ворота', '', '«Сила 2 + Атлетика 2 (сложность 3)»: при успехе — [Двор](2-двор.md), при провале — [Ров](#ров).', '', '## Ров', '', 'Обратно к [воротам](#ворота).', ''].join('\n'));
    writeFileSync('поход/2-двор.md', ['# Двор', '', '## Финал: победа', ''].join('\n'));
    const r = await run('report', '--format', 'json', 'поход');
    assert.equal(r.code, 0, r.err);
    const json = JSON.parse(r.out) as { parties: string[]; scenes: { title: string; path: string; reach: Record<string, number> }[]; hangs: { title: string; check: string | null; reason: string; outcome?: string; chance?: Record<string, number> }[] };
    const p = oracleOdds('pool-minus-difficulty', { side: plainSide(4, { difficulty: 3 }) }).outcomes.success;
    assert.deepEqual(json.parties, ['front-matter']);
    assert.deepEqual(
      json.scenes.map((s) => [s.path, s.title]),
      [
        ['поход/1-ворота.md', 'Ворота'],
        ['поход/1-ворота.md', 'Ров'],
        ['поход/2-двор.md', 'Двор'],
        ['поход/2-двор.md', 'Финал: победа'],
      ],
    );
    const expected = [1, 1 - p, p, p];
    json.scenes.forEach((s, i) => assert.ok(Math.abs(s.reach['front-matter'] - expected[i]) < 1e-12, `${s.title}: ${s.reach['front-matter']}`));
    assert.deepEqual(
      json.hangs.map((h) => [h.title, h.check, h.reason, h.outcome]),
      [
        ['Ров', '«Сила 2 + Атлетика 2 (сложность 3)»', 'single-check', 'failure'],
        ['Двор', '«Сила 2 + Атлетика 2 (сложность 3)»', 'single-check', 'success'],
        ['Финал: победа', '«Сила 2 + Атлетика 2 (сложность 3)»', 'single-check', 'success'],
      ],
    );
    assert.ok(Math.abs((json.hangs[1].chance?.['front-matter'] ?? 0) - p) < 1e-12);
  });

  it('--format json: every check’s chance per character in reading order, the party’s, the ranked chances', async () => {
    const r = await run('report', '--format', 'json', '.');
    assert.equal(r.code, 0, r.err);
    const report = JSON.parse(r.out) as ScenarioReport;
    assert.deepEqual(
      report.files.map((f) => [f.path, f.checks, f.characters]),
      [
        ['mage.scenario.md', 5, ['Лиза', 'Охранник']],
        ['storytelling.scenario.md', 6, ['Вера', 'Марк']],
        ['threads.scenario.md', 4, ['Ирина', 'Киборг']],
        ['vampire.scenario.md', 6, ['Адриан', 'Катастрофа']],
        ['werewolf.scenario.md', 4, ['Серый Коготь']],
        // The campaign's characters come from its .rollmark/party.yaml (the default party).
        ['кампания/1-пристань.scenario.md', 2, ['Мирон', 'Вера']],
        ['кампания/2-склад.scenario.md', 1, ['Мирон', 'Вера']],
        ['кампания/3-маяк.scenario.md', 1, ['Мирон', 'Вера']],
      ],
    );
    assert.equal(report.checks, 29);
    assert.deepEqual(report.problems, { errors: 0, warnings: 2, infos: 3, hints: 1 });
    const rows = report.files.flatMap((f) => f.scenes.flatMap((s) => s.checks));
    assert.deepEqual(
      rows.map((row) => row.index),
      Array.from({ length: 29 }, (_, i) => i + 1),
    );
    const door = rows.find((row) => row.path === 'vampire.scenario.md' && row.text === '«Сила + Атлетика (сложность 2)»');
    assert.ok(door);
    assert.deepEqual(door.chances.map((c) => [c.character, Number(c.chance.toFixed(4))]), [
      ['Адриан', 0.7599],
      ['Катастрофа', 0.51],
    ]);
    assert.deepEqual([door.line, door.character, door.label, door.band], [36, 25, '51%–76%', 'medium']);
    assert.ok(Math.abs(door.party!.any - (1 - 0.7 ** 4 * 0.7 ** 2)) < 1e-12);
    // The werewolf check written with another book's word: no sheet value, no party (one character), no chance.
    assert.deepEqual(rows[24].chances, []);
    // Марк's chance die: 10 %. Ирина: d20 + 3 against 12 with 2 Помехи, the lowest of three d20 at 9+: 0.6³.
    assert.deepEqual(
      report.hardest.slice(0, 4).map((h) => [h.roller, h.path, h.line, Number(h.chance.toFixed(4))]),
      [
        // The campaign's lock at 24: Вера (+1) cannot, Мирон (+4) needs a 20.
        ['Вера', 'кампания/2-склад.scenario.md', 6, 0],
        ['Мирон', 'кампания/2-склад.scenario.md', 6, 0.05],
        ['Марк', 'storytelling.scenario.md', 17, 0.1],
        ['Ирина', 'threads.scenario.md', 18, 0.216],
      ],
    );
    assert.deepEqual(report.easiest[0].roller, null, 'the static value of threads: 100 %');
    const scene = report.files[1].scenes.find((s) => s.title === 'Сцена 1. Погоня');
    assert.deepEqual(scene?.problems, { errors: 0, warnings: 0, infos: 1, hints: 0 });
    assert.deepEqual(r.progress.at(-1), undefined, 'the progress line is cleared at the end');
    assert.match(r.progress.at(-2) ?? '', /^rollmark report: 8 of 8 files$/);
  });

  it('--format md: a table per scene, each row linked to its file:line', async () => {
    const r = await run('report', '--format', 'md', 'vampire.scenario.md');
    assert.equal(r.code, 0, r.err);
    const lines = r.out.split('\n');
    assert.equal(lines[0], '# Scenario overview');
    const header = lines.indexOf('### Сцена 2. Архив');
    assert.deepEqual(lines.slice(header + 2, header + 6), [
      '| Check | Адриан | Катастрофа | At least one | All | Problems | Where |',
      '| :-- | --: | --: | --: | --: | --: | :-- |',
      '| «Катастрофа: Интеллект + Расследование \\[Цифровые медиа\\] (сложность 3)» | — | 76% | — | — | — | [vampire.scenario.md:31](vampire.scenario.md) |',
      '| «Адриан: Обаяние + Убеждение (сложность 1)» | 83% | — | — | — | — | [vampire.scenario.md:34](vampire.scenario.md) |',
    ]);
  });

  it('html -o: one self-contained file, both charts, no script, nothing remote, links relative to it', async () => {
    const r = await run('report', '.', '-o', 'out/../report.html');
    assert.equal(r.code, 0, r.err);
    assert.equal(r.out, '');
    const html = readFileSync(path.join(tmp, 'report.html'), 'utf8');
    assert.match(html, /^<!doctype html>\n<html lang="en">/);
    // The curve, the histogram, and the map of the campaign's scenes (examples/кампания branches).
    assert.equal((html.match(/<svg/g) ?? []).length, 3);
    assert.match(html, /<figure class="rm-graph-figure"><figcaption>Map of scenes: the chance of reaching each \(Прегены\)<\/figcaption>\n<svg class="rm-graph"/);
    assert.doesNotMatch(html, /<script|<link|<img|@import|url\(/);
    assert.doesNotMatch(html, /(src|href)="https?:/);
    assert.match(html, /<a href="vampire\.scenario\.md" title="Open vampire\.scenario\.md">vampire\.scenario\.md:37<\/a>/);
    assert.match(html, /<span class="rm-chip rm-chip--medium" title="party: Адриан 76%, Катастрофа 51% · at least one 88% · all 39%">/);
  });

  it('refuses to write over a scenario, an unknown format, and no files', async () => {
    assert.deepEqual((await run('report', '.', '-o', 'vampire.scenario.md')).code, 2);
    assert.equal(readFileSync(path.join(tmp, 'vampire.scenario.md'), 'utf8'), readFileSync(path.join(EXAMPLES, 'vampire.scenario.md'), 'utf8'));
    const bad = await run('report', '--format', 'pdf', '.');
    assert.deepEqual([bad.code, bad.err], [2, 'rollmark report: --format must be one of html, json, md\n']);
    assert.equal((await run('report')).code, 2);
  });

  it('lists the hardest and the easiest apart: of 6 chances, 3 and 3, none in both', () => {
    // vampire-pack: pools of 1 to 6 dice after the difficulty, each chance 1 − 0.7^pool.
    const text = ['---', 'ruleset: vampire-pack', '---', ...[1, 2, 3, 4, 5, 6].map((pool) => `Проверка: «Сила ${pool} + Атлетика 1 (сложность 1)».\n`)].join('\n');
    const analysis = analyzeDocument(text, { rulesets: builtinRulesets(), dictionary: [], proseChecks: 'on' });
    const report = scenarioReport([fileReport({ path: 'six.md', text, analysis }, voice('ru'))]);
    const pools = (list: ScenarioReport['hardest']) => list.map((r) => [/Сила (\d)/u.exec(r.text)?.[1], Number(r.chance.toFixed(4))]);
    const chance = (pool: number) => Number((1 - 0.7 ** pool).toFixed(4));
    assert.deepEqual(pools(report.hardest), [['1', chance(1)], ['2', chance(2)], ['3', chance(3)]]);
    assert.deepEqual(pools(report.easiest), [['6', chance(6)], ['5', chance(5)], ['4', chance(4)]]);
  });

  it('keeps them apart on a tie across the middle: of 4 chances, two equal ones go one to each list', () => {
    // Pools 1, 2, 2, 3: the two pools of 2 tie; the earlier is the hardest's second, the later the easiest's second.
    const text = ['---', 'ruleset: vampire-pack', '---', ...[1, 2, 2, 3].map((pool, i) => `Проверка ${i + 1}: «Сила ${pool} + Атлетика 1 (сложность 1)».\n`)].join('\n');
    const analysis = analyzeDocument(text, { rulesets: builtinRulesets(), dictionary: [], proseChecks: 'on' });
    const report = scenarioReport([fileReport({ path: 'tie.md', text, analysis }, voice('ru'))]);
    const lines = (list: ScenarioReport['hardest']) => list.map((r) => r.line);
    assert.deepEqual(lines(report.hardest), [3, 5]);
    assert.deepEqual(lines(report.easiest), [9, 7]);
  });
});
