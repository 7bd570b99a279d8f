'use strict';
/* global describe, it */
// Runs first (files run in name order): the extension must wake up on its own for a Markdown
// file that names a ruleset, and serve *.scenario.md files, which stay Markdown.
const assert = require('node:assert/strict');
const vscode = require('vscode');
const { api, codeLenses, diagnosticsWhen, extension, open, rollmarkDiagnostics, sleep, summarize, waitFor } = require('./helpers');

const EAGER = ['*', 'onStartupFinished'];

describe('activation', () => {
  it('activates on a Markdown file whose front matter names a ruleset, and serves it', async () => {
    const ext = extension();
    const events = ext.packageJSON.activationEvents || [];
    let eager = events.some((e) => EAGER.includes(e));
    for (const event of events.filter((e) => e.startsWith('workspaceContains:'))) {
      if ((await vscode.workspace.findFiles(event.slice('workspaceContains:'.length), null, 1)).length > 0) eager = true;
    }
    if (!eager) assert.equal(ext.isActive, false, 'nothing has been opened yet: the extension should still be asleep');
    const { document } = await open('notes.md');
    assert.equal(document.languageId, 'markdown', 'a plain .md file stays Markdown (preview and outline keep working)');
    await waitFor('the extension to activate', () => ext.isActive);
    const diagnostics = await diagnosticsWhen(document.uri, (d) => d.length > 0);
    assert.deepEqual(summarize(diagnostics), [['RM010', 11, 'Warning']]);
    assert.equal(await (await api()).isServed(document.uri.toString()), true);
  });

  it('leaves a Markdown file without a ruleset alone (rollmark.markdown.enable: withRuleset)', async () => {
    const { document } = await open('plain.md');
    const rollmark = await api();
    await sleep(1000);
    assert.equal(await rollmark.isServed(document.uri.toString()), false);
    assert.deepEqual(rollmarkDiagnostics(document.uri), []);
  });

  it('serves *.scenario.md as Markdown, whatever its front matter', async () => {
    const { document } = await open('checks.scenario.md');
    assert.equal(document.languageId, 'markdown', 'VS Code’s Markdown (preview, outline, folding) works as for any .md');
    const lenses = await waitFor('code lenses', async () => {
      const found = await codeLenses(document.uri);
      return found.length === 3 && found;
    });
    assert.deepEqual(lenses.map((l) => l.range.start.line + 1), [9, 11, 13]);
  });
});
