// Bundles what the .vsix ships: the extension client and the language server, each one file with
// its dependencies (the .vsix carries no node_modules). The CLI runs from server/out (bin/rollmark.js).
import { build } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';

const production = process.argv.includes('--production');

const bundles = [
  { entry: 'server/src/main.ts', out: 'dist/server.js' },
  { entry: 'client/src/extension.ts', out: 'dist/client.js' },
].filter((bundle) => existsSync(bundle.entry));

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
      sourcemap: !production,
      minify: production,
      logLevel: 'warning',
    }),
  ),
);

// The extension's jsonValidation/yamlValidation point at the engine's schema inside the package.
mkdirSync('dist', { recursive: true });
copyFileSync('server/src/engine/ruleset.schema.json', 'dist/ruleset.schema.json');
