// The scenario report against `rollmark check` on a campaign (issue 14): the same generated tree of
// scenario files, both commands run as child processes of the built CLI (bin/rollmark.js), times
// from /usr/bin/time (wall, and user + system CPU, which a shared machine disturbs less).
//
//   node bench/reportBench.mjs [--files 2000] [--bytes 8192] [--runs 3]
//
// The campaign is written once to bench/data/campaign-<files>x<bytes>/ (gitignored): chapter i is
// bench/generateScenario.mjs' text of <bytes> with seed 20241 + i (storytelling, a party of three,
// a «…» check about every 300 characters, many without an actor: the party rolls them). Target:
// the report (HTML, charts included) takes at most twice the time of `rollmark check --format json`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateScenario } from './generateScenario.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const files = option('--files', 2000);
const bytes = option('--bytes', 8192);
const runs = option('--runs', 3);
const log = (text) => process.stderr.write(`${text}\n`);

const campaign = path.join(here, 'data', `campaign-${files}x${bytes}`);
if (!existsSync(path.join(campaign, `chapter-${String(files).padStart(4, '0')}.scenario.md`))) {
  log(`writing ${files} chapters of ${bytes} bytes to ${campaign}`);
  mkdirSync(campaign, { recursive: true });
  for (let i = 1; i <= files; i++) writeFileSync(path.join(campaign, `chapter-${String(i).padStart(4, '0')}.scenario.md`), generateScenario(bytes, 20241 + i));
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'rollmark-report-bench-'));
const timing = path.join(scratch, 'time.txt');

/** One run of the CLI: wall seconds, CPU seconds (user + system), peak RSS in MB. */
function measure(cliArgs, stdout) {
  const result = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', '-o', timing, process.execPath, path.join(root, 'bin/rollmark.js'), ...cliArgs], {
    cwd: root,
    stdio: ['ignore', stdout ? 'pipe' : 'ignore', 'pipe'],
    maxBuffer: 1024 * 1024 * 1024,
    env: { ...process.env, ROLLMARK_LOCALE: 'ru' },
  });
  if (result.status !== 0 && result.status !== 1) throw new Error(`rollmark ${cliArgs.join(' ')} exited ${result.status}: ${result.stderr}`);
  const [wall, user, system, rss] = readFileSync(timing, 'utf8').trim().split('\n').pop().split(' ').map(Number);
  return { wall, cpu: user + system, rss: rss / 1024, out: stdout ? result.stdout.toString() : '' };
}

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

try {
  const html = path.join(scratch, 'report.html');
  const check = [];
  const report = [];
  let checks = 0;
  for (let r = 1; r <= runs; r++) {
    log(`run ${r}/${runs}: rollmark check`);
    const c = measure(['check', '--format', 'json', campaign], true);
    checks = JSON.parse(c.out).summary.checks;
    check.push(c);
    log(`run ${r}/${runs}: rollmark report`);
    report.push(measure(['report', campaign, '-o', html], false));
  }
  const total = files * bytes;
  const fmt = (s) => s.toFixed(2);
  const row = (name, list) => `| ${name} | ${fmt(median(list.map((x) => x.cpu)))} s | ${fmt(median(list.map((x) => x.wall)))} s | ${Math.round(median(list.map((x) => x.rss)))} MB |`;
  const ratio = (pick) => median(report.map(pick)) / median(check.map(pick));
  const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`Campaign: ${files} files × ${bytes} bytes (${(total / 1024 / 1024).toFixed(1)} MiB), ${checks} checks; median of ${runs} runs; load average at the end ${load}.\n`);
  console.log('| command | CPU (user + system) | wall | peak RSS |');
  console.log('|---|---:|---:|---:|');
  console.log(row('`rollmark check --format json`', check));
  console.log(row('`rollmark report -o report.html`', report));
  console.log(`\nreport / check: ${ratio((x) => x.cpu).toFixed(2)}× CPU, ${ratio((x) => x.wall).toFixed(2)}× wall (target ≤ 2×); report.html ${(statSync(html).size / 1024 / 1024).toFixed(1)} MiB`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
