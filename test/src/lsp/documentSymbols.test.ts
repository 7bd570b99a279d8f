/** The outline: headings as scenes, nested by level, with their checks (pool and odds) as children. */
import * as assert from 'node:assert/strict';
import { type DocumentSymbol, type Range, SymbolKind } from 'vscode-languageserver/node';
import { ru } from '../present/text';
import { docUri, joinLinesCrlf, LspTestClient, withRanges } from './harness';

describe('document symbols', () => {
  let client: LspTestClient;
  afterEach(async () => client.stop());

  it('lists scenes with their checks, on CRLF lines after emoji', async () => {
    client = await LspTestClient.start();
    const uri = docUri('outline.md');
    const {
      text,
      ranges: [intro, mansion, mansionName, strength, cellar, cellarName, investigation, finale],
    } = withRanges(
      joinLinesCrlf(
        '---',
        'ruleset: vampire-pack',
        '---',
        'Вступление: ⟦«Обаяние 2 + Убеждение 2 (сложность 1)»⟧.',
        '',
        '⟦⟦# 🏚 Особняк⟧',
        '',
        '⟦«Сила 3 + Атлетика 3 (сложность 2)»⟧',
        '',
        '⟦⟦## Подвал⟧',
        '',
        '🕯 ⟦«Интеллект + Расследование (сложность 1)»⟧⟧⟧',
        '',
        '⟦# Финал⟧',
      ),
    );
    await client.open(uri, text);
    const check = (name: string, detail: string, r: Range): DocumentSymbol => ({ name, detail, kind: SymbolKind.Event, range: r, selectionRange: r });
    // A scene runs from its heading to its last content; its name is the heading line.
    assert.deepEqual(await client.documentSymbols(uri), [
      check('«Обаяние 2 + Убеждение 2 (сложность 1)»', ru('пул 3 · успех 66 %'), intro),
      {
        name: '🏚 Особняк',
        kind: SymbolKind.Namespace,
        range: mansion,
        selectionRange: mansionName,
        children: [
          check('«Сила 3 + Атлетика 3 (сложность 2)»', ru('пул 4 · успех 76 %'), strength),
          {
            name: 'Подвал',
            kind: SymbolKind.Namespace,
            range: cellar,
            selectionRange: cellarName,
            children: [check('«Интеллект + Расследование (сложность 1)»', 'пул неизвестен', investigation)],
          },
        ],
      },
      { name: 'Финал', kind: SymbolKind.Namespace, range: finale, selectionRange: finale, children: [] },
    ]);
  });
});
