import { docUri, joinLines, LspTestClient } from './harness';

describe('scratch', () => {
  it('dumps', async () => {
    const client = await LspTestClient.start();
    const uri = docUri('a.md');
    const text = joinLines(
      '---',
      'ruleset: vampire-pack',
      'characters:',
      '  Адриан: { Сила: 3, Атлетика: 3 }',
      '---',
      '# Сцена',
      '',
      '«Сила 3 + Атлетика 3 (сложность 2)» и «Адриан: Сила + Атлетика (сложность 2)» и «Силы + Атлетика» и бросок Ловкость + Атлетика (сложность 4). «Скорость + Атлетика».',
      '## Вторая',
      '«Ловкость + Атлетика (сложность 1)» 🎲 «Сила 1 + Атлетика 1 (сложность 3)»',
    );
    const d = await client.open(uri, text);
    console.log(JSON.stringify(d, null, 1));
    const h = await client.hover(uri, { line: 7, character: 3 });
    console.log((h?.contents as { value: string }).value);
    const h2 = await client.hover(uri, { line: 7, character: 60 });
    console.log((h2?.contents as { value: string }).value);
    const h3 = await client.hover(uri, { line: 9, character: 10 });
    console.log((h3?.contents as { value: string }).value);
    const h4 = await client.hover(uri, { line: 1, character: 12 });
    console.log(JSON.stringify(h4));
    console.log(JSON.stringify(await client.codeLenses(uri)));
    console.log(JSON.stringify(await client.inlayHints(uri, { start: { line: 0, character: 0 }, end: { line: 20, character: 0 } })));
    console.log(JSON.stringify(await client.documentSymbols(uri), null, 1));
    console.log(JSON.stringify(await client.codeActions(uri, { start: { line: 7, character: 0 }, end: { line: 7, character: 200 } }), null, 1));
    console.log(JSON.stringify(await client.executeCommand('rollmark.rollCheck', { uri, checkIndex: 0, seed: 42 }), null, 1));
    console.log(JSON.stringify(client.messages));
    console.log(JSON.stringify(client.logs));
    await client.stop();
  });
});
