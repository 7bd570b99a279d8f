/**
 * Kept rolls through the server (docs/markup.md «Сохранённые броски»): `rollmark.keepRoll` replays
 * the roll from its seed and writes it as a line after the check (an edit of the open document)
 * or into the session log beside the scenario (the workspace's file edit, a heading first); the
 * kept check's lens shows what was kept, with «Roll anew» beside it; the kept line's «Replay»
 * rolls the very same dice; a kept line is not a check; the luck audit reads the log.
 */
import * as assert from 'node:assert/strict';
import type { CodeLens } from 'vscode-languageserver/node';
import type { KeepRollResult, LuckAuditResult, RollCheckArgs, RollCheckResult } from '../../../server/src/protocol';
import { applyEdits, docUri, joinLines, LspTestClient, MemoryFs, WORKSPACE } from './harness';

const SCENE = joinLines('---', 'ruleset: vampire-pack', 'characters:', '  Адриан: { Сила: 3, Атлетика: 3 }', '  Вера: { Сила: 2, Атлетика: 1 }', '---', '# Забор', 'Перелезть: «Адриан: Сила + Атлетика (сложность 2)»', 'и дальше по тексту.', '', 'Все вместе: «Сила + Атлетика (сложность 1)»', '');
const WHEN = { date: '2026-12-06', time: '19:42' };

describe('kept rolls in the editor', function () {
  this.timeout(30_000);
  let client: LspTestClient;
  afterEach(async () => client.stop());

  const rollArgs = (uri: string, line: number, character: number, text: string): RollCheckArgs => ({ uri, line, character, text });

  it('keeps a roll as a line after the check’s paragraph; the check’s lens shows it, «Roll anew» beside it, and «Replay» rolls the same dice', async () => {
    client = await LspTestClient.start({ locale: 'en' });
    const uri = docUri('scene.scenario.md');
    await client.open(uri, SCENE);
    const args = rollArgs(uri, 7, 11, '«Адриан: Сила + Атлетика (сложность 2)»');
    const rolled = await client.executeCommand<RollCheckResult>('rollmark.rollCheck', { ...args, seed: 123456 });
    const kept = await client.executeCommand<KeepRollResult>('rollmark.keepRoll', { ...args, seed: 123456, where: 'line', ...WHEN });
    assert.deepEqual(kept, { kept: true, uri, line: 9 });
    const edit = client.appliedEdits.at(-1)?.edit;
    const changes = edit?.documentChanges?.[0] ?? edit?.changes?.[uri];
    const edits = Array.isArray(changes) ? changes : changes && 'edits' in changes ? changes.edits : [];
    const after = applyEdits(SCENE, edits as never);
    const lines = after.split('\n');
    assert.equal(lines[8], 'и дальше по тексту.');
    const successes = rolled.roll.successes;
    assert.equal(
      lines[9],
      `> 🎲 ${rolled.message.slice('🎲 «Адриан: Сила + Атлетика (сложность 2)»: '.length)} · 2026-12-06 <!-- rollmark:roll {"check":"«Адриан: Сила + Атлетика (сложность 2)»","ruleset":"vampire-pack","seed":123456,"rolls":[{"successes":${successes}}]} -->`,
    );
    assert.equal(lines[10], '');

    await client.change(uri, 2, [{ text: after }]);
    const lenses = await client.resolvedCodeLenses(uri);
    const titles = lenses.map((l: CodeLens) => [l.range.start.line, l.command?.title]);
    assert.deepEqual(titles, [
      [7, `📌 Kept: ${successes === 1 ? '1 success' : `${successes} successes`} · seed 123456`],
      [7, '🎲 Roll anew'],
      [11, '🎲 Roll'],
      [9, '🔁 Replay (seed 123456)'],
    ]);
    // The kept line is no check (its «…» is in the comment): no roll lens on line 9, only the replay.
    const replay = lenses[3].command?.arguments?.[0] as RollCheckArgs;
    const again = await client.executeCommand<RollCheckResult>('rollmark.rollCheck', replay);
    assert.deepEqual(again.roll, rolled.roll);
    const anew = lenses[1].command?.arguments?.[0] as RollCheckArgs;
    assert.equal(anew.seed, undefined);
  });

  it('keeps a party’s roll in the session log beside the scenario, a heading first, the next roll appended; the audit reads it', async () => {
    const fs = new MemoryFs({ 'глава/scene.scenario.md': SCENE });
    client = await LspTestClient.start({ workspaceFolder: WORKSPACE, fileSystem: () => fs, locale: 'ru' });
    const uri = `${WORKSPACE}/%D0%B3%D0%BB%D0%B0%D0%B2%D0%B0/scene.scenario.md`;
    await client.open(uri, SCENE);
    const party = { ...rollArgs(uri, 10, 13, '«Сила + Атлетика (сложность 1)»'), party: true };
    const first = await client.executeCommand<RollCheckResult>('rollmark.rollCheck', { ...party, seed: 7 });
    const logUri = `${WORKSPACE}/%D0%B3%D0%BB%D0%B0%D0%B2%D0%B0/%D1%81%D0%B5%D1%81%D1%81%D0%B8%D1%8F-2026-12-06.md`;
    const kept = await client.executeCommand<KeepRollResult>('rollmark.keepRoll', { ...party, seed: 7, where: 'sessionLog', ...WHEN });
    // The line the entry is on (0-based), which «Open» reveals.
    assert.deepEqual(kept, { kept: true, uri: logUri, line: 2 });
    const actor = { ...rollArgs(uri, 7, 11, '«Адриан: Сила + Атлетика (сложность 2)»') };
    await client.executeCommand<KeepRollResult>('rollmark.keepRoll', { ...actor, seed: 8, where: 'sessionLog', ...WHEN, time: '19:50' });
    const log = fs.files.get('глава/сессия-2026-12-06.md') ?? '';
    const rolls = (first.party ?? []).map((p) => `{"actor":"${p.actor}","successes":${p.roll.successes}}`).join(',');
    const entries = log.split('\n');
    assert.equal(entries[0], '# Сессия 2026-12-06');
    assert.equal(entries[1], '');
    assert.equal(
      entries[2],
      `> 🎲 \`«Сила + Атлетика (сложность 1)»\` · [scene.scenario.md:11](scene.scenario.md) · ${first.message.slice('🎲 «Сила + Атлетика (сложность 1)» · '.length)} · 19:42 <!-- rollmark:roll {"check":"«Сила + Атлетика (сложность 1)»","ruleset":"vampire-pack","seed":7,"party":true,"rolls":[${rolls}],"file":"scene.scenario.md","line":11} -->`,
    );
    assert.equal(entries[3], '');
    assert.match(entries[4], /^> 🎲 `«Адриан: Сила \+ Атлетика \(сложность 2\)»` · \[scene\.scenario\.md:8\]\(scene\.scenario\.md\) · \[.*\] → .* · 19:50 <!-- rollmark:roll \{.*"seed":8,.*"file":"scene\.scenario\.md","line":8\} -->$/);
    assert.equal(entries.length, 6);

    await client.open(logUri, log);
    // With the log open, the entry goes into the editor's text; the line is the entry's still.
    const third = await client.executeCommand<KeepRollResult>('rollmark.keepRoll', { ...actor, seed: 9, where: 'sessionLog', ...WHEN, time: '19:55' });
    assert.deepEqual(third, { kept: true, uri: logUri, line: 6 });
    const audit = await client.executeCommand<LuckAuditResult>('rollmark.luckAudit', { uri: logUri });
    assert.equal(typeof audit.percentile, 'number');
    assert.match(audit.markdown, /^# Проверка удачи\n\nУспехи группы — на \d+-м процентиле того, что дают шансы\n\nВыпало успехов: \d+, ожидалось в среднем [\d,]+ \(3 броска\)\n\n!\[успехов за сессию\]\(data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+\)\n\n- /);
  });
});
