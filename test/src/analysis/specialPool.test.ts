/**
 * `особое` (docs/markup.md, "Особый пул"; 000 l.482 «Дополнительные таланты»: a power adds another
 * Attribute): the composition rule RM002 does not apply, RM002 offers the word as a fix, the hover
 * and the JSON say the pool rests on a special ability, and the odds stay those of the dice
 * written (read here from every face of every die, never from the engine).
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { parseCheckExpression } from '../../../server/out/analysis/check/checkExpression';
import { formatCanonical } from '../../../server/out/analysis/check/canonicalForm';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import type { CliIo } from '../../../server/out/cli/io';
import { main } from '../../../server/out/cli/main';
import { checkHoverMarkdown } from '../../../server/out/present/hover';
import { voice } from '../../../server/out/present/voice';
import { forEachFaces } from '../engine/bruteForce';
import { applyEdits, scenario, wordedAnalysis } from './util';

function analyze(line: string, ruleset = 'storytelling') {
  const text = scenario(ruleset, [line]);
  return { text, analysis: analyzeDocument(text, { rulesets: builtinRulesets(), dictionary: [] }) };
}

describe('`особое`: a pool that rests on a special ability', () => {
  it('000 l.482 «Сила 3 + Холодное оружие 2 + Ловкость 2 (особое)»: no RM002, and the canonical form keeps the word', () => {
    const { analysis } = analyze('Удар: «Сила 3 + Холодное оружие 2 + Ловкость 2 (особое)».');
    assert.deepEqual(analysis.diagnostics, []);
    assert.equal(analysis.checks[0].spec?.special, true);
    const ast = parseCheckExpression('Сила 3 + Холодное оружие 2 + Ловкость 2 (ОСОБОЕ)');
    assert.deepEqual(ast.errors, []);
    assert.equal(formatCanonical(ast, (t) => t.name), 'Сила 3 + Холодное оружие 2 + Ловкость 2 (особое)');
  });

  const fixes: { name: string; line: string; fixed: string }[] = [
    { name: 'without a group: a new one after the pool', line: '«Сила 3 + Холодное оружие 2 + Ловкость 2»', fixed: '«Сила 3 + Холодное оружие 2 + Ловкость 2 (особое)»' },
    { name: 'with a group: after its last parameter', line: '«Сила 3 + Холодное оружие 2 + Ловкость 2 (дважды)»', fixed: '«Сила 3 + Холодное оружие 2 + Ловкость 2 (дважды, особое)»' },
  ];
  for (const fix of fixes) {
    it(`RM002 offers the word as a fix, ${fix.name}`, () => {
      const { text, analysis } = analyze(fix.line);
      const worded = wordedAnalysis(analysis, 'ru').diagnostics;
      assert.deepEqual(
        worded.map((d) => d.code),
        ['RM002'],
      );
      const offered = worded[0].fixes.find((f) => f.title === 'Пул на особой способности: добавить (особое)');
      assert.ok(offered, JSON.stringify(worded[0].fixes.map((f) => f.title)));
      const after = applyEdits(text, offered.edits);
      assert.ok(after.includes(fix.fixed), after);
      assert.deepEqual(analyzeDocument(after, { rulesets: builtinRulesets(), dictionary: [] }).diagnostics, []);
    });
  }

  it('after named helpers (which run to the group’s end) the word goes first', () => {
    const text = scenario('mage-revised', ['«Сила 3 + Ловкость 2 + Драка 1 (сложность 6; помощь: Вера)»'], ['characters:', '  Вера: { Сила: 2, Ловкость: 2, Драка: 1 }']);
    const analysis = analyzeDocument(text, { rulesets: builtinRulesets(), dictionary: [] });
    const rm002 = wordedAnalysis(analysis, 'en').diagnostics.filter((d) => d.code === 'RM002');
    assert.equal(rm002.length, 1);
    const offered = rm002[0].fixes.find((f) => f.title === 'The pool rests on a special ability: add (особое)');
    assert.ok(offered);
    assert.ok(applyEdits(text, offered.edits).includes('(особое, сложность 6; помощь: Вера)'));
  });

  it('the hover says the pool rests on a special ability', () => {
    const { analysis } = analyze('Удар: «Сила 3 + Холодное оружие 2 + Ловкость 2 (особое)».');
    const hover = checkHoverMarkdown(analysis.checks[0], analysis.ruleset, voice('ru'));
    assert.ok(hover.includes('Пул опирается на особую способность: правила состава пула к нему не применяются.'), hover);
  });

  it('odds --json: the dice as written, plus "special": true (4 dice without 10-again, every face)', async () => {
    let out = '';
    let err = '';
    const io: CliIo = { out: (t) => void (out += t), err: (t) => void (err += t), locale: 'en' };
    assert.equal(await main(['odds', '--ruleset', 'storytelling', '--json', 'Сила 2 + Холодное оружие 1 + Ловкость 1 (без снова-10, особое)'], io), 0, err);
    const json = JSON.parse(out) as { special?: boolean; notes: string[]; successes: number[]; outcomes: Record<string, number> };
    const successes = [0, 0, 0, 0, 0];
    forEachFaces(4, 10, (faces) => (successes[faces.filter((f) => f >= 8).length] += 1e-4));
    assert.equal(json.special, true);
    assert.deepEqual(json.notes, ['special']);
    successes.forEach((p, k) => assert.ok(Math.abs(json.successes[k] - p) <= 1e-12, `successes[${k}]`));
    assert.ok(Math.abs(json.outcomes.failure - successes[0]) <= 1e-12);
  });

  it('check --format json carries `special`, and a check where the opponent chooses carries `chooser`', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rollmark-special-'));
    try {
      const file = join(dir, 'a.scenario.md');
      writeFileSync(file, '---\nruleset: mage-revised\n---\n\n«Сила 3 + Ловкость 2 + Драка 1 (сложность 6, особое)»\n\n«Манипулирование 3 + Устрашение 2 против (Сила Воли 6) или (Выносливость 2 + 3)»\n');
      let out = '';
      const io: CliIo = { out: (t) => void (out += t), err: () => undefined, locale: 'en' };
      await main(['check', '--format', 'json', file], io);
      const [special, chosen] = ((JSON.parse(out) as { files: { checks: Record<string, unknown>[] }[] }).files[0]).checks;
      assert.equal(special.special, true);
      assert.equal(special.pool, 6);
      assert.equal(chosen.chooser, 'opponent');
      assert.equal(chosen.best, 0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
