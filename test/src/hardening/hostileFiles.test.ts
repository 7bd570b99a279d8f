/**
 * Issue 10's hostile project files, built on disk, against the built server as editors start it
 * (`node server/out/main.js --stdio`), run as `nobody` when the tests run as root, so that
 * permissions hold as for an author (root reads everything), and under strace, which records
 * every file the server opens. One workspace folder per case: the dictionary linked to
 * /dev/zero, /dev/urandom, /proc/self/fd/0, a file outside, nothing, itself (a loop); a FIFO, a
 * folder, a 50 MB file and an unreadable file as the dictionary; a 50 MB ruleset; a rulesets
 * folder linked outside or unreadable; a project folder the author cannot write in.
 *
 * Shown: every folder publishes diagnostics and answers a hover within 2 s; the bad file has
 * its diagnostic (on the file, or on the folder's document when the file cannot hold one); the
 * server stays under 300 MB; no file outside the workspace, no FIFO, device or oversized file is
 * ever opened, and nothing is written outside the workspace; the dictionary command says which
 * file and why instead of writing.
 */
import * as assert from 'node:assert/strict';
import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, type MessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import type { Hover, PublishDiagnosticsParams } from 'vscode-languageserver/node';
import { requireSystemTools, STRACE } from '../systemTools';
import { withRanges } from '../lsp/harness';

const SERVER = path.join(__dirname, '..', '..', '..', 'server', 'out', 'main.js');
const DICTIONARY = '.rollmark/dictionary.yaml';
const RULESETS = '.rollmark/rulesets';
/** The opening fence, where a folder's problem is shown, and a cursor in the check (marked). */
const {
  text: SCENARIO,
  ranges: [OPENING_FENCE, IN_CHECK],
} = withRanges('⟦---⟧\nruleset: vampire-pack\n---\n\n«Си⟦⟧ла + Атлетика (сложность 2)»\n');
const LIMIT_MS = 2000;
const LIMIT_RSS = 300 * 1024 * 1024;
const asRoot = process.getuid?.() === 0;

interface Case {
  name: string;
  build(at: (relative: string) => string, outside: string): void;
  /** The RM011 message expected on the folder's document, or on the named file. */
  expect: { onDocument: string } | { onFile: string; message: string };
}

const CASES: Case[] = [
  { name: 'zero', build: (at) => symlinkSync('/dev/zero', at(DICTIONARY)), expect: { onDocument: `The project file "${DICTIONARY}" is not used: it leads outside the workspace folder (to /dev/zero)` } },
  { name: 'urandom', build: (at) => symlinkSync('/dev/urandom', at(DICTIONARY)), expect: { onDocument: `The project file "${DICTIONARY}" is not used: it leads outside the workspace folder (to /dev/urandom)` } },
  { name: 'stdin', build: (at) => symlinkSync('/proc/self/fd/0', at(DICTIONARY)), expect: { onDocument: `The project file "${DICTIONARY}" is not used: ` } },
  { name: 'fifo', build: (at) => execFileSync('mkfifo', [at(DICTIONARY)]), expect: { onDocument: `The project file "${DICTIONARY}" is not used: it is a named pipe (FIFO)` } },
  { name: 'folder', build: (at) => mkdirSync(at(DICTIONARY)), expect: { onDocument: `The project file "${DICTIONARY}" is not used: it is a folder` } },
  {
    name: 'loop',
    build: (at) => {
      symlinkSync('dictionary.yaml', at(DICTIONARY));
    },
    expect: { onDocument: `The project file "${DICTIONARY}" is not used: the symbolic links on its path form a loop` },
  },
  { name: 'outside', build: (at, outside) => symlinkSync(path.join(outside, 'secret.yaml'), at(DICTIONARY)), expect: { onDocument: `The project file "${DICTIONARY}" is not used: it leads outside the workspace folder (to ` } },
  { name: 'dangling', build: (at, outside) => symlinkSync(path.join(outside, 'missing.yaml'), at(DICTIONARY)), expect: { onDocument: `The project file "${DICTIONARY}" is not used: it is a link to a file that does not exist (` } },
  {
    name: 'huge',
    build: (at) => {
      // Written, not sparse: a reader that read it would hold 50 MB.
      writeFileSync(at(DICTIONARY), Buffer.alloc(50 * 1024 * 1024, 0x61));
      writeFileSync(at(`${RULESETS}/huge.yaml`), '');
      truncateSync(at(`${RULESETS}/huge.yaml`), 50 * 1024 * 1024);
    },
    expect: { onFile: DICTIONARY, message: `The project file "${DICTIONARY}" is not used: the file is larger than the limit of 1 MB (50 MB)` },
  },
  {
    name: 'unreadable',
    build: (at) => {
      writeFileSync(at(DICTIONARY), '- Прыгучесть\n');
      chmodSync(at(DICTIONARY), 0o000);
    },
    expect: { onFile: DICTIONARY, message: `The project file "${DICTIONARY}" is not used: permission to read it is denied` },
  },
  {
    name: 'rulesets-outside',
    build: (at, outside) => {
      rmSync(at(RULESETS), { recursive: true });
      symlinkSync(outside, at(RULESETS));
    },
    expect: { onDocument: `The project file "${RULESETS}" is not used: it leads outside the workspace folder (to ` },
  },
  {
    name: 'rulesets-unreadable',
    build: (at) => chmodSync(at(RULESETS), 0o000),
    expect: { onDocument: `The project file "${RULESETS}" is not used: permission to read it is denied` },
  },
];

interface Server {
  child: ChildProcessWithoutNullStreams;
  connection: MessageConnection;
  diagnostics: PublishDiagnosticsParams[];
  trace: string;
  stderr: () => string;
}

/** The server's own process id: strace's child when run under it. */
function serverPid(child: ChildProcessWithoutNullStreams): number {
  const children = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/).map(Number);
  return children[0];
}

function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 'NaN') * 1024;
}

function startServer(base: string): Server {
  const trace = path.join(base, 'trace.txt');
  // strace writes its trace as root; the server runs as nobody.
  const args = ['-f', '-qq', '-e', 'trace=open,openat,creat,rename,renameat,renameat2,mkdir,mkdirat,unlink,unlinkat,truncate', '-o', trace, ...(asRoot ? ['-u', 'nobody'] : []), process.execPath, SERVER, '--stdio'];
  const child = spawn('strace', args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const diagnostics: PublishDiagnosticsParams[] = [];
  connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => diagnostics.push(p));
  connection.onNotification('window/logMessage', () => undefined);
  connection.onNotification('window/showMessage', () => undefined);
  connection.listen();
  return { child, connection, diagnostics, trace, stderr: () => stderr };
}

async function waitFor<T>(what: string, find: () => T | undefined, ms: number): Promise<T> {
  const started = Date.now();
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() - started > ms) throw new Error(`no ${what} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('hostile project files on disk, against the server process', function () {
  this.timeout(60_000);
  let base = '';
  let outside = '';
  let server: Server | undefined;
  const folderOf = (name: string) => path.join(base, name);

  before(() => {
    requireSystemTools(STRACE);
    base = mkdtempSync(path.join(os.tmpdir(), 'rollmark-hostile-'));
    chmodSync(base, 0o755);
    outside = path.join(base, 'elsewhere');
    mkdirSync(path.join(outside));
    writeFileSync(path.join(outside, 'secret.yaml'), '- Тайна\n');
    writeFileSync(path.join(outside, 'secret-rules.yaml'), 'id: secret-rules\nextends: vampire-pack\n');
    for (const c of [...CASES, { name: 'readonly-folder', build: (at: (r: string) => string) => chmodSync(at('.rollmark'), 0o555) }]) {
      const root = folderOf(c.name);
      mkdirSync(path.join(root, RULESETS), { recursive: true });
      writeFileSync(path.join(root, 'scene.md'), SCENARIO);
      c.build((relative) => path.join(root, relative), outside);
    }
  });
  after(async () => {
    if (server && server.child.exitCode === null) server.child.kill();
    execFileSync('chmod', ['-R', 'u+rwX', base]);
    rmSync(base, { recursive: true, force: true });
  });

  it('every folder serves diagnostics and hovers within 2 s, under 300 MB, each bad file with its diagnostic; nothing outside is opened or written', async () => {
    server = startServer(base);
    const s = server;
    const names = [...CASES.map((c) => c.name), 'readonly-folder'];
    const folders = names.map((name) => ({ uri: pathToFileURL(folderOf(name)).href, name }));
    await s.connection.sendRequest('initialize', { processId: null, locale: 'en', rootUri: null, workspaceFolders: folders, capabilities: {} });
    await s.connection.sendNotification('initialized', {});
    const timings: string[] = [];
    for (const c of CASES) {
      const uri = `${pathToFileURL(folderOf(c.name)).href}/scene.md`;
      const opened = Date.now();
      await s.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'markdown', version: 1, text: SCENARIO } });
      const published = await waitFor(`diagnostics of ${c.name}`, () => s.diagnostics.find((p) => p.uri === uri), LIMIT_MS);
      const diagnosticsMs = Date.now() - opened;
      const asked = Date.now();
      const hover = await s.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri }, position: IN_CHECK.start });
      const hoverMs = Date.now() - asked;
      timings.push(`${c.name}: diagnostics ${diagnosticsMs} ms, hover ${hoverMs} ms`);
      assert.ok(diagnosticsMs < LIMIT_MS && hoverMs < LIMIT_MS, timings.at(-1));
      assert.match(JSON.stringify(hover?.contents), /Сила/, `${c.name}: a hover with the check's odds`);
      const rm011 = published.diagnostics.filter((d) => d.code === 'RM011');
      if ('onDocument' in c.expect) {
        assert.equal(rm011.length, 1, `${c.name}: ${JSON.stringify(published.diagnostics)}`);
        assert.ok(rm011[0].message.startsWith(c.expect.onDocument), `${c.name}: ${rm011[0].message}`);
        assert.deepEqual(rm011[0].range, OPENING_FENCE);
      } else {
        const fileUri = `${pathToFileURL(folderOf(c.name)).href}/${c.expect.onFile}`;
        const onFile = await waitFor(`diagnostics of ${c.expect.onFile}`, () => s.diagnostics.find((p) => p.uri === fileUri), LIMIT_MS);
        assert.deepEqual(
          onFile.diagnostics.map((d) => [d.code, d.message]),
          [['RM011', c.expect.message]],
        );
        assert.deepEqual(rm011, [], `${c.name}: the document itself is clean`);
      }
    }
    // The 50 MB ruleset beside the 50 MB dictionary has its own diagnostic.
    const hugeRuleset = `${pathToFileURL(folderOf('huge')).href}/${RULESETS}/huge.yaml`;
    assert.ok(s.diagnostics.some((p) => p.uri === hugeRuleset && p.diagnostics[0]?.message.includes('larger than the limit')));
    const rss = rssOf(serverPid(s.child));
    timings.push(`RSS ${Math.round(rss / 1024 / 1024)} MB`);
    if (process.env.HARDENING_TIMINGS) console.log(`      ${timings.join('\n      ')}`);
    assert.ok(rss < LIMIT_RSS, `RSS ${Math.round(rss / 1024 / 1024)} MB`);

    // The dictionary command refuses, saying which file and why: a link outside, a folder the author cannot write in.
    const add = (name: string) =>
      s.connection.sendRequest('workspace/executeCommand', { command: 'rollmark.addToDictionary', arguments: [{ uri: `${pathToFileURL(folderOf(name)).href}/scene.md`, term: 'Прыгучесть' }] }).then(
        () => 'added',
        (error: Error) => error.message,
      );
    assert.match(await add('outside'), /^"Прыгучесть" was not added to the project dictionary \.rollmark\/dictionary\.yaml: it leads outside the workspace folder/);
    assert.match(await add('dangling'), /: it is a link to a file that does not exist/);
    assert.equal(await add('readonly-folder'), `"Прыгучесть" was not added to the project dictionary .rollmark/dictionary.yaml: permission to write in the folder ${path.join(folderOf('readonly-folder'), '.rollmark')} is denied`);
    assert.match(await add('unreadable'), /: permission to read it is denied$/);

    await s.connection.sendRequest('shutdown');
    await s.connection.sendNotification('exit');
    await new Promise((resolve) => s.child.on('exit', resolve));
    s.connection.dispose();

    assert.deepEqual(readdirSync(outside).sort(), ['secret-rules.yaml', 'secret.yaml'], 'nothing created outside');
    assert.equal(readFileSync(path.join(outside, 'secret.yaml'), 'utf8'), '- Тайна\n');
    const calls = readFileSync(s.trace, 'utf8').split('\n');
    // The trace is real: it has the server's attempt at the one file it may open but cannot read.
    assert.ok(calls.some((l) => l.includes(`"${path.join(folderOf('unreadable'), DICTIONARY)}"`) && l.includes('EACCES')), 'the trace records the server\'s opens');
    const never = [outside, '/dev/zero', '/dev/urandom', '/proc/self/fd/0', path.join(folderOf('fifo'), DICTIONARY), path.join(folderOf('huge'), DICTIONARY), path.join(folderOf('huge'), RULESETS, 'huge.yaml')];
    const opened = calls.filter((l) => /\b(open|openat|creat)\(/.test(l) && never.some((p) => l.includes(`"${p}`)));
    assert.deepEqual(opened, [], 'never opened');
    const writes = calls.filter((l) => /\b(open|openat)\(.*O_(WRONLY|RDWR|CREAT)|\b(creat|rename|renameat2?|mkdirat?|unlinkat?|truncate)\(/.test(l) && !l.includes('= -1'));
    const outsideWrites = writes.filter((l) => !folders.some((f) => l.includes(`"${new URL(f.uri).pathname}/`)));
    assert.deepEqual(outsideWrites.filter((l) => !/"\/dev\/null"|"\/dev\/tty"/.test(l)), [], 'no write outside the workspace folders');
  });
});
