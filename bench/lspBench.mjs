// Language server latency and memory, through a real stdio connection to the built server:
// hover latency and edit→diagnostics latency (debounce set to 0, so it is excluded) on generated
// 100 KB, 1 MB and 5 MB scenarios, and the server's RSS with the 5 MB scenario open.
//
//   node bench/lspBench.mjs [--json] [--server path/to/server.js]
//
// Targets (issue 4): hover ≤ 5 ms; edit→diagnostics ≤ 50 ms at 1 MB; RSS ≤ 200 MB.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const rpc = require('vscode-jsonrpc/node');

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const json = args.includes('--json');
const serverArg = args.indexOf('--server');
const serverPath = serverArg >= 0 ? args[serverArg + 1] : [join(root, 'server/out/main.js'), join(root, 'dist/server.js')].find(existsSync);
if (!serverPath) {
  process.stderr.write('lspBench: build first (npx tsc -b)\n');
  process.exit(2);
}

const SIZES = [
  { label: '100 KB', bytes: 100 * 1024 },
  { label: '1 MB', bytes: 1024 * 1024 },
  { label: '5 MB', bytes: 5 * 1024 * 1024 },
];
const HOVERS = 40;
const EDITS = 12;

const FRONT_MATTER = ['---', 'ruleset: vampire-pack', 'characters:', '  Адриан: { Сила: 3, Атлетика: 3, Ловкость: 2 }', '  Катастрофа: { Ловкость: 4, Атлетика: 2 }', '---', ''];

const SCENE = (n) => [
  `## Сцена ${n}`,
  '',
  `Адриан перелезает через ограду: «Сила + Атлетика (сложность ${n % 4})». Если не выйдет, охрана услышит шум.`,
  '',
  `Катастрофа ищет след: «Катастрофа: Ловкость + Атлетика (сложность ${n % 3})», а потом «Интеллект 2 + Расследование 3 (сложность 1)».`,
  '',
  'Рассказчик описывает дождь, фонари и «старые песни» из чужого окна; это просто цитата, не проверка.',
  '',
  `- Можно попробовать «Обаяние + Убеждение (сложность 2)» с хозяином дома.`,
  `- Или бросок Ловкость + Атлетика (сложность ${(n % 3) + 1}) на бегу.`,
  '',
];

/** A scenario of about `bytes` UTF-8 bytes, with its check positions (line, character). */
function scenario(bytes) {
  const lines = [...FRONT_MATTER];
  let size = Buffer.byteLength(lines.join('\n'));
  let n = 1;
  while (size < bytes) {
    const scene = SCENE(n++);
    lines.push(...scene);
    size += Buffer.byteLength(scene.join('\n')) + 1;
  }
  const text = lines.join('\n');
  const checks = [];
  lines.forEach((line, i) => {
    if (i < FRONT_MATTER.length) return;
    const at = line.indexOf('«Сила + Атлетика');
    if (at >= 0) checks.push({ line: i, character: at + 3 });
  });
  return { text, checks, lines };
}

function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    if (kb) return kb / 1024;
  } catch {
    // Not Linux: ask ps.
  }
  const kb = Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim());
  return kb / 1024;
}

const child = spawn(process.execPath, [serverPath, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
let stderr = '';
child.stderr.on('data', (chunk) => (stderr += chunk));
const connection = rpc.createMessageConnection(new rpc.StreamMessageReader(child.stdout), new rpc.StreamMessageWriter(child.stdin));
const waiters = [];
connection.onNotification('textDocument/publishDiagnostics', (params) => {
  for (let i = 0; i < waiters.length; i++) {
    if (waiters[i].uri === params.uri && waiters[i].version === params.version) {
      waiters[i].resolve(params);
      waiters.splice(i--, 1);
    }
  }
});
connection.onNotification('window/logMessage', () => {});
connection.listen();

function diagnosticsFor(uri, version) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri} v${version}\n${stderr}`)), 120_000);
    waiters.push({ uri, version, resolve: (p) => (clearTimeout(timer), resolve(p)) });
  });
}

await connection.sendRequest('initialize', {
  processId: process.pid,
  locale: 'ru',
  rootUri: null,
  workspaceFolders: null,
  capabilities: {},
  initializationOptions: { diagnosticsDelay: 0 },
});
await connection.sendNotification('initialized', {});

const rows = [];
for (const size of SIZES) {
  const { text, checks, lines } = scenario(size.bytes);
  const uri = `file:///bench/scenario-${size.bytes}.md`;
  let version = 1;
  const t0 = performance.now();
  const first = diagnosticsFor(uri, version);
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'markdown', version, text } });
  const opened = await first;
  const openMs = performance.now() - t0;

  const hoverTimes = [];
  for (let i = 0; i < HOVERS; i++) {
    const position = checks[Math.floor((i / HOVERS) * checks.length)];
    const start = performance.now();
    const hover = await connection.sendRequest('textDocument/hover', { textDocument: { uri }, position });
    hoverTimes.push(performance.now() - start);
    if (!hover) throw new Error(`no hover at ${JSON.stringify(position)}`);
  }

  // Type one letter into a prose line in the middle and delete it again, alternately.
  const line = Math.floor(lines.length / 2);
  const editTimes = [];
  for (let i = 0; i < EDITS; i++) {
    version++;
    const insert = i % 2 === 0;
    const change = insert
      ? { range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: 'ж' }
      : { range: { start: { line, character: 0 }, end: { line, character: 1 } }, text: '' };
    const published = diagnosticsFor(uri, version);
    const start = performance.now();
    await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] });
    await published;
    editTimes.push(performance.now() - start);
  }
  const rss = size === SIZES[SIZES.length - 1] ? rssMb(child.pid) : undefined;
  rows.push({
    size: size.label,
    bytes: Buffer.byteLength(text),
    diagnostics: opened.diagnostics.length,
    openMs,
    hoverMedianMs: quantile(hoverTimes, 0.5),
    hoverP95Ms: quantile(hoverTimes, 0.95),
    editMedianMs: quantile(editTimes, 0.5),
    editP95Ms: quantile(editTimes, 0.95),
    rssMb: rss,
  });
  await connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
}

await connection.sendRequest('shutdown');
await connection.sendNotification('exit');
connection.dispose();
child.stdin.end();

const fmt = (v) => (v === undefined ? '' : v.toFixed(1));
if (json) {
  process.stdout.write(`${JSON.stringify({ server: serverPath, node: process.version, rows }, null, 2)}\n`);
} else {
  const header = ['scenario', 'diagnostics', 'open→diagnostics ms', 'hover median ms', 'hover p95 ms', 'edit→diagnostics median ms', 'edit→diagnostics p95 ms', 'server RSS MB'];
  const body = rows.map((r) => [r.size, String(r.diagnostics), fmt(r.openMs), fmt(r.hoverMedianMs), fmt(r.hoverP95Ms), fmt(r.editMedianMs), fmt(r.editP95Ms), fmt(r.rssMb)]);
  const lines = [header, header.map(() => '---'), ...body].map((cells) => `| ${cells.join(' | ')} |`);
  process.stdout.write(`LSP benchmark (${process.version}, debounce 0; targets: hover ≤ 5 ms, edit→diagnostics ≤ 50 ms at 1 MB, RSS ≤ 200 MB)\n\n${lines.join('\n')}\n`);
}
