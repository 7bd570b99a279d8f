// The bounds of issue 19, measured as a user meets them (bench/RESULTS.md, "Bounds"):
//
//   jobs      `rollmark check --jobs 1000` against the default on the campaign
//             (bench/generateCampaign.mjs, 2,000 files, ~20 MB): peak RSS and wall time, each a
//             fresh process under /usr/bin/time.
//   huge      a 45 MiB generated scenario opened in a fresh server (stdio): time until its
//             diagnostics are published, and the server's peak RSS meanwhile.
//   requests  400 `rollmark/report` and `rollmark.rollCheck` requests sent at once to a fresh server
//             with a 1 MB scenario open: time until every one is answered, the server's peak RSS.
//
//   node bench/boundsBench.mjs [--only jobs,huge,requests] [--root DIR]
//
// `--root` measures another build: a directory holding `bin/rollmark.js` and `server/out/` (for
// "before", a copy of an older build placed under this checkout, so that its modules resolve).
// `tsc -b` must have run.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCampaign } from './generateCampaign.mjs';
import { generateScenario } from './generateScenario.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const rpc = require('vscode-jsonrpc/node');

const args = process.argv.slice(2);
const value = (name) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : undefined);
const root = path.resolve(value('root') ?? path.join(here, '..'));
const only = new Set((value('only') ?? 'jobs,huge,requests').split(','));
const log = (text) => process.stderr.write(`bounds: ${text}\n`);

function rssMb(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every 50 ms until stopped; the highest seen. */
function peakRss(pid) {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssMb(pid));
  };
}

/** A command under /usr/bin/time: its wall seconds, peak RSS in MB, exit code and standard error's last line. */
function timedRun(argv) {
  const run = spawnSync('/usr/bin/time', ['-f', '%e %M', process.execPath, ...argv], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const lines = run.stderr.trim().split('\n');
  const [wall, kb] = lines.at(-1).split(' ').map(Number);
  return { wall, rssMb: Math.round(kb / 1024), code: run.status, note: lines.slice(0, -1).filter((l) => l.includes('--jobs')).join(' ') };
}

function jobs() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rollmark-bounds-'));
  try {
    log('writing the campaign');
    generateCampaign(dir);
    const bin = path.join(root, 'bin', 'rollmark.js');
    log('rollmark check (default)');
    const byDefault = timedRun([bin, 'check', dir]);
    log('rollmark check --jobs 1000');
    const thousand = timedRun([bin, 'check', '--jobs', '1000', dir]);
    return { byDefault, thousand };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function withServer(work) {
  const server = spawn(process.execPath, [path.join(root, 'server', 'out', 'main.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  server.stderr.on('data', (chunk) => (stderr += chunk));
  const connection = rpc.createMessageConnection(new rpc.StreamMessageReader(server.stdout), new rpc.StreamMessageWriter(server.stdin));
  const diagnostics = new Map();
  connection.onNotification('textDocument/publishDiagnostics', (p) => diagnostics.get(p.uri)?.(p));
  connection.onNotification('window/logMessage', () => {});
  connection.onNotification('window/showMessage', () => {});
  connection.listen();
  const published = (uri) => new Promise((resolve) => diagnostics.set(uri, resolve));
  await connection.sendRequest('initialize', { processId: process.pid, locale: 'ru', rootUri: null, workspaceFolders: null, capabilities: {}, initializationOptions: { diagnosticsDelay: 0, rollMessages: false } });
  await connection.sendNotification('initialized', {});
  try {
    return await work(connection, server.pid, published);
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${stderr}`);
  } finally {
    server.kill();
  }
}

async function huge() {
  const text = generateScenario(45 * 1024 * 1024, 20241);
  const uri = 'file:///bench/huge.scenario.md';
  return withServer(async (connection, pid, published) => {
    log(`opening ${(Buffer.byteLength(text) / 2 ** 20).toFixed(1)} MiB`);
    const stop = peakRss(pid);
    const t0 = performance.now();
    const done = published(uri);
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'markdown', version: 1, text } });
    const result = await done;
    return { seconds: (performance.now() - t0) / 1000, rssMb: Math.round(stop()), diagnostics: result.diagnostics.length };
  });
}

async function requests() {
  const text = generateScenario(1024 * 1024, 20241);
  const uri = 'file:///bench/scenario.scenario.md';
  const check = /«[^»\n]*(?:Сила|Ловкость)[^»\n]*»/.exec(text);
  const lines = text.slice(0, check.index).split('\n');
  const position = { line: lines.length - 1, character: lines.at(-1).length + 1 };
  return withServer(async (connection, pid, published) => {
    const done = published(uri);
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'markdown', version: 1, text } });
    await done;
    log('400 requests at once');
    const stop = peakRss(pid);
    const t0 = performance.now();
    const answers = await Promise.allSettled(
      Array.from({ length: 400 }, (_, i) =>
        i % 2 === 0
          ? connection.sendRequest('rollmark/report', { uri, scope: 'document' })
          : connection.sendRequest('workspace/executeCommand', { command: 'rollmark.rollCheck', arguments: [{ uri, ...position }] }),
      ),
    );
    return { seconds: (performance.now() - t0) / 1000, rssMb: Math.round(stop()), answered: answers.filter((a) => a.status === 'fulfilled').length };
  });
}

const results = { root };
if (only.has('jobs')) results.jobs = jobs();
if (only.has('huge')) results.huge = await huge();
if (only.has('requests')) results.requests = await requests();
process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
