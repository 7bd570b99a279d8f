/**
 * Outputs never touch inputs (issue 19): `rollmark report -o` is resolved to its real path first
 * and refused — exit 2, the path, why and what to do, no stack trace — over a file the run reads
 * (also through a linked folder), a scenario, a project file or a read-only file, onto a folder, into
 * a folder that is missing or cannot be written; a full disk leaves the old report whole. Standard
 * output closed by its reader ends the run quietly; a full disk behind `>` is a message.
 */
import * as assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { CLOSED_PIPE_EXIT } from '../../../server/src/cli/io';
import { runCli } from '../cli/runCli';

const ROOT = path.resolve(__dirname, '../../..');
const BIN = path.join(ROOT, 'bin', 'rollmark.js');
const EXAMPLE = path.join(ROOT, 'examples', 'vampire.scenario.md');

/** Whether this process may mount a file system (root on Linux), to test with a real small or read-only disk. */
function canMount(): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  const probe = mkdtempSync(path.join(os.tmpdir(), 'rollmark-mount-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

describe('outputs never touch inputs: rollmark report -o', function () {
  this.timeout(60_000);
  let tmp = '';
  const cwd = process.cwd();
  const mounted: string[] = [];
  beforeEach(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'rollmark-outputs-'));
    mkdirSync(path.join(tmp, 'book', '.rollmark'), { recursive: true });
    copyFileSync(EXAMPLE, path.join(tmp, 'book', 'adventure.md'));
    writeFileSync(path.join(tmp, 'book', '.rollmark', 'dictionary.yaml'), '- Паркур\n');
    process.chdir(tmp);
  });
  afterEach(() => {
    process.chdir(cwd);
    for (const point of mounted.splice(0)) execFileSync('umount', [point]);
    rmSync(tmp, { recursive: true, force: true });
  });
  const scenario = () => readFileSync(path.join(tmp, 'book', 'adventure.md'), 'utf8');
  const original = readFileSync(EXAMPLE, 'utf8');
  const report = (...args: string[]) => runCli(['report', '--format', 'md', 'book', ...args]);

  it('a linked folder that leads into the scenarios: the scenario the run reads is not written over', async () => {
    symlinkSync(path.join(tmp, 'book'), path.join(tmp, 'out'));
    const r = await report('-o', 'out/adventure.md');
    assert.deepEqual([r.code, r.out, r.err], [2, '', 'rollmark report: the report was not written to out/adventure.md: this run reads that file; name another file with -o\n']);
    assert.equal(scenario(), original);
  });

  it('a scenario, a project file, a *.scenario.md: refused, in Russian too', async () => {
    const ru = await runCli(['report', 'book', '-o', 'book/adventure.md'], { locale: 'ru' });
    assert.deepEqual([ru.code, ru.err], [2, 'rollmark report: отчёт не записан в book/adventure.md: этот файл читает сам запуск; укажите в -o другой файл\n']);
    const project = await report('-o', 'book/.rollmark/dictionary.yaml');
    assert.equal(project.err, 'rollmark report: the report was not written to book/.rollmark/dictionary.yaml: it is a project file (in .rollmark); name another file with -o\n');
    const other = await report('-o', 'book/.rollmark/notes.md');
    assert.equal(other.err, 'rollmark report: the report was not written to book/.rollmark/notes.md: it is a project file (in .rollmark); name another file with -o\n');
    const named = await report('-o', 'next.scenario.md');
    assert.equal(named.err, 'rollmark report: the report was not written to next.scenario.md: it is a scenario file (*.scenario.md); name another file with -o\n');
    assert.equal(scenario(), original);
    assert.equal(readFileSync(path.join(tmp, 'book', '.rollmark', 'dictionary.yaml'), 'utf8'), '- Паркур\n');
    assert.deepEqual(readdirSync(tmp).sort(), ['book']);
  });

  it('a read-only file, a folder, a missing folder, a file where a folder belongs: exit 2 with why and what to do', async () => {
    writeFileSync('old.md', 'keep\n', { mode: 0o444 });
    mkdirSync('reports');
    writeFileSync('notes.txt', '');
    const cases: [string, string][] = [
      ['old.md', 'the file is read-only; make it writable or name another file with -o'],
      ['reports', 'it is a folder; name a file with -o, not a folder'],
      ['missing/report.md', 'the folder missing does not exist; create it or name a file in a folder that exists'],
      ['notes.txt/report.md', 'it is not a folder; name another file with -o'],
    ];
    for (const [target, why] of cases) {
      const r = await report('-o', target);
      assert.deepEqual([r.code, r.err], [2, `rollmark report: the report was not written to ${target}: ${why}\n`]);
    }
    assert.equal(readFileSync('old.md', 'utf8'), 'keep\n');
  });

  it('a folder that cannot be written: a read-only disk (or, without one, a folder without write permission)', async function () {
    mkdirSync('locked');
    if (canMount()) {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=16k', 'tmpfs', 'locked']);
      mounted.push(path.join(tmp, 'locked'));
      const r = await report('-o', 'locked/report.md');
      assert.deepEqual([r.code, r.err], [2, 'rollmark report: the report was not written to locked/report.md: the disk is read-only; name a file in a folder you can write to\n']);
    } else {
      chmodSync('locked', 0o555);
      const r = await report('-o', 'locked/report.md');
      assert.deepEqual([r.code, r.err], [2, `rollmark report: the report was not written to locked/report.md: permission to write in the folder ${path.join(tmp, 'locked')} is denied; name a file in a folder you can write to\n`]);
    }
  });

  it('a full disk: a message, the old report whole, no temporary file left', async () => {
    mkdirSync('full');
    writeFileSync('full/report.md', 'the old report\n');
    let restore = () => undefined as void;
    if (canMount()) {
      // A real disk of 32 KiB, filled up but for a few bytes.
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=32k', 'tmpfs', 'full']);
      mounted.push(path.join(tmp, 'full'));
      writeFileSync('full/report.md', 'the old report\n');
      try {
        writeFileSync('full/ballast', Buffer.alloc(64 * 1024));
      } catch {
        // Full, as wanted: what fitted stays.
      }
    } else {
      // No disk to fill: the file system's write fails as a full disk's does.
      const handle = await open(path.join(tmp, 'full', 'report.md'));
      const prototype = Object.getPrototypeOf(handle) as { writeFile: (...args: unknown[]) => Promise<void> };
      await handle.close();
      const writeFile = prototype.writeFile;
      prototype.writeFile = () => Promise.reject(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' }));
      restore = () => void (prototype.writeFile = writeFile);
    }
    try {
      const r = await report('-o', 'full/report.md');
      assert.deepEqual([r.code, r.err], [2, 'rollmark report: the report was not written to full/report.md: the disk is full; free some space or name a file on another disk\n']);
    } finally {
      restore();
    }
    assert.equal(readFileSync('full/report.md', 'utf8'), 'the old report\n');
    assert.deepEqual(readdirSync('full').filter((f) => f.endsWith('.tmp')), []);
  });

  it('a link to a report elsewhere is followed: the report lands in the real file, the link stays', async () => {
    mkdirSync('site');
    writeFileSync('site/overview.md', 'old\n');
    symlinkSync(path.join(tmp, 'site', 'overview.md'), 'overview.md');
    const r = await report('-o', 'overview.md');
    assert.equal(r.code, 0, r.err);
    assert.match(readFileSync('site/overview.md', 'utf8'), /^# Scenario overview\n/);
    assert.equal(readFileSync('overview.md', 'utf8'), readFileSync('site/overview.md', 'utf8'));
  });
});

describe('standard output that refuses the text', function () {
  this.timeout(60_000);

  it('a reader that closes the pipe after one line (`| head -1`): the run ends quietly', async () => {
    const child = spawn(process.execPath, [BIN, 'check', '--checks', '--seed', '1', path.join(ROOT, 'examples')], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    assert.deepEqual([code, stderr], [CLOSED_PIPE_EXIT, '']);
  });

  it('a full disk behind `>` (/dev/full): a message and exit 2, no stack trace', async function () {
    if (process.platform !== 'linux') this.skip();
    const full = openSync('/dev/full', 'w');
    const child = spawn(process.execPath, [BIN, 'report', '--format', 'md', EXAMPLE], { stdio: ['ignore', full, 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    assert.deepEqual([code, stderr], [2, 'rollmark: the output could not be written: the disk is full\n']);
  });
});
