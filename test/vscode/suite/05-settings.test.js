'use strict';
/* global describe, it, afterEach */
const assert = require('node:assert/strict');
const vscode = require('vscode');
const { api, codeLenses, codeOf, diagnosticsWhen, open, rollmarkDiagnostics, summarize, waitFor, withSetting, workspaceUri } = require('./helpers');

const has = (code, severity) => (diagnostics) => diagnostics.some((d) => codeOf(d) === code && (severity === undefined || d.severity === severity));

describe('settings', () => {
  let restore = [];
  afterEach(async () => {
    for (const undo of restore.reverse()) await undo();
    restore = [];
  });

  it('rollmark.severity changes a code’s severity, and "off" hides it', async () => {
    const { document } = await open('errors.scenario.md');
    await diagnosticsWhen(document.uri, has('RM001', vscode.DiagnosticSeverity.Error), 'RM001 as an error');
    restore.push(await withSetting('severity', { RM001: 'warning' }));
    await diagnosticsWhen(document.uri, has('RM001', vscode.DiagnosticSeverity.Warning), 'RM001 as a warning');
    await vscode.workspace.getConfiguration('rollmark').update('severity', { RM001: 'off' }, vscode.ConfigurationTarget.Global);
    const hidden = await diagnosticsWhen(document.uri, (d) => !has('RM001')(d) && has('RM007')(d), 'RM001 hidden');
    assert.ok(hidden.length >= 2);
  });

  it('rollmark.proseChecks "off" stops reporting checks written as prose', async () => {
    const { document } = await open('errors.scenario.md');
    await diagnosticsWhen(document.uri, has('RM012'), 'RM012');
    restore.push(await withSetting('proseChecks', 'off'));
    await diagnosticsWhen(document.uri, (d) => !has('RM012')(d) && has('RM001')(d), 'no RM012');
  });

  it('rollmark.inlayHints.enabled false removes the odds after each check', async () => {
    const { document } = await open('checks.scenario.md');
    const everything = new vscode.Range(0, 0, document.lineCount, 0);
    const hints = () => vscode.commands.executeCommand('vscode.executeInlayHintProvider', document.uri, everything);
    const labels = (list) => list.map((h) => (typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join('')));
    const before = await waitFor('inlay hints', async () => {
      const found = labels(await hints());
      return found.length > 0 && found;
    });
    assert.deepEqual(before, vscode.env.language.startsWith('ru') ? ['≈76\u00a0%', '≈83\u00a0%'] : ['≈76%', '≈83%']);
    restore.push(await withSetting('inlayHints.enabled', false));
    await waitFor('no inlay hints', async () => (await hints()).length === 0);
  });

  it('rollmark.codeLens.show "rollWithOdds" adds the odds to the lenses, "off" removes them', async () => {
    const { document } = await open('checks.scenario.md');
    const titles = async () => (await codeLenses(document.uri)).map((l) => l.command.title);
    const RU = vscode.env.language.startsWith('ru');
    restore.push(await withSetting('codeLens.show', 'rollWithOdds'));
    await waitFor('lenses with odds', async () => JSON.stringify(await titles()) === JSON.stringify(RU ? ['🎲 Бросить · успех 76\u00a0%', '🎲 Бросить · успех 83\u00a0%', '🎲 Бросить · пул неизвестен'] : ['🎲 Roll · success 76%', '🎲 Roll · success 83%', '🎲 Roll · pool unknown']));
    await vscode.workspace.getConfiguration('rollmark').update('codeLens.show', 'off', vscode.ConfigurationTarget.Global);
    await waitFor('no lenses', async () => (await titles()).length === 0);
  });

  it('rollmark.diagnostics.scope "openFiles" clears the diagnostics of files that are not open', async () => {
    // No test opens this file: its diagnostics come from the workspace check.
    const closed = workspaceUri('unopened.scenario.md');
    await diagnosticsWhen(closed, (d) => d.length > 0, 'the workspace check’s diagnostics');
    restore.push(await withSetting('diagnostics.scope', 'openFiles'));
    await diagnosticsWhen(closed, (d) => d.length === 0, 'no diagnostics');
  });

  it('rollmark.markdown.enable "all" serves Markdown files without a ruleset too', async () => {
    const { document } = await open('plain.md');
    assert.deepEqual(rollmarkDiagnostics(document.uri), []);
    const undo = await withSetting('markdown.enable', 'all');
    restore.push(async () => {
      await undo();
      // Back to withRuleset: the server lets go of plain.md and clears its diagnostics.
      await waitFor('plain.md no longer served', async () => !(await (await api()).isServed(document.uri.toString())));
      await diagnosticsWhen(document.uri, (d) => d.length === 0, 'no diagnostics');
    });
    const diagnostics = await diagnosticsWhen(document.uri, has('RM001'), 'RM001 in plain.md');
    assert.deepEqual(summarize(diagnostics), [['RM001', 3, 'Error'], ['RM005', 3, 'Warning']]);
    assert.equal(await (await api()).isServed(document.uri.toString()), true);
  });
});
