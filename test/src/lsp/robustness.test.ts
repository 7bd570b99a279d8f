/**
 * The server never dies: out-of-range positions, closed documents and malformed params get
 * an empty answer or a proper LSP error, and an exception inside a feature is logged through
 * the connection and contained.
 */
import * as assert from 'node:assert/strict';
import { ErrorCodes, MessageType, type Range } from 'vscode-languageserver/node';
import { ru } from '../present/text';
import { docUri, errorOf, joinLines, LspTestClient, range, withRanges } from './harness';

const {
  text: TEXT,
  ranges: [check, inCheck, lineEnd],
} = withRanges(joinLines('---', 'ruleset: vampire-pack', '---', '⟦«С⟦⟧ила 3 + Атлетика 3 (сложность 2)»⟧ и дальше текст.⟦⟧'));
/** An empty range where a marked range starts: where an edit inserts text. */
const before = (r: Range): Range => ({ start: r.start, end: r.start });

describe('robustness', () => {
  let client: LspTestClient;
  const uri = docUri('robust.md');
  afterEach(async () => client.stop());

  it('clamps out-of-range positions instead of failing', async () => {
    client = await LspTestClient.start();
    await client.open(uri, TEXT);
    assert.equal(await client.hover(uri, { line: 999, character: 0 }), null);
    assert.equal(await client.hover(uri, { line: check.start.line, character: 999 }), null);
    assert.equal(await client.hover(uri, { line: -5, character: -5 }), null);
    assert.equal(await client.completion(uri, { line: 999, character: 999 }), null);
    assert.deepEqual(
      (await client.inlayHints(uri, range(-1, -1, 999, 999)))?.map((h) => h.label),
      [ru('≈76 %')],
    );
    assert.deepEqual(await client.codeActions(uri, range(999, 0, 999, 5)), []);
  });

  it('answers requests about a closed or never opened document with empty results', async () => {
    client = await LspTestClient.start();
    await client.open(uri, TEXT);
    await client.close(uri);
    assert.equal(await client.hover(uri, inCheck.start), null);
    assert.deepEqual(await client.codeLenses(uri), []);
    assert.deepEqual(await client.documentSymbols(docUri('never.md')), []);
    assert.deepEqual(await client.inlayHints(uri, range(0, 0, 5, 0)), []);
    assert.deepEqual(await client.codeActions(uri, check), []);
    assert.equal(await client.completion(uri, inCheck.start), null);
  });

  it('answers malformed params with InvalidParams', async () => {
    client = await LspTestClient.start();
    await client.open(uri, TEXT);
    assert.deepEqual(await errorOf(client.request('textDocument/hover', { textDocument: 5 })), [ErrorCodes.InvalidParams, 'hover: malformed parameters']);
    assert.deepEqual(await errorOf(client.request('textDocument/hover', { textDocument: { uri }, position: { line: 'one' } })), [
      ErrorCodes.InvalidParams,
      'hover: malformed parameters',
    ]);
    assert.deepEqual(await errorOf(client.request('textDocument/codeLens', {})), [ErrorCodes.InvalidParams, 'codeLens: malformed parameters']);
    assert.deepEqual(await errorOf(client.request('textDocument/inlayHint', { textDocument: { uri } })), [ErrorCodes.InvalidParams, 'inlayHint: malformed parameters']);
    assert.deepEqual(await errorOf(client.executeCommand('rollmark.explode')), [ErrorCodes.InvalidParams, 'unknown command: rollmark.explode']);
  });

  it('logs an exception in a feature through the connection and answers empty', async () => {
    client = await LspTestClient.start({
      beforeAnalysis: (text) => {
        if (text.includes('💥')) throw new Error('analysis exploded');
      },
    });
    const broken = docUri('broken.md');
    const exploding = withRanges('«С⟦⟧ила» 💥');
    await client.openOnly(broken, exploding.text);
    assert.equal(await client.hover(broken, exploding.ranges[0].start), null);
    assert.deepEqual(await client.codeLenses(broken), []);
    const errors = client.logs.filter((l) => l.type === MessageType.Error).map((l) => l.message.split('\n')[0]);
    assert.ok(errors.includes('rollmark: hover failed: Error: analysis exploded'), errors.join('\n'));
    assert.ok(errors.includes('rollmark: codeLens failed: Error: analysis exploded'), errors.join('\n'));
    // The server goes on serving other documents.
    const published = await client.open(uri, TEXT);
    assert.deepEqual(published.diagnostics, []);
  });

  it('survives malformed notifications', async () => {
    client = await LspTestClient.start();
    await client.connection.sendNotification('textDocument/didOpen', {});
    await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri: docUri('ghost.md'), version: 2 }, contentChanges: [{ text: 'x' }] });
    await client.connection.sendNotification('workspace/didChangeConfiguration', null);
    const published = await client.open(uri, TEXT);
    assert.equal(published.version, 1);
  });

  it('ignores a didChange with a malformed change as a whole, so the text never drifts half-applied', async () => {
    client = await LspTestClient.start();
    await client.open(uri, TEXT);
    await client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: before(check), text: 'ЛИШНЕЕ ' }, { range: { start: { line: 'x' } }, text: '!' }],
    });
    // The client goes on from its own text: a check appended at the end of the line.
    const appended = withRanges(' «⟦Сила 1 + Атлетика 1⟧ (сложность 2)»⟦⟧');
    const onLine = (r: Range) => ({ line: lineEnd.start.line, character: lineEnd.start.character + r.start.character });
    const published = client.nextDiagnostics(uri, 3);
    await client.change(uri, 3, [{ range: lineEnd, text: appended.text }]);
    assert.deepEqual(
      (await published).diagnostics.map((d) => [d.code, d.range.start]),
      [['RM006', onLine(appended.ranges[0])]],
    );
    assert.deepEqual(
      (await client.inlayHints(uri, range(0, 0, 9, 0)))?.map((h) => [h.label, h.position]),
      [
        [ru('≈76 %'), check.end],
        [ru('≈0 %'), onLine(appended.ranges[1])],
      ],
      'the first check where the client has it, not 7 characters on',
    );
    const errors = client.logs.filter((l) => l.type === MessageType.Error).map((l) => l.message);
    assert.deepEqual(errors, [
      `Notification handler 'textDocument/didChange' failed with message: content change 1 of version 2 of ${uri} is malformed: the whole change is ignored, the document stays at version 1`,
    ]);
  });

  it('publishes nothing stale for a document closed while its diagnostics waited', async () => {
    client = await LspTestClient.start({ diagnosticsDelay: 30 });
    await client.open(uri, TEXT);
    await client.change(uri, 2, [{ range: before(check), text: 'ж' }]);
    const cleared = client.nextDiagnostics(uri);
    await client.close(uri);
    assert.deepEqual(await cleared, { uri, diagnostics: [] });
    await new Promise((resolve) => setTimeout(resolve, 80));
    assert.deepEqual(
      client.diagnostics.map((d) => d.version),
      [1, undefined],
    );
  });
});
