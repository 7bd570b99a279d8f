/**
 * The checks the five rules texts write (seedRows.ts), transcribed as markup the way each text
 * writes them, must get no error or warning under their own ruleset (issue 13, "Done when"). The
 * test also reads each row's line, in the excerpts (test/fixtures/seeds/) and, where they are, the
 * full texts, and finds every trait of the markup there (the stem of each word), so a row cannot
 * drift from the text it transcribes.
 *
 * Values are written where the text gives them («Ловкость 3 + Вождение 3 + Управление 3»), the
 * text's difficulty where it states one; threads-of-fate requires a difficulty the text never
 * states, so its rows carry one (marked). A row the analysis can only accept once a trait is in the
 * ruleset's vocabulary is marked `vocabulary`: it must fail only on vocabulary (RM001/RM014).
 */
import * as assert from 'node:assert/strict';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import type { DiagnosticCode } from '../../../server/out/analysis/types';
import { ROWS, rowStems, textKey } from './seedRows';
import { excerptTexts, FULL_TEXTS_ABSENT, fullTexts, SEED_IDS, SEED_RULESET, type SeedText } from './seedTexts';
import { scenario, worded } from './util';

const VOCABULARY_CODES: ReadonlySet<DiagnosticCode> = new Set(['RM001', 'RM014']);

/** Each row whose line does not say one of its traits, as a message. */
function drifted(texts: readonly SeedText[]): string[] {
  const lines = new Map(texts.map((t) => [t.id, t.text.split('\n')]));
  return ROWS.flatMap((row) => {
    const [seed, line, markup] = row;
    const text = textKey(lines.get(seed)?.[line - 1] ?? '');
    return rowStems(row).flatMap(({ name, stem }) => (text.includes(stem) ? [] : [`${seed} l.${line} does not say «${name}» (${stem}) for «${markup}»`]));
  });
}

describe('the checks the rules texts write, as markup, under their own ruleset (issue 13)', () => {
  it(`the table transcribes ${ROWS.length} checks of all five texts, each at the line of the excerpt that writes it`, () => {
    assert.deepEqual([...new Set(ROWS.map(([seed]) => seed))], [...SEED_IDS]);
    assert.deepEqual(drifted(excerptTexts()), []);
  });

  for (const [seed, line, markup, options = {}] of ROWS) {
    const ruleset = SEED_RULESET[seed];
    it(`${seed} l.${line} [${ruleset}] «${markup}»${options.vocabulary ? ' — waits for the vocabulary' : ''}`, () => {
      const analysis = analyzeDocument(scenario(ruleset, [`«${markup}»`], options.frontMatter ?? []), { rulesets: builtinRulesets() });
      assert.equal(analysis.checks.length, 1, 'the «…» is a check');
      const alarms = worded(analysis.diagnostics, 'ru').filter((d) => d.severity === 'error' || d.severity === 'warning');
      if (options.vocabulary) {
        assert.ok(alarms.length > 0 && alarms.every((d) => VOCABULARY_CODES.has(d.code)), alarms.map((d) => `${d.code} ${d.message}`).join('\n') || 'no alarm: the vocabulary is there, drop the mark');
        return;
      }
      assert.deepEqual(alarms.map((d) => `${d.code} ${d.severity}: ${d.message}`), []);
      assert.ok(analysis.checks[0].spec, 'the check can be rolled');
    });
  }
});

describe('the checks the rules texts write, at their lines of the full texts', () => {
  const full = fullTexts();
  if (!full) {
    it(FULL_TEXTS_ABSENT);
    return;
  }
  it(`each of the ${ROWS.length} rows is at the line of the full text that writes it`, () => assert.deepEqual(drifted(full), []));
});
