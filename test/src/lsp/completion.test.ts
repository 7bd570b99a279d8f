/**
 * Completion inside «…» (traits grouped by category, parameters after `(`, character names
 * before `:`) and in the front matter (keys, ruleset ids, a sheet's traits).
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CompletionItemKind, InsertTextFormat, MarkupKind } from 'vscode-languageserver/node';
import { CURSOR, docUri, joinLines, LspTestClient, range, withCursor } from './harness';

const VAMPIRE = ['---', 'ruleset: vampire-pack', 'characters:', '  Адриан: { Сила: 3, Атлетика: 3 }', '---'];

/** The vampire-pack vocabulary in its file's order: completion offers every trait, none added or lost. */
const VAMPIRE_TRAITS: string[] = (
  JSON.parse(readFileSync(path.join(__dirname, '../../../server/src/engine/rulesets/vampire-pack.json'), 'utf8')) as { traits: { name: string }[] }
).traits.map((t) => t.name);

describe('completion', () => {
  let client: LspTestClient;
  beforeEach(async () => {
    client = await LspTestClient.start();
  });
  afterEach(async () => client.stop());

  async function complete(marked: string) {
    const { text, position } = withCursor(marked);
    const uri = docUri('complete.md');
    await client.open(uri, text);
    return client.completion(uri, position);
  }

  it('offers the active ruleset’s traits right after «, and the characters who may act', async () => {
    const list = await complete(joinLines(...VAMPIRE, 'Забор: «' + CURSOR));
    assert.deepEqual(
      list?.items.map((i) => i.label),
      [...VAMPIRE_TRAITS, 'Адриан'],
    );
    assert.deepEqual(list?.items[0], {
      label: 'Сила',
      labelDetails: { description: 'Характеристика · Физические' },
      kind: CompletionItemKind.Field,
      detail: 'Характеристика · Физические',
      documentation: { kind: MarkupKind.Markdown, value: '**Сила** · Strength · Характеристика (Физические) · ✓ есть в тексте правил' },
      sortText: '0_Сила',
      filterText: 'Сила',
      textEdit: { range: range(5, 8, 5, 8), newText: 'Сила' },
    });
    assert.deepEqual(list?.items[VAMPIRE_TRAITS.length], {
      label: 'Адриан',
      kind: CompletionItemKind.Reference,
      detail: 'персонаж',
      sortText: ' Адриан',
      filterText: 'Адриан',
      textEdit: { range: range(5, 8, 5, 8), newText: 'Адриан: ' },
    });
  });

  it('groups traits by category through sortText, each in the ruleset’s own term: attributes, abilities, powers, other, generic', async () => {
    const list = await complete(joinLines(...VAMPIRE, '«Сила + ' + CURSOR));
    const sorted = [...(list?.items ?? [])].sort((a, b) => (a.sortText ?? '').localeCompare(b.sortText ?? ''));
    const groups = [...new Set(sorted.map((i) => i.labelDetails?.description?.split(' · ')[0]))];
    assert.deepEqual(groups, ['Характеристика', 'Навык', 'Дисциплина', 'прочее', 'общее название']);
    assert.deepEqual(list?.items.find((i) => i.label === 'Атлетика')?.labelDetails, { description: 'Навык' });
  });

  it('replaces the part of the term already typed after a sign, and no longer offers characters', async () => {
    const list = await complete(joinLines(...VAMPIRE, 'Забор: «Сила + Атл' + CURSOR));
    assert.equal(list?.items.length, VAMPIRE_TRAITS.length);
    assert.deepEqual(list?.items.find((i) => i.label === 'Атлетика')?.textEdit, { range: range(5, 15, 5, 18), newText: 'Атлетика' });
  });

  it('offers the parameters the ruleset uses after (, replacing the word being typed', async () => {
    const list = await complete(joinLines(...VAMPIRE, '«Адриан: Сила + Атлетика (сл' + CURSOR));
    assert.deepEqual(
      list?.items.map((i) => [i.label, i.detail]),
      [
        ['сложность', 'сложность проверки'],
        ['успехов', 'продолжительное действие: сколько успехов нужно'],
        ['бросков', 'продолжительное действие: предел бросков'],
        ['продолжительное', 'продолжительное действие'],
        ['специализация', 'специализация применима'],
      ],
    );
    assert.deepEqual(list?.items[0], {
      label: 'сложность',
      kind: CompletionItemKind.Keyword,
      detail: 'сложность проверки',
      sortText: '00',
      filterText: 'сложность',
      textEdit: { range: range(5, 26, 5, 28), newText: 'сложность ${1:2}' },
      insertTextFormat: InsertTextFormat.Snippet,
    });
  });

  it('offers advantages, hindrances and static values in the d20 ruleset, after a comma too', async () => {
    const list = await complete(joinLines('---', 'ruleset: threads-of-fate', '---', '«Доблесть (сложность 12, ' + CURSOR));
    assert.deepEqual(
      list?.items.map((i) => i.label),
      ['сложность', 'успехов', 'бросков', 'продолжительное', 'специализация', 'Преимущество', '2 Преимущества', 'Помеха', '2 Помехи', 'статичная'],
    );
    assert.deepEqual(list?.items[5].textEdit, { range: range(3, 25, 3, 25), newText: 'Преимущество' });
  });

  it('offers again rules and Willpower in storytelling, and no difficulty', async () => {
    const list = await complete('«Сила + Атлетика (' + CURSOR);
    assert.deepEqual(
      list?.items.map((i) => i.label),
      ['успехов', 'бросков', 'продолжительное', 'специализация', 'снова-9', 'снова-8', 'без снова-10', 'Воля'],
    );
  });

  it('offers the front matter keys at the start of a front matter line', async () => {
    const list = await complete(joinLines('---', 'rul' + CURSOR, '---'));
    assert.deepEqual(
      list?.items.map((i) => [i.label, i.textEdit]),
      [
        ['ruleset', { range: range(1, 0, 1, 3), newText: 'ruleset: ' }],
        ['characters', { range: range(1, 0, 1, 3), newText: 'characters: ' }],
        ['система', { range: range(1, 0, 1, 3), newText: 'система: ' }],
        ['правила', { range: range(1, 0, 1, 3), newText: 'правила: ' }],
        ['персонажи', { range: range(1, 0, 1, 3), newText: 'персонажи: ' }],
      ],
    );
  });

  it('offers every ruleset id, titled, after ruleset:', async () => {
    const list = await complete(joinLines('---', 'ruleset: v' + CURSOR, '---'));
    assert.deepEqual(
      list?.items.map((i) => [i.label, i.detail]),
      [
        ['storytelling', 'Мир Тьмы: Система Повествования (2004)'],
        ['mage-revised', 'Маг: Восхождение (Revised)'],
        ['threads-of-fate', 'Нити Судьбы (К20)'],
        ['werewolf-revised', 'Оборотень: Апокалипсис (Revised)'],
        ['vampire-pack', 'Вампир: Маскарад — «Пакет игрока»'],
      ],
    );
    assert.deepEqual(list?.items[4].textEdit, { range: range(1, 9, 1, 10), newText: 'vampire-pack' });
  });

  it('offers traits as the keys of a character sheet', async () => {
    const list = await complete(joinLines('---', 'ruleset: vampire-pack', 'characters:', '  Адриан:', '    Си' + CURSOR, '---'));
    assert.deepEqual(
      list?.items.map((i) => i.label),
      VAMPIRE_TRAITS,
    );
    assert.deepEqual(list?.items[0].textEdit, { range: range(4, 4, 4, 6), newText: 'Сила' });
  });

  it('stays out of the way in plain prose and after a closed check', async () => {
    assert.equal(await complete('Просто текст' + CURSOR), null);
    assert.equal(await complete('«Сила» и ' + CURSOR), null);
  });
});
