/**
 * Problems for the whole workspace: the folder's scenario files that are not open get
 * diagnostics too (`*.scenario.md` always, other Markdown per `rollmark.markdown.enable`), with
 * progress while a folder is checked; again when a file changes on disk, when an open one is
 * closed, and on `rollmark.reloadProject`; `rollmark.diagnostics.scope: openFiles` keeps them to
 * open documents.
 */
import * as assert from 'node:assert/strict';
import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver/node';
import type { FileRead } from '../../../server/out/analysis/project/workspaceConfig';
import type { ReloadProjectResult } from '../../../server/out/protocol';
import { docUri, joinLines, LspTestClient, MemoryFs, WORKSPACE } from './harness';

const VAMPIRE = ['---', 'ruleset: vampire-pack', 'characters:', '  Адриан: { Сила: 3, Атлетика: 3 }', '---', ''];
/** An unknown trait (RM001) on line 7 (0-based 6). */
const WITH_ERROR = joinLines(...VAMPIRE, '«Адриан: Сила + Акробатика (сложность 2)»', '');
const CLEAN = joinLines(...VAMPIRE, '«Адриан: Сила + Атлетика (сложность 2)»', '');

const FILES = {
  'глава (1).scenario.md': WITH_ERROR,
  'notes/заметки.md': WITH_ERROR,
  'notes/readme.md': joinLines('# README', '', '«Ловкасть + Атлетика»', ''),
  'clean.scenario.md': CLEAN,
  '.trash/old.scenario.md': WITH_ERROR,
  '.rollmark/dictionary.yaml': 'terms: []\n',
};
const CHAPTER = `${WORKSPACE}/%D0%B3%D0%BB%D0%B0%D0%B2%D0%B0%20%281%29.scenario.md`;
const NOTES = `${WORKSPACE}/notes/%D0%B7%D0%B0%D0%BC%D0%B5%D1%82%D0%BA%D0%B8.md`;
const README = docUri('notes/readme.md');

const codes = (diagnostics: readonly Diagnostic[]) => diagnostics.map((d) => `${String(d.code)}@${d.range.start.line}`);

/** The diagnostics last published for each URI, among those with any published. */
function latest(client: LspTestClient): Map<string, Diagnostic[]> {
  const byUri = new Map<string, Diagnostic[]>();
  for (const p of client.diagnostics) byUri.set(p.uri, p.diagnostics);
  return byUri;
}

async function until(what: string, probe: () => boolean, timeout = 5000): Promise<void> {
  const end = Date.now() + timeout;
  while (!probe()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('problems for the whole workspace', () => {
  let client: LspTestClient;
  afterEach(async () => client.stop());

  const start = async (settings: Record<string, unknown> = {}, files: Record<string, string> = FILES) => {
    client = await LspTestClient.start({ files, settings: { markdown: { enable: 'withRuleset' }, ...settings } });
    return client;
  };
  const reload = () => client.executeCommand<ReloadProjectResult>('rollmark.reloadProject');

  it('checks the folder’s scenario files that are not open, and Markdown that names a ruleset, skipping dot folders', async () => {
    await start();
    assert.deepEqual(await reload(), { folders: [WORKSPACE], files: 4 });
    const published = latest(client);
    assert.deepEqual(codes(published.get(CHAPTER) ?? []), ['RM001@6']);
    assert.deepEqual(codes(published.get(NOTES) ?? []), ['RM001@6']);
    assert.equal(published.get(CHAPTER)?.[0].message.includes('Акробатика'), true);
    // A clean file, Markdown without a ruleset and a dot folder: nothing published at all.
    assert.deepEqual([...published.keys()].sort(), [CHAPTER, NOTES].sort());
    assert.equal(published.has(README), false);
  });

  it('follows rollmark.markdown.enable: "all" checks every Markdown file, "none" only scenario files', async () => {
    await start({ markdown: { enable: 'all' } });
    await reload();
    assert.deepEqual(codes(latest(client).get(README) ?? []), ['RM001@2']);
    await client.changeSettings({ markdown: { enable: 'none' } });
    await until('notes cleared', () => latest(client).get(NOTES)?.length === 0 && latest(client).get(README)?.length === 0);
    assert.deepEqual(codes(latest(client).get(CHAPTER) ?? []), ['RM001@6']);
  });

  it('hands a file to the open document while it is open, and checks it from disk again once it is closed', async () => {
    await start();
    await reload();
    const opened = await client.open(CHAPTER, CLEAN);
    assert.deepEqual(opened.diagnostics, []);
    // Edited and closed without saving: the file on disk still has its error.
    const published = client.nextDiagnostics(CHAPTER);
    await client.close(CHAPTER);
    assert.deepEqual(codes((await published).diagnostics), ['RM001@6']);
  });

  it('clears a closed file’s diagnostics once it is fixed or deleted on disk, and checks a new file', async () => {
    await start();
    await reload();
    const watched = client.registrations.find((r) => r.method === 'workspace/didChangeWatchedFiles')?.registerOptions as { watchers: { globPattern: string }[] };
    assert.ok(watched.watchers.some((w) => w.globPattern === '**/*.{md,markdown}'));
    client.fs.files.set('глава (1).scenario.md', CLEAN);
    client.fs.files.delete('notes/заметки.md');
    client.fs.files.set('new.scenario.md', WITH_ERROR);
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [
        { uri: CHAPTER, type: 2 },
        { uri: NOTES, type: 3 },
        { uri: docUri('new.scenario.md'), type: 1 },
      ],
    });
    await until('the changes', () => latest(client).get(CHAPTER)?.length === 0 && latest(client).get(NOTES)?.length === 0 && latest(client).has(docUri('new.scenario.md')));
    assert.deepEqual(codes(latest(client).get(docUri('new.scenario.md')) ?? []), ['RM001@6']);
  });

  it('re-checks on rollmark.reloadProject files that changed without a notification', async () => {
    await start();
    await reload();
    client.fs.files.set('clean.scenario.md', WITH_ERROR);
    assert.deepEqual(await reload(), { folders: [WORKSPACE], files: 4 });
    assert.deepEqual(codes(latest(client).get(docUri('clean.scenario.md')) ?? []), ['RM001@6']);
  });

  it('keeps to open documents with rollmark.diagnostics.scope "openFiles", clearing what the workspace check published', async () => {
    await start();
    await reload();
    await client.changeSettings({ markdown: { enable: 'withRuleset' }, diagnostics: { scope: 'openFiles' } });
    await until('cleared', () => latest(client).get(CHAPTER)?.length === 0 && latest(client).get(NOTES)?.length === 0);
    const before = client.diagnostics.length;
    assert.deepEqual(await reload(), { folders: [WORKSPACE], files: 0 });
    assert.equal(client.diagnostics.length, before);
    // An open document still gets its diagnostics, and a closed one loses them.
    await client.open(docUri('clean.scenario.md'), WITH_ERROR);
    const cleared = client.nextDiagnostics(docUri('clean.scenario.md'));
    await client.close(docUri('clean.scenario.md'));
    assert.deepEqual(await cleared, { uri: docUri('clean.scenario.md'), diagnostics: [] } satisfies PublishDiagnosticsParams);
  });

  it('notes on a scenario file it could not read why it was not checked', async () => {
    class RefusingFs extends MemoryFs {
      override async readScenario(path: string): Promise<FileRead> {
        return path === 'huge.scenario.md' ? { kind: 'refused', refusal: { reason: 'too-large', detail: String(40 * 1024 * 1024), limit: 32 * 1024 * 1024 } } : super.readScenario(path);
      }
    }
    const fs = new RefusingFs({ 'huge.scenario.md': 'x' });
    client = await LspTestClient.start({ fileSystem: (folder) => (folder === WORKSPACE ? fs : undefined) });
    await client.executeCommand('rollmark.reloadProject');
    assert.deepEqual(latest(client).get(docUri('huge.scenario.md')), [
      {
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        severity: 3,
        source: 'rollmark',
        message: 'Rollmark не проверил этот файл: файл больше предела в 32 МБ (40 МБ).',
      },
    ]);
  });

  it('reports progress while a folder is checked: begun, counted, ended', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 30; i++) files[`chapter-${String(i).padStart(2, '0')}.scenario.md`] = WITH_ERROR;
    client = await LspTestClient.start({ files, progressAfter: 0 });
    await client.executeCommand('rollmark.reloadProject');
    await until('the progress to end', () => client.progress.some((p) => (p.value as { kind: string }).kind === 'end'));
    const kinds = client.progress.map((p) => (p.value as { kind: string }).kind);
    assert.equal(kinds[0], 'begin');
    assert.equal(kinds[kinds.length - 1], 'end');
    assert.deepEqual(client.progress[0].value, { kind: 'begin', title: 'Rollmark', percentage: 0, cancellable: false });
    assert.ok(client.serverRequests.includes('window/workDoneProgress/create'));
    assert.equal([...latest(client).values()].filter((d) => d.length === 1).length, 30);
  });
});
