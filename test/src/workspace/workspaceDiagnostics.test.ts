/**
 * The workspace check's order of answers (server/src/workspace/workspaceDiagnostics.ts): when two
 * checks of one file overlap — a folder check under way while the file changes or goes on disk —
 * the newest decides what is published, whichever ends last.
 */
import * as assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver';
import { DEFAULT_SETTINGS } from '../../../server/src/protocol';
import { standardClock } from '../../../server/src/workspace/clock';
import { nearestFirst, type WorkspaceCheckHost, WorkspaceDiagnostics } from '../../../server/src/workspace/workspaceDiagnostics';
import { MemoryFs } from '../lsp/harness';

const FOLDER = 'file:///book';
const FILE = `${FOLDER}/chapter.scenario.md`;
const PROBLEM: Diagnostic = { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, message: 'RM001' };

/** A host whose analyses wait until the test lets each one go, in the order it chooses. */
function slowHost(fs: MemoryFs) {
  const published: [string, number][] = [];
  const waiting: (() => void)[] = [];
  const host: WorkspaceCheckHost = {
    folders: () => [FOLDER],
    folderFor: (uri) => (uri.startsWith(`${FOLDER}/`) ? FOLDER : undefined),
    fs: () => fs,
    settings: async () => DEFAULT_SETTINGS,
    isOpen: () => false,
    openDocuments: () => [],
    diagnose: (_uri, text) => new Promise((resolve) => waiting.push(() => resolve(text.includes('«') ? [PROBLEM] : []))),
    unread: () => [],
    publish: (uri, diagnostics) => void published.push([uri, diagnostics.length]),
    progress: async () => ({ report: () => undefined, done: () => undefined }),
    log: (what, error) => assert.fail(`${what}: ${String(error)}`),
    clock: standardClock,
  };
  return { host, published, waiting };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('workspace diagnostics: the newest check of a file decides', () => {
  it('a folder check that read the file before it was deleted does not publish after the deletion cleared it', async () => {
    const fs = new MemoryFs({ 'chapter.scenario.md': '# Глава\n«Сила + Прыгучесть»\n' });
    const { host, published, waiting } = slowHost(fs);
    const check = new WorkspaceDiagnostics(host);
    // A first check publishes the file's problem.
    const first = check.checkFolders();
    while (waiting.length === 0) await settle();
    waiting.shift()?.();
    await first;
    assert.deepEqual(published, [[FILE, 1]]);
    // A second folder check reads the file, and is still analysing it when the file goes.
    const second = check.checkFolders();
    while (waiting.length === 0) await settle();
    fs.files.delete('chapter.scenario.md');
    await check.closed(FILE, false);
    assert.deepEqual(published, [[FILE, 1], [FILE, 0]]);
    // The older check ends last: its answer is stale and is not published.
    waiting.shift()?.();
    await second;
    assert.deepEqual(published, [[FILE, 1], [FILE, 0]]);
    check.dispose();
  });

  it('of two overlapping checks of a changed file, the later one’s answer stands even when the earlier ends last', async () => {
    const fs = new MemoryFs({ 'chapter.scenario.md': '# Глава\nпроза\n' });
    const { host, published, waiting } = slowHost(fs);
    const check = new WorkspaceDiagnostics(host);
    const older = check.closed(FILE, false);
    while (waiting.length === 0) await settle();
    fs.files.set('chapter.scenario.md', '# Глава\n«Сила + Прыгучесть»\n');
    const newer = check.closed(FILE, false);
    while (waiting.length < 2) await settle();
    // The newer check ends first and publishes the problem; the older one (no problem) ends after.
    waiting[1]();
    await newer;
    waiting[0]();
    await older;
    assert.deepEqual(published, [[FILE, 1]]);
    check.dispose();
  });
});

describe('workspace diagnostics: nearest the open documents first', () => {
  const paths = ['README.md', 'книга-1/глава-1.md', 'книга-1/глава-2.md', 'книга-2/глава-1.md', 'книга-2/сцены/бой.md', 'книга-3/глава-1.md'];

  it('without open documents, in the listing order', () => {
    assert.deepEqual(nearestFirst(paths, []), paths);
  });

  it('the open chapter’s folder first, then a step away, then further; ties in the listing order', () => {
    assert.deepEqual(nearestFirst(paths, ['книга-2/глава-3.md']), ['книга-2/глава-1.md', 'README.md', 'книга-2/сцены/бой.md', 'книга-1/глава-1.md', 'книга-1/глава-2.md', 'книга-3/глава-1.md']);
  });

  it('near any of the open documents', () => {
    assert.deepEqual(nearestFirst(paths, ['книга-3/глава-2.md', 'книга-2/сцены/погоня.md']), ['книга-2/сцены/бой.md', 'книга-3/глава-1.md', 'README.md', 'книга-2/глава-1.md', 'книга-1/глава-1.md', 'книга-1/глава-2.md']);
  });

  it('checks the files beside the open document before the others', async () => {
    const fs = new MemoryFs({ 'а/первая.scenario.md': '«Сила»\n', 'б/вторая.scenario.md': '«Сила»\n', 'в/третья.scenario.md': '«Сила»\n' });
    const { host, published, waiting } = slowHost(fs);
    const check = new WorkspaceDiagnostics({ ...host, openDocuments: () => [`${FOLDER}/в/открытая.scenario.md`] });
    const done = check.checkFolders();
    for (let n = 0; n < 3; n++) {
      while (waiting.length === 0) await settle();
      waiting.shift()?.();
    }
    await done;
    assert.deepEqual(published.map(([uri]) => decodeURIComponent(uri.slice(FOLDER.length + 1))), ['в/третья.scenario.md', 'а/первая.scenario.md', 'б/вторая.scenario.md']);
    check.dispose();
  });
});
