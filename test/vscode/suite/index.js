'use strict';
// The extension tests' entry point, in @vscode/test-electron's contract: the extension host
// requires this file (extensionTestsPath) and awaits `run()`; a rejection is a failed run.
// Both runners use it: runElectron.mjs (VS Code desktop) and runCodeServer.mjs (code-server).
const fs = require('node:fs');
const path = require('node:path');
const Mocha = require('mocha');

function run() {
  const mocha = new Mocha({
    ui: 'bdd',
    color: false,
    timeout: Number(process.env.ROLLMARK_VSCODE_TEST_TIMEOUT) || 30000,
    reporter: require('./reporter'),
  });
  if (process.env.ROLLMARK_VSCODE_GREP) mocha.grep(process.env.ROLLMARK_VSCODE_GREP);
  // Files run in name order: 00-activation must see the extension before anything else wakes it.
  for (const file of fs.readdirSync(__dirname).filter((f) => f.endsWith('.test.js')).sort()) {
    mocha.addFile(path.join(__dirname, file));
  }
  return new Promise((resolve, reject) => {
    try {
      mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} extension test(s) failed`)) : resolve()));
    } catch (error) {
      reject(error);
    }
  });
}

module.exports = { run };
