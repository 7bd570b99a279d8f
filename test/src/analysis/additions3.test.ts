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
