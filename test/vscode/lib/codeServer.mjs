// Running the real VS Code workbench here: code-server (VS Code 1.100 for the web with a Node
// extension host) on loopback, driven by Debian's Chromium through playwright-core. What works
// and why is recorded in ../shared/notes/vscode-e2e.md; scripts/install-code-server.sh installs it.
import { spawn, execFile } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
export const CODE_SERVER = process.env.ROLLMARK_CODE_SERVER || join(ROOT, '.code-server/node_modules/.bin/code-server');
export const CHROMIUM = process.env.ROLLMARK_CHROMIUM || '/usr/bin/chromium';

/** Chromium on a closed network: no background traffic, no sandbox (root in CI), no GPU. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** User settings that keep runs quiet: nothing covers the toasts, nothing calls the network. */
export const USER_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'git.openRepositoryInParentFolders': 'never',
  'git.enabled': false,
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'chat.disableAIFeatures': true,
  'editor.hover.delay': 300,
  // No fade-ins half-way through a screenshot.
  'workbench.reduceMotion': 'on',
};

export function requirePrerequisites({ needBuild = true } = {}) {
  const problems = [];
  if (!existsSync(CODE_SERVER)) problems.push(`code-server is not installed (${CODE_SERVER}): run  bash scripts/install-code-server.sh`);
  if (!existsSync(CHROMIUM)) problems.push(`Chromium is missing (${CHROMIUM}): run  bash scripts/install-code-server.sh`);
  if (needBuild && !existsSync(join(ROOT, 'dist/client.js'))) problems.push('dist/client.js is missing: run  npm run build');
  if (needBuild && !existsSync(join(ROOT, 'dist/server.js'))) problems.push('dist/server.js is missing: run  npm run build');
  if (problems.length > 0) {
    for (const p of problems) console.error(`✗ ${p}`);
    process.exit(2);
  }
}

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * A throw-away run directory: user data (with USER_SETTINGS), extensions, and a copy of the
 * given workspace folders' files so that tests may edit and write settings freely.
 */
export function makeRunDir(label, { workspaceFrom = [], userSettings = {} } = {}) {
  const dir = mkdtempSync(join(tmpdir(), `rollmark-${label}-`));
  const userData = join(dir, 'user-data');
  const extensions = join(dir, 'extensions');
  const workspace = join(dir, 'workspace');
  mkdirSync(join(userData, 'User'), { recursive: true });
  mkdirSync(extensions, { recursive: true });
  mkdirSync(workspace, { recursive: true });
  writeFileSync(join(userData, 'User/settings.json'), JSON.stringify({ ...USER_SETTINGS, ...userSettings }, null, 2));
  for (const [from, to = ''] of workspaceFrom) cpSync(from, join(workspace, to), { recursive: true });
  return {
    dir,
    userData,
    extensions,
    workspace,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export async function installVsix(vsix, run) {
  const { stdout } = await promisify(execFile)(CODE_SERVER, ['--install-extension', vsix, '--extensions-dir', run.extensions, '--user-data-dir', run.userData], { timeout: 120000 });
  return stdout.trim();
}

/**
 * Makes VS Code run in Russian (vscode.env.language = 'ru'): installs a language pack with no
 * translations (test/vscode/fixtures/locale-ru) and registers it in languagepacks.json, which
 * code-server reads for --locale ru. The workbench stays English; extensions speak Russian.
 * (The real pack is on a marketplace these machines cannot reach.)
 */
export async function installRussianDisplayLanguage(run) {
  const fixture = join(ROOT, 'test/vscode/fixtures/locale-ru');
  const manifest = JSON.parse(readFileSync(join(fixture, 'package.json'), 'utf8'));
  const vsix = join(run.dir, 'locale-ru.vsix');
  await promisify(execFile)(join(ROOT, 'node_modules/.bin/vsce'), ['package', '--no-dependencies', '--allow-missing-repository', '--out', vsix], { cwd: fixture, timeout: 60000 });
  await installVsix(vsix, run);
  const id = `${manifest.publisher}.${manifest.name}`;
  const translations = join(run.extensions, `${id}-${manifest.version}`, 'translations/main.i18n.json');
  if (!existsSync(translations)) throw new Error(`the test language pack did not install where expected: ${translations}`);
  const packs = { ru: { hash: `${id}-${manifest.version}`, extensions: [{ extensionIdentifier: { id }, version: manifest.version }], translations: { vscode: translations }, label: 'русский' } };
  writeFileSync(join(run.userData, 'languagepacks.json'), JSON.stringify(packs));
}

/**
 * Starts code-server on 127.0.0.1 and a free port; its output (including what the extension
 * host writes to stdout/stderr, prefixed "[ExtensionHostConnection] <pid>") goes to `logFile`.
 */
export async function startCodeServer(run, { env = {}, locale, logFile, timeout = 30000 } = {}) {
  const port = await freePort();
  const config = join(run.dir, 'config.yaml');
  writeFileSync(config, `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
  const args = [
    '--config', config,
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--user-data-dir', run.userData,
    '--extensions-dir', run.extensions,
    ...(locale ? ['--locale', locale] : []),
    run.workspace,
  ];
  const log = createWriteStream(logFile ?? join(run.dir, 'code-server.log'));
  // Its own process group, so that stop() ends code-server and everything it started.
  const child = spawn(CODE_SERVER, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  let exited = false;
  child.once('exit', () => (exited = true));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + timeout;
  for (;;) {
    if (exited) throw new Error(`code-server exited at start; see ${log.path}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`code-server did not answer on ${base} within ${timeout} ms; see ${log.path}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
      return true;
    } catch {
      return false; // the group is empty
    }
  };
  const stop = async () => {
    if (signalGroup('SIGTERM')) {
      await Promise.race([exited ? Promise.resolve() : new Promise((r) => child.once('exit', r)), new Promise((r) => setTimeout(r, 3000))]);
      // An extension host whose workbench went away waits hours for it to reconnect: end the
      // whole group, whatever is left of it.
      await new Promise((r) => setTimeout(r, 200));
      signalGroup('SIGKILL');
    }
    log.end();
  };
  return { port, base, logFile: log.path, stop };
}

/**
 * The workbench URL. The payload is how the web workbench takes the arguments desktop VS Code
 * takes on its command line (code-server refuses --extensionDevelopmentPath itself).
 */
export function workbenchUrl(server, folder, { extensionDevelopmentPath, extensionTestsPath } = {}) {
  const remote = (path) => `vscode-remote://127.0.0.1:${server.port}${path}`;
  const payload = [];
  if (extensionDevelopmentPath) payload.push(['extensionDevelopmentPath', remote(extensionDevelopmentPath)]);
  if (extensionTestsPath) payload.push(['extensionTestsPath', remote(extensionTestsPath)]);
  const query = `folder=${encodeURIComponent(folder)}${payload.length ? `&payload=${encodeURIComponent(JSON.stringify(payload))}` : ''}`;
  return `${server.base}/?${query}`;
}

export async function launchBrowser() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, timeout: 30000 });
}

/** Monaco renders spaces as U+00A0 and lays text out in spans: compare normalised text. */
export const normalize = (text) => text.replace(/\u00a0/g, ' ').replace(/[ \t]+/g, ' ').split('\n').map((line) => line.trim()).join('\n').trim();
