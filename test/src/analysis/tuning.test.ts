/**
 * Difficulty tuning (analysis/resolve/tuning.ts) against the engine, family by family: for every value
 * the ruleset allows, the spec is written here by hand and its odds computed by the engine
 * (`computeOdds`); the tuning must pick the value whose chance is closest to the target, the
 * easier of two equally close ones, and its edit must give the document exactly that chance.
 */
import * as assert from 'node:assert/strict';
import { analyzeDocument, oddsFor } from '../../../server/out/analysis/analyzeDocument';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import { traitIndex } from '../../../server/out/analysis/resolve/traitIndex';
import { type Tuning, tuneCheck, TUNING_TARGETS } from '../../../server/out/analysis/resolve/tuning';
import type { AnalyzedCheck, DocumentAnalysis } from '../../../server/out/analysis/types';
import { type CheckSpec, plainSide } from '../../../server/out/engine/checkSpec';
import { chanceOfSuccess, computeOdds } from '../../../server/out/engine/odds';
import { reportChance } from '../../../server/out/present/odds';
import { joinLines } from './util';

const TOL = 1e-12;

function analyze(text: string): DocumentAnalysis {
  return analyzeDocument(text, { rulesets: builtinRulesets() });
}

function tune(analysis: DocumentAnalysis, check: AnalyzedCheck, targets: readonly number[] = TUNING_TARGETS): Tuning[] {
  const ctx = { ruleset: analysis.ruleset, index: traitIndex(analysis.ruleset), locale: 'ru' as const, characters: analysis.frontMatter?.characters ?? [] };
  return tuneCheck(check, ctx, oddsFor, targets);
}

function apply(text: string, tuning: Tuning): string {
  return text.slice(0, tuning.edit.range.start) + tuning.edit.newText + text.slice(tuning.edit.range.end);
}

/**
 * What the tuning must choose, computed here: every allowed value's chance from the engine, the
 * closest to each target, ties to the higher chance, then to the value nearest the current one;
 * targets whose best value is the current one are left out, targets sharing a value share it.
 */
function expected(values: number[], specOf: (value: number) => CheckSpec, ruleset: string, current: number, targets = TUNING_TARGETS): { targets: number[]; value: number; chance: number }[] {
  const r = builtinRulesets().get(ruleset)!;
  const chances = values.map((value) => ({ value, chance: chanceOfSuccess(computeOdds(r, specOf(value)))! }));
  const out: { targets: number[]; value: number; chance: number }[] = [];
  for (const target of targets) {
    const sorted = [...chances].sort(
      (a, b) =>
        Math.abs(a.chance - target) - Math.abs(b.chance - target) > TOL
          ? 1
          : Math.abs(b.chance - target) - Math.abs(a.chance - target) > TOL
            ? -1
            : Math.abs(a.chance - b.chance) > TOL
              ? b.chance - a.chance
              : Math.abs(a.value - current) - Math.abs(b.value - current),
    );
    const best = sorted[0];
    if (best.value === current) continue;
    const same = out.find((o) => o.value === best.value);
    if (same) same.targets.push(target);
    else out.push({ targets: [target], value: best.value, chance: best.chance });
  }
  return out;
}

function assertTunings(got: Tuning[], want: { targets: number[]; value: number; chance: number }[]): void {
  assert.deepEqual(
    got.map((t) => [t.targets, t.value]),
    want.map((w) => [w.targets, w.value]),
  );
  got.forEach((t, i) => assert.ok(Math.abs(t.chance - want[i].chance) <= TOL, `${t.value}: ${t.chance} vs engine ${want[i].chance}`));
}

/** The document after each tuning's edit has exactly the chance the tuning promised. */
function assertEditsKeepTheirWord(text: string, at: number, tunings: Tuning[], written: (t: Tuning) => string): void {
  for (const t of tunings) {
    const after = apply(text, t);
    const check = analyze(after).checks[at];
    assert.equal(check.text, written(t));
    // What the hover and `rollmark check` say after the edit (an extended action: done in time).
    const chance = check.party ? check.party.members.find((m) => m.character === t.character)!.success : reportChance(check.odds!)!;
    assert.ok(Math.abs(chance - t.chance) <= TOL, `${check.text}: ${chance} vs ${t.chance}`);
  }
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('difficulty tuning against the engine', () => {
  it('pool-minus-difficulty (vampire-pack): the difficulty, 0 up to where no dice are left', () => {
    const text = joinLines('---', 'ruleset: vampire-pack', 'characters:', '  Адриан: { Сила: 3, Атлетика: 3 }', '---', 'Забор: «Адриан: Сила + Атлетика (сложность 2)».');
    const analysis = analyze(text);
    const tunings = tune(analysis, analysis.checks[0]);
    assertTunings(tunings, expected(range(0, 6), (d) => ({ side: plainSide(6, { difficulty: d }) }), 'vampire-pack', 2));
    assert.deepEqual(
      tunings.map((t) => [t.targets, t.value]),
      [
        [[0.3], 5],
        [[0.5], 4],
        [[0.7], 3],
        [[0.9], 0],
      ],
    );
    assertEditsKeepTheirWord(text, 0, tunings, (t) => `«Адриан: Сила + Атлетика (сложность ${t.value})»`);
  });

  it('classic (werewolf-revised): difficulty 2–10, written first in the group when the check has none', () => {
    const text = joinLines('---', 'ruleset: werewolf-revised', '---', '«Ловкость 3 + Атлетика 2 (5 успехов)» и «Ловкость 3 + Атлетика 3»');
    const analysis = analyze(text);
    const [extended, plain] = analysis.checks;
    const plainTunings = tune(analysis, plain);
    assertTunings(plainTunings, expected(range(2, 10), (d) => ({ side: plainSide(6, { difficulty: d }) }), 'werewolf-revised', 6));
    assertEditsKeepTheirWord(text, 1, plainTunings, (t) => `«Ловкость 3 + Атлетика 3 (сложность ${t.value})»`);
    // An extended action: its chance is being done in time, so the engine's `within`, not one roll's success.
    const extendedTunings = tune(analysis, extended);
    assert.ok(extendedTunings.length > 0);
    assertEditsKeepTheirWord(text, 0, extendedTunings, (t) => `«Ловкость 3 + Атлетика 2 (сложность ${t.value}, 5 успехов)»`);
  });

  it('storytelling: no difficulty, the dice modifier, within the ruleset’s ±5; 0 removes it', () => {
    const text = joinLines('---', 'ruleset: storytelling', '---', '«Ловкость 3 + Вождение 2 − 2» и «Сила 2 + Атлетика 1»');
    const analysis = analyze(text);
    const [withModifier, without] = analysis.checks;
    const tunings = tune(analysis, withModifier);
    assertTunings(tunings, expected(range(-5, 5).reverse(), (m) => ({ side: plainSide(5 + m) }), 'storytelling', -2));
    assertEditsKeepTheirWord(text, 0, tunings, (t) => (t.value === 0 ? '«Ловкость 3 + Вождение 2»' : `«Ловкость 3 + Вождение 2 ${t.value < 0 ? '−' : '+'} ${Math.abs(t.value)}»`));
    const added = tune(analysis, without);
    assertTunings(added, expected(range(-5, 5).reverse(), (m) => ({ side: plainSide(3 + m) }), 'storytelling', 0));
    assertEditsKeepTheirWord(text, 1, added, (t) => `«Сила 2 + Атлетика 1 ${t.value < 0 ? '−' : '+'} ${Math.abs(t.value)}»`);
  });

  it('d20 (threads-of-fate): difficulty 1–40 with the check’s Advantage', () => {
    const text = joinLines('---', 'ruleset: threads-of-fate', '---', '«Скрытность 4 (сложность 15, Преимущество)»');
    const analysis = analyze(text);
    const tunings = tune(analysis, analysis.checks[0]);
    assertTunings(tunings, expected(range(1, 40), (d) => ({ side: plainSide(4, { difficulty: d, advantages: 1 }) }), 'threads-of-fate', 15));
    assertEditsKeepTheirWord(text, 0, tunings, (t) => `«Скрытность 4 (сложность ${t.value}, Преимущество)»`);
  });

  it('the party’s median character on a check without an actor', () => {
    const text = joinLines(
      '---',
      'ruleset: vampire-pack',
      'characters:',
      '  Адриан: { Сила: 3, Атлетика: 3 }',
      '  Катастрофа: { Сила: 2, Атлетика: 2 }',
      '  Ольха: { Сила: 1, Атлетика: 4 }',
      '---',
      '«Сила + Атлетика (сложность 2)»',
    );
    const analysis = analyze(text);
    const tunings = tune(analysis, analysis.checks[0]);
    // Адриан 6, Ольха 5, Катастрофа 4: the median is Ольха.
    assert.ok(tunings.every((t) => t.character === 'Ольха'));
    assertTunings(tunings, expected(range(0, 5), (d) => ({ side: plainSide(5, { difficulty: d }) }), 'vampire-pack', 2));
    assertEditsKeepTheirWord(text, 0, tunings, (t) => `«Сила + Атлетика (сложность ${t.value})»`);
  });

  it('ties go to the easier value: 40.5 % lies halfway between one die (30 %) and two (51 %)', () => {
    const text = joinLines('---', 'ruleset: vampire-pack', '---', '«Сила 2 + Атлетика 2 (сложность 0)»');
    const analysis = analyze(text);
    const [tuning] = tune(analysis, analysis.checks[0], [(0.3 + 0.51) / 2]);
    assert.deepEqual([tuning.value, tuning.chance.toFixed(2)], [2, '0.51']);
  });

  it('equal chances keep the value nearest the current one: a static value is always or never enough', () => {
    const text = joinLines('---', 'ruleset: threads-of-fate', '---', '«Скрытность 4 (сложность 14, статичная)»');
    const analysis = analyze(text);
    // 10 + 4 = 14 meets every difficulty up to 14: for 50 % and more, 14 is already as good as any.
    assert.deepEqual(
      tune(analysis, analysis.checks[0]).map((t) => [t.targets, t.value, t.chance]),
      [[[0.3], 15, 0]],
    );
  });

  it('no tuning for a contest, a malformed check, or an unknown pool without a party', () => {
    const text = joinLines('---', 'ruleset: vampire-pack', '---', '«Сила 3 против Сила 2» «Сила 3 + (сложность 2» «Сила + Атлетика (сложность 2)»');
    const analysis = analyze(text);
    for (const check of analysis.checks) assert.deepEqual(tune(analysis, check), [], check.text);
  });
});
