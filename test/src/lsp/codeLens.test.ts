/**
 * Code lenses and the roll command they run. Lenses come without commands (a range and the
 * document's key); `codeLens/resolve` words the ones an editor shows: «🎲 Бросить», the check's
 * name where a line has several, the odds only in `rollWithOdds` mode (the inlay hint shows
 * them). `workspace/executeCommand` rolls through the engine with a seed (exact dice), returns the
 * whole roll and says it in `window/showMessage`.
 */
import * as assert from 'node:assert/strict';
import { ErrorCodes, MessageType, type Position, type Range, ResponseError } from 'vscode-languageserver/node';
import { lensKey } from '../../../server/out/features/codeLens';
import type { RollCheckResult } from '../../../server/out/protocol';
import { ru } from '../present/text';
import { at, docUri, errorOf, joinLines, LspTestClient, range, withRanges } from './harness';

const VAMPIRE = ['---', 'ruleset: vampire-pack', 'characters:', '  Адриан: { Сила: 3, Атлетика: 3 }', '---'];
const {
  text: DOCUMENT,
  ranges: [heading, inHeading, adrian, agility, contest, inContest, broken],
} = withRanges(
  joinLines(
    ...VAMPIRE,
    '⟦# ⟦⟧Забор⟧',
    '⟦«Адриан: Сила + Атлетика (сложность 2)»⟧ и ⟦«Ловкость + Атлетика (сложность 1)»⟧',
    '⟦«Сила 3 + А⟦⟧тлетика 3 против Ловкость 3 + Атлетика 1»⟧ ⟦«Сила + (сложность 2»⟧',
  ),
);
/** An empty range where a marked range starts: where an edit inserts text. */
const before = (r: Range): Range => ({ start: r.start, end: r.start });

describe('code lens and the roll command', () => {
  let client: LspTestClient;
  const uri = docUri('roll.md');
  beforeEach(async () => {
    client = await LspTestClient.start();
    await client.open(uri, DOCUMENT);
  });
  afterEach(async () => client.stop());

  it('advertises the server commands in executeCommandProvider', () => {
    assert.deepEqual(client.initializeResult.capabilities.executeCommandProvider, { commands: ['rollmark.rollCheck', 'rollmark.addToDictionary', 'rollmark.reloadProject', 'rollmark.setDocumentRuleset', 'rollmark.keepRoll', 'rollmark.luckAudit', 'rollmark.writeLtexDictionary'] });
  });

  // vampire-pack takes the difficulty off the dice: an unknown pool is asked for as the dice left.
  const lens = (checkRange: Range, title: string, text: string, poolUnknown: boolean) => ({
    range: checkRange,
    command: { title, command: 'rollmark.rollCheck', arguments: [{ uri, ...at(checkRange), text, poolUnknown, ...(poolUnknown ? { poolAfterDifficulty: true } : {}) }] },
  });

  it('puts a lens on every check that can be rolled: its range and its document’s key, nothing to resolve yet', async () => {
    const key = lensKey(uri);
    assert.deepEqual(await client.codeLenses(uri), [
      { range: adrian, data: key },
      { range: agility, data: key },
      { range: contest, data: key },
    ]);
    // FNV-1a of the URI: the same key from any server, and a number, not the URI again.
    assert.equal(lensKey('file:///workspace/roll.md'), key);
    assert.equal(typeof key, 'number');
  });

  it('resolves to «🎲 Бросить», naming each check where a line has several; the odds stay in the inlay hint', async () => {
    assert.deepEqual(await client.resolvedCodeLenses(uri), [
      lens(adrian, '🎲 Адриан: Сила + Атлетика', '«Адриан: Сила + Атлетика (сложность 2)»', false),
      // An unknown pool has no inlay hint: the lens says it.
      lens(agility, '🎲 Ловкость + Атлетика · пул неизвестен', '«Ловкость + Атлетика (сложность 1)»', true),
      // The other check on line 7 is malformed: it has no lens, so this one is the line's only one.
      lens(contest, '🎲 Бросить', '«Сила 3 + Атлетика 3 против Ловкость 3 + Атлетика 1»', false),
    ]);
  });

  it('shows the odds too with rollmark.codeLens.show "rollWithOdds", and no lens with "off"', async () => {
    await client.changeSettings({ codeLens: { show: 'rollWithOdds' } });
    assert.deepEqual(await client.resolvedCodeLenses(uri), [
      lens(adrian, ru('🎲 Адриан: Сила + Атлетика · успех 76 %'), '«Адриан: Сила + Атлетика (сложность 2)»', false),
      lens(agility, '🎲 Ловкость + Атлетика · пул неизвестен', '«Ловкость + Атлетика (сложность 1)»', true),
      lens(contest, ru('🎲 Бросить · победа 52 %'), '«Сила 3 + Атлетика 3 против Ловкость 3 + Атлетика 1»', false),
    ]);
    await client.changeSettings({ codeLens: { show: 'off' } });
    assert.deepEqual(await client.codeLenses(uri), []);
  });

  it('names two checks of one pool on a line by their whole text, and cuts a long name at a word', async () => {
    const other = docUri('names.md');
    await client.open(
      other,
      joinLines(
        ...VAMPIRE,
        'Дважды: «Сила 3 + Атлетика 3 (сложность 1)» и «Сила 3 + Атлетика 3 (сложность 2)».',
        'Долго: «Сила 3 + Атлетика 3 + Ловкость 2 + Скрытность 4 + Выносливость 1» и «Сила 1».',
      ),
    );
    assert.deepEqual(
      (await client.resolvedCodeLenses(other)).map((l) => l.command?.title),
      ['🎲 Сила 3 + Атлетика 3 (сложность 1)', '🎲 Сила 3 + Атлетика 3 (сложность 2)', '🎲 Сила 3 + Атлетика 3 + Ловкость 2…', '🎲 Сила 1'],
    );
  });

  it('gives a line with five checks one lens, «🎲 ▾ 5 проверок», that offers each by name with its odds and roll; a line with two keeps two', async () => {
    const dense = docUri('dense.md');
    const {
      text,
      ranges: [first, second, third, fourth, fifth],
    } = withRanges(
      joinLines(
        ...VAMPIRE,
        'Адриан бежит ⟦«Адриан: Сила + Атлетика (сложность 2)»⟧, прыгает ⟦«Ловкость + Атлетика (сложность 1)»⟧, ' +
          'лезет ⟦«Сила 3 + Атлетика 3 (сложность 3)»⟧, ищет ⟦«Сила 2 + Атлетика 1 (сложность 1)»⟧ и прячется ⟦«Сила 1 (сложность 1)»⟧.',
        'Дважды: «Сила 3 + Атлетика 3 (сложность 1)» и «Сила 1 (сложность 1)».',
      ),
    );
    await client.open(dense, text);
    const lenses = await client.codeLenses(dense);
    assert.deepEqual(lenses?.map((l) => l.range.start.line), [5, 6, 6]);
    assert.deepEqual(lenses?.[0].range, first);
    const [crowded] = await client.resolvedCodeLenses(dense);
    const choice = (r: Range, title: string, checkText: string, poolUnknown = false) => ({
      title,
      args: { uri: dense, ...at(r), text: checkText, poolUnknown, ...(poolUnknown ? { poolAfterDifficulty: true } : {}) },
    });
    // vampire-pack: the pool is the dice less the difficulty, and a die of 8–10 is a success: P = 1 − 0.7^pool.
    const odds = (pool: number) => `успех ${Math.round(100 * (1 - 0.7 ** pool))}\u00a0%`;
    assert.deepEqual(crowded, {
      range: first,
      command: {
        title: '🎲 ▾ 5 проверок',
        command: 'rollmark.chooseCheckToRoll',
        arguments: [
          [
            choice(first, `🎲 Адриан: Сила + Атлетика · ${odds(3 + 3 - 2)}`, '«Адриан: Сила + Атлетика (сложность 2)»'),
            choice(second, '🎲 Ловкость + Атлетика · пул неизвестен', '«Ловкость + Атлетика (сложность 1)»', true),
            choice(third, `🎲 Сила 3 + Атлетика 3 · ${odds(3 + 3 - 3)}`, '«Сила 3 + Атлетика 3 (сложность 3)»'),
            choice(fourth, `🎲 Сила 2 + Атлетика 1 · ${odds(2 + 1 - 1)}`, '«Сила 2 + Атлетика 1 (сложность 1)»'),
            choice(fifth, `🎲 Сила 1 · ${odds(1 - 1)}`, '«Сила 1 (сложность 1)»'),
          ],
        ],
      },
    });
  });

  it('resolves each of two checks written back to back to its own check, and a lens not at a check’s start to nothing', async () => {
    const other = docUri('adjacent.md');
    const { text, ranges } = withRanges(joinLines(...VAMPIRE, '⟦«Сила 1»⟧⟦«Си⟦ла 2⟧ + Атлетика 1»⟧'));
    const [first, second, inSecond] = ranges;
    await client.open(other, text);
    const resolved = await client.resolvedCodeLenses(other);
    assert.deepEqual(
      resolved.map((l) => [l.range, l.command?.title, (l.command?.arguments?.[0] as { text: string } | undefined)?.text]),
      [
        [first, '🎲 Сила 1', '«Сила 1»'],
        [second, '🎲 Сила 2 + Атлетика 1', '«Сила 2 + Атлетика 1»'],
      ],
    );
    const inside = { range: inSecond, data: lensKey(other) };
    assert.deepEqual(await client.resolveCodeLens(inside), inside);
  });

  it('resolves a lens to nothing when its check is gone, and gives back a lens of a document it does not have', async () => {
    const [first] = (await client.codeLenses(uri)) ?? [];
    const published = client.nextDiagnostics(uri, 2);
    await client.change(uri, 2, [{ range: adrian, text: 'проза' }]);
    await published;
    assert.deepEqual(await client.resolveCodeLens(first), first);
    const foreign = { range: range(0, 0, 0, 1), data: lensKey(docUri('closed.md')) };
    assert.deepEqual(await client.resolveCodeLens(foreign), foreign);
    const [code] = await errorOf(client.resolveCodeLens({ range: null } as never));
    assert.equal(code, ErrorCodes.InvalidParams);
  });

  it('rolls a check with a seed: exact dice, outcome in the ruleset’s words, and a message', async () => {
    const message = client.nextMessage();
    const result = await client.executeCommand<RollCheckResult>('rollmark.rollCheck', { uri, ...at(adrian), seed: 42 });
    const expectedMessage = '🎲 «Адриан: Сила + Атлетика (сложность 2)»: [6, 6, 6, 1] → 0 успехов: болезненный провал · зерно броска 42';
    assert.deepEqual(result, {
      uri,
      text: '«Адриан: Сила + Атлетика (сложность 2)»',
      range: adrian,
      roll: {
        pool: 4,
        dice: [6, 6, 6, 1],
        rerolled: [],
        bonus: [],
        successes: 0,
        outcome: 'painful_failure',
        ruleset: 'vampire-pack',
        seed: 42,
        outcome_name: { ru: 'болезненный провал', en: 'painful failure' },
      },
      message: expectedMessage,
      log: [expectedMessage],
    });
    assert.deepEqual(await message, { type: MessageType.Info, message: expectedMessage });
  });

  it('rolls the check under a position', async () => {
    const result = await client.executeCommand<RollCheckResult>('rollmark.rollCheck', { uri, ...at(inContest), seed: 3 });
    assert.equal(result.text, '«Сила 3 + Атлетика 3 против Ловкость 3 + Атлетика 1»');
    assert.deepEqual(result.roll.opponent, { pool: 4, dice: [10, 1, 4, 6], rerolled: [], bonus: [], successes: 1, outcome: 'success' });
    assert.equal(result.message, '🎲 «Сила 3 + Атлетика 3 против Ловкость 3 + Атлетика 1»: [5, 3, 10, 4, 6, 5] → 1 успех против [10, 1, 4, 6] → 1 успех: ничья — решает Рассказчик · зерно броска 3');
  });

  it('rolls an unknown pool with the ruleset’s typical pool and says so', async () => {
    const result = await client.executeCommand<RollCheckResult>('rollmark.rollCheck', { uri, ...at(agility), seed: 42 });
    assert.deepEqual(result.assumedPool, { pool: 4, source: 'typical' });
    assert.equal(result.roll.assumed_pool, true);
    assert.equal(
      result.message,
      '🎲 «Ловкость + Атлетика (сложность 1)»: [6, 6, 6, 1] → 0 успехов: болезненный провал (пул неизвестен: взят типичный пул правил, 4 кости) · зерно броска 42',
    );
  });

  it('rolls an unknown pool with the pool the arguments carry', async () => {
    const result = await client.executeCommand<RollCheckResult>('rollmark.rollCheck', { uri, ...at(agility), seed: 42, pool: 6 });
    assert.deepEqual(result.assumedPool, { pool: 6, source: 'argument' });
    assert.deepEqual(result.roll.dice, [6, 6, 6, 1, 5, 5]);
    assert.equal(
      result.message,
      '🎲 «Ловкость + Атлетика (сложность 1)»: [6, 6, 6, 1, 5, 5] → 0 успехов: болезненный провал (пул неизвестен: взят заданный пул, 6 костей) · зерно броска 42',
    );
  });

  it('draws a fresh seed when none is given, and reports it so the roll can be replayed', async () => {
    const first = await client.executeCommand<RollCheckResult>('rollmark.rollCheck', { uri, ...at(adrian) });
    assert.equal(typeof first.roll.seed, 'number');
    const replay = await client.executeCommand<RollCheckResult>('rollmark.rollCheck', { uri, ...at(adrian), seed: first.roll.seed });
    assert.deepEqual(replay.roll, first.roll);
  });

  it('refuses a check that cannot be rolled, a missing check and malformed arguments with InvalidParams', async () => {
    const refused = async (args: unknown): Promise<string> => {
      try {
        await client.executeCommand('rollmark.rollCheck', args);
      } catch (error) {
        assert.ok(error instanceof ResponseError);
        assert.equal(error.code, ErrorCodes.InvalidParams);
        return error.message;
      }
      assert.fail('expected an error');
    };
    assert.equal(await refused({ uri, ...at(broken) }), 'rollmark.rollCheck: «Сила + (сложность 2» cannot be rolled: it has an error');
    assert.equal(await refused({ uri, ...at(inHeading) }), 'rollmark.rollCheck: no check at that position');
    assert.equal(await refused({ uri, ...at(adrian), pool: -1 }), 'rollmark.rollCheck: "pool" must be an integer from 0 to 100');
    assert.equal(await refused({ uri, line: adrian.start.line }), 'rollmark.rollCheck: "line" and "character" must be integers');
    assert.equal(await refused({ uri, ...at(adrian), text: 5 }), 'rollmark.rollCheck: "text" must be the check as written');
    assert.equal(await refused('roll it'), 'rollmark.rollCheck: expected one argument {uri, line, character, text?, pool?, seed?, actor?, party?}');
    assert.equal(await refused({ uri: docUri('closed.md'), line: 0, character: 0 }), 'rollmark.rollCheck: the document is not open');
  });
});

describe('a roll is stateless: old arguments roll their own check or none', () => {
  let client: LspTestClient;
  const uri = docUri('stale.md');
  beforeEach(async () => {
    client = await LspTestClient.start();
    await client.open(uri, DOCUMENT);
  });
  afterEach(async () => client.stop());

  const lensArgs = async (text: string): Promise<Record<string, unknown>> => {
    const lens = (await client.resolvedCodeLenses(uri)).find((l) => (l.command?.arguments?.[0] as { text: string }).text === text);
    assert.ok(lens?.command?.arguments);
    return lens.command.arguments[0] as Record<string, unknown>;
  };
  const edit = async (version: number, where: Range, text: string) => {
    const published = client.nextDiagnostics(uri, version);
    await client.change(uri, version, [{ range: where, text }]);
    await published;
  };

  it('rolls the same check after a check is inserted above it (the lens and «Roll again» arguments of before)', async () => {
    const old = await lensArgs('«Ловкость + Атлетика (сложность 1)»');
    // The new check lands exactly where the old arguments point.
    const inserted = '«Сила 3 + Атлетика 3 (сложность 1)» и ';
    await edit(2, before(adrian), inserted);
    const result = await client.executeCommand<RollCheckResult>('rollmark.rollCheck', { ...old, seed: 7 });
    assert.equal(result.text, '«Ловкость + Атлетика (сложность 1)»');
    // The check moved right by what was inserted before it on its line.
    const moved = (p: Position) => ({ line: p.line, character: p.character + inserted.length });
    assert.deepEqual(result.range, { start: moved(agility.start), end: moved(agility.end) });
    const info = await client.request<{ checks: { text: string }[] }>('rollmark/documentInfo', { textDocument: { uri }, checks: { position: { line: old.line, character: old.character }, text: old.text } });
    assert.deepEqual(info.checks.map((c) => c.text), ['«Ловкость + Атлетика (сложность 1)»']);
  });

  it('answers that the check is gone when its text is no longer in the document, and rolls nothing else', async () => {
    const old = await lensArgs('«Адриан: Сила + Атлетика (сложность 2)»');
    const published = client.nextDiagnostics(uri, 2);
    await client.change(uri, 2, [{ range: adrian, text: '«Адриан: Сила + Атлетика (сложность 3)»' }]);
    await published;
    const [code, message] = await errorOf(client.executeCommand('rollmark.rollCheck', { ...old, seed: 7 }));
    assert.equal(code, ErrorCodes.InvalidParams);
    assert.equal(message, 'rollmark.rollCheck: «Адриан: Сила + Атлетика (сложность 2)» is no longer in the document');
  });

  it('of two checks with the same text, rolls the one nearest to where the arguments point', async () => {
    const text = '«Сила 2 + Атлетика 1»';
    const published = client.nextDiagnostics(uri, 2);
    const inserted = withRanges(`${text}\n\n\n⟦⟧\n⟦${text}⟧\n`);
    await client.change(uri, 2, [{ range: before(heading), text: inserted.text }]);
    await published;
    // Two copies, three blank lines apart; arguments from before an edit point at the line before the second: the nearer copy is rolled.
    const [pointed, nearer] = inserted.ranges.map((r) => ({ start: { ...r.start, line: r.start.line + heading.start.line }, end: { ...r.end, line: r.end.line + heading.start.line } }));
    const result = await client.executeCommand<RollCheckResult>('rollmark.rollCheck', { uri, ...at(pointed), text, seed: 1 });
    assert.deepEqual(result.range, nearer);
  });
});

describe('the roll command in other families', () => {
  let client: LspTestClient;
  afterEach(async () => client.stop());

  it('shows the re-rolled dice of a storytelling roll', async () => {
    client = await LspTestClient.start();
    const uri = docUri('storytelling.md');
    await client.open(uri, '«Сила 3 + Атлетика 3 (снова-8)»');
    const result = await client.executeCommand<RollCheckResult>('rollmark.rollCheck', { uri, line: 0, character: 0, seed: 1 });
    assert.deepEqual(result.roll.rerolled, [3, 4, 9, 9, 7]);
    assert.equal(result.message, '🎲 «Сила 3 + Атлетика 3 (снова-8)»: [7, 9, 2, 8, 1, 10] + переброс [3, 4, 9, 9, 7] → 5 успехов: исключительный успех · зерно броска 1');
  });

  it('rolls an extended action to its end', async () => {
    client = await LspTestClient.start();
    const uri = docUri('extended.md');
    await client.open(uri, '«Интеллект 2 + Ремесло 3 (5 успехов, 3 броска)»');
    const result = await client.executeCommand<RollCheckResult>('rollmark.rollCheck', { uri, line: 0, character: 0, seed: 1 });
    assert.deepEqual(result.roll.extended, {
      target: 5,
      rolls: [
        { pool: 5, dice: [7, 9, 2, 8, 1], rerolled: [], bonus: [], successes: 2, outcome: 'success' },
        { pool: 5, dice: [10, 3, 4, 9, 9], rerolled: [7], bonus: [], successes: 3, outcome: 'success' },
      ],
      accumulated: 5,
      done: true,
      aborted: false,
    });
    assert.deepEqual(result.log, [
      '🎲 «Интеллект 2 + Ремесло 3 (5 успехов, 3 броска)»: 2 броска, набрано 5 из 5: успех · зерно броска 1',
      '    бросок 1: [7, 9, 2, 8, 1] → 2 успеха',
      '    бросок 2: [10, 3, 4, 9, 9] + переброс [7] → 3 успеха',
    ]);
    assert.equal(result.message, result.log[0]);
  });

  it('shows the kept d20, the total and the margin', async () => {
    client = await LspTestClient.start({ locale: 'en-US' });
    const uri = docUri('d20.md');
    const { text, ranges } = withRanges(joinLines('---', 'ruleset: threads-of-fate', '---', '⟦«Скрытность 4 (сложность 15, Преимущество)»⟧'));
    await client.open(uri, text);
    const result = await client.executeCommand<RollCheckResult>('rollmark.rollCheck', { uri, ...at(ranges[0]), seed: 1 });
    assert.equal(result.roll.kept, 9);
    assert.equal(result.message, '🎲 «Скрытность 4 (сложность 15, Преимущество)»: d20 [7, 9] → 9 + 4 = 13, margin −2: failure · seed 1');
  });
});
