#!/usr/bin/env node
// Runs the extension tests (suite/index.js) in VS Code desktop through @vscode/test-electron,
// for machines that can download VS Code (these cannot: use runCodeServer.mjs here). On Linux
// without a display, run it under xvfb-run.
//
//   npm run build && node test/vscode/runElectron.mjs
//   ROLLMARK_VSCODE_VERSION=1.100.3 node test/vscode/runElectron.mjs   (default: stable)
//   ROLLMARK_VSCODE_GREP=hover node test/vscode/runElectron.mjs
import { runTests } from '@vscode/test-electron';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeRunDir, ROOT } from './lib/codeServer.mjs';

const run = makeRunDir('electron', { workspaceFrom: [[join(ROOT, 'test/vscode/workspace')]] });
const testLog = join(run.dir, 'mocha.log');
let ok = false;
try {
  await runTests({
    version: process.env.ROLLMARK_VSCODE_VERSION || 'stable',
    extensionDevelopmentPath: ROOT,
    extensionTestsPath: join(ROOT, 'test/vscode/suite/index.js'),
    extensionTestsEnv: {
      ROLLMARK_VSCODE_TEST_LOG: testLog,
      ROLLMARK_VSCODE_GREP: process.env.ROLLMARK_VSCODE_GREP,
      ROLLMARK_VSCODE_TEST_TIMEOUT: process.env.ROLLMARK_VSCODE_TEST_TIMEOUT,
    },
    // Throw-away user data (with the quiet settings) and extensions directories of our own;
    // test-electron adds --extensionDevelopmentPath/--extensionTestsPath and its usual flags.
    launchArgs: [run.workspace, '--user-data-dir', run.userData, '--extensions-dir', run.extensions, '--disable-extensions'],
  });
  ok = true;
} catch (error) {
  console.log(`✗ ${error instanceof Error ? error.message : error}`);
} finally {
  const summaryFile = `${testLog}.json`;
  // The suite's reporter has printed its own closing line; without one the run never started.
  if (!existsSync(summaryFile)) console.log('0 passed, 1 failed');
  else if (ok && JSON.parse(readFileSync(summaryFile, 'utf8')).failed > 0) ok = false;
  run.remove();
}
process.exit(ok ? 0 : 1);
