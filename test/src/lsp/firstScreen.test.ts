/**
 * A long document's first screen before its end (issue 24): its first analysis runs in slices
 * (workspace/analyses.ts), and inlay hints for the lines on screen are answered from the part
 * already analysed, before the document's diagnostics are published; once the whole is done the
 * server asks the editor for its hints again (`workspace/inlayHint/refresh`); so for the code
 * lenses of its top, which an editor that asks again when told gets first. Between slices
 * other requests are answered; an edit made meanwhile, or closing the document, stops the analysis.
 * Order, not time: nothing here depends on how fast the machine is.
 */
import * as assert from 'node:assert/strict';
import type { Diagnostic, InlayHint, Range } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import { provideCodeLenses, resolveCodeLens } from '../../../server/out/features/codeLens';
import { provideDiagnostics } from '../../../server/out/features/diagnostics';
import { provideInlayHints } from '../../../server/out/features/inlayHints';
import { DEFAULT_SETTINGS } from '../../../server/out/protocol';
import { docUri, LspTestClient } from './harness';

const FRONT = ['---', 'ruleset: storytelling', 'characters:', '  Вера: { Сила: 3, Ловкость: 2, Атлетика: 2 }', '---', ''];
/** About 880 KB: many slices of analysis on any machine, even once other tests made the analysis warm. */
const PARAGRAPHS = 6000;

function book(): string {
  const body: string[] = [];
  for (let k = 0; k < PARAGRAPHS; k++) {
    body.push(`## Сцена ${k + 1}`, '', `Вера лезет на стену ${k + 1}: «Вера: Сила + Атлетика − ${k % 3}», а потом прыгает: «Ловкость 2 + Атлетика ${1 + (k % 4)} (сложность 2)».`, '');
  }
  return [...FRONT, ...body].join('\n');
}

const asSent = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('a long document: the first screen first', () => {
  let client: LspTestClient | undefined;
  afterEach(async () => client?.stop());

  const TOP: Range = { start: { line: 0, character: 0 }, end: { line: 40, character: 0 } };

  /** A fresh server with the book open, its first analysis under way (the top's hints answered); `analysed`: each text analysed to its end. */
  async function bookUnderAnalysis(): Promise<{ server: LspTestClient; text: string; uri: string; analysed: number[]; topHints: InlayHint[] | null }> {
    const text = book();
    const uri = docUri('book.md');
    const analysed: number[] = [];
    const server = await LspTestClient.start({ locale: 'ru', afterAnalysis: (t) => analysed.push(t.length) });
    client = server;
    await server.openOnly(uri, text);
    const topHints = await server.inlayHints(uri, TOP);
    return { server, text, uri, analysed, topHints };
  }

  it('answers the visible lines’ inlay hints before the whole document is analysed, then asks for them again', async () => {
    const text = book();
    const uri = docUri('book.md');
    const events: string[] = [];
    client = await LspTestClient.start({ locale: 'ru', afterAnalysis: () => events.push('analysis done') });
    await client.openOnly(uri, text);
    const hints = await client.inlayHints(uri, TOP);
    events.push('hints');
    await client.hover(uri, { line: 0, character: 0 });

    assert.deepEqual(events, ['hints', 'analysis done']);
    // The hints of the part are those of the whole document.
    const whole = provideInlayHints(TextDocument.create(uri, 'markdown', 1, text), analyzeDocument(text, { rulesets: builtinRulesets() }), TOP, 'ru');
    assert.deepEqual(hints, asSent(whole));
    assert.equal(hints?.length, 16);
    // The refresh is asked for once the whole analysis is done; it may come after the diagnostics.
    for (let wait = 0; wait < 100 && !client.serverRequests.includes('workspace/inlayHint/refresh'); wait++) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(client.serverRequests.includes('workspace/inlayHint/refresh'), client.serverRequests.join(', '));
    assert.deepEqual(await client.inlayHints(uri, TOP), hints);
  });

  it('answers the top’s code lenses, resolved, before the whole document is analysed, then all of them with the refresh', async () => {
    const text = book();
    const uri = docUri('book.md');
    const events: string[] = [];
    client = await LspTestClient.start({ locale: 'ru', afterAnalysis: () => events.push('analysis done') });
    await client.openOnly(uri, text);
    const top = (await client.codeLenses(uri)) ?? [];
    const firstTitle = await client.resolveCodeLens(top[0]);
    events.push('lenses');
    await client.hover(uri, { line: 0, character: 0 });

    assert.deepEqual(events, ['lenses', 'analysis done']);
    const document = TextDocument.create(uri, 'markdown', 1, text);
    const analysis = analyzeDocument(text, { rulesets: builtinRulesets() });
    const whole = asSent(provideCodeLenses(document, analysis, 'roll')) as typeof top;
    // The top's lenses are the whole document's first ones, at least its first 80 lines', and fewer than all.
    assert.deepEqual(top, whole.slice(0, top.length));
    assert.ok(top.length < whole.length, `${top.length} of ${whole.length}`);
    assert.ok(whole[top.length].range.start.line >= 80, JSON.stringify(whole[top.length].range));
    assert.deepEqual(firstTitle, asSent(resolveCodeLens(top[0], document, analysis, 'roll', 'ru')));
    for (let wait = 0; wait < 100 && !client.serverRequests.includes('workspace/codeLens/refresh'); wait++) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(client.serverRequests.includes('workspace/codeLens/refresh'), client.serverRequests.join(', '));
    assert.deepEqual(await client.codeLenses(uri), whole);
  });

  it('a hover asked while the document is analysed is answered, and an edit made meanwhile is analysed after it, from it', async () => {
    const { server, text, uri, analysed } = await bookUnderAnalysis();
    const second = server.nextDiagnostics(uri, 2, 60_000);
    // The first check's «Атлетика» loses a letter: RM001 in version 2.
    const line = FRONT.length + 2;
    const at = text.split('\n')[line].indexOf('Атлетика');
    await server.change(uri, 2, [{ range: { start: { line, character: at + 4 }, end: { line, character: at + 5 } }, text: '' }]);
    const onSecondCheck = { line, character: text.split('\n')[line].lastIndexOf('Ловкость') + 2 };
    const hover = await server.hover(uri, onSecondCheck);
    assert.match(JSON.stringify(hover), /Успех/u);
    const published = await second;
    assert.deepEqual(
      published.diagnostics.filter((d) => d.code === 'RM001').map((d) => d.range.start),
      [{ line, character: at }],
    );
    // Version 1's analysis went on in slices (the hover was answered meanwhile), and version 2's started from it.
    assert.deepEqual(analysed, [text.length, text.length - 1]);
  });

  it('publishes the diagnostics of the top before the whole document is analysed, then all of them', async () => {
    // An unknown trait in every tenth scene (RM001), no difficulty (RM005): fewer diagnostics than the 1,000 published at most.
    const text = book()
      .replaceAll(' (сложность 2)', '')
      .replace(/(стену \d*0): «Вера: Сила \+ Атлетика/gu, '$1: «Вера: Сила + Атлетикка');
    const uri = docUri('book.md');
    const events: string[] = [];
    client = await LspTestClient.start({ locale: 'ru', afterAnalysis: () => events.push('analysis done') });
    const whole = asSent(provideDiagnostics(TextDocument.create(uri, 'markdown', 1, text), analyzeDocument(text, { rulesets: builtinRulesets() }), DEFAULT_SETTINGS, (path) => path, 'ru')) as Diagnostic[];
    const top = client.nextDiagnostics(uri, 1, 60_000).then((published) => (events.push('top'), published));
    await client.openOnly(uri, text);
    const first = await top;
    await client.hover(uri, { line: 0, character: 0 });
    const published = client.diagnostics.filter((p) => p.uri === uri);

    assert.deepEqual(events, ['top', 'analysis done']);
    assert.equal(published.length, 2);
    // The first are the whole document's first ones in the text: at least those of its first 80 lines, and fewer than all.
    const inTextOrder = (list: Diagnostic[]) => [...list].sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
    const wholeInOrder = inTextOrder(whole);
    const count = first.diagnostics.length;
    assert.deepEqual(inTextOrder(first.diagnostics), wholeInOrder.slice(0, count));
    assert.ok(wholeInOrder[count].range.start.line >= 80, JSON.stringify(wholeInOrder[count].range));
    assert.ok(count >= 2 && count < whole.length, `${count} of ${whole.length}`);
    assert.equal(whole.length, 600);
    assert.deepEqual(published[1], { uri, version: 1, diagnostics: whole });
  });

  it('settings changed while a document is first analysed: that analysis stops, and the document is analysed with the new ones', async () => {
    const { server, text, uri, analysed } = await bookUnderAnalysis();
    await server.changeSettings({ severity: { RM010: 'hint' } });
    await server.hover(uri, { line: 0, character: 0 });
    assert.deepEqual(analysed, [text.length]);
  });

  it('a document closed and opened again while it is first analysed: the first analysis stops, the second takes what it did', async () => {
    const { server, text, uri, analysed } = await bookUnderAnalysis();
    await server.close(uri);
    const published = await server.openWhole(uri, text, 60_000);
    const fresh = provideDiagnostics(TextDocument.create(uri, 'markdown', 1, text), analyzeDocument(text, { rulesets: builtinRulesets() }), DEFAULT_SETTINGS, (path) => path, 'ru');
    assert.deepEqual(published.diagnostics, asSent(fresh));
    assert.deepEqual(analysed, [text.length]);
  });

  it('a document closed while it is first analysed: the analysis stops, a request waiting for it gets the empty answer, and the server goes on', async () => {
    const { server, text, uri, analysed, topHints } = await bookUnderAnalysis();
    assert.equal(topHints?.length, 16);
    const lines = text.split('\n');
    const last = lines.length - 2;
    const hover = server.hover(uri, { line: last, character: lines[last].indexOf('Ловкость') + 2 });
    await server.close(uri);
    assert.equal(await hover, null);

    const small = docUri('small.md');
    const smallText = [...FRONT, 'Вера: «Сила + Атлетикка».', ''].join('\n');
    const published = await server.open(small, smallText);
    assert.deepEqual(published.diagnostics.map((d) => d.code), ['RM001']);
    // The book's analysis never reached its end; nothing was logged as a failure.
    assert.deepEqual(analysed, [smallText.length]);
    assert.deepEqual(server.logs.map((l) => l.message), []);
  });
});

