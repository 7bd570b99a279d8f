/**
 * A workspace folder the server cannot reach itself (in a browser, a virtual workspace) is read
 * through the client: `rollmark/fs/*` (server/src/protocol.ts), which the VS Code extension answers
 * with `vscode.workspace.fs` and this client from memory. The project's files are used exactly as
 * from a disk, the workspace check lists and reads the folder, and the dictionary is written back
 * through the client.
 */
import * as assert from 'node:assert/strict';
import type { AddToDictionaryResult } from '../../../server/src/protocol';
import { docUri, joinLines, LspTestClient, WORKSPACE, withCursor } from './harness';

const USER_RULESET = joinLines('id: my-vampire', 'extends: vampire-pack', 'traits:', '  - { name: Скрытность, category: ability }');
const SCENE = joinLines('---', 'ruleset: my-vampire', '---', '# Сцена', '', '«Ловкость 2 + Скрыт⟦⟧ность 2 (сложность 1)» и «Сила 2 + Прыжки 1 (сложность 1)»');

describe('the workspace read through the client', () => {
  let client: LspTestClient;
  afterEach(async () => client.stop());

  it('uses the user rulesets and the dictionary the client reads, with the same diagnostics and hovers as from the host', async () => {
    const files = { '.rollmark/rulesets/my-vampire.yaml': USER_RULESET, '.rollmark/dictionary.yaml': '- Прыжки\n' };
    const { text, position } = withCursor(SCENE);
    const direct = await LspTestClient.start({ files });
    const expected = { diagnostics: (await direct.open(docUri('scene.md'), text)).diagnostics, hover: await direct.hover(docUri('scene.md'), position) };
    assert.ok(expected.hover, 'a hover on the user ruleset’s trait');
    await direct.stop();

    client = await LspTestClient.start({ files, answerFiles: true });
    const published = await client.open(docUri('scene.md'), text);
    assert.deepEqual(published.diagnostics, expected.diagnostics);
    assert.deepEqual(published.diagnostics, [], 'the user ruleset and the dictionary were read');
    assert.deepEqual(await client.hover(docUri('scene.md'), position), expected.hover);
  });

  it('checks the folder’s closed scenario files it lists through the client, skipping dot folders', async () => {
    client = await LspTestClient.start({
      files: { 'chapters/one.scenario.md': '«Сила 2 + Неведомое 1»', '.hidden/two.scenario.md': '«Сила 2 + Неведомое 1»', 'notes.md': '«Сила 2 + Неведомое 1»' },
      answerFiles: true,
      settings: { markdown: { enable: 'withRuleset' } },
    });
    const checked = await client.nextDiagnostics(`${WORKSPACE}/chapters/one.scenario.md`, undefined, 10_000);
    assert.deepEqual(checked.diagnostics.map((d) => d.code), ['RM001']);
    assert.equal(client.diagnostics.filter((d) => d.uri.includes('.hidden') || d.uri.endsWith('notes.md')).length, 0);
  });

  it('adds a term to the dictionary by writing the file back through the client', async () => {
    client = await LspTestClient.start({ files: { '.rollmark/dictionary.yaml': '# Наши черты\n- Прыжки\n' }, answerFiles: true });
    await client.open(docUri('scene.md'), '«Сила 2 + Полёт 1»');
    const result = await client.executeCommand<AddToDictionaryResult>('rollmark.addToDictionary', { uri: docUri('scene.md'), term: 'Полёт' });
    assert.deepEqual(result, { file: `${WORKSPACE}/.rollmark/dictionary.yaml`, added: true });
    assert.equal(client.fs.files.get('.rollmark/dictionary.yaml'), '# Наши черты\n- Прыжки\n- Полёт\n');
  });
});
