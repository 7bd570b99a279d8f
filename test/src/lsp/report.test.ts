/**
 * The scenario report and the preview's chips over a real connection: `rollmark/checkChips`
 * gives every check its badge (the party's range, a problem's severity), and `rollmark/report`
 * builds the same report the CLI writes, for a document or its workspace folder on disk, open
 * documents as the editor has them, with nothing remote in it.
 */
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CheckChipsResult, ReportResult } from '../../../server/out/protocol';
import { diskFiles } from '../../../server/out/node/projectFs';
import { ru } from '../present/text';
import { docUri, errorOf, joinLines, LspTestClient, withRanges } from './harness';

const {
  text: VAMPIRE,
  ranges: [leap, door, typo],
} = withRanges(
  joinLines(
    '---',
    'ruleset: vampire-pack',
    'characters:',
    '  Адриан: { Сила: 3, Атлетика: 3 }',
    '  Катастрофа: { Сила: 2, Атлетика: 2 }',
    '---',
    '# Крыши',
    'Прыжок: ⟦«Адриан: Сила + Атлетика (сложность 2)»⟧.',
    'Дверь: ⟦«Сила + Атлетика (сложность 2)»⟧.',
    'Ошибка: ⟦«Адриан: Силла + Атлетика (сложность 2)»⟧.',
  ),
);

describe('preview chips and the scenario report', () => {
  let client: LspTestClient;
  afterEach(async () => client?.stop());

  it('checkChips: a badge per check, the party’s range, the problem on a check', async () => {
    client = await LspTestClient.start();
    const uri = docUri('chips.md');
    await client.open(uri, VAMPIRE);
    const result = await client.request<CheckChipsResult>('rollmark/checkChips', { textDocument: { uri } });
    assert.equal(result.version, 1);
    assert.deepEqual(
      result.chips.map((c) => [c.text, c.range, c.label, c.band, c.severity ?? null, c.chance === null ? null : Number(c.chance.toFixed(4))]),
      [
        ['«Адриан: Сила + Атлетика (сложность 2)»', leap, ru('76 %'), 'easy', null, 0.7599],
        // The party: Катастрофа 2 dice (51 %) to Адриан 4 (76 %); the chip's colour is the median character's (the weaker of two).
        ['«Сила + Атлетика (сложность 2)»', door, ru('51 %–76 %'), 'medium', null, 0.51],
        ['«Адриан: Силла + Атлетика (сложность 2)»', typo, '?', 'unknown', 'error', null],
      ],
    );
    assert.equal(result.chips[1].title, ru('партия: Адриан 76 %, Катастрофа 51 % · хотя бы один 88 % · все 39 %'));
  });

  it('checkChips: a severity turned off in the settings marks nothing', async () => {
    client = await LspTestClient.start({ settings: { severity: { RM001: 'off' } } });
    const uri = docUri('chips.md');
    await client.open(uri, VAMPIRE);
    const result = await client.request<CheckChipsResult>('rollmark/checkChips', { textDocument: { uri } });
    assert.equal(result.chips[2].severity, undefined);
  });

  it('report of a document: the webview’s body, its theme styles, nothing remote, rows that say where', async () => {
    client = await LspTestClient.start();
    const uri = docUri('report.md');
    await client.open(uri, VAMPIRE);
    const result = await client.request<ReportResult>('rollmark/report', { uri, scope: 'document' });
    assert.equal(result.title, 'Обзор сценария');
    assert.deepEqual(result.uris, [uri]);
    assert.match(result.css, /--rm-fg: var\(--vscode-foreground\)/);
    assert.doesNotMatch(result.css + result.body, /https?:\/\/(?!www\.w3\.org)/, 'no remote resource');
    assert.doesNotMatch(result.body, /<script|style="/);
    assert.equal((result.body.match(/<svg/g) ?? []).length, 2, 'the curve and the histogram');
    assert.match(result.body, /<h2 data-uri="file:\/\/\/workspace\/report\.md" data-line="0" data-character="0">report\.md/);
    assert.ok(result.body.includes(`<tr data-uri="${uri}" data-line="8" data-character="7"><td><span class="rm-chip rm-chip--medium"`));
  });

  it('report of a workspace folder: its scenarios on disk, open documents as edited, other Markdown left out', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rollmark-report-'));
    try {
      mkdirSync(path.join(dir, 'глава 2'));
      writeFileSync(path.join(dir, 'a.md'), joinLines('---', 'ruleset: vampire-pack', '---', '«Сила 3 + Атлетика 3 (сложность 2)»'));
      writeFileSync(path.join(dir, 'глава 2', 'b.scenario.md'), joinLines('# Сцена', '«Сила 2 + Атлетика 2»'));
      writeFileSync(path.join(dir, 'README.md'), '# Not a scenario: «Сила 3»\n');
      mkdirSync(path.join(dir, 'node_modules'));
      writeFileSync(path.join(dir, 'node_modules', 'c.scenario.md'), '«Сила 1»\n');
      const folder = pathToFileURL(dir).href;
      client = await LspTestClient.start({ workspaceFolder: folder, fileSystem: diskFiles, settings: { markdown: { enable: 'withRuleset' } } });
      const open = `${folder}/a.md`;
      // Unsaved: the report reads the editor's text, not the disk's.
      await client.open(open, joinLines('---', 'ruleset: vampire-pack', '---', '«Сила 1 + Атлетика 1 (сложность 2)»'));
      const result = await client.request<ReportResult>('rollmark/report', { uri: open, scope: 'workspace' });
      assert.deepEqual(result.uris, [open, `${folder}/${encodeURIComponent('глава 2')}/b.scenario.md`]);
      assert.match(result.body, /<h2[^>]*>a\.md/);
      assert.match(result.body, /<h2[^>]*>глава 2\/b\.scenario\.md/);
      assert.doesNotMatch(result.body, /README/);
      // Сила 1 + Атлетика 1 − 2: no dice left, 0 %.
      assert.match(result.body, /«Сила 1 \+ Атлетика 1 \(сложность 2\)»<\/span> <span class="rm-chip__odds">0\u00a0%/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses malformed parameters and a document it does not serve', async () => {
    client = await LspTestClient.start({ settings: { markdown: { enable: 'none' } } });
    const uri = docUri('plain.md');
    await client.openOnly(uri, '# Notes\n');
    assert.deepEqual(await errorOf(client.request('rollmark/report', { uri })), [-32602, 'rollmark/report: expected {uri, scope: "document" | "workspace"}']);
    assert.deepEqual(await errorOf(client.request('rollmark/report', { uri, scope: 'document' })), [-32602, `rollmark/report: ${uri} is not an open document Rollmark checks`]);
    assert.equal(await client.request('rollmark/checkChips', { textDocument: { uri } }), null);
  });

  describe('the map of scenes and the project’s parties side by side', () => {
    const PARTY_FILE = joinLines('default: Прегены', 'parties:', '  Прегены:', '    Мирон: { Скрытность: 4 }', '    Вера: { Скрытность: 1 }', '  Группа Ани:', '    Аня: { Скрытность: 9 }', '    Борис: { Скрытность: 0 }', '');
    const SCENARIO = joinLines(
      '---',
      'ruleset: threads-of-fate',
      '---',
      '',
      '# Пристань',
      '',
      '«Скрытность (сложность 15)»',
      '',
      '- Успех: [к складу](#финал-склад)',
      '- Провал: [в засаду](#финал-засада)',
      '',
      '# Финал склад',
      '',
      '# Финал засада',
      '',
    );

    /** P(d20 + best ≥ 15), face by face: the party's best at it rolls (analysis/paths/parties.ts). */
    const sneak = (best: number) => Array.from({ length: 20 }, (_, i) => i + 1).filter((face) => face + best >= 15).length / 20;
    /** «75 %» as Intl writes it (whole percents here). */
    const pct = (p: number) => ru(`${p * 100} %`);
    const chances = (body: string) => [...body.matchAll(/<text class="rm-graph__chance"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    const sceneRows = (body: string) =>
      [...(/<section class="rm-parties">[\s\S]*?<\/tbody>/.exec(body)?.[0] ?? '').matchAll(/<tr><td>([^<]*)<\/td>((?:<td class="rm-num[^>]*>[^<]*<\/td>)+)/g)].map((m) => [m[1], ...[...m[2].matchAll(/>([^<]*)<\/td>/g)].map((c) => c[1])]);

    it('workspace: every party of .rollmark/party.yaml, in its order, each scene’s chance drawn and tabled', async () => {
      client = await LspTestClient.start({ files: { '.rollmark/party.yaml': PARTY_FILE, 'глава.scenario.md': SCENARIO } });
      const result = await client.request<ReportResult>('rollmark/report', { uri: docUri('глава.scenario.md'), scope: 'workspace' });
      // Прегены: Мирон, +4 (50 %); Группа Ани: Аня, +9 (75 %).
      const [a, b] = [sneak(4), sneak(9)];
      assert.deepEqual([a, b], [0.5, 0.75]);
      assert.match(result.body, /<figcaption>Карта сцен: шанс дойти до каждой \(Прегены \/ Группа Ани\)<\/figcaption>/);
      assert.deepEqual(chances(result.body), [`${pct(1)} / ${pct(1)}`, `${pct(a)} / ${pct(b)}`, `${pct(1 - a)} / ${pct(1 - b)}`]);
      assert.match(result.body, /<h2>Партии бок о бок: шанс дойти до сцены<\/h2>/);
      assert.deepEqual(sceneRows(result.body), [
        ['Пристань', pct(1), pct(1)],
        ['Финал склад', pct(a), pct(b)],
        ['Финал засада', pct(1 - a), pct(1 - b)],
      ]);
      assert.equal((result.body.match(/<svg/g) ?? []).length, 3, 'the curve, the histogram and the map');
      // A box leads to its scene's heading, as the rows do.
      assert.ok(result.body.includes(`data-uri="${result.uris[0]}" data-line="11" data-character="0"><title>Финал склад`));
    });

    it('document: the same, the setting’s active party analysed as the editor has it', async () => {
      client = await LspTestClient.start({ files: { '.rollmark/party.yaml': PARTY_FILE }, settings: { party: 'Группа Ани' } });
      const uri = docUri('глава.scenario.md');
      await client.open(uri, SCENARIO);
      const result = await client.request<ReportResult>('rollmark/report', { uri, scope: 'document' });
      assert.deepEqual(sceneRows(result.body)[1], ['Финал склад', pct(sneak(4)), pct(sneak(9))]);
    });

    it('one party: the map with its chances, no side-by-side section', async () => {
      client = await LspTestClient.start({ files: { '.rollmark/party.yaml': joinLines('parties:', '  Прегены:', '    Мирон: { Скрытность: 4 }', '    Вера: { Скрытность: 1 }', '') } });
      const uri = docUri('глава.scenario.md');
      await client.open(uri, SCENARIO);
      const result = await client.request<ReportResult>('rollmark/report', { uri, scope: 'document' });
      assert.deepEqual(chances(result.body), [pct(1), pct(sneak(4)), pct(1 - sneak(4))]);
      assert.doesNotMatch(result.body, /rm-parties/);
    });
  });
});

