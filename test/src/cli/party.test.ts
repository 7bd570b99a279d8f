/**
 * The project's parties on the command line (`--party`), on the example campaign
 * (examples/кампания: .rollmark/party.yaml with two parties, three linked scenarios): each
 * scene's reach per party against an enumeration of the d20's faces written here, the checks that
 * become near-impossible for one party, an unknown name, and the campaign's one RM016.
 */
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCliWithProgress } from './runCli';

const CAMPAIGN = path.resolve(__dirname, '../../../examples/кампания');
const run = (...argv: string[]) => runCliWithProgress(argv);

/** P(d20 + bonus ≥ difficulty), counted face by face. */
function d20(bonus: number, difficulty: number): number {
  let hits = 0;
  for (let face = 1; face <= 20; face++) if (face + bonus >= difficulty) hits++;
  return hits / 20;
}

/**
 * The campaign's graph by hand: Склад is reached when the sneaking at the pier (Скрытность 15) or
 * the threat (Доблесть 14) succeeds, «Финал: сигнал» when the shot (Меткость 13) does; every other
 * scene always. Each check is rolled by the party's best at it: every combination of the three
 * d20 faces enumerated.
 */
function reach(best: { stealth: number; valor: number; aim: number }): Record<string, number> {
  let warehouse = 0;
  let signal = 0;
  for (let a = 1; a <= 20; a++)
    for (let b = 1; b <= 20; b++)
      for (let c = 1; c <= 20; c++) {
        if (a + best.stealth >= 15 || b + best.valor >= 14) warehouse++;
        if (c + best.aim >= 13) signal++;
      }
  return { Пристань: 1, Разговор: 1, Склад: warehouse / 8000, Маяк: 1, 'Финал: сигнал': signal / 8000, 'Финал: бегство': 1 };
}

interface Json {
  parties: string[];
  scenes: { title: string; reach: Record<string, number> }[];
  hangs: { title: string; check: string | null; reason: string }[];
  contrasts?: { path: string; line: number; check: string; chance: Record<string, number>; certain: string[]; impossible: string[] }[];
}

describe('rollmark --party on the example campaign', function () {
  this.timeout(60_000);

  it('report --party A,B: each scene’s reach per party, equal to the enumeration of the faces', async () => {
    const r = await run('report', '--format', 'json', '--party', 'Прегены,Группа Ани', CAMPAIGN);
    assert.equal(r.code, 0, r.err);
    const json = JSON.parse(r.out) as Json;
    assert.deepEqual(json.parties, ['Прегены', 'Группа Ани']);
    // Прегены: Мирон sneaks (+4), Вера threatens (+3) and shoots (+5); Группа Ани: Аня (+9), Борис (+8), Борис shoots (+2).
    const pregens = reach({ stealth: 4, valor: 3, aim: 5 });
    const anya = reach({ stealth: 9, valor: 8, aim: 2 });
    assert.deepEqual(
      json.scenes.map((s) => s.title),
      Object.keys(pregens),
    );
    for (const s of json.scenes) {
      assert.ok(Math.abs(s.reach['Прегены'] - pregens[s.title]) < 1e-12, `${s.title}: ${s.reach['Прегены']}`);
      assert.ok(Math.abs(s.reach['Группа Ани'] - anya[s.title]) < 1e-12, `${s.title}: ${s.reach['Группа Ани']}`);
    }
    assert.deepEqual([pregens['Склад'], anya['Склад']], [0.75, 0.9375]);
    assert.deepEqual(
      json.hangs.map((h) => [h.title, h.check, h.reason]),
      [['Финал: сигнал', '«Меткость (сложность 13)»', 'single-check']],
    );
    // The lock at 24: Мирон needs a 20 (5 %), Аня a 15 (30 %): near-impossible for one party only.
    assert.equal(json.contrasts?.length, 1);
    const [{ path: where, ...contrast }] = json.contrasts ?? [];
    assert.equal(path.resolve(where), path.join(CAMPAIGN, '2-склад.scenario.md'));
    assert.deepEqual(contrast, { line: 6, check: '«Скрытность (сложность 24)»', chance: { Прегены: d20(4, 24), 'Группа Ани': d20(9, 24) }, certain: [], impossible: ['Прегены'] });
  });

  it('report --format md --party A,B: the parties side by side, rounded for people', async () => {
    const r = await run('--lang', 'ru', 'report', '--format', 'md', '--party', 'Прегены', '--party', 'Группа Ани', CAMPAIGN);
    assert.equal(r.code, 0, r.err);
    const lines = r.out.split('\n');
    const at = lines.indexOf('## Партии бок о бок: шанс дойти до сцены');
    // Intl puts a no-break space before «%»: read as a space here.
    const cells = (line: string) => line.split(' | ').slice(0, -1).map((c) => c.replace(/^\| /, '').replace(/\u00a0/g, ' '));
    assert.deepEqual(lines.slice(at + 2, at + 10).map(cells), [
      ['Сцена', 'Прегены', 'Группа Ани'],
      [':--', '--:', '--:'],
      ['Пристань', '100 %', '100 %'],
      ['Разговор', '100 %', '100 %'],
      ['Склад', '75 %', '94 %'],
      ['Маяк', '100 %', '100 %'],
      ['Финал: сигнал', '65 %', '50 %'],
      ['Финал: бегство', '100 %', '100 %'],
    ]);
    const contrasts = lines.indexOf('### Почти наверняка (больше 95 %) или почти невозможно (меньше 10 %) — не для всех');
    assert.deepEqual(cells(lines[contrasts + 4]), ['«Скрытность (сложность 24)»', '5 %', '30 %']);
  });

  it('report (HTML) --party A,B: the parties side by side, every name escaped', async () => {
    const html = await run('report', '--party', 'Прегены,Группа Ани', CAMPAIGN);
    assert.equal(html.code, 0, html.err);
    const section = html.out.slice(html.out.indexOf('<section class="rm-parties">'), html.out.indexOf('</section>', html.out.indexOf('<section class="rm-parties">')));
    const rows = [...section.matchAll(/<tr><td>([^<]*)<\/td><td[^>]*>([^<]*)<\/td><td[^>]*>([^<]*)<\/td>/g)].map((m) => m.slice(1));
    assert.deepEqual(rows, [
      ['Пристань', '100%', '100%'],
      ['Разговор', '100%', '100%'],
      ['Склад', '75%', '94%'],
      ['Маяк', '100%', '100%'],
      ['Финал: сигнал', '65%', '50%'],
      ['Финал: бегство', '100%', '100%'],
      ['«Скрытность (сложность 24)»', '5%', '30%'],
    ]);
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'rollmark-party-'));
    try {
      mkdirSync(path.join(tmp, '.rollmark'));
      writeFileSync(path.join(tmp, '.rollmark', 'party.yaml'), 'parties:\n  "<b>A</b>": { Мирон: { Скрытность: 1 } }\n  B: { Вера: { Скрытность: 2 } }\n');
      writeFileSync(path.join(tmp, 'a.scenario.md'), '---\nruleset: threads-of-fate\n---\n# Старт\n\n«Скрытность (сложность 10)»: при успехе — [Финал](#финал).\n\n## Финал\n');
      const hostile = await run('report', '--party', '<b>A</b>,B', tmp);
      assert.equal(hostile.code, 0, hostile.err);
      assert.doesNotMatch(hostile.out, /<b>A<\/b>/);
      assert.match(hostile.out, /<th class="rm-num">&lt;b&gt;A&lt;\/b&gt;<\/th><th class="rm-num">B<\/th>/);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('without --party the file’s default party (Прегены) is used and named', async () => {
    const r = await run('report', '--format', 'json', CAMPAIGN);
    assert.equal(r.code, 0, r.err);
    const json = JSON.parse(r.out) as Json;
    assert.deepEqual(json.parties, ['Прегены']);
    assert.equal(json.contrasts, undefined);
    assert.equal(json.scenes.find((s) => s.title === 'Склад')?.reach['Прегены'], 0.75);
  });

  it('check: the campaign has exactly one RM016; --party changes the chance it names', async () => {
    const pregens = await run('check', '--format', 'json', CAMPAIGN);
    const anya = await run('check', '--format', 'json', '--party', 'Группа Ани', CAMPAIGN);
    for (const r of [pregens, anya]) assert.equal(r.code, 0, r.err);
    const rm016 = (out: string) =>
      (JSON.parse(out) as { files: { diagnostics: { code: string; message: string }[] }[] }).files.flatMap((f) => f.diagnostics).filter((d) => d.code === 'RM016');
    assert.deepEqual(rm016(pregens.out).map((d) => d.message), ['The scene "Финал: сигнал" is reached only if «Меткость (сложность 13)» succeeds (65%): give it another way in']);
    assert.deepEqual(rm016(anya.out).map((d) => d.message), ['The scene "Финал: сигнал" is reached only if «Меткость (сложность 13)» succeeds (50%): give it another way in']);
    // On worker threads the party travels with each file: the same output.
    const threads = await run('check', '--format', 'json', '--jobs', '2', '--party', 'Группа Ани', CAMPAIGN);
    assert.equal(threads.out, anya.out);
  });

  it('an unknown party: a message in the user’s language and exit 2', async () => {
    const ru = await run('--lang', 'ru', 'report', '--party', 'Гости', CAMPAIGN);
    assert.deepEqual([ru.code, ru.out, ru.err], [2, '', 'rollmark report: партии «Гости» нет в .rollmark/party.yaml; есть: Прегены, Группа Ани\n']);
    const en = await run('--lang', 'en', 'check', '--party', 'Гости', CAMPAIGN);
    assert.deepEqual([en.code, en.err], [2, 'rollmark check: no party "Гости" in .rollmark/party.yaml; there are: Прегены, Группа Ани\n']);
    const two = await run('--lang', 'en', 'check', '--party', 'Прегены,Группа Ани', CAMPAIGN);
    assert.deepEqual([two.code, two.err], [2, 'rollmark check: --party: check uses one party\n']);
  });
});
