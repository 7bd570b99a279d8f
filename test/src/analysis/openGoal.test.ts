/**
 * `длительное` / `продолжительное` without `N успехов` (docs/markup.md, RM004;
 * 001 l.130, decoding with «Интеллект + Языки»): RM004 information "goal not stated",
 * and the chance of reaching 1…10 successes within 1…5 rolls in the JSON (`by_goal`) and the hover.
 * The chances come from the oracle's enumeration of die faces (test/src/engine/bruteForce.ts), never
 * from the engine.
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import type { CliIo } from '../../../server/out/cli/io';
import { main } from '../../../server/out/cli/main';
import { checkHoverMarkdown } from '../../../server/out/present/hover';
import { checkLine } from '../../../server/out/present/odds';
import { voice } from '../../../server/out/present/voice';
import { classicRoll, extendedSteps, storytellingRoll, withinByEnumeration } from '../engine/bruteForce';
import { scenario, wordedAnalysis } from './util';
import { oddsJson } from '../cli/runCli';

type Json = Record<string, unknown>;

const odds = (ruleset: string, check: string) => oddsJson<Json>(ruleset, check);

function sameByGoal(got: unknown, want: (goal: number) => number[], what: string): void {
  const byGoal = got as Record<string, number[]>;
  assert.deepEqual(Object.keys(byGoal), ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'], what);
  for (let goal = 1; goal <= 10; goal++) {
    const expected = want(goal);
    assert.equal(byGoal[String(goal)].length, 5, `${what} ${goal}`);
    byGoal[String(goal)].forEach((p, k) => assert.ok(Math.abs(p - expected[k]) <= 1e-9, `${what}: goal ${goal}, roll ${k + 1}: ${p} ≠ ${expected[k]}`));
  }
}

describe('docs/markup.md: an extended action without a goal', () => {
  it('001 l.130 «Интеллект 3 + Языки 2 (сложность 6, длительное)»: RM004 information, and the check is rolled', () => {
    const text = scenario('mage-revised', ['Расшифровка: «Интеллект 3 + Языки 2 (сложность 6, длительное)».']);
    const analysis = analyzeDocument(text, { rulesets: builtinRulesets(), dictionary: [] });
    const worded = wordedAnalysis(analysis, 'ru').diagnostics;
    assert.deepEqual(
      worded.map((d) => [d.code, d.severity, d.message]),
      [['RM004', 'info', '«длительное»: цель не указана — её задаёт Рассказчик; показаны шансы набрать от 1 до 10 успехов за 1–5 бросков. Чтобы считать одну цель, допишите «10 успехов»']],
    );
    assert.equal(analysis.checks[0].spec?.openGoal, true);
  });

  it('odds --json: `by_goal` for classic (a botch ends the action), every face of 5 dice', async () => {
    const json = await odds('mage-revised', 'Интеллект 3 + Языки 2 (сложность 6, длительное)');
    const steps = extendedSteps('classic', classicRoll(5, 6, false, false));
    sameByGoal(json.by_goal, (goal) => withinByEnumeration(steps, goal, 5), 'mage-revised');
    assert.equal(json.within, undefined);
    const outcomes = json.outcomes as Record<string, number>;
    const botch = classicRoll(5, 6, false, false).results.filter((r) => r.abort).reduce((sum, r) => sum + r.p, 0);
    assert.ok(Math.abs(outcomes.botch - botch) <= 1e-12);
  });

  it('storytelling «продолжительное» without 10-again: every face of 3 dice', async () => {
    const json = await odds('storytelling', 'Интеллект 2 + Языки 1 (без снова-10, продолжительное)');
    const steps = extendedSteps('storytelling', storytellingRoll(3, 'none'));
    sameByGoal(json.by_goal, (goal) => withinByEnumeration(steps, goal, 5), 'storytelling');
  });

  it('the hover heads with one roll and shows the table of goals; the lens keeps one roll’s chance', () => {
    const text = scenario('mage-revised', ['«Интеллект 3 + Языки 2 (сложность 6, длительное)»']);
    const analysis = analyzeDocument(text, { rulesets: builtinRulesets(), dictionary: [] });
    const check = analysis.checks[0];
    const v = voice('ru');
    const hover = checkHoverMarkdown(check, analysis.ruleset, v).replace(/[\u00a0\u202f]/gu, ' ');
    const steps = extendedSteps('classic', classicRoll(5, 6, false, false));
    const one = withinByEnumeration(steps, 1, 1)[0];
    assert.ok(hover.startsWith(`**Успех ${Math.round(one * 100)} %**`), hover);
    assert.ok(hover.includes('цель задаёт Рассказчик'), hover);
    assert.ok(hover.includes('| цель | за 1 бросок | за 2 броска | за 3 броска | за 4 броска | за 5 бросков |'), hover);
    const ten = withinByEnumeration(steps, 10, 5);
    assert.ok(hover.includes(`| 10 успехов | 0 % | 0,1 % | 8 % | 32 % | ${Math.round(ten[4] * 100)} % |`), hover);
    const line = checkLine(check.odds, { ruleset: analysis.ruleset, v, spec: check.spec });
    assert.equal(line.chance?.probability, (check.odds as { outcomes: Record<string, number> }).outcomes.success);
  });

  it('`K бросков` alone, `0 успехов` and `0 бросков` stay RM003', () => {
    for (const line of ['«Сила 2 (3 броска)»', '«Сила 2 (0 успехов)»', '«Сила 2 (5 успехов, 0 бросков)»']) {
      const analysis = analyzeDocument(scenario('storytelling', [line]), { rulesets: builtinRulesets(), dictionary: [] });
      assert.deepEqual(
        analysis.diagnostics.map((d) => d.code),
        ['RM003'],
        line,
      );
    }
  });

  it('check --format json carries `by_goal`, as odds --json prints it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rollmark-open-goal-'));
    try {
      const file = join(dir, 'a.scenario.md');
      writeFileSync(file, '---\nruleset: mage-revised\n---\n\n«Интеллект 3 + Языки 2 (сложность 6, длительное)»\n');
      let out = '';
      const io: CliIo = { out: (t) => void (out += t), err: () => undefined, locale: 'en' };
      await main(['check', '--format', 'json', file], io);
      const [reported] = (JSON.parse(out) as { files: { checks: Json[] }[] }).files[0].checks;
      assert.deepEqual(reported.by_goal, (await odds('mage-revised', 'Интеллект 3 + Языки 2 (сложность 6, длительное)')).by_goal);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
