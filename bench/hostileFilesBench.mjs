// `node bench/hostileFilesBench.mjs [--server path/to/main.js]`: a workspace folder with one hostile
// project file (issue 10), a fresh server over stdio, one document open; hover latency (first and
// median of 5, wall time) and the server's RSS (peak while hovering, and at rest 1 s later).
// Cases: the dictionary linked to /dev/zero; two 50 MB ruleset files. Default server: server/out
// (after `tsc -b`); pass an older build's main.js to compare.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { createMessageConnection, StreamMessageReader, StreamMessageWriter } = require('vscode-jsonrpc/node');
const at = process.argv.indexOf('--server');
const server = at > 0 ? path.resolve(process.argv[at + 1]) : path.join(root, 'server', 'out', 'main.js');

const CASES = {
  'dictionary → /dev/zero': (dir) => symlinkSync('/dev/zero', path.join(dir, '.rollmark', 'dictionary.yaml')),
  'two 50 MB ruleset files': (dir) => {
    for (const name of ['a', 'b']) writeFileSync(path.join(dir, '.rollmark', 'rulesets', `${name}.yaml`), Buffer.alloc(50 * 1024 * 1024, 0x61));
  },
};

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

async function measure(name, build) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rollmark-hostile-bench-'));
  mkdirSync(path.join(dir, '.rollmark', 'rulesets'), { recursive: true });
  build(dir);
  const child = spawn(process.execPath, [server, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  connection.onNotification(() => undefined);
  connection.listen();
  const folder = pathToFileURL(dir).href;
  const uri = `${folder}/scene.md`;
  await connection.sendRequest('initialize', { processId: null, rootUri: folder, workspaceFolders: [{ uri: folder, name: 'book' }], capabilities: {} });
  await connection.sendNotification('initialized', {});
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'markdown', version: 1, text: '«Сила + Атлетика (сложность 2)»\n' } });
  const times = [];
  let peak = 0;
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 3 } });
    times.push(performance.now() - started);
    peak = Math.max(peak, rssMb(child.pid));
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rest = rssMb(child.pid);
  child.kill();
  connection.dispose();
  rmSync(dir, { recursive: true, force: true });
  const median = [...times].sort((a, b) => a - b)[2];
  return `| ${name} | ${times[0].toFixed(0)} ms | ${median.toFixed(0)} ms | ${peak.toFixed(0)} MB | ${rest.toFixed(0)} MB |`;
}

console.log(`server: ${path.relative(process.cwd(), server)}\n`);
console.log('| case | first hover | median hover (5) | peak RSS | RSS at rest |\n|---|---|---|---|---|');
for (const [name, build] of Object.entries(CASES)) console.log(await measure(name, build));
