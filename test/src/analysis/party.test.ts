/**
 * The whole party on a check without an actor (analysis/resolve/party.ts): each character's chance
 * against the brute-force oracle (bruteForce.ts), from specs written here by hand, in every
 * family; best first, ties in front-matter order; «хотя бы один» and «все» as independent rolls;
 * and each character's chance is exactly what the check written with that character as its
 * actor reports as `success` (present/odds.ts `reportChance`, the CLI's JSON).
 */
import * as assert from 'node:assert/strict';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { medianMember, partyChances } from '../../../server/out/analysis/resolve/party';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import type { AnalyzedCheck } from '../../../server/out/analysis/types';
import { type CheckSpec, helperSide, plainSide } from '../../../server/out/engine/checkSpec';
import { reportChance } from '../../../server/out/present/odds';
import { type Family, type OracleOdds, oracleOdds } from '../engine/bruteForce';
import { joinLines } from './util';

const TOL = 1e-12;

function checksOf(ruleset: string, characters: string[], ...body: string[]): AnalyzedCheck[] {
  return analyzeDocument(joinLines('---', `ruleset: ${ruleset}`, 'characters:', ...characters.map((c) => `  ${c}`), '---', ...body), { rulesets: builtinRulesets() }).checks;
}

/** The chance that matters, as the oracle sees it: a contest's win, an extended action done in time, else success of every kind. */
function oracleChance(odds: OracleOdds): number {
  if (odds.contest) return odds.contest.win;
  if (odds.within) return odds.within[odds.within.length - 1];
  return (odds.outcomes.success ?? 0) + (odds.outcomes.exceptional_success ?? 0);
}

function assertParty(check: AnalyzedCheck, family: Family, expected: [string, CheckSpec][], lacking: string[]): void {
  const party = check.party;
  assert.ok(party, `${check.text} has a party`);
  assert.deepEqual(
    party.members.map((m) => m.character),
    expected.map(([name]) => name),
  );
  const chances = expected.map(([, spec]) => oracleChance(oracleOdds(family, spec)));
  party.members.forEach((m, i) => assert.ok(Math.abs(m.success - chances[i]) <= TOL, `${m.character}: ${m.success} vs oracle ${chances[i]}`));
  let none = 1;
  let all = 1;
  for (const p of chances) {
    none *= 1 - p;
    all *= p;
  }
  assert.ok(Math.abs(party.any - (1 - none)) <= TOL);
  assert.ok(Math.abs(party.all - all) <= TOL);
  assert.deepEqual(party.lacking, lacking);
}

describe('the party on a check without an actor', () => {
  it('vampire-pack: pool minus difficulty, best first, a character without the trait left out', () => {
    const [check] = checksOf('vampire-pack', ['Адриан: { Сила: 3, Атлетика: 3 }', 'Ольха: { Ловкость: 2 }', 'Катастрофа: { Сила: 2, Атлетика: 2 }'], '«Сила + Атлетика (сложность 2)»');
    assertParty(
      check,
      'pool-minus-difficulty',
      [
        ['Адриан', { side: plainSide(6, { difficulty: 2 }) }],
        ['Катастрофа', { side: plainSide(4, { difficulty: 2 }) }],
      ],
      ['Ольха'],
    );
  });

  it('mage-revised: classic difficulty and specialty, equal chances in front-matter order', () => {
    const [check] = checksOf('mage-revised', ['Лиза: { Ловкость: 2, Атлетизм: 1 }', 'Марк: { Ловкость: 1, Атлетизм: 2 }', 'Иван: { Ловкость: 2, Атлетизм: 2 }'], '«Ловкость + Атлетизм (сложность 7, специализация)»');
    assertParty(
      check,
      'classic',
      [
        ['Иван', { side: plainSide(4, { difficulty: 7, specialties: 1 }) }],
        ['Лиза', { side: plainSide(3, { difficulty: 7, specialties: 1 }) }],
        ['Марк', { side: plainSide(3, { difficulty: 7, specialties: 1 }) }],
      ],
      [],
    );
  });

  it('storytelling: an extended action, each character’s chance of being done in time', () => {
    const [check] = checksOf('storytelling', ['Вера: { Сообразительность: 3, Ремесло: 2 }', 'Марк: { Сообразительность: 1, Ремесло: 1 }'], '«Сообразительность + Ремесло (5 успехов, 3 броска)»');
    assertParty(
      check,
      'storytelling',
      [
        ['Вера', { side: plainSide(5), extended: { target: 5, maxRolls: 3 } }],
        ['Марк', { side: plainSide(2), extended: { target: 5, maxRolls: 3 } }],
      ],
      [],
    );
  });

  it('threads-of-fate: d20 with an Advantage; a contest is each character’s chance to win', () => {
    const [plain, contest] = checksOf(
      'threads-of-fate',
      ['Ирина: { Скрытность: 4 }', 'Олег: { Скрытность: 1 }'],
      '«Скрытность (сложность 15, Преимущество)»',
      '',
      '«Скрытность против Доблесть 5»',
    );
    assertParty(
      plain,
      'd20',
      [
        ['Ирина', { side: plainSide(4, { difficulty: 15, advantages: 1 }) }],
        ['Олег', { side: plainSide(1, { difficulty: 15, advantages: 1 }) }],
      ],
      [],
    );
    assertParty(
      contest,
      'd20',
      [
        ['Ирина', { side: plainSide(4), opponent: plainSide(5) }],
        ['Олег', { side: plainSide(1), opponent: plainSide(5) }],
      ],
      [],
    );
  });

  it('a character the check names as a helper helps whoever rolls and does not roll it herself (she cannot help herself)', () => {
    const characters = ['Вера: { Сила: 3, Атлетика: 2 }', 'Марк: { Сила: 2, Атлетика: 2 }', 'Ольга: { Сила: 1, Атлетика: 1 }'];
    const [check] = checksOf('werewolf-revised', characters, '«Сила + Атлетика (помощь: Вера)»');
    const mark = plainSide(4);
    const olga = plainSide(2);
    assertParty(
      check,
      'classic',
      [
        ['Марк', { side: { ...mark, helpers: [helperSide(mark, 5)] } }],
        ['Ольга', { side: { ...olga, helpers: [helperSide(olga, 5)] } }],
      ],
      [],
    );
    assert.deepEqual(check.party?.helping, ['Вера']);
    const [everyone] = checksOf('werewolf-revised', characters, '«Сила + Атлетика (помощь: Вера, Марк, Ольга)»');
    assert.equal(everyone.party, undefined, 'everyone helps: nobody is left to roll');
  });

  it('each character’s chance is the `success` of the check written with that character as actor', () => {
    const characters = ['Вера: { Сила: 2, Атлетика: 2, Ловкость: 3 }', 'Марк: { Сила: 3, Атлетика: 1, Ловкость: 1 }'];
    for (const written of ['Сила + Атлетика', 'Сила + Атлетика (5 успехов, 3 броска)', 'Ловкость + Атлетика − 2 (снова-8)', 'Сила + Атлетика против Сила 3']) {
      const [party, vera, mark] = checksOf('storytelling', characters, `«${written}»`, '', `«Вера: ${written}»`, '', `«Марк: ${written}»`);
      const byName = new Map(party.party?.members.map((m) => [m.character, m.success]));
      assert.equal(byName.get('Вера'), reportChance(vera.odds!), written);
      assert.equal(byName.get('Марк'), reportChance(mark.odds!), written);
    }
  });

  it('no party: a check with an actor, every value inline, one character, no character able to roll it', () => {
    const two = ['Вера: { Сила: 2, Атлетика: 2 }', 'Марк: { Сила: 3, Атлетика: 1 }'];
    const [withActor, inline] = checksOf('storytelling', two, '«Вера: Сила + Атлетика»', '', '«Сила 2 + Атлетика 2»');
    assert.equal(withActor.party, undefined);
    assert.equal(inline.party, undefined);
    const [alone] = checksOf('storytelling', ['Вера: { Сила: 2, Атлетика: 2 }'], '«Сила + Атлетика»');
    assert.equal(alone.party, undefined);
    const [nobody] = checksOf('storytelling', two, '«Сообразительность + Ремесло»');
    assert.equal(nobody.party, undefined, 'no character can roll it: the unknown pool’s table says more');
  });

  it('the median character: the middle one, the weaker of the two middle ones in an even party', () => {
    const [check] = checksOf('vampire-pack', ['А: { Сила: 1 }', 'Б: { Сила: 2 }', 'В: { Сила: 3 }', 'Г: { Сила: 4 }'], '«Сила (сложность 0)»');
    assert.equal(medianMember(check.party!).character, 'Б');
    const [odd] = checksOf('vampire-pack', ['А: { Сила: 1 }', 'Б: { Сила: 2 }', 'В: { Сила: 3 }'], '«Сила (сложность 0)»');
    assert.equal(medianMember(odd.party!).character, 'Б');
  });

  it('partyChances: independent rolls', () => {
    assert.deepEqual(partyChances([0.5, 0.5]), { any: 0.75, all: 0.25 });
    assert.deepEqual(partyChances([1, 0]), { any: 1, all: 0 });
  });
});
