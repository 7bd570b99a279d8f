/**
 * The new mechanics (MARKUP.md "Additions (2)") in words: the hover, the lens, the outline, the
 * inlay hint and the roll log, each from present/, with every text exact. The numbers themselves
 * are the oracle's (test/src/analysis/mechanics.test.ts); here: which figure heads, what each row
 * and note says, and that a roll says what it used.
 */
import * as assert from 'node:assert/strict';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import type { AnalyzedCheck, DocumentAnalysis } from '../../../server/out/analysis/types';
import type { Locale } from '../../../server/out/present/locale';
import { rollCheck } from '../../../server/out/engine/roll';
import { checkHoverMarkdown } from '../../../server/out/present/hover';
import { checkDetail, checkLine, lensTitle, oddsView, reportChance } from '../../../server/out/present/odds';
import { analyzedCheckDetail } from '../../../server/out/present/party';
import { rollLog } from '../../../server/out/present/roll';
import { voice } from '../../../server/out/present/voice';
import { scenario } from '../analysis/util';
import { ru, ruLines } from './text';

interface Said {
  hover: string[];
  lens: string;
  outline: string;
  inlay?: string;
  log: string[];
}

function said(ruleset: string, line: string, seed: number, frontMatter: string[] = [], locale: Locale = 'ru'): Said {
  const analysis: DocumentAnalysis = analyzeDocument(scenario(ruleset, [line], frontMatter), { rulesets: builtinRulesets() });
  assert.equal(analysis.checks.length, 1);
  const check: AnalyzedCheck = analysis.checks[0];
  assert.ok(check.spec, `${line} can be rolled`);
  const v = voice(locale);
  const checkLineOf = checkLine(check.odds, { ruleset: analysis.ruleset, v, spec: check.spec });
  return {
    hover: checkHoverMarkdown(check, analysis.ruleset, v).split('\n'),
    lens: lensTitle(checkLineOf, v, { odds: true }),
    outline: checkDetail(checkLineOf),
    ...(checkLineOf.chance ? { inlay: checkLineOf.chance.short } : {}),
    log: rollLog(check.text, rollCheck(analysis.ruleset, check.spec, { seed }), analysis.ruleset, v),
  };
}

/** What VS Code draws of a hover: its text lines, without blank lines and code fences. */
function drawn(hover: readonly string[]): string[] {
  return hover.filter((line) => line !== '' && !line.startsWith('```'));
}

describe('present: the new mechanics', () => {
  it('alternatives: the best combination heads, each combination in a row, the roll names the one it used', () => {
    const o = said('mage-revised', '«Ловкость 3 или Интеллект 2 + Ремесло 2 (сложность 6)»', 7);
    assert.deepEqual(
      o.hover,
      ruLines(
        '**Успех 84 %** · провал 2 %  ',
        'Ловкость 3 + Ремесло 2 = 5 костей, сложность 6 · в среднем 2,07 успеха',
        '',
        '```text',
        'успех       84 % █████████████▌',
        '  1 успех   20 % ███▏',
        '  2 успеха  26 % ████▏',
        '  3 успеха  23 % ███▊',
        '  4 успеха  13 % ██',
        '  5 успехов  3 % ▌',
        'неудача     13 % ██▏',
        'провал       2 % ▍',
        '```',
        '',
        'Варианты: **Ловкость 3 + Ремесло 2 — успех 84 % (лучший)** · Интеллект 2 + Ремесло 2 — успех 80 %',
      ),
    );
    assert.equal(o.lens, ru('🎲 Бросить · успех 84 % · Ловкость 3 + Ремесло 2'));
    assert.equal(o.outline, ru('пул 5 · успех 84 % · Ловкость 3 + Ремесло 2'));
    assert.equal(o.inlay, ru('≈84 %'));
    assert.deepEqual(o.log, ['🎲 «Ловкость 3 или Интеллект 2 + Ремесло 2 (сложность 6)»: вариант Ловкость 3 + Ремесло 2: [1, 1, 6, 10, 4] → 0 успехов: неудача · зерно броска 7']);
  });

  it('alternatives in English, whole pools, the second one best', () => {
    const o = said('storytelling', '«Ловкость 2 + Атлетика 1 или Выносливость 2 + Атлетика 2»', 7, [], 'en');
    assert.deepEqual(o.hover.slice(0, 2), ['**Success 76%** · including exceptional success 0.78%  ', 'Выносливость 2 + Атлетика 2 = 4 dice · 1.33 successes on average']);
    assert.equal(o.hover[o.hover.length - 1], 'Alternatives: Ловкость 2 + Атлетика 1 — success 66% · **Выносливость 2 + Атлетика 2 — success 76% (best)**');
    assert.equal(o.lens, '🎲 Roll · success 76% · Выносливость 2 + Атлетика 2');
    assert.equal(o.log[0], '🎲 «Ловкость 2 + Атлетика 1 или Выносливость 2 + Атлетика 2»: alternative Выносливость 2 + Атлетика 2: [1, 1, 6, 10] + re-rolled [4] → 1 success: success · seed 7');
  });

  it('teamwork: the helpers in the formula and a note in the family’s words; each helper’s dice in the roll log', () => {
    const sheet = ['characters:', '  Вера: { Сила: 2, Атлетизм: 1 }', '  Гордей: { Сила: 3, Атлетизм: 2 }'];
    const o = said('mage-revised', '«Сила 2 + Атлетизм 1 (сложность 6; помощь: Вера, Гордей)»', 7, sheet);
    assert.deepEqual(o.hover.slice(0, 3), ruLines('**Успех 99 %** · провал 0,25 %  ', 'Сила 2 + Атлетизм 1 = 3 кости, сложность 6 · в среднем 4,65 успеха  ', 'Помощь: Вера 3 кости, Гордей 5 костей'));
    assert.equal(o.hover[o.hover.length - 1], '_2 помощника бросают тот же пул: их успехи складываются с вашими._');
    assert.deepEqual(o.log, [
      '🎲 «Сила 2 + Атлетизм 1 (сложность 6; помощь: Вера, Гордей)»: [3, 1, 1] → 1 успех (с помощью: 2 помощника): успех · зерно броска 7',
      '    помощник 1: [1, 1, 6] → 0 успехов (+0 успехов)',
      '    помощник 2: [10, 4, 7, 1, 2] → 1 успех (+1 успех)',
    ]);
    const story = said('storytelling', '«Сила 1 + Атлетика 1 (помощь: 1)»', 7);
    assert.equal(story.hover[2], 'Помощь: 1 × 2 кости');
    assert.equal(story.hover[story.hover.length - 1], '_1 помощник бросает первым: каждый его успех — кость в ваш пул, его полный провал — −4 кости._');
    assert.equal(story.log[1], '    помощник 1: [1, 1] → 0 успехов (+0 костей в пул)');
    const d20 = said('threads-of-fate', '«Скрытность 3 (сложность 14, помощь: 2)»', 7);
    assert.equal(d20.hover[2], 'Помощь: 2 × +3');
    assert.deepEqual(d20.log.slice(1), ['    помощник 1: к20 [1] → 1 + 3 = 4 (Помеха)', '    помощник 2: к20 [11] → 11 + 3 = 14 (Преимущество)']);
  });

  it('a race: win, tie and loss of the whole race, how soon it is decided; the roll log lists the rounds', () => {
    const o = said('mage-revised', '«Ловкость 2 + Атлетизм 1 (3 успеха) против Ловкость 1 + Вождение 1»', 7);
    assert.deepEqual(
      o.hover,
      ruLines(
        '**Победа 57 %** · ничья 18 % · гонка: нужно 3 успеха  ',
        'Ловкость 2 + Атлетизм 1 = 3 кости, сложность 6 (по умолчанию)  ',
        'Противник: Ловкость 1 + Вождение 1 = 2 кости, сложность 6 (по умолчанию)',
        '',
        '```text',
        'победа    57 % █████████▏',
        'ничья     18 % ██▉',
        'поражение 25 % ████',
        'решено за 2 раунда: 78 %, за 4 раунда: 99,49 %',
        '```',
      ),
    );
    assert.deepEqual(o.log, [
      '🎲 «Ловкость 2 + Атлетизм 1 (3 успеха) против Ловкость 1 + Вождение 1»: 2 раунда, счёт 0 : 1 (провал у соперника): победа · зерно броска 7',
      '    раунд 1: [1, 1, 6] → 0 успехов против [10, 4] → 1 успех, счёт 0 : 1',
      '    раунд 2: [7, 1, 2] → 0 успехов против [3, 1] → 0 успехов, счёт 0 : 1',
    ]);
    // Each side's own target: the headline says both.
    const own = said('mage-revised', '«Ловкость 2 + Атлетизм 1 (6 успехов) против Ловкость 1 + Вождение 1 (4 успеха)»', 7);
    assert.equal(own.hover[0], ru('**Победа 43 %** · ничья 12 % · гонка: нужно 6 успехов, противнику — 4 успеха  '));
    const ownEn = said('mage-revised', '«Ловкость 2 + Атлетизм 1 (6 успехов) против Ловкость 1 + Вождение 1 (4 успеха)»', 7, [], 'en');
    assert.equal(ownEn.hover[0], '**Win 43%** · tie 12% · race: 6 successes needed, the opponent 4 successes  ');
    const limited = said('storytelling', '«Ловкость 2 + Атлетика 1 (4 успеха, 3 броска) против Выносливость 1 + Атлетика 1»', 7);
    assert.equal(limited.hover[8], ru('до цели за 3 раунда: 43 %; иначе побеждает больший счёт'));
    assert.equal(limited.log[0], '🎲 «Ловкость 2 + Атлетика 1 (4 успеха, 3 броска) против Выносливость 1 + Атлетика 1»: 3 раунда, счёт 1 : 2 (по счёту): поражение · зерно броска 7');
  });

  it('soak and damage: no botch row, and a note that says why', () => {
    const o = said('mage-revised', '«Выносливость 3 (поглощение)»', 7);
    assert.deepEqual(
      o.hover,
      ruLines(
        '**Успех 74 %**  ',
        'Выносливость 3 = 3 кости, сложность 6 (по умолчанию) · в среднем 1,29 успеха',
        '',
        '```text',
        'успех      74 % ███████████▉',
        '  1 успех  32 % █████',
        '  2 успеха 30 % ████▊',
        '  3 успеха 13 % ██',
        'неудача    26 % ████▏',
        '```',
        '',
        '_Урон и поглощение: единицы отменяют успехи, но провала не бывает._',
      ),
    );
  });

  it('initiative: the mean and the totals, no success or failure; the roll says its total', () => {
    const o = said('werewolf-revised', '«Инициатива 5»', 7);
    assert.deepEqual(o.hover, ruLines('**В среднем 10,5**  ', 'Инициатива 5 = 1к10 + 5', '', '```text', 'итог от 6 до 15, каждый — 10 %', '```', '', '_Инициатива: 1к10 + рейтинг; больший итог ходит первым. При равном итоге первым ходит тот, у кого выше рейтинг инициативы; если равны и рейтинги — персонажи действуют одновременно._'));
    assert.equal(o.lens, '🎲 Бросить · в среднем 10,5');
    assert.equal(o.outline, 'инициатива 5 · в среднем 10,5');
    assert.equal(o.inlay, '≈10,5');
    assert.deepEqual(o.log, ['🎲 «Инициатива 5»: итог 6 ([1] + 5) · зерно броска 7']);
    const en = said('werewolf-revised', '«Ловкость 3 + Смекалка 2 (инициатива)»', 7, [], 'en');
    assert.deepEqual([en.hover[0], en.hover[1], en.lens, en.log[0]], ['**10.5 on average**  ', 'Ловкость 3 + Смекалка 2 = 1d10 + 5', '🎲 Roll · 10.5 on average', '🎲 «Ловкость 3 + Смекалка 2 (инициатива)»: total 6 ([1] + 5) · seed 7']);
  });

  it('initiative with an unknown rating: «рейтинг неизвестен», a table by rating, and a roll that says the rating it took', () => {
    const analysis = analyzeDocument(scenario('werewolf-revised', ['«Ловкость + Смекалка (инициатива)»']), { rulesets: builtinRulesets() });
    const [check] = analysis.checks;
    const v = voice('ru');
    assert.deepEqual(checkHoverMarkdown(check, analysis.ruleset, v).split('\n').slice(0, 6), [
      '**Рейтинг неизвестен** · нет значения: Ловкость, Смекалка  ',
      'Ловкость ? + Смекалка ? = 1к10 + ?',
      '',
      '| Рейтинг | В среднем |',
      '| :-- | --: |',
      '| 1 | 6,5 |',
    ]);
    const line = checkLine(check.odds, { ruleset: analysis.ruleset, v, spec: check.spec });
    assert.equal(lensTitle(line, v, { odds: false }), '🎲 Бросить · рейтинг неизвестен');
    assert.ok(check.spec);
    const roll = rollCheck(analysis.ruleset, check.spec, { seed: 3 });
    assert.deepEqual(rollLog(check.text, roll, analysis.ruleset, v, { pool: roll.pool, source: 'typical' }), [
      '🎲 «Ловкость + Смекалка (инициатива)»: итог 10 ([5] + 5) (рейтинг неизвестен: взят типичный пул правил, 5) · зерно броска 3',
    ]);
  });

  it('a helpers note agrees with its number, by Intl’s plural rules: «1 помощник бросает», «2 помощника бросают»', () => {
    const one = said('threads-of-fate', '«Скрытность 3 (сложность 14, помощь: 1)»', 7);
    assert.equal(one.hover[one.hover.length - 1], '_1 помощник бросает против сложности − 5: успех даёт Преимущество, неудача — Помеху._');
    const two = said('threads-of-fate', '«Скрытность 3 (сложность 14, помощь: 2)»', 7);
    assert.equal(two.hover[two.hover.length - 1], '_2 помощника бросают против сложности − 5: успех даёт Преимущество, неудача — Помеху._');
    const five = said('mage-revised', '«Сила 2 + Атлетизм 1 (сложность 6, помощь: 5)»', 7);
    assert.equal(five.hover[five.hover.length - 1], '_5 помощников бросают тот же пул: их успехи складываются с вашими._');
    const oneEn = said('mage-revised', '«Сила 2 + Атлетизм 1 (сложность 6, помощь: 1)»', 7, [], 'en');
    assert.equal(oneEn.hover[oneEn.hover.length - 1], '_1 helper rolls the same pool: their successes add to yours._');
    const twoEn = said('storytelling', '«Сила 1 + Атлетика 1 (помощь: 2)»', 7, [], 'en');
    assert.equal(twoEn.hover[twoEn.hover.length - 1], '_2 helpers roll first: each of their successes is a die for your pool, a helper’s dramatic failure −4 dice._');
  });

  it('vampire-pack contests: the Attribute breaks the ties; a tie it cannot break is the Storyteller’s', () => {
    const broken = said('vampire-pack', '«Сила 3 + Атлетика 2 (сложность 2) против Ловкость 2 + Атлетика 3»', 7);
    assert.deepEqual(
      broken.hover,
      ruLines(
        '**Победа 67 %**  ',
        'Сила 3 + Атлетика 2 − сложность 2 = 3 кости  ',
        'Противник: Ловкость 2 + Атлетика 3 − сложность 2 = 3 кости',
        '',
        '```text',
        'победа    67 % ██████████▊',
        'поражение 33 % █████▎',
        '```',
        '',
        // 004 l.119: the Attribute «либо тот, кто начал состязание, — по решению Рассказчика».
        '_Шансы считают, что ничью (35 %) выигрывает более высокая Характеристика в пуле. Но по решению Рассказчика ничью может выиграть тот, кто начал состязание: тогда победа 67 %, если начал бросающий, и 33 %, если противник._',
      ),
    );
    const even = said('vampire-pack', '«Сила 3 + Атлетика 2 против Ловкость 3 + Атлетика 2»', 7);
    assert.deepEqual(even.hover.slice(5, 8), ruLines('победа                    36 % █████▉', 'ничья — решает Рассказчик 27 % ████▍', 'поражение                 36 % █████▉'));
    // Equal Attributes: the Storyteller's other choice is all there is (004 l.119), 36 % + 27 % or 36 %.
    assert.equal(even.hover[even.hover.length - 1], ru('_Ничью (27 %) Характеристика не решает; по решению Рассказчика её может выиграть тот, кто начал состязание: тогда победа 64 %, если начал бросающий, и 36 %, если противник._'));
    const storyteller = said('vampire-pack', '«Ловкость 3 + Атлетика 2 против 6»', 7);
    assert.deepEqual(storyteller.hover.slice(0, 3), ruLines('**Победа 30 %** · ничья — решает Рассказчик 26 %  ', 'Ловкость 3 + Атлетика 2 = 5 костей  ', 'Противник: 6 костей'));
  });

  it('a helper the front matter does not know (RM007) or whose sheet lacks a trait (RM008): the pool is unknown, and the hover says whose', () => {
    const sheet = ['characters:', '  Вера: { Сила: 3, Атлетика: 2 }', '  Марк: { Сила: 2 }'];
    const analysis = analyzeDocument(scenario('werewolf-revised', ['«Вера: Сила + Атлетика (сложность 6; помощь: Марк, Ольга)»'], sheet), { rulesets: builtinRulesets() });
    const [check] = analysis.checks;
    const v = voice('ru');
    assert.deepEqual(checkHoverMarkdown(check, analysis.ruleset, v).split('\n').slice(0, 3), [
      '**Пул неизвестен** · неизвестен пул помощи: Марк, Ольга  ',
      'Вера: Сила 3 + Атлетика 2 = 5 костей, сложность 6  ',
      'Помощь: Марк ? костей, Ольга ? костей',
    ]);
    assert.equal(lensTitle(checkLine(check.odds, { ruleset: analysis.ruleset, v, spec: check.spec }), v, { odds: false }), '🎲 Бросить · пул неизвестен');
  });

  it('a party check with a named helper: she helps the others, and the hover says she does not roll', () => {
    const sheet = ['characters:', '  Вера: { Сила: 3, Атлетика: 2 }', '  Марк: { Сила: 2, Атлетика: 2 }', '  Ольга: { Сила: 1 }'];
    const analysis = analyzeDocument(scenario('werewolf-revised', ['«Сила + Атлетика (сложность 6; помощь: Вера)»'], sheet), { rulesets: builtinRulesets() });
    const [check] = analysis.checks;
    assert.deepEqual(
      checkHoverMarkdown(check, analysis.ruleset, voice('ru')).split('\n'),
      ruLines(
        '**Партия: хотя бы один справится — 97 %** · все — 97 %  ',
        'Сила ? + Атлетика ? = ? костей, сложность 6  ',
        'Помощь: Вера 5 костей',
        '',
        '```text',
        'Марк (пул 4) 97 % ███████████████▌',
        '```',
        '',
        '_Помогает, а не бросает: Вера._  ',
        '_Нет нужных значений в листе: Ольга._',
      ),
    );
  });

  it('a check the rules cannot roll as written (RM003, RM013, RM002 on a spent trait) has no odds: hover, lens, outline, inlay and `check --checks` say so', () => {
    const party = ['characters:', '  Вера: { Сила: 2, Атлетика: 2, Воля: 4 }', '  Марк: { Сила: 3, Атлетика: 1, Воля: 6 }'];
    const cases: [string, string, string[], string][] = [
      ['storytelling', '«Сила 1 + Атлетика 1 (помощь: 21)»', [], 'RM003'],
      ['storytelling', '«Сила + Атлетика (помощь: 21)»', party, 'RM003'],
      ['mage-revised', '«Ловкость 2 + Атлетизм 2 (сложность 11)»', [], 'RM003'],
      ['vampire-pack', '«Сила 2 + Атлетика 2 (сложность −1)»', [], 'RM003'],
      ['threads-of-fate', '«Скрытность 4 (сложность 14, 3 Преимущества)»', [], 'RM013'],
      ['storytelling', '«Воля 5 (снова-9)»', [], 'RM002'],
      ['storytelling', '«Сила + Атлетика + Воля»', party, 'RM002'],
    ];
    for (const [ruleset, line, frontMatter, code] of cases) {
      const analysis = analyzeDocument(scenario(ruleset, [line], frontMatter), { rulesets: builtinRulesets() });
      const [check] = analysis.checks;
      assert.deepEqual(analysis.diagnostics.map((d) => d.code), [code], line);
      assert.deepEqual([check.spec, check.odds, check.party], [undefined, undefined, undefined], line);
      const v = voice('ru');
      const lineOf = checkLine(check.odds, { ruleset: analysis.ruleset, v, spec: check.spec });
      assert.equal(checkHoverMarkdown(check, analysis.ruleset, v), 'Шансы не считаются: в записи проверки ошибка.', line);
      assert.equal(lensTitle(lineOf, v, { odds: false }), '🎲 Бросить · нельзя бросить', line);
      // The outline's detail and `rollmark check --checks`'s line are one function.
      assert.equal(analyzedCheckDetail(check, analysis.ruleset, v), 'нельзя бросить', line);
      assert.equal(lineOf.chance, undefined, `${line}: no inlay hint`);
    }
  });

  it('every new kind of hover stays within VS Code’s height (at most 12 drawn lines, as a plain check)', () => {
    const hovers = [
      said('mage-revised', '«Ловкость 3 или Интеллект 2 + Ремесло 2 (сложность 6)»', 1).hover,
      said('mage-revised', '«Ловкость 3/Сила 2 + Атлетизм 2/Драка 1/Вождение 3 (сложность 6)»', 1).hover,
      said('mage-revised', '«Сила 2 + Атлетизм 1 (сложность 6, помощь: 2)»', 1).hover,
      said('mage-revised', '«Ловкость 2 + Атлетизм 1 (3 успеха) против Ловкость 1 + Вождение 1»', 1).hover,
      said('werewolf-revised', '«Инициатива 5»', 1).hover,
      said('vampire-pack', '«Сила 3 + Атлетика 2 (сложность 2) против Ловкость 2 + Атлетика 3»', 1).hover,
    ];
    for (const hover of hovers) assert.ok(drawn(hover).length <= 12, `${drawn(hover).length} lines:\n${hover.join('\n')}`);
  });

  it('the view of initiative has no chance; the JSON’s success is null for it', () => {
    const analysis = analyzeDocument(scenario('storytelling', ['«Инициатива 4»']), { rulesets: builtinRulesets() });
    const [check] = analysis.checks;
    assert.ok(check.odds && check.odds.pool !== null);
    const view = oddsView(check.odds, { ruleset: analysis.ruleset, v: voice('ru'), spec: check.spec });
    assert.deepEqual([view.main, view.rows, view.spread], [{ label: 'в среднем 9,5' }, [], ru('итог от 5 до 14, каждый — 10 %')]);
    assert.equal(reportChance(check.odds), null);
  });

  it('«дважды» (000 l.480): the better of two in the hover, a note, both rolls in the log with the one kept', () => {
    const o = said('storytelling', '«Ловкость 3 + Атлетика 2 (дважды)»', 7);
    assert.deepEqual(
      o.hover,
      ruLines(
        '**Успех 97 %** · из них исключительный успех 4 %  ',
        'Ловкость 3 + Атлетика 2 = 5 костей · в среднем 2,33 успеха',
        '',
        '```text',
        'успех                     97 % ███████████████▌',
        '  1 успех                 21 % ███▍',
        '  2 успеха                36 % █████▊',
        '  3 успеха                25 % ████▏',
        '  4 успеха                11 % █▋',
        '  5+ исключительный успех  4 % ▋',
        'провал                     3 % ▌',
        '```',
        '',
        '_Бросок делается дважды, засчитывается лучший из двух результатов._',
      ),
    );
    assert.equal(o.lens, ru('🎲 Бросить · успех 97 %'));
    assert.equal(o.inlay, ru('≈97 %'));
    assert.deepEqual(o.log, ['🎲 «Ловкость 3 + Атлетика 2 (дважды)»: [1, 1, 6, 10, 4] + переброс [7] → 1 успех и [1, 2, 3, 1, 1] → 0 успехов, засчитан первый: успех · зерно броска 7']);
    const en = said('werewolf-revised', '«Ловкость 1 + Атлетика 1 (сложность 7, дважды)»', 3, [], 'en');
    assert.equal(en.log[0], '🎲 «Ловкость 1 + Атлетика 1 (сложность 7, дважды)»: [5, 3] → 0 successes and [10, 4] → 1 success, the second counts: success · seed 3');
  });

  it('attempts (000 l.398): success within each attempt, the penalty, the first attempt’s roll; the log lists every attempt', () => {
    const o = said('storytelling', '«Интеллект 3 + Самообладание 2 (3 попытки)»', 7);
    assert.deepEqual(
      o.hover,
      ruLines(
        '**Успех за 3 попытки 99 %** · каждая следующая попытка: −1 кость  ',
        'Интеллект 3 + Самообладание 2 = 5 костей',
        '',
        '```text',
        'за 1 попытку 83 % █████████████▎',
        'за 2 попытки 96 % ███████████████▍',
        'за 3 попытки 99 % ███████████████▊',
        '```',
        '',
        'Один бросок: успех 83 % · из них исключительный успех 2 %',
      ),
    );
    assert.equal(o.lens, ru('🎲 Бросить · успех за 3 попытки 99 %'));
    assert.equal(o.outline, ru('пул 5 · успех за 3 попытки 99 %'));
    assert.deepEqual(o.log, ['🎲 «Интеллект 3 + Самообладание 2 (3 попытки)»: попытка 1 из 3: [1, 1, 6, 10, 4] + переброс [7] → 1 успех: успех · зерно броска 7']);
    // Down to chance dice: the risk of a dramatic failure on the way; seed 2 fails every attempt.
    const low = said('storytelling', '«Сила 1 + Атлетика 1 (4 попытки, штраф 1)»', 2);
    assert.match(low.hover[0], /^\*\*Успех за 4 попытки \d+\u00a0%\*\* · полный провал хотя бы раз \d+(,\d+)?\u00a0% · каждая следующая попытка: −1 кость {2}$/);
    assert.deepEqual(low.log, [
      '🎲 «Сила 1 + Атлетика 1 (4 попытки, штраф 1)»: попытка 4 из 4: бросок на удачу [7] → 0 успехов: провал · зерно броска 2',
      '    попытка 1: [6, 6] → 0 успехов',
      '    попытка 2: [1] → 0 успехов',
      '    попытка 3: бросок на удачу [9] → 0 успехов',
      '    попытка 4: бросок на удачу [7] → 0 успехов',
    ]);
  });

  it('«вторая попытка» (004 l.86–90): the raised difficulty in the formula, painful failure only, a note; the roll says painful', () => {
    // 7 dice − (4 + 1) = 2 dice at 8+: success 1 − 0.7² = 51 %, one success 2 · 0.3 · 0.7 = 42 %, two 0.3² = 9 %.
    const o = said('vampire-pack', '«Интеллект 3 + Саботаж 4 (сложность 4, вторая попытка)»', 2);
    assert.deepEqual(
      o.hover,
      ruLines(
        '**Успех 51 %** · болезненный провал 49 %  ',
        'Интеллект 3 + Саботаж 4 − сложность 5 = 2 кости · в среднем 0,6 успеха',
        '',
        '```text',
        'успех               51 % ████████▏',
        '  1 базовый успех   42 % ██████▊',
        '  2 уверенный успех  9 % █▌',
        'болезненный провал  49 % ███████▉',
        '```',
        '',
        '_Вторая попытка: сложность на 1 выше написанной, любой провал — болезненный (Сделку с Дьяволом предложить нельзя)._',
      ),
    );
    assert.deepEqual(o.log, ['🎲 «Интеллект 3 + Саботаж 4 (сложность 4, вторая попытка)»: [6, 6] → 0 успехов: болезненный провал · зерно броска 2']);
  });
  it('storytelling contests by degrees (000 l.341): the exceptional win in the headline, each exceptional part under its row, the roll names it', () => {
    const o = said('storytelling', '«Интеллект 3 + Компьютер 3 против Интеллект 2 + Компьютер 1»', 4);
    assert.deepEqual(
      o.hover,
      ruLines(
        '**Победа 61 % (исключительная 4 %)** · ничья 22 % · поражение 17 %  ',
        'Интеллект 3 + Компьютер 3 = 6 костей  ',
        'Противник: Интеллект 2 + Компьютер 1 = 3 кости',
        '',
        '```text',
        'победа                          61 % █████████▉',
        '  исключительная                 4 % ▋',
        'ничья                           22 % ███▌',
        'поражение                       17 % ██▊',
        '  исключительная у противника 0,21 %',
        '```',
      ),
    );
    assert.equal(o.lens, ru('🎲 Бросить · победа 61 %'));
    assert.deepEqual(o.log, ['🎲 «Интеллект 3 + Компьютер 3 против Интеллект 2 + Компьютер 1»: [4, 10, 9, 9, 10, 3] + переброс [8, 6] → 5 успехов против [4, 1, 3] → 0 успехов: победа, исключительная · зерно броска 4']);
    const chance = said('storytelling', '«Интеллект 1 + Компьютер 0 − 1 против Интеллект 1 + Компьютер 1»', 7, [], 'en');
    assert.equal(chance.hover[0], '**Win 5%** · tie 43% · loss 52%  ');
    assert.ok(chance.hover.includes('  exceptional for the opponent 10% █▋'));
    assert.equal(chance.hover[chance.hover.length - 1], '_In a contest a dramatic failure loses, and the opponent wins exceptionally; a dramatic failure on both sides is a tie._');
    assert.deepEqual(chance.log, ['🎲 «Интеллект 1 + Компьютер 0 − 1 против Интеллект 1 + Компьютер 1»: chance die [1] → 0 successes versus [1, 6] → 0 successes: loss: dramatic failure · seed 7']);
  });
});

describe('present: an attack with damage and soak (001 l.268–275, 306)', () => {
  it('the hit heads with the mean damage, the hit broken down by levels, the miss and the botch; the log rolls damage and soak', () => {
    const o = said('mage-revised', '«Ловкость 3 + Драка 2 (сложность 6; урон: Сила 2 + 1; поглощение: Выносливость 4)»', 10);
    assert.deepEqual(
      o.hover,
      ruLines(
        '**Попадание 84 %** · урон в среднем 0,67 уровня · провал 2 %  ',
        'Ловкость 3 + Драка 2 = 5 костей, сложность 6',
        '',
        '```text',
        'попадание              84 % █████████████▌',
        '  1 уровень            16 % ██▌',
        '  2 уровня             11 % █▊',
        '  3 уровня              6 % ▉',
        '  4 уровня              2 % ▍',
        '  5+ уровней         0,57 % ▏',
        '  весь урон поглощён   49 % ███████▉',
        'промах                 13 % ██▏',
        'провал                  2 % ▍',
        'уровней урона: 0 — 64 %, 1 — 16 %, 2 — 11 %, 3 — 6 %, 4 — 2 %, 5+ — 0,57 %',
        '```',
        '',
        '_Урон: 3 кости и по кости за каждый лишний успех атаки; поглощение: 4 кости; сложность 6, единицы отменяют успехи, провала нет._',
      ),
    );
    assert.equal(o.lens, ru('🎲 Бросить · попадание 84 %'));
    assert.equal(o.outline, ru('пул 5 · попадание 84 %'));
    assert.equal(o.inlay, ru('≈84 %'));
    assert.deepEqual(o.log, [
      ru('🎲 «Ловкость 3 + Драка 2 (сложность 6; урон: Сила 2 + 1; поглощение: Выносливость 4)»: [8, 2, 2, 7, 7] → 3 успеха: попадание, урон 5 уровней · зерно броска 10'),
      '    урон (5 костей, из них 2 за лишние успехи): [7, 9, 6, 8, 10] → 5 успехов',
      '    поглощение: [1, 1, 2, 4] → 0 успехов',
    ]);
    assert.deepEqual(said('mage-revised', '«Ловкость 3 + Драка 2 (сложность 6; урон: Сила 2 + 1; поглощение: Выносливость 4)»', 7).log, [
      '🎲 «Ловкость 3 + Драка 2 (сложность 6; урон: Сила 2 + 1; поглощение: Выносливость 4)»: [1, 1, 6, 10, 4] → 0 успехов: промах · зерно броска 7',
    ]);
  });

  it('in English against a defender: the hit is the chance, both sides in the log', () => {
    const o = said('werewolf-revised', '«Ловкость 3 + Драка 2 (урон: Сила 2 + 1; поглощение: 3) против Ловкость 2 + Уклонение 2»', 12, [], 'en');
    assert.equal(o.hover[0], '**Hit 47%** · 0.39 levels of damage on average · botch 2%  ');
    assert.equal(o.hover.at(-1), '_Damage: 3 dice plus a die for each extra success of the attack; soak: 3 dice; difficulty 6, 1s cancel successes, no botch._');
    assert.ok(o.hover.includes('levels of damage: 0 — 78%, 1 — 10%, 2 — 7%, 3 — 3%, 4 — 0.91%, 5+ — 0.2%'));
    assert.equal(o.lens, '🎲 Roll · hit 47%');
    assert.deepEqual(o.log, [
      '🎲 «Ловкость 3 + Драка 2 (урон: Сила 2 + 1; поглощение: 3) против Ловкость 2 + Уклонение 2»: [6, 6, 10, 7, 2] → 4 successes versus [4, 7, 2, 10] → 2 successes: hit, 0 levels of damage · seed 12',
      '    damage (4 dice, 1 of them for extra successes): [2, 3, 1, 5] → 0 successes',
      '    soak: [2, 6, 8] → 2 successes',
    ]);
  });
});
