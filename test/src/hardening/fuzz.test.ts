/**
 * Property-based tests over the whole analysis pipeline (issue 6, Reliability): generated
 * documents (documentArbitraries.ts) through analyzeDocument, with their quick fixes applied.
 *
 * Properties, for every document and options:
 * 1. analyzeDocument never throws (nor runs away: a generous time bound per document);
 * 2. every range the analysis returns (diagnostics, fixes, related information, checks and their
 *    ASTs, prose checks, headings, front matter) lies inside the document, start ≤ end, on UTF-16
 *    boundaries (never inside a surrogate pair); a check's text is the document's text at its range;
 * 3. every quick fix (up to FIXES_PER_DOCUMENT per document, taken in turn from a generated start):
 *    its edits lie inside the document on boundaries, never inside a CRLF, and do not overlap, so
 *    applying them leaves the text outside their ranges byte-identical; the fixed text analyses
 *    with valid ranges and without an error-level diagnostic the original did not have (`newErrors`
 *    documents three exceptions and why); applying the same fix again is impossible (its diagnostic
 *    is gone) or a no-op;
 * 4. the same document with LF, CRLF or CR line ends gives the same diagnostics at the same
 *    line/character positions (`positioned` and `assertLineEndsAgree` document two limits: YAML
 *    syntax errors compared by their first position, and a known bug with CR-only front matter).
 *
 * `FUZZ_RUNS` sets the number of documents (`npm run fuzz` runs 100,000, each through every
 * property); the normal test run uses FULL_RUNS and RANGE_RUNS. `FUZZ_SEED` replays a failure.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { analyzeDocument } from '../../../server/src/analysis/analyzeDocument';
import { LineIndex } from '../../../server/src/analysis/markdown/lineIndex';
import { builtinRulesets, withUserRulesets } from '../../../server/src/analysis/project/rulesetProvider';
import type { AnalysisOptions, DocumentAnalysis } from '../../../server/src/analysis/types';
import { parseUserRuleset } from '../../../server/src/engine/rulesetLoader';
import { getBuiltinRuleset } from '../../../server/src/engine/builtinRulesets';
import { analysisOptions, document } from './documentArbitraries';
import { applySorted, assertOutsideUnchanged, assertRangesValid, checkedEdits, mapForward, newErrors, overlaps, said, sameEdits, titled, within } from './fixEdits';

/** `npm run fuzz` sets FUZZ_RUNS: that many documents through every property. */
const FUZZ_RUNS = process.env.FUZZ_RUNS === undefined ? undefined : Number(process.env.FUZZ_RUNS);
/** In the normal test run: documents through every property (about 25 ms each), and more through the cheap ones (about 4 ms). */
const FULL_RUNS = FUZZ_RUNS ?? 500;
const RANGE_RUNS = FUZZ_RUNS === undefined ? 2500 : 0;
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

function fcParams(runs: number): fc.Parameters<unknown> {
  return { numRuns: runs, ...(SEED === undefined ? {} : { seed: SEED }), endOnFailure: false };
}

/** A workspace ruleset, so that the pipeline also meets a user ruleset's traits and id. */
function userProvider(): AnalysisOptions['rulesets'] {
  const text = ['id: user-rules', 'extends: storytelling', 'traits:', '  - name: Кибернетика', '    category: ability', '  - name: Атлетика', '    renames: Атлетика', '    variants: [Атлетизм]'].join('\n');
  const result = parseUserRuleset(text, 'user.yaml', (id) => getBuiltinRuleset(id));
  assert.ok(result.ruleset, JSON.stringify(result.errors));
  return withUserRulesets([result.ruleset]);
}

const PROVIDERS = [builtinRulesets(), userProvider()];

const options: fc.Arbitrary<AnalysisOptions> = fc.constantFrom(...PROVIDERS).chain((rulesets) => analysisOptions(rulesets));

// ---------------------------------------------------------------------------------------------
// Fixes

/**
 * Fixes tried per document: each costs an analysis of the fixed text. A document's fixes are
 * taken in turn from a generated starting point, so that over many documents every kind is tried.
 */
const FIXES_PER_DOCUMENT = 4;

function assertFixesSound(text: string, opts: AnalysisOptions, analysis: DocumentAnalysis, pick: number): void {
  const all = analysis.diagnostics.flatMap((diagnostic) => diagnostic.fixes.filter((fix) => fix.edits.length > 0).map((fix) => ({ diagnostic, fix })));
  const count = Math.min(all.length, FIXES_PER_DOCUMENT);
  for (let k = 0; k < count; k++) {
    const { diagnostic, fix } = all[(pick + k) % all.length];
    const edits = checkedEdits(text, fix);
    const fixed = applySorted(text, edits);
    assertOutsideUnchanged(text, fixed, edits);
    const after = analyzeOrFail(fixed, opts);
    assertRangesValid(fixed, after);
    const introduced = newErrors(analysis, after, diagnostic, edits);
    assert.deepEqual(introduced, [], `fix "${titled(fix)}" for ${diagnostic.code} "${said(diagnostic)}" introduced errors; fixed text: ${JSON.stringify(fixed)}`);
    const mapped = { start: mapForward(diagnostic.range.start, edits, 'start'), end: mapForward(diagnostic.range.end, edits, 'end') };
    for (const again of after.diagnostics) {
      if (again.code !== diagnostic.code || !overlaps(again.range, mapped)) continue;
      for (const second of again.fixes) {
        if (!sameEdits(fix, second)) continue;
        const twice = applySorted(fixed, checkedEdits(fixed, second));
        assert.equal(twice, fixed, `fix "${titled(fix)}" for ${diagnostic.code} is offered again after it was applied and is not a no-op; fixed text: ${JSON.stringify(fixed)}`);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Line ends

/**
 * The diagnostics by line/character. YAML syntax errors in the front matter (RM011 without a fix)
 * are compared by the first one's position only: in broken YAML the yaml library's error recovery
 * depends on whitespace at line ends (a CR, like a trailing space, changes which later errors it
 * reports and how it words them), not on anything Rollmark does. Everything else is compared
 * exactly: position, code, severity and message.
 */
function positioned(text: string, analysis: DocumentAnalysis): string[] {
  const lines = new LineIndex(text);
  const out: string[] = [];
  let yamlError = false;
  for (const d of analysis.diagnostics) {
    const s = lines.positionAt(d.range.start);
    const e = lines.positionAt(d.range.end);
    const at = `${s.line}:${s.character}-${e.line}:${e.character}`;
    const front = analysis.frontMatter?.range;
    if (d.code === 'RM011' && front && within(d.range, front) && d.fixes.length === 0) {
      if (!yamlError) out.push(`${s.line}:${s.character} RM011 the first error in the front matter`);
      yamlError = true;
    } else {
      out.push(`${at} ${d.code} ${d.severity} ${said(d)}`);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

/**
 * A generated document is a few kilobytes and analyses in milliseconds; this bound only catches a
 * runaway (a pool of 10^38 dice once took forever), it is no benchmark.
 */
const SANITY_MS = 5000;

function analyzeOrFail(text: string, opts: AnalysisOptions): DocumentAnalysis {
  const started = performance.now();
  let analysis: DocumentAnalysis;
  try {
    analysis = analyzeDocument(text, opts);
  } catch (error) {
    assert.fail(`analyzeDocument threw ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
  const took = performance.now() - started;
  assert.ok(took < SANITY_MS, `analyzeDocument took ${Math.round(took)} ms on ${text.length} characters`);
  return analysis;
}

function assertLineEndsAgree(text: string, opts: AnalysisOptions): void {
  const lf = text.replace(/\r\n?/g, '\n');
  const expected = positioned(lf, analyzeOrFail(lf, opts));
  const crlf = lf.replace(/\n/g, '\r\n');
  assert.deepEqual(positioned(crlf, analyzeOrFail(crlf, opts)), expected, 'LF and CRLF disagree');
  const cr = lf.replace(/\n/g, '\r');
  assert.deepEqual(positioned(cr, analyzeOrFail(cr, opts)), expected, 'LF and CR disagree');
}

const pipelineCase = fc.record({ doc: document, opts: options, pick: fc.nat() });

describe(`fuzz: the analysis pipeline on generated documents`, function () {
  this.timeout(0);

  it(`${FULL_RUNS} documents: never throws; ranges inside, ordered, on UTF-16 boundaries; every quick fix keeps the rest of the text, adds no error, cannot be applied twice to any effect; LF, CRLF and CR agree`, () => {
    fc.assert(
      fc.property(pipelineCase, ({ doc, opts, pick }) => {
        const analysis = analyzeOrFail(doc.text, opts);
        assertRangesValid(doc.text, analysis);
        assertFixesSound(doc.text, opts, analysis, pick);
        assertLineEndsAgree(doc.text, opts);
      }),
      fcParams(FULL_RUNS),
    );
  });

  if (RANGE_RUNS > 0) {
    it(`${RANGE_RUNS} more documents: never throws; ranges inside, ordered, on UTF-16 boundaries`, () => {
      fc.assert(
        fc.property(document, options, (doc, opts) => assertRangesValid(doc.text, analyzeOrFail(doc.text, opts))),
        fcParams(RANGE_RUNS),
      );
    });
  }
});
