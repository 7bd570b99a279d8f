/**
 * LSP's lifecycle over a real connection: nothing served before `initialize` (-32002), documents
 * opened before it analysed once initialised, one `initialize` only, nothing served after
 * `shutdown` (InvalidRequest), a `didChange` that reuses a version number still analysed, and a
 * server whose editor is gone (stdout closed) that ends quietly instead of crashing on its own
 * error report.
 */
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ErrorCodes } from 'vscode-languageserver/node';
import { crashReporter, isConnectionGone } from '../../../server/src/crashReporter';
import { docUri, errorOf, LspTestClient, withRanges } from './harness';

const SERVER = join(__dirname, '..', '..', '..', 'server', 'out', 'main.js');
const uri = docUri('scene.md');
const {
  text: UNKNOWN,
  ranges: [UNKNOWN_TRAIT, IN_UNKNOWN],
} = withRanges('«⟦Пр⟦⟧ыгучесть⟧ + Атлетика»');
const {
  text: KNOWN,
  ranges: [IN_KNOWN],
} = withRanges('«С⟦⟧ила + Атлетика»');

describe('the LSP lifecycle', () => {
  let client: LspTestClient | undefined;
  let shutDown = false;
  afterEach(async () => {
    await client?.stop(shutDown);
    client = undefined;
    shutDown = false;
  });

  it('answers every request before initialize with -32002 ServerNotInitialized', async () => {
    client = LspTestClient.connect();
    const c = client;
    const hover = await errorOf(c.hover(uri, IN_UNKNOWN.start));
    assert.deepEqual(hover, [ErrorCodes.ServerNotInitialized, 'hover: the server is not initialized yet; send "initialize" first']);
    assert.equal((await errorOf(c.executeCommand('rollmark.reloadProject')))[0], ErrorCodes.ServerNotInitialized);
    assert.equal((await errorOf(c.request('rollmark/documentInfo', { textDocument: { uri } })))[0], ErrorCodes.ServerNotInitialized);
    assert.equal((await errorOf(c.request('textDocument/definition', { textDocument: { uri }, position: { line: 0, character: 0 } })))[0], ErrorCodes.ServerNotInitialized);
    assert.equal((await errorOf(c.request('shutdown', null)))[0], ErrorCodes.ServerNotInitialized);
    // And it is served normally once initialised.
    await c.initialize();
    await c.connection.sendNotification('initialized', {});
    await c.open(uri, UNKNOWN);
    assert.ok(await c.hover(uri, IN_UNKNOWN.start));
  });

  it('analyses the documents opened before initialize once it is initialised', async () => {
    client = LspTestClient.connect();
    const published = client.nextDiagnostics(uri, 1);
    await client.openOnly(uri, UNKNOWN);
    await client.initialize();
    await client.connection.sendNotification('initialized', {});
    assert.deepEqual(
      (await published).diagnostics.map((d) => [d.code, d.range]),
      [['RM001', UNKNOWN_TRAIT]],
    );
  });

  it('refuses a second initialize with InvalidRequest and keeps the first session', async () => {
    client = await LspTestClient.start();
    const [code, message] = await errorOf(client.initialize({ locale: 'en' }));
    assert.deepEqual([code, message], [ErrorCodes.InvalidRequest, 'initialize: the server is already initialized; a session has one "initialize"']);
    // Still Russian, as the first initialize said.
    const { diagnostics } = await client.open(uri, UNKNOWN);
    assert.match(diagnostics[0].message.replace('Прыгучесть', ''), /[а-яё]{4}/);
  });

  it('answers every request after shutdown with InvalidRequest', async () => {
    client = await LspTestClient.start();
    await client.open(uri, KNOWN);
    await client.request('shutdown', null);
    shutDown = true;
    const expected = (method: string) => [ErrorCodes.InvalidRequest, `${method}: the server is shut down; only "exit" is accepted`];
    assert.deepEqual(await errorOf(client.hover(uri, IN_KNOWN.start)), expected('hover'));
    assert.deepEqual(await errorOf(client.executeCommand('rollmark.reloadProject')), expected('workspace/executeCommand'));
    assert.deepEqual(await errorOf(client.request('textDocument/definition', { textDocument: { uri }, position: { line: 0, character: 0 } })), expected('textDocument/definition'));
    assert.deepEqual(await errorOf(client.request('shutdown', null)), expected('shutdown'));
  });

  it('a didChange reusing the version number is analysed: diagnostics and hover follow the new text', async () => {
    client = await LspTestClient.start();
    const first = await client.open(uri, UNKNOWN);
    assert.deepEqual(
      first.diagnostics.map((d) => d.code),
      ['RM001'],
    );
    // The hover of version 1 is cached now; a client then sends a change that still says version 1.
    assert.match(JSON.stringify(await client.hover(uri, IN_UNKNOWN.start)), /Прыгучесть/);
    const republished = client.nextDiagnostics(uri, 1);
    await client.change(uri, 1, [{ range: UNKNOWN_TRAIT, text: 'Сила' }]);
    assert.deepEqual((await republished).diagnostics, []);
    // The cursor of before is inside the new name too.
    const hover = JSON.stringify(await client.hover(uri, IN_UNKNOWN.start));
    assert.match(hover, /Сила/);
    assert.doesNotMatch(hover, /Прыгучесть/);
  });
});

describe('the crash handler', () => {
  it('never throws: a log that fails because the editor is gone ends the process with 1, other failures fall back to stderr', () => {
    const calls: string[] = [];
    const epipe = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    let logFails: unknown = epipe;
    const report = crashReporter({
      log: (m) => {
        calls.push(`log ${m.split('\n')[0]}`);
        if (logFails) throw logFails;
      },
      stderr: (t) => {
        calls.push(`stderr ${t.split('\n')[0]}`);
        throw epipe;
      },
      exit: (code) => calls.push(`exit ${code}`),
    });
    logFails = new Error('log broke');
    report('uncaught exception', new Error('boom'));
    assert.deepEqual(calls.splice(0), ['log rollmark: uncaught exception: Error: boom', 'stderr rollmark: uncaught exception: Error: boom']);
    logFails = epipe;
    report('uncaught exception', new Error('boom'));
    assert.deepEqual(calls.splice(0), ['log rollmark: uncaught exception: Error: boom', 'stderr rollmark: the editor closed the connection; exiting', 'exit 1']);
    report('uncaught exception', epipe);
    assert.deepEqual(calls, [], 'once ending, nothing more is reported');
    assert.equal(isConnectionGone(new Error('other')), false);
  });

  it('the server whose stdout is closed ends with exit code 1 and no stack trace', async () => {
    const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // The editor is gone: nobody reads what the server writes.
    child.stdout.destroy();
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
    child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    const timer = setTimeout(() => child.kill(), 10_000);
    const code = await exited;
    clearTimeout(timer);
    assert.equal(code, 1, stderr);
    assert.equal(stderr, 'rollmark: the editor closed the connection; exiting\n');
  });
});
