/**
 * Completion inside «…» (traits grouped by category, parameters after `(`, character names
 * before `:`) and in the front matter (keys, ruleset ids, a sheet's traits).
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { type CompletionContext, CompletionItemKind, CompletionTriggerKind, InsertTextFormat, MarkupKind, type Range } from 'vscode-languageserver/node';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import { checkTemplates } from '../../../server/out/features/completionTemplates';
import { BUILTIN_RULESET_IDS } from '../../../server/out/engine/builtinRulesets';
import { diagnosticMessage } from '../../../server/out/present/messages';
import { voice } from '../../../server/out/present/voice';
import { docUri, joinLines, LspTestClient, range, withRanges } from './harness';

const VAMPIRE = ['---', 'ruleset: vampire-pack', 'characters:', '  Адриан: { Сила: 3, Атлетика: 3 }', '---'];

/** How `complete` reports an edit's range that is the cursor `⟦⟧`, or the text's marked range `⟦…⟧`. */
const CURSOR = '⟦the cursor⟧';
const MARKED = '⟦the marked range⟧';

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

  /**
   * Completion at the cursor `⟦⟧` of a marked text. An edit's range is given as `CURSOR` when it
   * is the cursor (an insertion there) and as `MARKED` when it is the text's one `⟦…⟧` (the word
   * typed, which the item replaces); any other range as the server gave it.
   */
  async function complete(marked: string, context?: CompletionContext) {
    const { text, ranges } = withRanges(marked);
    const isEmpty = (r: Range) => r.start.line === r.end.line && r.start.character === r.end.character;
    const cursors = ranges.filter(isEmpty);
    const spans = ranges.filter((r) => !isEmpty(r));
    assert.ok(cursors.length === 1 && spans.length <= 1, 'test bug: one cursor ⟦⟧ and at most one range ⟦…⟧');
    const uri = docUri('complete.md');
    await client.open(uri, text);
    const list = await client.completion(uri, cursors[0].start, context);
    const same = (a: Range, b: Range | undefined) => JSON.stringify(a) === JSON.stringify(b);
    for (const item of list?.items ?? []) {
      const edit = item.textEdit as { range?: Range | string } | undefined;
      if (edit?.range === undefined || typeof edit.range === 'string') continue;
      if (same(edit.range, cursors[0])) edit.range = CURSOR;
      else if (same(edit.range, spans[0])) edit.range = MARKED;
    }
    return list;
  }

  it('offers the active ruleset’s traits right after «, and the characters who may act, after the check templates', async () => {
    const list = await complete(joinLines(...VAMPIRE, 'Забор: «⟦⟧'));
    const templates = list?.items.filter((i) => i.kind === CompletionItemKind.Snippet) ?? [];
    assert.deepEqual(
      list?.items.slice(templates.length).map((i) => i.label),
      [...VAMPIRE_TRAITS, 'Адриан'],
    );
    assert.deepEqual(list?.items[templates.length], {
      label: 'Сила',
      labelDetails: { description: 'Характеристика · Физические' },
      kind: CompletionItemKind.Field,
      detail: 'Характеристика · Физические',
      documentation: { kind: MarkupKind.Markdown, value: '**Сила** · Strength · Характеристика (Физические) · ✓ есть в тексте правил' },
      sortText: '000_Сила',
      filterText: 'Сила',
      textEdit: { range: CURSOR, newText: 'Сила' },
    });
    assert.deepEqual(list?.items[templates.length + VAMPIRE_TRAITS.length], {
      label: 'Адриан',
      kind: CompletionItemKind.Reference,
      detail: 'персонаж',
      sortText: ' Адриан',
      filterText: 'Адриан',
      textEdit: { range: CURSOR, newText: 'Адриан: ' },
      command: { title: '', command: 'editor.action.triggerSuggest' },
    });
  });

  it('groups traits by category through sortText, each in the ruleset’s own term, what composes with the pool first: after an Attribute, Skills and Disciplines', async () => {
    const list = await complete(joinLines(...VAMPIRE, '«Сила + ⟦⟧'));
    const sorted = [...(list?.items ?? [])].sort((a, b) => (a.sortText ?? '').localeCompare(b.sortText ?? ''));
    const groups = [...new Set(sorted.map((i) => i.labelDetails?.description?.split(' · ')[0]))];
    assert.deepEqual(groups, ['Навык', 'Дисциплина', 'Характеристика', 'прочее', 'общее название']);
    assert.deepEqual(list?.items.find((i) => i.label === 'Атлетика')?.labelDetails, { description: 'Навык' });
  });

  /** The labels of a list in the order the editor shows them before anything is typed: by sortText. */
  const shown = (list: { items: { label: string; sortText?: string }[] } | null) =>
    [...(list?.items ?? [])].sort((a, b) => (a.sortText ?? '').localeCompare(b.sortText ?? '')).map((i) => i.label);

  const VERA = ['---', 'ruleset: storytelling', 'characters:', '  Вера: { Интеллект: 3, Расследование: 2, Драка: 1 }', '  Мирон: { Сила: 4 }', '---'];

  it('follows the author slot by slot: the word after «: » and after « + » is all it replaces, asked again at every keystroke', async () => {
    const first = await complete(joinLines(...VERA, '«Вера: ⟦Инт⟦⟧⟧»'));
    assert.equal(first?.isIncomplete, true);
    assert.deepEqual(first?.items.find((i) => i.label === 'Интеллект')?.textEdit, { range: MARKED, newText: 'Интеллект' });
    assert.equal(first?.items.find((i) => i.label === 'Интеллект')?.filterText, 'Интеллект');
    const second = await complete(joinLines(...VERA, '«Вера: Интеллект + ⟦Рас⟦⟧⟧»'));
    assert.deepEqual(second?.items.find((i) => i.label === 'Расследование')?.textEdit, { range: MARKED, newText: 'Расследование' });
    const alternative = await complete(joinLines(...VERA, '«Ловкость или ⟦Ин⟦⟧⟧»'));
    assert.deepEqual(alternative?.items.find((i) => i.label === 'Интеллект')?.textEdit, { range: MARKED, newText: 'Интеллект' });
  });

  it('ranks the actor’s own sheet first, then what pairs with the pool: Вера’s Attribute, then her Skills after «+»', async () => {
    assert.deepEqual(shown(await complete(joinLines(...VERA, '«Вера: ⟦⟧»'))).slice(0, 3), ['Интеллект', 'Внушительность', 'Выносливость']);
    assert.deepEqual(shown(await complete(joinLines(...VERA, '«Вера: Интеллект + ⟦⟧»'))).slice(0, 3), ['Драка', 'Расследование', 'Академические знания']);
    // Without an actor, the characters, then the traits of any sheet: Мирон's Strength too (the templates, which hold spaces, left out).
    assert.deepEqual(shown(await complete(joinLines(...VERA, '«⟦⟧»'))).filter((l) => !l.includes(' ')).slice(0, 5), ['Вера', 'Мирон', 'Интеллект', 'Сила', 'Внушительность']);
    // «или» offers another of the same kind, not the one written: a Skill, hers first.
    assert.deepEqual(shown(await complete(joinLines(...VERA, '«Вера: Драка или ⟦⟧»'))).slice(0, 2), ['Расследование', 'Академические знания']);
  });

  it('keeps a trait a typo away listed, its filterText what was typed: «Дарка» offers «Драка»; none when a name starts with the word', async () => {
    const list = await complete(joinLines(...VERA, '«Вера: Интеллект + ⟦Дарка⟦⟧⟧»'));
    const typos = list?.items.filter((i) => i.filterText === 'Дарка').map((i) => i.label);
    assert.deepEqual(typos, ['Драка']);
    assert.deepEqual(list?.items.find((i) => i.label === 'Драка')?.textEdit, { range: MARKED, newText: 'Драка' });
    const exact = await complete(joinLines(...VERA, '«Вера: ⟦Инт⟦⟧⟧»'));
    assert.deepEqual(exact?.items.filter((i) => i.filterText !== i.label).map((i) => i.label), []);
  });

  it('asks for the trait list again once a character’s name and colon are accepted', async () => {
    const list = await complete(joinLines(...VERA, '«⟦Ве⟦⟧⟧»'));
    assert.deepEqual(list?.items.find((i) => i.label === 'Вера')?.command, { title: '', command: 'editor.action.triggerSuggest' });
  });

  it('answers the space trigger inside a check only: after «или» a list, in prose nothing', async () => {
    const space: CompletionContext = { triggerKind: CompletionTriggerKind.TriggerCharacter, triggerCharacter: ' ' };
    assert.equal(await complete('Он сказал: да или ⟦⟧нет', space), null);
    assert.equal((await complete('«Сила или ⟦⟧»', space))?.items.some((i) => i.label === 'Ловкость'), true);
  });

  it('replaces the part of the term already typed after a sign, and no longer offers characters', async () => {
    const list = await complete(joinLines(...VAMPIRE, 'Забор: «Сила + ⟦Атл⟦⟧⟧'));
    assert.equal(list?.items.length, VAMPIRE_TRAITS.length);
    assert.deepEqual(list?.items.find((i) => i.label === 'Атлетика')?.textEdit, { range: MARKED, newText: 'Атлетика' });
  });

  it('offers traits inside a parenthesised whole pool after «или» (grouped alternatives)', async () => {
    const list = await complete(joinLines(...VAMPIRE, '«Адриан: Сила + Атлетика против (Сила) или (⟦Атл⟦⟧⟧'));
    assert.deepEqual(list?.items.find((i) => i.label === 'Атлетика')?.textEdit, { range: MARKED, newText: 'Атлетика' });
    assert.equal(list?.items.some((i) => i.label === 'сложность'), false);
  });

  it('offers the parameters the ruleset uses after (, replacing the word being typed', async () => {
    const list = await complete(joinLines(...VAMPIRE, '«Адриан: Сила + Атлетика (⟦сл⟦⟧⟧'));
    assert.deepEqual(
      list?.items.map((i) => [i.label, i.detail]),
      [
        ['сложность', 'сложность проверки'],
        ['успехов', 'продолжительное действие: сколько успехов нужно'],
        ['бросков', 'продолжительное действие: предел бросков'],
        ['продолжительное', 'продолжительное действие'],
        ['специализация', 'специализация применима'],
        ['дважды', 'бросить дважды, взять лучший результат'],
        ['вторая попытка', 'вторая попытка: сложность +1, любой провал болезненный'],
        ['атака', 'атака: Высокая компетентность не даёт успеха без броска'],
        ['защита', 'защита: Высокая компетентность не даёт успеха без броска'],
        ['сделка с Дьяволом', 'Сделка с Дьяволом: провал (не болезненный) — в базовый успех за осложнение и 1 Драму'],
        ['особое', 'пул на особой способности, без правил состава'],
        ['фора', 'фора в гонке: успехи на старте'],
      ],
    );
    assert.deepEqual(list?.items[0], {
      label: 'сложность',
      kind: CompletionItemKind.Keyword,
      detail: 'сложность проверки',
      sortText: '00',
      filterText: 'сложность',
      textEdit: { range: MARKED, newText: 'сложность ${1:2}' },
      insertTextFormat: InsertTextFormat.Snippet,
    });
  });

  it('offers advantages, hindrances and static values in the d20 ruleset, after a comma too', async () => {
    const list = await complete(joinLines('---', 'ruleset: threads-of-fate', '---', '«Доблесть (сложность 12, ⟦⟧'));
    assert.deepEqual(
      list?.items.map((i) => i.label),
      ['сложность', 'успехов', 'бросков', 'продолжительное', 'специализация', 'особое', 'Преимущество', '2 Преимущества', 'Помеха', '2 Помехи', 'статичная'],
    );
    assert.deepEqual(list?.items[6].textEdit, { range: CURSOR, newText: 'Преимущество' });
  });

  it('offers again rules and Willpower in storytelling, and no difficulty', async () => {
    const list = await complete('«Сила + Атлетика (⟦⟧');
    assert.deepEqual(
      list?.items.map((i) => i.label),
      ['успехов', 'бросков', 'продолжительное', 'специализация', 'дважды', 'попытки', 'особое', '+успехов', 'воспроизведение', 'прочность', 'фора', 'снова-9', 'снова-8', 'без снова-10', 'Воля'],
    );
  });

  it('offers the front matter keys at the start of a front matter line', async () => {
    const list = await complete(joinLines('---', '⟦rul⟦⟧⟧', '---'));
    assert.deepEqual(
      list?.items.map((i) => [i.label, i.textEdit]),
      [
        ['ruleset', { range: MARKED, newText: 'ruleset: ' }],
        ['characters', { range: MARKED, newText: 'characters: ' }],
        ['система', { range: MARKED, newText: 'система: ' }],
        ['правила', { range: MARKED, newText: 'правила: ' }],
        ['персонажи', { range: MARKED, newText: 'персонажи: ' }],
      ],
    );
  });

  it('offers every ruleset id, titled, after ruleset:', async () => {
    const list = await complete(joinLines('---', 'ruleset: ⟦v⟦⟧⟧', '---'));
    assert.deepEqual(
      list?.items.map((i) => [i.label, i.labelDetails?.description]),
      [
        ['storytelling', 'Мир Тьмы: Система Повествования (2004)'],
        ['mage-revised', 'Маг: Восхождение (Revised)'],
        ['threads-of-fate', 'Нити Судьбы (К20)'],
        ['werewolf-revised', 'Оборотень: Апокалипсис (Revised)'],
        ['vampire-pack', 'Вампир: Маскарад — «Пакет игрока»'],
      ],
    );
    assert.deepEqual(list?.items[4].textEdit, { range: MARKED, newText: 'vampire-pack' });
  });

  it('offers traits as the keys of a character sheet, with their colon', async () => {
    const list = await complete(joinLines('---', 'ruleset: vampire-pack', 'characters:', '  Адриан:', '    ⟦Си⟦⟧⟧', '---'));
    assert.deepEqual(
      list?.items.map((i) => i.label),
      VAMPIRE_TRAITS,
    );
    assert.deepEqual(list?.items[0].textEdit, { range: MARKED, newText: 'Сила: ' });
    // A key already followed by its colon keeps it: no second one.
    const again = await complete(joinLines('---', 'ruleset: vampire-pack', 'characters:', '  Адриан:', '    ⟦Си⟦⟧⟧: 3', '---'));
    assert.deepEqual(again?.items[0].textEdit, { range: MARKED, newText: 'Сила' });
    const inBraces = await complete(joinLines('---', 'ruleset: vampire-pack', 'characters:', '  Адриан: { Сила: 3, ⟦Ат⟦⟧⟧ }', '---'));
    assert.deepEqual(inBraces?.items.find((i) => i.label === 'Атлетика')?.textEdit, { range: MARKED, newText: 'Атлетика: ' });
  });

  it('in a suppression comment: the directives as «rollmark-» is typed (a bare <!-- only when asked), then the codes not written yet', async () => {
    const space: CompletionContext = { triggerKind: CompletionTriggerKind.TriggerCharacter, triggerCharacter: ' ' };
    const directives = await complete(joinLines(...VAMPIRE, '<!-- ⟦roll⟦⟧⟧'), { triggerKind: CompletionTriggerKind.Invoked });
    assert.deepEqual(
      directives?.items.map((i) => [i.label, i.detail, i.textEdit]),
      [
        ['rollmark-disable-next-line', 'не показывать диагностики на следующей строке', { range: MARKED, newText: 'rollmark-disable-next-line ' }],
        ['rollmark-disable', 'не показывать диагностики до rollmark-enable', { range: MARKED, newText: 'rollmark-disable ' }],
        ['rollmark-enable', 'снова показывать диагностики', { range: MARKED, newText: 'rollmark-enable ' }],
      ],
    );
    // A comment of another tool is left alone: an HTML comment opened and a space typed offers nothing.
    assert.equal(await complete(joinLines(...VAMPIRE, '<!-- ⟦⟧'), space), null);
    assert.equal(await complete(joinLines(...VAMPIRE, '<!-- markdownlint-⟦⟧'), { triggerKind: CompletionTriggerKind.Invoked }), null);
    const codes = await complete(joinLines(...VAMPIRE, '<!-- rollmark-disable-next-line RM010 ⟦⟧'), space);
    assert.deepEqual(
      codes?.items.map((i) => i.label),
      ['RM001', 'RM002', 'RM003', 'RM004', 'RM005', 'RM006', 'RM007', 'RM008', 'RM009', 'RM011', 'RM012', 'RM013', 'RM014', 'RM015', 'RM016'],
    );
    assert.deepEqual(codes?.items[0].textEdit, { range: CURSOR, newText: 'RM001' });
    assert.equal(codes?.items[0].detail, 'неизвестная черта');
    const typed = await complete(joinLines(...VAMPIRE, '<!-- rollmark-disable ⟦RM0⟦⟧⟧'));
    assert.deepEqual(typed?.items.find((i) => i.label === 'RM002')?.textEdit, { range: MARKED, newText: 'RM002' });
  });

  it('stays out of the way in plain prose and after a closed check', async () => {
    assert.equal(await complete('Просто текст⟦⟧'), null);
    assert.equal(await complete('«Сила» и ⟦⟧'), null);
  });

  const invoked: CompletionContext = { triggerKind: CompletionTriggerKind.Invoked };

  it('offers the vampire-pack templates after «: its difficulty (2, never the classic 6), the sheet’s characters as a choice and their traits', async () => {
    const list = await complete(joinLines('---', 'ruleset: vampire-pack', 'characters:', '  Адриан: { Сила: 3, Атлетика: 3 }', '  Катастрофа: { Ловкость: 4 }', '---', '«⟦⟧»'));
    const templates = list?.items.filter((i) => i.kind === CompletionItemKind.Snippet) ?? [];
    assert.deepEqual(
      templates.map((i) => [i.label, i.detail, i.textEdit?.newText]),
      [
        ['Адриан: Сила + Атлетика (сложность 2)', 'проверка', '${1|Адриан,Катастрофа|}: ${2:Сила} + ${3:Атлетика} (сложность ${4:2})$0'],
        ['Адриан: Сила + Атлетика против Ловкость + Скрытность', 'встречная проверка', '${1|Адриан,Катастрофа|}: ${2:Сила} + ${3:Атлетика} против ${4:Ловкость} + ${5:Скрытность}$0'],
        ['Адриан: Сила + Атлетика (сложность 2, 10 успехов, 5 бросков)', 'продолжительное действие', '${1|Адриан,Катастрофа|}: ${2:Сила} + ${3:Атлетика} (сложность ${4:2}, ${5:10} успехов, ${6:5} бросков)$0'],
        ['Адриан: Сила + Атлетика [специализация] (сложность 2)', 'проверка со специализацией', '${1|Адриан,Катастрофа|}: ${2:Сила} + ${3:Атлетика} [${4:специализация}] (сложность ${5:2})$0'],
      ],
    );
    assert.deepEqual(templates[0].textEdit && 'range' in templates[0].textEdit ? templates[0].textEdit.range : undefined, CURSOR);
    assert.equal(templates[0].insertTextFormat, InsertTextFormat.Snippet);
  });

  it('offers the classic difficulty of 6 in mage-revised, a modifier and no difficulty in storytelling, Advantages in d20', async () => {
    const labels = async (ruleset: string) => {
      const list = await complete(joinLines('---', `ruleset: ${ruleset}`, '---', 'Текст «⟦⟧'));
      return list?.items.filter((i) => i.kind === CompletionItemKind.Snippet).map((i) => [i.label, i.textEdit?.newText]);
    };
    assert.deepEqual((await labels('mage-revised'))?.[0], ['Ловкость + Атлетизм (сложность 6)', '${1:Ловкость} + ${2:Атлетизм} (сложность ${3:6})»$0']);
    assert.deepEqual(await labels('storytelling'), [
      ['Ловкость + Атлетика', '${1:Ловкость} + ${2:Атлетика}»$0'],
      ['Ловкость + Атлетика − 2', '${1:Ловкость} + ${2:Атлетика} ${3|−,+|} ${4:2}»$0'],
      ['Ловкость + Атлетика против Сила + Скрытность', '${1:Ловкость} + ${2:Атлетика} против ${3:Сила} + ${4:Скрытность}»$0'],
      ['Ловкость + Атлетика (10 успехов, 5 бросков)', '${1:Ловкость} + ${2:Атлетика} (${3:10} успехов, ${4:5} бросков)»$0'],
      ['Ловкость + Атлетика [специализация]', '${1:Ловкость} + ${2:Атлетика} [${3:специализация}]»$0'],
    ]);
    assert.deepEqual((await labels('threads-of-fate'))?.slice(0, 2), [
      ['Скрытность 4 (сложность 15)', '${1:Скрытность} ${2:4} (сложность ${3:15})»$0'],
      ['Скрытность 4 (сложность 15, Преимущество)', '${1:Скрытность} ${2:4} (сложность ${3:15}, ${4|Преимущество,2 Преимущества,Помеха,2 Помехи|})»$0'],
    ]);
  });

  it('makes every template of every built-in ruleset a check its ruleset accepts: no error, no warning', () => {
    const rulesets = builtinRulesets();
    const severe = (text: string, id: string) => analyzeDocument(text, { rulesets, dictionary: [], proseChecks: 'on', defaultRuleset: id }).diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning');
    for (const id of BUILTIN_RULESET_IDS) {
      for (const characters of [false, true]) {
        // A sheet of the ruleset's own first traits of each kind, so that templates take theirs.
        const ruleset = rulesets.get(id);
        const own = (category: string) => (ruleset?.traits ?? []).filter((t) => t.category === category).slice(1, 3).map((t) => `${t.name}: 3`);
        const sheet = [...own('attribute'), ...own('ability'), ...own('rollable')].join(', ');
        const frontMatter = characters ? `---\nruleset: ${id}\ncharacters:\n  Вера: { ${sheet} }\n---\n` : `---\nruleset: ${id}\n---\n`;
        const analysis = analyzeDocument(frontMatter, { rulesets, dictionary: [], proseChecks: 'on' });
        for (const item of checkTemplates(analysis, range(0, 0, 0, 0), 'ru', { wrap: true, closed: false })) {
          assert.deepEqual(severe(`${frontMatter}\n${item.label}\n`, id).map((d) => `${d.code} ${diagnosticMessage(d.message, voice('ru'))}`), [], `${id}: ${item.label}`);
        }
      }
    }
  });

  it('offers whole checks in prose when asked (Ctrl+Space), replacing the word typed; not for a trigger character', async () => {
    const list = await complete(joinLines(...VAMPIRE, 'Адриан прыгает: ⟦пров⟦⟧⟧'), invoked);
    assert.deepEqual(
      list?.items.map((i) => [i.label, i.filterText, i.textEdit]),
      [
        ['«Адриан: Сила + Атлетика (сложность 2)»', 'проверка check Адриан: Сила + Атлетика (сложность 2)', { range: MARKED, newText: '«${1|Адриан|}: ${2:Сила} + ${3:Атлетика} (сложность ${4:2})»$0' }],
        ['«Адриан: Сила + Атлетика против Ловкость + Скрытность»', 'против contest versus Адриан: Сила + Атлетика против Ловкость + Скрытность', { range: MARKED, newText: '«${1|Адриан|}: ${2:Сила} + ${3:Атлетика} против ${4:Ловкость} + ${5:Скрытность}»$0' }],
        ['«Адриан: Сила + Атлетика (сложность 2, 10 успехов, 5 бросков)»', 'продолжительное extended Адриан: Сила + Атлетика (сложность 2, 10 успехов, 5 бросков)', { range: MARKED, newText: '«${1|Адриан|}: ${2:Сила} + ${3:Атлетика} (сложность ${4:2}, ${5:10} успехов, ${6:5} бросков)»$0' }],
        ['«Адриан: Сила + Атлетика [специализация] (сложность 2)»', 'специализация specialty Адриан: Сила + Атлетика [специализация] (сложность 2)', { range: MARKED, newText: '«${1|Адриан|}: ${2:Сила} + ${3:Атлетика} [${4:специализация}] (сложность ${5:2})»$0' }],
      ],
    );
    assert.equal(await complete(joinLines(...VAMPIRE, 'Адриан прыгает:⟦⟧'), { triggerKind: CompletionTriggerKind.TriggerCharacter, triggerCharacter: ':' }), null);
  });

  it('offers the front matter on the first line of a document without one, every ruleset of the folder a choice', async () => {
    const list = await complete('⟦⟧\n# Глава 1', invoked);
    assert.deepEqual(list?.items[0], {
      label: 'front matter',
      labelDetails: { description: 'front matter сценария: правила и лист персонажа' },
      kind: CompletionItemKind.Snippet,
      detail: 'front matter сценария: правила и лист персонажа',
      filterText: 'frontmatter front matter ruleset правила',
      insertTextFormat: InsertTextFormat.Snippet,
      textEdit: {
        range: CURSOR,
        newText: '---\nruleset: ${1|storytelling,mage-revised,threads-of-fate,werewolf-revised,vampire-pack|}\ncharacters:\n  ${2:Имя}: { ${3:Ловкость}: ${4:3}, ${5:Атлетика}: ${6:2} \\}\n---\n\n$0',
      },
    });
  });

  it('offers a character’s line under characters: in the front matter, and nothing of a check there', async () => {
    const list = await complete(joinLines('---', 'ruleset: vampire-pack', 'characters:', '  Адриан: { Сила: 3 }', '  ⟦⟧', '---'), invoked);
    assert.deepEqual(
      list?.items.map((i) => [i.label, i.textEdit]),
      [['Имя: { Ловкость: 3, Атлетика: 2 }', { range: CURSOR, newText: '${1:Имя}: { ${2:Ловкость}: ${3:3}, ${4:Атлетика}: ${5:2} \\}$0' }]],
    );
    assert.equal(await complete(joinLines('---', 'ruleset: vampire-pack', 'title: «⟦⟧', '---'), invoked), null);
  });
});
