/**
 * Settings through `workspace/configuration` and `didChangeConfiguration`, project files
 * through `didChangeWatchedFiles`, and the locale from `initialize`.
 */
import * as assert from 'node:assert/strict';
import { DiagnosticSeverity } from 'vscode-languageserver/node';
import { ru } from '../present/text';
import { docUri, joinLines, LspTestClient, range } from './harness';

const VAMPIRE_TEXT = joinLines('---', 'ruleset: vampire-pack', '---', '«Силы + Атлетика (сложность 2)»; бросок Ловкость + Атлетика (сложность 4).');

describe('configuration', () => {
  let client: LspTestClient;
  const uri = docUri('settings.md');
  afterEach(async () => client.stop());

  const codesAndSeverities = (diagnostics: { code?: unknown; severity?: unknown }[]) => diagnostics.map((d) => [d.code, d.severity]);

  it('re-publishes diagnostics with the new severities when the settings change', async () => {
    client = await LspTestClient.start();
    const first = await client.open(uri, VAMPIRE_TEXT);
    assert.deepEqual(codesAndSeverities(first.diagnostics), [
      ['RM010', DiagnosticSeverity.Warning],
      ['RM012', DiagnosticSeverity.Hint],
    ]);
    const republished = client.nextDiagnostics(uri);
    await client.changeSettings({ severity: { RM010: 'hint', RM012: 'error' } });
    assert.deepEqual(codesAndSeverities((await republished).diagnostics), [
      ['RM010', DiagnosticSeverity.Hint],
      ['RM012', DiagnosticSeverity.Error],
    ]);
  });

  it('hides a code set to off', async () => {
    client = await LspTestClient.start({ settings: { severity: { RM010: 'off' } } });
    const published = await client.open(uri, VAMPIRE_TEXT);
    assert.deepEqual(codesAndSeverities(published.diagnostics), [['RM012', DiagnosticSeverity.Hint]]);
  });

  it('stops looking for prose checks when proseChecks is off, and reports them at its level otherwise', async () => {
    client = await LspTestClient.start({ settings: { proseChecks: 'off' } });
    const off = await client.open(uri, VAMPIRE_TEXT);
    assert.deepEqual(codesAndSeverities(off.diagnostics), [['RM010', DiagnosticSeverity.Warning]]);
    const republished = client.nextDiagnostics(uri);
    await client.changeSettings({ proseChecks: 'warning' });
    assert.deepEqual(codesAndSeverities((await republished).diagnostics), [
      ['RM010', DiagnosticSeverity.Warning],
      ['RM012', DiagnosticSeverity.Warning],
    ]);
  });

  it('uses rollmark.defaultRuleset for documents without a ruleset of their own', async () => {
    client = await LspTestClient.start();
    const storytelling = await client.open(uri, '«Сила 3 + Атлетика 3 (сложность 2)»');
    assert.deepEqual(
      storytelling.diagnostics.map((d) => d.code),
      ['RM005'],
    );
    const republished = client.nextDiagnostics(uri);
    await client.changeSettings({ defaultRuleset: 'vampire-pack' });
    assert.deepEqual((await republished).diagnostics, []);
    assert.deepEqual(
      (await client.inlayHints(uri, range(0, 0, 1, 0)))?.map((h) => h.label),
      [ru('≈76 %')],
    );
  });

  it('takes pushed settings from a client without workspace/configuration', async () => {
    client = await LspTestClient.start({ capabilities: {} });
    await client.open(uri, VAMPIRE_TEXT);
    const republished = client.nextDiagnostics(uri);
    await client.changeSettings({ severity: { RM010: 'error' } });
    assert.deepEqual(codesAndSeverities((await republished).diagnostics), [
      ['RM010', DiagnosticSeverity.Error],
      ['RM012', DiagnosticSeverity.Hint],
    ]);
    assert.deepEqual(client.serverRequests, []);
  });

  it('takes settings from initializationOptions until a client pushes others', async () => {
    client = await LspTestClient.start({ capabilities: {}, initializationOptions: { settings: { proseChecks: 'info' } } });
    const published = await client.open(uri, VAMPIRE_TEXT);
    assert.deepEqual(codesAndSeverities(published.diagnostics), [
      ['RM010', DiagnosticSeverity.Warning],
      ['RM012', DiagnosticSeverity.Information],
    ]);
  });

  it('ignores malformed settings values and keeps the defaults', async () => {
    client = await LspTestClient.start({ settings: { severity: { RM010: 'loud', RM999: 'error', RM012: 'information' }, proseChecks: 7, inlayHints: 'yes' } });
    const published = await client.open(uri, VAMPIRE_TEXT);
    assert.deepEqual(codesAndSeverities(published.diagnostics), [
      ['RM010', DiagnosticSeverity.Warning],
      ['RM012', DiagnosticSeverity.Information],
    ]);
    const known = docUri('known.md');
    await client.open(known, joinLines('---', 'ruleset: vampire-pack', '---', '«Сила 3 + Атлетика 3 (сложность 2)»'));
    assert.deepEqual(
      (await client.inlayHints(known, range(0, 0, 9, 0)))?.map((h) => h.label),
      [ru('≈76 %')],
    );
  });

  it('registers for configuration changes and file watching, and refreshes lenses and hints after a change', async () => {
    client = await LspTestClient.start();
    await client.open(uri, VAMPIRE_TEXT);
    const republished = client.nextDiagnostics(uri);
    await client.changeSettings({});
    await republished;
    // Registrations first; after the change, lenses and hints asked for again and the settings read anew
    // (for the document, and for its folder whose closed files the workspace check reads).
    const requests = client.serverRequests;
    assert.deepEqual(
      requests.filter((m) => m !== 'workspace/configuration'),
      ['client/registerCapability', 'client/registerCapability', 'workspace/codeLens/refresh', 'workspace/inlayHint/refresh'],
    );
    assert.equal(requests[requests.length - 1], 'workspace/configuration');
    assert.ok(requests.indexOf('workspace/configuration') < requests.indexOf('workspace/codeLens/refresh'));
  });

  it('re-reads the project files when they change on disk', async () => {
    client = await LspTestClient.start();
    const first = await client.open(uri, '«Ловкость + Прыгучесть»');
    assert.deepEqual(
      first.diagnostics.map((d) => d.code),
      ['RM001'],
    );
    client.fs.files.set('.rollmark/dictionary.yaml', '- Прыгучесть\n');
    const republished = client.nextDiagnostics(uri);
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: 'file:///workspace/.rollmark/dictionary.yaml', type: 1 }] });
    assert.deepEqual((await republished).diagnostics, []);
  });

  it('speaks English when initialize gives a non-Russian locale', async () => {
    client = await LspTestClient.start({ locale: 'en-GB' });
    const published = await client.open(uri, VAMPIRE_TEXT);
    assert.deepEqual(
      published.diagnostics.map((d) => d.message),
      ['Written "Силы"; canonical: "Сила"', 'Check written as prose; as markup: «Ловкость + Атлетика (сложность 4)»'],
    );
    assert.equal((await client.resolvedCodeLenses(uri))[0].command?.title, '🎲 Roll · pool unknown');
  });
});
