/**
 * One dictionary, many writers (issue 19): two language servers on one folder — two VS Code
 * windows, or VS Code and Neovim — adding terms at once lose none (the edit's lock,
 * workspace/projectFs.ts); a lock left by a process that died is taken over; a server that did not
 * write reads the other's terms; a term or a dictionary past its bound is refused with a message
 * that echoes no more than 200 characters.
 */
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { lock } from 'proper-lockfile';
import type { PublishDiagnosticsParams } from 'vscode-languageserver/node';
import { LSPErrorCodes, MessageType } from 'vscode-languageserver/node';
import { parseDictionary } from '../../../server/src/analysis/project/workspaceConfig';
import type { AddToDictionaryResult } from '../../../server/src/protocol';
import { MAX_RULESET_CHARS } from '../../../server/src/engine/rulesetLoader';
import { diskFiles } from '../../../server/src/node/projectFs';
import { errorOf, LspTestClient } from '../lsp/harness';
import { type Session, startServerProcess, stopServerProcess, stopStartedProcesses } from '../lsp/serverProcess';

const DICTIONARY = '.rollmark/dictionary.yaml';

/** A server over stdio on `folder`, as a plain client starts it: no file watcher, no configuration. */
async function serverOn(folder: string): Promise<Session> {
  const session = startServerProcess();
  const uri = pathToFileURL(folder).href;
  await session.connection.sendRequest('initialize', { processId: process.pid, locale: 'en', rootUri: uri, workspaceFolders: [{ uri, name: 'book' }], capabilities: {}, initializationOptions: { diagnosticsDelay: 0, rollMessages: false } });
  await session.connection.sendNotification('initialized', {});
  return session;
}

describe('one dictionary, many writers', function () {
  this.timeout(120_000);
  let root = '';
  let book = '';
  const at = (relative: string) => path.join(book, relative);
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'rollmark-writers-'));
    book = path.join(root, 'book');
    mkdirSync(path.join(book, '.rollmark'), { recursive: true });
  });
  afterEach(() => {
    stopStartedProcesses();
    rmSync(root, { recursive: true, force: true });
  });

  it('two server processes adding 50 terms each at the same time: all 100 in the file, the author’s lines kept, nothing left behind', async () => {
    writeFileSync(at(DICTIONARY), '# Наши черты\ntraits:\n  - Погоня # из первой книги\n');
    const servers = await Promise.all([serverOn(book), serverOn(book)]);
    const uri = pathToFileURL(at('scene.md')).href;
    const terms = servers.map((_, s) => Array.from({ length: 50 }, (_, i) => `Черта ${s}-${i}`));
    const results = await Promise.all(
      servers.flatMap((server, s) => terms[s].map((term) => server.connection.sendRequest<AddToDictionaryResult>('workspace/executeCommand', { command: 'rollmark.addToDictionary', arguments: [{ uri, term }] }))),
    );
    assert.ok(results.every((r) => r.added));
    const text = readFileSync(at(DICTIONARY), 'utf8');
    assert.ok(text.startsWith('# Наши черты\ntraits:\n  - Погоня # из первой книги\n'), text.slice(0, 120));
    assert.deepEqual(parseDictionary(text).terms.sort(), ['Погоня', ...terms.flat()].sort());
    assert.deepEqual(readdirSync(at('.rollmark')), ['dictionary.yaml'], 'no lock and no temporary file left');
    for (const server of servers) assert.equal(await stopServerProcess(server), 0);
  });

  it('a server that did not write, with no file watcher, reads the other’s term: its diagnostic goes within seconds', async () => {
    writeFileSync(at(DICTIONARY), '- Погоня\n');
    const [writer, reader] = await Promise.all([serverOn(book), serverOn(book)]);
    const uri = pathToFileURL(at('scene.md')).href;
    const opened = reader.next<PublishDiagnosticsParams>('textDocument/publishDiagnostics', (p) => p.uri === uri);
    await reader.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'markdown', version: 1, text: '---\nruleset: vampire-pack\n---\n«Сила + Паркур (сложность 2)»\n' } });
    assert.deepEqual((await opened).diagnostics.map((d) => d.code), ['RM001']);
    // The reader looks at the dictionary's stamp once a second.
    const republished = reader.next<PublishDiagnosticsParams>('textDocument/publishDiagnostics', (p) => p.uri === uri);
    await writer.connection.sendRequest('workspace/executeCommand', { command: 'rollmark.addToDictionary', arguments: [{ uri, term: 'Паркур' }] });
    assert.deepEqual((await republished).diagnostics, []);
  });

  describe('in one server', () => {
    let client: LspTestClient;
    let uri = '';
    beforeEach(async () => {
      const folder = pathToFileURL(book).href;
      client = await LspTestClient.start({ workspaceFolder: folder, fileSystem: diskFiles, locale: 'en' });
      uri = `${folder}/scene.md`;
      await client.open(uri, '«Прыгучесть + Атлетика»');
    });
    afterEach(async () => client.stop());

    const add = (term: string) => client.executeCommand<AddToDictionaryResult>('rollmark.addToDictionary', { uri, term });

    it('a lock left by a process that died is taken over; one held by a live process is waited for', async () => {
      writeFileSync(at(DICTIONARY), '- Погоня\n');
      mkdirSync(at(`${DICTIONARY}.lock`));
      const minuteAgo = new Date(Date.now() - 60_000);
      utimesSync(at(`${DICTIONARY}.lock`), minuteAgo, minuteAgo);
      assert.deepEqual(await add('Паркур'), { file: pathToFileURL(at(DICTIONARY)).href, added: true });
      assert.deepEqual(readdirSync(at('.rollmark')), ['dictionary.yaml']);

      const release = await lock(at(DICTIONARY), { realpath: false });
      const started = Date.now();
      setTimeout(() => void release(), 500);
      assert.equal((await add('Взлом')).added, true);
      assert.ok(Date.now() - started >= 450, 'the add waited for the lock');
      assert.deepEqual(parseDictionary(readFileSync(at(DICTIONARY), 'utf8')).terms, ['Погоня', 'Паркур', 'Взлом']);
    });

    it('a term of more than 100 characters is refused with a message that quotes no more than 200 of them', async () => {
      const shown = client.nextMessage();
      const [code, message] = await errorOf(add('Ы'.repeat(5000)));
      assert.equal(code, LSPErrorCodes.RequestFailed);
      assert.equal(message, `"${'Ы'.repeat(199)}…" was not added to the project dictionary ${DICTIONARY}: the term is longer than 100 characters`);
      assert.deepEqual(await shown, { type: MessageType.Error, message });
      assert.deepEqual(readdirSync(at('.rollmark')), []);
      assert.equal((await add('Ы'.repeat(100))).added, true);
    });

    it('a dictionary that would grow past 1 MB is refused, the file as it was', async () => {
      // Just under a million characters, the most a dictionary is read up to.
      const name = 'x'.repeat(88);
      const whole = Array.from({ length: Math.floor((MAX_RULESET_CHARS - 40) / 96) }, (_, i) => `- ${name}${String(i).padStart(5, '0')}\n`).join('');
      writeFileSync(at(DICTIONARY), whole);
      const term = 'Прыгучесть '.repeat(9).trim();
      const [, message] = await errorOf(add(term));
      assert.equal(message, `"${term}" was not added to the project dictionary ${DICTIONARY}: the dictionary would grow past 1 MB`);
      assert.equal(readFileSync(at(DICTIONARY), 'utf8'), whole);
    });
  });
});
