/**
 * docs/markup.md «Механики» in words: each new mechanic's note in the hover (ru and en, exact), the
 * roll log's counted successes and replicated dice in English, and `check --format json` carrying
 * the odds' new keys. The numbers themselves are the oracle's (test/src/analysis/extras.test.ts).
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import type { CliIo } from '../../../server/out/cli/io';
import { main } from '../../../server/out/cli/main';
import { rollCheck } from '../../../server/out/engine/roll';
import { checkHoverMarkdown } from '../../../server/out/present/hover';
import { rollLog } from '../../../server/out/present/roll';
import { voice } from '../../../server/out/present/voice';
import { scenario } from '../analysis/util';
import { ruLines } from './text';

function hoverNotes(ruleset: string, line: string, locale: 'ru' | 'en'): string[] {
  const analysis = analyzeDocument(scenario(ruleset, [line]), { rulesets: builtinRulesets(), dictionary: [] });
  assert.deepEqual(analysis.diagnostics.map((d) => d.code), [], line);
  return checkHoverMarkdown(analysis.checks[0], analysis.ruleset, voice(locale))
    .split('\n')
    .filter((l) => l.startsWith('_') && l.endsWith('_'));
}

describe('present: extra successes, Durability, Maneuver, head start, replication', () => {
  const notes: { ruleset: string; line: string; ru: string; en: string }[] = [
    {
      ruleset: 'storytelling',
      line: '«Сила 3 + Драка 2 (+4 успеха)»',
      ru: '_Дополнительные успехи: +4 успеха к броску, давшему хотя бы один успех; бросок без успехов остаётся неудачей (или провалом)._',
      en: '_Extra successes: +4 successes for a roll with at least one success; a roll without successes stays a failure (or a botch)._',
    },
    {
      ruleset: 'storytelling',
      line: '«Сила 3 + Холодное оружие 2 (прочность 3)»',
      ru: '_Засчитываются только успехи сверх Прочности 3: успех — больше 3._',
      en: '_Only successes beyond Durability 3 count: a success takes more than 3._',
    },
    {
      ruleset: 'mage-revised',
      line: '«Ловкость 4 + Вождение 3 (сложность 6, маневр 5)»',
      ru: '_Пул ограничен Маневром: 5 из 7._',
      en: '_The pool is capped by the vehicle’s Maneuver: 5 of 7._',
    },
    {
      ruleset: 'mage-revised',
      line: '«Ловкость 3 + Атлетизм 2 (10 успехов) против Ловкость 3 + Атлетизм 3 (фора 4)»',
      ru: '_Фора: на старте гонки у проверяющего 0 успехов, у противника — 4 успеха._',
      en: '_Head start: at the race’s start the roller has 0 successes, the opponent 4 successes._',
    },
    {
      ruleset: 'storytelling',
      line: '«Интеллект 3 + Ремесло 2 (воспроизведение)»',
      ru: '_Воспроизведение: каждая кость пула без успеха перебрасывается один раз; у переброшенной, как у любой кости, 10 даёт ещё бросок._',
      en: '_Replication: each die of the pool without a success is rolled once more; like any die, a 10 on it rolls again._',
    },
  ];
  for (const note of notes) {
    it(`the hover’s note for ${note.line}`, () => {
      assert.deepEqual(hoverNotes(note.ruleset, note.line, 'ru'), [note.ru]);
      assert.deepEqual(hoverNotes(note.ruleset, note.line, 'en'), [note.en]);
    });
  }

  it('the successes’ rows start where a roll with extra successes can be', () => {
    const rows = (ruleset: string, line: string) => {
      const analysis = analyzeDocument(scenario(ruleset, [line]), { rulesets: builtinRulesets(), dictionary: [] });
      return checkHoverMarkdown(analysis.checks[0], analysis.ruleset, voice('ru'))
        .split('\n')
        .filter((l) => l.startsWith('  '));
    };
    assert.deepEqual(
      rows('mage-revised', '«Сила Воли 5 (сложность 6, +7 успехов)»'),
      ruLines('  8 успехов  20 % ███▏', '  9 успехов  26 % ████▏', '  10 успехов 23 % ███▊', '  11 успехов 13 % ██', '  12 успехов  3 % ▌'),
    );
    // storytelling keeps its named fold: 5 and more is the exceptional success.
    assert.deepEqual(rows('storytelling', '«Сила 3 + Драка 2 (+2 успеха)»'), ruLines('  3 успеха                32 % █████▏', '  4 успеха                28 % ████▌', '  5+ исключительный успех 23 % ███▋'));
  });

  it('the formula line says the dice the Maneuver leaves', () => {
    const analysis = analyzeDocument(scenario('mage-revised', ['«Ловкость 4 + Вождение 3 (сложность 6, маневр 5)»']), { rulesets: builtinRulesets(), dictionary: [] });
    const line = (locale: 'ru' | 'en') => checkHoverMarkdown(analysis.checks[0], analysis.ruleset, voice(locale)).split('\n')[1];
    assert.equal(line('ru'), 'Ловкость 4 + Вождение 3 = 7 костей → 5 костей (Маневр 5), сложность 6 · в среднем 2,07 успеха');
    assert.equal(line('en'), 'Ловкость 4 + Вождение 3 = 7 dice → 5 dice (Maneuver 5), difficulty 6 · 2.07 successes on average');
  });

  it('the English roll log: successes rolled and counted, dice replicated', () => {
    const analysis = analyzeDocument(scenario('storytelling', ['«Сила 2 + Драка 1 (+4 успеха, воспроизведение)»']), { rulesets: builtinRulesets(), dictionary: [] });
    const check = analysis.checks[0];
    assert.ok(check.spec);
    const faces = [3, 9, 2, 8, 1];
    const report = rollCheck(analysis.ruleset, check.spec, { random: { int: () => faces.shift() ?? 1 } });
    assert.deepEqual(rollLog(check.text, report, analysis.ruleset, voice('en')), [
      '🎲 «Сила 2 + Драка 1 (+4 успеха, воспроизведение)»: [3, 9, 2] + replicated [8, 1] → 2 successes rolled, 6 successes counted: exceptional success',
    ]);
  });

  it('check --format json carries the new keys as odds --json prints them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rollmark-extras-'));
    try {
      const file = join(dir, 'a.scenario.md');
      writeFileSync(
        file,
        scenario('mage-revised', [
          '«Сила Воли 5 (сложность 6, +7 успехов)»',
          '',
          '«Ловкость 4 + Вождение 3 (сложность 6, маневр 5)»',
          '',
          '«Ловкость 3 + Атлетизм 2 (10 успехов) против Ловкость 3 + Атлетизм 3 (фора 4)»',
        ]),
      );
      let out = '';
      const io: CliIo = { out: (t) => void (out += t), err: () => undefined, locale: 'en' };
      await main(['check', '--format', 'json', file], io);
      const [extra, maneuver, race] = (JSON.parse(out) as { files: { checks: Record<string, unknown>[] }[] }).files[0].checks;
      assert.equal(extra.extra_successes, 7);
      assert.deepEqual(maneuver.maneuver, { cap: 5, written: 7 });
      assert.equal(maneuver.pool, 5);
      assert.deepEqual(race.head_start, [0, 4]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
