/**
 * Bounded everything (issue 19): a document past `rollmark.maxDocumentSizeMB` (or the CLI's
 * `--max-document-size-mb`) gets one note and no analysis; report and roll requests wait in a
 * queue a client can cancel from, and 400 of them at once keep the server small; input that is
 * not LSP ends the server within a second, with the reason on standard error.
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CancellationTokenSource, DiagnosticSeverity, LSPErrorCodes, ResponseError } from 'vscode-languageserver/node';
import { FramingWatcher } from '../../../server/src/framing';
import { RequestQueue } from '../../../server/src/requestQueue';
import { runCli } from '../cli/runCli';
import { docUri, LspTestClient, range } from '../lsp/harness';
import { startServerProcess, stopStartedProcesses } from '../lsp/serverProcess';

const MB = 1024 * 1024;
const CHECK = '«Сила 3 + Атлетика 2 (сложность 2)»';

/** A size as Intl writes it in megabytes, one decimal at most: «21 МБ», "1.5 MB". */
function megabytes(bytes: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / MB);
}

/** A scenario of about `bytes` UTF-8 bytes: the same paragraph with a check, again and again. */
function scenario(bytes: number): string {
  const paragraph = `Герой лезет на стену: ${CHECK}.\n\n`;
  return `---\nruleset: vampire-pack\n---\n\n${paragraph.repeat(Math.ceil(bytes / Buffer.byteLength(paragraph)))}`;
}

describe('bounds: a document larger than the limit is not analysed', function () {
  this.timeout(120_000);
  let client: LspTestClient;
  afterEach(async () => client.stop());

  it('rollmark.maxDocumentSizeMB 1: a 1.5 MB document gets one note, no lens, no hover; under the limit it is analysed', async () => {
    client = await LspTestClient.start({ locale: 'en', settings: { maxDocumentSizeMB: 1 } });
    const uri = docUri('big.scenario.md');
    const text = scenario(1.5 * MB);
    const published = await client.open(uri, text);
    assert.deepEqual(published.diagnostics, [
      { range: range(0, 0, 0, 0), severity: DiagnosticSeverity.Information, source: 'rollmark', message: `Rollmark did not check this file: the file is larger than the limit of 1 MB (${megabytes(Buffer.byteLength(text), 'en')}).` },
    ]);
    assert.deepEqual(await client.codeLenses(uri), []);
    assert.equal(await client.hover(uri, { line: 4, character: 25 }), null);
    const small = docUri('small.scenario.md');
    await client.open(small, scenario(0.5 * MB));
    assert.ok(((await client.codeLenses(small)) ?? []).length > 1000);
  });

  it('by default 20 MB: a 21 MB document gets the note at once', async () => {
    client = await LspTestClient.start({ locale: 'ru' });
    const text = scenario(21 * MB);
    const published = await client.open(docUri('book.scenario.md'), text);
    assert.deepEqual(
      published.diagnostics.map((d) => d.message),
      [`Rollmark не проверил этот файл: файл больше предела в 20 МБ (${megabytes(Buffer.byteLength(text), 'ru')}).`],
    );
  });

});

describe('bounds: rollmark check and report past the size limit', () => {
  it('rollmark check --max-document-size-mb: a larger file is not read, said on standard error, exit 2; a bad value is a usage error', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'rollmark-bounds-'));
    try {
      const file = path.join(tmp, 'big.md');
      writeFileSync(file, scenario(1.5 * MB));
      const r = await runCli(['check', '--max-document-size-mb', '1', file]);
      assert.deepEqual([r.code, r.err], [2, `rollmark check: could not read ${file}: the file is larger than the limit of 1 MB (${megabytes(Buffer.byteLength(scenario(1.5 * MB)), 'en')})\n`]);
      assert.equal((await runCli(['check', file])).code, 0);
      const bad = await runCli(['report', '--max-document-size-mb', '0', file]);
      assert.deepEqual([bad.code, bad.err], [2, 'rollmark report: --max-document-size-mb must be a number of megabytes from 1 to 1024, got "0"\n']);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});

describe('bounds: the request queue (requestQueue.ts)', () => {
  const never = new CancellationTokenSource().token;

  it('runs one at a time in order; a request cancelled while it waits is answered at once and never runs', async () => {
    const queue = new RequestQueue(1);
    const ran: string[] = [];
    let release = () => undefined as void;
    const first = queue.run('a', never, () => new Promise<string>((resolve) => (release = () => resolve('a'))).then((v) => (ran.push(v), v)));
    const cancel = new CancellationTokenSource();
    const second = queue.run('b', cancel.token, async () => (ran.push('b'), 'b'));
    const third = queue.run('c', never, async () => (ran.push('c'), 'c'));
    cancel.cancel();
    const answer = await second;
    assert.ok(answer instanceof ResponseError && answer.code === LSPErrorCodes.RequestCancelled, String(answer));
    release();
    assert.deepEqual([await first, await third, ran], ['a', 'c', ['a', 'c']]);
  });

  it('the same request asked while one waits is answered once; past the bound a new one is refused', async () => {
    const queue = new RequestQueue(1, () => undefined, 2);
    let runs = 0;
    let release = () => undefined as void;
    const busy = queue.run('busy', never, () => new Promise<void>((resolve) => (release = resolve)));
    const same = Array.from({ length: 5 }, () => queue.run('report', never, async () => ++runs, 'the key'));
    const other = queue.run('other', never, async () => 'other');
    const refused = await queue.run('late', never, async () => 'late');
    assert.ok(refused instanceof ResponseError && refused.code === LSPErrorCodes.ServerCancelled, String(refused));
    release();
    await busy;
    assert.deepEqual(await Promise.all(same), [1, 1, 1, 1, 1]);
    assert.equal(await other, 'other');
  });

  it('400 report and roll requests at once to the server process: all answered, the server under 400 MB', async function () {
    this.timeout(300_000);
    try {
      const session = startServerProcess();
      await session.connection.sendRequest('initialize', { processId: process.pid, locale: 'en', rootUri: null, capabilities: {}, initializationOptions: { diagnosticsDelay: 0, rollMessages: false } });
      await session.connection.sendNotification('initialized', {});
      const uri = 'file:///bounds/book.scenario.md';
      const opened = session.next('textDocument/publishDiagnostics');
      await session.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'markdown', version: 1, text: scenario(256 * 1024) } });
      await opened;
      let peak = 0;
      const sample = setInterval(() => (peak = Math.max(peak, Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${session.child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024)), 50);
      const answers = await Promise.all(
        Array.from({ length: 400 }, (_, i) =>
          i % 2 === 0
            ? session.connection.sendRequest<{ body: string }>('rollmark/report', { uri, scope: 'document' }).then((r) => r.body.length > 0)
            : session.connection.sendRequest<{ roll: unknown }>('workspace/executeCommand', { command: 'rollmark.rollCheck', arguments: [{ uri, line: 4, character: 22 }] }).then((r) => r.roll !== undefined),
        ),
      );
      clearInterval(sample);
      assert.equal(answers.filter(Boolean).length, 400);
      assert.ok(peak > 0 && peak < 400, `the server's RSS peaked at ${peak.toFixed(0)} MB`);
    } finally {
      stopStartedProcesses();
    }
  });
});

describe('bounds: input that is not LSP', function () {
  this.timeout(60_000);
  afterEach(stopStartedProcesses);

  it('FramingWatcher: frames split anywhere pass; no Content-Length, raw JSON, a bad length, huge headers do not', () => {
    const problems: string[] = [];
    const watch = (...chunks: string[]) => {
      const watcher = new FramingWatcher((problem) => problems.push(problem));
      for (const chunk of chunks) watcher.push(Buffer.from(chunk));
    };
    const body = '{"jsonrpc":"2.0","method":"initialized","params":{}}';
    const frame = `Content-Length: ${body.length}\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n${body}`;
    watch(frame + frame);
    watch(...(frame + frame).split(''));
    assert.deepEqual(problems, []);
    watch(`Content-Type: application/json\r\n\r\n${body}`);
    watch(body);
    watch('Content-Length: ten\r\n\r\n');
    watch('X-A: 1\r\n'.repeat(2000));
    assert.deepEqual(problems, [
      'a message has no Content-Length header',
      `expected a header such as "Content-Length: 123", got ${JSON.stringify(body)}`,
      'Content-Length is not a number: "ten"',
      'a message\'s headers are longer than 8192 bytes',
    ]);
  });

  it('a message without Content-Length: the server says why on standard error and exits within a second', async () => {
    const session = startServerProcess();
    await session.connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
    const sent = Date.now();
    session.child.stdin.write('Content-Type: application/json\r\n\r\n{"jsonrpc":"2.0","id":2,"method":"shutdown"}');
    const code = await session.exitCode;
    assert.ok(Date.now() - sent < 1000, `exited after ${Date.now() - sent} ms`);
    assert.equal(code, 2);
    assert.equal(session.stderr(), 'rollmark language server: the input is not LSP: a message has no Content-Length header; exiting\n');
  });
});
