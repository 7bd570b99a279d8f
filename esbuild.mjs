// Bundles what the packages ship, each one file with its dependencies (neither the .vsix nor the npm
// package carries node_modules): the extension client and the language server (the .vsix), the CLI
// and its analysis worker (the npm package, with the server), and the modules they load only when
// first needed (ON_FIRST_USE).
import { build } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { sep } from 'node:path';
import { runInNewContext } from 'node:vm';

const production = process.argv.includes('--production');

const bundles = [
  { entry: 'server/src/main.ts', out: 'dist/server.js' },
  { entry: 'client/src/extension.ts', out: 'dist/client.js' },
  { entry: 'server/src/cli/main.ts', out: 'dist/cli.js' },
  // cli/analyzeFiles.ts starts it as `analysisWorker.js` beside itself.
  { entry: 'server/src/cli/analysisWorker.ts', out: 'dist/analysisWorker.js' },
  { entry: 'server/src/report/vega.ts', out: 'dist/vega.js' },
  { entry: 'server/src/engine/rulesetSchema.ts', out: 'dist/rulesetSchema.js' },
].filter((bundle) => existsSync(bundle.entry));

/**
 * Modules loaded on first use, files of their own beside the bundles rather than inlined: Vega, when
 * report/charts.ts draws a report's charts, and the ruleset schema's validators, when
 * engine/rulesetValidation.ts first checks a user's ruleset.
 */
const ON_FIRST_USE = new Map([
  ['./vega.js', `report${sep}charts.ts`],
  ['./rulesetSchema.js', `engine${sep}rulesetValidation.ts`],
]);
const onFirstUse = {
  name: 'on-first-use',
  setup(build) {
    build.onResolve({ filter: /^\.\/\w+\.js$/ }, (args) => (args.importer.endsWith(ON_FIRST_USE.get(args.path) ?? '\0') ? { path: args.path, external: true } : undefined));
  },
};

await Promise.all(
  bundles.map((bundle) =>
    build({
      entryPoints: [bundle.entry],
      outfile: bundle.out,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      external: ['vscode'],
      plugins: [onFirstUse],
      // Vega's Node entry of vega-canvas awaits an optional native `canvas` at top level, which a
      // CommonJS bundle cannot hold; the report renders SVG only and needs no canvas: the browser
      // entry (no canvas without a DOM) is the same module without that import.
      alias: { 'vega-canvas': './node_modules/vega-canvas/build/vega-canvas.browser.js' },
      // Russian words as UTF-8 (2 bytes a letter) rather than \u escapes (6): a tenth of the server.
      charset: 'utf8',
      sourcemap: !production,
      minify: production,
      logLevel: 'warning',
    }),
  ),
);

// The extension's jsonValidation/yamlValidation point at the engine's schema inside the package.
mkdirSync('dist', { recursive: true });
copyFileSync('server/src/engine/ruleset.schema.json', 'dist/ruleset.schema.json');

// The Markdown preview's chip styles (contributes.markdown.previewStyles), from the one stylesheet
// the report uses (server/src/report/styles.ts), so that preview and report draw the same chips.
const styles = await build({ entryPoints: ['server/src/report/styles.ts'], bundle: true, format: 'cjs', platform: 'neutral', write: false, logLevel: 'warning' });
const module = { exports: {} };
runInNewContext(styles.outputFiles[0].text, { module, exports: module.exports });
writeFileSync('dist/preview.css', module.exports.PREVIEW_CSS);

// The web extension (package.json `browser`: vscode.dev, github.dev): the client for VS Code's web
// worker extension host (CommonJS, as that host loads it) and the language server in a Web Worker of
// its own (browserMain.ts), each one file built for the browser: packages' `browser` entries, no Node.
const browserBundles = [
  { entry: 'client/src/browserExtension.ts', out: 'dist/browser/client.js', format: 'cjs', conditions: [] },
  // A worker has no DOM: packages' `worker` entries (decode-named-character-reference's `browser` one needs `document`).
  { entry: 'server/src/browserMain.ts', out: 'dist/browser/server.js', format: 'iife', conditions: ['worker'] },
].filter((bundle) => existsSync(bundle.entry));

await Promise.all(
  browserBundles.map((bundle) =>
    build({
      entryPoints: [bundle.entry],
      outfile: bundle.out,
      bundle: true,
      platform: 'browser',
      target: 'es2022',
      format: bundle.format,
      conditions: bundle.conditions,
      external: ['vscode'],
      // As in the Node bundle: the report renders SVG, without a canvas.
      alias: { 'vega-canvas': './node_modules/vega-canvas/build/vega-canvas.browser.js' },
      sourcemap: !production,
      minify: production,
      logLevel: 'warning',
    }),
  ),
);
