/**
 * The example scenarios in examples/: every diagnostic (code and 1-based line) and the number
 * of checks pinned, after reading each file by hand and judging the analysis right.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { LineIndex } from '../../../server/out/analysis/markdown/lineIndex';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';

const EXAMPLES = path.resolve(__dirname, '../../../examples');

interface Pinned {
  ruleset: string;
  checks: number;
  /** [code, 1-based line, the text the diagnostic covers]. */
  diagnostics: [string, number, string][];
}

const pinned: Record<string, Pinned> = {
  'mage.scenario.md': {
    ruleset: 'mage-revised',
    checks: 5,
    diagnostics: [
      // «Лиза: Восприятие + Бдительность»: no difficulty, the standard 6 applies.
      ['RM004', 20, 'Восприятие + Бдительность'],
      // «4 бросков» is the wrong plural (the parameters' order is free).
      ['RM010', 22, 'Лиза: Ловкость + Атлетизм (5 успехов, 4 бросков, сложность 7)'],
    ],
  },
  'storytelling.scenario.md': {
    ruleset: 'storytelling',
    checks: 6,
    diagnostics: [
      // Марк: Сила 2 + Атлетика 1 − 4 is a chance die.
      ['RM006', 18, 'Сила + Атлетика − 4'],
      // «бросок Сообразительность + Ремесло» written as prose.
      ['RM012', 29, 'Сообразительность + Ремесло'],
    ],
  },
  'threads.scenario.md': { ruleset: 'threads-of-fate', checks: 4, diagnostics: [] },
  'vampire.scenario.md': { ruleset: 'vampire-pack', checks: 6, diagnostics: [] },
  'werewolf.scenario.md': {
    ruleset: 'werewolf-revised',
    checks: 4,
    // «Ловкость + Атлетизм (сложность 4)»: mage's term in werewolf-revised.
    diagnostics: [['RM014', 20, 'Атлетизм']],
  },
};

describe('example scenarios', () => {
  it('examples/ holds exactly the pinned scenarios', () => {
    assert.deepEqual(readdirSync(EXAMPLES).filter((f) => f.endsWith('.scenario.md')).sort(), Object.keys(pinned).sort());
  });

  for (const [file, expected] of Object.entries(pinned)) {
    it(`${file} has ${expected.checks} checks under ${expected.ruleset} and exactly the pinned diagnostics`, () => {
      const text = readFileSync(path.join(EXAMPLES, file), 'utf8');
      const analysis = analyzeDocument(text, { rulesets: builtinRulesets() });
      const lines = new LineIndex(text);
      assert.equal(analysis.ruleset.id, expected.ruleset);
      assert.equal(analysis.rulesetSource, 'front-matter');
      assert.equal(analysis.checks.length, expected.checks);
      assert.deepEqual(
        analysis.diagnostics.map((d) => [d.code, lines.positionAt(d.range.start).line + 1, text.slice(d.range.start, d.range.end)]),
        expected.diagnostics,
      );
    });
  }

  it('every check of vampire.scenario.md with an actor has a known pool; those without one are the party’s', () => {
    const text = readFileSync(path.join(EXAMPLES, 'vampire.scenario.md'), 'utf8');
    const analysis = analyzeDocument(text, { rulesets: builtinRulesets() });
    assert.deepEqual(
      analysis.checks.map((c) => [c.actor ?? null, c.odds?.pool ?? null, c.scene?.title ?? null, c.party?.members.map((m) => [m.character, m.odds.pool]) ?? null]),
      [
        ['Адриан', 4, 'Сцена 1. Крыши', null],
        ['Катастрофа', 4, 'Сцена 1. Крыши', null],
        // Ловкость + Атлетика − 3: Катастрофа 4 + 2 − 3, Адриан 2 + 3 − 3.
        [null, null, 'Сцена 1. Крыши', [['Катастрофа', 3], ['Адриан', 2]]],
        ['Катастрофа', 4, 'Сцена 2. Архив', null],
        ['Адриан', 5, 'Сцена 2. Архив', null],
        // Сила + Атлетика − 2: Адриан 3 + 3 − 2, Катастрофа 2 + 2 − 2.
        [null, null, 'Сцена 2. Архив', [['Адриан', 4], ['Катастрофа', 2]]],
      ],
    );
  });
});
