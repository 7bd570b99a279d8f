// Start-up against a bare Node (issue 22): in one run, alternating, `node -e 0`; the bundled server
// (`dist/server.js --stdio`) from spawn to its answer to `initialize`; and `rollmark odds` from spawn
// to exit. Min and median of each, and their ratios to the bare start, so that a busy machine slows
// both sides alike. Also the bundles' sizes. Targets: server ≤ 1 MB, client ≤ 300 KB (minified);
// `initialize` answered ≤ 150 ms and ≤ 2.5× `node -e 0`; `rollmark odds` ≤ 3× `node -e 0`.
//
//   npm run bench:startup [-- --runs 31] [--root DIR]…
//
// --root measures another checkout instead, built the same way (`node esbuild.mjs --production`);
// given several times, it measures each in the same rounds: the figures before a change beside
// those after it, against one bare start.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const runs = Number(args.includes('--runs') ? args[args.indexOf('--runs') + 1] : 31);
const given = args.flatMap((arg, i) => (arg === '--root' ? [path.resolve(args[i + 1])] : []));
const roots = given.length > 0 ? given : [path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')];
const ODDS = ['odds', '--ruleset', 'vampire-pack', '«Сила 3 + Атлетика 3 (сложность 2)»'];

for (const root of roots) {
  for (const file of ['dist/server.js', 'bin/rollmark.js']) if (!existsSync(path.join(root, file))) throw new Error(`${path.join(root, file)} is missing: build ${root} first (node esbuild.mjs --production)`);
}

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
function untilInitialized(server) {
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

const label = (root, what) => (roots.length > 1 ? `${path.basename(root)}: ${what}` : what);
const kinds = { 'node -e 0': () => untilExit(['-e', '0']) };
for (const root of roots) {
  kinds[label(root, 'server: spawn → initialize answered')] = () => untilInitialized(path.join(root, 'dist', 'server.js'));
  kinds[label(root, 'rollmark odds')] = () => untilExit([path.join(root, 'bin', 'rollmark.js'), ...ODDS]);
}
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
console.log(`${runs} rounds, Node ${process.version}, load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);
console.log('| | min ms | median ms | min ÷ bare min | median ÷ bare median |');
console.log('|---|---|---|---|---|');
for (const name of names) {
  const xs = times[name];
  console.log(`| ${name} | ${ms(Math.min(...xs))} | ${ms(median(xs))} | ${(Math.min(...xs) / Math.min(...bare)).toFixed(2)}× | ${(median(xs) / median(bare)).toFixed(2)}× |`);
}
console.log('');
for (const root of roots) console.log(`${root}: dist/server.js ${kib(path.join(root, 'dist', 'server.js'))}, dist/client.js ${kib(path.join(root, 'dist', 'client.js'))}`);
