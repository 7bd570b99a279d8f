'use strict';
// A spec-like reporter that writes each line to the console (which @vscode/test-electron shows
// on its stdout) and, when ROLLMARK_VSCODE_TEST_LOG names a file, appends it there too with a
// JSON summary beside it (`<file>.json`). In code-server the extension host's console reaches
// the runner only mixed with the workbench's own log, so runCodeServer.mjs reads the file.
const fs = require('node:fs');
const Mocha = require('mocha');

const { EVENT_RUN_END, EVENT_SUITE_BEGIN, EVENT_SUITE_END, EVENT_TEST_FAIL, EVENT_TEST_PASS, EVENT_TEST_PENDING } = Mocha.Runner.constants;

class RollmarkReporter extends Mocha.reporters.Base {
  constructor(runner, options) {
    super(runner, options);
    const logFile = process.env.ROLLMARK_VSCODE_TEST_LOG;
    const write = (line) => {
      console.log(line);
      if (logFile) fs.appendFileSync(logFile, `${line}\n`);
    };
    let depth = 0;
    const pad = () => '  '.repeat(depth);
    const failures = [];
    runner.on(EVENT_SUITE_BEGIN, (suite) => {
      if (suite.root) return;
      write(`${pad()}${suite.title}`);
      depth++;
    });
    runner.on(EVENT_SUITE_END, (suite) => {
      if (!suite.root) depth--;
    });
    runner.on(EVENT_TEST_PASS, (test) => write(`${pad()}✓ ${test.title} (${test.duration} ms)`));
    runner.on(EVENT_TEST_PENDING, (test) => write(`${pad()}- ${test.title} (skipped)`));
    runner.on(EVENT_TEST_FAIL, (test, error) => {
      failures.push({ title: test.fullTitle(), error });
      write(`${pad()}✗ ${failures.length}) ${test.title}`);
    });
    runner.once(EVENT_RUN_END, () => {
      failures.forEach(({ title, error }, i) => {
        write('');
        write(`${i + 1}) ${title}`);
        write(String((error && (error.stack || error.message)) || error).replace(/^/gm, '   '));
        if (error && error.showDiff !== false && error.expected !== undefined && error.actual !== undefined) {
          write(`   expected: ${JSON.stringify(error.expected)}`);
          write(`   actual:   ${JSON.stringify(error.actual)}`);
        }
      });
      const { passes, failures: failed, pending } = runner.stats;
      write('');
      write(`${passes} passed, ${failed} failed${pending ? `, ${pending} skipped` : ''}`);
      if (logFile) fs.writeFileSync(`${logFile}.json`, JSON.stringify({ passed: passes, failed, skipped: pending }));
    });
  }
}

module.exports = RollmarkReporter;
