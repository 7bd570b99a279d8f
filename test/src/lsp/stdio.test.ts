/**
 * The built server as editors start it: `node server/out/main.js --stdio`, a separate process.
 * One smoke test of the whole path (disk workspace included), and the flow a plain LSP client
 * such as Neovim goes through. Here, in a child process, `exit` is allowed and checked.
 */
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodeLens, PublishDiagnosticsParams, ShowMessageParams } from 'vscode-languageserver/node';
import { lensKey } from '../../../server/out/features/codeLens';
import type { RollCheckResult } from '../../../server/out/protocol';
import { at, joinLines, withRanges } from './harness';
import { SERVER, startServerProcess, stopServerProcess, stopStartedProcesses } from './serverProcess';

afterEach(stopStartedProcesses);

describe('the server over stdio', () => {
  let workspace: string;
  before(() => {
    workspace = mkdtempSync(join(tmpdir(), 'rollmark-lsp-'));
    mkdirSync(join(workspace, '.rollmark'));
    writeFileSync(join(workspace, '.rollmark', 'dictionary.yaml'), '- Прыгучесть\n');
  });
  after(() => rmSync(workspace, { recursive: true, force: true }));

  it('initializes, publishes diagnostics for an opened document, and exits cleanly', async () => {
    const session = startServerProcess();
    const folder = pathToFileURL(workspace).href;
    const result = await session.connection.sendRequest<{ capabilities: { executeCommandProvider?: unknown } }>('initialize', {
      processId: process.pid,
      locale: 'ru',
      rootUri: folder,
      workspaceFolders: [{ uri: folder, name: 'book' }],
      capabilities: {},
    });
    assert.deepEqual(result.capabilities.executeCommandProvider, { commands: ['rollmark.rollCheck', 'rollmark.addToDictionary', 'rollmark.reloadProject', 'rollmark.setDocumentRuleset', 'rollmark.keepRoll', 'rollmark.luckAudit', 'rollmark.writeLtexDictionary'] });
    await session.connection.sendNotification('initialized', {});
    const uri = `${folder}/scene.scenario.md`;
    const published = session.next<PublishDiagnosticsParams>('textDocument/publishDiagnostics', (p) => p.uri === uri);
    const { text, ranges } = withRanges('«Ловкость + Прыгучесть» и «⟦Ловкасть⟧ + Атлетика»');
    await session.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'markdown', version: 1, text },
    });
    assert.deepEqual(await published, {
      uri,
      version: 1,
      diagnostics: [
        { range: ranges[0], severity: 1, code: 'RM001', source: 'rollmark', message: 'Неизвестная черта «Ловкасть». Возможно: Ловкость' },
      ],
    });
    assert.equal(await stopServerProcess(session), 0);
    assert.deepEqual(session.protocolErrors, []);
  });

  it('prints usage on stderr and exits 2 when started without a transport', async () => {
    const child = spawn(process.execPath, [SERVER], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    assert.equal(code, 2);
    assert.equal(stdout, '');
    assert.match(stderr, /usage: node server\.js --stdio \| --node-ipc/);
  });
});

describe('a Neovim-style plain LSP client', () => {
  it('goes initialize → didOpen → publishDiagnostics → codeLens → codeLens/resolve → executeCommand → showMessage', async () => {
    const session = startServerProcess();
    // What a minimal client sends: no workspace folders, no configuration, no dynamic registration.
    await session.connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: null,
      clientInfo: { name: 'Neovim', version: '0.10.0' },
      capabilities: { textDocument: { publishDiagnostics: {}, codeLens: {} }, workspace: { executeCommand: {} } },
    });
    await session.connection.sendNotification('initialized', {});
    const uri = 'file:///tmp/scene.scenario.md';
    const published = session.next<PublishDiagnosticsParams>('textDocument/publishDiagnostics', (p) => p.uri === uri);
    const {
      text,
      ranges: [check],
    } = withRanges(joinLines('---', 'ruleset: vampire-pack', '---', 'Over the fence: ⟦«Сила 3 + Атлетика 3 (сложность 2)»⟧.'));
    await session.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'markdown', version: 1, text },
    });
    assert.deepEqual((await published).diagnostics, []);

    // Lenses come unresolved: Neovim resolves the ones it shows, as VS Code does.
    const lenses = await session.connection.sendRequest<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
    assert.deepEqual(lenses, [{ range: check, data: lensKey(uri) }]);
    const resolved = await session.connection.sendRequest<CodeLens>('codeLens/resolve', lenses[0]);
    assert.deepEqual(resolved, {
      range: check,
      command: { title: '🎲 Roll', command: 'rollmark.rollCheck', arguments: [{ uri, ...at(check), text: '«Сила 3 + Атлетика 3 (сложность 2)»', poolUnknown: false }] },
    });

    // The client runs the lens's command as it is; the roll is random, the message's shape is not.
    const command = resolved.command!;
    const shown = session.next<ShowMessageParams>('window/showMessage');
    const rolled = await session.connection.sendRequest<RollCheckResult>('workspace/executeCommand', { command: command.command, arguments: command.arguments });
    assert.deepEqual(await shown, { type: 3, message: rolled.message });
    assert.equal(rolled.roll.dice.length, 4);
    assert.match(rolled.message, /^🎲 «Сила 3 \+ Атлетика 3 \(сложность 2\)»: \[\d+, \d+, \d+, \d+\] → \d+ success(?:es)?: [a-z ]+ · seed \d+$/);

    // With a seed the same command is exact.
    const seededShown = session.next<ShowMessageParams>('window/showMessage');
    await session.connection.sendRequest('workspace/executeCommand', { command: command.command, arguments: [{ ...(command.arguments?.[0] as object), seed: 7 }] });
    assert.deepEqual(await seededShown, { type: 3, message: '🎲 «Сила 3 + Атлетика 3 (сложность 2)»: [1, 1, 6, 10] → 1 success: basic success · seed 7' });

    assert.equal(await stopServerProcess(session), 0);
    assert.deepEqual(session.protocolErrors, []);
  });
});
