/**
 * The npm package as a user gets it: staged and packed by scripts/release.mjs from the built tree,
 * installed from its tarball into an empty folder with npm offline (it needs nothing from the
 * registry: everything is bundled), then run there as `npx rollmark …` and as
 * `rollmark-language-server --stdio`. Also its manifest, made from the extension's.
 */
import * as assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.join(__dirname, '..', '..', '..');

interface Release {
  NPM_FILES: string[];
  npmManifest(): Record<string, unknown>;
  stageNpmPackage(dir: string): void;
  packNpm(dir: string, destination: string): string;
}

const SCENE = '---\nruleset: vampire-pack\n---\n\n# Сцена\n\n«Сила 3 + Атлетика 2 (сложность 2)» и «Ловкасть 2 + Атлетика 2 (сложность 2)»\n';

describe('the npm package, installed from its tarball into an empty folder', function () {
  this.timeout(180_000);
  let release: Release;
  let tmp = '';
  let app = '';
  let tarball = '';
  // npm offline: the install must need nothing but the tarball.
  const env = () => ({ ...process.env, LANG: 'C.UTF-8', LC_ALL: '', LC_MESSAGES: '', ROLLMARK_LOCALE: '', npm_config_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' });
  const npx = (...args: string[]) => spawnSync('npx', ['--no-install', ...args], { cwd: app, env: env(), encoding: 'utf8' });

  before(async () => {
    release = (await import(pathToFileURL(path.join(ROOT, 'scripts', 'release.mjs')).href)) as Release;
    tmp = mkdtempSync(path.join(os.tmpdir(), 'rollmark-npm-'));
    const staged = path.join(tmp, 'staged');
    release.stageNpmPackage(staged);
    tarball = release.packNpm(staged, tmp);
    app = path.join(tmp, 'empty folder');
    mkdirSync(app);
    execFileSync('npm', ['install', tarball], { cwd: app, env: env(), stdio: ['ignore', 'ignore', 'inherit'] });
    writeFileSync(path.join(app, 'scene.md'), SCENE);
  });
  after(() => rmSync(tmp, { recursive: true, force: true }));

  it('its manifest is the extension’s name, version and links, with two bins, a files whitelist and no dependency', () => {
    const extension = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
    const manifest = release.npmManifest();
    assert.deepEqual(
      [manifest.name, manifest.version, manifest.license, manifest.repository, manifest.bugs, manifest.homepage, manifest.keywords],
      [extension.name, extension.version, extension.license, extension.repository, extension.bugs, extension.homepage, extension.keywords],
    );
    assert.deepEqual(manifest.bin, { rollmark: 'bin/rollmark.js', 'rollmark-language-server': 'bin/rollmark-language-server.js' });
    assert.deepEqual(manifest.files, ['bin/rollmark.js', 'bin/rollmark-language-server.js', 'dist/cli.js', 'dist/analysisWorker.js', 'dist/server.js', 'dist/vega.js', 'dist/rulesetSchema.js', 'README.md', 'README.en.md', 'CHANGELOG.md', 'LICENSE']);
    for (const key of ['dependencies', 'devDependencies', 'scripts', 'private', 'contributes', 'main']) assert.equal(key in manifest, false, key);
    const installed = JSON.parse(readFileSync(path.join(app, 'node_modules', 'rollmark', 'package.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(installed.version, extension.version);
  });

  it('the tarball holds the manifest and the whitelisted files, nothing else', () => {
    const listed = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).trim().split('\n').sort();
    assert.deepEqual(listed, ['package/package.json', ...release.NPM_FILES.map((file) => `package/${file}`)].sort());
  });

  it('npx rollmark check: the diagnostics of a scenario, exit code 1', () => {
    const run = npx('rollmark', 'check', 'scene.md');
    assert.equal(run.stderr, '');
    assert.equal(run.status, 1);
    assert.equal(run.stdout, 'scene.md:7:40 error RM001 Unknown trait "Ловкасть". Did you mean: Ловкость\n1 file, 2 checks: 1 error, 0 warnings, 0 infos, 0 hints\n');
  });

  it('npx rollmark --lang ru odds: exact odds, in Russian', () => {
    const run = npx('rollmark', '--lang', 'ru', 'odds', '--ruleset', 'vampire-pack', '«Сила 3 + Атлетика 3 (сложность 2)»');
    assert.deepEqual([run.status, run.stderr], [0, '']);
    assert.equal(run.stdout.split('\n')[2], 'Успех 76\u00a0% · болезненный провал 11\u00a0%');
  });

  it('npx rollmark report: the HTML report with both charts (Vega loaded from its own file)', () => {
    const run = npx('rollmark', 'report', '-o', 'report.html', 'scene.md');
    assert.deepEqual([run.status, run.stderr], [0, '']);
    assert.equal(readFileSync(path.join(app, 'report.html'), 'utf8').match(/<svg/g)?.length, 2);
  });

  it('rollmark-language-server --stdio answers initialize', async () => {
    const server = spawn(path.join(app, 'node_modules', '.bin', 'rollmark-language-server'), ['--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
    const answer = await new Promise<string>((resolve, reject) => {
      let received = '';
      server.on('error', reject);
      server.stdout.on('data', (chunk: Buffer) => {
        received += chunk.toString('utf8');
        const at = received.indexOf('\r\n\r\n');
        const length = Number(/Content-Length: (\d+)/.exec(received)?.[1]);
        if (at >= 0 && Buffer.byteLength(received.slice(at + 4)) >= length) resolve(received.slice(at + 4));
      });
      server.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    });
    server.kill();
    const message = JSON.parse(answer) as { id: number; result: { serverInfo: { name: string }; capabilities: Record<string, unknown> } };
    assert.equal(message.id, 1);
    assert.equal(message.result.serverInfo.name, 'rollmark');
    assert.ok(message.result.capabilities.hoverProvider);
  });
});
