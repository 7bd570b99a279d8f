/**
 * The one file-system layer (node/projectFs.ts) on a real disk, each hostile case built in a
 * temporary folder: links to /dev/zero and /dev/urandom, a FIFO, a folder, a link loop, links
 * outside the workspace, dangling links, a 50 MB file, text that is not UTF-8. Each is refused
 * with its reason, quickly and without reading it; and `loadWorkspaceConfig` on top of it puts
 * each refusal on the file or on the folder's documents, keeping whatever else loaded.
 * Unreadable files (no permission) need a user without root's rights: hostileFiles.test.ts.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, truncateSync, writeFileSync, chmodSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadWorkspaceConfig } from '../../../server/src/analysis/project/workspaceConfig';
import { diagnosticMessage } from '../../../server/src/present/messages';
import { voice } from '../../../server/src/present/voice';
import { ProjectFs } from '../../../server/src/node/projectFs';
import { FileRefusedError, MAX_LISTED_FILES } from '../../../server/src/workspace/projectFiles';

const DICTIONARY = '.rollmark/dictionary.yaml';
const RULESETS = '.rollmark/rulesets';

describe('the project file system', function () {
  let base = '';
  let root = '';
  let outside = '';
  let fs: ProjectFs;

  beforeEach(() => {
    base = mkdtempSync(path.join(os.tmpdir(), 'rollmark-fs-'));
    root = path.join(base, 'book');
    outside = path.join(base, 'elsewhere');
    mkdirSync(path.join(root, RULESETS), { recursive: true });
    mkdirSync(outside);
    writeFileSync(path.join(outside, 'secret.yaml'), '- Тайна\n');
    fs = new ProjectFs(root);
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  const at = (relative: string) => path.join(root, relative);

  async function refusal(relative: string): Promise<unknown> {
    const started = performance.now();
    const read = await fs.readFile(relative);
    // A bound only a hang or a full read of a device would break.
    assert.ok(performance.now() - started < 2000, `${relative} took ${Math.round(performance.now() - started)} ms`);
    assert.equal(read.kind, 'refused', JSON.stringify(read));
    return read.kind === 'refused' ? read.refusal : undefined;
  }

  it('reads a regular file; a missing one is missing; a UTF-8 BOM is taken off', async () => {
    writeFileSync(at(DICTIONARY), '\ufeff- Прыгучесть\r\n');
    assert.deepEqual(await fs.readFile(DICTIONARY), { kind: 'text', text: '- Прыгучесть\r\n' });
    assert.deepEqual(await fs.readFile('.rollmark/absent.yaml'), { kind: 'missing' });
    assert.deepEqual(await fs.readFile('absent/dictionary.yaml'), { kind: 'missing' });
  });

  it('refuses links to /dev/zero and /dev/urandom, a FIFO, a folder and /proc, unread', async () => {
    symlinkSync('/dev/zero', at(DICTIONARY));
    symlinkSync('/dev/urandom', at(`${RULESETS}/random.yaml`));
    execFileSync('mkfifo', [at(`${RULESETS}/pipe.yaml`)]);
    mkdirSync(at(`${RULESETS}/folder.yaml`));
    symlinkSync('/proc/self/fd/0', at(`${RULESETS}/stdin.yaml`));
    // /dev and /proc are outside the workspace anyway; a workspace at / still never opens them.
    assert.deepEqual(await refusal(DICTIONARY), { reason: 'outside-workspace', detail: '/dev/zero' });
    assert.deepEqual(await refusal(`${RULESETS}/random.yaml`), { reason: 'outside-workspace', detail: '/dev/urandom' });
    assert.deepEqual(await refusal(`${RULESETS}/pipe.yaml`), { reason: 'not-a-regular-file', detail: 'fifo' });
    assert.deepEqual(await refusal(`${RULESETS}/folder.yaml`), { reason: 'not-a-regular-file', detail: 'directory' });
    assert.equal(((await refusal(`${RULESETS}/stdin.yaml`)) as { reason: string }).reason, 'outside-workspace');
    const atRoot = new ProjectFs('/');
    assert.deepEqual(await atRoot.readFile('dev/zero'), { kind: 'refused', refusal: { reason: 'not-a-regular-file', detail: 'system' } });
    assert.deepEqual(await atRoot.readFile('proc/self/status'), { kind: 'refused', refusal: { reason: 'not-a-regular-file', detail: 'system' } });
  });

  it('refuses a link loop, a dangling link and a link whose folder dangles', async () => {
    symlinkSync('b.yaml', at(`${RULESETS}/a.yaml`));
    symlinkSync('a.yaml', at(`${RULESETS}/b.yaml`));
    symlinkSync('nowhere.yaml', at(DICTIONARY));
    assert.deepEqual(await refusal(`${RULESETS}/a.yaml`), { reason: 'symlink-loop' });
    assert.deepEqual(await refusal(DICTIONARY), { reason: 'dangling-link', detail: 'nowhere.yaml' });
    rmSync(at('.rollmark'), { recursive: true });
    symlinkSync(path.join(base, 'gone'), at('.rollmark'));
    assert.deepEqual(await refusal(DICTIONARY), { reason: 'dangling-link', detail: path.join(base, 'gone') });
  });

  it('refuses links that lead outside the workspace, file or folder, and follows links that stay inside', async () => {
    symlinkSync(path.join(outside, 'secret.yaml'), at(DICTIONARY));
    symlinkSync('../dictionary.yaml', at(`${RULESETS}/inside.yaml`));
    assert.deepEqual(await refusal(DICTIONARY), { reason: 'outside-workspace', detail: path.join(outside, 'secret.yaml') });
    assert.deepEqual(await refusal(`${RULESETS}/inside.yaml`), { reason: 'outside-workspace', detail: path.join(outside, 'secret.yaml') });
    rmSync(at(DICTIONARY));
    writeFileSync(at(DICTIONARY), '- Прыгучесть\n');
    assert.deepEqual(await fs.readFile(`${RULESETS}/inside.yaml`), { kind: 'text', text: '- Прыгучесть\n' });
    rmSync(at(RULESETS), { recursive: true });
    symlinkSync(outside, at(RULESETS));
    assert.deepEqual(await fs.listFiles(RULESETS, ['.yaml']), { kind: 'refused', refusal: { reason: 'outside-workspace', detail: outside } });
  });

  it('refuses a 50 MB file by its size, before reading it', async () => {
    writeFileSync(at(DICTIONARY), '');
    truncateSync(at(DICTIONARY), 50 * 1024 * 1024);
    const before = process.memoryUsage().arrayBuffers;
    assert.deepEqual(await refusal(DICTIONARY), { reason: 'too-large', detail: String(50 * 1024 * 1024), limit: 1024 * 1024 });
    assert.ok(process.memoryUsage().arrayBuffers - before < 1024 * 1024, 'no buffer of the file was allocated');
  });

  it('refuses text that is not UTF-8, UTF-16 and NUL bytes', async () => {
    writeFileSync(at(`${RULESETS}/latin1.yaml`), Buffer.from('- Caf\xe9\n', 'latin1'));
    writeFileSync(at(`${RULESETS}/utf16.yaml`), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('- a\n', 'utf16le')]));
    writeFileSync(at(`${RULESETS}/binary.yaml`), Buffer.from([0x2d, 0x20, 0x61, 0x00, 0x0a]));
    assert.deepEqual(await refusal(`${RULESETS}/latin1.yaml`), { reason: 'not-utf8' });
    assert.deepEqual(await refusal(`${RULESETS}/utf16.yaml`), { reason: 'not-utf8', detail: 'UTF-16' });
    assert.deepEqual(await refusal(`${RULESETS}/binary.yaml`), { reason: 'binary' });
  });

  it('lists every entry with a matching name, links and FIFOs included, without following them; at most MAX_LISTED_FILES', async () => {
    writeFileSync(at(`${RULESETS}/b.yaml`), 'id: b\n');
    symlinkSync(path.join(outside, 'secret.yaml'), at(`${RULESETS}/a.yaml`));
    execFileSync('mkfifo', [at(`${RULESETS}/c.yml`)]);
    writeFileSync(at(`${RULESETS}/notes.txt`), '');
    assert.deepEqual(await fs.listFiles(RULESETS, ['.yaml', '.yml']), { kind: 'files', paths: [`${RULESETS}/a.yaml`, `${RULESETS}/b.yaml`, `${RULESETS}/c.yml`] });
    for (let i = 0; i < MAX_LISTED_FILES + 5; i++) writeFileSync(at(`${RULESETS}/r${String(i).padStart(3, '0')}.json`), '{}');
    const listed = await fs.listFiles(RULESETS, ['.json']);
    assert.equal(listed.kind, 'files');
    if (listed.kind !== 'files') return;
    assert.equal(listed.paths.length, MAX_LISTED_FILES);
    assert.deepEqual(listed.truncated, { reason: 'too-many-files', limit: MAX_LISTED_FILES });
    writeFileSync(at('.rollmark/file'), '');
    assert.deepEqual(await fs.listFiles('.rollmark/file', ['.yaml']), { kind: 'refused', refusal: { reason: 'not-a-folder' } });
    assert.deepEqual(await fs.listFiles('.rollmark/none', ['.yaml']), { kind: 'missing' });
  });

  it('lists the Markdown files for the workspace check: sorted, dot folders and node_modules skipped, links to folders not followed, links to files only inside', async () => {
    mkdirSync(at('части/глава 1'), { recursive: true });
    writeFileSync(at('части/глава 1/сцена.scenario.md'), '');
    writeFileSync(at('README.md'), '');
    writeFileSync(at('notes.markdown'), '');
    writeFileSync(at('notes.txt'), '');
    writeFileSync(at('.rollmark/old.scenario.md'), '');
    mkdirSync(at('node_modules/pkg'), { recursive: true });
    writeFileSync(at('node_modules/pkg/readme.md'), '');
    writeFileSync(path.join(outside, 'secret.md'), '');
    symlinkSync(path.join(outside, 'secret.md'), at('outside.md'));
    symlinkSync(at('README.md'), at('inside.md'));
    symlinkSync(outside, at('linked-folder'));
    symlinkSync(at('части'), at('linked-inside'));
    execFileSync('mkfifo', [at('pipe.md')]);
    mkdirSync(at('folder.md'));
    assert.deepEqual(await fs.markdownFiles(), { kind: 'files', paths: ['README.md', 'inside.md', 'notes.markdown', 'части/глава 1/сцена.scenario.md'] });
  });

  it('reads a scenario up to 32 MiB under the same policy as project files, and stamps it without opening it', async () => {
    writeFileSync(at('big.scenario.md'), 'а'.repeat(1024 * 1024));
    const read = await fs.readScenario('big.scenario.md');
    assert.equal(read.kind === 'text' && read.text.length, 1024 * 1024);
    const stamp = await fs.stamp('big.scenario.md');
    assert.match(stamp ?? '', new RegExp(`:${2 * 1024 * 1024}$`));
    truncateSync(at('big.scenario.md'), 33 * 1024 * 1024);
    assert.deepEqual(await fs.readScenario('big.scenario.md'), { kind: 'refused', refusal: { reason: 'too-large', detail: String(33 * 1024 * 1024), limit: 32 * 1024 * 1024 } });
    assert.notEqual(await fs.stamp('big.scenario.md'), stamp);
    symlinkSync(path.join(outside, 'secret.yaml'), at('secret.scenario.md'));
    assert.equal((await fs.readScenario('secret.scenario.md')).kind, 'refused');
    assert.equal(await fs.stamp('secret.scenario.md'), undefined);
    execFileSync('mkfifo', [at('pipe.scenario.md')]);
    assert.equal(await fs.stamp('pipe.scenario.md'), undefined);
  });

  it('loadWorkspaceConfig: a refused file that is a regular file of the workspace gets its diagnostic, the others go on the documents; what loads is used', async () => {
    writeFileSync(at(DICTIONARY), '');
    truncateSync(at(DICTIONARY), 2 * 1024 * 1024);
    writeFileSync(at(`${RULESETS}/good.yaml`), 'id: good\nextends: storytelling\n');
    symlinkSync('/dev/zero', at(`${RULESETS}/zero.yaml`));
    execFileSync('mkfifo', [at(`${RULESETS}/pipe.yaml`)]);
    writeFileSync(at(`${RULESETS}/latin1.yaml`), Buffer.from('id: x\ntitle: Caf\xe9\n', 'latin1'));
    const config = await loadWorkspaceConfig(fs);
    const en = voice('en');
    assert.ok(config.rulesets.get('good'), 'the good ruleset loaded');
    assert.ok(config.rulesets.get('vampire-pack'), 'the built-in rulesets remain');
    assert.deepEqual(
      [...config.fileDiagnostics].map(([file, ds]) => [file, ds.map((d) => [d.code, d.severity, d.range.start, diagnosticMessage(d.message, en)])]),
      [
        [DICTIONARY, [['RM011', 'error', 0, `The project file "${DICTIONARY}" is not used: the file is larger than the limit of 1 MB (2 MB)`]]],
        [`${RULESETS}/latin1.yaml`, [['RM011', 'error', 0, `The project file "${RULESETS}/latin1.yaml" is not used: the file is not UTF-8`]]],
      ],
    );
    assert.deepEqual(config.folderProblems.map((p) => ({ path: p.path, message: diagnosticMessage(p.message, en) })), [
      { path: `${RULESETS}/pipe.yaml`, message: `The project file "${RULESETS}/pipe.yaml" is not used: it is a named pipe (FIFO)` },
      { path: `${RULESETS}/zero.yaml`, message: `The project file "${RULESETS}/zero.yaml" is not used: it leads outside the workspace folder (to /dev/zero)` },
    ]);
    const ru = voice('ru');
    assert.equal(diagnosticMessage(config.folderProblems[0].message, ru), `Файл проекта «${RULESETS}/pipe.yaml» не используется: это именованный канал (FIFO)`);
    const [tooLarge] = config.fileDiagnostics.get(DICTIONARY) ?? [];
    assert.equal(tooLarge && diagnosticMessage(tooLarge.message, ru), `Файл проекта «${DICTIONARY}» не используется: файл больше предела в 1 МБ (2 МБ)`);
  });

  describe('edit', () => {
    it('creates the file and its folders; writes through a temporary file renamed over the old one, keeping the mode and leaving no temporary file', async () => {
      rmSync(at('.rollmark'), { recursive: true });
      assert.deepEqual(await fs.edit(DICTIONARY, (text) => `${text ?? ''}- a\n`), { written: true });
      assert.equal(readFileSync(at(DICTIONARY), 'utf8'), '- a\n');
      chmodSync(at(DICTIONARY), 0o640);
      const inode = statSync(at(DICTIONARY)).ino;
      assert.deepEqual(await fs.edit(DICTIONARY, (text) => `${text ?? ''}- b\n`), { written: true });
      assert.equal(readFileSync(at(DICTIONARY), 'utf8'), '- a\n- b\n');
      assert.notEqual(statSync(at(DICTIONARY)).ino, inode, 'renamed, not rewritten in place');
      assert.equal(statSync(at(DICTIONARY)).mode & 0o777, 0o640);
      assert.deepEqual(await fs.edit(DICTIONARY, (text) => text ?? ''), { written: false });
      assert.deepEqual(readdirSync(at('.rollmark')), ['dictionary.yaml']);
    });

    it('keeps the BOM and the text as the change returns it', async () => {
      writeFileSync(at(DICTIONARY), '\ufeff- a\r\n');
      await fs.edit(DICTIONARY, (text) => `${text}- b\r\n`);
      assert.equal(readFileSync(at(DICTIONARY), 'utf8'), '\ufeff- a\r\n- b\r\n');
    });

    it('writes to the target of a link that stays inside, and keeps the link', async () => {
      writeFileSync(at('words.yaml'), '- a\n');
      symlinkSync('../words.yaml', at(DICTIONARY));
      await fs.edit(DICTIONARY, (text) => `${text}- b\n`);
      assert.equal(readFileSync(at('words.yaml'), 'utf8'), '- a\n- b\n');
      assert.ok(lstatSync(at(DICTIONARY)).isSymbolicLink());
    });

    async function refusedEdit(relative: string): Promise<unknown> {
      try {
        await fs.edit(relative, (text) => `${text ?? ''}- new\n`);
      } catch (error) {
        assert.ok(error instanceof FileRefusedError, String(error));
        return error.refusal;
      }
      return assert.fail('the edit was not refused');
    }

    it('refuses, writing nothing anywhere: a link outside, a dangling link, a .rollmark folder linked outside, a read-only file, a FIFO', async () => {
      const secret = path.join(outside, 'secret.yaml');
      symlinkSync(secret, at(DICTIONARY));
      assert.deepEqual(await refusedEdit(DICTIONARY), { reason: 'outside-workspace', detail: secret });
      rmSync(at(DICTIONARY));
      symlinkSync(path.join(outside, 'created.yaml'), at(DICTIONARY));
      assert.deepEqual(await refusedEdit(DICTIONARY), { reason: 'dangling-link', detail: path.join(outside, 'created.yaml') });
      rmSync(at('.rollmark'), { recursive: true });
      symlinkSync(outside, at('.rollmark'));
      assert.deepEqual(await refusedEdit(DICTIONARY), { reason: 'outside-workspace', detail: outside });
      assert.deepEqual(readdirSync(outside), ['secret.yaml'], 'nothing created outside');
      assert.equal(readFileSync(secret, 'utf8'), '- Тайна\n', 'nothing changed outside');
      rmSync(at('.rollmark'));
      mkdirSync(at('.rollmark'));
      writeFileSync(at(DICTIONARY), '- a\n', { mode: 0o444 });
      // Root may write a read-only file; the author who made it read-only did not want it changed.
      assert.deepEqual(await refusedEdit(DICTIONARY), { reason: 'read-only' });
      assert.equal(readFileSync(at(DICTIONARY), 'utf8'), '- a\n');
      rmSync(at(DICTIONARY));
      execFileSync('mkfifo', [at(DICTIONARY)]);
      assert.deepEqual(await refusedEdit(DICTIONARY), { reason: 'not-a-regular-file', detail: 'fifo' });
      assert.deepEqual(await refusedEdit('../x.yaml'), { reason: 'outside-workspace' });
    });
  });
});
