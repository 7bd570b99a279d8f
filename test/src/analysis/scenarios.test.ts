/**
 * Realistic scenarios, one per built-in ruleset (test/fixtures/scenarios/<ruleset>.scenario.md),
 * written the way Storytellers write prep notes, with planted mistakes: a line that carries
 * `<!-- expect RM001 -->` (or several codes) must get a diagnostic with each code at warning or
 * error on that line, and no other line may get a warning or an error.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { LineIndex } from '../../../server/out/analysis/markdown/lineIndex';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import { BUILTIN_RULESET_IDS } from '../../../server/out/engine/builtinRulesets';
import { worded } from './util';

const EXPECT = /<!--\s*expect\s+([^>]*?)\s*-->/u;

/** A folder's scenarios, one per built-in ruleset (asserted): `<ruleset>.scenario.md`. */
function scenarioFiles(folder: string): string[] {
  const files = readdirSync(folder)
    .filter((f) => f.endsWith('.scenario.md'))
    .sort();
  it('there is one for every built-in ruleset', () => {
    assert.deepEqual(
      files.map((f) => f.replace('.scenario.md', '')),
      [...BUILTIN_RULESET_IDS].sort(),
    );
  });
  return files;
}

/**
 * scenarios/: the first realistic set; alarms/ (issue 20): one per ruleset whose unmarked lines are
 * the correct writings that used to raise false alarms (parameters in any order, «,» or «;», soak
 * rolls, open-vocabulary sheets) and whose marked lines are the mistakes that used to pass.
 */
for (const [folder, title] of [
  ['scenarios', 'realistic scenarios with planted mistakes'],
  ['alarms', 'scenarios of correct writings and planted misses (issue 20)'],
] as const) {
  describe(title, () => {
    const SCENARIOS = join(__dirname, '../../fixtures', folder);
    const files = scenarioFiles(SCENARIOS);

    for (const file of files) {
      const text = readFileSync(join(SCENARIOS, file), 'utf8');
      const lines = text.split('\n');
      const planted = new Map<number, string[]>();
      lines.forEach((line, k) => {
        const found = EXPECT.exec(line);
        if (found) planted.set(k, found[1].split(/[\s,]+/u));
      });
      const analysis = analyzeDocument(text, { rulesets: builtinRulesets(), proseChecks: 'on' });
      const index = new LineIndex(text);
      const alarms = worded(analysis.diagnostics, 'ru').filter((d) => d.severity === 'warning' || d.severity === 'error');
      const lineOf = (offset: number) => index.positionAt(offset).line;

      it(`${file}: its ruleset, and at least five planted mistakes`, () => {
        assert.equal(analysis.ruleset.id, file.replace('.scenario.md', ''));
        assert.ok(planted.size >= 5, `${planted.size} planted`);
      });

      it(`${file}: every planted mistake is reported at warning or error`, () => {
        const missed = [...planted].flatMap(([line, codes]) =>
          codes.filter((code) => !alarms.some((d) => d.code === code && lineOf(d.range.start) === line)).map((code) => `line ${line + 1}: ${code} in ${lines[line]}`),
        );
        assert.deepEqual(missed, []);
      });

      it(`${file}: no other line gets a warning or an error`, () => {
        const extra = alarms
          .filter((d) => !planted.has(lineOf(d.range.start)))
          .map((d) => `line ${lineOf(d.range.start) + 1}: ${d.code} ${d.severity} «${text.slice(d.range.start, d.range.end)}» ${d.message}`);
        assert.deepEqual(extra, []);
      });
    }
  });
}

/**
 * mechanics/ (issue 20): one scenario per ruleset that writes every mechanic its text describes,
 * each line citing the text; correct writing, so nothing may be a warning or an error, and every
 * check computes its odds.
 */
describe('scenarios of every mechanic the texts write (issue 20)', () => {
  const FOLDER = join(__dirname, '../../fixtures/mechanics');
  const files = scenarioFiles(FOLDER);

  for (const file of files) {
    const text = readFileSync(join(FOLDER, file), 'utf8');
    const analysis = analyzeDocument(text, { rulesets: builtinRulesets(), proseChecks: 'on' });
    const index = new LineIndex(text);
    const lineOf = (offset: number) => index.positionAt(offset).line + 1;

    it(`${file}: no warning or error`, () => {
      const alarms = worded(analysis.diagnostics, 'ru')
        .filter((d) => d.severity === 'warning' || d.severity === 'error')
        .map((d) => `line ${lineOf(d.range.start)}: ${d.code} «${text.slice(d.range.start, d.range.end)}» ${d.message}`);
      assert.deepEqual(alarms, []);
    });

    it(`${file}: every check on a list line computes its odds`, () => {
      const listChecks = analysis.checks.filter((c) => /^- /u.test(text.slice(text.lastIndexOf('\n', c.range.start) + 1)));
      assert.ok(listChecks.length >= 2, `${listChecks.length} checks`);
      assert.deepEqual(
        listChecks.filter((c) => c.odds === undefined).map((c) => `line ${lineOf(c.range.start)}: ${c.text}`),
        [],
      );
    });
  }
});
