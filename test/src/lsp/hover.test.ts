/**
 * Hover over a real connection, read in two seconds: the chance that matters on the first line,
 * the formula and the mean under it, the exclusive outcome rows (with their parts indented) as
 * bars, the rules' notes; tables by pool size for unknown pools; contests, extended actions,
 * d20 criticals; the hovered trait after the odds; the front matter's ruleset and sheet traits.
 * Expected texts are exact: a change in wording or numbers is a change to review.
 */
import * as assert from 'node:assert/strict';
import { ruLines } from '../present/text';
import { docUri, joinLines, LspTestClient, withRanges } from './harness';

const VAMPIRE = ['---', 'ruleset: vampire-pack', 'characters:', '  Адриан: { Сила: 3, Атлетика: 3 }', '---'];
const WEREWOLF = ['---', 'ruleset: werewolf-revised', '---'];
const THREADS = ['---', 'ruleset: threads-of-fate', '---'];

/** What a hover's range is reported as when it is exactly the range the test marks `⟦…⟧`. */
const MARKED = '⟦the marked range⟧';

/**
 * The hover at the cursor `⟦⟧` of a marked text, its lines and its range: `MARKED` when it is
 * the text's one `⟦…⟧`, else as the server gave it.
 */
async function hoverAt(client: LspTestClient, marked: string): Promise<{ range: unknown; lines: string[] } | null> {
  const { text, ranges } = withRanges(marked);
  const cursors = ranges.filter((r) => r.start.line === r.end.line && r.start.character === r.end.character);
  const spans = ranges.filter((r) => !cursors.includes(r));
  assert.ok(cursors.length === 1 && spans.length <= 1, 'test bug: one cursor ⟦⟧ and at most one range ⟦…⟧');
  const uri = docUri('hover.md');
  await client.open(uri, text);
  const hover = await client.hover(uri, cursors[0].start);
  if (!hover) return null;
  const contents = hover.contents as { kind: string; value: string };
  assert.equal(contents.kind, 'markdown');
  const range = spans.length === 1 && JSON.stringify(hover.range) === JSON.stringify(spans[0]) ? MARKED : hover.range;
  return { range, lines: contents.value.split('\n') };
}

/** «Сила 3 + Атлетика 3 (сложность 2)» in vampire-pack: 4 dice at 30 %. */
const VAMPIRE_ODDS = ruLines(
  '**Успех 76 %** · болезненный провал 11 %  ',
  'Сила 3 + Атлетика 3 − сложность 2 = 4 кости · в среднем 1,2 успеха',
  '',
  '```text',
  'успех                      76 % ████████████▏',
  '  1 базовый успех          41 % ██████▋',
  '  2 уверенный успех        26 % ████▎',
  '  3 исключительный успех    8 % █▎',
  '  4 невероятный успех    0,81 % ▏',
  'провал                     13 % ██▏',
  'болезненный провал         11 % █▊',
  '```',
  '',
  '_Высокая компетентность (пул 4+): базовый успех можно взять без броска, кроме атаки и защиты._',
);

describe('hover', () => {
  let client: LspTestClient;
  afterEach(async () => client?.stop());

  it('on a trait: the check’s odds first, the trait’s own line after them', async () => {
    client = await LspTestClient.start();
    assert.deepEqual(await hoverAt(client, joinLines(...VAMPIRE, 'Забор: «⟦Си⟦⟧ла 3⟧ + Атлетика 3 (сложность 2)».')), {
      range: MARKED,
      lines: [...VAMPIRE_ODDS, '', '---', '', '**Сила** · Strength · Характеристика (Физические) · ✓ есть в тексте правил'],
    });
  });

  it('between the terms: the odds alone, over the whole «…»', async () => {
    client = await LspTestClient.start();
    assert.deepEqual(await hoverAt(client, joinLines(...VAMPIRE, 'Забор: ⟦«Сила 3 +⟦⟧ Атлетика 3 (сложность 2)»⟧.')), { range: MARKED, lines: VAMPIRE_ODDS });
  });

  it('with an unknown pool: what is missing, and a compact table by pool size', async () => {
    client = await LspTestClient.start();
    assert.deepEqual(await hoverAt(client, joinLines(...VAMPIRE, '⟦«Ловкость + Атлетика (сложность 1)⟦⟧»⟧')), {
      range: MARKED,
      lines: ruLines(
        '**Пул неизвестен** · нет значения: Ловкость, Атлетика  ',
        'Ловкость ? + Атлетика ? − сложность 1 = ? костей',
        '',
        '| Кубиков после сложности | Успех | Болезненный провал |',
        '| :-- | --: | --: |',
        '| 1 | 30 % | 10 % |',
        '| 2 | 51 % | 13 % |',
        '| 3 | 66 % | 13 % |',
        '| 4 | 76 % | 11 % |',
        '| 5 | 83 % | 9 % |',
        '| 6 | 88 % | 7 % |',
        '| 7 | 92 % | 5 % |',
        '| 8 | 94 % | 4 % |',
        '| 9 | 96 % | 3 % |',
        '| 10 | 97 % | 2 % |',
      ),
    });
  });

  it('on a vampire-pack contest: the opponent on a line of its own; the higher Attribute takes the ties (004 l.119)', async () => {
    client = await LspTestClient.start();
    assert.deepEqual(await hoverAt(client, joinLines(...VAMPIRE, '«Адриан: Сила + Атлетика против Ловкость 2 + ⟦Атлетика 2⟧⟦⟧»')), {
      range: MARKED,
      lines: ruLines(
        // Сила 3 against Ловкость 2: P(win) 0.5236 and P(tie) 0.2530 of 6 dice against 4 at 30 % become one win.
        '**Победа 78 %**  ',
        'Адриан: Сила 3 + Атлетика 3 = 6 костей  ',
        'Противник: Ловкость 2 + Атлетика 2 = 4 кости',
        '',
        '```text',
        'победа    78 % ████████████▍',
        'поражение 22 % ███▋',
        '```',
        '',
        // The Storyteller may give the tie (25 %) to the initiator instead: 0.5236 + 0.2530 or 0.5236 alone.
        '_Шансы считают, что ничью (25 %) выигрывает более высокая Характеристика в пуле. Но по решению Рассказчика ничью может выиграть тот, кто начал состязание: тогда победа 78 %, если начал бросающий, и 52 %, если противник._',
        '',
        '---',
        '',
        '**Атлетика** · Athletics · Навык · ✓ есть в тексте правил · также пишут: Атлетизм',
      ),
    });
  });

  it('with no dice left: the text’s options', async () => {
    client = await LspTestClient.start();
    assert.deepEqual(await hoverAt(client, joinLines(...VAMPIRE, '⟦«Сила 1 + Атлетика 1 (сложность 3)⟦⟧»⟧')), {
      range: MARKED,
      lines: ruLines(
        '**Успех 0 %** · Костей не осталось 100 %  ',
        'Сила 1 + Атлетика 1 − сложность 3 = 0 костей',
        '',
        '```text',
        'успех                0 %',
        'Костей не осталось 100 % ████████████████',
        '```',
        '',
        '_Костей не осталось: броска нет. По тексту можно принять неудачу и получить Ускорение, перегруппироваться или помочь другому._',
      ),
    });
  });

  it('on an extended action: done within the limit first, then by each roll, then one roll', async () => {
    client = await LspTestClient.start();
    assert.deepEqual(await hoverAt(client, '⟦«Интеллект 2 + Ремесло 3 (10 успехов, 5 бросков)⟦⟧»⟧'), {
      range: MARKED,
      lines: ruLines(
        '**За 5 бросков: 32 %** · нужно 10 успехов  ',
        'Интеллект 2 + Ремесло 3 = 5 костей',
        '',
        '```text',
        'за 1 бросок  <0,01 %',
        'за 2 броска   0,13 %',
        'за 3 броска      2 % ▍',
        'за 4 броска     12 % ██',
        'за 5 бросков    32 % █████▏',
        '```',
        '',
        'Один бросок: успех 83 % · из них исключительный успех 2 %',
      ),
    });
  });

  it('on a chance die: the dramatic failure in the headline, and the chance die note', async () => {
    client = await LspTestClient.start();
    assert.deepEqual(await hoverAt(client, '⟦«Сила 1 − 2⟦⟧»⟧'), {
      range: MARKED,
      lines: ruLines(
        '**Успех 10 %** · из них исключительный успех <0,01 % · полный провал 10 %  ',
        'Сила 1 − 2 = −1 → бросок на удачу · в среднем 0,11 успеха',
        '',
        '```text',
        'успех          10 % █▋',
        '  1 успех       9 % █▌',
        '  2 успеха    0,9 % ▏',
        '  3+ успеха   0,1 %',
        'провал         80 % ████████████▊',
        'полный провал  10 % █▋',
        '```',
        '',
        '_Бросок на удачу: одна кость, успех только на 10; 1 — полный провал._',
      ),
    });
  });

  it('on a classic check with Willpower: the automatic success, and no botch to fear', async () => {
    client = await LspTestClient.start();
    assert.deepEqual(await hoverAt(client, joinLines(...WEREWOLF, '⟦«Ловкость 3 + Атлетика 2 (сложность 6, Сила воли)⟦⟧»⟧')), {
      range: MARKED,
      lines: ruLines(
        '**Успех 100 %**  ',
        'Ловкость 3 + Атлетика 2 = 5 костей, сложность 6, + 1 автоматический успех (Сила воли) · в среднем 3,07 успеха',
        '',
        '```text',
        'успех        100 % ████████████████',
        '  1 успех     16 % ██▌',
        '  2 успеха    20 % ███▏',
        '  3 успеха    26 % ████▏',
        '  4 успеха    23 % ███▊',
        '  5+ успехов  16 % ██▌',
        '```',
        '',
        '_Сила воли: один автоматический успех, который не отменяют единицы; провала не будет._',
      ),
    });
  });

  it('on a d20 check: success and failure are the rows, the criticals their parts', async () => {
    client = await LspTestClient.start();
    assert.deepEqual(await hoverAt(client, joinLines(...THREADS, '⟦«Скрытность 4 (сложность 15, Преимущество)⟦⟧»⟧')), {
      range: MARKED,
      lines: ruLines(
        '**Успех 75 %** · из них критический успех 10 %  ',
        '2к20 (лучший) + Скрытность 4 = к20 + 4, сложность 15 · в среднем итог 17,83',
        '',
        '```text',
        'успех                  75 % ████████████',
        '  критический успех    10 % █▌',
        'неудача                25 % ████',
        '  критический провал 0,25 %',
        'разница со сложностью: −10 ▁▁▂▂▂▃▃▄▄▄▅▅▆▆▆▇▇███ +9',
        '```',
      ),
    });
  });

  it('on a d20 check so easy that a natural 1 still succeeds: both criticals are parts of the success', async () => {
    client = await LspTestClient.start();
    assert.deepEqual(await hoverAt(client, joinLines(...THREADS, '⟦«Скрытность 14 (сложность 12)⟦⟧»⟧')), {
      range: MARKED,
      lines: ruLines(
        '**Успех 100 %** · из них критический успех 5 %  ',
        'к20 + Скрытность 14 = к20 + 14, сложность 12 · в среднем итог 24,5',
        '',
        '```text',
        'успех                100 % ████████████████',
        '  критический успех    5 % ▊',
        '  критический провал   5 % ▊',
        'разница со сложностью: +3 ████████████████████ +22',
        '```',
      ),
    });
  });

  it('on a d20 check out of reach: a natural 20 is a part of the failure, and the GM may still count it', async () => {
    client = await LspTestClient.start();
    assert.deepEqual(await hoverAt(client, joinLines(...THREADS, '⟦«Скрытность 1 (сложность 25)⟦⟧»⟧')), {
      range: MARKED,
      lines: ruLines(
        '**Успех 0 %**  ',
        'к20 + Скрытность 1 = к20 + 1, сложность 25 · в среднем итог 11,5',
        '',
        '```text',
        'успех                  0 %',
        'неудача              100 % ████████████████',
        '  критический провал   5 % ▊',
        '  критический успех    5 % ▊',
        'разница со сложностью: −23 ████████████████████ −4',
        '```',
        '',
        '_20 на кубике (5 %) не дотягивает до сложности, но мастер может засчитать автоматический успех._',
      ),
    });
  });

  it('on a d20 check with an unknown modifier: −2 to +12 in two halves side by side', async () => {
    client = await LspTestClient.start();
    assert.deepEqual(await hoverAt(client, joinLines(...THREADS, '⟦«Доблесть (сложность 12)⟦⟧»⟧')), {
      range: MARKED,
      lines: ruLines(
        '**Модификатор неизвестен** · нет значения: Доблесть  ',
        'к20 + Доблесть ? = к20 + ?, сложность 12',
        '',
        '| Модификатор | Успех | Модификатор | Успех |',
        '| :-- | --: | :-- | --: |',
        '| −2 | 35 % | +6 | 75 % |',
        '| −1 | 40 % | +7 | 80 % |',
        '| 0 | 45 % | +8 | 85 % |',
        '| +1 | 50 % | +9 | 90 % |',
        '| +2 | 55 % | +10 | 95 % |',
        '| +3 | 60 % | +11 | 100 % |',
        '| +4 | 65 % | +12 | 100 % |',
        '| +5 | 70 % |  |  |',
      ),
    });
  });

  it('on a trait of a check with an error: that no odds are computed, then the trait', async () => {
    client = await LspTestClient.start();
    assert.deepEqual(await hoverAt(client, joinLines(...VAMPIRE, '«Сила 3 + ⟦Ат⟦⟧летика 3⟧ (сложность 2, сложность 3)»')), {
      range: MARKED,
      lines: ['Шансы не считаются: в записи проверки ошибка.', '', '---', '', '**Атлетика** · Athletics · Навык · ✓ есть в тексте правил · также пишут: Атлетизм'],
    });
  });

  it('fits VS Code’s hover without scrolling: a plain check of every family in at most 12 lines', async () => {
    client = await LspTestClient.start();
    const plain = [
      joinLines(...VAMPIRE, '«Сила 3 + Атлетика 3 (сложность 2)⟦⟧»'),
      '«Сила 3 + Атлетика 3⟦⟧»',
      joinLines(...WEREWOLF, '«Ловкость 3 + Атлетика 2 [Прыжки] (сложность 7)⟦⟧»'),
      joinLines(...THREADS, '«Скрытность 4 (сложность 15, Преимущество)⟦⟧»'),
    ];
    for (const marked of plain) {
      const hover = await hoverAt(client, marked);
      // What VS Code draws: text lines, without the blank lines between paragraphs and the code fences.
      const drawn = hover?.lines.filter((line) => line !== '' && !line.startsWith('```')) ?? [];
      assert.ok(drawn.length >= 4 && drawn.length <= 12, `${drawn.length} lines:\n${drawn.join('\n')}`);
    }
  });

  it('on the front matter’s ruleset id: the ruleset’s summary', async () => {
    client = await LspTestClient.start();
    assert.deepEqual(await hoverAt(client, joinLines('---', 'ruleset: ⟦vampire-⟦⟧pack⟧', '---')), {
      range: MARKED,
      lines: [
        '**Вампир: Маскарад — «Пакет игрока»** (`vampire-pack`)',
        '',
        'Пул d10 (Характеристика + Навык) минус сложность; кость 8+ — успех, число успехов задаёт степень от базового до выдающегося. Ни одного успеха и хотя бы одна единица — болезненный провал; если костей не осталось, броска нет.',
        '',
        'пул к10 минус сложность, успех на 8+ · словарь закрытый · типичный пул 4',
      ],
    });
  });

  it('on a character sheet’s trait: the trait, in the ruleset’s term for its category', async () => {
    client = await LspTestClient.start();
    assert.deepEqual(await hoverAt(client, joinLines('---', 'ruleset: vampire-pack', 'characters:', '  Адриан: { Сила: 3, ⟦Атле⟦⟧тика: 3⟧ }', '---')), {
      range: MARKED,
      lines: ['**Атлетика** · Athletics · Навык · ✓ есть в тексте правил · также пишут: Атлетизм'],
    });
  });

  it('in English when the editor is not Russian', async () => {
    client = await LspTestClient.start({ locale: 'en' });
    assert.deepEqual(await hoverAt(client, joinLines(...VAMPIRE, '⟦«Сила 3 + Атлетика 3 (сложность 2)⟦⟧»⟧')), {
      range: MARKED,
      lines: [
        '**Success 76%** · painful failure 11%  ',
        'Сила 3 + Атлетика 3 − difficulty 2 = 4 dice · 1.2 successes on average',
        '',
        '```text',
        'success                   76% ████████████▏',
        '  1 basic success         41% ██████▋',
        '  2 solid success         26% ████▎',
        '  3 exceptional success    8% █▎',
        '  4 incredible success  0.81% ▏',
        'failure                   13% ██▏',
        'painful failure           11% █▊',
        '```',
        '',
        '_High competence (pool 4+): a base success may be taken without rolling, except for attack or defence._',
      ],
    });
  });

  it('in English on a d20 check', async () => {
    client = await LspTestClient.start({ locale: 'en' });
    assert.deepEqual(await hoverAt(client, joinLines(...THREADS, '⟦«Скрытность 4 (сложность 15, Преимущество)⟦⟧»⟧')), {
      range: MARKED,
      lines: [
        '**Success 75%** · including critical success 10%  ',
        '2d20 (highest) + Скрытность 4 = d20 + 4, difficulty 15 · expected total 17.83',
        '',
        '```text',
        'success              75% ████████████',
        '  critical success   10% █▌',
        'failure              25% ████',
        '  critical failure 0.25%',
        'margin: −10 ▁▁▂▂▂▃▃▄▄▄▅▅▆▆▆▇▇███ +9',
        '```',
      ],
    });
  });

  it('gives nothing on a quotation or on plain prose', async () => {
    client = await LspTestClient.start();
    assert.equal(await hoverAt(client, joinLines(...VAMPIRE, 'Он сказал: «Несколько⟦⟧ действий», и ушёл.')), null);
    assert.equal(await hoverAt(client, joinLines(...VAMPIRE, 'Он сказал⟦⟧: «Сила + Атлетика (сложность 2)».')), null);
  });

  it('finds the check under the cursor on CRLF lines after emoji, in UTF-16 code units', async () => {
    client = await LspTestClient.start();
    const uri = docUri('crlf.md');
    const {
      text,
      ranges: [first, afterFirst, further, second, inSecond],
    } = withRanges(['---', 'ruleset: vampire-pack', '---', '# 🎲 Сцена', '🧛🧛 ⟦«Сила 3 + Атлетика 3 (сложность 2)»⟧⟦⟧ ⟦⟧и «⟦Ло⟦⟧вкость 2⟧ + Атлетика 2»'].join('\r\n'));
    await client.open(uri, text);
    const onSecond = await client.hover(uri, inSecond.start);
    // A term's range runs from its name to the end of its rating.
    assert.deepEqual(onSecond?.range, second);
    assert.match((onSecond?.contents as { value: string }).value, /\n\*\*Ловкость\*\* · Dexterity · Характеристика \(Физические\)/);
    // Right after the closing » still hovers the check; one character further does not.
    assert.deepEqual((await client.hover(uri, afterFirst.start))?.range, first);
    assert.equal(await client.hover(uri, further.start), null);
  });
});
