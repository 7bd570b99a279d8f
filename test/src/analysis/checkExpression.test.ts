/**
 * The check-expression parser (MARKUP.md §3): exact ASTs for the contract's examples, every
 * grammar branch, every error kind at its exact range (with a near miss that must not error),
 * recovery, the §2 (a) keyword helper and the §6 canonical form.
 *
 * ASTs are compared in their printed form (printCheck.ts says how to read it). Every parse starts
 * at offset OFF and the printer counts from it, so an off-by-offset bug shows.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  MAX_ERRORS,
  canonicalKeyword,
  combinationAst,
  combinationCount,
  formatCanonical,
  optionGroups,
  sideCombinations,
  formatParam,
  hasParamKeyword,
  parseCheckExpression,
  pluralRu,
} from '../../../server/src/analysis/check/checkExpression';
import type { CheckExpression, ParseError, ParseErrorCode, TextRange, TraitTerm } from '../../../server/src/analysis/check/checkExpression';
import { parseMarkers } from '../markers';
import { CONTENT_OFFSET, escaped, printCheck } from './printCheck';

const OFF = CONTENT_OFFSET;

/** The printed AST's lines. */
function lines(...printed: string[]): string {
  return printed.join('\n');
}

/** A simplified view of errors, sorted, for comparison with marked ranges. */
function errorView(errors: readonly ParseError[]): { code: ParseErrorCode; range: TextRange }[] {
  return errors
    .map((e) => ({ code: e.code, range: e.range }))
    .sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end || a.code.localeCompare(b.code));
}

const identity = (t: TraitTerm): string => t.name;

describe('check expression parser', () => {
  describe('MARKUP §3 examples parse to the exact AST', () => {
    const examples: [string, string, string][] = [
      [
        '«Сила + Атлетика (сложность 2)»',
        'Сила + Атлетика (сложность 2)',
        lines(
          'side ‹Сила + Атлетика›0: trait ‹Сила›0, +‹+›5 trait ‹Атлетика›7', //
          'params ‹(сложность 2)›16: difficulty 2 ‹сложность 2›17 kw ‹сложность›17 value ‹2›27',
        ),
      ],
      [
        '«Ловкость + Атлетика (сложность 4)»',
        'Ловкость + Атлетика (сложность 4)',
        lines(
          'side ‹Ловкость + Атлетика›0: trait ‹Ловкость›0, +‹+›9 trait ‹Атлетика›11', //
          'params ‹(сложность 4)›20: difficulty 4 ‹сложность 4›21 kw ‹сложность›21 value ‹4›31',
        ),
      ],
      [
        '«Сила воли (сложность 9)»: a two-word trait',
        'Сила воли (сложность 9)',
        lines(
          'side ‹Сила воли›0: trait ‹Сила воли›0', //
          'params ‹(сложность 9)›10: difficulty 9 ‹сложность 9›11 kw ‹сложность›11 value ‹9›21',
        ),
      ],
      [
        '«Ловкость + Атлетизм (сложность 6, специализация)»',
        'Ловкость + Атлетизм (сложность 6, специализация)',
        lines(
          'side ‹Ловкость + Атлетизм›0: trait ‹Ловкость›0, +‹+›9 trait ‹Атлетизм›11',
          'params ‹(сложность 6, специализация)›20: difficulty 6 ‹сложность 6›21 kw ‹сложность›21 value ‹6›31; specialty ‹специализация›34',
        ),
      ],
      [
        '«Манипулирование + Хитрость против Силы Воли»: two sides',
        'Манипулирование + Хитрость против Силы Воли',
        lines(
          'side ‹Манипулирование + Хитрость›0: trait ‹Манипулирование›0, +‹+›16 trait ‹Хитрость›18', //
          'versus ‹против›27',
          'side ‹Силы Воли›34: trait ‹Силы Воли›34',
        ),
      ],
      [
        '«Ловкость + Вождение + 3 − 4»: modifiers',
        'Ловкость + Вождение + 3 − 4',
        'side ‹Ловкость + Вождение + 3 − 4›0: trait ‹Ловкость›0, +‹+›9 trait ‹Вождение›11, +‹+›20 modifier 3 ‹3›22, −‹−›24 modifier 4 ‹4›26',
      ],
      [
        '«Сообразительность + Ремесло + 3 (10 успехов, 7 бросков)»: extended',
        'Сообразительность + Ремесло + 3 (10 успехов, 7 бросков)',
        lines(
          'side ‹Сообразительность + Ремесло + 3›0: trait ‹Сообразительность›0, +‹+›18 trait ‹Ремесло›20, +‹+›28 modifier 3 ‹3›30',
          'params ‹(10 успехов, 7 бросков)›32: successesNeeded 10 ‹10 успехов›33 kw ‹успехов›36 value ‹10›33; rollLimit 7 ‹7 бросков›45 kw ‹бросков›47 value ‹7›45',
        ),
      ],
      [
        '«Катастрофа: Ловкость + Атлетика (сложность 2)»: an actor',
        'Катастрофа: Ловкость + Атлетика (сложность 2)',
        lines(
          'actor ‹Катастрофа›0',
          'side ‹Ловкость + Атлетика›12: trait ‹Ловкость›12, +‹+›21 trait ‹Атлетика›23',
          'params ‹(сложность 2)›32: difficulty 2 ‹сложность 2›33 kw ‹сложность›33 value ‹2›43',
        ),
      ],
      [
        '«Скрытность 4 (сложность 15, Преимущество)»: rating, advantage without count',
        'Скрытность 4 (сложность 15, Преимущество)',
        lines(
          'side ‹Скрытность 4›0: trait ‹Скрытность›0 rating 4 ‹4›11 range ‹Скрытность 4›0',
          'params ‹(сложность 15, Преимущество)›13: difficulty 15 ‹сложность 15›14 kw ‹сложность›14 value ‹15›24; advantage 1 ‹Преимущество›28',
        ),
      ],
      [
        '«Доблесть 3 (сложность 12, 2 Помехи)»: counted hindrance',
        'Доблесть 3 (сложность 12, 2 Помехи)',
        lines(
          'side ‹Доблесть 3›0: trait ‹Доблесть›0 rating 3 ‹3›9 range ‹Доблесть 3›0',
          'params ‹(сложность 12, 2 Помехи)›11: difficulty 12 ‹сложность 12›12 kw ‹сложность›12 value ‹12›22; hindrance 2 ‹2 Помехи›26 kw ‹Помехи›28 count ‹2›26',
        ),
      ],
    ];
    for (const [name, text, expected] of examples) it(name, () => assert.strictEqual(printCheck(text), expected));
  });

  describe('terms', () => {
    const cases: [string, string, string][] = [
      [
        '«Сила 3 + Атлетика 3»: each rating belongs to its trait',
        'Сила 3 + Атлетика 3',
        'side ‹Сила 3 + Атлетика 3›0: trait ‹Сила›0 rating 3 ‹3›5 range ‹Сила 3›0, +‹+›7 trait ‹Атлетика›9 rating 3 ‹3›18 range ‹Атлетика 3›9',
      ],
      ['«Сила воли 3»: a two-word trait with a rating', 'Сила воли 3', 'side ‹Сила воли 3›0: trait ‹Сила воли›0 rating 3 ‹3›10 range ‹Сила воли 3›0'],
      [
        '«Интеллект + Расследование [Цифровые медиа]»: a specialty',
        'Интеллект + Расследование [Цифровые медиа]',
        'side ‹Интеллект + Расследование [Цифровые медиа]›0: trait ‹Интеллект›0, +‹+›10 trait ‹Расследование›12 specialty "Цифровые медиа" ‹Цифровые медиа›27 in ‹[Цифровые медиа]›26 range ‹Расследование [Цифровые медиа]›12',
      ],
      [
        'rating and specialty together, specialty text whitespace-normalised',
        'Ловкость 3 [ Ножи,\u00a0 кинжалы ]',
        'side ‹Ловкость 3 [ Ножи,\\u00a0 кинжалы ]›0: trait ‹Ловкость›0 rating 3 ‹3›9 specialty "Ножи, кинжалы" ‹Ножи,\\u00a0 кинжалы›13 in ‹[ Ножи,\\u00a0 кинжалы ]›11 range ‹Ловкость 3 [ Ножи,\\u00a0 кинжалы ]›0',
      ],
      [
        'trait words separated by several spaces, tabs and NBSP; name normalised, range as written',
        'Сила \t\u00a0воли  +  Хладнокровие',
        'side ‹Сила \\t\\u00a0воли  +  Хладнокровие›0: trait ‹Сила \\t\\u00a0воли›0 "Сила воли", +‹+›13 trait ‹Хладнокровие›16',
      ],
      [
        'inner hyphens and ё stay in a word; a hyphen before a digit is a minus',
        'Кунг-фу + Тёмное искусство-3',
        'side ‹Кунг-фу + Тёмное искусство-3›0: trait ‹Кунг-фу›0, +‹+›8 trait ‹Тёмное искусство›10, −‹-›26 modifier 3 ‹3›27',
      ],
      ['minus written as hyphen', 'Сила - 2', 'side ‹Сила - 2›0: trait ‹Сила›0, −‹-›5 modifier 2 ‹2›7'],
      ['minus written as U+2212', 'Сила \u2212 2', 'side ‹Сила − 2›0: trait ‹Сила›0, −‹−›5 modifier 2 ‹2›7'],
      ['minus written as en dash', 'Сила \u2013 2', 'side ‹Сила – 2›0: trait ‹Сила›0, −‹–›5 modifier 2 ‹2›7'],
      [
        'no whitespace at all',
        'Сила+Атлетика−1(сложность 2;специализация)',
        lines(
          'side ‹Сила+Атлетика−1›0: trait ‹Сила›0, +‹+›4 trait ‹Атлетика›5, −‹−›13 modifier 1 ‹1›14',
          'params ‹(сложность 2;специализация)›15: difficulty 2 ‹сложность 2›16 kw ‹сложность›16 value ‹2›26; specialty ‹специализация›28',
        ),
      ],
      ['a leading sign on a modifier is part of it: «−2 + Сила»', '−2 + Сила', 'side ‹−2 + Сила›0: −‹−›0 modifier 2 ‹2›1, +‹+›3 trait ‹Сила›5'],
      ['a leading sign on a modifier is part of it: «+3»', '+3', 'side ‹+3›0: +‹+›0 modifier 3 ‹3›1'],
      [
        '«против» is case-insensitive and each side has its own parameters',
        'Сила + Драка (сложность 6) ПРОТИВ Ловкость + Уклонение (сложность 7, специализация)',
        lines(
          'side ‹Сила + Драка›0: trait ‹Сила›0, +‹+›5 trait ‹Драка›7',
          'params ‹(сложность 6)›13: difficulty 6 ‹сложность 6›14 kw ‹сложность›14 value ‹6›24',
          'versus ‹ПРОТИВ›27',
          'side ‹Ловкость + Уклонение›34: trait ‹Ловкость›34, +‹+›43 trait ‹Уклонение›45',
          'params ‹(сложность 7, специализация)›55: difficulty 7 ‹сложность 7›56 kw ‹сложность›56 value ‹7›66; specialty ‹специализация›69',
        ),
      ],
      [
        'the actor is any text before a top-level «:», whitespace-normalised',
        '  Жан-Поль \u00a0Второй :Сила',
        lines(
          'actor ‹Жан-Поль \\u00a0Второй›2 "Жан-Поль Второй"', //
          'side ‹Сила›20: trait ‹Сила›20',
        ),
      ],
      [
        'a «:» after a bracket is not an actor separator',
        'Сила (сложность: 2)',
        lines(
          'side ‹Сила›0: trait ‹Сила›0', //
          'params ‹(сложность: 2)›5 (keyword seen)',
          'error bad-number ‹: 2›15 param=difficulty reason=not-a-number',
        ),
      ],
      [
        'a single word is a single trait term (quotation or check is for the caller to decide)',
        'Несколько действий',
        'side ‹Несколько действий›0: trait ‹Несколько действий›0',
      ],
    ];
    for (const [name, text, expected] of cases) it(name, () => assert.strictEqual(printCheck(text), expected));
  });

  describe('alternatives (MARKUP Additions (2))', () => {
    const cases: [string, string, string, number[][][]][] = [
      [
        '«или» between single traits binds tighter than +: (Ловкость | Интеллект) + Ремесло',
        'Ловкость или Интеллект + Ремесло (сложность 6)',
        lines(
          'side ‹Ловкость или Интеллект + Ремесло›0: trait ‹Ловкость›0, or ‹или›9 term trait ‹Интеллект›13, +‹+›23 trait ‹Ремесло›25',
          'params ‹(сложность 6)›33: difficulty 6 ‹сложность 6›34 kw ‹сложность›34 value ‹6›44',
        ),
        [[[0, 2], [1, 2]]],
      ],
      [
        'the right-hand trait: Интеллект + (Языки | Компьютеры)',
        'Интеллект + Языки или Компьютеры',
        'side ‹Интеллект + Языки или Компьютеры›0: trait ‹Интеллект›0, +‹+›10 trait ‹Языки›12, or ‹или›18 term trait ‹Компьютеры›22',
        [[[0, 1], [0, 2]]],
      ],
      [
        '«/» always joins single traits; a specialty after the last option is the group’s',
        'Ловкость + Атлетизм/Вождение [Погони]',
        'side ‹Ловкость + Атлетизм/Вождение [Погони]›0: trait ‹Ловкость›0, +‹+›9 trait ‹Атлетизм›11, or ‹/›19 term trait ‹Вождение›20 specialty "Погони" ‹Погони›30 in ‹[Погони]›29 range ‹Вождение [Погони]›20',
        [[[0, 1], [0, 2]]],
      ],
      [
        'whole pools: both parts have a +',
        'Ловкость + Атлетика ИЛИ Сила + Атлетика',
        'side ‹Ловкость + Атлетика ИЛИ Сила + Атлетика›0: trait ‹Ловкость›0, +‹+›9 trait ‹Атлетика›11, or ‹ИЛИ›20 pool trait ‹Сила›24, +‹+›29 trait ‹Атлетика›31',
        [[[0, 1], [2, 3]]],
      ],
      [
        'whole pools: a single trait before «или» is the first trait after it (001 l.62)',
        'Сила или Сила + Атлетизм (сложность 3)',
        lines(
          'side ‹Сила или Сила + Атлетизм›0: trait ‹Сила›0, or ‹или›5 pool trait ‹Сила›9, +‹+›14 trait ‹Атлетизм›16',
          'params ‹(сложность 3)›25: difficulty 3 ‹сложность 3›26 kw ‹сложность›26 value ‹3›36',
        ),
        [[[0], [1, 2]]],
      ],
      [
        'values per alternative; a minus before a whole pool’s number is its own',
        'Сила 2 + 1 или −1 + Ловкость 3',
        'side ‹Сила 2 + 1 или −1 + Ловкость 3›0: trait ‹Сила›0 rating 2 ‹2›5 range ‹Сила 2›0, +‹+›7 modifier 1 ‹1›9, or ‹или›11 pool −‹−›15 modifier 1 ‹1›16, +‹+›18 trait ‹Ловкость›20 rating 3 ‹3›29 range ‹Ловкость 3›20',
        [[[0, 1], [2, 3]]],
      ],
      [
        'options share the sign of the trait they stand for',
        'Сила − Защита/Броня 2',
        'side ‹Сила − Защита/Броня 2›0: trait ‹Сила›0, −‹−›5 trait ‹Защита›7, or ‹/›13 term − trait ‹Броня›14 rating 2 ‹2›20 range ‹Броня 2›14',
        [[[0, 1], [0, 2]]],
      ],
      [
        'both sides of a contest; the leftmost group varies slowest',
        'Ловкость/Сила + Атлетика против Восприятие + Бдительность/Техника',
        lines(
          'side ‹Ловкость/Сила + Атлетика›0: trait ‹Ловкость›0, or ‹/›8 term trait ‹Сила›9, +‹+›14 trait ‹Атлетика›16',
          'versus ‹против›25',
          'side ‹Восприятие + Бдительность/Техника›32: trait ‹Восприятие›32, +‹+›43 trait ‹Бдительность›45, or ‹/›57 term trait ‹Техника›58',
        ),
        [
          [
            [0, 2],
            [1, 2],
          ],
          [
            [0, 1],
            [0, 2],
          ],
        ],
      ],
      [
        'two groups of options: every combination, the leftmost varying slowest',
        'Ловкость/Сила + Атлетика/Драка',
        'side ‹Ловкость/Сила + Атлетика/Драка›0: trait ‹Ловкость›0, or ‹/›8 term trait ‹Сила›9, +‹+›14 trait ‹Атлетика›16, or ‹/›24 term trait ‹Драка›25',
        [
          [
            [0, 2],
            [0, 3],
            [1, 2],
            [1, 3],
          ],
        ],
      ],
    ];
    for (const [name, text, expected, combinations] of cases) {
      it(name, () => {
        assert.strictEqual(printCheck(text), expected);
        assert.deepEqual(parseCheckExpression(text).sides.map(sideCombinations), combinations);
      });
    }

    it('a combination’s check: the chosen terms without joiners, the group’s specialty on its option', () => {
      const ast = parseCheckExpression('Катастрофа: Ловкость 3 или Интеллект 2 + Атлетизм/Вождение [Погони] (сложность 6)');
      const printed = sideCombinations(ast.sides[0]).map((picks) => formatCanonical(combinationAst(ast, [picks]), identity));
      assert.deepEqual(printed, [
        'Катастрофа: Ловкость 3 + Атлетизм [Погони] (сложность 6)',
        'Катастрофа: Ловкость 3 + Вождение [Погони] (сложность 6)',
        'Катастрофа: Интеллект 2 + Атлетизм [Погони] (сложность 6)',
        'Катастрофа: Интеллект 2 + Вождение [Погони] (сложность 6)',
      ]);
      assert.deepEqual(optionGroups(ast.sides[0]), [[0, 1], [2, 3]]);
      assert.equal(combinationCount(ast.sides[0]), 4);
    });

    it('«Ловкость + Атлетика или Сила» is not whole pools: the single trait is an option of Атлетика', () => {
      assert.deepEqual(sideCombinations(parseCheckExpression('Ловкость + Атлетика или Сила').sides[0]), [
        [0, 1],
        [0, 2],
      ]);
    });
  });

  describe('parameters', () => {
    /** Each written alone in «Сила (…)», and printed: `side ‹Сила›0: trait ‹Сила›0`, `params ‹(…)›5: ` and this. */
    const cases: [string, string][] = [
      ['сложность 7', 'difficulty 7 ‹сложность 7›6 kw ‹сложность›6 value ‹7›16'],
      ['Сложность 7', 'difficulty 7 ‹Сложность 7›6 kw ‹Сложность›6 value ‹7›16'],
      ['сложность −1', 'difficulty -1 ‹сложность −1›6 kw ‹сложность›6 value ‹−1›16'],
      ['сложность - 1', 'difficulty -1 ‹сложность - 1›6 kw ‹сложность›6 value ‹- 1›16'],
      ['сложность +3', 'difficulty 3 ‹сложность +3›6 kw ‹сложность›6 value ‹+3›16'],
      ['сложность 0', 'difficulty 0 ‹сложность 0›6 kw ‹сложность›6 value ‹0›16'],
      ['сложность 1000', 'difficulty 1000 ‹сложность 1000›6 kw ‹сложность›6 value ‹1000›16'],
      ['1 успех', 'successesNeeded 1 ‹1 успех›6 kw ‹успех›8 value ‹1›6'],
      ['2 успеха', 'successesNeeded 2 ‹2 успеха›6 kw ‹успеха›8 value ‹2›6'],
      ['10 УСПЕХОВ', 'successesNeeded 10 ‹10 УСПЕХОВ›6 kw ‹УСПЕХОВ›9 value ‹10›6'],
      ['1 бросок', 'rollLimit 1 ‹1 бросок›6 kw ‹бросок›8 value ‹1›6'],
      ['3 броска', 'rollLimit 3 ‹3 броска›6 kw ‹броска›8 value ‹3›6'],
      ['7 бросков', 'rollLimit 7 ‹7 бросков›6 kw ‹бросков›8 value ‹7›6'],
      ['продолжительное', 'extendedMarker "продолжительное" ‹продолжительное›6'],
      ['Длительное', 'extendedMarker "длительное" ‹Длительное›6'],
      ['Преимущество', 'advantage 1 ‹Преимущество›6'],
      ['2 Преимущества', 'advantage 2 ‹2 Преимущества›6 kw ‹Преимущества›8 count ‹2›6'],
      ['преимущества', 'advantage 1 ‹преимущества›6'],
      ['Помеха', 'hindrance 1 ‹Помеха›6'],
      ['2 Помехи', 'hindrance 2 ‹2 Помехи›6 kw ‹Помехи›8 count ‹2›6'],
      ['+2 Помехи', 'hindrance 2 ‹+2 Помехи›6 kw ‹Помехи›9 count ‹+2›6'],
      ['3 ПОМЕХИ', 'hindrance 3 ‹3 ПОМЕХИ›6 kw ‹ПОМЕХИ›8 count ‹3›6'],
      ['статичная', 'static ‹статичная›6'],
      ['снова-9', 'again 9 ‹снова-9›6'],
      ['снова−8', 'again 8 ‹снова−8›6'],
      ['Снова – 9', 'again 9 ‹Снова – 9›6'],
      ['без снова-10', 'again none ‹без снова-10›6'],
      ['Без  снова–10', 'again none ‹Без  снова–10›6 "Без снова–10"'],
      ['специализация', 'specialty ‹специализация›6'],
      ['Сила воли', 'willpower "Сила воли" ‹Сила воли›6'],
      ['Сила Воли', 'willpower "Сила воли" ‹Сила Воли›6'],
      ['сила\u00a0 воли', 'willpower "Сила воли" ‹сила\\u00a0 воли›6 "сила воли"'],
      ['Воля', 'willpower "Воля" ‹Воля›6'],
      // MARKUP Additions (2)
      ['помощь: 2', 'helpers 2 ‹помощь: 2›6 kw ‹помощь›6 count ‹2›14'],
      ['Помощь 3', 'helpers 3 ‹Помощь 3›6 kw ‹Помощь›6 count ‹3›13'],
      ['помощь: Вера', 'helpers ‹помощь: Вера›6 kw ‹помощь›6 names Вера ‹Вера›14'],
      ['помощь: Вера, Старый  Том', 'helpers ‹помощь: Вера, Старый  Том›6 kw ‹помощь›6 names Вера ‹Вера›14, Старый Том ‹Старый  Том›20 "Старый Том"'],
      ['помощь: Вера и Гордей', 'helpers ‹помощь: Вера и Гордей›6 kw ‹помощь›6 names Вера ‹Вера›14, и Гордей ‹Гордей›21'],
      ['урон', 'noBotch "урон" ‹урон›6'],
      ['Поглощение', 'noBotch "поглощение" ‹Поглощение›6'],
      ['инициатива', 'initiative ‹инициатива›6'],
      // MARKUP Additions (3): a threshold, in both wordings, any spacing and case
      ['3 успеха за бросок', 'threshold 3 "за бросок" ‹3 успеха за бросок›6 kw ‹успеха за бросок›8 value ‹3›6'],
      ['5 Успехов в  одном броске', 'threshold 5 "в одном броске" ‹5 Успехов в  одном броске›6 kw ‹Успехов в  одном броске›8 "Успехов в одном броске" value ‹5›6'],
      // Roll twice (000 l.480) and attempts with a growing penalty (000 l.294, 398); the texts write «штраф -1»
      ['дважды', 'twice ‹дважды›6'],
      ['Дважды', 'twice ‹Дважды›6'],
      ['3 попытки', 'attempts 3 ‹3 попытки›6 kw ‹попытки›8 value ‹3›6'],
      ['4 попытки штраф 2', 'attempts 4 штраф 2 ‹2›22 ‹4 попытки штраф 2›6 kw ‹попытки›8 value ‹4›6'],
      ['5 попыток штраф -1', 'attempts 5 штраф 1 ‹-1›22 ‹5 попыток штраф -1›6 kw ‹попыток›8 value ‹5›6'],
      ['штраф 2', 'penalty 2 ‹штраф 2›6 kw ‹штраф›6 value ‹2›12'],
      // vampire-pack's second attempt (004 l.86–90)
      ['вторая  Попытка', 'secondAttempt ‹вторая  Попытка›6 "вторая Попытка"'],
    ];
    for (const [written, expected] of cases) {
      it(`(${written})`, () => {
        const text = `Сила (${written})`;
        assert.strictEqual(printCheck(text), lines('side ‹Сила›0: trait ‹Сила›0', `params ‹(${escaped(written)})›5: ${expected}`));
        assert.ok(hasParamKeyword(parseCheckExpression(text)));
      });
    }

    it('ranges of a counted parameter', () => {
      assert.strictEqual(
        printCheck('Сила (3 Преимущества)'),
        lines(
          'side ‹Сила›0: trait ‹Сила›0', //
          'params ‹(3 Преимущества)›5: advantage 3 ‹3 Преимущества›6 kw ‹Преимущества›8 count ‹3›6',
        ),
      );
    });

    it('ranges of an again option and of a signed difficulty', () => {
      assert.strictEqual(
        printCheck('Сила (без  снова-10; сложность −2)'),
        lines(
          'side ‹Сила›0: trait ‹Сила›0',
          'params ‹(без  снова-10; сложность −2)›5: again none ‹без  снова-10›6 "без снова-10"; difficulty -2 ‹сложность −2›21 kw ‹сложность›21 value ‹−2›31',
        ),
      );
    });

    it('helpers by name run to a «;» or to a comma before another parameter; a count is one slot', () => {
      assert.strictEqual(
        printCheck('Сила (помощь: Вера, Гордей, сложность 6, помощь: 2; 3 успеха)'),
        lines(
          'side ‹Сила›0: trait ‹Сила›0',
          'params ‹(помощь: Вера, Гордей, сложность 6, помощь: 2; 3 успеха)›5: helpers ‹помощь: Вера, Гордей›6 kw ‹помощь›6 names Вера ‹Вера›14, Гордей ‹Гордей›20; ' +
            'difficulty 6 ‹сложность 6›28 kw ‹сложность›28 value ‹6›38; successesNeeded 3 ‹3 успеха›52 kw ‹успеха›54 value ‹3›52',
          'error duplicate-param ‹помощь: 2›41 param=helpers',
        ),
      );
    });

    it('all parameters at once, both separators, written order kept', () => {
      assert.strictEqual(
        printCheck('Сила (специализация; сложность 6, 5 успехов; 3 броска, длительное, Помеха, Преимущество, статичная, снова-8, Воля)'),
        lines(
          'side ‹Сила›0: trait ‹Сила›0',
          'params ‹(специализация; сложность 6, 5 успехов; 3 броска, длительное, Помеха, Преимущество, статичная, снова-8, Воля)›5: ' +
            'specialty ‹специализация›6; difficulty 6 ‹сложность 6›21 kw ‹сложность›21 value ‹6›31; successesNeeded 5 ‹5 успехов›34 kw ‹успехов›36 value ‹5›34; ' +
            'rollLimit 3 ‹3 броска›45 kw ‹броска›47 value ‹3›45; extendedMarker "длительное" ‹длительное›55; hindrance 1 ‹Помеха›67; advantage 1 ‹Преимущество›75; ' +
            'static ‹статичная›89; again 8 ‹снова-8›100; willpower "Воля" ‹Воля›109',
        ),
      );
    });
  });

  describe('errors at their exact range (hit), and near misses that must not error', () => {
    const hits: [string, ParseErrorCode[]][] = [
      // empty
      ['⟦⟧', ['empty']],
      ['⟦   ⟧', ['empty']],
      ['⟦\u00a0\t\n⟧', ['empty']],
      // empty-actor
      ['⟦:⟧ Сила', ['empty-actor']],
      // missing-term
      ['Катастрофа:⟦⟧', ['missing-term']],
      ['Катастрофа:⟦⟧ (сложность 2)', ['missing-term']],
      ['Сила против⟦⟧', ['missing-term']],
      ['Сила против⟦⟧ (сложность 2)', ['missing-term']],
      ['⟦⟧(сложность 2)', ['missing-term']],
      ['⟦⟧против Сила', ['missing-term']],
      // dangling-sign
      ['Сила ⟦+⟧', ['dangling-sign']],
      ['Сила ⟦+⟧ (сложность 2)', ['dangling-sign']],
      ['Сила +⟦+⟧ Атлетика', ['dangling-sign']],
      ['Сила − ⟦−⟧2', ['dangling-sign']],
      ['⟦−⟧Сила', ['dangling-sign']],
      ['⟦+⟧', ['dangling-sign']],
      ['Сила ⟦+⟧ против Ловкость', ['dangling-sign']],
      ['Сила против ⟦−⟧Ловкость', ['dangling-sign']],
      // missing-sign
      ['Сила 3 ⟦Атлетика⟧', ['missing-sign']],
      ['Сила 3 ⟦4⟧', ['missing-sign']],
      ['Сила [Ножи] ⟦Атлетика⟧', ['missing-sign']],
      // bad-number
      ['Сила + ⟦99999999999999999999⟧', ['bad-number']],
      ['Сила + ⟦1001⟧', ['bad-number']],
      ['Сила ⟦00012345⟧', ['bad-number']],
      ['Сила + ⟦2.5⟧', ['bad-number']],
      ['Сила (сложность ⟦99999⟧)', ['bad-number']],
      ['Сила (сложность ⟦−1001⟧)', ['bad-number']],
      ['Сила (сложность ⟦два⟧)', ['bad-number']],
      ['Сила (сложность ⟦2.5⟧)', ['bad-number']],
      ['Сила (⟦-2⟧ Помехи)', ['bad-number']],
      ['Сила (⟦5000⟧ успехов)', ['bad-number']],
      // missing-number
      ['Сила + Атлетика (сложность⟦⟧)', ['missing-number']],
      ['Сила (⟦⟧успехов)', ['missing-number']],
      ['Сила (⟦⟧броска, сложность 2)', ['missing-number']],
      // unknown-param
      ['Сила + Атлетика (⟦трудность 3⟧)', ['unknown-param']],
      ['Сила (⟦снова-7⟧)', ['unknown-param']],
      ['Сила (⟦снова-10⟧)', ['unknown-param']],
      ['Сила (⟦без снова-9⟧)', ['unknown-param']],
      ['Сила (⟦10⟧)', ['unknown-param']],
      ['Сила (⟦сила⟧)', ['unknown-param']],
      ['Сила (⟦со сложностью 2⟧)', ['unknown-param']],
      ['Сила (⟦5 Помех⟧)', ['unknown-param']],
      ['Сила (⟦!⟧)', ['unknown-param']],
      // duplicate-param
      ['Сила (сложность 2, ⟦сложность 3⟧)', ['duplicate-param']],
      ['Сила (снова-9; ⟦снова-9⟧)', ['duplicate-param']],
      ['Сила (Воля, ⟦Сила воли⟧)', ['duplicate-param']],
      ['Сила (длительное, ⟦продолжительное⟧)', ['duplicate-param']],
      ['Сила (урон, ⟦урон⟧)', ['duplicate-param']],
      // conflicting-param: the same kind, another meaning
      ['Сила (снова-9; ⟦без снова-10⟧)', ['conflicting-param']],
      ['Сила (снова-9, ⟦снова-8⟧)', ['conflicting-param']],
      ['Сила (урон, ⟦поглощение⟧)', ['conflicting-param']],
      // empty-param
      ['Сила ⟦()⟧', ['empty-param']],
      ['Сила ⟦(  )⟧', ['empty-param']],
      ['Сила (сложность 2⟦,⟧)', ['empty-param']],
      ['Сила (⟦;⟧ сложность 2)', ['empty-param']],
      ['Сила (сложность 2,⟦,⟧ статичная)', ['empty-param']],
      // unclosed-paren
      ['Сила + Атлетика ⟦(⟧сложность 2', ['unclosed-paren']],
      ['Сила ⟦(⟧', ['unclosed-paren']],
      ['Сила ⟦(⟧сложность 2 против Ловкость (сложность 3)', ['unclosed-paren']],
      // unclosed-bracket
      ['Сила ⟦[⟧Ножи', ['unclosed-bracket']],
      ['Сила ⟦[⟧Ножи (сложность 2)', ['unclosed-bracket']],
      // empty-specialty
      ['Сила ⟦[]⟧', ['empty-specialty']],
      ['Сила 3 ⟦[ \u00a0]⟧ + Ловкость', ['empty-specialty']],
      // unexpected-token
      ['Сила ⟦!⟧', ['unexpected-token']],
      ['Сила ⟦! ?⟧ Атлетика', ['unexpected-token']],
      ['Сила ⟦)⟧', ['unexpected-token']],
      ['Сила ⟦]⟧', ['unexpected-token']],
      ['Катастрофа: Сила ⟦:⟧ Атлетика', ['unexpected-token']],
      ['Сила (сложность 2) ⟦+⟧ 3', ['unexpected-token']],
      ['Сила (сложность 2) ⟦Атлетика⟧', ['unexpected-token']],
      ['Сила (сложность 2) ⟦(⟧статичная)', ['unexpected-token']],
      ['Сила против Ловкость ⟦против⟧ Выносливость', ['unexpected-token']],
      ['Сила + 3 ⟦[Ножи]⟧', ['unexpected-token']],
      ['Сила (сложность 2 ⟦3 4⟧)', ['unexpected-token']],
      ['Сила (статичная ⟦value⟧)', ['unexpected-token']],
      // An em dash is not a sign (MARKUP lists -, −, –).
      ['Сила ⟦—⟧ Атлетика', ['unexpected-token']],
      ['Сила ⟦«⟧', ['unexpected-token']],
      // bad-alternative
      ['⟦или⟧ Сила', ['bad-alternative']],
      ['Сила ⟦или⟧', ['bad-alternative']],
      ['Сила ⟦/⟧ (сложность 2)', ['bad-alternative']],
      ['Сила ⟦или⟧ или Ловкость', ['bad-alternative']],
      ['Сила + 2 ⟦или⟧ 3', ['bad-alternative']],
      ['Сила ⟦или⟧ −Ловкость + Атлетика', ['bad-alternative']],
      ['Сила ⟦/⟧ 3', ['bad-alternative']],
      ['Сила ⟦+⟧ или Ловкость', ['dangling-sign']],
      ['Сила + Атлетика или ⟦−⟧Ловкость + Атлетика', ['dangling-sign']],
      ['Сила ⟦[Ножи]⟧ или Ловкость', ['unexpected-token']],
      ['Сила (сложность 2) ⟦или⟧ Ловкость', ['unexpected-token']],
      ['Сила против ⟦или⟧ Ловкость', ['bad-alternative']],
      // too-many-alternatives
      ['⟦А/Б/В + Г/Д/Е⟧', ['too-many-alternatives']],
      ['⟦А/Б + В/Г против Д/Е/Ж⟧', ['too-many-alternatives']],
      // helpers
      ['Сила (помощь:⟦⟧)', ['missing-number']],
      ['Сила (помощь⟦⟧)', ['missing-number']],
      ['Сила (помощь: ⟦-2⟧)', ['bad-number']],
      ['Сила (помощь: ⟦2.5⟧)', ['bad-number']],
      ['Сила (помощь: 2 ⟦Вера⟧)', ['unexpected-token']],
      ['Сила (помощь: Вера ⟦3⟧)', ['unexpected-token']],
    ];

    for (const [src, codes] of hits) {
      it(`${codes.join(', ')}: ${JSON.stringify(src)}`, () => {
        const { text, ranges } = parseMarkers(src);
        assert.equal(ranges.length, codes.length, 'test bug: one marker per error');
        const ast = parseCheckExpression(text, OFF);
        const expected = codes.map((code, k) => ({ code, range: { start: OFF + ranges[k].start, end: OFF + ranges[k].end } }));
        assert.deepEqual(errorView(ast.errors), errorView(expected.map((e) => ({ ...e, text: '' }))));
        for (const e of ast.errors) assert.equal(e.text, text.slice(e.range.start - OFF, e.range.end - OFF));
      });
    }

    const nearMisses = [
      'Сила',
      '0',
      'Катастрофа: Сила',
      'Сила против Ловкости',
      'Сила (сложность 2) против Ловкость',
      '−2 + Сила',
      '+3',
      'Сила − 2',
      'Сила − 2 + 1000',
      'Сила воли 3',
      'Сила 3 + Атлетика 3',
      'Сила 0007',
      'Сила (сложность −1)',
      'Сила (сложность 2)',
      'Сила (10 успехов)',
      'Сила (снова-9)',
      'Сила (Преимущество, Помеха)',
      'Сила (сложность 2; статичная)',
      'Сила (  сложность 2  )',
      'Сила [Ножи]',
      'Сила [Ножи] + Атлетика',
      'Кунг-фу',
      'Ловкость или Интеллект + Ремесло',
      'Ловкость + Атлетизм/Вождение',
      'А/Б + В/Г против Д/Е',
      'А/Б/В/Г/Д/Е/Ж/З',
      'Сила (помощь: 0)',
      'Сила (сложность 6; помощь: Вера и Гордей)',
      'Выносливость (поглощение)',
      'Сила против 6',
    ];
    for (const src of nearMisses) {
      it(`no error: «${src}»`, () => {
        assert.deepEqual(parseCheckExpression(src, OFF).errors, []);
      });
    }

    describe('error data: param and reason', () => {
      const cases: [string, string][] = [
        ['Сила + 99999999999999999999', lines('side ‹Сила + 99999999999999999999›0: trait ‹Сила›0, +‹+›5 modifier NaN ‹99999999999999999999›7', 'error bad-number ‹99999999999999999999›7 reason=too-large')],
        ['Сила 2.5', lines('side ‹Сила 2.5›0: trait ‹Сила›0 rating NaN ‹2.5›5 range ‹Сила 2.5›0', 'error bad-number ‹2.5›5 reason=not-integer')],
        ['Сила (сложность два)', lines('side ‹Сила›0: trait ‹Сила›0', 'params ‹(сложность два)›5 (keyword seen)', 'error bad-number ‹два›16 param=difficulty reason=not-a-number')],
        ['Сила (-2 Помехи)', lines('side ‹Сила›0: trait ‹Сила›0', 'params ‹(-2 Помехи)›5 (keyword seen)', 'error bad-number ‹-2›6 param=hindrance reason=negative')],
        ['Сила (2.0 успеха)', lines('side ‹Сила›0: trait ‹Сила›0', 'params ‹(2.0 успеха)›5 (keyword seen)', 'error bad-number ‹2.0›6 param=successesNeeded reason=not-integer')],
        ['Сила (сложность)', lines('side ‹Сила›0: trait ‹Сила›0', 'params ‹(сложность)›5 (keyword seen)', 'error missing-number ‹›15 param=difficulty')],
        ['Сила (бросков)', lines('side ‹Сила›0: trait ‹Сила›0', 'params ‹(бросков)›5 (keyword seen)', 'error missing-number ‹›6 param=rollLimit')],
        ['Сила (Помеха, Помеха)', lines('side ‹Сила›0: trait ‹Сила›0', 'params ‹(Помеха, Помеха)›5: hindrance 1 ‹Помеха›6', 'error duplicate-param ‹Помеха›14 param=hindrance')],
      ];
      for (const [text, expected] of cases) it(`«${text}»`, () => assert.strictEqual(printCheck(text), expected));
    });

    it('the empty error covers the whole content', () => {
      assert.strictEqual(printCheck('  '), lines('side (no range)', 'error empty ‹  ›0'));
    });
  });

  describe('recovery: one error does not hide the rest', () => {
    it('bad parameters among good ones', () => {
      assert.strictEqual(
        printCheck('Сила (трудность 3, сложность 2, снова-7, статичная, сложность)'),
        lines(
          'side ‹Сила›0: trait ‹Сила›0',
          'params ‹(трудность 3, сложность 2, снова-7, статичная, сложность)›5: difficulty 2 ‹сложность 2›19 kw ‹сложность›19 value ‹2›29; static ‹статичная›41',
          'error unknown-param ‹трудность 3›6',
          'error unknown-param ‹снова-7›32',
          'error missing-number ‹›61 param=difficulty',
        ),
      );
    });

    it('sign errors and a parameter error in one check; terms kept', () => {
      const text = 'Сила ++ Атлетика − (сложность)';
      assert.strictEqual(
        printCheck(text),
        lines(
          'side ‹Сила ++ Атлетика›0: trait ‹Сила›0, +‹+›5 trait ‹Атлетика›8',
          'params ‹(сложность)›19 (keyword seen)',
          'error dangling-sign ‹+›6',
          'error dangling-sign ‹−›17',
          'error missing-number ‹›29 param=difficulty',
        ),
      );
      assert.ok(hasParamKeyword(parseCheckExpression(text)));
    });

    it('a bad number keeps its term (NaN value) so the pool still has two terms', () => {
      assert.strictEqual(
        printCheck('Сила + 99999999999999999999'),
        lines('side ‹Сила + 99999999999999999999›0: trait ‹Сила›0, +‹+›5 modifier NaN ‹99999999999999999999›7', 'error bad-number ‹99999999999999999999›7 reason=too-large'),
      );
      assert.strictEqual(
        printCheck('Сила 5000 + Ловкость'),
        lines('side ‹Сила 5000 + Ловкость›0: trait ‹Сила›0 rating NaN ‹5000›5 range ‹Сила 5000›0, +‹+›10 trait ‹Ловкость›12', 'error bad-number ‹5000›5 reason=too-large'),
      );
    });

    it('an unclosed group ends at «против»: the second side is still parsed', () => {
      assert.strictEqual(
        printCheck('Сила (сложность 2 против Ловкость (сложность 3)'),
        lines(
          'side ‹Сила›0: trait ‹Сила›0',
          'params ‹(сложность 2›5: difficulty 2 ‹сложность 2›6 kw ‹сложность›6 value ‹2›16',
          'versus ‹против›18',
          'side ‹Ловкость›25: trait ‹Ловкость›25',
          'params ‹(сложность 3)›34: difficulty 3 ‹сложность 3›35 kw ‹сложность›35 value ‹3›45',
          'error unclosed-paren ‹(›5',
        ),
      );
    });

    it('«против» inside a closed group is just an unknown parameter', () => {
      assert.strictEqual(printCheck('Сила (против)'), lines('side ‹Сила›0: trait ‹Сила›0', 'params ‹(против)›5', 'error unknown-param ‹против›6'));
    });

    it('an unclosed bracket ends before the group: the group is still parsed', () => {
      assert.strictEqual(
        printCheck('Сила [Ножи (сложность 2)'),
        lines(
          'side ‹Сила [Ножи›0: trait ‹Сила›0 specialty "Ножи" ‹Ножи›6 in ‹[Ножи›5 range ‹Сила [Ножи›0',
          'params ‹(сложность 2)›11: difficulty 2 ‹сложность 2›12 kw ‹сложность›12 value ‹2›22',
          'error unclosed-bracket ‹[›5',
        ),
      );
    });

    it('a specialty may contain anything but brackets, «против» included', () => {
      assert.strictEqual(
        printCheck('Сила [Борьба против нежити, +2] против Ловкость'),
        lines(
          'side ‹Сила [Борьба против нежити, +2]›0: trait ‹Сила›0 specialty "Борьба против нежити, +2" ‹Борьба против нежити, +2›6 in ‹[Борьба против нежити, +2]›5 range ‹Сила [Борьба против нежити, +2]›0',
          'versus ‹против›32',
          'side ‹Ловкость›39: trait ‹Ловкость›39',
        ),
      );
    });

    it('a second «против» is flagged and the rest is kept in the second side', () => {
      assert.strictEqual(
        printCheck('Сила против Ловкость против Выносливость'),
        lines(
          'side ‹Сила›0: trait ‹Сила›0', //
          'versus ‹против›5',
          'side ‹Ловкость против Выносливость›12: trait ‹Ловкость›12, trait ‹Выносливость›28',
          'error unexpected-token ‹против›21',
        ),
      );
    });

    it('a duplicated parameter is left out; the first one wins', () => {
      assert.strictEqual(
        printCheck('Сила (сложность 2, сложность 3)'),
        lines(
          'side ‹Сила›0: trait ‹Сила›0',
          'params ‹(сложность 2, сложность 3)›5: difficulty 2 ‹сложность 2›6 kw ‹сложность›6 value ‹2›16',
          'error duplicate-param ‹сложность 3›19 param=difficulty',
        ),
      );
    });

    it('errors come in document order', () => {
      assert.strictEqual(
        printCheck('Сила ++ Атлетика (сложность) !'),
        lines(
          'side ‹Сила ++ Атлетика›0: trait ‹Сила›0, +‹+›5 trait ‹Атлетика›8',
          'params ‹(сложность)›17 (keyword seen)',
          'error dangling-sign ‹+›6',
          'error missing-number ‹›27 param=difficulty',
          'error unexpected-token ‹!›29',
        ),
      );
    });

    it('at most MAX_ERRORS errors', () => {
      const ast = parseCheckExpression('Сила ' + '+'.repeat(10 * MAX_ERRORS), 0);
      assert.equal(ast.errors.length, MAX_ERRORS);
    });
  });

  describe('hasParamKeyword (MARKUP §2 a)', () => {
    const yes = ['Сила (помощь: 2)', 'Сила (урон)', 'Ловкость + Смекалка (инициатива)', 'Сила (сложность 2)', 'Сила (сложность)', 'Сила (сложность два)', '(сложность 2)', 'Сила (снова-7)', 'Сила (трудность 3, статичная)', 'Сила против Ловкость (Преимущество)', 'Сила (5 успехов)', 'Война и мир (Воля)', 'Сила + (сложность 2'];
    const no = ['Сила + Атлетика', 'Война и мир (роман)', 'Сила (трудность 3)', 'Сила (10)', 'Сила (сила)', 'Сила (по сложности 3)', 'сложность 2', '+3', ''];
    for (const src of yes) it(`yes: «${src}»`, () => assert.equal(hasParamKeyword(parseCheckExpression(src)), true));
    for (const src of no) it(`no: «${src}»`, () => assert.equal(hasParamKeyword(parseCheckExpression(src)), false));
  });

  describe('formatCanonical (MARKUP §6)', () => {
    const canonical: Record<string, string> = { сила: 'Сила', атлетика: 'Атлетика', ловкость: 'Ловкость', скрытность: 'Скрытность', интеллект: 'Интеллект', ремесло: 'Ремесло' };
    const byDict = (t: TraitTerm): string => canonical[t.name.toLowerCase()] ?? t.name;
    const cases: [string, string][] = [
      ['Сила+Атлетика(сложность 2)', 'Сила + Атлетика (сложность 2)'],
      ['сила  -  2', 'Сила − 2'],
      ['Ловкость + Вождение + 3 – 4', 'Ловкость + Вождение + 3 − 4'],
      ['-2 + сила', '−2 + Сила'],
      ['Скрытность 4 (Преимущество, сложность 15)', 'Скрытность 4 (сложность 15, Преимущество)'],
      ['Доблесть 3 (2 помехи; СЛОЖНОСТЬ 12)', 'Доблесть 3 (сложность 12, 2 Помехи)'],
      ['Сила (1 Помеха)', 'Сила (Помеха)'],
      ['Сила (1 преимущества)', 'Сила (Преимущество)'],
      ['Сила (3 Преимущество)', 'Сила (3 Преимущества)'],
      ['Сила (3 успехов, 2 бросков)', 'Сила (3 успеха, 2 броска)'],
      ['Сила (21 успехов, 5 бросок)', 'Сила (21 успех, 5 бросков)'],
      ['Сила (11 успех, 1 броска)', 'Сила (11 успехов, 1 бросок)'],
      ['Сила (снова – 9)', 'Сила (снова-9)'],
      ['Сила (БЕЗ СНОВА−10)', 'Сила (без снова-10)'],
      ['Сила (сила  воли)', 'Сила (Сила воли)'],
      ['Сила (воля; Длительное)', 'Сила (Воля, длительное)'],
      ['Сила (сложность -1)', 'Сила (сложность −1)'],
      ['Сила (сложность +3)', 'Сила (сложность 3)'],
      ['Сила (СТАТИЧНАЯ ; Специализация)', 'Сила (статичная, специализация)'],
      ['Катастрофа :ловкость', 'Катастрофа: Ловкость'],
      ['сила 3 [ Ножи ,  кинжалы ]+атлетика 0', 'Сила 3 [Ножи , кинжалы] + Атлетика 0'],
      ['Сила (сложность 6)  Против  Ловкость(сложность 7)', 'Сила (сложность 6) против Ловкость (сложность 7)'],
      ['ловкость ИЛИ интеллект+ремесло(сложность 6)', 'Ловкость или Интеллект + Ремесло (сложность 6)'],
      ['Ловкость + Атлетизм / Вождение', 'Ловкость + Атлетизм/Вождение'],
      ['сила  или  сила + атлетика', 'Сила или Сила + Атлетика'],
      ['Сила (помощь 2, сложность 6)', 'Сила (сложность 6, помощь: 2)'],
      ['Сила (помощь: Вера,Гордей, сложность 6)', 'Сила (сложность 6; помощь: Вера, Гордей)'],
      ['Сила (сложность 6; помощь: Вера и Гордей)', 'Сила (сложность 6; помощь: Вера и Гордей)'],
      ['Сила (помощь: Вера и Гордей)', 'Сила (помощь: Вера и Гордей)'],
      ['Выносливость (Поглощение, сложность 6)', 'Выносливость (сложность 6, поглощение)'],
      ['Сила (УРОН)', 'Сила (урон)'],
      ['Ловкость (Инициатива)', 'Ловкость (инициатива)'],
      ['Сила против 6', 'Сила против 6'],
    ];
    for (const [src, expected] of cases) {
      it(`«${src}» → «${expected}»`, () => {
        const ast = parseCheckExpression(src, OFF);
        assert.deepEqual(ast.errors, []);
        assert.equal(formatCanonical(ast, byDict), expected);
      });
    }

    it('passes the side index to canonicalName (genitive after «против»)', () => {
      const seen: [string, number][] = [];
      const out = formatCanonical(parseCheckExpression('Манипулирование + Хитрость против Силы Воли'), (t, side) => {
        seen.push([t.name, side]);
        return side === 1 ? 'Силы воли' : t.name;
      });
      assert.deepEqual(seen, [['Манипулирование', 0], ['Хитрость', 0], ['Силы Воли', 1]]);
      assert.equal(out, 'Манипулирование + Хитрость против Силы воли');
    });

    it('the Willpower spelling can come from the ruleset', () => {
      const ast = parseCheckExpression('Сила (сила воли)');
      assert.equal(formatCanonical(ast, identity, { willpower: 'Сила Воли' }), 'Сила (Сила Воли)');
      assert.equal(formatCanonical(ast, identity), 'Сила (Сила воли)');
    });

    it('canonicalKeyword tells a non-canonical keyword (RM010)', () => {
      const params = parseCheckExpression('Сила (Сложность 2, 5 успеха, снова -9, Помехи)').sides[0].params;
      assert.deepEqual(params.map((p) => [p.keyword, canonicalKeyword(p)]), [
        ['Сложность', 'сложность'],
        ['успеха', 'успехов'],
        ['снова -9', 'снова-9'],
        ['Помехи', 'Помеха'],
      ]);
      assert.deepEqual(params.map((p) => formatParam(p)), ['сложность 2', '5 успехов', 'снова-9', 'Помеха']);
    });

    it('Russian plural forms', () => {
      const forms = [0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 112].map((n) => `${n} ${pluralRu(n, 'успех', 'успеха', 'успехов')}`);
      assert.deepEqual(forms, ['0 успехов', '1 успех', '2 успеха', '4 успеха', '5 успехов', '11 успехов', '12 успехов', '14 успехов', '21 успех', '22 успеха', '25 успехов', '101 успех', '111 успехов', '112 успехов']);
    });
  });

  describe('robustness', () => {
    /** Every range lies inside the content and every error's text is the content at its range. */
    function checkInvariants(content: string, ast: CheckExpression): void {
      const inside = (r: TextRange | undefined, what: string) => {
        if (!r) return;
        assert.ok(r.start >= OFF && r.start <= r.end && r.end <= OFF + content.length, `${what} ${JSON.stringify(r)} outside «${content}»`);
      };
      inside(ast.range, 'range');
      inside(ast.actor?.range, 'actor');
      inside(ast.versus?.range, 'versus');
      assert.ok(ast.sides.length === 1 || ast.sides.length === 2);
      for (const s of ast.sides) {
        inside(s.range, 'side');
        inside(s.paramsRange, 'params');
        for (const t of s.terms) {
          inside(t.range, 'term');
          inside(t.signRange, 'sign');
          if (t.kind === 'trait') {
            inside(t.nameRange, 'name');
            inside(t.rating?.range, 'rating');
            inside(t.specialty?.range, 'specialty');
          }
        }
        for (const p of s.params) {
          inside(p.range, 'param');
          inside(p.keywordRange, 'keyword');
        }
      }
      assert.ok(ast.errors.length <= MAX_ERRORS);
      for (const e of ast.errors) {
        inside(e.range, e.code);
        assert.equal(e.text, content.slice(e.range.start - OFF, e.range.end - OFF));
      }
    }

    const pieces = ['Сила', ' ', 'воли', 'против', 'или', '/', 'помощь', 'Вера', ' и ', 'урон', 'инициатива', '+', '-', '−', '–', '(', ')', '[', ']', ':', ',', ';', '3', '99999', '2.5', 'сложность', 'успехов', 'Помехи', 'снова', 'без', '\u00a0', '😀', '\n', 'ё', 'Кунг-фу', '!'];
    const grammarish = fc.array(fc.constantFrom(...pieces), { maxLength: 40 }).map((a) => a.join(''));

    it('never throws, ranges stay inside the content (grammar-like input)', () => {
      fc.assert(
        fc.property(grammarish, (content) => {
          checkInvariants(content, parseCheckExpression(content, OFF));
        }),
        { numRuns: 3000 },
      );
    });

    it('never throws on arbitrary strings, lone surrogates included', () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (content) => {
          checkInvariants(content, parseCheckExpression(content, OFF));
        }),
        { numRuns: 2000 },
      );
    });

    it('the canonical form of a well-formed check parses without errors to the same canonical form', () => {
      fc.assert(
        fc.property(grammarish, (content) => {
          const ast = parseCheckExpression(content, OFF);
          if (ast.errors.length > 0) return;
          const once = formatCanonical(ast, identity);
          const again = parseCheckExpression(once, OFF);
          assert.deepEqual(again.errors, [], `«${content}» → «${once}»`);
          assert.equal(formatCanonical(again, identity), once);
        }),
        { numRuns: 3000 },
      );
    });

    it('a 1 MB content parses in linear time: 16× the text (64 KB → 1 MB) costs far less than 256× the CPU', function () {
      this.timeout(120000);
      // A ratio of CPU times in the same run, not a wall-clock limit: a loaded machine slows both
      // sizes alike, while a quadratic parser would take about 256× for 16× the text. Garbage
      // collection of the 1 MB trees makes a linear one vary between about 10× and 80× (CI saw
      // 80.7×), so the bound sits halfway to quadratic and each size keeps its best of five runs.
      const cpuMs = (input: string): number => {
        let best = Infinity;
        for (let run = 0; run < 5; run++) {
          const started = process.cpuUsage();
          const ast = parseCheckExpression(input, OFF);
          const used = process.cpuUsage(started);
          assert.ok(ast.errors.length <= MAX_ERRORS);
          best = Math.min(best, (used.user + used.system) / 1000);
        }
        return Math.max(best, 1);
      };
      const mb = 1 << 20;
      const shapes: ((size: number) => string)[] = [
        (size) => 'Сила + Атлетика 3 '.repeat(size / 18),
        (size) => '+'.repeat(size),
        (size) => '('.repeat(size),
        (size) => '['.repeat(size),
        (size) => 'Сила (' + 'сложность 2, '.repeat(size / 13),
        (size) => 'против '.repeat(size / 7),
        (size) => 'слово '.repeat(size / 6),
      ];
      for (const shape of shapes) {
        const ratio = cpuMs(shape(mb)) / cpuMs(shape(mb / 16));
        assert.ok(ratio < 128, `${ratio.toFixed(1)}× the CPU for 16× the text: ${shape(20).slice(0, 20)}…`);
      }
    });
  });
});
