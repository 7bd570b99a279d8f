/**
 * What the extension sends to keep a roll (client/src/keptRolls.ts): the roll's own check, pool,
 * roller and seed, where the setting says, the user's local date and time; and which files the
 * luck audit offers as session logs.
 */
import * as assert from 'node:assert/strict';
import { isSessionLog, keepRollArgs, keptRollDestination, localDate, localTime, sameRollArgs, sessionLogsLatestFirst } from '../../../client/src/keptRolls';
import type { RollCheckResult } from '../../../server/src/protocol';
import { commandArgs } from '../../../server/src/validate';

const URI = 'file:///w/%D0%B3%D0%BB%D0%B0%D0%B2%D0%B0/scene.scenario.md';

function result(extra: Partial<RollCheckResult>, seed: { seed?: number } = { seed: 7 }): RollCheckResult {
  return {
    uri: URI,
    text: '«Сила + Атлетика (сложность 1)»',
    range: { start: { line: 10, character: 13 }, end: { line: 10, character: 44 } },
    roll: seed as RollCheckResult['roll'],
    message: '🎲 …',
    log: ['🎲 …'],
    ...extra,
  };
}

/** 6 December 2026, 09:05 on the local clock, whatever the machine's zone. */
const NOW = new Date(2026, 11, 6, 9, 5, 59);

describe('client: keeping a roll', () => {
  it('keeps under the check unless the setting says the session log; anything else is the default', () => {
    assert.equal(keptRollDestination('sessionLog'), 'sessionLog');
    assert.equal(keptRollDestination('line'), 'line');
    assert.equal(keptRollDestination(undefined), 'line');
    assert.equal(keptRollDestination('сессия'), 'line');
  });

  it('writes the local date and time with leading zeros', () => {
    assert.equal(localDate(NOW), '2026-12-06');
    assert.equal(localTime(NOW), '09:05');
    assert.equal(localDate(new Date(987, 0, 1)), '0987-01-01');
  });

  it('keeps the one roll it was: its check by place and text, its pool, its seed, one character', () => {
    assert.deepEqual(keepRollArgs(result({ actor: 'Адриан' }), 3, 'sessionLog', NOW), {
      uri: URI,
      line: 10,
      character: 13,
      text: '«Сила + Атлетика (сложность 1)»',
      pool: 3,
      actor: 'Адриан',
      seed: 7,
      where: 'sessionLog',
      date: '2026-12-06',
      time: '09:05',
    });
  });

  it('keeps a party’s roll as the party’s, not its first character’s', () => {
    const party = result({ actor: 'Адриан', party: [] });
    assert.deepEqual(sameRollArgs(party, undefined), { uri: URI, line: 10, character: 13, text: '«Сила + Атлетика (сложность 1)»', party: true });
    assert.equal(keepRollArgs(party, undefined, 'line', NOW)?.party, true);
    assert.equal(keepRollArgs(party, undefined, 'line', NOW)?.actor, undefined);
  });

  it('offers nothing to keep for a roll without a seed, which could not be replayed', () => {
    assert.equal(keepRollArgs(result({}, {}), undefined, 'line', NOW), undefined);
  });

  it('sends what the server’s own check of the arguments takes as written', () => {
    for (const where of ['line', 'sessionLog'] as const) {
      for (const extra of [{ actor: 'Адриан' }, { party: [] }, {}]) {
        const args = keepRollArgs(result(extra), extra.actor ? undefined : 4, where, NOW);
        assert.deepEqual(commandArgs['rollmark.keepRoll'](args), args);
      }
    }
  });
});

describe('client: the session logs the luck audit offers', () => {
  it('takes only сессия-ГГГГ-ММ-ДД.md files, in any folder', () => {
    assert.equal(isSessionLog('глава/сессия-2026-12-06.md'), true);
    assert.equal(isSessionLog('сессия-2026-12-06.md'), true);
    assert.equal(isSessionLog('Сессия-2026-12-06.MD'), true);
    assert.equal(isSessionLog('сессия-2026-12-06.scenario.md'), false);
    assert.equal(isSessionLog('сессия-вторая.md'), false);
    assert.equal(isSessionLog('сессия-2026-12-06.md/readme.md'), false);
    assert.equal(isSessionLog('старая-сессия-2026-12-06.md'), false);
  });

  it('lists the latest session first, the same day’s logs by folder, and nothing else', () => {
    assert.deepEqual(sessionLogsLatestFirst(['б/сессия-2026-11-29.md', 'scene.scenario.md', 'а/сессия-2026-12-06.md', 'сессия-2026-12-06.md', 'в/сессия-2025-01-01.md']), [
      'а/сессия-2026-12-06.md',
      'сессия-2026-12-06.md',
      'б/сессия-2026-11-29.md',
      'в/сессия-2025-01-01.md',
    ]);
  });
});
