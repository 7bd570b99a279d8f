/**
 * Prose checks (MARKUP §7, RM012) measured on the five rules texts against a hand-labelled set
 * (test/fixtures/prose/seeds.labels.tsv, its header says how it was labelled): recall and precision
 * of the exact spans, the markup of each, no near miss taken, and fixes whose markup the ruleset
 * accepts or whose title says what it cannot carry over.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import type { FixTitle } from '../../../server/out/analysis/diagnosticCatalog';
import { fixTitle } from '../../../server/out/present/messages';
import { voice } from '../../../server/out/present/voice';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import type { AnalysisDiagnostic, DocumentAnalysis, TextRange } from '../../../server/out/analysis/types';

const SEEDS = join(__dirname, '../../../../shared/rules/seeds');
const LABELS = join(__dirname, '../../fixtures/prose/seeds.labels.tsv');
const RULESET_OF: Record<string, string> = { '000': 'storytelling', '001': 'mage-revised', '002': 'threads-of-fate', '003': 'werewolf-revised', '004': 'vampire-pack' };

interface Label {
  seed: string;
  line: number;
  check: boolean;
  text: string;
  /** A check's markup; a near miss's reason. */
  detail: string;
  range: TextRange;
}

interface Seed {
  id: string;
  ruleset: string;
  text: string;
  analysis: DocumentAnalysis;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

function loadSeeds(): Map<string, Seed> {
  const seeds = new Map<string, Seed>();
  for (const file of readdirSync(SEEDS).sort()) {
    const id = file.slice(0, 3);
    const ruleset = RULESET_OF[id];
    assert.ok(ruleset, `test bug: no ruleset for ${file}`);
    const text = readFileSync(join(SEEDS, file), 'utf8');
    seeds.set(id, { id, ruleset, text, analysis: analyzeDocument(text, { rulesets: builtinRulesets(), defaultRuleset: ruleset, proseChecks: 'on' }) });
  }
  return seeds;
}

/** The labels with their document ranges: a row's text is found on its line after the row before it there. */
function loadLabels(seeds: Map<string, Seed>): Label[] {
  const labels: Label[] = [];
  const resume = new Map<string, number>();
  const starts = new Map([...seeds.values()].map((seed) => [seed.id, lineStarts(seed.text)]));
  for (const row of readFileSync(LABELS, 'utf8').split('\n')) {
    if (row === '' || row.startsWith('#')) continue;
    const [seedId, lineText, kind, text, detail] = row.split('\t');
    const seed = seeds.get(seedId);
    assert.ok(seed && (kind === '+' || kind === '-') && text && detail, `bad label row: ${row}`);
    const line = Number(lineText);
    const lineStart = starts.get(seedId)![line - 1];
    const lineEnd = seed.text.indexOf('\n', lineStart);
    const key = `${seedId}:${line}`;
    const at = seed.text.indexOf(text, resume.get(key) ?? lineStart);
    assert.ok(at >= lineStart && at + text.length <= (lineEnd < 0 ? seed.text.length : lineEnd), `label not on its line after the one before: ${row}`);
    resume.set(key, at + text.length);
    labels.push({ seed: seedId, line, check: kind === '+', text, detail, range: { start: at, end: at + text.length } });
  }
  return labels;
}

const key = (seed: string, range: TextRange) => `${seed}:${range.start}:${range.end}`;

/** The warnings and errors a markup gets under the ruleset, in a document of its own. */
function problemsOf(markup: string, ruleset: string): AnalysisDiagnostic[] {
  const analysis = analyzeDocument(`---\nruleset: ${ruleset}\n---\n\n${markup}\n`, { rulesets: builtinRulesets() });
  return analysis.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning');
}

describe('prose checks in the five rules texts, against the labelled set', function () {
  this.timeout(60_000);
  const seeds = loadSeeds();
  const labels = loadLabels(seeds);
  const checks = labels.filter((l) => l.check);
  const found = [...seeds.values()].flatMap((seed) =>
    seed.analysis.proseChecks.map((check) => ({ seed, check, fix: seed.analysis.diagnostics.find((d) => d.code === 'RM012' && d.range.start === check.range.start)?.fixes[0] })),
  );
  const byRange = new Map(found.map((f) => [key(f.seed.id, f.check.range), f]));
  const labelled = new Map(checks.map((l) => [key(l.seed, l.range), l]));

  it('the labelled set: at least 250 labels, each a span on its line', () => {
    assert.ok(labels.length >= 250, `${labels.length} labels`);
    assert.equal(checks.length, 226);
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
});
