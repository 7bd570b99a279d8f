/**
 * `rollmark/documentInfo`: the document's ruleset and the rulesets it may choose, and only the
 * check asked for (by position, with its text), never every check of the document.
 */
import * as assert from 'node:assert/strict';
import { ErrorCodes, type Position, type Range } from 'vscode-languageserver/node';
import type { DocumentCheckInfo, DocumentInfo, RollCheckResult, UnservedDocumentInfo } from '../../../server/out/protocol';
import { docUri, errorOf, joinLines, LspTestClient, withRanges } from './harness';

/** Four checks, cursors inside one and between two, and in the front matter and a heading. */
const {
  text: DOCUMENT,
  ranges: [inFrontMatter, inHeading, first, inFirst, beforeAnd, afterAnd, second, third, fourth],
} = withRanges(
  joinLines(
    '---',
    'rules⟦⟧et: vampire-pack',
    'characters:',
    '  Адриан: { Сила: 3, Атлетика: 3 }',
    '---',
    '# З⟦⟧абор',
    '⟦«Адриан: С⟦⟧ила + Атлетика (сложность 2)»⟧ ⟦⟧и⟦⟧ ⟦«Ловкость + Атлетика (сложность 1)»⟧',
    '⟦«Сила 3 + Атлетика 3 против Ловкость 2 + Атлетика 2»⟧ ⟦«Сила + (сложность 2»⟧',
  ),
);

/** The document's four checks, as the request describes them. */
const CHECKS: DocumentCheckInfo[] = [
  { range: first, text: '«Адриан: Сила + Атлетика (сложность 2)»', rollable: true, poolKnown: true },
  // «Ловкость + Атлетика»: no character, so the pool is unknown.
  { range: second, text: '«Ловкость + Атлетика (сложность 1)»', rollable: true, poolKnown: false },
  { range: third, text: '«Сила 3 + Атлетика 3 против Ловкость 2 + Атлетика 2»', rollable: true, poolKnown: true },
  // An unclosed parenthesis: an error, nothing to roll.
  { range: fourth, text: '«Сила + (сложность 2»', rollable: false, poolKnown: false },
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
  const checksAt = async (position: Position) => (await info({ checks: { position } }))?.checks;
  const checksOfText = async (position: Position, text: string) => (await info({ checks: { position, text } }))?.checks;
  /** A position past the end of a marked range's line. */
  const pastLineOf = (range: Range): Position => ({ line: range.start.line, character: 999 });

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
    assert.deepEqual(await checksAt(inFirst.start), [CHECKS[0]]);
    assert.deepEqual(await checksAt(first.start), [CHECKS[0]], 'on the opening «');
    assert.deepEqual(await checksAt(first.end), [CHECKS[0]], 'right after the closing », as hovers and rolls locate checks');
    assert.deepEqual(await checksAt(beforeAnd.start), [], 'between two checks');
    assert.deepEqual(await checksAt(afterAnd.start), [], 'between two checks');
    assert.deepEqual(await checksAt(second.start), [CHECKS[1]]);
    assert.deepEqual(await checksAt(third.end), [CHECKS[2]], 'right after a check and right before the next one: the first');
    assert.deepEqual(await checksAt(fourth.start), [CHECKS[3]]);
    assert.deepEqual(await checksAt(inHeading.start), [], 'in a heading');
    assert.deepEqual(await checksAt(inFrontMatter.start), [], 'in the front matter');
  });

  it('clamps positions past a line or the document, as LSP asks', async () => {
    // Lines 6 and 7 and the document end with a check's », so these land right after it.
    assert.deepEqual(await checksAt(pastLineOf(first)), [CHECKS[1]]);
    assert.deepEqual(await checksAt(pastLineOf(third)), [CHECKS[3]]);
    assert.deepEqual(await checksAt({ line: 999, character: 0 }), [CHECKS[3]]);
    assert.deepEqual(await checksAt(pastLineOf(inHeading)), [], 'the end of the heading');
    assert.deepEqual(await checksAt({ line: -1, character: -1 }), [], 'the start of the document');
  });

  it('with a text, gives the check there if it still reads so, else the nearest with that text, else none', async () => {
    for (const check of CHECKS) assert.deepEqual(await checksOfText(check.range.start, check.text), [check]);
    assert.deepEqual(await checksOfText(first.start, CHECKS[2].text), [CHECKS[2]], 'moved: found by its text');
    assert.deepEqual(await checksOfText(inFrontMatter.start, CHECKS[1].text), [CHECKS[1]], 'from a place with no check');
    assert.deepEqual(await checksOfText(first.start, '«Сила + Атлетика (сложность 9)»'), [], 'gone');
  });

  it('finds the check at a position that the roll command rolls there', async () => {
    for (const position of [first.end, second.start, third.end]) {
      const [check] = (await checksAt(position)) ?? [];
      const rolled = await client.executeCommand<RollCheckResult>('rollmark.rollCheck', { uri, ...position, seed: 1 });
      assert.equal(check?.text, rolled.text, `${position.line}:${position.character}`);
      assert.deepEqual(check?.range, rolled.range, `${position.line}:${position.character}`);
    }
  });

  it('follows edits', async () => {
    const next = client.nextDiagnostics(uri, 2);
    // A line with a check inserted above the heading: the checks below move one line down.
    const inserted = withRanges('⟦«Сила 2»⟧\n');
    const heading = { line: inHeading.start.line, character: 0 };
    const down = (range: Range): Range => ({ start: { ...range.start, line: range.start.line + 1 }, end: { ...range.end, line: range.end.line + 1 } });
    await client.change(uri, 2, [{ range: { start: heading, end: heading }, text: inserted.text }]);
    await next;
    const added: Range = { start: { ...inserted.ranges[0].start, line: heading.line }, end: { ...inserted.ranges[0].end, line: heading.line } };
    assert.deepEqual(await checksAt(added.start), [{ range: added, text: '«Сила 2»', rollable: true, poolKnown: true }]);
    assert.deepEqual(await checksAt(down(second).start), [{ ...CHECKS[1], range: down(second) }]);
  });

  it('answers null for a document the server does not have open', async () => {
    await client.close(uri);
    assert.equal(await info({ checks: { position: first.start } }), null);
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
