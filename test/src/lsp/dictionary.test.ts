/**
 * "Add to project dictionary": the author's file gains one item and keeps every other byte
 * (line endings, flow lists, quoting, folded scalars, comments); through the real command path
 * on a real disk, 20 and 100 adds at once keep every old entry, comment and new term; a file
 * that cannot be written is a message naming it and saying why, and nothing is written outside
 * the workspace. Also offered for an unknown key of a character sheet.
 */
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ErrorCodes, LSPErrorCodes, MessageType } from 'vscode-languageserver/node';
import { addTermToDictionary, DictionaryProblemError } from '../../../server/src/workspace/projectDictionary';
import { parseDictionary } from '../../../server/src/analysis/project/workspaceConfig';
import { dictionaryEditReason } from '../../../server/src/present/messages';
import { voice } from '../../../server/src/present/voice';
import type { AddToDictionaryResult } from '../../../server/src/protocol';
import { diskFiles } from '../../../server/src/node/projectFs';
import { docUri, errorOf, joinLines, LspTestClient, withRanges } from './harness';

describe('adding a term to the dictionary text', () => {
  const cases: [string, string, string, string][] = [
    ['block list, CRLF, comments kept, the new item after the last one', '# Черты\r\ntraits:\r\n  - Скорость # из дополнения\r\n  # - Отключено\r\nother: 1\r\n', 'Прыгучесть', '# Черты\r\ntraits:\r\n  - Скорость # из дополнения\r\n  - Прыгучесть\r\n  # - Отключено\r\nother: 1\r\n'],
    ['flow list on one line, quoting and the comment kept', 'traits: [Скорость, "Ловкость рук"]  # flow\n', 'Прыгучесть', 'traits: [Скорость, "Ловкость рук", Прыгучесть]  # flow\n'],
    ['flow list one item a line', 'traits: [\n  Скорость,\n  Сила\n]\n', 'Прыгучесть', 'traits: [\n  Скорость,\n  Сила,\n  Прыгучесть\n]\n'],
    ['flow list with a trailing comma', '[\n  a,\n  b,\n]\n', 'x', '[\n  a,\n  b,\n  x,\n]\n'],
    ['empty flow list', 'traits: []\n', 'Прыгучесть', 'traits: [Прыгучесть]\n'],
    ['after a folded scalar, before a final comment', "- 'Кавычки'\n- >-\n  Очень длинное\n  название\n\n# конец\n", 'Прыгучесть', "- 'Кавычки'\n- >-\n  Очень длинное\n  название\n- Прыгучесть\n\n# конец\n"],
    ['after a literal scalar', '- |\n  a\n', 'x', '- |\n  a\n- x\n'],
    ['no final line break', '- a\n- b', 'x', '- a\n- b\n- x\n'],
    ['the marker spacing of the last item', 'traits:\n  -   a\n', 'x', 'traits:\n  -   a\n  -   x\n'],
    ['document markers', '---\n- a\n...\n', 'x', '---\n- a\n- x\n...\n'],
    ['only comments: the list starts after them', '# Только комментарий\n', 'Прыгучесть', '# Только комментарий\n- Прыгучесть\n'],
    ['a term YAML would read as a mapping is quoted', '- a\n', 'Знание: оккультное', '- a\n- "Знание: оккультное"\n'],
    ['a term YAML would read as a list is quoted in a flow list', '[a]\n', '[x]', '[a, "[x]"]\n'],
    ['a term YAML would read as a comment is quoted', '- a\n', '#хэштег', '- a\n- "#хэштег"\n'],
    ['a new file is a list under the header comment it is given', '', 'Прыгучесть', '# Заголовок словаря\n- Прыгучесть\n'],
  ];
  for (const [name, before, term, after] of cases) {
    it(name, () => {
      const result = addTermToDictionary(before, term, 'Заголовок словаря');
      assert.equal(result.text, after);
      assert.equal(result.added, true);
      assert.deepEqual(parseDictionary(result.text).terms.at(-1), term);
    });
  }

  it('a term already there changes nothing; a file with problems is refused with the problem', () => {
    assert.deepEqual(addTermToDictionary('- a\n- b\n', 'b', 'Заголовок словаря'), { text: '- a\n- b\n', added: false });
    assert.throws(
      () => addTermToDictionary('traits: 5\n', 'x', 'Заголовок словаря'),
      (e: unknown) => e instanceof DictionaryProblemError && dictionaryEditReason(e.problem, voice('ru')) === 'в файле словаря ошибка: Словарь — список терминов или «traits: [ … ]»',
    );
  });
});

describe('the add-to-dictionary command on disk', function () {
  this.timeout(60_000);
  let base = '';
  let root = '';
  let client: LspTestClient;
  const DICTIONARY = '.rollmark/dictionary.yaml';
  const at = (relative: string) => path.join(root, relative);

  beforeEach(() => {
    base = mkdtempSync(path.join(os.tmpdir(), 'rollmark-dict-'));
    root = path.join(base, 'book');
    mkdirSync(path.join(root, '.rollmark'), { recursive: true });
    mkdirSync(path.join(base, 'elsewhere'));
  });
  afterEach(async () => {
    await client.stop();
    rmSync(base, { recursive: true, force: true });
  });

  async function start(locale = 'en'): Promise<string> {
    const folder = pathToFileURL(root).href;
    client = await LspTestClient.start({ workspaceFolder: folder, fileSystem: diskFiles, locale });
    const uri = `${folder}/scene.md`;
    await client.open(uri, '«Прыгучесть + Атлетика»');
    return uri;
  }

  for (const count of [20, 100]) {
    it(`${count} adds at once keep every old entry, every comment and every new term`, async () => {
      const original = joinLines('# Черты нашей кампании', 'traits:', '  - Скорость # из дополнения', '  - "Ловкость рук"', '  # конец списка', '');
      writeFileSync(at(DICTIONARY), original);
      const uri = await start();
      const terms = Array.from({ length: count }, (_, i) => `Черта${i}`);
      const results = await Promise.all(terms.map((term) => client.executeCommand<AddToDictionaryResult>('rollmark.addToDictionary', { uri, term })));
      assert.ok(results.every((r) => r.added));
      const text = readFileSync(at(DICTIONARY), 'utf8');
      assert.ok(text.startsWith('# Черты нашей кампании\ntraits:\n  - Скорость # из дополнения\n  - "Ловкость рук"\n'), text.slice(0, 200));
      assert.ok(text.endsWith('  # конец списка\n'), text.slice(-100));
      assert.deepEqual(parseDictionary(text).terms.sort(), ['Скорость', 'Ловкость рук', ...terms].sort());
      assert.deepEqual(readdirSync(at('.rollmark')), ['dictionary.yaml'], 'no temporary file left');
    });
  }

  it('a link outside the workspace, a dangling link, a read-only file: an error naming the file and why, shown as a message; nothing written', async () => {
    const secret = path.join(base, 'elsewhere', 'secret.yaml');
    writeFileSync(secret, '- Тайна\n');
    symlinkSync(secret, at(DICTIONARY));
    const uri = await start();
    const shown = client.nextMessage();
    const [code, message] = await errorOf(client.executeCommand('rollmark.addToDictionary', { uri, term: 'Прыгучесть' }));
    assert.equal(code, LSPErrorCodes.RequestFailed);
    assert.equal(message, `"Прыгучесть" was not added to the project dictionary ${DICTIONARY}: it leads outside the workspace folder (to ${secret})`);
    assert.deepEqual(await shown, { type: MessageType.Error, message });
    assert.equal(readFileSync(secret, 'utf8'), '- Тайна\n');

    rmSync(at(DICTIONARY));
    symlinkSync(path.join(base, 'elsewhere', 'new.yaml'), at(DICTIONARY));
    assert.equal((await errorOf(client.executeCommand('rollmark.addToDictionary', { uri, term: 'Прыгучесть' })))[1], `"Прыгучесть" was not added to the project dictionary ${DICTIONARY}: it is a link to a file that does not exist (${path.join(base, 'elsewhere', 'new.yaml')})`);
    assert.deepEqual(readdirSync(path.join(base, 'elsewhere')), ['secret.yaml']);

    rmSync(at(DICTIONARY));
    writeFileSync(at(DICTIONARY), '- a\n', { mode: 0o444 });
    assert.equal((await errorOf(client.executeCommand('rollmark.addToDictionary', { uri, term: 'Прыгучесть' })))[1], `"Прыгучесть" was not added to the project dictionary ${DICTIONARY}: the file is read-only`);
    assert.equal(readFileSync(at(DICTIONARY), 'utf8'), '- a\n');
  });

  it('says it in Russian too, and a file of the wrong shape is named with its problem', async () => {
    writeFileSync(at(DICTIONARY), 'traits: 5\n');
    const uri = await start('ru');
    const [code, message] = await errorOf(client.executeCommand('rollmark.addToDictionary', { uri, term: 'Прыгучесть' }));
    assert.equal(code, LSPErrorCodes.RequestFailed);
    assert.equal(message, `«Прыгучесть» не добавлено в словарь проекта ${DICTIONARY}: в файле словаря ошибка: Словарь — список терминов или «traits: [ … ]»`);
    assert.notEqual(code, ErrorCodes.InternalError);
  });
});

describe('the add-to-dictionary fix on a character sheet', () => {
  let client: LspTestClient;
  afterEach(async () => client.stop());

  it('an unknown key of a sheet offers the fix, and adding it clears the diagnostic', async () => {
    client = await LspTestClient.start({ locale: 'en' });
    const uri = docUri('sheet.md');
    const {
      text,
      ranges: [key],
    } = withRanges(joinLines('---', 'ruleset: vampire-pack', 'characters:', '  Адриан: { Сила: 3, ⟦Кибернетика⟧: 2 }', '---', '', '«Адриан: Сила + Атлетика»'));
    const first = await client.open(uri, text);
    const unknown = first.diagnostics.find((d) => d.code === 'RM001');
    assert.ok(unknown, JSON.stringify(first.diagnostics));
    assert.deepEqual(unknown.range, key);
    const actions = (await client.codeActions(uri, unknown.range, { diagnostics: [unknown] })) ?? [];
    const add = actions.find((a) => a.command?.command === 'rollmark.addToDictionary');
    assert.deepEqual(add?.command, { title: 'Add "Кибернетика" to the project dictionary', command: 'rollmark.addToDictionary', arguments: [{ uri, term: 'Кибернетика' }] });
    const republished = client.nextDiagnostics(uri);
    await client.executeCommand('rollmark.addToDictionary', ...(add?.command?.arguments ?? []));
    assert.equal((await republished).diagnostics.filter((d) => d.code === 'RM001').length, 0);
  });
});
