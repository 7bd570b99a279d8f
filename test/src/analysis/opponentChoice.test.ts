/**
 * MARKUP.md "Additions (3)": grouped alternatives «(…) или (…)» and who chooses. Alternatives after
 * «против» are the opponent's: it takes the combination worst for the roller (001 l.105 «в
 * зависимости от того, что выше»). Every chance here is read from die faces enumerated in this
 * file (classic: each side rolls its dice at difficulty 6, net = dice ≥ 6 − ones floored at 0, the
 * higher net wins), never from the engine.
 */
import * as assert from 'node:assert/strict';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { parseCheckExpression } from '../../../server/out/analysis/check/checkExpression';
import { formatCanonical } from '../../../server/out/analysis/check/canonicalForm';
import { sideCombinations } from '../../../server/out/analysis/check/checkAlternatives';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import type { CliIo } from '../../../server/out/cli/io';
import { main } from '../../../server/out/cli/main';
import { rollCheck } from '../../../server/out/engine/roll';
import { checkHoverMarkdown } from '../../../server/out/present/hover';
import { checkLine, lensTitle } from '../../../server/out/present/odds';
import { voice } from '../../../server/out/present/voice';
import { forEachFaces } from '../engine/bruteForce';
import { scenario } from './util';

type Json = Record<string, unknown>;

/** P(net = k) for `dice` d10 at difficulty 6, listing every face of every die. */
function netByFaces(dice: number): number[] {
  const out = new Array<number>(dice + 1).fill(0);
  const p = 10 ** -dice;
  forEachFaces(dice, 10, (faces) => {
    const net = faces.filter((f) => f >= 6).length - faces.filter((f) => f === 1).length;
    out[Math.max(0, net)] += p;
  });
  return out;
}

/** P(the roller's net > the opponent's net). */
function winByFaces(mine: number, theirs: number): number {
  const a = netByFaces(mine);
  const b = netByFaces(theirs);
  let win = 0;
  a.forEach((pa, i) => b.forEach((pb, j) => (win += i > j ? pa * pb : 0)));
  return win;
}

async function odds(check: string): Promise<Json> {
  let out = '';
  let err = '';
  const io: CliIo = { out: (t) => void (out += t), err: (t) => void (err += t), locale: 'en' };
  assert.equal(await main(['odds', '--ruleset', 'mage-revised', '--json', check], io), 0, err);
  return JSON.parse(out) as Json;
}

function close(actual: unknown, expected: number, what: string): void {
  assert.equal(typeof actual, 'number', what);
  assert.ok(Math.abs((actual as number) - expected) <= 1e-9, `${what}: ${String(actual)} ≠ ${expected}`);
}

describe('MARKUP.md Additions (3): grouped alternatives', () => {
  it('each parenthesised group is one whole pool, and the canonical form keeps the parentheses', () => {
    const ast = parseCheckExpression('Манипулирование 3 + Устрашение 2 против (Сила Воли 5) или (Выносливость 2 + 3)');
    assert.deepEqual(ast.errors, []);
    assert.equal(ast.sides[1].groupedPools, true);
    assert.deepEqual(sideCombinations(ast.sides[1]), [[0], [1, 2]]);
    assert.equal(formatCanonical(ast, (t) => t.name), 'Манипулирование 3 + Устрашение 2 против (Сила Воли 5) или (Выносливость 2 + 3)');
  });

  it('a single trait in a group stays a whole pool: the «+ 3» belongs to its own group only', () => {
    const ast = parseCheckExpression('(Сила 3) или (Ловкость 2 + 3) (сложность 7)');
    assert.deepEqual(ast.errors, []);
    assert.deepEqual(sideCombinations(ast.sides[0]), [[0], [1, 2]]);
    assert.equal(ast.sides[0].params.length, 1);
    assert.equal(formatCanonical(ast, (t) => t.name), '(Сила 3) или (Ловкость 2 + 3) (сложность 7)');
  });

  it('a group that is not closed is a syntax error, not a guess', () => {
    assert.notDeepEqual(parseCheckExpression('Сила 3 против (Сила Воли 5) или (Выносливость 2').errors, []);
  });
});

describe('MARKUP.md Additions (3): the opponent chooses the alternatives after «против»', () => {
  it('001 l.105 «Манипулирование 3 + Устрашение 2 против (Сила Воли 5) или (Выносливость 2 + 3)»: 5 dice against 5 either way', async () => {
    const json = await odds('Манипулирование 3 + Устрашение 2 против (Сила Воли 5) или (Выносливость 2 + 3)');
    const win = winByFaces(5, 5);
    assert.equal(json.chooser, 'opponent');
    assert.equal(json.best, 0);
    close((json.contest as Json).win, win, 'contest.win');
    const alternatives = json.alternatives as Json[];
    assert.deepEqual(
      alternatives.map((a) => a.check),
      ['«Манипулирование 3 + Устрашение 2 против Сила Воли 5»', '«Манипулирование 3 + Устрашение 2 против Выносливость 2 + 3»'],
    );
    alternatives.forEach((a, i) => close((a.contest as Json).win, win, `alternatives[${i}].contest.win`));
  });

  it('the opponent takes the higher pool, worst for the roller: Willpower 6 beats Stamina 2 + 3', async () => {
    const json = await odds('Манипулирование 3 + Устрашение 2 против (Сила Воли 6) или (Выносливость 2 + 3)');
    assert.equal(json.chooser, 'opponent');
    assert.equal(json.best, 0);
    close((json.contest as Json).win, winByFaces(5, 6), 'contest.win');
    close(((json.alternatives as Json[])[1].contest as Json).win, winByFaces(5, 5), 'alternatives[1].contest.win');
    // Written the other way round, the opponent still picks the six dice.
    const swapped = await odds('Манипулирование 3 + Устрашение 2 против (Выносливость 2 + 3) или (Сила Воли 6)');
    assert.equal(swapped.best, 1);
    close((swapped.contest as Json).win, winByFaces(5, 6), 'swapped contest.win');
  });

  it('both sides choose: the roller’s best answer to the opponent’s worst case (maximin)', async () => {
    // Roller: 4 or 6 dice; opponent: 3 or 7 dice. Rows: (4 v 3, 4 v 7), (6 v 3, 6 v 7).
    const json = await odds('(Сила 4) или (Ловкость 6) против (Выносливость 3) или (Сила Воли 7)');
    const wins = [winByFaces(4, 3), winByFaces(4, 7), winByFaces(6, 3), winByFaces(6, 7)];
    const rowWorst = [Math.min(wins[0], wins[1]), Math.min(wins[2], wins[3])];
    const row = rowWorst[1] > rowWorst[0] ? 1 : 0;
    const best = row * 2 + (wins[row * 2 + 1] < wins[row * 2] ? 1 : 0);
    assert.equal(best, 3);
    assert.equal(json.best, best);
    assert.equal(json.chooser, 'opponent');
    close((json.contest as Json).win, wins[best], 'contest.win');
  });

  it('alternatives before «против» only: the roller’s best, no `chooser`', async () => {
    const json = await odds('(Сила 4) или (Ловкость 6) против Выносливость 5');
    assert.equal(json.best, 1);
    assert.equal(json.chooser, undefined);
    close((json.contest as Json).win, winByFaces(6, 5), 'contest.win');
  });

  it('the hover, the lens and a roll say it is the opponent’s choice and use that combination', () => {
    const text = scenario('mage-revised', ['Давление: «Манипулирование 3 + Устрашение 2 против (Сила Воли 6) или (Выносливость 2 + 3)».']);
    const analysis = analyzeDocument(text, { rulesets: builtinRulesets() });
    assert.deepEqual(analysis.diagnostics, []);
    const check = analysis.checks[0];
    assert.ok(check.spec && check.odds);
    const v = voice('ru');
    const hover = checkHoverMarkdown(check, analysis.ruleset, v).replace(/[\u00a0\u202f]/gu, ' ');
    assert.ok(hover.includes('Манипулирование 3 + Устрашение 2 против Сила Воли 6 — победа 34 % (выбор противника — худший для бросающего)'), hover);
    const line = checkLine(check.odds, { ruleset: analysis.ruleset, v, spec: check.spec });
    assert.equal(line.alternative, 'Манипулирование 3 + Устрашение 2 против Сила Воли 6 (выбор противника — худший для бросающего)');
    assert.ok(lensTitle(line, v, { odds: true }).includes('(выбор противника'));
    const roll = rollCheck(analysis.ruleset, check.spec, { seed: 7 });
    assert.equal(roll.opponent?.dice.length, 6);
  });

  it('party odds: each character’s chance is against the opponent’s pick worst for that character', () => {
    const text = scenario('mage-revised', ['«Манипулирование + Устрашение против (Сила Воли 6) или (Выносливость 2 + 3)»'], [
      'characters:',
      '  Ирина: { Манипулирование: 4, Устрашение: 3 }',
      '  Олег: { Манипулирование: 2, Устрашение: 1 }',
    ]);
    const analysis = analyzeDocument(text, { rulesets: builtinRulesets() });
    const party = analysis.checks[0].party;
    assert.ok(party);
    const want = new Map([
      ['Ирина', winByFaces(7, 6)],
      ['Олег', winByFaces(3, 6)],
    ]);
    assert.deepEqual(
      party.members.map((m) => m.character),
      ['Ирина', 'Олег'],
    );
    for (const m of party.members) close(m.success, want.get(m.character) ?? NaN, m.character);
  });
});
