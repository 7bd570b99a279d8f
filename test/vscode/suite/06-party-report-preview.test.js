'use strict';
/* global describe, it, afterEach */
// Issue 14 in the real extension host: a check without an actor is rolled by the whole party (the
// quick pick's first choice) or by one character, each roll in the log; «Обзор сценария» shows
// the server's report in a webview and follows an edit; the Markdown preview draws the checks as
// the server's chips.
const assert = require('node:assert/strict');
const vscode = require('vscode');
const { api, codeLenses, open, positionOf, sleep, waitFor } = require('./helpers');

describe('the party, the overview and the preview', () => {
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a party check’s lens rolls for the whole party, chosen in a quick pick, each roll logged', async () => {
    const { document } = await open('party.scenario.md');
    const lenses = await waitFor('code lenses', async () => {
      const found = await codeLenses(document.uri);
      return found.length === 2 && found;
    });
    const lens = lenses.sort((a, b) => a.range.start.line - b.range.start.line)[0];
    assert.equal(lens.command.arguments[0].party, true);
    const rollmark = await api();
    const before = rollmark.rolls.length;
    const rolled = vscode.commands.executeCommand(lens.command.command, { ...lens.command.arguments[0], seed: 5 });
    // The quick pick: «Вся партия» first, then each character best first.
    await sleep(500);
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const result = await rolled;
    assert.deepEqual(result.party.map((p) => [p.actor, p.roll.seed]), [['Адриан', 5], ['Катастрофа', 6]]);
    assert.equal(rollmark.rolls.length, before + 1);
    const entry = rollmark.rolls[rollmark.rolls.length - 1];
    assert.equal(entry.lines.length, 3, 'the party line, then one line per character');
    assert.match(entry.lines[1], /^ {4}Адриан: /);
    assert.match(entry.lines[2], /^ {4}Катастрофа: /);
  });

  it('«Roll the check at the cursor» rolls a party check as its lens does: the whole party, chosen in a quick pick', async () => {
    const { document, editor } = await open('party.scenario.md');
    // Its lenses mean the server has analysed the document.
    await waitFor('code lenses', async () => (await codeLenses(document.uri)).length === 2);
    const at = positionOf(document, '«Сила + Атлетика (сложность 2)»', 2);
    editor.selection = new vscode.Selection(at, at);
    const rollmark = await api();
    const before = rollmark.rolls.length;
    const rolled = vscode.commands.executeCommand('rollmark.rollAtCursor');
    // The same quick pick as the lens's: «Вся партия» first (not a pool question).
    await sleep(500);
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const result = await rolled;
    assert.equal(result.text, '«Сила + Атлетика (сложность 2)»');
    assert.ok(Array.isArray(result.party), `a party roll, not one pool: ${JSON.stringify(result)}`);
    assert.deepEqual(result.party.map((p) => p.actor), ['Адриан', 'Катастрофа']);
    assert.equal(rollmark.rolls.length, before + 1);
    assert.equal(rollmark.rolls[rollmark.rolls.length - 1].lines.length, 3, 'the party line, then one line per character');
  });

  it('one character rolls when the arguments name them', async () => {
    const { document } = await open('party.scenario.md');
    const at = positionOf(document, '«Сила + Атлетика (сложность 2)»');
    const result = await vscode.commands.executeCommand('rollmark.rollCheck', { uri: document.uri.toString(), line: at.line, character: at.character, actor: 'Катастрофа', seed: 6 });
    assert.equal(result.actor, 'Катастрофа');
    assert.equal(result.roll.pool, 2);
  });

  it('«Обзор сценария» shows the server’s report for the document and follows an edit', async () => {
    const { document, editor } = await open('party.scenario.md');
    const rollmark = await api();
    assert.equal(await vscode.commands.executeCommand('rollmark.showReport', 'document', document.uri.toString()), true);
    const first = rollmark.lastReport();
    assert.deepEqual(first.uris, [document.uri.toString()]);
    assert.equal((first.body.match(/<svg/g) || []).length, 2);
    assert.match(first.body, /сложность 2\)»<\/span> <span class="rm-chip__odds">/);
    // An edit: the report follows (debounced), the difficulty now 3.
    const at = document.getText().indexOf('«Сила + Атлетика (сложность 2)»') + '«Сила + Атлетика (сложность '.length;
    await editor.edit((edit) => edit.replace(new vscode.Range(document.positionAt(at), document.positionAt(at + 1)), '3'));
    const next = await waitFor('the report after the edit', () => {
      const report = rollmark.lastReport();
      return report && report !== first && report.body.includes('(сложность 3)»') && report;
    });
    assert.ok(next.body.includes('data-uri'));
    // The file as it was, for the tests after this one: «revert» alone left it edited (the edit got saved).
    const restored = await vscode.window.showTextDocument(document);
    const edited = document.getText().indexOf('(сложность 3)»') + '(сложность '.length;
    await restored.edit((edit) => edit.replace(new vscode.Range(document.positionAt(edited), document.positionAt(edited + 1)), '2'));
    await document.save();
  });

  it('the Markdown preview gets the document’s chips from the server', async () => {
    const { document } = await open('party.scenario.md');
    const rollmark = await api();
    await vscode.commands.executeCommand('markdown.showPreviewToSide', document.uri);
    const chips = await waitFor('the preview’s chips', () => {
      const kept = rollmark.previewChips(document.uri.toString());
      return kept && kept.chips.length === 2 && kept;
    });
    assert.deepEqual(chips.chips.map((c) => [c.text, c.band]), [
      ['«Сила + Атлетика (сложность 2)»', 'medium'],
      ['«Адриан: Сила + Атлетика (сложность 2)»', 'easy'],
    ]);
  });
});
