// `npm run release` (after `tsc -b && node esbuild.mjs --production`): the packages of one version,
// verified here, into release/ (gitignored):
//   rollmark-<version>.vsix   the extension, for the VS Code Marketplace and Open VSX: `vsce package`,
//                             refused on any warning, then the checks `ovsx publish` makes before it
//                             uploads (the manifest's publisher, name and version; a license);
//   rollmark-<version>.tgz    the npm package: the CLI (`rollmark`) and the language server
//                             (`rollmark-language-server --stdio`), bundled, with a manifest of its
//                             own made from the extension's (npmManifest below);
//   SHA256SUMS                both files' SHA-256, as `sha256sum -c` reads them;
//   CHANGELOG-<version>.md    the version's section of CHANGELOG.md, the release notes.
// What only the registries can check (the publisher's namespace, tokens) is left to publishing.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** What the npm package carries besides its manifest: the bins, the bundles they load, the texts. */
export const NPM_FILES = [
  'bin/rollmark.js',
  'bin/rollmark-language-server.js',
  'dist/cli.js',
  'dist/analysisWorker.js',
  'dist/server.js',
  'dist/vega.js',
  'dist/rulesetSchema.js',
  'README.md',
  'README.en.md',
  'CHANGELOG.md',
  'LICENSE',
];

/** A version as semver.org writes it. */
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

export function readJson(file) {
  return JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));
}

/**
 * The npm package's manifest, made from the extension's: one name, version, description, licence
 * and set of links for both packages, but none of the extension's contributions, scripts or
 * dependencies (everything is bundled: an install pulls nothing), and no `private`.
 */
export function npmManifest(extension = readJson('package.json'), nls = readJson('package.nls.json')) {
  return {
    name: extension.name,
    version: extension.version,
    description: nls.description.replace(/^%|%$/g, ''),
    keywords: extension.keywords,
    homepage: extension.homepage,
    bugs: extension.bugs,
    repository: extension.repository,
    license: extension.license,
    bin: { rollmark: 'bin/rollmark.js', 'rollmark-language-server': 'bin/rollmark-language-server.js' },
    files: NPM_FILES,
    engines: { node: extension.engines.node },
  };
}

/** Lays out the npm package in `dir` from the built tree: its manifest and NPM_FILES. */
export function stageNpmPackage(dir) {
  rmSync(dir, { recursive: true, force: true });
  for (const file of NPM_FILES) {
    const from = path.join(ROOT, file);
    if (!existsSync(from)) throw new Error(`${file} is missing${file.startsWith("dist/") ? " (npm run build makes it)" : ""}`);
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    copyFileSync(from, path.join(dir, file));
  }
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(npmManifest(), null, 2)}\n`);
}

/** `npm pack` of a staged package into `destination`; the tarball's path. */
export function packNpm(dir, destination) {
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', destination], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
  return path.join(destination, packed.filename);
}

/** The version's section of CHANGELOG.md, from its `## [version]` heading to the next. */
export function changelogSection(version, changelog = readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8')) {
  const start = changelog.indexOf(`\n## [${version}]`);
  if (start < 0) throw new Error(`CHANGELOG.md has no "## [${version}]" section`);
  const end = changelog.indexOf('\n## [', start + 1);
  return changelog.slice(start + 1, end < 0 ? undefined : end).replace(/\n\[[^\]]+\]: .*$/gm, '').trimEnd() + '\n';
}

function sha256(file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** `vsce package`, failing on a warning as on an error (vsce asks before it goes on past some). */
function packageVsix(file) {
  const vsce = path.join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
  const run = spawnSync(process.execPath, [vsce, 'package', '--no-dependencies', '-o', file], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const said = `${run.stdout}${run.stderr}`;
  const warnings = said.split('\n').filter((line) => /\bWARNING\b|\bwarn/i.test(line));
  if (run.status !== 0 || warnings.length > 0) throw new Error(`vsce package: ${warnings.join('\n') || said}`);
}

/** The checks `ovsx publish` makes of a package before it uploads it, with ovsx's own code. */
async function verifyForOpenVsx(file) {
  const { readVSIXPackage } = require('ovsx/lib/zip');
  const { validateManifest, isLicenseOk } = require('ovsx');
  const manifest = await readVSIXPackage(file);
  validateManifest(manifest);
  if (!(await isLicenseOk(ROOT, manifest))) throw new Error('ovsx: the extension has no licence, which Open VSX requires');
  if (!/^[a-z0-9][a-z0-9-]*$/i.test(manifest.name) || !/^[a-z0-9][a-z0-9-]*$/i.test(manifest.publisher)) throw new Error(`ovsx: ${manifest.publisher}.${manifest.name} is not a valid extension id`);
  return manifest;
}

async function release() {
  const extension = readJson('package.json');
  const { version } = extension;
  if (!SEMVER.test(version)) throw new Error(`package.json version "${version}" is not semantic versioning`);
  const out = path.join(ROOT, 'release');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out);
  const notes = changelogSection(version);

  const vsix = path.join(out, `rollmark-${version}.vsix`);
  packageVsix(vsix);
  const manifest = await verifyForOpenVsx(vsix);
  if (manifest.version !== version) throw new Error(`the .vsix says version ${manifest.version}`);

  const staged = path.join(out, 'npm');
  stageNpmPackage(staged);
  const tarball = packNpm(staged, out);
  rmSync(staged, { recursive: true, force: true });

  writeFileSync(path.join(out, `CHANGELOG-${version}.md`), notes);
  const sums = [vsix, tarball].map((file) => `${sha256(file)}  ${path.basename(file)}\n`).join('');
  writeFileSync(path.join(out, 'SHA256SUMS'), sums);
  process.stdout.write(`release/ ${version}: ${path.basename(vsix)} (vsce, ovsx: no warnings), ${path.basename(tarball)}, SHA256SUMS, CHANGELOG-${version}.md\n${sums}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  release().catch((error) => {
    process.stderr.write(`release: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
