/**
 * `rollmark check --jobs N` analyses on N worker threads (server/src/cli/analyzeFiles.ts): the same
 * standard output, standard error and exit code as in one thread, in every format, with rolls,
 * across projects with their own `.rollmark/`, with unreadable and skipped files and standard
 * input among them; and `analyzeFiles` gives each file what `analyzeDocument` gives it.
 */
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { analyzeDocument } from '../../../server/src/analysis/analyzeDocument';
import type { DocumentAnalysis } from '../../../server/src/analysis/types';
import { analyzeFiles } from '../../../server/src/cli/analyzeFiles';
import { CliProjects } from '../../../server/src/cli/projects';
import { nodeHost } from '../../../server/src/node/host';
import { createRollmarkService } from '../../../server/src/service';
import { type BenchScenarios, loadBenchScenarios } from '../lsp/benchScenarios';
import { voice } from '../../../server/src/present/voice';
import { runCli } from './runCli';

const run = (argv: string[], stdin = '') => runCli(argv, { stdin, locale: 'ru' });

/** The analysis as plain data (the ruleset by id, maps as entries), every computed part read. */
function plain(analysis: DocumentAnalysis): unknown {
  return JSON.parse(JSON.stringify(analysis, (key, value: unknown) => (key === 'ruleset' && typeof value === 'object' && value !== null && 'id' in value ? value.id : value instanceof Map ? [...value] : value)));
}

describe('rollmark check on worker threads', function () {
  this.timeout(120_000);
  let tmp = '';
  let generate: BenchScenarios['generateScenario'];
  const at = (...parts: string[]) => path.join(tmp, ...parts);

  before(async () => {
    ({ generateScenario: generate } = await loadBenchScenarios());
    tmp = mkdtempSync(path.join(os.tmpdir(), 'rollmark-parallel-'));
    // Two projects: the campaign's own ruleset and dictionary, and one without `.rollmark/`.
    mkdirSync(at('campaign', '.rollmark', 'rulesets'), { recursive: true });
    writeFileSync(at('campaign', '.rollmark', 'dictionary.yaml'), 'traits: [Прыгучесть]\n');
    writeFileSync(at('campaign', '.rollmark', 'rulesets', 'house.yaml'), 'id: house\nextends: storytelling\ntitle: Дом\n');
    for (let book = 1; book <= 2; book++) {
      mkdirSync(at('campaign', `book-${book}`));
      for (let chapter = 1; chapter <= 8; chapter++) {
        let text = generate(3000, 100 * book + chapter);
        if (chapter % 4 === 0) text = text.replace('ruleset: storytelling', 'ruleset: house');
        if (chapter % 5 === 0) text += '\n\nОшибка: «Прыгучесть + Летучесть (сложность 2)» и «Сила + (сложность».\n';
        writeFileSync(at('campaign', `book-${book}`, `chapter-${String(chapter).padStart(2, '0')}.md`), text);
      }
    }
    mkdirSync(at('loose'));
    // Two characters: the checks without an actor carry the whole party's odds across the threads.
    writeFileSync(at('loose', 'notes.md'), '---\nruleset: vampire-pack\ncharacters:\n  Ада: { Сила: 3, Атлетика: 2 }\n  Бо: { Сила: 2, Атлетика: 3, Ловкость: 2 }\n---\n\n«Сила + Атлетика (сложность 2)», «Ловкость + Скрытность (сложность 9)»\n');
    writeFileSync(at('loose', 'binary.md'), Buffer.from([0x2d, 0x00, 0x41]));
    symlinkSync('/etc/hostname', at('loose', 'outside.md'));
    writeFileSync(at('campaign', '.rollmark', 'rulesets', 'broken.yaml'), 'id: [\n');
  });
  after(() => rmSync(tmp, { recursive: true, force: true }));

  const stdin = '«Сила 3 + Атлетика 2»\n';
  const cases: [string, string[], string[]][] = [
    ['text', [], ['2', '3']],
    ['text with checks and rolls', ['--checks', '--seed', '7'], ['2']],
    ['json', ['--format', 'json'], ['2']],
    ['sarif', ['--format', 'sarif'], ['2']],
  ];
  for (const [label, options, threads] of cases) {
    it(`${label}: the same output, messages and exit code with --jobs 1 and ${threads.join(', ')}`, async () => {
      const args = (jobs: string) => ['check', ...options, '--jobs', jobs, at('campaign'), at('loose'), '-'];
      const one = await run(args('1'), stdin);
      assert.equal(one.code, 2, one.err);
      assert.match(one.err, /binary\.md/);
      assert.match(one.err, /outside\.md/);
      // More threads than cores are capped, and a note says so: the rest is the same.
      const uncapped = (r: Awaited<ReturnType<typeof run>>) => ({ ...r, err: r.err.replace(/^rollmark check: --jobs \d+ — больше, чем эта машина выполняет одновременно; анализ пойдёт в \d+ поток\S*\n/, '') });
      for (const jobs of threads) assert.deepStrictEqual(uncapped(await run(args(jobs), stdin)), one, `--jobs ${jobs}`);
    });
  }

  it('--jobs past the machine’s parallelism runs as many threads as it has, and says so', async () => {
    const cores = os.availableParallelism();
    const r = await run(['check', '--jobs', '1000', at('loose', 'notes.md')]);
    assert.equal(r.code, 0, r.err);
    assert.equal(r.err, `rollmark check: --jobs 1000 — больше, чем эта машина выполняет одновременно; анализ пойдёт в ${voice('ru').count(cores, 'thread')}\n`);
    assert.equal(r.out, (await run(['check', '--jobs', '1', at('loose', 'notes.md')])).out);
    assert.equal((await run(['check', '--jobs', String(cores), at('loose', 'notes.md')])).err, '');
  });

  it('with every file read: exit 1 for the campaign’s errors, 0 for a clean book, the same on threads', async () => {
    const errors = await run(['check', '--jobs', '1', at('campaign')]);
    assert.equal(errors.code, 1);
    assert.deepStrictEqual(await run(['check', '--jobs', '2', at('campaign')]), errors);
    mkdirSync(at('clean'));
    for (const chapter of [1, 2, 3]) writeFileSync(at('clean', `chapter-${chapter}.md`), generate(3000, chapter));
    const clean = await run(['check', '--jobs', '1', at('clean')]);
    assert.equal(clean.code, 0, clean.out);
    assert.deepStrictEqual(await run(['check', '--jobs', '2', at('clean')]), clean);
  });

  it('analyzeFiles: each file’s analysis on threads equals analyzeDocument under its project, in order', async () => {
    const rollmark = createRollmarkService({ ...nodeHost(), locale: 'ru' });
    const projects = new CliProjects(tmp, rollmark);
    const files = [];
    for (let book = 1; book <= 2; book++) {
      for (const chapter of [3, 4, 5]) {
        const file = at('campaign', `book-${book}`, `chapter-${String(chapter).padStart(2, '0')}.md`);
        const root = await projects.rootOf(file);
        files.push({ text: generate(3000, 100 * book + chapter).replace(chapter === 4 ? 'ruleset: storytelling' : '\0', 'ruleset: house'), root, config: await projects.config(root) });
      }
    }
    const analyses = await analyzeFiles(files, { rollmark, jobs: 2 });
    assert.equal(analyses.length, files.length);
    files.forEach((file, k) => {
      const expected = analyzeDocument(file.text, { rulesets: file.config.rulesets, dictionary: file.config.dictionary });
      assert.deepStrictEqual(plain(analyses[k]), plain(expected), `file ${k}`);
      assert.equal(analyses[k].ruleset, expected.ruleset, 'the ruleset object of this thread’s project');
    });
  });

  it('--jobs takes a whole number from 1 or auto', async () => {
    const r = await run(['check', '--jobs', '0', at('loose', 'notes.md')]);
    assert.equal(r.code, 2);
    assert.match(r.err, /--jobs/);
    assert.equal((await run(['check', '--jobs', 'auto', at('loose', 'notes.md')])).code, 0);
  });
});
