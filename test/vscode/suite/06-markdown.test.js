'use strict';
/* global describe, it, afterEach */
// A scenario file is Markdown to VS Code, and Rollmark adds to what Markdown gives it, taking
// nothing away: folding by headings, smart select, path completion, one outline, the preview,
// wrap and no quick suggestions, no Unicode warnings; «» close themselves. Problems cover files
// that are not open, and «Re-check the Workspace» checks them anew.
const assert = require('node:assert/strict');
const vscode = require('vscode');
const { codeOf, diagnosticsWhen, open, positionOf, waitFor, workspaceUri } = require('./helpers');

describe('Markdown parity and problems for the whole workspace', () => {
  afterEach(() => vscode.commands.executeCommand('workbench.action.files.revert'));

  it('folds a scenario by its headings, as VS Code’s Markdown does', async () => {
    const { document } = await open('tavern.scenario.md');
    const ranges = await waitFor('folding ranges', async () => {
      const found = await vscode.commands.executeCommand('vscode.executeFoldingRangeProvider', document.uri);
      return found && found.length > 0 && found;
    });
    const starts = ranges.map((r) => r.start);
    for (const heading of ['# Таверна у моста', '## Сцена 1. Вход', '## Сцена 2. Погреб']) {
      assert.ok(starts.includes(positionOf(document, heading).line), `${heading} folds: ${JSON.stringify(ranges)}`);
    }
  });

  it('has Markdown’s smart select, path completion and one outline', async () => {
    const { document, editor } = await open('tavern.scenario.md');
    const [selection] = await vscode.commands.executeCommand('vscode.executeSelectionRangeProvider', document.uri, [positionOf(document, 'толкает', 2)]);
    assert.ok(selection && selection.parent, 'nested selection ranges');
    const end = document.lineAt(document.lineCount - 1).range.end;
    assert.ok(await editor.edit((edit) => edit.insert(end, '\n[черновик](./')));
    const items = await waitFor('path completions', async () => {
      const list = await vscode.commands.executeCommand('vscode.executeCompletionItemProvider', document.uri, document.lineAt(document.lineCount - 1).range.end);
      const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
      return labels.includes('draft.scenario.md') && labels;
    });
    assert.ok(items.includes('глава-1.md'));
    const notes = await open('notes.md');
    const symbols = await vscode.commands.executeCommand('vscode.executeDocumentSymbolProvider', notes.document.uri);
    assert.deepEqual(symbols.map((s) => s.name), ['# Заметки мастера']);
  });

  it('wraps, suggests nothing unasked and warns of no look-alike characters in a scenario', async () => {
    const { document } = await open('tavern.scenario.md');
    const editor = vscode.workspace.getConfiguration('editor', document);
    assert.equal(editor.get('wordWrap'), 'on');
    assert.deepEqual(editor.get('quickSuggestions'), { comments: 'off', strings: 'off', other: 'off' });
    assert.equal(editor.get('unicodeHighlight.ambiguousCharacters'), false);
  });

  it('closes « with »', async () => {
    const { document, editor } = await open('tavern.scenario.md');
    const end = document.lineAt(document.lineCount - 1).range.end;
    editor.selection = new vscode.Selection(end, end);
    await vscode.commands.executeCommand('type', { text: ' «' });
    assert.equal(document.lineAt(document.lineCount - 1).text.slice(-3), ' «»');
  });

  it('opens the Markdown preview for a scenario', async () => {
    await open('tavern.scenario.md');
    await vscode.commands.executeCommand('markdown.showPreviewToSide');
    await waitFor('the preview tab', () =>
      vscode.window.tabGroups.all.some((group) => group.tabs.some((tab) => tab.input instanceof vscode.TabInputWebview && /markdown/i.test(tab.input.viewType))),
    );
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('lists the errors of a file nobody opened', async () => {
    const uri = workspaceUri('unopened.scenario.md');
    assert.ok(!vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString()));
    const diagnostics = await diagnosticsWhen(uri, (d) => d.length > 0, 'the workspace check', 30000);
    assert.deepEqual(diagnostics.map((d) => [codeOf(d), d.range.start.line + 1]), [['RM001', 7]]);
  });

  it('checks a file written on disk, again on «Re-check the Workspace», and clears it once deleted', async () => {
    const uri = workspaceUri('written-on-disk.scenario.md');
    await vscode.workspace.fs.writeFile(uri, Buffer.from('# Глава\n\n«Сила + Прыгучесть»\n'));
    await vscode.commands.executeCommand('rollmark.recheckWorkspace');
    const diagnostics = await diagnosticsWhen(uri, (d) => d.length > 0, 'the new file’s diagnostics');
    assert.deepEqual(diagnostics.map((d) => codeOf(d)), ['RM001']);
    await vscode.workspace.fs.delete(uri);
    await diagnosticsWhen(uri, (d) => d.length === 0, 'no diagnostics once deleted');
  });
});
