'use strict';
/* global describe, it */
const assert = require('node:assert/strict');
const vscode = require('vscode');
const { hoverText, open, positionOf, waitFor } = require('./helpers');

// Сила 3 + Атлетика 3 − сложность 2 = 4 dice in vampire-pack: 76% success, 13% failure, 11%
// painful failure (the engine's exact odds), in VS Code's display language (runCodeServer.mjs runs
// English by default, Russian with ROLLMARK_VSCODE_LOCALE=ru). Russian puts Intl's non-breaking
// space before %.
const RU = vscode.env.language.startsWith('ru');
const ru = (text) => text.replace(/ %/g, '\u00a0%');

describe('hover', () => {
  it('on a check shows its exact odds', async () => {
    const { document } = await open('checks.scenario.md');
    const position = positionOf(document, '«Адриан: Сила + Атлетика (сложность 2)»', '«Адриан: Сила +'.length);
    const text = await waitFor('a Rollmark hover', async () => {
      const found = hoverText(await vscode.commands.executeCommand('vscode.executeHoverProvider', document.uri, position));
      return found.includes('%') && found;
    });
    const lines = text.split('\n');
    const expected = RU
      ? [
          '**Успех 76 %** · болезненный провал 11 %  ',
          'Адриан: Сила 3 + Атлетика 3 − сложность 2 = 4 кости · в среднем 1,2 успеха',
          'успех                      76 % ████████████▏',
          'провал                     13 % ██▏',
          'болезненный провал         11 % █▊',
        ].map(ru)
      : [
          '**Success 76%** · painful failure 11%  ',
          'Адриан: Сила 3 + Атлетика 3 − difficulty 2 = 4 dice · 1.2 successes on average',
          'success                   76% ████████████▏',
          'failure                   13% ██▏',
          'painful failure           11% █▊',
        ];
    for (const line of expected) assert.ok(lines.includes(line), `${line} in\n${text}`);
    assert.equal(lines[0], expected[0], 'the chance that matters comes first');
  });

  it('on a trait shows the odds first, then the trait', async () => {
    const { document } = await open('checks.scenario.md');
    const position = positionOf(document, 'Обаяние + Убеждение', 3);
    const text = hoverText(await vscode.commands.executeCommand('vscode.executeHoverProvider', document.uri, position));
    assert.ok(text.startsWith(RU ? ru('**Успех 83 %**') : '**Success 83%**'), text);
    assert.match(text, /\n---\n\n\*\*Обаяние\*\* · /);
  });

  it('gives nothing outside checks', async () => {
    const { document } = await open('checks.scenario.md');
    const position = positionOf(document, 'соседнюю крышу', 3);
    const text = hoverText(await vscode.commands.executeCommand('vscode.executeHoverProvider', document.uri, position));
    assert.doesNotMatch(text, /%/);
  });
});
