/**
 * `rollmark check` under the file policy (docs/cli.en.md, "Which files are checked"): a file that cannot be read
 * (binary, not UTF-8, too large) is reported for that file and the others are still checked, with
 * exit code 2; `-` reads standard input; each file's `.rollmark/` is found by walking up from
 * it; no scenario file at all is an error unless `--allow-empty`; while walking a folder, links
 * that leave it, dangling links, links to folders and FIFOs are skipped and said to be.
 * A file without read permission is checked by the real command run as `nobody` (root reads everything).
 */
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli } from './runCli';

const run = (argv: string[], stdin = '') => runCli(argv, { stdin });

const GOOD = '---\nruleset: vampire-pack\n---\n\n«Сила + Атлетика (сложность 2)»\n';
const UNKNOWN = '---\nruleset: vampire-pack\n---\n\n«Прыгучесть + Атлетика (сложность 2)»\n';

describe('rollmark check and the file policy', function () {
  this.timeout(30_000);
  let tmp = '';
  const at = (...parts: string[]) => path.join(tmp, ...parts);
  const cwd = process.cwd();

  beforeEach(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'rollmark-check-'));
  });
  afterEach(() => {
    process.chdir(cwd);
    rmSync(tmp, { recursive: true, force: true });
  });

  it('a binary, a non-UTF-8 and a too-large file are reported each, the others still checked; exit 2', async () => {
    mkdirSync(at('book'));
    writeFileSync(at('book', 'a.md'), GOOD);
    writeFileSync(at('book', 'b.md'), Buffer.from([0x2d, 0x00, 0x41]));
    writeFileSync(at('book', 'c.md'), Buffer.from('Caf\xe9\n', 'latin1'));
    writeFileSync(at('book', 'd.md'), UNKNOWN);
    writeFileSync(at('book', 'e.md'), '');
    truncateSync(at('book', 'e.md'), 40 * 1024 * 1024);
    const r = await run(['check', at('book')]);
    assert.equal(r.code, 2);
    assert.equal(
      r.err,
      `rollmark check: could not read ${at('book', 'b.md')}: it is not text: the file has NUL bytes\n` +
        `rollmark check: could not read ${at('book', 'c.md')}: the file is not UTF-8\n` +
        `rollmark check: could not read ${at('book', 'e.md')}: the file is larger than the limit of 20 MB (40 MB)\n`,
    );
    assert.match(r.out, /d\.md:5:2 error RM001 Unknown trait/);
    assert.match(r.out, /^2 files, 2 checks: 1 error, 0 warnings, 0 infos, 0 hints$/m);
  });

  it('a file without read permission is reported and the others checked, by the command run as a user without rights', () => {
    chmodSync(tmp, 0o755);
    mkdirSync(at('book'));
    writeFileSync(at('book', 'a.md'), UNKNOWN);
    writeFileSync(at('book', 'secret.md'), GOOD);
    chmodSync(at('book', 'secret.md'), 0o000);
    const asRoot = process.getuid?.() === 0;
    const bin = path.join(__dirname, '..', '..', '..', 'bin', 'rollmark.js');
    const r = spawnSync(process.execPath, [bin, 'check', at('book')], { encoding: 'utf8', env: { ...process.env, ROLLMARK_LOCALE: 'en' }, ...(asRoot ? { uid: 65534, gid: 65534 } : {}) });
    assert.equal(r.status, 2, r.stderr);
    assert.equal(r.stderr, `rollmark check: could not read ${at('book', 'secret.md')}: permission to read it is denied\n`);
    assert.match(r.stdout, /a\.md:5:2 error RM001 /);
    assert.match(r.stdout, /^1 file, 1 check: 1 error, 0 warnings, 0 infos, 0 hints$/m);
  });

  it('"-" reads standard input, with the current directory\'s project', async () => {
    mkdirSync(at('.rollmark'));
    writeFileSync(at('.rollmark', 'dictionary.yaml'), '- Прыгучесть\n');
    process.chdir(tmp);
    const r = await run(['check', '--format', 'json', '-'], UNKNOWN);
    assert.equal(r.code, 0, r.err);
    const report = JSON.parse(r.out) as { files: { path: string; diagnostics: { code: string }[]; checks: unknown[] }[] };
    assert.deepEqual(
      report.files.map((f) => [f.path, f.diagnostics.map((d) => d.code), f.checks.length]),
      [['<stdin>', ['RM002'], 1]],
    );
    assert.equal((await run(['check', '-'], 'Caf\xe9'.replace('é', '\u0000'))).code, 2);
  });

  it('finds .rollmark/ from each file, walking up; the current directory\'s otherwise', async () => {
    for (const [book, term] of [['one', 'Прыгучесть'], ['two', 'Кибернетика']]) {
      mkdirSync(at(book, '.rollmark'), { recursive: true });
      mkdirSync(at(book, 'chapters'));
      writeFileSync(at(book, '.rollmark', 'dictionary.yaml'), `- ${term}\n`);
    }
    writeFileSync(at('one', 'chapters', 'a.md'), UNKNOWN);
    writeFileSync(at('two', 'chapters', 'b.md'), UNKNOWN.replace('Прыгучесть', 'Кибернетика'));
    writeFileSync(at('two', 'chapters', 'c.md'), UNKNOWN);
    writeFileSync(at('two', '.rollmark', 'rulesets'), 'not a folder');
    const r = await run(['check', '--format', 'json', at('one'), at('two')]);
    const report = JSON.parse(r.out) as { files: { path: string; diagnostics: { code: string; message: string }[] }[] };
    assert.deepEqual(
      report.files.map((f) => [path.relative(tmp, path.resolve(f.path)), f.diagnostics.map((d) => d.code)]),
      [
        [path.join('two', '.rollmark', 'rulesets'), ['RM011']],
        // The dictionary term is known (no RM001); a pool of it and a Skill is not one vampire-pack allows (RM002).
        [path.join('one', 'chapters', 'a.md'), ['RM002']],
        [path.join('two', 'chapters', 'b.md'), ['RM002']],
        [path.join('two', 'chapters', 'c.md'), ['RM001']],
      ],
    );
    assert.equal(report.files[0].diagnostics[0].message, 'The project file ".rollmark/rulesets" is not used: it is not a folder');
    assert.equal(r.code, 1);
  });

  it('a dictionary entry with a category counts as that category for the pool rules', async () => {
    mkdirSync(at('.rollmark'));
    writeFileSync(at('.rollmark', 'dictionary.yaml'), '- { name: Прыгучесть, category: attribute }\n');
    writeFileSync(at('a.scenario.md'), UNKNOWN.replace('(сложность 2)»', '(сложность 2)» и «Прыгучести + Атлетики (сложность 1)»'));
    const r = await run(['check', '--format', 'json', at('a.scenario.md')]);
    const report = JSON.parse(r.out) as { files: { diagnostics: { code: string; message: string }[] }[] };
    // An Attribute and a Skill: no RM002; its case form is recognised, with the nominative suggested.
    assert.deepEqual(
      report.files[0].diagnostics.map((d) => [d.code, d.message]),
      [
        ['RM010', 'Written "Прыгучести"; canonical: "Прыгучесть"'],
        ['RM010', 'Written "Атлетики"; canonical: "Атлетика"'],
      ],
    );
  });

  it('no scenario file found is an error (exit 2) unless --allow-empty', async () => {
    mkdirSync(at('empty'));
    writeFileSync(at('empty', 'notes.txt'), 'x');
    const r = await run(['check', at('empty')]);
    assert.deepEqual(r, { code: 2, out: '', err: `rollmark check: no scenario files found in ${at('empty')} (--allow-empty accepts that)\n` });
    const allowed = await run(['check', '--allow-empty', at('empty')]);
    assert.deepEqual(allowed, { code: 0, out: '0 files, 0 checks: 0 errors, 0 warnings, 0 infos, 0 hints\n', err: '' });
  });

  it('walking a folder: links inside are followed; links outside, dangling links, links to folders and FIFOs are skipped and said to be', async () => {
    mkdirSync(at('book', 'part'), { recursive: true });
    mkdirSync(at('elsewhere'));
    writeFileSync(at('elsewhere', 'secret.md'), UNKNOWN);
    writeFileSync(at('book', 'part', 'a.md'), GOOD);
    symlinkSync(path.join('part', 'a.md'), at('book', 'inside.md'));
    symlinkSync(at('elsewhere', 'secret.md'), at('book', 'outside.md'));
    symlinkSync('nowhere.md', at('book', 'dangling.md'));
    symlinkSync(at('elsewhere'), at('book', 'linked'));
    execFileSync('mkfifo', [at('book', 'pipe.md')]);
    const r = await run(['check', '--format', 'json', at('book')]);
    assert.equal(r.code, 0, r.err);
    assert.equal(
      r.err,
      `rollmark check: skipped ${at('book', 'dangling.md')}: it is a link to a file that does not exist (nowhere.md)\n` +
        `rollmark check: skipped ${at('book', 'linked')}: it is a link to a folder, and links to folders are not followed\n` +
        `rollmark check: skipped ${at('book', 'outside.md')}: it leads outside the workspace folder (to ${at('elsewhere', 'secret.md')})\n` +
        `rollmark check: skipped ${at('book', 'pipe.md')}: it is a named pipe (FIFO)\n`,
    );
    const report = JSON.parse(r.out) as { files: { path: string }[] };
    assert.deepEqual(
      report.files.map((f) => path.relative(at('book'), f.path)),
      ['inside.md', path.join('part', 'a.md')],
    );
    // Named explicitly, a FIFO is refused, never opened.
    const fifo = await run(['check', at('book', 'pipe.md')]);
    assert.equal(fifo.code, 2);
    assert.equal(fifo.err, `rollmark check: could not read ${at('book', 'pipe.md')}: it is a named pipe (FIFO)\n`);
  });
});
