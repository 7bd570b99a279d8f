/**
 * Prose checks (MARKUP §7, RM012) measured on the five rules texts against a hand-labelled set
 * (test/fixtures/prose/seeds.labels.tsv, its header says how it was labelled): recall and precision
 * of the exact spans, the markup of each, no near miss taken, and fixes whose markup the ruleset
 * accepts or whose title says what it cannot carry over. On the excerpts (test/fixtures/seeds/,
 * which hold every line where a label is or the full text has a prose check: seedExcerpts.test.ts),
 * and again on the full texts where they are beside the checkout.
 */
import * as assert from 'node:assert/strict';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import type { FixTitle } from '../../../server/out/analysis/diagnosticCatalog';
import { fixTitle } from '../../../server/out/present/messages';
import { voice } from '../../../server/out/present/voice';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import type { AnalysisDiagnostic, TextRange } from '../../../server/out/analysis/types';
import { loadLabels } from './seedLabels';
import { excerptTexts, FULL_TEXTS_ABSENT, fullTexts, type SeedText } from './seedTexts';

const key = (seed: string, range: TextRange) => `${seed}:${range.start}:${range.end}`;

/** The warnings and errors a markup gets under the ruleset, in a document of its own. */
function problemsOf(markup: string, ruleset: string): AnalysisDiagnostic[] {
  const analysis = analyzeDocument(`---\nruleset: ${ruleset}\n---\n\n${markup}\n`, { rulesets: builtinRulesets() });
  return analysis.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning');
}

/** The labelled-set assertions over one form of the texts. */
function againstLabels(texts: readonly SeedText[]): void {
  const labels = loadLabels(texts);
  const checks = labels.filter((l) => l.check);
  const found = texts.flatMap((seed) => {
    const analysis = analyzeDocument(seed.text, { rulesets: builtinRulesets(), defaultRuleset: seed.ruleset, proseChecks: 'on' });
    return analysis.proseChecks.map((check) => ({ seed, check, fix: analysis.diagnostics.find((d) => d.code === 'RM012' && d.range.start === check.range.start)?.fixes[0] }));
  });
  const byRange = new Map(found.map((f) => [key(f.seed.id, f.check.range), f]));
  const labelled = new Map(checks.map((l) => [key(l.seed, l.range), l]));

  it('the labelled set: at least 250 labels, each a span on its line', () => {
    assert.ok(labels.length >= 250, `${labels.length} labels`);
    assert.equal(checks.length, 227);
    assert.equal(labels.length - checks.length, 49);
  });

  it('recall ≥ 0.95 and precision ≥ 0.95 on exact spans', () => {
    const hits = checks.filter((l) => byRange.has(key(l.seed, l.range)));
    const missed = checks.filter((l) => !byRange.has(key(l.seed, l.range))).map((l) => `${l.seed}:${l.line} ${l.text}`);
    const extra = found.filter((f) => !labelled.has(key(f.seed.id, f.check.range))).map((f) => `${f.seed.id} ${f.seed.text.slice(f.check.range.start, f.check.range.end)}`);
    const recall = hits.length / checks.length;
    const precision = hits.length / found.length;
    assert.ok(recall >= 0.95, `recall ${recall.toFixed(3)} (${hits.length}/${checks.length}); missed: ${missed.join('; ')}`);
    assert.ok(precision >= 0.95, `precision ${precision.toFixed(3)} (${hits.length}/${found.length}); not labelled: ${extra.join('; ')}`);
  });

  it('every check found writes the labelled markup', () => {
    const wrong = checks.flatMap((l) => {
      const f = byRange.get(key(l.seed, l.range));
      return f && f.check.markup !== l.detail ? [`${l.seed}:${l.line} ${l.text}: ${f.check.markup}, labelled ${l.detail}`] : [];
    });
    assert.deepEqual(wrong, []);
  });

  it('no near miss is taken, whole or in part', () => {
    const taken = labels
      .filter((l) => !l.check)
      .flatMap((l) => found.filter((f) => f.seed.id === l.seed && f.check.range.start < l.range.end && l.range.start < f.check.range.end).map((f) => `${l.seed}:${l.line} ${l.text} (${l.detail}): ${f.check.markup}`));
    assert.deepEqual(taken, []);
  });

  /** A prose fix's title that says nothing beyond the markup. */
  const plain = (title: FixTitle) => title.id === 'toMarkup' && title.note === undefined;

  it('each fix writes a check its ruleset accepts, or its title says what the markup cannot carry over', () => {
    const silent: string[] = [];
    for (const l of checks) {
      const f = byRange.get(key(l.seed, l.range));
      if (!f) continue;
      assert.ok(f.fix, `${l.seed}:${l.line}: an RM012 with a fix`);
      const problems = problemsOf(f.check.markup, f.seed.ruleset);
      if (problems.length > 0 && plain(f.fix.title)) silent.push(`${l.seed}:${l.line} ${f.check.markup}: ${problems.map((d) => d.code).join(', ')}`);
    }
    assert.deepEqual(silent, []);
  });

  it('a fix says so only when the markup will get a warning or an error', () => {
    const needless = checks.flatMap((l) => {
      const f = byRange.get(key(l.seed, l.range));
      if (!f?.fix || plain(f.fix.title)) return [];
      return problemsOf(f.check.markup, f.seed.ruleset).length === 0 ? [`${l.seed}:${l.line} ${fixTitle(f.fix.title, voice('ru'))}`] : [];
    });
    assert.deepEqual(needless, []);
  });
}

describe('prose checks in the excerpts of the five rules texts, against the labelled set', function () {
  this.timeout(60_000);
  againstLabels(excerptTexts());
});

describe('prose checks in the five full rules texts, against the labelled set', function () {
  this.timeout(60_000);
  const full = fullTexts();
  if (full) againstLabels(full);
  else it(FULL_TEXTS_ABSENT);
});
