#!/usr/bin/env node
// Runs the extension tests (suite/index.js, written to @vscode/test-electron's contract) in a
// real VS Code extension host: code-server on loopback, its web workbench in headless Chromium.
// The workbench takes extensionDevelopmentPath/extensionTestsPath from the URL payload, runs the
// suite in the Node extension host, and calls window.codeAutomationExit(code) at the end.
//
// Where the test output goes: the extension host's console.* is forwarded to the workbench,
// whose log (in automation) is handed to window.codeAutomationLog — mixed with the workbench's
// own messages; its process.stdout/stderr lands in code-server's output. So the suite's
// reporter also appends its lines to the file named by ROLLMARK_VSCODE_TEST_LOG (the extension
// host inherits code-server's environment), and this runner relays that file as it grows.
//
//   node test/vscode/runCodeServer.mjs            (npm run test:vscode runs it after a build)
//   ROLLMARK_VSCODE_GREP=hover node test/vscode/runCodeServer.mjs
//   ROLLMARK_VSCODE_TIMEOUT_MS=600000             hard timeout of the whole run (default 300000)
//   ROLLMARK_VSCODE_LOCALE=ru                      VS Code in Russian (default: English)
//
// Logs of the last run: test-results/vscode/extension-tests/.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, rmSync, statSync, writeFileSync, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { installRussianDisplayLanguage, launchBrowser, makeRunDir, requirePrerequisites, ROOT, startCodeServer, workbenchUrl } from './lib/codeServer.mjs';

const TIMEOUT = Number(process.env.ROLLMARK_VSCODE_TIMEOUT_MS) || 300000;
const started = Date.now();

requirePrerequisites();
const artifacts = join(ROOT, 'test-results/vscode/extension-tests');
rmSync(artifacts, { recursive: true, force: true });
mkdirSync(artifacts, { recursive: true });
const testLog = join(artifacts, 'mocha.log');
writeFileSync(testLog, '');

const run = makeRunDir('ext-tests', { workspaceFrom: [[join(ROOT, 'test/vscode/workspace')]] });
const env = { ROLLMARK_VSCODE_TEST_LOG: testLog };
for (const name of ['ROLLMARK_VSCODE_GREP', 'ROLLMARK_VSCODE_TEST_TIMEOUT']) if (process.env[name]) env[name] = process.env[name];

let server;
let browser;
let relayed = 0;
/** Prints what the reporter has appended since the last call. */
function relay() {
  if (!existsSync(testLog)) return;
  const size = statSync(testLog).size;
  if (size <= relayed) return;
  const fd = openSync(testLog, 'r');
  const buffer = Buffer.alloc(size - relayed);
  readSync(fd, buffer, 0, buffer.length, relayed);
  closeSync(fd);
  relayed = size;
  process.stdout.write(buffer);
}

async function main() {
  const locale = process.env.ROLLMARK_VSCODE_LOCALE || undefined;
  if (locale === 'ru') await installRussianDisplayLanguage(run);
  else if (locale && locale !== 'en') throw new Error(`ROLLMARK_VSCODE_LOCALE: only en and ru can be had here, not ${locale}`);
  server = await startCodeServer(run, { env, locale, logFile: join(artifacts, 'code-server.log') });
  browser = await launchBrowser();
  const page = await browser.newPage();
  const workbenchLog = createWriteStream(join(artifacts, 'workbench.log'));
  const format = (value) => (typeof value === 'string' ? value : JSON.stringify(value));
  await page.exposeFunction('codeAutomationLog', (type, args) => {
    workbenchLog.write(`[${type}] ${(Array.isArray(args) ? args : [args]).map(format).join(' ')}\n`);
  });
  let exit;
  const exited = new Promise((resolve) => (exit = resolve));
  await page.exposeFunction('codeAutomationExit', (code) => exit(code));
  page.on('pageerror', (error) => workbenchLog.write(`[pageerror] ${error.stack || error}\n`));
  const url = workbenchUrl(server, run.workspace, {
    extensionDevelopmentPath: ROOT,
    extensionTestsPath: join(ROOT, 'test/vscode/suite/index.js'),
  });
  console.log(`code-server ${server.base}, workspace ${run.workspace}, locale ${locale || 'en'}`);
  const ticker = setInterval(relay, 200);
  await page.goto(url);
  let timer;
  const timedOut = new Promise((resolve) => (timer = setTimeout(() => resolve('timeout'), TIMEOUT - (Date.now() - started))));
  const code = await Promise.race([exited, timedOut]);
  clearTimeout(timer);
  clearInterval(ticker);
  relay();
  workbenchLog.end();
  return code;
}

let code;
try {
  code = await main();
} catch (error) {
  console.log(`✗ ${error.stack || error}`);
  code = 'error';
} finally {
  await browser?.close().catch(() => undefined);
  await server?.stop();
  run.remove();
}

const summaryFile = `${testLog}.json`;
const summary = existsSync(summaryFile) ? JSON.parse(readFileSync(summaryFile, 'utf8')) : undefined;
const seconds = ((Date.now() - started) / 1000).toFixed(1);
let ok = code === 0 && summary !== undefined && summary.failed === 0 && summary.passed > 0;
if (code === 'timeout') console.log(`✗ hard timeout: no result after ${TIMEOUT / 1000} s`);
else if (code !== 0 && code !== 'error') console.log(`✗ the extension host ended the run with exit code ${code}`);
if (!summary) {
  console.log('✗ the suite reported no results (did it load? see the logs below)');
  console.log('0 passed, 1 failed');
  ok = false;
}
if (!ok) console.log(`logs: ${artifacts}/{mocha.log,workbench.log,code-server.log}`);
console.log(`extension tests in code-server: ${ok ? 'ok' : 'FAILED'} in ${seconds} s`);
process.exit(ok ? 0 : 1);
