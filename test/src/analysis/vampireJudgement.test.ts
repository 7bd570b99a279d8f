/**
 * vampire-pack's rules a Storyteller or a player decides on (docs/markup.md, «Атака и защита»,
 * «Сделка с Дьяволом»): `атака` / `защита` take High Competence's automatic success away (004
 * l.109), `сделка с Дьяволом` adds the chance of success once a plain failure is traded (004
 * l.60–65). The figures are read here from every face of every die, never from the engine.
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { formatCanonical } from '../../../server/out/analysis/check/canonicalForm';
import { parseCheckExpression } from '../../../server/out/analysis/check/checkExpression';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import type { CliIo } from '../../../server/out/cli/io';
import { main } from '../../../server/out/cli/main';
import { rollCheck } from '../../../server/out/engine/roll';
import type { RandomSource } from '../../../server/out/engine/random';
import { checkHoverMarkdown } from '../../../server/out/present/hover';
import { rollLog } from '../../../server/out/present/roll';
import { voice } from '../../../server/out/present/voice';
import { forEachFaces } from '../engine/bruteForce';
import { applyEdits, scenario, wordedAnalysis } from './util';
import { oddsJson } from '../cli/runCli';

function analyze(line: string, ruleset = 'vampire-pack') {
  const text = scenario(ruleset, [line]);
  return { text, analysis: analyzeDocument(text, { rulesets: builtinRulesets(), dictionary: [] }) };
}

type Json = Record<string, unknown>;

const odds = (ruleset: string, check: string) => oddsJson<Json>(ruleset, check);

/**
 * `dice` d10 as 004 l.55–57 reads them: 8 or more is a success; no success with a 1 is a painful
 * failure; no success and no 1 a plain failure. With the deal (l.60–65) a plain failure becomes a
 * base success; a painful one stays.
 */
function vampireFaces(dice: number): { success: number; failure: number; painful: number } {
  const each = Math.pow(10, -dice);
  // Counted as integers, then divided once: 10⁵ additions of 10⁻⁵ would drift.
  const counts = { success: 0, failure: 0, painful: 0 };
  forEachFaces(dice, 10, (faces) => {
    if (faces.some((f) => f >= 8)) counts.success += 1;
    else if (faces.includes(1)) counts.painful += 1;
    else counts.failure += 1;
  });
  return { success: counts.success * each, failure: counts.failure * each, painful: counts.painful * each };
}

describe('vampire-pack: attack, defence and the Devil’s Bargain', () => {
  describe('`атака` / `защита` (004 l.109: High Competence is not for an attack or a defence)', () => {
    it('is read, kept in the canonical form, and reaches the spec; both at once contradict each other (RM009)', () => {
      const { analysis } = analyze('«Сила 3 + Драка 3 (сложность 1, атака)»');
      assert.deepEqual(analysis.diagnostics, []);
      assert.equal(analysis.checks[0].spec?.combatRole, 'attack');
      assert.equal(analyze('«Ловкость 3 + Атлетика 3 (защита)»').analysis.checks[0].spec?.combatRole, 'defence');
      const ast = parseCheckExpression('Сила 3 + Драка 3 (АТАКА)');
      assert.deepEqual(ast.errors, []);
      assert.equal(formatCanonical(ast, (t) => t.name), 'Сила 3 + Драка 3 (атака)');
      assert.deepEqual(
        analyze('«Сила 3 + Драка 3 (атака, защита)»').analysis.diagnostics.map((d) => d.code),
        ['RM009'],
      );
    });

    it('the hover does not offer the automatic success and says why; below 4 dice there is nothing to refuse', () => {
      const { analysis } = analyze('«Сила 3 + Драка 3 (сложность 1, атака)»');
      const hover = checkHoverMarkdown(analysis.checks[0], analysis.ruleset, voice('ru'));
      assert.ok(!hover.includes('Высокая компетентность (пул 4+)'), hover);
      assert.ok(hover.endsWith('_Атака: Высокая компетентность здесь не действует — базового успеха без броска нет, «неопределённость и хаос таких ситуаций делают любое действие рискованным»._'), hover);
      const plain = analyze('«Сила 3 + Драка 3 (сложность 1)»').analysis;
      assert.ok(checkHoverMarkdown(plain.checks[0], plain.ruleset, voice('ru')).includes('_Высокая компетентность (пул 4+): базовый успех можно взять без броска, кроме атаки и защиты._'));
      const small = analyze('«Ловкость 2 + Атлетика 1 (защита)»').analysis;
      assert.ok(!checkHoverMarkdown(small.checks[0], small.ruleset, voice('ru')).includes('компетентность'));
    });

    it('odds --json: the same dice, "combat_role", and `no_high_competence` instead of `high_competence`', async () => {
      const o = await odds('vampire-pack', '«Сила 3 + Драка 3 (сложность 1, защита)»');
      assert.equal(o.combat_role, 'defence');
      assert.deepEqual(o.notes, ['no_high_competence']);
      const want = vampireFaces(5);
      const outcomes = o.outcomes as Record<string, number>;
      assert.ok(Math.abs(outcomes.success - want.success) <= 1e-9);
      assert.ok(Math.abs(outcomes.painful_failure - want.painful) <= 1e-9);
    });

    it('elsewhere it is RM005 with the reason, and the fix removes it', () => {
      const { text, analysis } = analyze('«Сила 3 + Драка 3 (сложность 6, атака)»', 'mage-revised');
      const worded = wordedAnalysis(analysis, 'ru').diagnostics.filter((d) => d.code === 'RM005');
      assert.equal(worded.length, 1);
      assert.equal(
        worded[0].message,
        '«атака»: эта пометка нужна Высокой компетентности «Пакета игрока» (vampire-pack), которая не даёт автоматического успеха атаке и защите; в правилах mage-revised её нет',
      );
      assert.ok(applyEdits(text, worded[0].fixes[0].edits).includes('«Сила 3 + Драка 3 (сложность 6)»'));
    });
  });

  describe('`сделка с Дьяволом` (004 l.60–65)', () => {
    it('«сделка» and «сделка с Дьяволом» are read; another spelling of the long one is RM010 with the canonical one', () => {
      for (const written of ['сделка', 'сделка с Дьяволом']) {
        const { analysis } = analyze(`«Интеллект 2 + Убеждение 2 (сложность 0, ${written})»`);
        assert.deepEqual(analysis.diagnostics, [], written);
        assert.equal(analysis.checks[0].spec?.deal, true);
      }
      const { analysis } = analyze('«Интеллект 2 + Убеждение 2 (сложность 0, Сделка с дьяволом)»');
      const rm010 = wordedAnalysis(analysis, 'en').diagnostics.filter((d) => d.code === 'RM010');
      assert.equal(rm010.length, 1);
      assert.ok(rm010[0].message.includes('«Интеллект 2 + Убеждение 2 (сложность 0, сделка с Дьяволом)»'), rm010[0].message);
    });

    it('odds --json: "deal" = P(success) + P(plain failure) over every face of 4 dice; painful failures stay', async () => {
      const o = await odds('vampire-pack', '«Интеллект 2 + Убеждение 2 (сделка с Дьяволом)»');
      const want = vampireFaces(4);
      assert.ok(Math.abs((o.deal as number) - (want.success + want.failure)) <= 1e-9, `deal ${String(o.deal)}`);
      assert.ok(Math.abs((o.deal as number) - (1 - want.painful)) <= 1e-9);
      assert.deepEqual(o.notes, ['high_competence', 'deal']);
      // A second attempt has no plain failure left (004 l.90): the deal adds nothing.
      const second = await odds('vampire-pack', '«Интеллект 2 + Убеждение 2 (вторая попытка, сделка)»');
      assert.equal(second.deal, (second.outcomes as Record<string, number>).success);
    });

    it('the hover shows the chance with the deal beside the plain one, and a note; a rolled failure offers it', () => {
      const { analysis } = analyze('«Интеллект 1 + Убеждение 1 (сделка с Дьяволом)»');
      const hover = checkHoverMarkdown(analysis.checks[0], analysis.ruleset, voice('ru')).split('\n');
      const want = vampireFaces(2);
      const pct = (p: number) => `${Math.round(p * 100)}\u00a0%`;
      assert.equal(hover[0], `**Успех ${pct(want.success)}** · со Сделкой с Дьяволом ${pct(want.success + want.failure)} · болезненный провал ${pct(want.painful)}  `);
      assert.equal(
        hover[hover.length - 1],
        '_Сделка с Дьяволом: после провала, но не болезненного, игрок предлагает осложнение и передаёт Рассказчику 1 Драму — результат становится базовым успехом. Раз за сцену; Рассказчик может отклонить сделку, потратив 1 Драму._',
      );
    });

    it('a rolled plain failure offers the bargain; a painful one does not (004 l.64)', () => {
      const { analysis } = analyze('«Сила 1 + Атлетика 1 (сделка с Дьяволом)»');
      const check = analysis.checks[0];
      const faces = (...list: number[]): RandomSource => ({ int: () => list.shift() ?? Number.NaN });
      const log = (...list: number[]) => rollLog(check.text, rollCheck(analysis.ruleset, check.spec!, { random: faces(...list) }), analysis.ruleset, voice('ru'))[0];
      assert.equal(log(6, 6), '🎲 «Сила 1 + Атлетика 1 (сделка с Дьяволом)»: [6, 6] → 0 успехов: провал — можно Сделку с Дьяволом: осложнение и 1 Драма — базовый успех');
      assert.equal(log(1, 6), '🎲 «Сила 1 + Атлетика 1 (сделка с Дьяволом)»: [1, 6] → 0 успехов: болезненный провал');
    });

    it('in a contest or an extended action it is RM005; in another ruleset RM005 with the reason', () => {
      const contest = wordedAnalysis(analyze('«Сила 2 + Атлетика 2 (сделка) против Ловкость 2 + Атлетика 2»').analysis, 'ru').diagnostics.filter((d) => d.severity !== 'info');
      assert.deepEqual(
        contest.map((d) => [d.code, d.message]),
        [['RM005', '«сделка с Дьяволом» относится к проваленной проверке, а у состязания провала нет: его решает больше успехов']],
      );
      const extended = analyze('«Интеллект 2 + Расследование 2 (5 успехов, сделка)»').analysis;
      assert.deepEqual(
        extended.diagnostics.filter((d) => d.severity !== 'info').map((d) => d.code),
        ['RM005'],
      );
      assert.equal(extended.checks[0].spec?.deal, undefined);
      const storytelling = wordedAnalysis(analyze('«Сила 2 + Атлетика 2 (сделка с Дьяволом)»', 'storytelling').analysis, 'en').diagnostics;
      assert.deepEqual(
        storytelling.map((d) => [d.code, d.message]),
        [['RM005', '"сделка с Дьяволом": the Devil\'s Bargain exists only in the Player Pack (vampire-pack); storytelling has none']],
      );
    });

    it('check --format json carries "deal" and "combat_role"', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'rollmark-deal-'));
      try {
        const file = join(dir, 'a.scenario.md');
        writeFileSync(file, '---\nruleset: vampire-pack\n---\n\n«Интеллект 2 + Убеждение 2 (сделка с Дьяволом)»\n\n«Сила 3 + Драка 3 (атака)»\n');
        let out = '';
        const io: CliIo = { out: (t) => void (out += t), err: () => undefined, locale: 'en' };
        await main(['check', '--format', 'json', file], io);
        const [deal, attack] = (JSON.parse(out) as { files: { checks: Json[] }[] }).files[0].checks;
        const want = vampireFaces(4);
        assert.ok(Math.abs((deal.deal as number) - (want.success + want.failure)) <= 1e-9);
        assert.equal(attack.combat_role, 'attack');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
