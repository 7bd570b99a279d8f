// Start-up against a bare Node (issue 22): in one run, alternating, `node -e 0`; the bundled server
// (`dist/server.js --stdio`) from spawn to its answer to `initialize`; and `rollmark odds` from spawn
// to exit. Min and median of each, and their ratios to the bare start, so that a busy machine slows
// both sides alike. Also the bundles' sizes. Targets: server ≤ 1 MB, client ≤ 300 KB (minified);
// `initialize` answered ≤ 150 ms and ≤ 2.5× `node -e 0`; `rollmark odds` ≤ 3× `node -e 0`.
//
//   npm run bench:startup [-- --runs 31] [--root DIR]
//
// --root measures another checkout, built the same way (`node esbuild.mjs --production`): the
// figures before a change, in the same run as after it.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const runs = Number(option('--runs', 31));
const root = path.resolve(option('--root', path.join(path.dirname(fileURLToPath(import.meta.url)), '..')));
const server = path.join(root, 'dist', 'server.js');
const cli = path.join(root, 'bin', 'rollmark.js');
const ODDS = ['odds', '--ruleset', 'vampire-pack', '«Сила 3 + Атлетика 3 (сложность 2)»'];

for (const file of [server, cli]) if (!existsSync(file)) throw new Error(`${file} is missing: build ${root} first (node esbuild.mjs --production)`);

/** Milliseconds from spawn to exit, which must be 0. */
function untilExit(argv) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, argv, { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(Number(process.hrtime.bigint() - started) / 1e6) : reject(new Error(`${argv.join(' ')} exited ${code}`))));
  });
}

/** Milliseconds from spawn to the server's answer to `initialize`. */
function untilInitialized() {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, [server, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
    let received = '';
    child.on('error', reject);
    child.stdout.on('data', (chunk) => {
      received += chunk.toString('utf8');
      if (!/"id":1,"result"/.test(received)) return;
      const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
      child.kill();
      child.on('exit', () => resolve(elapsed));
    });
    child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  });
}

const kinds = {
  'node -e 0': () => untilExit(['-e', '0']),
  'server: spawn → initialize answered': untilInitialized,
  'rollmark odds': () => untilExit([cli, ...ODDS]),
};
const times = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
// One warm-up of each (the file cache), then rounds in a rotated order.
for (const run of Object.values(kinds)) await run();
const names = Object.keys(kinds);
for (let i = 0; i < runs; i++) {
  for (let k = 0; k < names.length; k++) {
    const name = names[(i + k) % names.length];
    times[name].push(await kinds[name]());
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x) => x.toFixed(1);
const bare = times['node -e 0'];
const kib = (file) => (existsSync(file) ? `${Math.round(statSync(file).size / 1024)} KiB` : '—');
console.log(`${root}: ${runs} rounds, Node ${process.version}\n`);
console.log('| | min ms | median ms | min ÷ bare min | median ÷ bare median |');
console.log('|---|---|---|---|---|');
for (const name of names) {
  const xs = times[name];
  console.log(`| ${name} | ${ms(Math.min(...xs))} | ${ms(median(xs))} | ${(Math.min(...xs) / Math.min(...bare)).toFixed(2)}× | ${(median(xs) / median(bare)).toFixed(2)}× |`);
}
console.log(`\ndist/server.js ${kib(server)}, dist/client.js ${kib(path.join(root, 'dist', 'client.js'))}`);
