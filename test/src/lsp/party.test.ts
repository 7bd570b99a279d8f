/**
 * The whole party on a check without an actor, over a real connection: the hover lists each
 * character's chance (best first) and the party's «хотя бы один» and «все», the lens rolls for
 * the whole party or one character, the outline carries the same figures, and a check with an
 * actor keeps its single answer. The chances are independent: each character's is 1 − 0.7^dice
 * (vampire-pack, a die succeeds on 8+), the party's are products of them.
 */
import * as assert from 'node:assert/strict';
import type { DocumentSymbol } from 'vscode-languageserver/node';
import type { DocumentInfo, RollCheckResult } from '../../../server/out/protocol';
import { ru, ruLines } from '../present/text';
import { at, docUri, errorOf, joinLines, LspTestClient, withRanges } from './harness';

const FRONT = [
  '---',
  'ruleset: vampire-pack',
  'characters:',
  '  Адриан: { Сила: 3, Атлетика: 3 }',
  '  Катастрофа: { Сила: 2, Атлетика: 2, Ловкость: 4 }',
  '  Ольха: { Ловкость: 2 }',
  '---',
];
/** A check the party rolls, and one its actor rolls, each with a cursor inside it. */
const {
  text: DOCUMENT,
  ranges: [partyCheck, inParty, actorCheck, inActor],
} = withRanges(joinLines(...FRONT, '# Дверь', 'Выбить дверь: ⟦«Сила ⟦⟧+ Атлетика (сложность 2)»⟧.', 'Один Адриан: ⟦«Адр⟦⟧иан: Сила + Атлетика (сложность 2)»⟧.'));

/** 1 − 0.7^n: at least one die of n shows 8+. */
const oneOf = (dice: number) => 1 - 0.7 ** dice;

describe('the whole party on a check without an actor', () => {
  let client: LspTestClient;
  const uri = docUri('party.md');
  beforeEach(async () => {
    client = await LspTestClient.start();
    await client.open(uri, DOCUMENT);
  });
  afterEach(async () => client.stop());

  it('hover: each character who can roll it, best first, the party’s chances, and who cannot', async () => {
    const hover = await client.hover(uri, inParty.start);
    const { value } = hover?.contents as { value: string };
    // Адриан 3 + 3 − 2 = 4 dice: 76 %; Катастрофа 2 + 2 − 2 = 2 dice: 51 %. Хотя бы один: 1 − 0.24 · 0.49 = 88 %; все: 0.76 · 0.51 = 39 %.
    assert.deepEqual(
      value.split('\n'),
      ruLines(
        '**Партия: хотя бы один справится — 88 %** · все — 39 %  ',
        'Сила ? + Атлетика ? − сложность 2 = ? костей',
        '',
        '```text',
        'Адриан (пул 4)     76 % ████████████▏',
        'Катастрофа (пул 2) 51 % ████████▏',
        '```',
        '',
        '_Нет нужных значений в листе: Ольха._',
      ),
    );
    assert.ok(Math.abs(1 - (1 - oneOf(4)) * (1 - oneOf(2)) - 0.8824) < 1e-4);
  });

  it('hover: a check with an actor keeps its single answer', async () => {
    const hover = await client.hover(uri, inActor.start);
    const { value } = hover?.contents as { value: string };
    assert.equal(value.split('\n')[0], ru('**Успех 76 %** · болезненный провал 11 %  '));
  });

  it('lens: a roll for the whole party, «🎲 Бросить» by default and with the party’s chances in rollWithOdds', async () => {
    assert.equal((await client.resolvedCodeLenses(uri))[0].command?.title, '🎲 Бросить');
    await client.changeSettings({ codeLens: { show: 'rollWithOdds' } });
    const lenses = await client.resolvedCodeLenses(uri);
    assert.deepEqual(lenses[0], {
      range: partyCheck,
      command: {
        title: ru('🎲 Бросить · партия: хотя бы один 88 %, все 39 %'),
        command: 'rollmark.rollCheck',
        arguments: [{ uri, ...at(partyCheck), text: '«Сила + Атлетика (сложность 2)»', poolUnknown: false, party: true }],
      },
    });
    assert.equal(lenses[1].command?.title, ru('🎲 Бросить · успех 76 %'));
  });

  it('rolls for the whole party from one generator: the seed replays it, the first member alone too, each logged', async () => {
    const args = { uri, ...at(partyCheck), text: '«Сила + Атлетика (сложность 2)»', party: true, seed: 42 };
    const result = await client.executeCommand<RollCheckResult>('rollmark.rollCheck', args);
    const again = await client.executeCommand<RollCheckResult>('rollmark.rollCheck', args);
    const first = await client.executeCommand<RollCheckResult>('rollmark.rollCheck', { uri, ...at(partyCheck), actor: 'Адриан', seed: 42 });
    assert.deepEqual(again, result);
    assert.deepEqual(
      result.party?.map((p) => [p.actor, p.roll.pool, p.roll.seed]),
      [
        ['Адриан', 4, undefined],
        ['Катастрофа', 2, undefined],
      ],
    );
    // The first member's dice are the first drawn: `actor` with the seed replays them.
    assert.deepEqual(result.roll, first.roll);
    assert.equal(result.roll.seed, 42);
    assert.deepEqual(result.roll, { ...result.party?.[0].roll, seed: 42 });
    assert.equal(result.actor, 'Адриан');
    assert.equal(result.log.length, 3);
    assert.match(result.log[0], /^🎲 «Сила \+ Атлетика \(сложность 2\)» · партия: Адриан — .+, Катастрофа — .+ · зерно броска 42$/);
    assert.equal(result.log[1], `    Адриан: ${result.party?.[0].message.split(' · Адриан: ')[1]}`);
    assert.equal(result.log[2], `    Катастрофа: ${result.party?.[1].message.split(' · Катастрофа: ')[1]}`);
    assert.equal(result.message, result.log[0]);
  });

  it('rolls as one character: their pool, their name in the message', async () => {
    const result = await client.executeCommand<RollCheckResult>('rollmark.rollCheck', { uri, ...at(partyCheck), actor: 'Адриан', seed: 42 });
    assert.equal(result.actor, 'Адриан');
    assert.equal(result.party, undefined);
    assert.equal(result.roll.pool, 4);
    // The same dice as the check written with Адриан as its actor.
    const written = await client.executeCommand<RollCheckResult>('rollmark.rollCheck', { uri, ...at(actorCheck), seed: 42 });
    assert.deepEqual(result.roll, written.roll);
    assert.equal(result.message, `🎲 «Сила + Атлетика (сложность 2)» · Адриан: ${written.message.split('»: ')[1]}`);
  });

  it('refuses a character who cannot roll it, one who does not exist, and a check with an actor', async () => {
    const roll = (args: Record<string, unknown>) => errorOf(client.executeCommand('rollmark.rollCheck', { uri, ...args }));
    assert.deepEqual(await roll({ ...at(partyCheck), actor: 'Ольха' }), [-32602, 'rollmark.rollCheck: Ольха\'s sheet lacks a value «Сила + Атлетика (сложность 2)» needs']);
    assert.deepEqual(await roll({ ...at(partyCheck), actor: 'Зоя' }), [-32602, 'rollmark.rollCheck: the front matter has no character "Зоя"']);
    assert.deepEqual(await roll({ ...at(actorCheck), party: true }), [
      -32602,
      'rollmark.rollCheck: «Адриан: Сила + Атлетика (сложность 2)» is not rolled by the party: it names its actor, or none of its values comes from a character sheet',
    ]);
    assert.deepEqual(await roll({ ...at(partyCheck), actor: 'Адриан', party: true }), [-32602, 'rollmark.rollCheck: give "actor" or "party", not both']);
  });

  it('documentInfo lists who can roll it, for a client to ask', async () => {
    const info = await client.request<DocumentInfo>('rollmark/documentInfo', { textDocument: { uri }, checks: { position: inParty.start } });
    assert.deepEqual(info.checks[0].party, {
      summary: ru('хотя бы один 88 % · все 39 %'),
      members: [
        { actor: 'Адриан', chance: ru('76 %') },
        { actor: 'Катастрофа', chance: ru('51 %') },
      ],
    });
  });

  it('inlay hint: the members’ range after the check, the party’s figures as its tooltip', async () => {
    const hints = await client.inlayHints(uri, { start: partyCheck.start, end: actorCheck.end });
    assert.deepEqual(
      hints?.map((h) => [h.position, h.label, h.tooltip]),
      [
        [partyCheck.end, ru('≈51 %–76 %'), ru('партия: Адриан 76 %, Катастрофа 51 % · хотя бы один 88 % · все 39 % · нет значений в листе: Ольха')],
        [actorCheck.end, ru('≈76 %'), ru('успех 76 % · болезненный провал 11 %')],
      ],
    );
  });

  it('outline: the same figures as the check’s detail', async () => {
    const symbols = (await client.documentSymbols(uri)) as DocumentSymbol[];
    const checks = symbols[0].children ?? [];
    assert.deepEqual(
      checks.map((c) => c.detail),
      [ru('партия: Адриан 76 %, Катастрофа 51 % · хотя бы один 88 % · все 39 % · нет значений в листе: Ольха'), ru('пул 4 · успех 76 %')],
    );
  });

  it('a check whose every value is written inline is the same roll for everyone: no party', async () => {
    const other = docUri('inline.md');
    await client.changeSettings({ codeLens: { show: 'rollWithOdds' } });
    await client.open(other, joinLines(...FRONT, '«Сила 3 + Атлетика 3 (сложность 2)»'));
    const lenses = await client.resolvedCodeLenses(other);
    assert.equal(lenses[0].command?.title, ru('🎲 Бросить · успех 76 %'));
  });

  it('a document with one character has no party', async () => {
    const other = docUri('alone.md');
    await client.open(other, joinLines('---', 'ruleset: vampire-pack', 'characters:', '  Адриан: { Сила: 3, Атлетика: 3 }', '---', '«Сила + Атлетика (сложность 2)»'));
    const lenses = await client.resolvedCodeLenses(other);
    assert.equal(lenses[0].command?.title, '🎲 Бросить · пул неизвестен');
  });
});
