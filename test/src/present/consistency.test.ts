/**
 * One voice: for the same check, the hover, the code lens, the inlay hint, the outline, the
 * roll message, the roll log and the CLI (odds, check --checks, roll) print the same numbers in
 * the same words — in Russian with decimal commas, and in English. The editor's outputs come
 * through a real LSP connection, the CLI's from `main` in-process; every expected text is exact.
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CliIo } from '../../../server/out/cli/io';
import { main } from '../../../server/out/cli/main';
import type { RollCheckResult } from '../../../server/out/protocol';
import { docUri, joinLines, LspTestClient, range, withRanges } from '../lsp/harness';
import { ru, ruLines } from './text';

type Locale = 'ru' | 'en';

interface Outputs {
  /** The hover's headline and formula, the paragraph a reader takes in first. */
  hover: string[];
  lens: string;
  inlay: { label: string; tooltip: string };
  outline: string;
  message: string;
  log: string[];
  /** `rollmark odds`: the check's line and the headline after the ruleset's title. */
  cliOdds: string[];
  /** `rollmark check --checks --seed`: the check's line and its roll (the run's first). */
  cliCheck: string[];
  cliRoll: string[];
}

async function cli(locale: Locale, ...argv: string[]): Promise<string[]> {
  let out = '';
  let err = '';
  const io: CliIo = { out: (t) => void (out += t), err: (t) => void (err += t), locale };
  assert.equal(await main(argv, io), 0, err);
  return out.trimEnd().split('\n');
}

async function outputsFor(locale: Locale, ruleset: string, check: string, seed: number, dir: string): Promise<Outputs> {
  // The check's hover is asked for on its opening «.
  const { text, ranges } = withRanges(joinLines('---', `ruleset: ${ruleset}`, '---', '# Сцена', `⟦⟧${check}`, ''));
  const client = await LspTestClient.start(locale === 'en' ? { locale: 'en' } : {});
  try {
    const uri = docUri('consistency.md');
    // The lens that says the odds (by default the inlay hint alone says them).
    await client.changeSettings({ codeLens: { show: 'rollWithOdds' } });
    await client.open(uri, text);
    const hover = await client.hover(uri, ranges[0].start);
    const [lens] = await client.resolvedCodeLenses(uri);
    const [hint] = (await client.inlayHints(uri, range(0, 0, 6, 0))) ?? [];
    const [scene] = (await client.documentSymbols(uri)) ?? [];
    const roll = await client.executeCommand<RollCheckResult>('rollmark.rollCheck', { ...(lens.command?.arguments?.[0] as object), seed });

    const file = path.join(dir, `${ruleset}-${locale}.md`);
    writeFileSync(file, text);
    const checked = await cli(locale, 'check', '--checks', '--seed', String(seed), file);
    const odds = await cli(locale, 'odds', '--ruleset', ruleset, check);
    return {
      hover: (hover?.contents as { value: string }).value.split('\n\n')[0].split('  \n'),
      lens: lens.command?.title ?? '',
      inlay: { label: String(hint.label), tooltip: String(hint.tooltip) },
      outline: scene.children?.[0].detail ?? '',
      message: roll.message,
      log: roll.log,
      cliOdds: odds.slice(1, 3),
      // The file's line and the summary are about the file, not the check.
      cliCheck: checked.slice(1, 3).map((line) => line.replace(file, 'FILE')),
      cliRoll: await cli(locale, 'roll', '--ruleset', ruleset, '--seed', String(seed), check),
    };
  } finally {
    await client.stop();
  }
}

/** What must read the same in every output: the headline in each place it appears, the roll in each. */
function assertOneVoice(o: Outputs, headline: string, main: string): void {
  const capitalized = headline.charAt(0).toUpperCase() + headline.slice(1);
  assert.ok(o.hover[0].startsWith(`**${main.charAt(0).toUpperCase()}${main.slice(1)}**`), o.hover[0]);
  assert.equal(o.hover[0].replace(/\*\*/g, '').trimEnd(), capitalized);
  assert.ok(o.lens.endsWith(` · ${main}`), o.lens);
  assert.equal(o.inlay.tooltip, headline);
  assert.ok(main.endsWith(o.inlay.label.slice(1)), o.inlay.label);
  assert.ok(o.outline.endsWith(` · ${main}`), o.outline);
  assert.equal(o.cliOdds[1], capitalized);
  assert.ok(o.cliCheck[0].endsWith(` · ${o.outline}`), o.cliCheck[0]);
  assert.equal(o.log[0], o.message);
  assert.deepEqual(o.cliRoll, o.log);
  // The same dice; `check --seed` rolls every check of the run from one generator, so its lines name no seed of their own.
  assert.equal(`🎲 ${o.message.slice(o.message.indexOf('»: ') + 3)}`.replace(/ · (seed|зерно броска) -?\d+$/, ''), o.cliCheck[1].trim());
}

describe('one voice: every output says the same numbers in the same words', () => {
  let dir = '';
  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'rollmark-voice-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('a vampire-pack check, in Russian', async () => {
    const o = await outputsFor('ru', 'vampire-pack', '«Сила 3 + Атлетика 3 (сложность 2)»', 42, dir);
    assert.deepEqual(o, {
      hover: ruLines('**Успех 76 %** · болезненный провал 11 %', 'Сила 3 + Атлетика 3 − сложность 2 = 4 кости · в среднем 1,2 успеха'),
      lens: ru('🎲 Бросить · успех 76 %'),
      inlay: { label: ru('≈76 %'), tooltip: ru('успех 76 % · болезненный провал 11 %') },
      outline: ru('пул 4 · успех 76 %'),
      message: '🎲 «Сила 3 + Атлетика 3 (сложность 2)»: [6, 6, 6, 1] → 0 успехов: болезненный провал · зерно броска 42',
      log: ['🎲 «Сила 3 + Атлетика 3 (сложность 2)»: [6, 6, 6, 1] → 0 успехов: болезненный провал · зерно броска 42'],
      cliOdds: ruLines('«Сила 3 + Атлетика 3 (сложность 2)» · пул 4', 'Успех 76 % · болезненный провал 11 %'),
      cliCheck: ruLines('  FILE:5:1 «Сила 3 + Атлетика 3 (сложность 2)» · пул 4 · успех 76 %', '    🎲 [6, 6, 6, 1] → 0 успехов: болезненный провал'),
      cliRoll: ['🎲 «Сила 3 + Атлетика 3 (сложность 2)»: [6, 6, 6, 1] → 0 успехов: болезненный провал · зерно броска 42'],
    });
    assertOneVoice(o, ru('успех 76 % · болезненный провал 11 %'), ru('успех 76 %'));
  });

  it('a d20 check below 1 %, in Russian: decimal commas everywhere, a natural 1 named in the roll', async () => {
    const o = await outputsFor('ru', 'threads-of-fate', '«Скрытность 0 (сложность 20, Помеха)»', 7, dir);
    assert.deepEqual(o, {
      hover: ruLines('**Успех 0,25 %** · из них критический успех 0,25 %', '2к20 (худший) + Скрытность 0 = к20 + 0, сложность 20 · в среднем итог 7,18'),
      lens: ru('🎲 Бросить · успех 0,25 %'),
      inlay: { label: ru('≈0,25 %'), tooltip: ru('успех 0,25 % · из них критический успех 0,25 %') },
      outline: ru('модификатор 0 · успех 0,25 %'),
      message: '🎲 «Скрытность 0 (сложность 20, Помеха)»: к20 [1, 11] → 1 + 0 = 1, разница со сложностью −19: неудача (критический провал) · зерно броска 7',
      log: ['🎲 «Скрытность 0 (сложность 20, Помеха)»: к20 [1, 11] → 1 + 0 = 1, разница со сложностью −19: неудача (критический провал) · зерно броска 7'],
      cliOdds: ruLines('«Скрытность 0 (сложность 20, Помеха)» · модификатор 0', 'Успех 0,25 % · из них критический успех 0,25 %'),
      cliCheck: ruLines(
        '  FILE:5:1 «Скрытность 0 (сложность 20, Помеха)» · модификатор 0 · успех 0,25 %',
        '    🎲 к20 [1, 11] → 1 + 0 = 1, разница со сложностью −19: неудача (критический провал)',
      ),
      cliRoll: ['🎲 «Скрытность 0 (сложность 20, Помеха)»: к20 [1, 11] → 1 + 0 = 1, разница со сложностью −19: неудача (критический провал) · зерно броска 7'],
    });
    assertOneVoice(o, ru('успех 0,25 % · из них критический успех 0,25 %'), ru('успех 0,25 %'));
  });

  it('a contest, in Russian: победа, ничья, поражение in every output (equal Attributes: vampire-pack leaves the tie to the Storyteller)', async () => {
    const o = await outputsFor('ru', 'vampire-pack', '«Сила 3 + Атлетика 3 против Ловкость 3 + Атлетика 1»', 3, dir);
    assert.deepEqual(o, {
      hover: ruLines('**Победа 52 %** · ничья — решает Рассказчик 25 %', 'Сила 3 + Атлетика 3 = 6 костей', 'Противник: Ловкость 3 + Атлетика 1 = 4 кости'),
      lens: ru('🎲 Бросить · победа 52 %'),
      inlay: { label: ru('≈52 %'), tooltip: ru('победа 52 % · ничья — решает Рассказчик 25 %') },
      outline: ru('пул 6 · победа 52 %'),
      message: '🎲 «Сила 3 + Атлетика 3 против Ловкость 3 + Атлетика 1»: [5, 3, 10, 4, 6, 5] → 1 успех против [10, 1, 4, 6] → 1 успех: ничья — решает Рассказчик · зерно броска 3',
      log: ['🎲 «Сила 3 + Атлетика 3 против Ловкость 3 + Атлетика 1»: [5, 3, 10, 4, 6, 5] → 1 успех против [10, 1, 4, 6] → 1 успех: ничья — решает Рассказчик · зерно броска 3'],
      cliOdds: ruLines('«Сила 3 + Атлетика 3 против Ловкость 3 + Атлетика 1» · пул 6', 'Победа 52 % · ничья — решает Рассказчик 25 %'),
      cliCheck: ruLines(
        '  FILE:5:1 «Сила 3 + Атлетика 3 против Ловкость 3 + Атлетика 1» · пул 6 · победа 52 %',
        '    🎲 [5, 3, 10, 4, 6, 5] → 1 успех против [10, 1, 4, 6] → 1 успех: ничья — решает Рассказчик',
      ),
      cliRoll: ['🎲 «Сила 3 + Атлетика 3 против Ловкость 3 + Атлетика 1»: [5, 3, 10, 4, 6, 5] → 1 успех против [10, 1, 4, 6] → 1 успех: ничья — решает Рассказчик · зерно броска 3'],
    });
    assertOneVoice(o, ru('победа 52 % · ничья — решает Рассказчик 25 %'), ru('победа 52 %'));
  });

  it('an extended action, in Russian: the roll log lists each roll in the editor and in the CLI alike', async () => {
    const o = await outputsFor('ru', 'storytelling', '«Интеллект 2 + Ремесло 3 (5 успехов, 3 броска)»', 1, dir);
    assert.deepEqual(o.log, [
      '🎲 «Интеллект 2 + Ремесло 3 (5 успехов, 3 броска)»: 2 броска, набрано 5 из 5: успех · зерно броска 1',
      '    бросок 1: [7, 9, 2, 8, 1] → 2 успеха',
      '    бросок 2: [10, 3, 4, 9, 9] + переброс [7] → 3 успеха',
    ]);
    assert.deepEqual(o.hover, ruLines('**За 3 броска: 57 %** · нужно 5 успехов', 'Интеллект 2 + Ремесло 3 = 5 костей'));
    assert.equal(o.lens, ru('🎲 Бросить · за 3 броска: 57 %'));
    assertOneVoice(o, ru('за 3 броска: 57 % · нужно 5 успехов'), ru('за 3 броска: 57 %'));
  });

  it('the same checks in English', async () => {
    const vampire = await outputsFor('en', 'vampire-pack', '«Сила 3 + Атлетика 3 (сложность 2)»', 42, dir);
    assert.deepEqual(vampire, {
      hover: ['**Success 76%** · painful failure 11%', 'Сила 3 + Атлетика 3 − difficulty 2 = 4 dice · 1.2 successes on average'],
      lens: '🎲 Roll · success 76%',
      inlay: { label: '≈76%', tooltip: 'success 76% · painful failure 11%' },
      outline: 'pool 4 · success 76%',
      message: '🎲 «Сила 3 + Атлетика 3 (сложность 2)»: [6, 6, 6, 1] → 0 successes: painful failure · seed 42',
      log: ['🎲 «Сила 3 + Атлетика 3 (сложность 2)»: [6, 6, 6, 1] → 0 successes: painful failure · seed 42'],
      cliOdds: ['«Сила 3 + Атлетика 3 (сложность 2)» · pool 4', 'Success 76% · painful failure 11%'],
      cliCheck: ['  FILE:5:1 «Сила 3 + Атлетика 3 (сложность 2)» · pool 4 · success 76%', '    🎲 [6, 6, 6, 1] → 0 successes: painful failure'],
      cliRoll: ['🎲 «Сила 3 + Атлетика 3 (сложность 2)»: [6, 6, 6, 1] → 0 successes: painful failure · seed 42'],
    });
    assertOneVoice(vampire, 'success 76% · painful failure 11%', 'success 76%');

    const contest = await outputsFor('en', 'vampire-pack', '«Сила 3 + Атлетика 3 против Ловкость 3 + Атлетика 1»', 3, dir);
    assert.deepEqual([contest.hover[0], contest.lens, contest.message], [
      '**Win 52%** · tie — the Storyteller decides 25%',
      '🎲 Roll · win 52%',
      '🎲 «Сила 3 + Атлетика 3 против Ловкость 3 + Атлетика 1»: [5, 3, 10, 4, 6, 5] → 1 success versus [10, 1, 4, 6] → 1 success: tie — the Storyteller decides · seed 3',
    ]);
    assertOneVoice(contest, 'win 52% · tie — the Storyteller decides 25%', 'win 52%');

    const d20 = await outputsFor('en', 'threads-of-fate', '«Скрытность 0 (сложность 20, Помеха)»', 7, dir);
    assert.deepEqual([d20.hover[0], d20.outline, d20.cliCheck[1]], [
      '**Success 0.25%** · including critical success 0.25%',
      'modifier 0 · success 0.25%',
      '    🎲 d20 [1, 11] → 1 + 0 = 1, margin −19: failure (critical failure)',
    ]);
    assertOneVoice(d20, 'success 0.25% · including critical success 0.25%', 'success 0.25%');
  });
});
