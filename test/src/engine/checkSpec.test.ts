/**
 * What the analysis builds a spec with: helpers' sides, checks with alternatives, and which
 * mechanics each ruleset has.
 */
import * as assert from 'node:assert/strict';
import { getBuiltinRuleset, listBuiltinRulesets } from '../../../server/out/engine/builtinRulesets';
import { supportsInitiative, supportsNoBotch, supportsRaces, supportsTeamwork } from '../../../server/out/engine/capabilities';
import { helperSide, plainSide, withAlternatives } from '../../../server/out/engine/checkSpec';
import { computeOdds } from '../../../server/out/engine/odds';
import type { Ruleset } from '../../../server/out/engine/ruleset';

describe('Building specs', () => {
  it('a helper rolls the same traits with its own values: same difficulty and again option, nothing else', () => {
    const main = plainSide(5, { difficulty: 7, again: 9, willpower: true, specialties: 1, advantages: 2, isStatic: true, noBotch: true, attribute: 3 });
    assert.deepEqual(helperSide(main, 2), plainSide(2, { difficulty: 7, again: 9 }));
    assert.deepEqual(helperSide(plainSide(1), null), plainSide(null));
  });

  it('a check with alternatives carries the first combination at the top and every one in the list', () => {
    const first = { check: '«Ловкость 3 + Ремесло 2»', spec: { side: plainSide(5) } };
    const second = { check: '«Интеллект 2 + Ремесло 2»', spec: { side: plainSide(4), extended: { target: 5 } } };
    assert.deepEqual(withAlternatives([first, second]), { side: plainSide(5), alternatives: [first, second] });
    assert.throws(() => withAlternatives([]), RangeError);
  });
});

describe('Mechanics per ruleset', () => {
  it('says which of teamwork, initiative, soak and races each built-in ruleset has', () => {
    const table = Object.fromEntries(
      listBuiltinRulesets().map((r) => [r.id, [supportsTeamwork(r), supportsInitiative(r), supportsNoBotch(r), supportsRaces(r)]]),
    );
    assert.deepEqual(table, {
      storytelling: [true, true, false, true],
      'mage-revised': [true, true, true, true],
      'threads-of-fate': [true, false, false, false],
      'werewolf-revised': [true, true, true, true],
      'vampire-pack': [false, false, false, true],
    });
  });

  it('lets a ruleset’s own word decide teamwork', () => {
    const storytelling = getBuiltinRuleset('storytelling');
    assert.ok(storytelling);
    const without: Ruleset = { ...storytelling, teamwork: false };
    assert.equal(supportsTeamwork(without), false);
    // Its helpers change nothing, and the report does not count them.
    const main = plainSide(3);
    const helped = computeOdds(without, { side: { ...main, helpers: [helperSide(main, 3)] } });
    assert.deepEqual(helped, computeOdds(without, { side: main }));
    assert.equal(computeOdds(storytelling, { side: { ...main, helpers: [helperSide(main, 3)] } }).pool, 3);
  });
});
