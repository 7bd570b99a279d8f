'use strict';
/* global describe, it */
const assert = require('node:assert/strict');
const vscode = require('vscode');
const { api, extension, open, positionOf, waitFor } = require('./helpers');

describe('commands', () => {
  it('every contributed command and the server’s commands are registered', async () => {
    const ext = extension();
    await ext.activate();
    const registered = new Set(await vscode.commands.getCommands(true));
    const contributed = ((ext.packageJSON.contributes && ext.packageJSON.contributes.commands) || []).map((c) => c.command);
    assert.ok(contributed.includes('rollmark.rollAtCursor'), `contributes.commands: ${contributed.join(', ')}`);
    const missing = ['rollmark.rollCheck', 'rollmark.addToDictionary', 'rollmark.setDocumentRuleset', ...contributed].filter((id) => !registered.has(id));
    assert.deepEqual(missing, []);
  });

  it('rollmark.rollAtCursor rolls the check under the cursor', async () => {
    const { document, editor } = await open('checks.scenario.md');
    const position = positionOf(document, 'Обаяние + Убеждение', 2);
    editor.selection = new vscode.Selection(position, position);
    const result = await vscode.commands.executeCommand('rollmark.rollAtCursor');
    assert.ok(result && result.roll, `rollmark.rollAtCursor returned no roll: ${JSON.stringify(result)}`);
    assert.equal(result.text, '«Адриан: Обаяние + Убеждение (сложность 1)»');
    assert.equal(result.roll.dice.length, 5);
  });

  it('rollmark.chooseDocumentRuleset writes the ruleset into a new document through the server, which then serves it', async () => {
    const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: '# Глава 1\n\n«Сила + Атлетика (сложность 2)»\n' });
    await vscode.window.showTextDocument(document);
    const rollmark = await api();
    assert.equal(await rollmark.isServed(document.uri.toString()), false);
    assert.equal(await vscode.commands.executeCommand('rollmark.chooseDocumentRuleset', document.uri, 'vampire-pack'), 'vampire-pack');
    assert.equal(document.getText(), '---\nruleset: vampire-pack\n---\n\n# Глава 1\n\n«Сила + Атлетика (сложность 2)»\n');
    await waitFor('the new document to be served', () => rollmark.isServed(document.uri.toString()));
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
