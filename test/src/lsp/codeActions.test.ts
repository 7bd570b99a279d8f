/**
 * Code actions: every analysis fix as a quick fix (the obvious one preferred), "add to project
 * dictionary" as a server command that writes the dictionary, and two source actions over the
 * whole document.
 */
import * as assert from 'node:assert/strict';
import { type CodeAction, DiagnosticSeverity, ErrorCodes, type Range, ResponseError } from 'vscode-languageserver/node';
import type { AddToDictionaryResult } from '../../../server/out/protocol';
import { applyEdits, docUri, joinLines, LspTestClient, range, withRanges } from './harness';

/** Cursors in a check written as prose and in an unknown trait (marked). */
const {
  text: TEXT,
  ranges: [inProse, unknown, inUnknown],
} = withRanges(
  joinLines(
    '---',
    'ruleset: vampire-pack',
    '---',
    'Бросок Си⟦⟧лы + Атлетики со сложностью 2, затем «⟦Лов⟦⟧касть⟧ + Атлетика (сложность 1)».',
    'Потом «Силы + Атлетика (сложность 2)» и проверку Ловкости + Атлетики.',
    '«Сила+Атлетика (сложность 2)»',
  ),
);
const at = (cursor: Range): Range => ({ start: cursor.start, end: cursor.start });

function editsOf(action: CodeAction | undefined, uri: string) {
  return action?.edit?.changes?.[uri] ?? [];
}

describe('code actions', () => {
  let client: LspTestClient;
  const uri = docUri('actions.md');
  afterEach(async () => client.stop());

  it('offers each fix of the diagnostics in the range as a quick fix, the obvious one preferred', async () => {
    client = await LspTestClient.start();
    await client.open(uri, TEXT);
    const actions = await client.codeActions(uri, at(inUnknown), { diagnostics: [], only: ['quickfix'] });
    assert.deepEqual(actions, [
      {
        title: 'Заменить на «Ловкость»',
        kind: 'quickfix',
        diagnostics: [
          { range: unknown, severity: DiagnosticSeverity.Error, code: 'RM001', source: 'rollmark', message: 'Неизвестная черта «Ловкасть». Возможно: Ловкость' },
        ],
        isPreferred: true,
        edit: { changes: { [uri]: [{ range: unknown, newText: 'Ловкость' }] } },
      },
      {
        title: 'Добавить «Ловкасть» в словарь проекта',
        kind: 'quickfix',
        diagnostics: [
          { range: unknown, severity: DiagnosticSeverity.Error, code: 'RM001', source: 'rollmark', message: 'Неизвестная черта «Ловкасть». Возможно: Ловкость' },
        ],
        isPreferred: false,
        command: { title: 'Добавить «Ловкасть» в словарь проекта', command: 'rollmark.addToDictionary', arguments: [{ uri, term: 'Ловкасть' }] },
      },
      {
        title: 'Не показывать RM001 в этой строке',
        kind: 'quickfix',
        diagnostics: [
          { range: unknown, severity: DiagnosticSeverity.Error, code: 'RM001', source: 'rollmark', message: 'Неизвестная черта «Ловкасть». Возможно: Ловкость' },
        ],
        isPreferred: false,
        // The document's first line after the front matter: a comment line of its own above it.
        edit: { changes: { [uri]: [{ range: range(3, 0, 3, 0), newText: '<!-- rollmark-disable-next-line RM001 -->\n' }] } },
      },
    ]);
  });

  it('rewrites exactly the span of a check written as prose', async () => {
    client = await LspTestClient.start();
    await client.open(uri, TEXT);
    const [fix] = (await client.codeActions(uri, at(inProse), { diagnostics: [], only: ['quickfix'] })) ?? [];
    assert.equal(fix.title, 'Разметить как «Сила + Атлетика (сложность 2)»');
    assert.equal(applyEdits(TEXT, editsOf(fix, uri)).split('\n')[3], 'Бросок «Сила + Атлетика (сложность 2)», затем «Ловкасть + Атлетика (сложность 1)».');
  });

  it('marks up every prose check at once with source.rollmark.convertProse', async () => {
    client = await LspTestClient.start();
    await client.open(uri, TEXT);
    const actions = await client.codeActions(uri, range(0, 0, 0, 0), { diagnostics: [], only: ['source.rollmark.convertProse'] });
    assert.deepEqual(
      actions?.map((a) => [a.title, a.kind]),
      [['Разметить проверки, записанные прозой (2)', 'source.rollmark.convertProse']],
    );
    assert.deepEqual(
      applyEdits(TEXT, editsOf(actions?.[0], uri)).split('\n').slice(3),
      [
        'Бросок «Сила + Атлетика (сложность 2)», затем «Ловкасть + Атлетика (сложность 1)».',
        'Потом «Силы + Атлетика (сложность 2)» и проверку «Ловкость + Атлетика».',
        '«Сила+Атлетика (сложность 2)»',
      ],
    );
  });

  it('applies every preferred fix but the prose conversions with source.fixAll.rollmark', async () => {
    client = await LspTestClient.start();
    await client.open(uri, TEXT);
    const actions = await client.codeActions(uri, range(0, 0, 0, 0), { diagnostics: [], only: ['source'] });
    assert.deepEqual(
      actions?.map((a) => a.kind),
      ['source.rollmark.convertProse', 'source.fixAll.rollmark'],
    );
    assert.equal(actions?.[1].title, 'Исправить всё очевидное (3)');
    assert.deepEqual(
      applyEdits(TEXT, editsOf(actions?.[1], uri)).split('\n').slice(3),
      [
        'Бросок Силы + Атлетики со сложностью 2, затем «Ловкость + Атлетика (сложность 1)».',
        'Потом «Сила + Атлетика (сложность 2)» и проверку Ловкости + Атлетики.',
        '«Сила + Атлетика (сложность 2)»',
      ],
    );
  });

  it('RM008 «add the trait to the sheet»: the edit writes a placeholder, `data` says where the value to choose stands', async () => {
    client = await LspTestClient.start();
    const { text, ranges } = withRanges(joinLines('---', 'ruleset: vampire-pack', 'characters:', '  Мирон:', '    Сила: 3', '  Вера:', '    Сила: 2', '---', '«Мирон: Сила + Атле⟦⟧тика (сложность 2)»'));
    await client.open(uri, text);
    const actions = (await client.codeActions(uri, at(ranges[0]), { diagnostics: [], only: ['quickfix'] })) ?? [];
    const add = actions.find((a) => a.title === 'Добавить «Атлетика» в лист персонажа «Мирон»');
    assert.deepEqual(editsOf(add, uri), [{ range: range(4, 11, 4, 11), newText: '\n    Атлетика: 1' }]);
    // After the edit, «1» is on line 5 (0-based), after «    Атлетика: ».
    assert.deepEqual(add?.data, { valueChoice: { uri, line: 5, character: 14, length: 1 } });
    assert.equal(applyEdits(text, editsOf(add, uri)).split('\n')[5].slice(14, 15), '1');
  });

  it('offers no quick fix for a diagnostic turned off in settings', async () => {
    client = await LspTestClient.start({ settings: { severity: { RM001: 'off' } } });
    await client.open(uri, TEXT);
    assert.deepEqual(await client.codeActions(uri, at(inUnknown), { diagnostics: [], only: ['quickfix'] }), []);
  });
});

describe('the add-to-dictionary command', () => {
  let client: LspTestClient;
  const uri = docUri('dictionary.md');
  afterEach(async () => client.stop());

  it('creates the project dictionary and re-publishes without the unknown trait', async () => {
    client = await LspTestClient.start();
    // A plain dictionary entry is skill-like (MARKUP Additions (2)): next to an Attribute, a pool with no problem.
    const first = await client.open(uri, '«Ловкость + Прыгучесть»');
    assert.deepEqual(
      first.diagnostics.map((d) => d.code),
      ['RM001'],
    );
    const republished = client.nextDiagnostics(uri);
    const result = await client.executeCommand<AddToDictionaryResult>('rollmark.addToDictionary', { uri, term: 'Прыгучесть' });
    assert.deepEqual(result, { file: 'file:///workspace/.rollmark/dictionary.yaml', added: true });
    assert.equal(client.fs.files.get('.rollmark/dictionary.yaml'), '# Словарь проекта Rollmark: черты, которые принимают все правила этой рабочей области.\n- Прыгучесть\n');
    assert.deepEqual((await republished).diagnostics, []);
  });

  it('keeps the file’s comments and shape, and adds a term only once', async () => {
    client = await LspTestClient.start({ files: { '.rollmark/dictionary.yaml': '# Наши черты\ntraits:\n  - Скорость # из дополнения\n' } });
    await client.open(uri, '«Прыгучесть + Атлетика»');
    const added = await client.executeCommand<AddToDictionaryResult>('rollmark.addToDictionary', { uri, term: 'Прыгучесть' });
    const again = await client.executeCommand<AddToDictionaryResult>('rollmark.addToDictionary', { uri, term: 'Прыгучесть' });
    assert.deepEqual([added.added, again.added], [true, false]);
    assert.equal(client.fs.files.get('.rollmark/dictionary.yaml'), '# Наши черты\ntraits:\n  - Скорость # из дополнения\n  - Прыгучесть\n');
  });

  it('writes where rollmark.dictionaryPath says', async () => {
    client = await LspTestClient.start({ settings: { dictionaryPath: 'book/words.yaml' } });
    await client.open(uri, '«Прыгучесть + Атлетика»');
    const result = await client.executeCommand<AddToDictionaryResult>('rollmark.addToDictionary', { uri, term: 'Прыгучесть' });
    assert.equal(result.file, 'file:///workspace/book/words.yaml');
    assert.deepEqual([...client.fs.files.keys()], ['book/words.yaml']);
  });

  it('refuses a document outside every workspace folder and malformed arguments', async () => {
    client = await LspTestClient.start({ workspaceFolder: null });
    const outside = 'file:///elsewhere/a.md';
    await client.open(outside, '«Прыгучесть + Атлетика»');
    const codeOf = async (args: unknown) => {
      try {
        await client.executeCommand('rollmark.addToDictionary', args);
      } catch (error) {
        assert.ok(error instanceof ResponseError);
        return [error.code, error.message];
      }
      return assert.fail('expected an error');
    };
    assert.deepEqual(await codeOf({ uri: outside, term: 'Прыгучесть' }), [
      ErrorCodes.InvalidRequest,
      'rollmark.addToDictionary: the document is not in a workspace folder, so there is no project dictionary',
    ]);
    assert.deepEqual(await codeOf({ uri: outside, term: '  ' }), [ErrorCodes.InvalidParams, 'rollmark.addToDictionary: "term" must be a one-line, non-empty string']);
  });
});
