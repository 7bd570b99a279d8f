/**
 * Hover over a real connection: the odds of a check in the ruleset's own words, with the pool
 * as a formula, every outcome, expected successes, a bar chart and the rules' notes; tables
 * for unknown pools; extended actions, contests, d20; traits and the front matter's ruleset.
 * Expected texts are exact: a change in wording or numbers is a change to review.
 */
import * as assert from 'node:assert/strict';
import { CURSOR, docUri, joinLines, LspTestClient, range, withCursor } from './harness';

const VAMPIRE = ['---', 'ruleset: vampire-pack', 'characters:', '  Адриан: { Сила: 3, Атлетика: 3 }', '---'];
const WEREWOLF = ['---', 'ruleset: werewolf-revised', '---'];
const THREADS = ['---', 'ruleset: threads-of-fate', '---'];

async function hoverAt(client: LspTestClient, marked: string): Promise<{ range: unknown; lines: string[] } | null> {
  const { text, position } = withCursor(marked);
  const uri = docUri('hover.md');
  await client.open(uri, text);
  const hover = await client.hover(uri, position);
  if (!hover) return null;
  const contents = hover.contents as { kind: string; value: string };
  assert.equal(contents.kind, 'markdown');
  return { range: hover.range, lines: contents.value.split('\n') };
}

describe('hover', () => {
  let client: LspTestClient;
  afterEach(async () => client?.stop());

  it('on a trait: the trait, then the check’s odds in the ruleset’s words, with the formula and a chart', async () => {
    client = await LspTestClient.start();
    assert.deepEqual(await hoverAt(client, joinLines(...VAMPIRE, 'Забор: «Си' + CURSOR + 'ла 3 + Атлетика 3 (сложность 2)».')), {
      range: range(5, 8, 5, 14),
      lines: [
        '**Сила** · Strength  ',
        'атрибут (Физические) · Вампир: Маскарад — «Пакет игрока»  ',
        '✓ есть в тексте правил',
        '',
        '---',
        '',
        '**🎲 Вампир: Маскарад — «Пакет игрока»**',
        '',
        'Сила 3 + Атлетика 3 − сложность 2 = 4 кости',
        '',
        '| Исход | Вероятность |',
        '| :-- | --: |',
        '| болезненный провал | 11% |',
        '| провал | 13% |',
        '| успех | 76% |',
        '',
        'Ожидаемое число успехов: 1.2',
        '',
        'Успехи:',
        '',
        '```text',
        '0                      │█████████▍          24%',
        '1 базовый успех        │████████████████    41%',
        '2 уверенный успех      │██████████▎         26%',
        '3 исключительный успех │███                  8%',
        '4 невероятный успех    │▍                 0.81%',
        '```',
        '',
        '_Высокая компетентность (пул 4+): базовый успех можно взять без броска, кроме атаки и защиты._',
      ],
    });
  });

  it('between the terms: the check alone, over the whole «…»', async () => {
    client = await LspTestClient.start();
    assert.deepEqual(await hoverAt(client, joinLines(...VAMPIRE, 'Забор: «Сила 3 +' + CURSOR + ' Атлетика 3 (сложность 2)».')), {
      range: range(5, 7, 5, 42),
      lines: [
        '**🎲 Вампир: Маскарад — «Пакет игрока»**',
        '',
        'Сила 3 + Атлетика 3 − сложность 2 = 4 кости',
        '',
        '| Исход | Вероятность |',
        '| :-- | --: |',
        '| болезненный провал | 11% |',
        '| провал | 13% |',
        '| успех | 76% |',
        '',
        'Ожидаемое число успехов: 1.2',
        '',
        'Успехи:',
        '',
        '```text',
        '0                      │█████████▍          24%',
        '1 базовый успех        │████████████████    41%',
        '2 уверенный успех      │██████████▎         26%',
        '3 исключительный успех │███                  8%',
        '4 невероятный успех    │▍                 0.81%',
        '```',
        '',
        '_Высокая компетентность (пул 4+): базовый успех можно взять без броска, кроме атаки и защиты._',
      ],
    });
  });

  it('with an unknown pool: a compact table by pool size', async () => {
    client = await LspTestClient.start();
    assert.deepEqual(await hoverAt(client, joinLines(...VAMPIRE, '«Ловкость + Атлетика (сложность 1)' + CURSOR + '»')), {
      range: range(5, 0, 5, 35),
      lines: [
        '**🎲 Вампир: Маскарад — «Пакет игрока»**',
        '',
        'Ловкость ? + Атлетика ? − сложность 1 = ? костей',
        '',
        'Пул неизвестен (нет значения: Ловкость, Атлетика). Шансы по размеру пула:',
        '',
        '| Пул | болезненный провал | провал | успех | успехов ≈ |',
        '| :-- | --: | --: | --: | --: |',
        '| 1 | 10% | 60% | 30% | 0.3 |',
        '| 2 | 13% | 36% | 51% | 0.6 |',
        '| 3 | 13% | 22% | 66% | 0.9 |',
        '| 4 | 11% | 13% | 76% | 1.2 |',
        '| 5 | 9% | 8% | 83% | 1.5 |',
        '| 6 | 7% | 5% | 88% | 1.8 |',
        '| 7 | 5% | 3% | 92% | 2.1 |',
        '| 8 | 4% | 2% | 94% | 2.4 |',
        '| 9 | 3% | 1% | 96% | 2.7 |',
        '| 10 | 2% | 0.6% | 97% | 3 |',
      ],
    });
  });

  it('on a contest: win, tie and lose', async () => {
    client = await LspTestClient.start();
    assert.deepEqual(await hoverAt(client, joinLines(...VAMPIRE, '«Адриан: Сила + Атлетика против Ловкость 2 + Атлетика 2' + CURSOR + '»')), {
      range: range(5, 45, 5, 55),
      lines: [
        '**Атлетика** · Athletics  ',
        'способность · Вампир: Маскарад — «Пакет игрока»  ',
        '✓ есть в тексте правил  ',
        'Другие написания: Атлетизм',
        '',
        '---',
        '',
        '**🎲 Вампир: Маскарад — «Пакет игрока»**',
        '',
        'Сила 3 + Атлетика 3 = 6 костей против Ловкость 2 + Атлетика 2 = 4 кости',
        '',
        '| Исход | Вероятность |',
        '| :-- | --: |',
        '| победа | 52% |',
        '| ничья | 25% |',
        '| поражение | 22% |',
      ],
    });
  });

  it('with no dice left: the text’s options', async () => {
    client = await LspTestClient.start();
    assert.deepEqual(await hoverAt(client, joinLines(...VAMPIRE, '«Сила 1 + Атлетика 1 (сложность 3)' + CURSOR + '»')), {
      range: range(5, 0, 5, 35),
      lines: [
        '**🎲 Вампир: Маскарад — «Пакет игрока»**',
        '',
        'Сила 1 + Атлетика 1 − сложность 3 = 0 костей',
        '',
        '| Исход | Вероятность |',
        '| :-- | --: |',
        '| Костей не осталось | 100% |',
        '',
        'Ожидаемое число успехов: 0',
        '',
        '_Костей не осталось: броска нет. По тексту можно принять неудачу и получить Ускорение, перегруппироваться или помочь другому._',
      ],
    });
  });

  it('on an extended action: the probability of being done by each roll', async () => {
    client = await LspTestClient.start();
    assert.deepEqual(await hoverAt(client, '«Интеллект 2 + Ремесло 3 (10 успехов, 5 бросков)' + CURSOR + '»'), {
      range: range(0, 0, 0, 49),
      lines: [
        '**🎲 Мир Тьмы: Система Повествования (2004)**',
        '',
        'Интеллект 2 + Ремесло 3 = 5 костей',
        '',
        'Продолжительное действие: нужно 10 успехов, не больше 5 бросков.',
        '',
        'Готово к броску:',
        '',
        '```text',
        '1 │                 <0.01%',
        '2 │▏                 0.13%',
        '3 │█▎                   2%',
        '4 │██████▎             12%',
        '5 │████████████████    32%',
        '```',
        '',
        'Один бросок:',
        '',
        '| Исход | Вероятность |',
        '| :-- | --: |',
        '| провал | 17% |',
        '| успех | 81% |',
        '| исключительный успех | 2% |',
        '',
        'Ожидаемое число успехов: 1.67',
        '',
        'Успехи:',
        '',
        '```text',
        '0  │████████▎           17%',
        '1  │████████████████    32%',
        '2  │██████████████      28%',
        '3  │███████▍            15%',
        '4  │██▊                  6%',
        '5  │▊                    2%',
        '6  │▏                 0.37%',
        '7+ │                  0.09%',
        '```',
      ],
    });
  });

  it('on a chance die: the chance die note', async () => {
    client = await LspTestClient.start();
    assert.deepEqual(await hoverAt(client, '«Сила 1 − 2' + CURSOR + '»'), {
      range: range(0, 0, 0, 12),
      lines: [
        '**🎲 Мир Тьмы: Система Повествования (2004)**',
        '',
        'Сила 1 − 2 = −1 → бросок на удачу',
        '',
        '| Исход | Вероятность |',
        '| :-- | --: |',
        '| полный провал | 10% |',
        '| провал | 80% |',
        '| успех | 10% |',
        '| исключительный успех | <0.01% |',
        '',
        'Ожидаемое число успехов: 0.11',
        '',
        'Успехи:',
        '',
        '```text',
        '0 │████████████████    90%',
        '1 │█▋                   9%',
        '2 │▏                  0.9%',
        '3 │                  0.09%',
        '```',
        '',
        '_Бросок на удачу: одна кость, успех только на 10; 1 — полный провал._',
      ],
    });
  });

  it('on a classic check with Willpower: the automatic success', async () => {
    client = await LspTestClient.start();
    assert.deepEqual(await hoverAt(client, joinLines(...WEREWOLF, '«Ловкость 3 + Атлетика 2 (сложность 6, Сила воли)' + CURSOR + '»')), {
      range: range(3, 0, 3, 50),
      lines: [
        '**🎲 Оборотень: Апокалипсис (Revised)**',
        '',
        'Ловкость 3 + Атлетика 2 = 5 костей, сложность 6, + 1 автоматический успех (Сила воли)',
        '',
        '| Исход | Вероятность |',
        '| :-- | --: |',
        '| успех | 100% |',
        '',
        'Ожидаемое число успехов: 3.07',
        '',
        'Успехи:',
        '',
        '```text',
        '0 │                     0%',
        '1 │█████████▋          16%',
        '2 │████████████▏       20%',
        '3 │████████████████    26%',
        '4 │██████████████▎     23%',
        '5 │███████▊            13%',
        '6 │█▉                   3%',
        '```',
        '',
        '_Сила воли: один автоматический успех, который не отменяют единицы; провала (botch) не будет._',
      ],
    });
  });

  it('on a d20 check: success, criticals and the margin', async () => {
    client = await LspTestClient.start();
    assert.deepEqual(await hoverAt(client, joinLines(...THREADS, '«Скрытность 4 (сложность 15, Преимущество)' + CURSOR + '»')), {
      range: range(3, 0, 3, 43),
      lines: [
        '**🎲 Нити Судьбы (К20)**',
        '',
        '2к20 (лучший) + Скрытность 4 = к20 + 4, сложность 15',
        '',
        '| Исход | Вероятность |',
        '| :-- | --: |',
        '| неудача | 25% |',
        '| успех | 75% |',
        '| критический успех | 10% |',
        '| критический провал | 0.25% |',
        '',
        'Ожидаемый итог: 17.83 · запас 2.83',
        '',
        'Запас (итог − сложность):',
        '',
        '```text',
        '−10 ▁▁▂▂▂▃▃▄▄▄▅▅▆▆▆▇▇███ +9',
        '```',
      ],
    });
  });

  it('on a d20 check with an unknown modifier: the table runs from −2 to +12', async () => {
    client = await LspTestClient.start();
    assert.deepEqual(await hoverAt(client, joinLines(...THREADS, '«Доблесть (сложность 12)' + CURSOR + '»')), {
      range: range(3, 0, 3, 25),
      lines: [
        '**🎲 Нити Судьбы (К20)**',
        '',
        'к20 + Доблесть ? = к20 + ?, сложность 12',
        '',
        'Пул неизвестен (нет значения: Доблесть). Шансы по модификатору:',
        '',
        '| Модификатор | неудача | успех | критический успех | критический провал |',
        '| :-- | --: | --: | --: | --: |',
        '| −2 | 65% | 35% | 5% | 5% |',
        '| −1 | 60% | 40% | 5% | 5% |',
        '| 0 | 55% | 45% | 5% | 5% |',
        '| +1 | 50% | 50% | 5% | 5% |',
        '| +2 | 45% | 55% | 5% | 5% |',
        '| +3 | 40% | 60% | 5% | 5% |',
        '| +4 | 35% | 65% | 5% | 5% |',
        '| +5 | 30% | 70% | 5% | 5% |',
        '| +6 | 25% | 75% | 5% | 5% |',
        '| +7 | 20% | 80% | 5% | 5% |',
        '| +8 | 15% | 85% | 5% | 5% |',
        '| +9 | 10% | 90% | 5% | 5% |',
        '| +10 | 5% | 95% | 5% | 5% |',
        '| +11 | 0% | 100% | 5% | 5% |',
        '| +12 | 0% | 100% | 5% | 5% |',
      ],
    });
  });

  it('on the front matter’s ruleset id: the ruleset’s summary', async () => {
    client = await LspTestClient.start();
    assert.deepEqual(await hoverAt(client, joinLines('---', 'ruleset: vampire-' + CURSOR + 'pack', '---')), {
      range: range(1, 9, 1, 21),
      lines: [
        '**Вампир: Маскарад — «Пакет игрока»** (`vampire-pack`)',
        '',
        'Пул d10 (Характеристика + Навык) минус сложность; кость 8+ — успех, число успехов задаёт степень от базового до выдающегося. Ни одного успеха и хотя бы одна единица — болезненный провал; если костей не осталось, броска нет.',
        '',
        'пул d10 минус сложность, успех на 8+ · словарь закрытый · типичный пул 4',
      ],
    });
  });

  it('on a character sheet’s trait: the trait', async () => {
    client = await LspTestClient.start();
    assert.deepEqual(await hoverAt(client, joinLines('---', 'ruleset: vampire-pack', 'characters:', '  Адриан: { Сила: 3, Атле' + CURSOR + 'тика: 3 }', '---')), {
      range: range(3, 21, 3, 32),
      lines: [
        '**Атлетика** · Athletics  ',
        'способность · Вампир: Маскарад — «Пакет игрока»  ',
        '✓ есть в тексте правил  ',
        'Другие написания: Атлетизм',
      ],
    });
  });

  it('in English when the editor is not Russian', async () => {
    client = await LspTestClient.start({ locale: 'en' });
    assert.deepEqual(await hoverAt(client, joinLines(...VAMPIRE, '«Сила 3 + Атлетика 3 (сложность 2)' + CURSOR + '»')), {
      range: range(5, 0, 5, 35),
      lines: [
        '**🎲 Vampire: The Masquerade — “Player Pack”**',
        '',
        'Сила 3 + Атлетика 3 − difficulty 2 = 4 dice',
        '',
        '| Outcome | Probability |',
        '| :-- | --: |',
        '| painful failure | 11% |',
        '| failure | 13% |',
        '| success | 76% |',
        '',
        'Expected successes: 1.2',
        '',
        'Successes:',
        '',
        '```text',
        '0                     │█████████▍          24%',
        '1 basic success       │████████████████    41%',
        '2 solid success       │██████████▎         26%',
        '3 exceptional success │███                  8%',
        '4 incredible success  │▍                 0.81%',
        '```',
        '',
        '_High competence (pool 4+): a base success may be taken without rolling, except for attack or defence._',
      ],
    });
  });

  it('gives nothing on a quotation or on plain prose', async () => {
    client = await LspTestClient.start();
    assert.equal(await hoverAt(client, joinLines(...VAMPIRE, 'Он сказал: «Несколько' + CURSOR + ' действий», и ушёл.')), null);
    assert.equal(await hoverAt(client, joinLines(...VAMPIRE, 'Он сказал' + CURSOR + ': «Сила + Атлетика (сложность 2)».')), null);
  });

  it('finds the check under the cursor on CRLF lines after emoji, in UTF-16 code units', async () => {
    client = await LspTestClient.start();
    const uri = docUri('crlf.md');
    const text = ['---', 'ruleset: vampire-pack', '---', '# 🎲 Сцена', '🧛🧛 «Сила 3 + Атлетика 3 (сложность 2)» и «Ловкость 2 + Атлетика 2»'].join('\r\n');
    await client.open(uri, text);
    const onSecond = await client.hover(uri, { line: 4, character: 46 });
    // A term's range runs from its name to the end of its rating.
    assert.deepEqual(onSecond?.range, range(4, 44, 4, 54));
    assert.match((onSecond?.contents as { value: string }).value, /^\*\*Ловкость\*\* · Dexterity/);
    // Right after the closing » still hovers the check; one character further does not.
    const afterFirst = await client.hover(uri, { line: 4, character: 40 });
    assert.deepEqual(afterFirst?.range, range(4, 5, 4, 40));
    assert.equal(await client.hover(uri, { line: 4, character: 41 }), null);
  });
});
