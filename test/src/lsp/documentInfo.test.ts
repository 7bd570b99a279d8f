/**
 * `rollmark/documentInfo`: the document's ruleset and the rulesets it may choose, and only the
 * check asked for (by position, with its text), never every check of the document.
 */
import * as assert from 'node:assert/strict';
import { ErrorCodes } from 'vscode-languageserver/node';
import type { DocumentCheckInfo, DocumentInfo, RollCheckResult, UnservedDocumentInfo } from '../../../server/out/protocol';
import { docUri, errorOf, joinLines, LspTestClient, range } from './harness';

const DOCUMENT = joinLines(
  '---',
  'ruleset: vampire-pack',
  'characters:',
  '  Адриан: { Сила: 3, Атлетика: 3 }',
  '---',
  '# Забор',
  '«Адриан: Сила + Атлетика (сложность 2)» и «Ловкость + Атлетика (сложность 1)»',
  '«Сила 3 + Атлетика 3 против Ловкость 2 + Атлетика 2» «Сила + (сложность 2»',
);

/** The document's four checks, as the request describes them. */
const CHECKS: DocumentCheckInfo[] = [
  { range: range(6, 0, 6, 39), text: '«Адриан: Сила + Атлетика (сложность 2)»', rollable: true, poolKnown: true },
  // «Ловкость + Атлетика»: no character, so the pool is unknown.
  { range: range(6, 42, 6, 77), text: '«Ловкость + Атлетика (сложность 1)»', rollable: true, poolKnown: false },
  { range: range(7, 0, 7, 52), text: '«Сила 3 + Атлетика 3 против Ловкость 2 + Атлетика 2»', rollable: true, poolKnown: true },
  // An unclosed parenthesis: an error, nothing to roll.
  { range: range(7, 53, 7, 74), text: '«Сила + (сложность 2»', rollable: false, poolKnown: false },
];

const RULESET_TITLE = 'Вампир: Маскарад — «Пакет игрока»';
/** The built-in rulesets, in the server's order (the workspace has no user rulesets). */
const RULESETS: DocumentInfo['rulesets'] = [
  { id: 'storytelling', title: 'Мир Тьмы: Система Повествования (2004)', builtin: true },
  { id: 'mage-revised', title: 'Маг: Восхождение (Revised)', builtin: true },
  { id: 'threads-of-fate', title: 'Нити Судьбы (К20)', builtin: true },
  { id: 'werewolf-revised', title: 'Оборотень: Апокалипсис (Revised)', builtin: true },
  { id: 'vampire-pack', title: RULESET_TITLE, builtin: true },
];

describe('rollmark/documentInfo', () => {
  let client: LspTestClient;
  const uri = docUri('info.md');
  const info = (params: Record<string, unknown> = {}) => client.request<DocumentInfo | null>('rollmark/documentInfo', { textDocument: { uri }, ...params });
  const checksAt = async (line: number, character: number) => (await info({ checks: { position: { line, character } } }))?.checks;
  const checksOfText = async (line: number, character: number, text: string) => (await info({ checks: { position: { line, character }, text } }))?.checks;

  beforeEach(async () => {
    client = await LspTestClient.start();
    await client.open(uri, DOCUMENT);
  });
  afterEach(async () => client.stop());

  it('describes the ruleset and the rulesets to choose from, without checks unless asked', async () => {
    const expected: DocumentInfo = {
      uri,
      ruleset: 'vampire-pack',
      title: RULESET_TITLE,
      source: 'front-matter',
      userRulesetsLoaded: true,
      rulesets: RULESETS,
      checks: [],
    };
    assert.deepEqual(await info(), expected);
    // null is no query too, as JSON clients often write an absent field.
    assert.deepEqual(await info({ checks: null }), expected);
  });

  it('gives the check under a position: inside, at either edge, and none between checks', async () => {
    assert.deepEqual(await checksAt(6, 10), [CHECKS[0]]);
    assert.deepEqual(await checksAt(6, 0), [CHECKS[0]], 'on the opening «');
    assert.deepEqual(await checksAt(6, 39), [CHECKS[0]], 'right after the closing », as hovers and rolls locate checks');
    assert.deepEqual(await checksAt(6, 40), [], 'between two checks');
    assert.deepEqual(await checksAt(6, 41), [], 'between two checks');
    assert.deepEqual(await checksAt(6, 42), [CHECKS[1]]);
    assert.deepEqual(await checksAt(7, 52), [CHECKS[2]], 'right after a check and right before the next one: the first');
    assert.deepEqual(await checksAt(7, 53), [CHECKS[3]]);
    assert.deepEqual(await checksAt(5, 3), [], 'in a heading');
    assert.deepEqual(await checksAt(1, 5), [], 'in the front matter');
  });

  it('clamps positions past a line or the document, as LSP asks', async () => {
    // Lines 6 and 7 and the document end with a check's », so these land right after it.
    assert.deepEqual(await checksAt(6, 999), [CHECKS[1]]);
    assert.deepEqual(await checksAt(7, 999), [CHECKS[3]]);
    assert.deepEqual(await checksAt(999, 0), [CHECKS[3]]);
    assert.deepEqual(await checksAt(5, 999), [], 'the end of the heading');
    assert.deepEqual(await checksAt(-1, -1), [], 'the start of the document');
  });

  it('with a text, gives the check there if it still reads so, else the nearest with that text, else none', async () => {
    for (const check of CHECKS) assert.deepEqual(await checksOfText(check.range.start.line, check.range.start.character, check.text), [check]);
    assert.deepEqual(await checksOfText(6, 0, CHECKS[2].text), [CHECKS[2]], 'moved: found by its text');
    assert.deepEqual(await checksOfText(1, 0, CHECKS[1].text), [CHECKS[1]], 'from a place with no check');
    assert.deepEqual(await checksOfText(6, 0, '«Сила + Атлетика (сложность 9)»'), [], 'gone');
  });

  it('finds the check at a position that the roll command rolls there', async () => {
    for (const [line, character] of [
      [6, 39],
      [6, 42],
      [7, 52],
    ]) {
      const [check] = (await checksAt(line, character)) ?? [];
      const rolled = await client.executeCommand<RollCheckResult>('rollmark.rollCheck', { uri, line, character, seed: 1 });
      assert.equal(check?.text, rolled.text, `${line}:${character}`);
      assert.deepEqual(check?.range, rolled.range, `${line}:${character}`);
    }
  });

  it('follows edits', async () => {
    const next = client.nextDiagnostics(uri, 2);
    await client.change(uri, 2, [{ range: range(5, 0, 5, 0), text: '«Сила 2»\n' }]);
    await next;
    assert.deepEqual(await checksAt(5, 0), [{ range: range(5, 0, 5, 8), text: '«Сила 2»', rollable: true, poolKnown: true }]);
    assert.deepEqual(await checksAt(7, 42), [{ ...CHECKS[1], range: range(7, 42, 7, 77) }]);
  });

  it('answers null for a document the server does not have open', async () => {
    await client.close(uri);
    assert.equal(await info({ checks: { position: { line: 6, character: 0 } } }), null);
    assert.equal(await client.request('rollmark/documentInfo', { textDocument: { uri: docUri('never.md') } }), null);
  });

  it('refuses malformed params with InvalidParams', async () => {
    const malformed = [
      { textDocument: 5 },
      { textDocument: { uri }, checks: 5 },
      { textDocument: { uri }, checks: 'all' },
      { textDocument: { uri }, checks: [] },
      { textDocument: { uri }, checks: {} },
      { textDocument: { uri }, checks: { index: 0 } },
      { textDocument: { uri }, checks: { position: { line: 6 } } },
      { textDocument: { uri }, checks: { position: { line: '6', character: 0 } } },
      { textDocument: { uri }, checks: { position: null } },
      { textDocument: { uri }, checks: { position: { line: 6, character: 0 }, text: 5 } },
    ];
    for (const params of malformed) {
      assert.deepEqual(await errorOf(client.request('rollmark/documentInfo', params)), [ErrorCodes.InvalidParams, 'documentInfo: malformed parameters'], JSON.stringify(params));
    }
  });
});

describe('rollmark/unservedDocument', () => {
  let client: LspTestClient;
  afterEach(async () => client.stop());
  const ask = (uri: string) => client.request<UnservedDocumentInfo | null>('rollmark/unservedDocument', { textDocument: { uri } });

  it('says how many checks a Markdown document without a ruleset holds, so that an editor may invite its author', async () => {
    client = await LspTestClient.start({ settings: { markdown: { enable: 'withRuleset' } } });
    const chapter = docUri('глава-1.md');
    await client.openOnly(chapter, joinLines('# Глава 1', '', 'Адриан прыгает: «Сила 3 + Атлетика 2». Вера говорит «да» и «Беги!».', '', '«Ловкость + Скрытность»'));
    assert.deepEqual(await ask(chapter), { uri: chapter, checks: 2, looksLikeScenario: true });
    const notes = docUri('notes.md');
    await client.openOnly(notes, joinLines('# Заметки', '', 'Она сказала «да», а он — «Беги!».'));
    assert.deepEqual(await ask(notes), { uri: notes, checks: 0, looksLikeScenario: false });
    const plain = docUri('plain.md');
    await client.openOnly(plain, 'Просто текст.');
    assert.deepEqual(await ask(plain), { uri: plain, checks: 0, looksLikeScenario: false });
  });

  it('answers null for a served document and one that is not open, and refuses malformed parameters', async () => {
    client = await LspTestClient.start({ settings: { markdown: { enable: 'withRuleset' } } });
    const scenario = docUri('сцена.scenario.md');
    await client.open(scenario, '«Сила 3 + Атлетика 2»');
    assert.equal(await ask(scenario), null);
    assert.equal(await ask(docUri('closed.md')), null);
    const [code] = await errorOf(client.request('rollmark/unservedDocument', { textDocument: {} }));
    assert.equal(code, ErrorCodes.InvalidParams);
  });
});
