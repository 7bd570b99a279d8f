'use strict';
/* global describe, it, afterEach */
// A scenario file is Markdown to VS Code, and Rollmark adds to what Markdown gives it, taking
// nothing away: folding by headings, smart select, path completion, one outline, the preview,
// wrap and no quick suggestions, no Unicode warnings; «» and „“ close themselves and surround a
// selection (language-configuration.json), and Rollmark's snippets are offered outside the front
// matter. Problems cover files that are not open, and «Re-check the Workspace» checks them anew.
const assert = require('node:assert/strict');
const vscode = require('vscode');
const { codeOf, diagnosticsWhen, extension, open, positionOf, waitFor, workspaceUri } = require('./helpers');

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

  it('closes « with » and „ with “, as Markdown’s own brackets still close', async () => {
    const { document, editor } = await open('tavern.scenario.md');
    const lastLine = () => document.lineAt(document.lineCount - 1);
    for (const [typed, expected] of [[' «', ' «»'], [' „', ' „“'], [' [', ' []'], [' (', ' ()']]) {
      const end = lastLine().range.end;
      editor.selection = new vscode.Selection(end, end);
      await vscode.commands.executeCommand('type', { text: typed });
      assert.equal(lastLine().text.slice(-expected.length), expected, typed);
      // Past the closing character, as typing it would.
      const after = lastLine().range.end;
      editor.selection = new vscode.Selection(after, after);
    }
  });

  it('surrounds a selection with «» and „“', async () => {
    const { document, editor } = await open('tavern.scenario.md');
    for (const [open, close] of [['«', '»'], ['„', '“']]) {
      const at = positionOf(document, 'толкает');
      editor.selection = new vscode.Selection(at, at.translate(0, 'толкает'.length));
      await vscode.commands.executeCommand('type', { text: open });
      assert.equal(document.getText(new vscode.Range(at, at.translate(0, 'толкает'.length + 2))), `${open}толкает${close}`);
      await vscode.commands.executeCommand('undo');
    }
  });

  it('keeps every pair and every other setting of Markdown’s own language configuration (VS Code replaces a contributed property whole)', async () => {
    // markdown-basics, whose id is `vscode.markdown`: the built-in extension that configures the language.
    const basics = vscode.extensions.all.find((e) => e !== extension() && (e.packageJSON.contributes?.languages ?? []).some((l) => l.id === 'markdown' && l.configuration));
    assert.ok(basics, 'VS Code’s Markdown language support');
    const read = async (uri) => JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)));
    const markdown = await read(vscode.Uri.joinPath(basics.extensionUri, 'language-configuration.json'));
    const ours = await read(vscode.Uri.joinPath(extension().extensionUri, 'language-configuration.json'));
    assert.deepEqual(Object.keys(ours).sort(), ['autoClosingPairs', 'onEnterRules', 'surroundingPairs'], 'comments, brackets, folding and the word pattern stay Markdown’s (which has no onEnterRules)');
    assert.equal(markdown.onEnterRules, undefined);
    for (const pair of markdown.autoClosingPairs) assert.ok(ours.autoClosingPairs.some((p) => JSON.stringify(p) === JSON.stringify(pair)), `auto-closing ${JSON.stringify(pair)}`);
    for (const pair of markdown.surroundingPairs) assert.ok(ours.surroundingPairs.some((p) => JSON.stringify(p) === JSON.stringify(pair)), `surrounding ${JSON.stringify(pair)}`);
  });

  it('offers Rollmark’s snippets in the text and never in the front matter', async () => {
    const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: '---\nruleset: vampire-pack\n\n---\n\nТекст сцены.\n\n' });
    await vscode.window.showTextDocument(document);
    const snippetsAt = async (position) => {
      const list = await vscode.commands.executeCommand('vscode.executeCompletionItemProvider', document.uri, position);
      return list.items.filter((i) => i.kind === vscode.CompletionItemKind.Snippet).map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    };
    const inText = await waitFor('the snippets in the text', async () => {
      const labels = await snippetsAt(new vscode.Position(6, 0));
      return labels.includes('проверка') && labels;
    });
    for (const prefix of ['проверка', 'состязание', 'сценарий-вампир', 'rollmark-scenario-threads-of-fate']) assert.ok(inText.includes(prefix), `${prefix} in ${inText.join(', ')}`);
    // The front matter is YAML to VS Code (markdown-basics' grammar embeds it): Markdown's snippets are not offered there.
    const inFrontMatter = await snippetsAt(new vscode.Position(2, 0));
    assert.deepEqual(inFrontMatter.filter((label) => inText.includes(label)), []);
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
