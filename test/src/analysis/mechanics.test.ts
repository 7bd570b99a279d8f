/**
 * The mechanics of MARKUP.md / RULESETS.md "Additions (2)" written as markup: what the analysis
 * hands the engine (the spec, field by field), the diagnostics with their exact ranges, messages and
 * fixes, and the odds of the check as written against the brute-force oracle (test/src/engine/
 * bruteForce.ts) fed the spec the rules text describes, written out by hand here.
 */
import * as assert from 'node:assert/strict';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import type { AnalyzedCheck } from '../../../server/out/analysis/types';
import type { Locale } from '../../../server/out/present/locale';
import type { WordedDiagnostic } from '../../../server/out/present/messages';
import { helperSide, plainSide } from '../../../server/out/engine/checkSpec';
import type { CheckSpec } from '../../../server/out/engine/checkSpec';
import { isKnownPool } from '../../../server/out/engine/oddsReport';
import type { PoolOdds } from '../../../server/out/engine/oddsReport';
import { FAMILY_OF, oracleAlternatives, oracleOdds } from '../engine/bruteForce';
import type { OracleOdds } from '../engine/bruteForce';
import { applyEdits, scenario, type WordedAnalysis, wordedAnalysis } from './util';

function analyze(ruleset: string, body: string[], frontMatter: string[] = [], locale: Locale = 'ru'): WordedAnalysis {
  return wordedAnalysis(analyzeDocument(scenario(ruleset, body, frontMatter), { rulesets: builtinRulesets() }), locale);
}

/** The only check of a document of one line, and the document's diagnostics as `code ‹text› message`. */
function one(ruleset: string, line: string, frontMatter: string[] = [], locale: Locale = 'ru'): { check: AnalyzedCheck; text: string; analysis: WordedAnalysis; found: string[] } {
  const analysis = analyze(ruleset, [line], frontMatter, locale);
  assert.equal(analysis.checks.length, 1, `${line}: one check`);
  const text = scenario(ruleset, [line], frontMatter);
  return { check: analysis.checks[0], text, analysis, found: analysis.diagnostics.map((d) => shown(text, d)) };
}

function shown(text: string, d: WordedDiagnostic): string {
  return `${d.code} ‹${text.slice(d.range.start, d.range.end)}› ${d.message}`;
}

const TOL = 1e-9;

/** The analysis's odds of one combination (or a plain check) against the oracle's, number by number. */
function sameOdds(label: string, got: PoolOdds, want: OracleOdds): void {
  const near = (what: string, a: number | undefined, b: number | undefined) => assert.ok(a !== undefined && b !== undefined && Math.abs(a - b) <= TOL, `${label} ${what}: analysis ${a}, oracle ${b}`);
  assert.equal(got.pool, want.pool, `${label}: pool`);
  assert.equal(got.helpers ?? 0, want.helpers ?? 0, `${label}: helpers`);
  if (want.initiative) {
    assert.equal(got.outcomes, undefined, `${label}: initiative has no outcomes`);
    assert.deepEqual(Object.keys(got.initiative ?? {}).sort(), Object.keys(want.initiative).sort(), `${label}: totals`);
    for (const key of Object.keys(want.initiative)) near(`initiative[${key}]`, got.initiative?.[key], want.initiative[key]);
    near('expected', got.expected, want.expected);
    return;
  }
  if (want.contest) {
    near('win', got.contest?.win, want.contest.win);
    near('tie', got.contest?.tie, want.contest.tie);
    near('lose', got.contest?.lose, want.contest.lose);
    assert.equal(got.tie_break === 'attribute', want.tieBreak === true, `${label}: tie_break`);
    assert.equal(got.within?.length, want.within?.length, `${label}: rounds`);
    want.within?.forEach((p, k) => near(`within[${k}]`, got.within?.[k], p));
    assert.equal(got.unfinished === undefined, want.unfinished === undefined, `${label}: unfinished`);
    return;
  }
  for (const [key, p] of Object.entries(want.outcomes)) near(`outcomes.${key}`, got.outcomes?.[key] ?? 0, p);
  for (const key of Object.keys(got.outcomes ?? {})) assert.ok(key in want.outcomes, `${label}: outcome ${key} the oracle does not have`);
  want.successes?.forEach((p, k) => near(`successes[${k}]`, got.successes?.[k] ?? 0, p));
  near('expected', got.expected, want.expected);
  if (want.within && !want.withinOpenEnded) want.within.forEach((p, k) => near(`within[${k}]`, got.within?.[k], p));
}

/** The check's odds (known pool) against the oracle's odds of `spec`. */
function oddsAsOracle(rulesetId: string, check: AnalyzedCheck, spec: CheckSpec): void {
  assert.ok(check.odds && isKnownPool(check.odds), `${check.text}: a known pool`);
  sameOdds(check.text, check.odds, oracleOdds(FAMILY_OF[rulesetId], spec));
}

const side = plainSide;

describe('the new mechanics in markup (MARKUP Additions (2))', () => {
  describe('alternatives', () => {
    it('one term: «Ловкость 3 или Интеллект 2 + Ремесло 2» is two combinations, each an ordinary check; the best heads the odds', () => {
      const { check, found } = one('mage-revised', '«Ловкость 3 или Интеллект 2 + Ремесло 2 (сложность 6)»');
      assert.deepEqual(found, []);
      const combos = [{ side: side(5, { difficulty: 6 }) }, { side: side(4, { difficulty: 6 }) }];
      assert.deepEqual(
        check.spec?.alternatives?.map((a) => [a.check, a.spec]),
        [
          ['«Ловкость 3 + Ремесло 2 (сложность 6)»', combos[0]],
          ['«Интеллект 2 + Ремесло 2 (сложность 6)»', combos[1]],
        ],
      );
      assert.deepEqual(check.sides[0].combinations, [
        [0, 2],
        [1, 2],
      ]);
      const want = oracleAlternatives('classic', combos);
      assert.ok(check.odds && isKnownPool(check.odds));
      assert.equal(check.odds.best, want.best);
      assert.equal(check.odds.best, 0);
      check.odds.alternatives?.forEach((alternative, i) => {
        assert.ok(alternative.pool !== null);
        sameOdds(alternative.check, alternative, want.each[i]);
      });
      sameOdds('headline', check.odds, want.each[0]);
    });

    it('whole pools, storytelling: «Ловкость 2 + Атлетика 1 или Выносливость 2 + Атлетика 2» (000 l.345), the second is best', () => {
      const { check, found } = one('storytelling', '«Ловкость 2 + Атлетика 1 или Выносливость 2 + Атлетика 2»');
      assert.deepEqual(found, []);
      const combos = [{ side: side(3) }, { side: side(4) }];
      const want = oracleAlternatives('storytelling', combos);
      assert.ok(check.odds && isKnownPool(check.odds));
      assert.deepEqual([check.odds.best, want.best], [1, 1]);
      assert.deepEqual(check.odds.alternatives?.map((a) => a.check), ['«Ловкость 2 + Атлетика 1»', '«Выносливость 2 + Атлетика 2»']);
      check.odds.alternatives?.forEach((alternative, i) => {
        assert.ok(alternative.pool !== null);
        sameOdds(alternative.check, alternative, want.each[i]);
      });
    });

    it('a single trait or the same trait with another: «Сила 2 или Сила 2 + Атлетизм 1» (001 l.62); a specialty shared by options', () => {
      const jump = one('mage-revised', '«Сила 2 или Сила 2 + Атлетизм 1 (сложность 3)»');
      assert.deepEqual(jump.found, []);
      assert.deepEqual(jump.check.spec?.alternatives?.map((a) => [a.check, a.spec.side.base]), [
        ['«Сила 2 (сложность 3)»', 2],
        ['«Сила 2 + Атлетизм 1 (сложность 3)»', 3],
      ]);
      const chase = one('mage-revised', '«Ловкость 3 + Атлетизм 2/Вождение 1 [Погони] (сложность 7)»');
      assert.deepEqual(chase.found, []);
      assert.deepEqual(chase.check.spec?.alternatives?.map((a) => [a.check, a.spec.side]), [
        ['«Ловкость 3 + Атлетизм 2 [Погони] (сложность 7)»', side(5, { specialties: 1, difficulty: 7 })],
        ['«Ловкость 3 + Вождение 1 [Погони] (сложность 7)»', side(4, { specialties: 1, difficulty: 7 })],
      ]);
    });

    it('every trait of every alternative is validated, and each combination’s composition', () => {
      assert.deepEqual(one('mage-revised', '«Ловкость или Интелект + Ремесло (сложность 6)»').found, ['RM001 ‹Интелект› Неизвестная черта «Интелект». Возможно: Интеллект']);
      // Ремесло + Драка is two Abilities: only that combination is wrong, and it is said once.
      assert.deepEqual(one('mage-revised', '«Ремесло + Ловкость/Драка (сложность 6)»').found, [
        'RM002 ‹Ремесло + Ловкость/Драка› Правила не складывают Ремесло + Драка в один пул',
      ]);
    });

    it('unknown values: per combination, each a table by pool size', () => {
      const { check } = one('mage-revised', '«Ловкость или Интеллект + Ремесло (сложность 6)»');
      assert.ok(check.odds && check.odds.pool === null);
      assert.deepEqual(
        check.odds.alternatives?.map((a) => [a.check, a.pool]),
        [
          ['«Ловкость + Ремесло (сложность 6)»', null],
          ['«Интеллект + Ремесло (сложность 6)»', null],
        ],
      );
      assert.equal(check.odds.best, 0);
    });

    it('alternatives on both sides of a contest: every pair, the first side varying slowest', () => {
      const { check } = one('storytelling', '«Ловкость 2/Сила 3 + Атлетика 1 против Сообразительность 2 + Скрытность 1/Атлетика 2»');
      assert.deepEqual(check.spec?.alternatives?.map((a) => [a.spec.side.base, a.spec.opponent?.base]), [
        [3, 3],
        [3, 4],
        [4, 3],
        [4, 4],
      ]);
    });
  });

  describe('resistance and equipment terms', () => {
    it('«Сила 3 + Драка 2 − Защита 2» (000 l.434): the resistance is subtracted and is not a third trait', () => {
      const { check, found } = one('storytelling', '«Сила 3 + Драка 2 − Защита 2»');
      assert.deepEqual(found, []);
      assert.deepEqual(check.spec, { side: side(3) });
      assert.equal(check.sides[0].terms[2].role, 'resistance');
      oddsAsOracle('storytelling', check, { side: side(3) });
    });

    it('two Skills are still two Skills, but a subtracted Skill is the opponent’s', () => {
      assert.deepEqual(one('storytelling', '«Драка 2 + Атлетика 2 − Защита 1»').found, ['RM002 ‹Драка 2 + Атлетика 2 − Защита 1› Правила не складывают Драка + Атлетика в один пул']);
      assert.deepEqual(one('storytelling', '«Сила 3 + Драка 2 − Атлетика 1»').found, []);
    });

    it('a resistance never takes the actor’s own value from the sheet (it is the opponent’s)', () => {
      const { check, found } = one('storytelling', '«Марк: Сила + Драка − Защита»', ['characters:', '  Марк: { Сила: 3, Драка: 2, Защита: 4 }']);
      assert.deepEqual(found, []);
      assert.equal(check.spec?.side.base, null);
    });

    it('«Ловкость 3 + Вождение 2 + Управление 2» (000 l.817): a vehicle’s Handling is a bonus, not a third trait', () => {
      const { check, found } = one('storytelling', '«Ловкость 3 + Вождение 2 + Управление 2»');
      assert.deepEqual(found, []);
      assert.equal(check.sides[0].terms[2].role, 'equipment');
      oddsAsOracle('storytelling', check, { side: side(7) });
      // As the text writes it, without values: no diagnostic, a table by pool size.
      const asWritten = one('storytelling', '«Ловкость + Вождение + Управление»');
      assert.deepEqual(asWritten.found, []);
      assert.equal(asWritten.check.odds?.pool, null);
    });
  });

  describe('Storyteller pools and vampire-pack contests', () => {
    it('«… против 6» (004 l.120): the Storyteller character’s pool, no RM015, no Attribute; its ties stay ties', () => {
      const { check, found } = one('vampire-pack', '«Ловкость 3 + Атлетика 2 против 6»');
      assert.deepEqual(found, []);
      const spec = { side: side(5, { attribute: 3 }), opponent: side(6) };
      assert.deepEqual(check.spec, spec);
      oddsAsOracle('vampire-pack', check, spec);
      assert.ok(check.odds && isKnownPool(check.odds) && check.odds.tie_break === undefined && (check.odds.contest?.tie ?? 0) > 0);
      assert.deepEqual(one('storytelling', '«Сила 3 + Атлетика 2 против 7»').found, []);
    });

    it('a difficulty written on either side applies to both; the higher Attribute breaks the ties', () => {
      const first = one('vampire-pack', '«Сила 3 + Атлетика 2 (сложность 2) против Ловкость 2 + Атлетика 3»');
      assert.deepEqual(first.found, []);
      const spec = { side: side(5, { difficulty: 2, attribute: 3 }), opponent: side(5, { attribute: 2 }) };
      assert.deepEqual(first.check.spec, spec);
      oddsAsOracle('vampire-pack', first.check, spec);
      const second = one('vampire-pack', '«Сила 3 + Атлетика 2 против Ловкость 2 + Атлетика 3 (сложность 2)»');
      assert.deepEqual(second.check.spec, { side: side(5, { attribute: 3 }), opponent: side(5, { difficulty: 2, attribute: 2 }) });
      assert.deepEqual(second.check.odds, first.check.odds);
      assert.ok(first.check.odds && isKnownPool(first.check.odds));
      assert.equal(first.check.odds.tie_break, 'attribute');
      assert.equal(first.check.odds.contest?.tie, 0);
    });

    it('RM015 is per modifier: stacked bonuses of +3 each are what the text allows (004 l.157, 179, 183)', () => {
      const { check, found } = one('vampire-pack', '«Сила 3 + Атлетика 2 + 3 + 2 + 3 (сложность 2)»');
      assert.deepEqual(found, []);
      assert.equal(check.spec?.side.base, 13);
      assert.deepEqual(one('vampire-pack', '«Сила 3 + Атлетика 2 + 4 (сложность 2)»').found, ['RM015 ‹4› Модификатор 4 больше обычных ±3']);
    });
  });

  describe('Willpower is never rolled in storytelling (000 l.89)', () => {
    it('«Сила 2 + Атлетика 2 + Воля 5»: RM002 on the term, no odds (not 9 dice), with a fix that spends it instead', () => {
      const { analysis, check, text, found } = one('storytelling', '«Сила 2 + Атлетика 2 + Воля 5»');
      assert.deepEqual(found, ['RM002 ‹Воля 5› Черту «Воля» не бросают: её очки тратят. Чтобы потратить, допишите параметр «(Воля)»']);
      assert.deepEqual([check.spec, check.odds], [undefined, undefined]);
      const [fix] = analysis.diagnostics[0].fixes;
      assert.equal(fix.title, 'Тратить, а не бросать: (Воля)');
      assert.equal(fix.preferred, true);
      const fixed = applyEdits(text, fix.edits);
      assert.ok(fixed.endsWith('«Сила 2 + Атлетика 2 (Воля)»\n'), fixed);
      const after = analyzeDocument(fixed, { rulesets: builtinRulesets() });
      assert.deepEqual(after.diagnostics, []);
      assert.deepEqual(after.checks[0].spec, { side: side(4, { willpower: true }) });
    });

    it('first in the pool, with a parameter group: the fix joins the group', () => {
      const { analysis, text } = one('storytelling', '«Воля 3 + Сила 2 (снова-9)»');
      const fixed = applyEdits(text, analysis.diagnostics[0].fixes[0].edits);
      assert.ok(fixed.endsWith('«Сила 2 (снова-9, Воля)»\n'), fixed);
    });

    it('alone, nothing would be left to roll: the warning without a fix, and no odds', () => {
      const { analysis, check, found } = one('storytelling', '«Воля 5 (снова-9)»');
      assert.deepEqual(found, ['RM002 ‹Воля 5› Черту «Воля» не бросают: её очки тратят. Чтобы потратить, допишите параметр «(Воля)»']);
      assert.deepEqual(analysis.diagnostics[0].fixes, []);
      assert.deepEqual([check.spec, check.odds], [undefined, undefined]);
    });

    it('one option of an alternative: the check has no odds until the author rewrites it', () => {
      const { check, found } = one('storytelling', '«Сила или Воля 3 + Атлетика 2»');
      assert.deepEqual(found, ['RM002 ‹Воля 3› Черту «Воля» не бросают: её очки тратят. Чтобы потратить, допишите параметр «(Воля)»']);
      assert.deepEqual([check.spec, check.odds], [undefined, undefined]);
    });

    it('a pool the rules do not combine (the other RM002) still has the odds of the dice written', () => {
      const { check, found } = one('storytelling', '«Атлетика 2 + Драка 2»');
      assert.deepEqual(found, ['RM002 ‹Атлетика 2 + Драка 2› Правила не складывают Атлетика + Драка в один пул']);
      assert.deepEqual(check.spec, { side: side(4) });
    });
  });

  describe('extended parameters that cannot work are RM003, and the check is not rolled', () => {
    const cases: [string, string][] = [
      ['«Сила 2 + Ремесло 2 (3 броска)»', 'RM003 ‹3 броска› Число бросков без цели: укажите, сколько успехов нужно набрать («10 успехов»)'],
      ['«Сила 2 + Ремесло 2 (0 успехов)»', 'RM003 ‹0 успехов› «0 успехов»: цель уже достигнута, бросать нечего; нужно хотя бы 1 успех'],
      ['«Сила 2 + Ремесло 2 (5 успехов, 0 бросков)»', 'RM003 ‹0 бросков› «0 бросков»: за ноль бросков действие не выполнить; нужен хотя бы 1 бросок'],
    ];
    for (const [line, expected] of cases) {
      it(line, () => {
        const { check, found } = one('storytelling', line);
        assert.deepEqual(found, [expected]);
        assert.equal(check.spec, undefined);
      });
    }

    it('«длительное» alone is no longer among them: RM004 information, the goal left to the Storyteller (001 l.130)', () => {
      const { check, found } = one('storytelling', '«Сила 2 (длительное)»', [], 'en');
      assert.deepEqual(found, [
        'RM004 ‹длительное› "длительное": goal not stated, the Storyteller sets it; the odds shown are of reaching 1 to 10 successes within 1–5 rolls. To count one goal, add «10 успехов»',
      ]);
      assert.equal(check.spec?.openGoal, true);
    });
  });

  describe('teamwork', () => {
    const sheet = ['characters:', '  Вера: { Сила: 2, Атлетизм: 1 }', '  Гордей: { Сила: 3 }'];

    it('`помощь: 2`: two helpers with the acting character’s pool (classic)', () => {
      const { check, found } = one('mage-revised', '«Сила 2 + Атлетизм 1 (сложность 6, помощь: 2)»');
      assert.deepEqual(found, []);
      const main = side(3, { difficulty: 6 });
      const spec = { side: { ...main, helpers: [helperSide(main, 3), helperSide(main, 3)] } };
      assert.deepEqual(check.spec, spec);
      oddsAsOracle('mage-revised', check, spec);
    });

    it('helpers by name roll the same traits with their own values; a helper not on the sheet is RM007, a missing Talent RM008 and the Attribute alone (001 l.12)', () => {
      const { check, found } = one('mage-revised', '«Сила 2 + Атлетизм 1 (сложность 6; помощь: Вера и Гордей)»', sheet);
      assert.deepEqual(found, ['RM008 ‹Гордей› У помощника «Гордей» нет Таланта «Атлетизм»: помощник бросает один Атрибут']);
      const main = side(3, { difficulty: 6 });
      assert.deepEqual(check.spec, { side: { ...main, helpers: [helperSide(main, 3), helperSide(main, 3)] } });
      const unknown = one('mage-revised', '«Сила 2 (сложность 6; помощь: Вера, Марк)»', sheet);
      assert.deepEqual(unknown.found, [
        'RM007 ‹Марк› Помощник «Марк» не найден среди персонажей (в front matter: Вера, Гордей); укажите персонажа из листа или число помощников («помощь: 2»)',
      ]);
      assert.deepEqual(
        unknown.analysis.diagnostics[0].fixes.map((f) => f.edits[0].newText),
        ['Вера', 'Гордей'],
      );
      // An unknown helper is not dropped: her values are unknown, so is the pool (as an unknown actor's).
      const two = side(2, { difficulty: 6 });
      assert.deepEqual(unknown.check.spec, { side: { ...two, helpers: [helperSide(two, 2), helperSide(two, null)] } });
      assert.deepEqual(unknown.check.sides[0].helpers, ['Вера', 'Марк']);
      assert.equal(unknown.check.odds?.pool, null);
      const known = one('mage-revised', '«Сила 2 (сложность 6; помощь: Вера, Гордей)»', sheet);
      const alone = side(2, { difficulty: 6 });
      const spec = { side: { ...alone, helpers: [helperSide(alone, 2), helperSide(alone, 3)] } };
      assert.deepEqual(known.check.spec, spec);
      oddsAsOracle('mage-revised', known.check, spec);
    });

    it('the actor among her own helpers is RM003 (one character does not roll twice), fixed by removing the name; the check is not rolled', () => {
      const cases: [string, string][] = [
        ['«Вера: Сила (сложность 6; помощь: Вера и Гордей)»', '«Вера: Сила (сложность 6; помощь: Гордей)»'],
        ['«Вера: Сила (сложность 6; помощь: Гордей, вера)»', '«Вера: Сила (сложность 6; помощь: Гордей)»'],
        ['«Вера: Сила (сложность 6; помощь: Вера)»', '«Вера: Сила (сложность 6)»'],
        ['«Вера: Сила (помощь: Вера)»', '«Вера: Сила»'],
      ];
      for (const [line, fixedLine] of cases) {
        const { check, text, analysis } = one('mage-revised', line, sheet);
        const selfHelp = analysis.diagnostics.filter((d) => d.code === 'RM003');
        assert.deepEqual(
          selfHelp.map((d) => [d.message, d.fixes.map((f) => [f.title, f.preferred])]),
          [['Персонаж «Вера» бросает эту проверку и не может помогать в ней: уберите имя из помощи', [[`Убрать «${line.includes('вера') ? 'вера' : 'Вера'}» из помощи`, true]]]],
          line,
        );
        assert.equal(applyEdits(text, selfHelp[0].fixes[0].edits), scenario('mage-revised', [fixedLine], sheet), line);
        assert.deepEqual([check.spec, check.odds], [undefined, undefined], line);
      }
    });

    it('storytelling and threads-of-fate, each by its own rule', () => {
      const story = one('storytelling', '«Сила 1 + Атлетика 1 (помощь: 1)»');
      const main = side(2);
      oddsAsOracle('storytelling', story.check, { side: { ...main, helpers: [helperSide(main, 2)] } });
      const threads = one('threads-of-fate', '«Скрытность 3 (сложность 14, помощь: 2)»');
      assert.deepEqual(threads.found, []);
      const d20 = side(3, { difficulty: 14 });
      oddsAsOracle('threads-of-fate', threads.check, { side: { ...d20, helpers: [helperSide(d20, 3), helperSide(d20, 3)] } });
    });

    it('vampire-pack has no help roll: RM005 suggesting a +1…+3 bonus, and the check is rolled without help', () => {
      const { check, found } = one('vampire-pack', '«Сила 3 + Атлетика 2 (сложность 1, помощь: 2)»');
      assert.deepEqual(found, [
        'RM005 ‹помощь: 2› В этих правилах нет броска помощи: помощь другого персонажа — это бонус от +1 до +3 костей к проверке. Запишите его модификатором, например «+ 1»',
      ]);
      assert.deepEqual(check.spec, { side: side(5, { difficulty: 1 }) });
    });

    it('a d20 contest has no difficulty for helpers: RM005, and they are left out', () => {
      const { check, found } = one('threads-of-fate', '«Скрытность 3 (помощь: 2) против 4»');
      assert.deepEqual(found, ['RM005 ‹помощь: 2› В состязании помощь не работает: помощники бросают против сложности − 5, а у состязания сложности нет']);
      assert.deepEqual(check.spec, { side: side(3), opponent: side(4) });
    });

    it('more than 20 helpers is RM003, and the check is not rolled (not rolled without them either)', () => {
      const { check, found } = one('storytelling', '«Сила 1 (помощь: 21)»');
      assert.deepEqual(found, ['RM003 ‹помощь: 21› Помощников: 21; можно не больше 20']);
      assert.deepEqual([check.spec, check.odds], [undefined, undefined]);
    });
  });

  describe('races', () => {
    it('one target written once applies to both sides, on either side', () => {
      const spec = { side: side(3), opponent: side(2), extended: { target: 4 } };
      for (const line of ['«Ловкость 2 + Атлетика 1 (4 успеха) против Выносливость 1 + Атлетика 1»', '«Ловкость 2 + Атлетика 1 против Выносливость 1 + Атлетика 1 (4 успеха)»']) {
        const { check, found } = one('storytelling', line);
        assert.deepEqual(found, []);
        assert.deepEqual(check.spec, spec);
        oddsAsOracle('storytelling', check, spec);
      }
    });

    it('each side its own target and a round limit (classic: a botch loses the race)', () => {
      const { check, found } = one('mage-revised', '«Ловкость 2 + Атлетизм 1 (3 успеха, 4 броска) против Ловкость 1 + Вождение 1 (2 успеха)»');
      assert.deepEqual(found, []);
      const spec = { side: side(3), opponent: side(2), extended: { target: 3, maxRolls: 4, opponentTarget: 2 } };
      assert.deepEqual(check.spec, spec);
      oddsAsOracle('mage-revised', check, spec);
    });

    it('a d20 contest is one roll: a target there is RM005', () => {
      const { check, found } = one('threads-of-fate', '«Скрытность 3 (3 успеха) против 4»');
      assert.deepEqual(found, ['RM005 ‹3 успеха› «3 успеха»: в правилах threads-of-fate состязание решается одним броском, гонки до N успехов нет']);
      assert.deepEqual(check.spec, { side: side(3), opponent: side(4) });
    });
  });

  describe('soak and damage', () => {
    it('«Выносливость 3 (поглощение)» (001 l.273): cannot botch; the text fixes the difficulty at 6, so nothing is missing (issue 20)', () => {
      const { check, found } = one('mage-revised', '«Выносливость 3 (поглощение)»');
      assert.deepEqual(found, []);
      const spec = { side: side(3, { noBotch: true }) };
      assert.deepEqual(check.spec, spec);
      oddsAsOracle('mage-revised', check, spec);
      assert.equal(check.odds && isKnownPool(check.odds) ? check.odds.outcomes?.botch : undefined, 0);
    });

    it('only the classic pool has such rolls', () => {
      assert.deepEqual(one('storytelling', '«Сила 3 (урон)»').found, [
        'RM005 ‹урон› «урон»: бросок без провала есть только в классическом пуле (Маг, Оборотень); в правилах storytelling этот параметр не используется',
      ]);
    });
  });

  describe('initiative', () => {
    it('«Инициатива 5»: a pool of the Initiative trait alone is 1d10 + 5', () => {
      const { check, found } = one('werewolf-revised', '«Инициатива 5»');
      assert.deepEqual(found, []);
      const spec = { side: side(5), initiative: true };
      assert.deepEqual(check.spec, spec);
      oddsAsOracle('werewolf-revised', check, spec);
    });

    it('`(инициатива)` on a pool (003 l.11), with no difficulty and no RM004; a difficulty is RM005', () => {
      const { check, found } = one('werewolf-revised', '«Ловкость 3 + Смекалка 2 (инициатива)»');
      assert.deepEqual(found, []);
      assert.deepEqual(check.spec, { side: side(5), initiative: true });
      assert.deepEqual(one('mage-revised', '«Ловкость 3 + Сообразительность 2 (сложность 6, инициатива)»').found, [
        'RM005 ‹сложность 6› У броска инициативы нет сложности: это 1к10 + рейтинг, без успеха и неудачи',
      ]);
      assert.deepEqual(one('vampire-pack', '«Ловкость 3 + Атлетика 2 (сложность 0, инициатива)»').found, [
        'RM005 ‹инициатива› Параметр «инициатива» не используется в правилах vampire-pack',
      ]);
    });

    it('a dice rule with initiative (урон, поглощение, Сила воли, специализация, снова-9) is RM005, and the roll is 1d10 + the rating', () => {
      const damage = one('werewolf-revised', '«Инициатива 5 (урон)»');
      assert.deepEqual(damage.found, ['RM005 ‹урон› «урон» не используется с инициативой: это один бросок 1к10 + рейтинг']);
      assert.deepEqual(damage.check.spec, { side: side(5), initiative: true });
      const classic = one('werewolf-revised', '«Ловкость 3 + Смекалка 2 (поглощение, Сила воли, специализация, инициатива)»');
      assert.deepEqual(classic.found, [
        'RM005 ‹поглощение› «поглощение» не используется с инициативой: это один бросок 1к10 + рейтинг',
        'RM005 ‹Сила воли› «Сила воли» не используется с инициативой: это один бросок 1к10 + рейтинг',
        'RM005 ‹специализация› «специализация» не используется с инициативой: это один бросок 1к10 + рейтинг',
      ]);
      assert.deepEqual(classic.check.spec, { side: side(5), initiative: true });
      oddsAsOracle('werewolf-revised', classic.check, { side: side(5), initiative: true });
      const story = one('storytelling', '«Инициатива 4 (снова-9, Воля)»');
      assert.deepEqual(story.found, [
        'RM005 ‹снова-9› «снова-9» не используется с инициативой: это один бросок 1к10 + рейтинг',
        'RM005 ‹Воля› «Воля» не используется с инициативой: это один бросок 1к10 + рейтинг',
      ]);
      assert.deepEqual(story.check.spec, { side: side(4), initiative: true });
    });
  });
});
