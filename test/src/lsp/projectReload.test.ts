/**
 * Project files changed while documents are open: a watched-file change reloads only the folder
 * whose project files changed and republishes its documents; a change to any other file reloads
 * nothing; a failed load is remembered (no read per request) until the file changes; and for
 * clients that cannot watch files, `rollmark.reloadProject` does the same on demand.
 */
import * as assert from 'node:assert/strict';
import type { FileRead } from '../../../server/src/analysis/project/workspaceConfig';
import type { ReloadProjectResult } from '../../../server/src/protocol';
import { LspTestClient, MemoryFs, VSCODE_LIKE_CAPABILITIES, withRanges, WORKSPACE } from './harness';

const OTHER = 'file:///other';
const DICTIONARY = '.rollmark/dictionary.yaml';
/** A dictionary entry is skill-like: next to an Attribute the pool has no problem once it is known. */
const {
  text: TEXT,
  ranges: [IN_CHECK],
} = withRanges('«Лов⟦⟧кость + Прыгучесть»');

/** A memory file system that counts the reads of each path. */
class CountingFs extends MemoryFs {
  readonly reads = new Map<string, number>();
  refuse = false;

  override async readFile(path: string): Promise<FileRead> {
    this.reads.set(path, (this.reads.get(path) ?? 0) + 1);
    if (this.refuse && path === DICTIONARY) return { kind: 'refused', refusal: { reason: 'not-a-regular-file', detail: 'fifo' } };
    return super.readFile(path);
  }
}

describe('project files changed while open', () => {
  let client: LspTestClient;
  let here: CountingFs;
  let there: CountingFs;
  const a = `${WORKSPACE}/a.md`;
  const b = `${OTHER}/b.md`;

  async function start(capabilities = VSCODE_LIKE_CAPABILITIES): Promise<void> {
    here = new CountingFs();
    there = new CountingFs();
    client = await LspTestClient.start({ capabilities, moreFolders: [OTHER], fileSystem: (folder) => (folder === WORKSPACE ? here : folder === OTHER ? there : undefined) });
    for (const uri of [a, b]) assert.deepEqual((await client.open(uri, TEXT)).diagnostics.map((d) => d.code), ['RM001']);
  }

  afterEach(async () => client.stop());

  /** The diagnostics published for `uri` within `ms`, in order. */
  async function publishedWithin(uri: string, ms: number): Promise<number> {
    const before = client.diagnostics.filter((p) => p.uri === uri).length;
    await new Promise((resolve) => setTimeout(resolve, ms));
    return client.diagnostics.filter((p) => p.uri === uri).length - before;
  }

  it('a watched change reloads that folder only and republishes its documents', async () => {
    await start();
    here.files.set(DICTIONARY, '- Прыгучесть\n');
    there.files.set(DICTIONARY, '- Прыгучесть\n');
    const analysesBefore = client.analyses.length;
    const republished = client.nextDiagnostics(a);
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: `${WORKSPACE}/${DICTIONARY}`, type: 2 }] });
    assert.deepEqual((await republished).diagnostics, []);
    assert.equal(await publishedWithin(b, 200), 0, 'the other folder is not republished');
    assert.equal(client.analyses.length - analysesBefore, 1, 'one document analysed again');
    assert.equal(there.reads.get(DICTIONARY), 1, 'the other folder\'s dictionary is not read again');
  });

  it('a change to a file that is not a project file reloads nothing', async () => {
    await start();
    const readsBefore = here.reads.get(DICTIONARY);
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: `${WORKSPACE}/notes/config.yaml`, type: 1 }, { uri: `${WORKSPACE}/package.json`, type: 2 }] });
    assert.equal(await publishedWithin(a, 200), 0);
    assert.equal(here.reads.get(DICTIONARY), readsBefore);
  });

  it('a failed load is remembered: requests do not read the file again until it changes', async () => {
    here = new CountingFs();
    here.refuse = true;
    client = await LspTestClient.start({ fileSystem: (folder) => (folder === WORKSPACE ? here : undefined) });
    const first = await client.open(a, TEXT);
    assert.deepEqual(
      first.diagnostics.map((d) => d.code),
      ['RM011', 'RM001'],
    );
    assert.deepEqual(first.diagnostics[0].range, { start: { line: 0, character: 0 }, end: { line: 0, character: TEXT.length } });
    assert.equal(first.diagnostics[0].message, `Файл проекта «${DICTIONARY}» не используется: это именованный канал (FIFO)`);
    for (let i = 0; i < 5; i++) await client.hover(a, IN_CHECK.start);
    assert.equal(here.reads.get(DICTIONARY), 1);
    here.refuse = false;
    here.files.set(DICTIONARY, '- Прыгучесть\n');
    const republished = client.nextDiagnostics(a);
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: `${WORKSPACE}/${DICTIONARY}`, type: 1 }] });
    assert.deepEqual((await republished).diagnostics, []);
    assert.equal(here.reads.get(DICTIONARY), 2);
  });

  it('rollmark.reloadProject reloads the folder of a document, or every folder, for clients that do not watch files', async () => {
    const noWatching = { ...VSCODE_LIKE_CAPABILITIES, workspace: { ...VSCODE_LIKE_CAPABILITIES.workspace, didChangeWatchedFiles: { dynamicRegistration: false } } };
    await start(noWatching);
    assert.equal(client.serverRequests.filter((m) => m === 'client/registerCapability').length, 1, 'configuration only, no file watchers');
    here.files.set(DICTIONARY, '- Прыгучесть\n');
    there.files.set(DICTIONARY, '- Прыгучесть\n');
    let republished = client.nextDiagnostics(a);
    assert.deepEqual(await client.executeCommand<ReloadProjectResult>('rollmark.reloadProject', { uri: a }), { folders: [WORKSPACE], files: 0 });
    assert.deepEqual((await republished).diagnostics, []);
    assert.equal(await publishedWithin(b, 100), 0);
    republished = client.nextDiagnostics(b);
    assert.deepEqual(await client.executeCommand<ReloadProjectResult>('rollmark.reloadProject'), { folders: [WORKSPACE, OTHER], files: 0 });
    assert.deepEqual((await republished).diagnostics, []);
    assert.deepEqual(await client.executeCommand<ReloadProjectResult>('rollmark.reloadProject', { uri: 'file:///nowhere/x.md' }), { folders: [], files: 0 });
  });
});
