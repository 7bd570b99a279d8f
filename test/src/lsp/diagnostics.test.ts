/**
 * Push diagnostics over a real connection: codes, severities, ranges (CRLF and astral
 * characters included), related information, debouncing, closing, language ids and the
 * project's own files.
 */
import * as assert from 'node:assert/strict';
import { DiagnosticSeverity } from 'vscode-languageserver/node';
import { docUri, joinLines, joinLinesCrlf, LspTestClient, range } from './harness';

const VAMPIRE = ['---', 'ruleset: vampire-pack', 'characters:', '  Адриан: { Сила: 3 }', '---'];

describe('diagnostics', () => {
  let client: LspTestClient;
  afterEach(async () => client?.stop());

  it('publishes each problem with its code, severity, source, message and exact range', async () => {
    client = await LspTestClient.start();
    const published = await client.open(
      docUri('scene.md'),
      joinLines(...VAMPIRE, '# Сцена', '', '«Силы + Атлетика (сложность 2)» и «Скорость + Атлетика (сложность 1)».'),
    );
    assert.equal(published.version, 1);
    assert.deepEqual(published.diagnostics, [
      {
        range: range(7, 1, 7, 5),
        severity: DiagnosticSeverity.Warning,
        code: 'RM010',
        source: 'rollmark',
        message: 'Неканоническое написание «Силы»: пишите «Сила»',
      },
      {
        range: range(7, 35, 7, 43),
        severity: DiagnosticSeverity.Error,
        code: 'RM001',
        source: 'rollmark',
        message: 'Неизвестная характеристика «Скорость»',
      },
    ]);
  });

  it('points RM008 at the character sheet through related information', async () => {
    client = await LspTestClient.start();
    const uri = docUri('sheet.md');
    const published = await client.open(uri, joinLines(...VAMPIRE, '', '«Адриан: Сила + Атлетика (сложность 2)»'));
    assert.deepEqual(published.diagnostics, [
      {
        range: range(6, 16, 6, 24),
        severity: DiagnosticSeverity.Information,
        code: 'RM008',
        source: 'rollmark',
        message: 'В листе персонажа «Адриан» нет «Атлетика»: шансы показаны по размеру пула',
        relatedInformation: [{ location: { uri, range: range(3, 2, 3, 8) }, message: 'Лист персонажа «Адриан»' }],
      },
    ]);
  });

  it('counts positions in UTF-16 code units on CRLF lines, emoji included', async () => {
    client = await LspTestClient.start();
    const frontMatter = ['---', 'characters:', '  Адриан: { Сила: 3 }', 'ruleset: vampire-pack', '---'];
    const published = await client.open(docUri('crlf.md'), joinLinesCrlf(...frontMatter, '🎲🎲 «Скорость + Атлетика (сложность 1)»', '«Силы + Атлетика (сложность 2)»'));
    assert.deepEqual(
      published.diagnostics.map((d) => [d.code, d.range]),
      [
        ['RM001', range(5, 6, 5, 14)],
        ['RM010', range(6, 1, 6, 5)],
      ],
    );
  });

  it('analyses a burst of edits once, after the typing pauses, and publishes only the last version', async () => {
    client = await LspTestClient.start({ diagnosticsDelay: 50 });
    const uri = docUri('burst.md');
    await client.open(uri, joinLines(...VAMPIRE, '«Сила + Атлетика (сложность 2)»'));
    const runsAfterOpen = client.analyses.length;
    const published = client.nextDiagnostics(uri);
    for (let version = 2; version <= 6; version++) {
      // Each keystroke inserts one letter at the start of the check's line.
      await client.change(uri, version, [{ range: range(5, 0, 5, 0), text: 'ж' }]);
    }
    const last = await published;
    assert.equal(last.version, 6);
    assert.equal(client.analyses.length - runsAfterOpen, 1);
    assert.equal(client.diagnostics.filter((d) => d.uri === uri).length, 2);
  });

  it('clears the diagnostics of a document when it closes', async () => {
    client = await LspTestClient.start();
    const uri = docUri('closed.md');
    await client.open(uri, '«Скорость + Атлетика»');
    const cleared = client.nextDiagnostics(uri);
    await client.close(uri);
    assert.deepEqual(await cleared, { uri, diagnostics: [] });
  });

  it('analyses the scenario language id and ignores other languages', async () => {
    client = await LspTestClient.start();
    const scenario = await client.open(docUri('a.scenario.md'), '«Прыгучесть + Атлетика»', 'scenario');
    assert.deepEqual(
      scenario.diagnostics.map((d) => d.code),
      ['RM001'],
    );
    await client.openOnly(docUri('notes.txt'), '«Прыгучесть + Атлетика»', 'plaintext');
    assert.equal(await client.hover(docUri('notes.txt'), { line: 0, character: 2 }), null);
    assert.deepEqual(
      client.diagnostics.map((d) => d.uri),
      [docUri('a.scenario.md')],
    );
  });

  it('accepts the project dictionary’s terms', async () => {
    client = await LspTestClient.start({ files: { '.rollmark/dictionary.yaml': '- Скорость\n' } });
    const published = await client.open(docUri('dictionary.md'), '«Скорость + Атлетика»');
    assert.deepEqual(published.diagnostics, []);
  });

  it('publishes the problems of a broken dictionary on the dictionary file', async () => {
    client = await LspTestClient.start({ files: { '.rollmark/dictionary.yaml': 'traits: 5\n' } });
    const file = client.nextDiagnostics(`${'file:///workspace'}/.rollmark/dictionary.yaml`);
    await client.open(docUri('broken.md'), 'Текст.');
    assert.deepEqual(await file, {
      uri: 'file:///workspace/.rollmark/dictionary.yaml',
      diagnostics: [{ range: range(0, 0, 0, 9), severity: DiagnosticSeverity.Error, code: 'RM011', source: 'rollmark', message: 'Словарь — список терминов или «traits: [ … ]»' }],
    });
  });
});
