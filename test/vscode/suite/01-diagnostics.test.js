'use strict';
/* global describe, it, afterEach */
const assert = require('node:assert/strict');
const vscode = require('vscode');
const { codeOf, diagnosticsWhen, open, summarize } = require('./helpers');

// errors.scenario.md plants one of each: an unknown trait, an unknown character, a malformed
// check and a check written as prose.
const PLANTED = [
  ['RM001', 9, 'Error'],
  ['RM007', 11, 'Error'],
  ['RM009', 13, 'Error'],
  ['RM012', 15, 'Hint'],
];

describe('diagnostics', () => {
  afterEach(() => vscode.commands.executeCommand('workbench.action.files.revert'));

  it('arrive for the planted errors, with their exact codes, lines and severities', async () => {
    const { document } = await open('errors.scenario.md');
    const diagnostics = await diagnosticsWhen(document.uri, (d) => d.length >= PLANTED.length);
    assert.deepEqual(summarize(diagnostics), PLANTED);
    const unknownTrait = diagnostics.find((d) => codeOf(d) === 'RM001');
    assert.equal(document.getText(unknownTrait.range), 'Акробатика');
    assert.match(unknownTrait.message, /Акробатика/);
    const unknownCharacter = diagnostics.find((d) => codeOf(d) === 'RM007');
    assert.equal(document.getText(unknownCharacter.range), 'Борис');
  });

  it('follow edits: fixing the trait clears RM001, the rest stay', async () => {
    const { document, editor } = await open('errors.scenario.md');
    await diagnosticsWhen(document.uri, (d) => d.some((x) => codeOf(x) === 'RM001'));
    const at = document.getText().indexOf('Акробатика');
    const range = new vscode.Range(document.positionAt(at), document.positionAt(at + 'Акробатика'.length));
    assert.ok(await editor.edit((edit) => edit.replace(range, 'Атлетика')));
    const after = await diagnosticsWhen(document.uri, (d) => !d.some((x) => codeOf(x) === 'RM001'), 'diagnostics without RM001');
    assert.deepEqual(summarize(after), PLANTED.slice(1));
  });
});
