/**
 * The view every output of odds is drawn from: its outcome rows are exclusive and sum to 100 %,
 * each part lies within its row (successes by count add up to the success row exactly), and the
 * chance that matters is the number `rollmark check --format json` reports.
 */
import * as assert from 'node:assert/strict';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import { isKnownPool } from '../../../server/out/engine/oddsReport';
import { oddsView, reportChance } from '../../../server/out/present/odds';
import { voice } from '../../../server/out/present/voice';

const CHECKS: Record<string, string[]> = {
  'vampire-pack': ['Сила 3 + Атлетика 2 (сложность 2) против Ловкость 2 + Атлетика 3', 'Ловкость 3 + Атлетика 2 против 6', 'Сила 3 + Атлетика 3 (сложность 2)', 'Сила 5 + Атлетика 5 (сложность 1)', 'Сила 1 + Атлетика 1 (сложность 3)', 'Сила 2 + Атлетика 1'],
  storytelling: ['Сила 1 + Атлетика 1 (помощь: 2)', 'Ловкость 2 + Атлетика 1 или Выносливость 2 + Атлетика 2', 'Сила 3 + Атлетика 3', 'Сила 1 − 2', 'Сила 5 + Атлетика 5 (снова-8, Воля)', 'Сила 1'],
  'werewolf-revised': ['Ловкость 3 + Атлетика 2 (сложность 6, Сила воли)', 'Ловкость 5 + Атлетика 5 [Прыжки] (сложность 8)', 'Ловкость 1 (сложность 10)'],
  'mage-revised': [
    'Сила 3 + Атлетизм 2 (сложность 7)',
    'Сила 1 − 1',
    'Сила 2 + Атлетизм 1 (сложность 6, помощь: 2)',
    'Ловкость 3 или Интеллект 2 + Ремесло 2 (сложность 6)',
    'Выносливость 3 (поглощение)',
    'Ловкость 2 + Атлетизм 1 (3 успеха) против Ловкость 1 + Вождение 1',
  ],
  'threads-of-fate': [
    'Скрытность 4 (сложность 15, Преимущество)',
    'Скрытность 14 (сложность 12)',
    'Скрытность 1 (сложность 25)',
    'Меткость 3 (сложность 12, 2 Помехи)',
    'Скрытность 4 (сложность 14, статичная)',
  ],
};

describe('present: the view of odds', () => {
  for (const [ruleset, checks] of Object.entries(CHECKS)) {
    it(`${ruleset}: exclusive rows that sum to 100 %, parts within their rows, the headline the report's chance`, () => {
      const text = [`---`, `ruleset: ${ruleset}`, `---`, ...checks.map((c) => `«${c}»\n`)].join('\n');
      const analysis = analyzeDocument(text, { rulesets: builtinRulesets() });
      assert.equal(analysis.checks.length, checks.length);
      for (const check of analysis.checks) {
        assert.ok(check.odds && isKnownPool(check.odds), check.text);
        const view = oddsView(check.odds, { ruleset: analysis.ruleset, v: voice('ru'), spec: check.spec });
        const rows = view.rows.filter((r) => (r.depth ?? 0) === 0);
        assert.ok(Math.abs(rows.reduce((sum, r) => sum + r.probability, 0) - 1) < 1e-9, `${check.text}: rows sum to 1`);
        let parent = view.rows[0];
        let parts: number[] = [];
        const closeParent = () => {
          const sum = parts.reduce((a, b) => a + b, 0);
          assert.ok(sum <= parent.probability + 1e-9, `${check.text}: the parts of «${parent.label}» fit in it`);
          // A success broken down by how many successes adds up to the success exactly.
          if (parts.length > 0 && check.odds && 'successes' in check.odds && parent === view.rows[0]) assert.ok(Math.abs(sum - parent.probability) < 1e-9, `${check.text}: the counts make up the success`);
        };
        for (const row of view.rows.slice(1)) {
          if (row.depth === 1) parts.push(row.probability);
          else {
            closeParent();
            parent = row;
            parts = [];
          }
        }
        closeParent();
        assert.equal(view.main.probability, view.rows[0].probability, `${check.text}: the headline is the first row`);
        assert.equal(view.main.probability, reportChance(check.odds), `${check.text}: the headline is the JSON's success`);
      }
    });
  }
});
