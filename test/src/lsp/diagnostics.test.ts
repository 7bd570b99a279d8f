/**
 * Push diagnostics over a real connection: codes, severities, ranges (CRLF and astral
 * characters included), related information, debouncing, closing, language ids and the
 * project's own files.
 */
import * as assert from 'node:assert/strict';
import { type CodeLens, DiagnosticSeverity } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { docUri, joinLines, joinLinesCrlf, LspTestClient, range } from './harness';

const VAMPIRE = ['---', 'ruleset: vampire-pack', 'characters:', '  Адриан: { Сила: 3 }', '---'];

describe('diagnostics', () => {
  let client: LspTestClient;
  afterEach(async () => client?.stop());

  it('publishes each problem with its code, severity, source, message and exact range', async () => {
    client = await LspTestClient.start();
    const published = await client.open(
      docUri('scene.md'),
      joinLines(...VAMPIRE, '# Сцена', '', '«Силы + Атлетика (сложность 2)» и «Бодрость + Атлетика (сложность 1)».'),
    );
    assert.equal(published.version, 1);
    assert.deepEqual(published.diagnostics, [
      {
        range: range(7, 1, 7, 5),
        severity: DiagnosticSeverity.Warning,
        code: 'RM010',
        source: 'rollmark',
        message: 'Написано «Силы»; канонически: «Сила»',
      },
      {
        range: range(7, 35, 7, 43),
        severity: DiagnosticSeverity.Error,
        code: 'RM001',
        source: 'rollmark',
        message: 'Неизвестная черта «Бодрость»',
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
        message: 'В листе персонажа «Адриан» нет черты «Атлетика»: шансы показаны по размеру пула',
        relatedInformation: [{ location: { uri, range: range(3, 2, 3, 8) }, message: 'Лист персонажа «Адриан»' }],
      },
    ]);
  });

  it('counts positions in UTF-16 code units on CRLF lines, emoji included', async () => {
    client = await LspTestClient.start();
    const published = await client.open(docUri('crlf.md'), joinLinesCrlf(...VAMPIRE, '🎲🎲 «Бодрость + Атлетика (сложность 1)»', '«Силы + Атлетика (сложность 2)»'));
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

  it('keeps ranges right under incremental edits', async () => {
    client = await LspTestClient.start();
    const uri = docUri('incremental.md');
    await client.open(uri, joinLines(...VAMPIRE, '«Силы + Атлетика (сложность 2)»'));
    await client.change(uri, 2, [{ range: range(5, 0, 5, 0), text: '🎲 ' }]);
    const published = client.nextDiagnostics(uri, 3);
    await client.change(uri, 3, [
      { range: range(4, 3, 4, 3), text: '\n# Сцена\n' },
      { range: range(7, 4, 7, 8), text: 'Силу' },
    ]);
    assert.deepEqual(
      (await published).diagnostics.map((d) => [d.code, d.range, d.message]),
      [['RM010', range(7, 4, 7, 8), 'Написано «Силу»; канонически: «Сила»']],
    );
  });

  it('answers after a series of edits exactly as for the same text opened afresh', async () => {
    client = await LspTestClient.start();
    const edited = docUri('edited.md');
    const fresh = docUri('fresh.md');
    const initial = joinLines(
      ...VAMPIRE,
      '# Первая сцена',
      '',
      '«Силы + Атлетика (сложность 2)» и «Сила 3 + Атлетика 2».',
      '',
      '```',
      '«Прыгучесть» в коде не проверка',
      '```',
      '',
      '## Вторая',
      '',
      'Бросок Ловкость + Атлетика (сложность 4) и «Ловкасть + Атлетика».',
    );
    const edits = [
      // A paragraph above everything: every later block moves.
      [{ range: range(5, 0, 5, 0), text: 'Пролог: «Обаяние 2 + Убеждение 2 (сложность 1)».\n\n' }],
      // The closing fence goes (the rest of the document is code), then comes back.
      [{ range: range(13, 0, 14, 0), text: '' }],
      [{ range: range(13, 0, 13, 0), text: '```\n' }],
      [{ range: range(17, 0, 17, 0), text: '🎲 ' }],
      [{ range: range(9, 1, 9, 5), text: 'Силу' }],
    ];
    let document = TextDocument.create(edited, 'markdown', 1, initial);
    await client.open(edited, initial);
    const published = client.nextDiagnostics(edited, edits.length + 1);
    let version = 1;
    for (const change of edits) {
      version++;
      document = TextDocument.update(document, change, version);
      await client.change(edited, version, change);
    }
    const last = await published;
    const reference = await client.open(fresh, document.getText());
    assert.equal(reference.diagnostics.length, 5);
    assert.deepEqual(last.diagnostics, reference.diagnostics);
    const withoutUri = (lenses: CodeLens[] | null) => JSON.stringify(lenses).replaceAll(edited, '').replaceAll(fresh, '');
    assert.equal(withoutUri(await client.resolvedCodeLenses(edited)), withoutUri(await client.resolvedCodeLenses(fresh)));
    assert.deepEqual(await client.documentSymbols(edited), await client.documentSymbols(fresh));
    const onLastCheck = { line: 17, character: 49 };
    assert.notEqual(await client.hover(fresh, onLastCheck), null);
    assert.deepEqual(await client.hover(edited, onLastCheck), await client.hover(fresh, onLastCheck));
  });

  it('clears the diagnostics of a document when it closes', async () => {
    client = await LspTestClient.start();
    const uri = docUri('closed.md');
    await client.open(uri, '«Скорость + Атлетика»');
    const cleared = client.nextDiagnostics(uri);
    await client.close(uri);
    assert.deepEqual(await cleared, { uri, diagnostics: [] });
  });

  it('analyses Markdown and ignores other languages', async () => {
    client = await LspTestClient.start();
    const scenario = await client.open(docUri('a.scenario.md'), '«Прыгучесть + Атлетика»');
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
