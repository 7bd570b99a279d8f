/**
 * Quick fixes keep a check's meaning, as a property over generated checks (issue 19): in a
 * document of a few checks under a built-in ruleset (with character sheets or without), every
 * fix offered, applied alone, gives a text whose analysis
 * 1. no longer has that diagnostic (the same code and message where the fix was);
 * 2. has no error the original did not have (fixEdits.ts `newErrors`, the fuzz's own rule);
 * 3. reads every other check as before: the same text at the same place (moved by the edits), the
 *    same spec (what is rolled) and, for the party, the same members.
 * A fix that edits the front matter (a ruleset, a character) changes what every check means by
 * design: only 1 and 2 hold for it.
 *
 * The checks come from the fuzz's generator (documentArbitraries.ts `checkContent`), so authors'
 * mistakes are there to be fixed, and from `commonCheck`, well-formed checks of shared traits. `FIX_RUNS` sets the number of documents (default 300).
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { analyzeDocument } from '../../../server/src/analysis/analyzeDocument';
import { builtinRulesets } from '../../../server/src/analysis/project/rulesetProvider';
import { sameMessage } from '../../../server/src/analysis/diagnosticCatalog';
import type { AnalysisDiagnostic, AnalyzedCheck, DocumentAnalysis, Fix, TextEdit, TextRange } from '../../../server/src/analysis/types';
import { BUILTIN_RULESET_IDS } from '../../../server/src/engine/builtinRulesets';
import { checkContent } from './documentArbitraries';
import { applySorted, checkedEdits, mapForward, newErrors, overlaps, said, titled } from './fixEdits';

const RUNS = Number(process.env.FIX_RUNS ?? 300);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

const SHEETS = ['characters:', '  Анна: { Сила: 2, Ловкость: 3, Атлетика: 2, Воля: 4, Скрытность: 1 }', '  Ирина: { Сила: 1, Ловкость: 2, Меткость: 3, Доблесть: 2, Интеллект: 3 }'];

/**
 * A well-formed check of the traits and parameters the rulesets share, so that the fixes about
 * composition (RM002), parameters and values meet often; the generator's free-form checks bring
 * the rest.
 */
const commonCheck: fc.Arbitrary<string> = fc
  .tuple(
    fc.option(fc.constantFrom('Анна', 'Ирина'), { nil: undefined }),
    fc.array(fc.tuple(fc.constantFrom('Интеллект', 'Сила воли', 'Воля', 'Сила', 'Ловкость', 'Атлетика', 'Меткость', 'Доблесть', 'Скрытность'), fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined })), { minLength: 1, maxLength: 3 }),
    fc.array(fc.constantFrom('Воля', 'Сила воли', 'сложность 3', 'сложность 12', 'снова-9', 'специализация', '2 Помехи', 'Преимущество', '5 успехов', '3 броска'), { maxLength: 3 }),
  )
  .map(([actor, terms, params]) => {
    const pool = terms.map(([name, value]) => (value === undefined ? name : `${name} ${value}`)).join(' + ');
    return `${actor ? `${actor}: ` : ''}${pool}${params.length > 0 ? ` (${params.join(', ')})` : ''}`;
  });

const checkDocument = fc
  .record({
    ruleset: fc.constantFrom(...BUILTIN_RULESET_IDS),
    sheets: fc.boolean(),
    checks: fc.array(fc.oneof(checkContent, commonCheck), { minLength: 1, maxLength: 4 }),
  })
  .map(({ ruleset, sheets, checks }) => ({
    text: ['---', `ruleset: ${ruleset}`, ...(sheets ? SHEETS : []), '---', '', ...checks.map((c) => `Сцена: «${c}».\n`), ''].join('\n'),
  }));

function analyze(text: string): DocumentAnalysis {
  return analyzeDocument(text, { rulesets: builtinRulesets() });
}

/** Whether an edit changes text inside the range (an insertion at either end does not). */
function editsInside(range: TextRange, edits: readonly TextEdit[]): boolean {
  return edits.some((e) => (e.range.start < range.end && e.range.end > range.start) || (e.range.start === e.range.end && e.range.start > range.start && e.range.start < range.end));
}

/** What a check means: its text, its spec and who of the party rolls it. */
function meaning(check: AnalyzedCheck): unknown {
  return { text: check.text, spec: check.spec, party: check.party?.members.map((m) => [m.character, m.spec]) };
}

function assertFixKeepsMeaning(text: string, before: DocumentAnalysis, diagnostic: AnalysisDiagnostic, fix: Fix): void {
  const edits = checkedEdits(text, fix);
  const fixed = applySorted(text, edits);
  const after = analyze(fixed);
  const what = `fix "${titled(fix)}" for ${diagnostic.code} "${said(diagnostic)}"; fixed text: ${JSON.stringify(fixed)}`;
  const at = { start: mapForward(diagnostic.range.start, edits, 'start'), end: mapForward(diagnostic.range.end, edits, 'end') };
  const still = after.diagnostics.filter((d) => d.code === diagnostic.code && sameMessage(d.message, diagnostic.message) && overlaps(d.range, at));
  assert.deepEqual(still, [], `the diagnostic is still there after ${what}`);
  assert.deepEqual(newErrors(before, after, diagnostic, edits), [], `new errors after ${what}`);
  const front = before.frontMatter?.range;
  if (front && editsInside({ start: front.start, end: front.end + 1 }, edits)) return;
  for (const check of before.checks) {
    if (editsInside(check.range, edits)) continue;
    const start = mapForward(check.range.start, edits, 'start');
    const moved = after.checks.find((c) => c.range.start === start);
    assert.ok(moved, `the check ${check.text} at ${check.range.start} is gone after ${what}`);
    assert.deepEqual(meaning(moved), meaning(check), `the check ${check.text} changed after ${what}`);
  }
}

describe('quick fixes keep the meaning of checks (property)', function () {
  this.timeout(0);

  it(`${RUNS} documents of generated checks: each fix removes its diagnostic, adds no error, leaves every other check as it was`, () => {
    fc.assert(
      fc.property(checkDocument, ({ text }) => {
        const before = analyze(text);
        for (const diagnostic of before.diagnostics) {
          for (const fix of diagnostic.fixes) if (fix.edits.length > 0) assertFixKeepsMeaning(text, before, diagnostic, fix);
        }
      }),
      { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }), endOnFailure: false },
    );
  });

  it('finds the «Spend it instead of rolling» fix that doubled «(Воля)» (the fuzz case of issue 19)', () => {
    const text = '---\nruleset: storytelling\n---\n\nСцена: «Интеллект 2 + Сила воли 2 (Воля)».\n';
    const before = analyze(text);
    const diagnostic = before.diagnostics.find((d) => d.code === 'RM002');
    assert.ok(diagnostic);
    assert.doesNotThrow(() => assertFixKeepsMeaning(text, before, diagnostic, diagnostic.fixes[0]));
  });
});
