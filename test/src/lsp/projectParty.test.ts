/**
 * The project's party in the editor: `rollmark/parties` lists the folder's parties and the active
 * one (`rollmark.party`, else the file's default), and a check without a character is rolled by
 * the active party's characters (the hover names them, with their exact chances).
 */
import * as assert from 'node:assert/strict';
import type { Hover } from 'vscode-languageserver/node';
import type { PartiesResult } from '../../../server/out/protocol';
import { docUri, joinLines, LspTestClient } from './harness';

const PARTY_FILE = joinLines('default: Прегены', 'parties:', '  Прегены:', '    Мирон: { Скрытность: 4 }', '    Вера: { Скрытность: 1 }', '  Группа Ани:', '    Аня: { Скрытность: 9 }', '    Борис: { Скрытность: 0 }', '');
const SCENARIO = joinLines('---', 'ruleset: threads-of-fate', '---', '', '# Пристань', '', '«Скрытность (сложность 15)»', '');

const hoverText = (hover: Hover | null) => (hover && typeof hover.contents === 'object' && 'value' in hover.contents ? hover.contents.value : '');

describe('the project’s party in the editor', () => {
  let client: LspTestClient;
  afterEach(async () => client.stop());

  it('rollmark/parties: the file’s parties and the default as the active one', async () => {
    client = await LspTestClient.start({ files: { '.rollmark/party.yaml': PARTY_FILE } });
    const result = await client.request<PartiesResult>('rollmark/parties', { uri: docUri('глава.scenario.md') });
    assert.deepEqual(result, { parties: ['Прегены', 'Группа Ани'], active: 'Прегены' });
  });

  it('the setting names the active party: the hover rolls the check with its characters', async () => {
    client = await LspTestClient.start({ files: { '.rollmark/party.yaml': PARTY_FILE }, settings: { party: 'Группа Ани' } });
    const uri = docUri('глава.scenario.md');
    assert.deepEqual(await client.request<PartiesResult>('rollmark/parties', { uri }), { parties: ['Прегены', 'Группа Ани'], active: 'Группа Ани' });
    await client.open(uri, SCENARIO);
    const text = hoverText(await client.hover(uri, { line: 6, character: 3 }));
    // d20 + 9 ≥ 15: faces 6–20 (75 %); Борис, d20 + 0: faces 15–20 (30 %).
    assert.match(text, /Аня[^\n]*75/);
    assert.match(text, /Борис[^\n]*30/);
    assert.doesNotMatch(text, /Мирон/);
  });

  it('the editor reads the party file at the workspace folder’s root only (docs/markup.md): a subfolder’s is not read', async () => {
    client = await LspTestClient.start({ files: { 'кампания/.rollmark/party.yaml': PARTY_FILE } });
    assert.deepEqual(await client.request<PartiesResult>('rollmark/parties', { uri: docUri('кампания/глава.scenario.md') }), { parties: [] });
  });

  it('completion offers the active party’s characters as actors, with the front matter’s own', async () => {
    client = await LspTestClient.start({ files: { '.rollmark/party.yaml': PARTY_FILE }, settings: { party: 'Группа Ани' } });
    const uri = docUri('глава.scenario.md');
    const text = joinLines('---', 'ruleset: threads-of-fate', 'characters:', '  Гость: { Доблесть: 2 }', '---', '', '«');
    await client.open(uri, text);
    const list = await client.completion(uri, { line: 6, character: 1 });
    const actors = (list?.items ?? []).filter((i) => typeof i.textEdit === 'object' && i.textEdit !== null && 'newText' in i.textEdit && i.textEdit.newText.endsWith(': '));
    assert.deepEqual(actors.map((i) => i.label), ['Аня', 'Борис', 'Гость']);
  });

  it('a folder without a party file: no parties, none active', async () => {
    client = await LspTestClient.start({});
    assert.deepEqual(await client.request<PartiesResult>('rollmark/parties', { uri: docUri('глава.scenario.md') }), { parties: [] });
  });

  it('publishes the party file’s problems on the file, with the fixes of an unknown trait', async () => {
    const file = joinLines('ruleset: threads-of-fate', 'parties:', '  Прегены:', '    Мирон: { Скрытнсть: 4, Доблесть: 1.5 }', '');
    client = await LspTestClient.start({ files: { '.rollmark/party.yaml': file } });
    const published = client.nextDiagnostics('file:///workspace/.rollmark/party.yaml');
    await client.open(docUri('глава.scenario.md'), SCENARIO);
    const { diagnostics } = await published;
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.range.start.line, d.message]),
      [
        ['RM001', 3, diagnostics[0].message],
        ['RM011', 3, 'Значение «Доблесть» должно быть целым числом'],
      ],
    );
    // The same words as for a name in a check: the unknown name and the ruleset's nearest one.
    assert.match(diagnostics[0].message, /Скрытнсть[\s\S]*Скрытность/);
  });
});
