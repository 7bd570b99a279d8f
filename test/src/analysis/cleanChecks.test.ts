/**
 * A check written again (analysis/resolve/cleanChecks.ts): a repeat of a check without
 * diagnostics takes the first one's result, and must read exactly as the check analysed alone;
 * a repeat of a check with diagnostics is resolved again, so each occurrence gets its own.
 */
import * as assert from 'node:assert/strict';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import { joinLines, rangeOf } from './util';

const rulesets = builtinRulesets();
const front = (strength: number) => ['---', 'ruleset: storytelling', 'characters:', `  Вера: { Сила: ${strength}, Атлетика: 2 }`, '  Гордей: { Сила: 1, Атлетика: 1 }', '---'];

describe('a check written again', () => {
  it('a repeat reads as the same check alone: actor, spec, odds and the party', () => {
    const text = joinLines(...front(3), '«Вера: Сила + Атлетика»', '', '«Сила + Атлетика − 1»', '', 'Снова «Вера: Сила + Атлетика» и «Сила + Атлетика − 1».');
    const checks = analyzeDocument(text, { rulesets }).checks;
    assert.equal(checks.length, 4);
    const alone = (k: number) => analyzeDocument(joinLines(...front(3), checks[k].text), { rulesets }).checks[0];
    for (const k of [2, 3]) {
      const first = checks[k - 2];
      assert.equal(checks[k].text, first.text);
      assert.deepEqual(
        { actor: checks[k].actor, spec: checks[k].spec, odds: checks[k].odds, party: checks[k].party },
        { actor: alone(k).actor, spec: alone(k).spec, odds: alone(k).odds, party: alone(k).party },
      );
    }
    assert.equal(checks[2].actor, 'Вера');
    assert.deepEqual(checks[3].party?.members.map((m) => m.character), ['Вера', 'Гордей']);
  });

  it('another front matter is another context: the same text resolves with its sheet', () => {
    const check = '«Вера: Сила + Атлетика»';
    const [weak] = analyzeDocument(joinLines(...front(1), check), { rulesets }).checks;
    const [strong] = analyzeDocument(joinLines(...front(4), check), { rulesets }).checks;
    assert.equal(weak.spec?.side.base, 3);
    assert.equal(strong.spec?.side.base, 6);
  });

  it('a repeat of a check with a mistake gets its own diagnostics, at its own place', () => {
    const text = joinLines(...front(3), '«Вера: Сила + Атлетка»', '', 'И ещё «Вера: Сила + Атлетка».');
    const rm001 = analyzeDocument(text, { rulesets }).diagnostics.filter((d) => d.code === 'RM001');
    assert.deepEqual(
      rm001.map((d) => d.range),
      [rangeOf(text, 'Атлетка', 0), rangeOf(text, 'Атлетка', 1)],
    );
  });
});
