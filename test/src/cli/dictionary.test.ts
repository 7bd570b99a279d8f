/**
 * `rollmark dictionary --format ltex` in-process: the ruleset's traits, the project dictionary's
 * terms and the front matter's characters, each with its singular case forms, one word a line;
 * `-o` writes the file whole and never over a scenario or the author's project files.
 */
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { singularCaseForms } from '../../../server/out/analysis/resolve/caseForms';
import { runCli } from './runCli';

/** The lines of the output that begin with one of the prefixes. */
function starting(out: string, ...prefixes: string[]): string[] {
  return out.split('\n').filter((line) => prefixes.some((p) => line.startsWith(p)));
}

describe('rollmark dictionary', () => {
  let tmp = '';
  const cwd = process.cwd();
  beforeEach(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'rollmark-dictionary-cli-'));
    mkdirSync(path.join(tmp, '.rollmark'));
    writeFileSync(path.join(tmp, '.rollmark/dictionary.yaml'), '- Рвущий-Тени\n- Хитрость\n');
    writeFileSync(path.join(tmp, 'a.scenario.md'), '---\nruleset: storytelling\ncharacters:\n  Вера:\n    Атлетика: 2\n---\n# Сцена\n');
    process.chdir(tmp);
  });
  afterEach(() => {
    process.chdir(cwd);
    rmSync(tmp, { recursive: true, force: true });
  });

  it('writes the trait, the term and the character with their case forms, sorted, one a line', async () => {
    const r = await runCli(['dictionary', '--format', 'ltex', '.']);
    assert.equal(r.code, 0, r.err);
    assert.equal(r.err, '');
    assert.ok(r.out.endsWith('\n'));
    assert.deepEqual(starting(r.out, 'Атлетик'), ['Атлетика', 'Атлетике', 'Атлетики', 'Атлетикой', 'Атлетикою', 'Атлетику']);
    assert.deepEqual(starting(r.out, 'Рвущ', 'Тени'), [
      'Рвущего', 'Рвущего-Тени', 'Рвущем', 'Рвущем-Тени', 'Рвущему', 'Рвущему-Тени',
      'Рвущий', 'Рвущий-Тени', 'Рвущим', 'Рвущим-Тени', 'Тени',
    ]);
    assert.deepEqual(starting(r.out, 'Хитрост'), ['Хитрости', 'Хитрость', 'Хитростью']);
    assert.deepEqual(starting(r.out, 'Вер'), ['Вера', 'Вере', 'Верой', 'Верою', 'Веру', 'Веры']);
    const lines = r.out.trimEnd().split('\n');
    assert.deepEqual(lines, [...new Set(lines)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)), 'each word once, in code-point order');
  });

  it('without files: the ruleset asked for and the dictionary of the project the current folder is in, no character', async () => {
    mkdirSync('глава');
    process.chdir('глава');
    const r = await runCli(['dictionary', '--ruleset', 'vampire-pack']);
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(starting(r.out, 'Атлетик', 'Вер', 'Хитрост'), ['Атлетика', 'Атлетике', 'Атлетики', 'Атлетикой', 'Атлетикою', 'Атлетику', 'Хитрости', 'Хитрость', 'Хитростью']);
  });

  it('-o writes .rollmark/ltex.dictionary.txt, and refuses a scenario and the project dictionary', async () => {
    const shown = await runCli(['dictionary', '.']);
    const r = await runCli(['dictionary', '-o', '.rollmark/ltex.dictionary.txt', '.']);
    assert.equal(r.code, 0, r.err);
    assert.equal(r.out, '');
    assert.equal(readFileSync('.rollmark/ltex.dictionary.txt', 'utf8'), shown.out);
    const scenario = await runCli(['dictionary', '-o', 'a.scenario.md', '.']);
    assert.equal(scenario.code, 2);
    assert.equal(scenario.err, 'rollmark dictionary: the dictionary was not written to a.scenario.md: this run reads that file; name another file with -o\n');
    const project = await runCli(['dictionary', '-o', '.rollmark/dictionary.yaml', '.'], { locale: 'ru' });
    assert.equal(project.code, 2);
    assert.match(project.err, /^rollmark dictionary: словарь не записан в \.rollmark\/dictionary\.yaml: это файл проекта \(в папке \.rollmark\)/);
    assert.equal(readFileSync('.rollmark/dictionary.yaml', 'utf8'), '- Рвущий-Тени\n- Хитрость\n');
  });

  it('--format other than ltex is a usage error', async () => {
    const r = await runCli(['dictionary', '--format', 'hunspell']);
    assert.equal(r.code, 2);
    assert.equal(r.err, 'rollmark dictionary: --format must be one of ltex\n');
  });
});

describe('singularCaseForms', () => {
  const cases: [string, string[]][] = [
    ['Атлетика', ['Атлетика', 'Атлетики', 'Атлетике', 'Атлетику', 'Атлетикой', 'Атлетикою']],
    ['Воля', ['Воля', 'Воли', 'Воле', 'Волю', 'Волей', 'Волею']],
    ['Хитрость', ['Хитрость', 'Хитрости', 'Хитростью']],
    ['Гнозис', ['Гнозис', 'Гнозиса', 'Гнозису', 'Гнозисом', 'Гнозисе']],
    ['Рвущий-Тени', ['Рвущий-Тени', 'Рвущего-Тени', 'Рвущему-Тени', 'Рвущим-Тени', 'Рвущем-Тени']],
    ['Гордей', ['Гордей', 'Гордея', 'Гордею', 'Гордеем', 'Гордее']],
    ['ОЗ', ['ОЗ']],
    ['Сила 3', ['Сила 3']],
  ];
  for (const [word, forms] of cases) {
    it(`${word} → ${forms.join(', ')}`, () => assert.deepEqual(singularCaseForms(word), forms));
  }
});
