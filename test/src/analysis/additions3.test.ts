/**
 * MARKUP.md "Additions (3)" through `analyzeDocument`: a threshold is read and gets its spec, and
 * each case the spec lists as RM005 / RM003 fires at its exact range with its words.
 */
import * as assert from 'node:assert/strict';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import { markedRange } from '../markers';
import { scenario, type WordedAnalysis, wordedAnalysis } from './util';

function analyze(text: string, locale: 'ru' | 'en' = 'en'): WordedAnalysis {
  return wordedAnalysis(analyzeDocument(text, { rulesets: builtinRulesets(), dictionary: [] }), locale);
}

describe('MARKUP.md Additions (3): a threshold in one roll', () => {
  it('003 l.92 written as markup: no diagnostic, and the spec carries the threshold', () => {
    const text = scenario('werewolf-revised', ['Прыжок: «Сила воли 6 (сложность 9, 3 успеха за бросок)».', 'Стена: «Сила воли 6 (сложность 9, 5 успехов в одном броске)».']);
    const analysis = analyzeDocument(text, { rulesets: builtinRulesets(), dictionary: [] });
    assert.deepEqual(analysis.diagnostics.map((d) => d.code), []);
    assert.deepEqual(
      analysis.checks.map((c) => c.spec?.threshold),
      [3, 5],
    );
  });

  const hits: { name: string; ruleset: string; doc: string; code: string; en: string }[] = [
    {
      name: 'RM005 in a contest',
      ruleset: 'storytelling',
      doc: '«Сила 3 + Драка 2 (⟦2 успеха за бросок⟧) против Ловкость 3»',
      code: 'RM005',
      en: '"2 успеха за бросок" is a threshold for one roll, but a contest is won by more successes: the threshold does not apply',
    },
    {
      name: 'RM005 with an extended action',
      ruleset: 'mage-revised',
      doc: '«Сила 3 + Атлетизм 2 (сложность 6, 10 успехов, ⟦3 успеха за бросок⟧)»',
      code: 'RM005',
      en: '"3 успеха за бросок" is a threshold for one roll, but an extended action adds up successes over several rolls: the threshold does not apply',
    },
    { name: 'RM005 in threads-of-fate', ruleset: 'threads-of-fate', doc: '«Сила + Атлетика (сложность 12, ⟦3 успеха за бросок⟧)»', code: 'RM005', en: 'The parameter "успеха за бросок" is not used by threads-of-fate' },
    { name: 'RM003 for zero', ruleset: 'werewolf-revised', doc: '«Сила воли 6 (сложность 9, ⟦0 успехов за бросок⟧)»', code: 'RM003', en: '"0 успехов" (0 successes): the goal is already reached, nothing to roll; at least 1 is needed' },
  ];
  for (const hit of hits) {
    it(hit.name, () => {
      const { text, range } = markedRange(scenario(hit.ruleset, [hit.doc]));
      const found = analyze(text).diagnostics.filter((d) => d.code === hit.code);
      assert.equal(found.length, 1, JSON.stringify(found));
      assert.deepEqual(found[0].range, range);
      assert.equal(found[0].message, hit.en);
    });
  }
});

describe('docs/markup.md: «дважды» and «K попыток [штраф M]»', () => {
  it('000 l.480 and l.398 written as markup: no diagnostic, and the spec carries them', () => {
    const text = scenario('storytelling', [
      'Рывок: «Ловкость 3 + Атлетика 2 (дважды)».',
      'Пин-код: «Интеллект 3 + Самообладание 2 (3 попытки)».',
      'Дверь: «Сила 3 + Атлетика 2 (4 попытки, штраф 2)».',
      'Снова дверь: «Сила 3 + Атлетика 2 (штраф 2; 4 попытки)».',
    ]);
    const analysis = analyzeDocument(text, { rulesets: builtinRulesets(), dictionary: [] });
    assert.deepEqual(analysis.diagnostics.map((d) => d.code), []);
    assert.deepEqual(
      analysis.checks.map((c) => [c.spec?.twice, c.spec?.attempts]),
      [
        [true, undefined],
        [undefined, { count: 3, penalty: 1 }],
        [undefined, { count: 4, penalty: 2 }],
        [undefined, { count: 4, penalty: 2 }],
      ],
    );
  });

  it('004 l.90 «Интеллект + Саботаж со сложностью 4» as a second attempt: no diagnostic, spec.secondAttempt', () => {
    const analysis = analyzeDocument(scenario('vampire-pack', ['«Интеллект 3 + Саботаж 4 (сложность 4, вторая попытка)»']), { rulesets: builtinRulesets(), dictionary: [] });
    assert.deepEqual(analysis.diagnostics.map((d) => d.code), []);
    assert.equal(analysis.checks[0].spec?.secondAttempt, true);
  });

  it('«дважды» in classic and vampire-pack rolls without a word', () => {
    for (const [ruleset, doc] of [
      ['werewolf-revised', '«Ловкость 3 + Атлетика 2 (сложность 6, дважды)»'],
      ['vampire-pack', '«Ловкость 3 + Атлетика 2 (сложность 2, дважды)»'],
    ]) {
      const analysis = analyzeDocument(scenario(ruleset, [doc]), { rulesets: builtinRulesets(), dictionary: [] });
      assert.deepEqual(analysis.diagnostics.map((d) => d.code), [], ruleset);
      assert.equal(analysis.checks[0].spec?.twice, true, ruleset);
    }
  });

  const hits: { name: string; ruleset: string; doc: string; code: string; en: string }[] = [
    {
      name: '«дважды» in a contest',
      ruleset: 'storytelling',
      doc: '«Сила 3 + Драка 2 (⟦дважды⟧) против Ловкость 3»',
      code: 'RM005',
      en: '"дважды" (roll twice) does not apply in a contest: only a check without an opponent keeps the better of two rolls',
    },
    {
      name: '«дважды» with an extended action',
      ruleset: 'mage-revised',
      doc: '«Сила 3 + Атлетизм 2 (сложность 6, 10 успехов, ⟦дважды⟧)»',
      code: 'RM005',
      en: '"дважды" (roll twice) does not apply to an extended action: the better of two rolls is kept for one roll',
    },
    {
      name: '«дважды» with a threshold',
      ruleset: 'werewolf-revised',
      doc: '«Сила воли 6 (сложность 9, 3 успеха за бросок, ⟦дважды⟧)»',
      code: 'RM005',
      en: '"дважды" (roll twice) does not apply together with a threshold "N успехов за бросок": keep one of the two',
    },
    { name: '«дважды» in threads-of-fate', ruleset: 'threads-of-fate', doc: '«Сила + Атлетика (сложность 12, ⟦дважды⟧)»', code: 'RM005', en: 'In this ruleset "roll twice and keep the better" is an Advantage (Преимущество)' },
    { name: 'attempts outside storytelling', ruleset: 'mage-revised', doc: '«Сила 3 + Атлетизм 2 (сложность 6, ⟦3 попытки⟧)»', code: 'RM005', en: 'The parameter "попытки" is not used by mage-revised' },
    { name: '0 attempts', ruleset: 'storytelling', doc: '«Сила 3 + Атлетика 2 (⟦0 попыток⟧)»', code: 'RM003', en: '"0 попыток" (0 attempts): nothing to roll; at least 1 attempt is needed' },
    { name: 'too many attempts', ruleset: 'storytelling', doc: '«Сила 3 + Атлетика 2 (⟦21 попытка⟧)»', code: 'RM003', en: '21 attempts: at most 20' },
    {
      name: 'a penalty without attempts',
      ruleset: 'storytelling',
      doc: '«Сила 3 + Атлетика 2 (⟦штраф 2⟧)»',
      code: 'RM003',
      en: '"штраф" (penalty) belongs to attempts, and their number is not given: add, for example, "3 попытки"',
    },
    { name: 'a penalty given twice', ruleset: 'storytelling', doc: '«Сила 3 + Атлетика 2 (3 попытки штраф 1, ⟦штраф 2⟧)»', code: 'RM003', en: 'The attempts’ penalty is already given after their number: keep one' },
    { name: '«вторая попытка» outside vampire-pack', ruleset: 'storytelling', doc: '«Сила 3 + Атлетика 2 (⟦вторая попытка⟧)»', code: 'RM005', en: 'The parameter "вторая попытка" is not used by storytelling' },
    {
      name: '«вторая попытка» in a contest',
      ruleset: 'vampire-pack',
      doc: '«Сила 3 + Драка 2 (⟦вторая попытка⟧) против Ловкость 3 + Драка 1»',
      code: 'RM005',
      en: '"вторая попытка" (second attempt) belongs to a check, not a contest: a contest has no failure to become painful',
    },
    {
      name: 'attempts in a contest',
      ruleset: 'storytelling',
      doc: '«Сила 3 + Драка 2 (⟦3 попытки⟧) против Ловкость 3»',
      code: 'RM005',
      en: 'Attempts until the first success do not apply in a contest: one roll of each side decides it',
    },
    {
      name: 'attempts with an extended action',
      ruleset: 'storytelling',
      doc: '«Интеллект 3 + Ремесло 3 (15 успехов, ⟦3 попытки⟧)»',
      code: 'RM005',
      en: 'Attempts until the first success do not apply to an extended action: it adds up successes over several rolls itself',
    },
  ];
  for (const hit of hits) {
    it(hit.name, () => {
      const { text, range } = markedRange(scenario(hit.ruleset, [hit.doc]));
      const found = analyze(text).diagnostics.filter((d) => d.code === hit.code);
      assert.equal(found.length, 1, JSON.stringify(found));
      assert.deepEqual(found[0].range, range);
      assert.equal(found[0].message, hit.en);
    });
  }

  it('threads-of-fate: the RM005 fix writes «Преимущество»', () => {
    const text = scenario('threads-of-fate', ['«Сила + Атлетика (сложность 12, дважды)»']);
    const found = analyzeDocument(text, { rulesets: builtinRulesets(), dictionary: [] }).diagnostics.filter((d) => d.code === 'RM005');
    assert.equal(found.length, 1);
    assert.deepEqual(found[0].fixes.map((f) => f.edits.map((e) => e.newText)), [['Преимущество']]);
  });

  it('threads-of-fate: beside an Advantage already written, no fix (it would write a second one; the fuzz found it)', () => {
    const text = scenario('threads-of-fate', ['«Сила + Атлетика (сложность 12, дважды, Преимущество)»']);
    const found = analyzeDocument(text, { rulesets: builtinRulesets(), dictionary: [] }).diagnostics.filter((d) => d.code === 'RM005');
    assert.equal(found.length, 1);
    assert.deepEqual(found[0].fixes, []);
  });
});
