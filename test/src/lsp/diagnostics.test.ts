/**
 * Push diagnostics over a real connection: codes, severities, ranges (CRLF and astral
 * characters included), related information, debouncing, closing, language ids and the
 * project's own files.
 */
import * as assert from 'node:assert/strict';
import { type CodeLens, DiagnosticSeverity, type Range, type TextDocumentContentChangeEvent } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { docUri, joinLines, joinLinesCrlf, LspTestClient, rangeOfText, withRanges } from './harness';

const VAMPIRE = ['---', 'ruleset: vampire-pack', 'characters:', '  Адриан: { Сила: 3 }', '---'];

describe('diagnostics', () => {
  let client: LspTestClient;
  afterEach(async () => client?.stop());

  it('publishes each problem with its code, severity, source, message and exact range', async () => {
    client = await LspTestClient.start();
    const {
      text,
      ranges: [spelling, unknown],
    } = withRanges(joinLines(...VAMPIRE, '# Сцена', '', '«⟦Силы⟧ + Атлетика (сложность 2)» и «⟦Бодрость⟧ + Атлетика (сложность 1)».'));
    const published = await client.open(docUri('scene.md'), text);
    assert.equal(published.version, 1);
    assert.deepEqual(published.diagnostics, [
      {
        range: spelling,
        severity: DiagnosticSeverity.Warning,
        code: 'RM010',
        source: 'rollmark',
        message: 'Написано «Силы»; канонически: «Сила»',
      },
      {
        range: unknown,
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
    const {
      text,
      ranges: [sheet, lacking],
    } = withRanges(joinLines('---', 'ruleset: vampire-pack', 'characters:', '  ⟦Адриан⟧: { Сила: 3 }', '---', '', '«Адриан: Сила + ⟦Атлетика⟧ (сложность 2)»'));
    const published = await client.open(uri, text);
    assert.deepEqual(published.diagnostics, [
      {
        range: lacking,
        severity: DiagnosticSeverity.Information,
        code: 'RM008',
        source: 'rollmark',
        message: 'В листе персонажа «Адриан» нет черты «Атлетика»: шансы показаны по размеру пула',
        relatedInformation: [{ location: { uri, range: sheet }, message: 'Лист персонажа «Адриан»' }],
      },
    ]);
  });

  it('counts positions in UTF-16 code units on CRLF lines, emoji included', async () => {
    client = await LspTestClient.start();
    const {
      text,
      ranges: [unknown, spelling],
    } = withRanges(joinLinesCrlf(...VAMPIRE, '🎲🎲 «⟦Бодрость⟧ + Атлетика (сложность 1)»', '«⟦Силы⟧ + Атлетика (сложность 2)»'));
    const published = await client.open(docUri('crlf.md'), text);
    assert.deepEqual(
      published.diagnostics.map((d) => [d.code, d.range]),
      [
        ['RM001', unknown],
        ['RM010', spelling],
      ],
    );
  });

  it('analyses a burst of edits once, after the typing pauses, and publishes only the last version', async () => {
    client = await LspTestClient.start({ diagnosticsDelay: 50 });
    const uri = docUri('burst.md');
    const {
      text,
      ranges: [lineStart],
    } = withRanges(joinLines(...VAMPIRE, '⟦⟧«Сила + Атлетика (сложность 2)»'));
    await client.open(uri, text);
    const runsAfterOpen = client.analyses.length;
    const published = client.nextDiagnostics(uri);
    for (let version = 2; version <= 6; version++) {
      // Each keystroke inserts one letter at the start of the check's line.
      await client.change(uri, version, [{ range: lineStart, text: 'ж' }]);
    }
    const last = await published;
    assert.equal(last.version, 6);
    assert.equal(client.analyses.length - runsAfterOpen, 1);
    assert.equal(client.diagnostics.filter((d) => d.uri === uri).length, 2);
  });

  it('keeps ranges right under incremental edits', async () => {
    client = await LspTestClient.start();
    const uri = docUri('incremental.md');
    const first = withRanges(joinLines(...VAMPIRE, '⟦⟧«Силы + Атлетика (сложность 2)»'));
    await client.open(uri, first.text);
    await client.change(uri, 2, [{ range: first.ranges[0], text: '🎲 ' }]);
    // The front matter's closing fence, then a scene heading inserted after it; the trait renamed.
    const second = withRanges(joinLines('---', 'ruleset: vampire-pack', 'characters:', '  Адриан: { Сила: 3 }', '---⟦⟧', '🎲 «Силы + Атлетика (сложность 2)»'));
    const third = withRanges(joinLines(...VAMPIRE, '# Сцена', '', '🎲 «⟦Силы⟧ + Атлетика (сложность 2)»'));
    const published = client.nextDiagnostics(uri, 3);
    await client.change(uri, 3, [
      { range: second.ranges[0], text: '\n# Сцена\n' },
      { range: third.ranges[0], text: 'Силу' },
    ]);
    assert.deepEqual(
      (await published).diagnostics.map((d) => [d.code, d.range, d.message]),
      [['RM010', third.ranges[0], 'Написано «Силу»; канонически: «Сила»']],
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
    /** Each edit names its target by the text there at the time; `start` inserts before it. */
    const start = (range: Range): Range => ({ start: range.start, end: range.start });
    const edits: ((text: string) => TextDocumentContentChangeEvent[])[] = [
      // A paragraph above everything: every later block moves.
      (text) => [{ range: start(rangeOfText(text, '# Первая сцена')), text: 'Пролог: «Обаяние 2 + Убеждение 2 (сложность 1)».\n\n' }],
      // The closing fence goes (the rest of the document is code), then comes back.
      (text) => [{ range: rangeOfText(text, '```\n', 1), text: '' }],
      (text) => [{ range: start(rangeOfText(text, '\n\n## Вторая')), text: '\n```' }],
      (text) => [{ range: start(rangeOfText(text, 'Бросок')), text: '🎲 ' }],
      (text) => [{ range: rangeOfText(text, 'Силы'), text: 'Силу' }],
    ];
    let document = TextDocument.create(edited, 'markdown', 1, initial);
    await client.open(edited, initial);
    const published = client.nextDiagnostics(edited, edits.length + 1);
    let version = 1;
    for (const edit of edits) {
      version++;
      const change = edit(document.getText());
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
    const onLastCheck = rangeOfText(document.getText(), 'Ловкасть').start;
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
    const notes = withRanges('«П⟦⟧рыгучесть + Атлетика»');
    await client.openOnly(docUri('notes.txt'), notes.text, 'plaintext');
    assert.equal(await client.hover(docUri('notes.txt'), notes.ranges[0].start), null);
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
    const dictionary = withRanges('⟦traits: 5⟧\n');
    client = await LspTestClient.start({ files: { '.rollmark/dictionary.yaml': dictionary.text } });
    const file = client.nextDiagnostics(`${'file:///workspace'}/.rollmark/dictionary.yaml`);
    await client.open(docUri('broken.md'), 'Текст.');
    assert.deepEqual(await file, {
      uri: 'file:///workspace/.rollmark/dictionary.yaml',
      diagnostics: [{ range: dictionary.ranges[0], severity: DiagnosticSeverity.Error, code: 'RM011', source: 'rollmark', message: 'Словарь — список терминов или «traits: [ … ]»' }],
    });
  });
});
