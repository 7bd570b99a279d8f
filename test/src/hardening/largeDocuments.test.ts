/**
 * Large documents at the analysis level (issue 6, Reliability): a 10 MB scenario, a single line of
 * 1 MB, 50,000 checks. `analyzeDocument` completes on each and `rollmark check` (in-process, and the
 * real binary once) reports on them, and an edit in the 1 MB line (a block past the parse limits,
 * README "Limits") gives what a fresh analysis gives. Times are printed with HARDENING_TIMINGS=1;
 * the only bound is a sanity one against a hang: benchmarks (`npm run bench`) measure speed.
 *
 * All of it is in the normal test run (about 40 s on two cores). Alone, with the times:
 *   HARDENING_TIMINGS=1 npx mocha --no-config --require ./test/resolveCompiledSources.js \
 *     --timeout 0 test/out/hardening/largeDocuments.test.js
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { analyzeDocument } from '../../../server/src/analysis/analyzeDocument';
import { createIncrementalAnalyzer } from '../../../server/src/analysis/document/incrementalAnalysis';
import { exceedsParseLimits } from '../../../server/src/analysis/markdown/plainTextScan';
import { builtinRulesets } from '../../../server/src/analysis/project/rulesetProvider';
import type { DocumentAnalysis } from '../../../server/src/analysis/types';
import type { CliIo } from '../../../server/src/cli/io';
import { main } from '../../../server/src/cli/main';

const ROOT = path.resolve(__dirname, '../../..');
const SANITY_MS = 120_000;

/** The example scenario's front matter and body. */
function example(name: string): { frontMatter: string; body: string } {
  const text = readFileSync(path.join(ROOT, 'examples', name), 'utf8');
  const end = text.indexOf('\n---\n', 4) + 5;
  return { frontMatter: text.slice(0, end), body: text.slice(end) };
}

/** The vampire example, its body repeated (scene numbers varied) up to `size` characters. */
function tenMegabytes(size: number): string {
  const { frontMatter, body } = example('vampire.scenario.md');
  const parts = [frontMatter];
  let length = frontMatter.length;
  for (let i = 0; length < size; i++) {
    const part = `\n# Глава ${i + 1}\n${body.replace(/Сцена (\d)/g, `Сцена ${i + 1}.$1`)}`;
    parts.push(part);
    length += part.length;
  }
  return parts.join('');
}

/** One line of `size` characters: the example's prose and checks joined by spaces, no line break after the front matter. */
function oneLine(size: number): string {
  const { frontMatter, body } = example('vampire.scenario.md');
  const sentence = body.replace(/^#.*$/gm, '').replace(/\s+/g, ' ').trim();
  return frontMatter + `${sentence} `.repeat(Math.ceil(size / (sentence.length + 1))).slice(0, size);
}

/** `count` checks, a short paragraph each, with varied ratings and difficulties (about 180 distinct checks). */
function manyChecks(count: number): string {
  const traits = [
    ['Сила', 'Атлетика'],
    ['Ловкость', 'Саботаж'],
    ['Интеллект', 'Расследование'],
    ['Обаяние', 'Убеждение'],
  ];
  const lines = ['---', 'ruleset: vampire-pack', '---', ''];
  for (let i = 0; i < count; i++) {
    if (i % 100 === 0) lines.push(`## Сцена ${i / 100 + 1}`, '');
    const [a, b] = traits[i % traits.length];
    lines.push(`Проверка номер ${i + 1}: «${a} ${1 + (i % 5)} + ${b} ${i % 6} (сложность ${i % 6})».`, '');
  }
  return lines.join('\n');
}

const timings: string[] = [];

function timed<T>(label: string, run: () => T): T {
  const started = performance.now();
  const result = run();
  const ms = performance.now() - started;
  timings.push(`${label}: ${ms.toFixed(0)} ms`);
  assert.ok(ms < SANITY_MS, `${label} took ${Math.round(ms)} ms`);
  return result;
}

function analyze(label: string, text: string): DocumentAnalysis {
  return timed(`analyzeDocument, ${label}`, () => analyzeDocument(text, { rulesets: builtinRulesets() }));
}

async function check(file: string): Promise<{ code: number; out: string; err: string; ms: number }> {
  let out = '';
  let err = '';
  const io: CliIo = { out: (t) => void (out += t), err: (t) => void (err += t), locale: 'en' };
  const started = performance.now();
  const code = await main(['check', file], io);
  const ms = performance.now() - started;
  assert.ok(ms < SANITY_MS, `rollmark check took ${Math.round(ms)} ms`);
  return { code, out, err, ms };
}

describe('large documents', function () {
  this.timeout(10 * SANITY_MS);
  let dir: string;
  const docs: Record<'big' | 'line' | 'checks', { label: string; text: string; file: string }> = {
    big: { label: '10 MB scenario', text: '', file: '' },
    line: { label: 'one line of 1 MB', text: '', file: '' },
    checks: { label: '50,000 checks', text: '', file: '' },
  };

  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'rollmark-large-'));
    docs.big.text = tenMegabytes(10_000_000);
    docs.line.text = oneLine(1_000_000);
    docs.checks.text = manyChecks(50_000);
    for (const [key, doc] of Object.entries(docs)) {
      doc.file = path.join(dir, `${key}.scenario.md`);
      writeFileSync(doc.file, doc.text);
    }
  });

  after(() => {
    rmSync(dir, { recursive: true, force: true });
    if (process.env.HARDENING_TIMINGS) console.log(`      timings:\n${timings.map((t) => `        ${t}`).join('\n')}`);
  });

  it('a 10 MB scenario: every check of every repetition is found, with odds', () => {
    const { text } = docs.big;
    assert.ok(text.length >= 10_000_000);
    const analysis = analyze(`10 MB (${text.length} chars)`, text);
    const { frontMatter, body } = example('vampire.scenario.md');
    const perBody = analyzeDocument(frontMatter + body, { rulesets: builtinRulesets() }).checks.length;
    assert.ok(perBody > 0);
    const repetitions = (text.match(/^# Глава /gm) ?? []).length;
    assert.equal(analysis.checks.length, perBody * repetitions);
    assert.ok(analysis.checks.every((c) => c.odds), 'every check has odds');
    assert.equal(analysis.diagnostics.filter((d) => d.severity === 'error').length, 0);
    timings.push(`  10 MB: ${analysis.checks.length} checks, ${analysis.diagnostics.length} diagnostics`);
  });

  it('a single line of 1 MB: checks found along the whole line, ranges on it', () => {
    const { text } = docs.line;
    const analysis = analyze(`one line (${text.length} chars)`, text);
    const lineStart = text.lastIndexOf('\n') + 1;
    assert.ok(text.length - lineStart >= 1_000_000 - 1);
    assert.ok(analysis.checks.length > 1000, `${analysis.checks.length} checks`);
    assert.ok(analysis.checks.every((c) => c.range.start >= lineStart && c.range.end <= text.length));
    assert.ok(analysis.checks[analysis.checks.length - 1].range.start > text.length - 2000, 'the last check is near the end of the line');
    timings.push(`  1 MB line: ${analysis.checks.length} checks, ${analysis.diagnostics.length} diagnostics`);
  });

  it('an edit inside the 1 MB line (read as plain text past the parse limits) gives what a fresh analysis gives', () => {
    const { text } = docs.line;
    const lineStart = text.lastIndexOf('\n') + 1;
    assert.equal(exceedsParseLimits(text.slice(lineStart)), true);
    const options = { locale: 'ru' as const, rulesets: builtinRulesets() };
    const analyzer = createIncrementalAnalyzer();
    const checks = analyzer.analyze(text, options).checks.length;
    // A check in the middle of the line loses its difficulty: one check changes, the rest stay.
    const at = text.indexOf(' (сложность 2)»', lineStart + 500_000);
    const edited = text.slice(0, at) + text.slice(at + ' (сложность 2)'.length);
    const incremental = timed('incremental analysis, an edit in the 1 MB line', () => analyzer.analyze(edited, options));
    const fresh = analyzeDocument(edited, options);
    assert.deepEqual(
      incremental.checks.map((c) => [c.text, c.range.start, c.odds?.pool ?? null]),
      fresh.checks.map((c) => [c.text, c.range.start, c.odds?.pool ?? null]),
    );
    assert.deepEqual(
      incremental.diagnostics.map((d) => [d.code, d.range.start, d.message]),
      fresh.diagnostics.map((d) => [d.code, d.range.start, d.message]),
    );
    assert.equal(fresh.checks.length, checks);
  });

  it('50,000 checks: all analysed, each with its scene and odds', () => {
    const { text } = docs.checks;
    const analysis = analyze(`50,000 checks (${text.length} chars)`, text);
    assert.equal(analysis.checks.length, 50_000);
    assert.ok(analysis.checks.every((c) => c.odds && c.scene), 'every check has odds and a scene');
    assert.equal(analysis.checks[49_999].scene?.title, 'Сцена 500');
    assert.equal(analysis.diagnostics.filter((d) => d.severity === 'error').length, 0);
    timings.push(`  50,000 checks: ${analysis.diagnostics.length} diagnostics`);
  });

  it('rollmark check reports on them (in-process) what the analysis finds', async () => {
    for (const doc of Object.values(docs)) {
      const r = await check(doc.file);
      timings.push(`rollmark check (in-process), ${doc.label}: ${r.ms.toFixed(0)} ms, exit ${r.code}`);
      const analysis = analyzeDocument(doc.text, { rulesets: builtinRulesets() });
      const count = (severity: string) => analysis.diagnostics.filter((d) => d.severity === severity).length;
      // English as the summary line writes it: «1 file», «67,520 checks», «0 errors».
      const counted = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
      assert.equal(r.err, '');
      assert.equal(r.code, count('error') > 0 ? 1 : 0, doc.label);
      const lines = r.out.split('\n');
      assert.deepEqual(
        lines.slice(-2),
        [`1 file, ${counted(analysis.checks.length, 'check')}: ${counted(count('error'), 'error')}, ${counted(count('warning'), 'warning')}, ${counted(count('info'), 'info')}, ${counted(count('hint'), 'hint')}`, ''],
        doc.label,
      );
    }
  });

  it('the rollmark binary checks the 10 MB scenario', () => {
    const started = performance.now();
    const r = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'rollmark.js'), 'check', docs.big.file], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, ROLLMARK_LOCALE: 'en' } });
    const ms = performance.now() - started;
    timings.push(`bin/rollmark.js check, 10 MB: ${ms.toFixed(0)} ms, exit ${String(r.status)}`);
    assert.equal(r.stderr, '');
    assert.equal(r.status, 0);
    assert.match(r.stdout, /^1 file, \d{2},\d{3} checks: 0 errors, /m);
  });
});
