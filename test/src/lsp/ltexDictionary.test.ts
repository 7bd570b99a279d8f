/**
 * `rollmark.writeLtexDictionary` (the editor's "Dictionary for LTeX+"): the server writes the
 * folder's words — an open scenario as the editor has it (unsaved characters included), the
 * others from disk, the project dictionary — into `.rollmark/ltex.dictionary.txt` through the
 * folder's file layer, one word a line; outside a workspace folder it says why it writes nothing.
 */
import * as assert from 'node:assert/strict';
import type { WriteLtexDictionaryResult } from '../../../server/src/protocol';
import { docUri, joinLines, LspTestClient, MemoryFs, WORKSPACE } from './harness';

const OPEN = joinLines('---', 'ruleset: vampire-pack', 'characters:', '  Вера: { Атлетика: 1 }', '---', '# Сцена', '');
const ON_DISK = joinLines('---', 'ruleset: vampire-pack', 'characters:', '  Гордей: { Сила: 2 }', '---', '# Другая', '');

describe('the LTeX+ dictionary through the server', function () {
  this.timeout(30_000);
  let client: LspTestClient;
  afterEach(async () => client.stop());

  it('writes the ruleset’s, the project’s and the characters’ words with their case forms', async () => {
    const fs = new MemoryFs({ '.rollmark/dictionary.yaml': '- Рвущий-Тени\n', 'a.scenario.md': joinLines('---', 'ruleset: vampire-pack', '---', ''), 'b.scenario.md': ON_DISK });
    client = await LspTestClient.start({ workspaceFolder: WORKSPACE, fileSystem: () => fs, locale: 'en' });
    await client.open(docUri('a.scenario.md'), OPEN);
    const result = await client.executeCommand<WriteLtexDictionaryResult>('rollmark.writeLtexDictionary', { uri: docUri('a.scenario.md') });
    const text = fs.files.get('.rollmark/ltex.dictionary.txt') ?? '';
    const lines = text.split('\n').slice(0, -1);
    assert.deepEqual(result, { written: true, file: `${WORKSPACE}/.rollmark/ltex.dictionary.txt`, words: lines.length });
    const starting = (...prefixes: string[]) => lines.filter((line) => prefixes.some((p) => line.startsWith(p)));
    assert.deepEqual(starting('Вер'), ['Вера', 'Вере', 'Верой', 'Верою', 'Веру', 'Веры']);
    assert.deepEqual(starting('Горде'), ['Гордее', 'Гордеем', 'Гордей', 'Гордею', 'Гордея']);
    assert.deepEqual(starting('Рвущ'), ['Рвущего', 'Рвущего-Тени', 'Рвущем', 'Рвущем-Тени', 'Рвущему', 'Рвущему-Тени', 'Рвущий', 'Рвущий-Тени', 'Рвущим', 'Рвущим-Тени']);
    assert.deepEqual(starting('Атлетик'), ['Атлетика', 'Атлетике', 'Атлетики', 'Атлетикой', 'Атлетикою', 'Атлетику']);
    // Asked by the folder's own URI (the palette with no document open): the same words.
    fs.files.delete('.rollmark/ltex.dictionary.txt');
    assert.deepEqual(await client.executeCommand<WriteLtexDictionaryResult>('rollmark.writeLtexDictionary', { uri: WORKSPACE }), result);
    assert.equal(fs.files.get('.rollmark/ltex.dictionary.txt'), text);
  });

  it('outside a workspace folder: nothing written, and why', async () => {
    client = await LspTestClient.start({ workspaceFolder: null, locale: 'en' });
    const result = await client.executeCommand<WriteLtexDictionaryResult>('rollmark.writeLtexDictionary', { uri: 'untitled:Untitled-1' });
    assert.deepEqual(result, { written: false, reason: 'The LTeX+ dictionary is written into a workspace folder: open the project folder' });
  });
});
