/**
 * The language server's browser build (dist/browser/server.js, server/src/browserMain.ts) in a
 * real browser's Web Worker answers as the Node server does: on the same texts and the same
 * project, the same diagnostics, hovers (the odds), code lenses, inlay hints, rolls and reports,
 * with the project's files read through the client (`rollmark/fs/*`), as VS Code for the web reads
 * them with `vscode.workspace.fs`. `npm run test:web` (needs Chromium: scripts/install-code-server.sh).
 */
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { CodeLens, Hover } from 'vscode-languageserver/node';
import type { DocumentInfo, ReportResult, RollCheckResult } from '../../../server/src/protocol';
import { docUri, joinLines, LspTestClient, range, type StartOptions } from '../lsp/harness';
import { startWorkerServer, WORKER_BUNDLE, type WorkerServer } from './workerServer';

const SCENARIOS = path.join(__dirname, '../../fixtures/scenarios');
const RULESETS = ['storytelling', 'mage-revised', 'threads-of-fate', 'werewolf-revised', 'vampire-pack'];

/** A project of its own: a user ruleset and a dictionary, which the worker can only read through the client. */
const FILES = {
  '.rollmark/rulesets/house.yaml': joinLines('id: house', 'extends: vampire-pack', 'traits:', '  - { name: Скрытность, category: ability }'),
  '.rollmark/dictionary.yaml': '- Прыжки\n',
  'house.scenario.md': joinLines('---', 'ruleset: house', '---', '# Сцена', '', '«Ловкость 2 + Скрытность 2 (сложность 1)» и «Сила 2 + Прыжки 1 (сложность 2)»', ''),
};

const OPTIONS: StartOptions = { files: FILES, locale: 'ru' };

/**
 * A report with its charts' coordinates rounded to a millionth of a pixel: Vega computes them in
 * floating point, and Chromium's V8 and Node's do not agree on every last bit (25.88278 against
 * 25.882779999999975 for the same point). Every figure the report prints is compared exactly.
 */
function rounded(report: ReportResult): ReportResult {
  return { ...report, body: report.body.replace(/\d+\.\d{7,}/g, (n) => String(Number(Number(n).toFixed(6)))) };
}

/** Everything a client sees of one document, asked of one server. */
async function observe(client: LspTestClient, name: string, text: string) {
  const uri = docUri(name);
  const diagnostics = (await client.open(uri, text)).diagnostics;
  const lenses = await client.resolvedCodeLenses(uri);
  const hovers: (Hover | null)[] = [];
  for (const lens of lenses) hovers.push(await client.hover(uri, { line: lens.range.start.line, character: lens.range.start.character + 1 }));
  const lines = text.split('\n').length;
  const hints = await client.inlayHints(uri, range(0, 0, lines, 0));
  const info = await client.request<DocumentInfo | null>('rollmark/documentInfo', { textDocument: { uri } });
  const rolls: RollCheckResult[] = [];
  for (const lens of lenses.slice(0, 3)) {
    rolls.push(await client.executeCommand<RollCheckResult>('rollmark.rollCheck', { uri, line: lens.range.start.line, character: lens.range.start.character, seed: 7, pool: 4 }));
  }
  const report = await client.request<ReportResult>('rollmark/report', { uri, scope: 'document' });
  return { diagnostics, lenses: lenses.map((l: CodeLens) => [l.range, l.command?.title]), hovers, hints, info, rolls, report: rounded(report) };
}

describe('the language server in a browser’s Web Worker', function () {
  this.timeout(120_000);
  let worker: WorkerServer;
  let web: LspTestClient;
  let node: LspTestClient;

  before(async function () {
    if (!existsSync(WORKER_BUNDLE)) throw new Error(`${WORKER_BUNDLE} is missing: npm run build writes it`);
    worker = await startWorkerServer();
    web = await LspTestClient.attach(worker.connection, () => undefined, { ...OPTIONS, answerFiles: true });
    node = await LspTestClient.start(OPTIONS);
  });

  after(async () => {
    await web?.stop();
    await node?.stop();
    await worker?.close();
  });

  it('initializes with the Node server’s capabilities', () => {
    assert.deepEqual(web.initializeResult, node.initializeResult);
  });

  for (const ruleset of RULESETS) {
    it(`answers ${ruleset}.scenario.md as the Node server does: diagnostics, hover odds, lenses, hints, rolls, report`, async () => {
      const text = readFileSync(path.join(SCENARIOS, `${ruleset}.scenario.md`), 'utf8');
      const [inBrowser, inNode] = [await observe(web, `${ruleset}.scenario.md`, text), await observe(node, `${ruleset}.scenario.md`, text)];
      assert.ok(inNode.diagnostics.length > 0 && inNode.hovers.filter(Boolean).length > 3, 'the scenario has problems and checks to compare');
      assert.deepEqual(inBrowser.diagnostics, inNode.diagnostics);
      assert.deepEqual(inBrowser.hovers, inNode.hovers);
      assert.deepEqual(inBrowser.lenses, inNode.lenses);
      assert.deepEqual(inBrowser.hints, inNode.hints);
      assert.deepEqual(inBrowser.info, inNode.info);
      assert.deepEqual(inBrowser.rolls, inNode.rolls);
      assert.deepEqual(inBrowser.report, inNode.report);
    });
  }

  it('reads the project’s own ruleset and dictionary through the client, and reports the workspace folder', async () => {
    const text = FILES['house.scenario.md'];
    const [inBrowser, inNode] = [await observe(web, 'house.scenario.md', text), await observe(node, 'house.scenario.md', text)];
    assert.deepEqual(inNode.diagnostics, [], 'the house ruleset and the dictionary know every trait');
    assert.deepEqual(inBrowser.diagnostics, inNode.diagnostics);
    assert.equal(inBrowser.info?.ruleset, 'house');
    assert.deepEqual(inBrowser.hovers, inNode.hovers);
    const workspace = { uri: docUri('house.scenario.md'), scope: 'workspace' };
    const [browserReport, nodeReport] = [await web.request<ReportResult>('rollmark/report', workspace), await node.request<ReportResult>('rollmark/report', workspace)];
    assert.ok(nodeReport.uris.includes(docUri('house.scenario.md')));
    assert.deepEqual(rounded(browserReport), rounded(nodeReport));
  });

  it('rolls with the browser’s Web Crypto when no seed is given, each roll replayable from its seed', async () => {
    const uri = docUri('crypto.md');
    await web.open(uri, '«Сила 3 + Атлетика 2»');
    const roll = () => web.executeCommand<RollCheckResult>('rollmark.rollCheck', { uri, line: 0, character: 1 });
    const rolls = [await roll(), await roll(), await roll(), await roll()];
    const seeds = rolls.map((r) => r.roll.seed);
    assert.ok(seeds.every((seed) => Number.isInteger(seed)), 'each roll reports its seed');
    assert.ok(new Set(seeds).size > 1, `four fresh seeds are not all the same: ${seeds.join(', ')}`);
    const replayed = await web.executeCommand<RollCheckResult>('rollmark.rollCheck', { uri, line: 0, character: 1, seed: rolls[0].roll.seed });
    assert.deepEqual(replayed.roll, rolls[0].roll);
  });

  it('reported no error of its own', () => {
    assert.deepEqual(worker.errors, []);
    assert.deepEqual(web.logs.filter((l) => l.type === 1), []);
  });
});
