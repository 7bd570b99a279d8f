#!/usr/bin/env node
'use strict';
const path = require('node:path');
const fs = require('node:fs');

const built = path.join(__dirname, '..', 'server', 'out', 'cli', 'main.js');
if (!fs.existsSync(built)) {
  process.stderr.write('rollmark: not built yet; run `npm install` (or `npm run build`) first\n');
  process.exit(2);
}
require(built)
  .main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  });
