'use strict';
/* global describe, it */
const assert = require('node:assert/strict');
const vscode = require('vscode');
const { hoverText, open, positionOf, waitFor } = require('./helpers');

// Сила 3 + Атлетика 3 − сложность 2 = 4 dice in vampire-pack: 11% painful failure, 13% failure,
// 76% success (the engine's exact odds), in VS Code's display language (runCodeServer.mjs runs
// English by default, Russian with ROLLMARK_VSCODE_LOCALE=ru).
const RU = vscode.env.language.startsWith('ru');

describe('hover', () => {
  it('on a check shows its exact odds', async () => {
    const { document } = await open('checks.scenario.md');
    const position = positionOf(document, '«Адриан: Сила + Атлетика (сложность 2)»', '«Адриан: Сила +'.length);
    const text = await waitFor('a Rollmark hover', async () => {
      const found = hoverText(await vscode.commands.executeCommand('vscode.executeHoverProvider', document.uri, position));
      return found.includes('%') && found;
    });
    const lines = text.split('\n');
    if (RU) {
      assert.ok(lines.includes('Сила 3 + Атлетика 3 − сложность 2 = 4 кости'), text);
      for (const row of ['| болезненный провал | 11% |', '| провал | 13% |', '| успех | 76% |']) assert.ok(lines.includes(row), `${row} in\n${text}`);
    } else {
      assert.ok(lines.includes('Сила 3 + Атлетика 3 − difficulty 2 = 4 dice'), text);
      for (const row of ['| painful failure | 11% |', '| failure | 13% |', '| success | 76% |']) assert.ok(lines.includes(row), `${row} in\n${text}`);
    }
  });

  it('on a trait names the trait, then the odds', async () => {
    const { document } = await open('checks.scenario.md');
    const position = positionOf(document, 'Обаяние + Убеждение', 3);
    const text = hoverText(await vscode.commands.executeCommand('vscode.executeHoverProvider', document.uri, position));
    assert.match(text, /\*\*Обаяние\*\*/);
    assert.ok(text.split('\n').includes(RU ? '| успех | 83% |' : '| success | 83% |'), text);
  });

  it('gives nothing outside checks', async () => {
    const { document } = await open('checks.scenario.md');
    const position = positionOf(document, 'соседнюю крышу', 3);
    const text = hoverText(await vscode.commands.executeCommand('vscode.executeHoverProvider', document.uri, position));
    assert.doesNotMatch(text, /%/);
  });
});
