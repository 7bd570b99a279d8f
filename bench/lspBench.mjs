// The language server measured through a real stdio connection: one generated scenario
// (bench/generateScenario.mjs, seed 20241) of about `--bytes` UTF-8 bytes, one fresh built server
// (server/out/main.js --stdio, diagnostics debounce 0 so it is excluded). bench/run.mjs runs this
// once per size as a child process, so neither its own heap nor the previous size's server mixes
// into the figures. Prints one JSON object on stdout (progress on stderr):
//
//   - open → diagnostics: didOpen until the server publishes the whole document's diagnostics for
//     version 1; open → first screen: the inlay hints of lines 0–60, asked for right after didOpen,
//     until they arrive; and open → first diagnostics: until the server's first publish (while a long
//     document is first analysed, its top's: the first 80 lines' at least). A hover at the start,
//     sent right after, is answered only once the whole is analysed and published: the last publish
//     before it is the whole's;
//   - edit → diagnostics: a letter typed and deleted again, alternately, at the start of a line
//     at 10 %, 50 % and 90 % of the text (`--edits` times each, an even number so the text ends
//     as it began), from didChange until the diagnostics of that version arrive;
//   - hover: `--hovers` requests on checks spread over the document;
//   - the server's RSS right after that, and at rest (what an editor's server holds while the
//     author reads or thinks): the server runs a full collection once the edits pause
//     (server/src/node/heapReclaimer.ts, 0.5 s, and once more 5 s later), and V8's memory
//     reducer shrinks the heap 10–40 s later. Sampled every second until it has fallen and stays
//     (see below) or for `--idle` seconds at most.
//   - code lenses (after that, so that the figures above are not touched): `--lenses` requests
//     of `textDocument/codeLens` for the whole document, from the request until the answer is
//     parsed, and the answer's size as JSON (UTF-8 bytes, without the JSON-RPC envelope); where the
//     server resolves lenses (`codeLens/resolve`, since the lens answer lost its titles), the
//     resolution of 50 lenses spread over the document, one request each.
//
// Latencies are wall time at the client; on Linux also the server main thread's CPU time over
// the same span (/proc/<pid>/task/<pid>/schedstat), which leaves out waiting for a CPU on a
// shared machine.
//
//   node bench/lspBench.mjs --bytes 5242880 [--edits 20] [--hovers 100] [--idle 60] [--lenses 10]
//                           [--gap 0] [--server path/to/server.js]
//
// `--gap` is the scenario generator's (a check after every sentence with 0). `--server` runs
// another build of the server (default: server/out/main.js of this tree), e.g. an older commit's
// dist/server.js built in a second work tree, to measure before and after with the same script.
//
// It uses the compiled code in server/out (to find the checks to hover), so `tsc -b` must have run.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { generateScenario } from './generateScenario.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const rpc = require('vscode-jsonrpc/node');
const out = (p) => require(path.join(here, '..', 'server/out', p));

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const bytes = option('bytes', NaN);
const edits = 2 * Math.ceil(option('edits', 20) / 2);
const hovers = option('hovers', 100);
const idleSeconds = option('idle', 0);
const lensRequests = option('lenses', 10);
const gap = option('gap', undefined);
const serverPath = args.includes('--server') ? path.resolve(args[args.indexOf('--server') + 1]) : path.join(here, '..', 'server/out/main.js');
if (!(bytes > 0)) {
  process.stderr.write('usage: node bench/lspBench.mjs --bytes N [--edits N] [--hovers N] [--idle S]\n');
  process.exit(2);
}
const log = (text) => process.stderr.write(`lsp: ${text}\n`);

function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

function rssMb(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
  } catch {
    return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024;
  }
}

/** The server main thread's on-CPU time in ms (Linux), or undefined. */
function cpuMs(pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'latin1').split(' ')[0]) / 1e6;
  } catch {
    return undefined;
  }
}

const text = generateScenario(bytes, 20241, gap === undefined ? {} : { gap });
const uri = 'file:///bench/scenario.md';
const document = TextDocument.create(uri, 'markdown', 1, text);
// Hover targets: checks with odds, found by the same analysis the server runs (in this process,
// before the server starts).
const { analyzeDocument } = out('analysis/analyzeDocument.js');
const { builtinRulesets } = out('analysis/project/rulesetProvider.js');
const checks = analyzeDocument(text, { locale: 'ru', rulesets: builtinRulesets() }).checks.filter((c) => c.odds);
const hoverAt = Array.from({ length: hovers }, (_, i) => document.positionAt(checks[Math.floor((i / hovers) * checks.length)].range.start + 2));
const editAt = [0.1, 0.5, 0.9].map((f) => document.positionAt(text.lastIndexOf('\n', Math.floor(text.length * f)) + 1));

const server = spawn(process.execPath, [serverPath, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
let serverErr = '';
server.stderr.on('data', (chunk) => (serverErr += chunk));
const connection = rpc.createMessageConnection(new rpc.StreamMessageReader(server.stdout), new rpc.StreamMessageWriter(server.stdin));
const waiting = new Map();
/** Each publish of a version, with when it came (wall ms and server CPU ms). */
const publishes = [];
connection.onNotification('textDocument/publishDiagnostics', (p) => {
  publishes.push({ p, wall: performance.now(), cpu: cpuMs(server.pid) });
  waiting.get(p.version)?.(p);
  waiting.delete(p.version);
});
connection.onNotification('window/logMessage', () => {});
connection.listen();
const published = (version) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no diagnostics for version ${version}\n${serverErr}`)), 120_000);
    waiting.set(version, (p) => (clearTimeout(timer), resolve(p)));
  });

/** Wall and server CPU time of `work` (an async round trip), in ms. */
async function timed(work) {
  const c0 = cpuMs(server.pid);
  const t0 = performance.now();
  const value = await work();
  const wall = performance.now() - t0;
  const c1 = cpuMs(server.pid);
  return { wall, cpu: c0 === undefined ? undefined : c1 - c0, value };
}
const summary = (samples) => {
  if (samples.length === 0) return undefined;
  const of = (key) => (samples[0][key] === undefined ? undefined : { median: quantile(samples.map((s) => s[key]), 0.5), p95: quantile(samples.map((s) => s[key]), 0.95) });
  return { wall: of('wall'), cpu: of('cpu'), n: samples.length };
};

const initialized = await connection.sendRequest('initialize', { processId: process.pid, locale: 'ru', rootUri: null, workspaceFolders: null, capabilities: {}, initializationOptions: { diagnosticsDelay: 0 } });
await connection.sendNotification('initialized', {});

let version = 1;
log(`${bytes} bytes: open`);
// The editor asks for the first screen's inlay hints as soon as it shows the document.
const FIRST_SCREEN = { start: { line: 0, character: 0 }, end: { line: 60, character: 0 } };
let firstScreen;
const sent = performance.now();
const c0 = cpuMs(server.pid);
const since = (at) => ({ wall: at.wall - sent, cpu: c0 === undefined ? undefined : at.cpu - c0 });
const first = published(version);
await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'markdown', version, text } });
const hints = connection.sendRequest('textDocument/inlayHint', { textDocument: { uri }, range: FIRST_SCREEN }).then((answer) => {
  firstScreen = { ...since({ wall: performance.now(), cpu: cpuMs(server.pid) }), hints: answer?.length ?? 0 };
});
await first;
const firstDiagnostics = since(publishes[0]);
await connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } });
await hints;
const whole = publishes.filter(({ p }) => p.version === version).at(-1);
const open = { ...since(whole), value: whole.p };

log(`${bytes} bytes: ${3 * edits} edits`);
const editSamples = [];
for (const position of editAt) {
  const typed = { range: { start: position, end: position }, text: 'ж' };
  const deleted = { range: { start: position, end: { line: position.line, character: position.character + 1 } }, text: '' };
  for (let i = 0; i < edits; i++) {
    version++;
    const change = i % 2 === 0 ? typed : deleted;
    editSamples.push(
      await timed(async () => {
        const done = published(version);
        await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] });
        return done;
      }),
    );
  }
}

log(`${bytes} bytes: ${hovers} hovers`);
const hoverSamples = [];
for (const position of hoverAt) {
  const sample = await timed(() => connection.sendRequest('textDocument/hover', { textDocument: { uri }, position }));
  if (!sample.value) throw new Error(`no hover at ${JSON.stringify(position)}`);
  hoverSamples.push(sample);
}

const rss = rssMb(server.pid);
// At rest: sampled every second until the RSS has fallen by 5 % and then stayed within 1 MB for
// `STEADY` s (the server's own collections, 0.5 s and 5 s after the work, and V8's memory reducer,
// 10–40 s after it, each shrink it), or for `--idle` seconds at most.
const STEADY = 12;
const idle = [];
let droppedAfterS;
if (idleSeconds > 0) log(`${bytes} bytes: idle until the heap shrinks (${idleSeconds} s at most)`);
const steady = () => idle.length > STEADY && idle.slice(-STEADY - 1).every((mb, k, last) => Math.abs(mb - last[0]) < 1);
for (let s = 1; s <= idleSeconds && (droppedAfterS === undefined || !steady()); s++) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  idle.push(rssMb(server.pid));
  if (droppedAfterS === undefined && idle[idle.length - 1] < 0.95 * rss) droppedAfterS = s;
}

const lensSamples = [];
const lensBytes = [];
let lenses = [];
if (lensRequests > 0) log(`${bytes} bytes: ${lensRequests} code-lens requests`);
for (let i = 0; i < lensRequests; i++) {
  const sample = await timed(() => connection.sendRequest('textDocument/codeLens', { textDocument: { uri } }));
  lenses = sample.value;
  lensBytes.push(Buffer.byteLength(JSON.stringify(lenses)));
  lensSamples.push(sample);
}
const resolveSamples = [];
const resolvedBytes = [];
if (initialized.capabilities.codeLensProvider?.resolveProvider && lenses.length > 0) {
  log(`${bytes} bytes: 50 code-lens resolutions`);
  for (let i = 0; i < 50; i++) {
    const sample = await timed(() => connection.sendRequest('codeLens/resolve', lenses[Math.floor((i / 50) * lenses.length)]));
    if (!sample.value?.command) throw new Error(`lens ${i} resolved without a command`);
    resolvedBytes.push(Buffer.byteLength(JSON.stringify(sample.value)));
    resolveSamples.push(sample);
  }
}

await connection.sendRequest('shutdown');
await connection.sendNotification('exit');
connection.dispose();
server.stdin.end();

process.stdout.write(
  `${JSON.stringify({
    bytes: Buffer.byteLength(text),
    checks: checks.length,
    diagnostics: open.value.diagnostics.length,
    open: { wall: open.wall, cpu: open.cpu },
    firstScreen,
    firstDiagnostics: { ...firstDiagnostics, count: publishes[0].p.diagnostics.length },
    edit: summary(editSamples),
    hover: summary(hoverSamples),
    rssMb: rss,
    codeLens:
      lensSamples.length > 0
        ? {
            lenses: lenses.length,
            titled: lenses.filter((l) => l.command).length,
            bytes: quantile(lensBytes, 0.5),
            time: summary(lensSamples),
            resolve: summary(resolveSamples),
            resolvedBytes: resolvedBytes.length > 0 ? quantile(resolvedBytes, 0.5) : undefined,
          }
        : undefined,
    idle: idleSeconds > 0 ? { rssMb: idle[idle.length - 1], seconds: idle.length, droppedAfterS, samplesMb: idle } : undefined,
  })}\n`,
);
