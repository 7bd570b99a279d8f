/** Inlay hints: `≈76 %` after each check with a known pool, its headline as the tooltip, for the requested range only. */
import * as assert from 'node:assert/strict';
import { InlayHintKind, type Position } from 'vscode-languageserver/node';
import { ru } from '../present/text';
import { docUri, joinLines, LspTestClient, range, withRanges } from './harness';

/** `⟦⟧` where a hint goes: right after each check with a known pool. */
const {
  text: DOCUMENT,
  ranges: [afterFirst, contestLine, afterContest, afterExtended],
} = withRanges(
  joinLines(
    '---',
    'ruleset: vampire-pack',
    '---',
    '🧛 «Сила 3 + Атлетика 3 (сложность 2)»⟦⟧ и «Ловкость + Атлетика (сложность 1)».',
    '',
    '⟦«Сила 3 + Атлетика 3 против⟧ Ловкость 3 + Атлетика 1»⟦⟧',
    '«Сила 2 + Атлетика 2 (сложность 1, 5 успехов, 4 броска)»⟦⟧',
  ),
);

describe('inlay hints', () => {
  let client: LspTestClient;
  const uri = docUri('hints.md');
  afterEach(async () => client.stop());

  it('puts the headline odds after every check with a known pool', async () => {
    client = await LspTestClient.start();
    await client.open(uri, DOCUMENT);
    const hint = (position: Position, percent: string, tooltip: string) => ({
      position,
      label: `≈${percent}`,
      kind: InlayHintKind.Parameter,
      paddingLeft: true,
      tooltip,
    });
    assert.deepEqual(await client.inlayHints(uri, range(0, 0, 7, 0)), [
      hint(afterFirst.start, ru('76 %'), ru('успех 76 % · болезненный провал 11 %')),
      hint(afterContest.start, ru('52 %'), ru('победа 52 % · ничья — решает Рассказчик 25 %')),
      hint(afterExtended.start, ru('28 %'), ru('за 4 броска: 28 % · нужно 5 успехов')),
    ]);
  });

  it('answers only for the requested range', async () => {
    client = await LspTestClient.start();
    await client.open(uri, DOCUMENT);
    // The start of the contest's line only: its hint is at the line's end.
    const hints = await client.inlayHints(uri, contestLine);
    assert.deepEqual(
      hints?.map((h) => h.position),
      [afterContest.start],
    );
  });

  it('turns off with rollmark.inlayHints.enabled', async () => {
    client = await LspTestClient.start({ settings: { inlayHints: { enabled: false } } });
    await client.open(uri, DOCUMENT);
    assert.deepEqual(await client.inlayHints(uri, range(0, 0, 7, 0)), []);
  });
});
