'use strict';
/* global describe, it */
const assert = require('node:assert/strict');
const vscode = require('vscode');
const { api, codeLenses, open, waitFor } = require('./helpers');

/** The lens's command with `extra` merged into its first (object) argument. */
function withArgs(command, extra) {
  const [first, ...rest] = command.arguments || [];
  return first && typeof first === 'object' ? [{ ...first, ...extra }, ...rest] : command.arguments || [];
}

async function lensesOf(name) {
  const { document } = await open(name);
  const lenses = await waitFor('code lenses', async () => {
    const found = await codeLenses(document.uri);
    return found.length > 0 && found;
  });
  return { document, lenses: lenses.sort((a, b) => a.range.start.line - b.range.start.line) };
}

describe('code lenses', () => {
  it('stand above every check, resolved to «🎲 Roll» (the odds are the inlay hint’s)', async () => {
    const { document, lenses } = await lensesOf('checks.scenario.md');
    assert.equal(lenses.length, 3);
    assert.equal(document.getText(lenses[0].range), '«Адриан: Сила + Атлетика (сложность 2)»');
    const RU = vscode.env.language.startsWith('ru');
    assert.deepEqual(
      lenses.map((l) => l.command.title),
      RU ? ['🎲 Бросить', '🎲 Бросить', '🎲 Бросить · пул неизвестен'] : ['🎲 Roll', '🎲 Roll', '🎲 Roll · pool unknown'],
    );
  });

  it('name their checks on a line with several', async () => {
    const { lenses } = await lensesOf('tavern.scenario.md');
    assert.deepEqual(
      lenses.map((l) => [l.range.start.line + 1, l.command.title]),
      [
        [12, '🎲 Адриан: Сила + Атлетика'],
        [12, '🎲 Катастрофа: Ловкость + Скрытность − 1'],
        [18, vscode.env.language.startsWith('ru') ? '🎲 Бросить' : '🎲 Roll'],
      ],
    );
  });

  it('run a command that rolls the check (seeded: the same dice every time)', async () => {
    const { document, lenses } = await lensesOf('checks.scenario.md');
    const { command } = lenses[0];
    const result = await vscode.commands.executeCommand(command.command, ...withArgs(command, { seed: 1 }));
    assert.ok(result && result.roll, `${command.command} returned no roll: ${JSON.stringify(result)}`);
    assert.equal(result.uri, document.uri.toString());
    assert.equal(result.text, '«Адриан: Сила + Атлетика (сложность 2)»');
    assert.equal(result.roll.seed, 1);
    assert.deepEqual(result.roll.dice, [7, 9, 2, 8]);
    assert.equal(result.roll.successes, 2);
    assert.equal(
      result.message,
      vscode.env.language.startsWith('ru')
        ? '🎲 «Адриан: Сила + Атлетика (сложность 2)»: [7, 9, 2, 8] → 2 успеха: уверенный успех · зерно броска 1'
        : '🎲 «Адриан: Сила + Атлетика (сложность 2)»: [7, 9, 2, 8] → 2 successes: solid success · seed 1',
    );
  });

  it('write each roll to the roll log', async () => {
    const { document, lenses } = await lensesOf('checks.scenario.md');
    const { command } = lenses[1];
    const rollmark = await api();
    const before = rollmark.rolls.length;
    const result = await vscode.commands.executeCommand(command.command, ...withArgs(command, { seed: 42 }));
    assert.equal(rollmark.rolls.length, before + 1);
    const entry = rollmark.rolls[rollmark.rolls.length - 1];
    assert.equal(entry.uri, document.uri.toString());
    assert.equal(entry.line, 11);
    assert.equal(entry.check, '«Адриан: Обаяние + Убеждение (сложность 1)»');
    assert.equal(entry.seed, 42);
    assert.equal(entry.message, result.message);
    // The log prints the server's lines as they are, after the time and the place.
    assert.match(entry.lines[0], /^\[\d\d:\d\d:\d\d\] checks\.scenario\.md:11 {2}/);
    assert.deepEqual([entry.lines[0].slice(entry.lines[0].indexOf('  ') + 2), ...entry.lines.slice(1)], result.log);
  });

  it('roll an unknown pool with the pool the caller gives', async () => {
    const { document } = await lensesOf('checks.scenario.md');
    const result = await vscode.commands.executeCommand('rollmark.rollCheck', { uri: document.uri.toString(), line: 12, character: 32, pool: 6, seed: 7 });
    assert.deepEqual(result.assumedPool, { pool: 6, source: 'argument' });
    assert.equal(result.roll.dice.length, 6);
    const again = await vscode.commands.executeCommand('rollmark.rollCheck', { uri: document.uri.toString(), line: 12, character: 32, pool: 6, seed: 7 });
    assert.deepEqual(again.roll.dice, result.roll.dice, 'a seed replays the roll');
  });
});
