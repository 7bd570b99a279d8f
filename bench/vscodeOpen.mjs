/* global document, window, MutationObserver */
// Opening the bench's 1 MB scenario in the real VS Code (code-server in headless Chromium, the
// extension loaded from this work tree as the UI test loads it with --no-package), against the
// language server alone over stdio (bench/lspBench.mjs) in the same run: issue 24 wants the
// editor's open → diagnostics within 1.5× of the LSP figure.
//
// Each round starts a fresh code-server (own user data, own extension host, so a fresh language
// server) and a fresh browser context: a file opened a second time in one session is answered
// from the server's blocks of closed documents (analysis/document/blockReuse.ts) and from
// VS Code's own state, which would measure a cache rather than an open. In that session, after
// a warm-up that proves the extension and its server are up, it opens the scenario and the
// control (the same text without its `ruleset:` line: Markdown that Rollmark does not serve),
// the two in turn, first one then the other from round to round, each once, closing it after.
// The LSP run is a child process before or after the session, also alternating.
//
// Timed in the page, from the pointerdown on the file's row in the Explorer (its event
// timestamp) to the first DOM mutation that shows:
//   - text: the document's first heading in the editor's view lines (both files);
//   - hint: an inlay hint ("≈"; the text has none of its own) in the view lines;
//   - diagnostics: the status bar's problems count reaching the number of diagnostics the LSP
//     run published. The bench settings make every Rollmark code a warning (by default this
//     file's diagnostics, checks written as prose, are hints, which neither the status bar nor
//     the Problems panel counts) and keep diagnostics to open files (else the server publishes
//     the closed scenario's at start and opening it changes nothing on screen).
//
//   node bench/vscodeOpen.mjs [--rounds 3]     prints JSON (progress on stderr)
//
// bench/run.mjs runs it as its `vscode` section. Needs code-server and Chromium
// (bash scripts/install-code-server.sh) and the bundles in dist/ (npm run build).
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CHROMIUM, CODE_SERVER, launchBrowser, makeRunDir, ROOT, startCodeServer, workbenchUrl } from '../test/vscode/lib/codeServer.mjs';
import { withoutRuleset } from '../test/vscode/lib/typing.mjs';
import { generateScenario } from './generateScenario.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const BYTES = 1024 * 1024;
const SCENARIO = 'scenario-1m.md';
const CONTROL = 'plain-1m.md';
/** Markdown with a check but no ruleset: once the status bar offers a ruleset for it, the server has answered. */
const WARMUP = 'warmup.md';
const WARMUP_TEXT = '# Разминка\n\nВера ищет следы: «Интеллект + Расследование».\n';
/** Time for the work an open leaves behind (lenses, the rest of the hints, the Markdown extension) before the next open. */
const SETTLE_MS = 2000;
const TIMEOUT_MS = 120000;

/** Why the section cannot run here, or undefined. */
export function missingPrerequisite() {
  if (!existsSync(CODE_SERVER)) return `code-server is not installed (${CODE_SERVER}; bash scripts/install-code-server.sh installs it)`;
  if (!existsSync(CHROMIUM)) return `Chromium is missing (${CHROMIUM}; bash scripts/install-code-server.sh installs it)`;
  for (const file of ['dist/client.js', 'dist/server.js']) if (!existsSync(path.join(ROOT, file))) return `${file} is missing (npm run build)`;
  return undefined;
}

/** bench/lspBench.mjs on the same bundle the extension runs (dist/server.js), open only. */
async function lspOpen() {
  const args = [path.join(here, 'lspBench.mjs'), '--bytes', String(BYTES), '--edits', '0', '--hovers', '0', '--lenses', '0', '--idle', '0', '--server', path.join(ROOT, 'dist/server.js')];
  const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: ROOT, timeout: TIMEOUT_MS, maxBuffer: 1 << 24 });
  const result = JSON.parse(stdout);
  return { firstScreen: result.firstScreen.wall, diagnostics: result.open.wall, cpu: result.open.cpu, count: result.diagnostics };
}

/**
 * The session's language server: the process running this tree's dist/server.js over IPC (the
 * LSP run uses stdio), and its main thread's CPU time in ms (Linux), or undefined elsewhere. On a
 * shared machine the wall times include waiting for a CPU; this says how much the server worked.
 */
function serverCpu() {
  try {
    const bundle = path.join(ROOT, 'dist/server.js');
    const line = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).split('\n').find((l) => l.includes(bundle) && l.includes('--node-ipc'));
    const pid = line.trim().split(' ')[0];
    return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'latin1').split(' ')[0]) / 1e6;
  } catch {
    return undefined;
  }
}

/** User settings of the bench workspace (see the header: why warnings, why open files only). */
async function benchSettings() {
  const { DEFAULT_SEVERITY } = createRequire(import.meta.url)(path.join(ROOT, 'server/out/analysis/diagnosticCatalog.js'));
  return {
    'rollmark.diagnostics.scope': 'openFiles',
    'rollmark.severity': Object.fromEntries(Object.keys(DEFAULT_SEVERITY).map((code) => [code, 'warning'])),
  };
}

/**
 * Arms the in-page probe, then clicks `file` in the Explorer; resolves to ms from the pointerdown
 * to each of `want` (text, hint, diagnostics) first being in the DOM.
 */
async function openAndTime(page, file, { heading, problems, want }) {
  await page.evaluate(
    ({ heading, problems, want, timeout }) => {
      const start = new Promise((resolve) => window.addEventListener('pointerdown', (event) => resolve(event.timeStamp), { capture: true, once: true }));
      window.__rollmarkOpen = new Promise((resolve, reject) => {
        const seen = {};
        const check = () => {
          const now = performance.now();
          const lines = document.querySelector('.part.editor .editor-instance .monaco-editor .view-lines')?.textContent ?? '';
          if (seen.text === undefined && lines.replace(/\u00a0/g, ' ').includes(heading)) seen.text = now;
          if (seen.hint === undefined && lines.includes('≈')) seen.hint = now;
          // "⊗ 0 ⚠ 140": the numbers of the status bar's problems item, summed.
          const counts = document.getElementById('status.problems')?.textContent.match(/\d+/g) ?? [];
          if (seen.diagnostics === undefined && counts.reduce((sum, n) => sum + Number(n), 0) === problems) seen.diagnostics = now;
          if (!want.every((key) => seen[key] !== undefined)) return;
          observer.disconnect();
          clearTimeout(timer);
          void start.then((t0) => resolve(Object.fromEntries(want.map((key) => [key, seen[key] - t0]))));
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`after ${timeout} ms, seen only ${JSON.stringify(seen)}; the status bar's problems read «${document.getElementById('status.problems')?.textContent}»`));
        }, timeout);
      });
    },
    { heading, problems, want, timeout: TIMEOUT_MS },
  );
  await page.locator('.explorer-folders-view .monaco-list-row', { hasText: file }).first().click();
  return page.evaluate(() => window.__rollmarkOpen);
}

/** Closes every editor (Ctrl+K Ctrl+W) and lets the work the last one left behind finish. */
async function closeAll(page) {
  await page.keyboard.press('Control+K');
  await page.keyboard.press('Control+W');
  await page.locator('.part.editor .tabs-container .tab').first().waitFor({ state: 'detached' });
  await page.waitForTimeout(SETTLE_MS);
}

/** One fresh code-server session: the warm-up, then the files in `order`, each opened once. */
async function vscodeSession(browser, texts, settings, order, problems, shot) {
  const run = makeRunDir('bench-open', { userSettings: settings });
  for (const [file, text] of Object.entries(texts)) writeFileSync(path.join(run.workspace, file), text);
  let server;
  let context;
  let ok = false;
  try {
    server = await startCodeServer(run);
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(60000);
    await page.goto(workbenchUrl(server, run.workspace, { extensionDevelopmentPath: ROOT }));
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: SCENARIO }).waitFor();
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: WARMUP }).click();
    await page.locator('.statusbar-item', { hasText: 'No ruleset' }).first().waitFor();
    await closeAll(page);
    const heading = texts[SCENARIO].match(/^# .+$/m)[0].slice(2);
    const times = {};
    for (const file of order) {
      const cpu = serverCpu();
      times[file] = await openAndTime(page, file, file === SCENARIO ? { heading, problems, want: ['text', 'hint', 'diagnostics'] } : { heading, problems, want: ['text'] });
      // Read as soon as the page has answered: what the server did until then, a few ms more at most.
      if (file === SCENARIO && cpu !== undefined) times[file].serverCpu = serverCpu() - cpu;
      if (file === SCENARIO && shot) await page.screenshot({ path: shot });
      await closeAll(page);
    }
    ok = true;
    return times;
  } finally {
    await context?.close();
    await server?.stop();
    if (ok) run.remove();
    else process.stderr.write(`vscode: the failed session's files (code-server.log) are in ${run.dir}\n`);
  }
}

/**
 * `rounds` rounds, each an LSP run and a VS Code session, alternating which comes first and
 * which file the session opens first. Returns every round's figures in ms.
 */
export async function measureOpen({ rounds = 3, log = (text) => process.stderr.write(`${text}\n`) } = {}) {
  const text = generateScenario(BYTES, 20241); // the scale section's 1 MB file
  const texts = { [SCENARIO]: text, [CONTROL]: withoutRuleset(text), [WARMUP]: WARMUP_TEXT };
  const settings = await benchSettings();
  const shotDir = path.join(ROOT, 'test-results/bench');
  mkdirSync(shotDir, { recursive: true });
  const browser = await launchBrowser();
  const results = [];
  let problems;
  try {
    for (let r = 0; r < rounds; r++) {
      const round = { order: r % 2 === 0 ? [CONTROL, SCENARIO] : [SCENARIO, CONTROL], lspFirst: r % 2 === 0 };
      const lsp = async () => {
        log(`vscode: round ${r + 1}/${rounds}, LSP`);
        round.lsp = await lspOpen();
        problems ??= round.lsp.count;
        if (!(problems > 0)) throw new Error(`the LSP run published ${problems} diagnostics: nothing to wait for in VS Code`);
      };
      if (round.lspFirst) await lsp();
      log(`vscode: round ${r + 1}/${rounds}, VS Code (${round.order.join(', then ')})`);
      const times = await vscodeSession(browser, texts, settings, round.order, problems, r === rounds - 1 ? path.join(shotDir, 'vscode-open.png') : undefined);
      round.scenario = times[SCENARIO];
      round.control = times[CONTROL];
      if (!round.lspFirst) await lsp();
      results.push(round);
    }
  } finally {
    await browser.close();
  }
  return { bytes: Buffer.byteLength(text), diagnostics: problems, rounds: results };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const missing = missingPrerequisite();
  if (missing) {
    process.stderr.write(`vscode: ${missing}\n`);
    process.exit(2);
  }
  const at = process.argv.indexOf('--rounds');
  const result = await measureOpen({ rounds: at > 0 ? Number(process.argv[at + 1]) : 3 });
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
