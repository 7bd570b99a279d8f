/**
 * «Подобрать сложность» over a real connection: one refactoring per target chance on the check
 * under the cursor, each title saying the value and the exact chance it gives (for a check the
 * party rolls, whose chance), each edit changing only the difficulty or the modifier.
 * The values themselves are tested against the engine in test/src/analysis/tuning.test.ts.
 */
import * as assert from 'node:assert/strict';
import type { CodeAction, Position } from 'vscode-languageserver/node';
import { ru } from '../present/text';
import { applyEdits, docUri, joinLines, LspTestClient, withRanges } from './harness';

/** Cursors before a check (`⟦⟧` in the prose), in the actor's check and in the party's; the actor's difficulty value (marked). */
const {
  text: TEXT,
  ranges: [inProse, inActorCheck, difficulty, inPartyCheck],
} = withRanges(
  joinLines(
    '---',
    'ruleset: vampire-pack',
    'characters:',
    '  Адриан: { Сила: 3, Атлетика: 3 }',
    '  Катастрофа: { Сила: 2, Атлетика: 2 }',
    '---',
    'За⟦⟧бор: «Адриан: Сила ⟦⟧+ Атлетика (сложность ⟦2⟧)».',
    'Дверь: «Сила + Атл⟦⟧етика (сложность 2)».',
  ),
);

describe('difficulty tuning (code action)', () => {
  let client: LspTestClient;
  const uri = docUri('tuning.md');
  beforeEach(async () => {
    client = await LspTestClient.start();
    await client.open(uri, TEXT);
  });
  afterEach(async () => client.stop());

  const actionsAt = async (cursor: Position, only?: string[]) => (await client.codeActions(uri, { start: cursor, end: cursor }, { diagnostics: [], ...(only ? { only } : {}) })) ?? [];
  const titlesAt = async (cursor: Position, only?: string[]) => (await actionsAt(cursor, only)).map((a: CodeAction) => [a.title, a.kind]);

  it('advertises its kind', () => {
    assert.ok((client.initializeResult.capabilities.codeActionProvider as { codeActionKinds: string[] }).codeActionKinds.includes('refactor.rewrite.rollmark.tuneDifficulty'));
  });

  it('the actor’s chance: one action per target, the value and its exact chance in the title', async () => {
    // Адриан 6 dice: сложность 5 → 1 die 30 %, 4 → 51 %, 3 → 66 %, 0 → 88 % (1 − 0.7^n).
    assert.deepEqual(await titlesAt(inActorCheck.start, ['refactor']), [
      [ru('Подобрать сложность: 30 % → сложность 5 (30 %)'), 'refactor.rewrite.rollmark.tuneDifficulty'],
      [ru('Подобрать сложность: 50 % → сложность 4 (51 %)'), 'refactor.rewrite.rollmark.tuneDifficulty'],
      [ru('Подобрать сложность: 70 % → сложность 3 (66 %)'), 'refactor.rewrite.rollmark.tuneDifficulty'],
      [ru('Подобрать сложность: 90 % → сложность 0 (88 %)'), 'refactor.rewrite.rollmark.tuneDifficulty'],
    ]);
  });

  it('a check the party rolls: the median character’s chance, named', async () => {
    // Адриан 6, Катастрофа 4 dice: the median of two is the weaker, Катастрофа.
    assert.deepEqual((await titlesAt(inPartyCheck.start, ['refactor.rewrite'])).map(([title]) => title), [
      ru('Подобрать сложность: 30 % → сложность 3 (Катастрофа — 30 %)'),
      ru('Подобрать сложность: 70 % → сложность 1 (Катастрофа — 66 %)'),
      ru('Подобрать сложность: 90 % → сложность 0 (Катастрофа — 76 %)'),
    ]);
  });

  it('the edit changes the difficulty alone', async () => {
    const actions = await actionsAt(inActorCheck.start, ['refactor']);
    const edits = actions[2].edit?.changes?.[uri] ?? [];
    assert.deepEqual(edits, [{ range: difficulty, newText: '3' }]);
    assert.equal(applyEdits(TEXT, edits).split('\n')[6], 'Забор: «Адриан: Сила + Атлетика (сложность 3)».');
  });

  it('not offered outside a check, nor when only quick fixes are asked for', async () => {
    assert.deepEqual(await titlesAt(inProse.start), []);
    assert.deepEqual(await titlesAt(inActorCheck.start, ['quickfix']), []);
  });
});
