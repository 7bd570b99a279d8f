/** The outline: headings as scenes, nested by level, with their checks (pool and odds) as children. */
import * as assert from 'node:assert/strict';
import { type DocumentSymbol, SymbolKind } from 'vscode-languageserver/node';
import { ru } from '../present/text';
import { docUri, joinLinesCrlf, LspTestClient, range } from './harness';

describe('document symbols', () => {
  let client: LspTestClient;
  afterEach(async () => client.stop());

  it('lists scenes with their checks, on CRLF lines after emoji', async () => {
    client = await LspTestClient.start();
    const uri = docUri('outline.md');
    await client.open(
      uri,
      joinLinesCrlf(
        '---',
        'ruleset: vampire-pack',
        '---',
        'Вступление: «Обаяние 2 + Убеждение 2 (сложность 1)».',
        '',
        '# 🏚 Особняк',
        '',
        '«Сила 3 + Атлетика 3 (сложность 2)»',
        '',
        '## Подвал',
        '',
        '🕯 «Интеллект + Расследование (сложность 1)»',
        '',
        '# Финал',
      ),
    );
    const check = (name: string, detail: string, r: ReturnType<typeof range>): DocumentSymbol => ({ name, detail, kind: SymbolKind.Event, range: r, selectionRange: r });
    assert.deepEqual(await client.documentSymbols(uri), [
      check('«Обаяние 2 + Убеждение 2 (сложность 1)»', ru('пул 3 · успех 66 %'), range(3, 12, 3, 51)),
      {
        name: '🏚 Особняк',
        kind: SymbolKind.Namespace,
        range: range(5, 0, 11, 44),
        selectionRange: range(5, 0, 5, 12),
        children: [
          check('«Сила 3 + Атлетика 3 (сложность 2)»', ru('пул 4 · успех 76 %'), range(7, 0, 7, 35)),
          {
            name: 'Подвал',
            kind: SymbolKind.Namespace,
            range: range(9, 0, 11, 44),
            selectionRange: range(9, 0, 9, 9),
            children: [check('«Интеллект + Расследование (сложность 1)»', 'пул неизвестен', range(11, 3, 11, 44))],
          },
        ],
      },
      { name: 'Финал', kind: SymbolKind.Namespace, range: range(13, 0, 13, 7), selectionRange: range(13, 0, 13, 7), children: [] },
    ]);
  });
});
