#!/usr/bin/env node
'use strict';
// The CLI is one bundle (dist/cli.js, esbuild.mjs): a module each for the Node built-ins only, so it
// starts as fast as the bare Node it runs on.
const path = require('node:path');
const fs = require('node:fs');

const bundle = path.join(__dirname, '..', 'dist', 'cli.js');
if (!fs.existsSync(bundle)) {
  process.stderr.write('rollmark: not built yet; run `npm install` (or `npm run build`) first\n');
  process.exit(2);
}
require(bundle)
  .main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  });
