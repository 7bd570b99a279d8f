/**
 * MARKUP.md "Additions (3)", **Combat**, through `analyzeDocument` and the parser: «урон: пул» and
 * «поглощение: пул» read as pools, printed back in canonical form, resolved against the actor's
 * sheet, and each case the grammar rules out reported at its exact range with its words.
 */
import * as assert from 'node:assert/strict';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { formatCanonical, parseCheckExpression } from '../../../server/out/analysis/check/checkExpression';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import { markedRange } from '../markers';
import { scenario, type WordedAnalysis, wordedAnalysis } from './util';
import { CONTENT_OFFSET, printAst } from './printCheck';

function analyze(text: string, locale: 'ru' | 'en' = 'en'): WordedAnalysis {
  return wordedAnalysis(analyzeDocument(text, { rulesets: builtinRulesets(), dictionary: [] }), locale);
}

const DAVID = ['characters:', '  Дэвид: { Сила: 3, Ловкость: 3, Драка: 3, Выносливость: 3 }'];

describe('MARKUP.md Additions (3): «урон:» and «поглощение:» pools', () => {
  it('parses a pool after the colon, up to the «;», with traits, ratings, signs and integers', () => {
    const content = 'Ловкость 3 + Драка 2 (сложность 6; урон: Сила 2 + 1; поглощение: Выносливость 3 − 1)';
    const ast = parseCheckExpression(content, CONTENT_OFFSET);
    assert.deepEqual(ast.errors, []);
    const lines = printAst(ast, content, CONTENT_OFFSET).split('\n');
    assert.deepEqual(lines.slice(1), [
      'params ‹(сложность 6; урон: Сила 2 + 1; поглощение: Выносливость 3 − 1)›21: difficulty 6 ‹сложность 6›22 kw ‹сложность›22 value ‹6›32; ' +
        'damage ‹урон: Сила 2 + 1›35 kw ‹урон›35 pool ‹Сила 2 + 1›41: trait ‹Сила›41 rating 2 ‹2›46 range ‹Сила 2›41, +‹+›48 modifier 1 ‹1›50; ' +
        'soak ‹поглощение: Выносливость 3 − 1›53 kw ‹поглощение›53 pool ‹Выносливость 3 − 1›65: trait ‹Выносливость›65 rating 3 ‹3›78 range ‹Выносливость 3›65, −‹−›80 modifier 1 ‹1›82',
    ]);
  });

  it('prints the check back in canonical form (round trip), the pools’ names as the ruleset spells them', () => {
    const written = 'Дэвид: Ловкость + Драка (сложность 6; урон: Сила + 1; поглощение: 3) против Ловкость 2 + Уклонение 2';
    const ast = parseCheckExpression(written);
    assert.deepEqual(ast.errors, []);
    const canonical = formatCanonical(ast, (term) => term.name);
    assert.equal(canonical, 'Дэвид: Ловкость + Драка (сложность 6, урон: Сила + 1, поглощение: 3) против Ловкость 2 + Уклонение 2');
    // The canonical form parses to the same pools.
    const again = parseCheckExpression(canonical);
    assert.deepEqual(again.errors, []);
    assert.equal(formatCanonical(again, (term) => term.name), canonical);
    assert.equal(formatCanonical(ast, (term) => term.name.toUpperCase()), 'Дэвид: ЛОВКОСТЬ + ДРАКА (сложность 6, урон: СИЛА + 1, поглощение: 3) против ЛОВКОСТЬ 2 + УКЛОНЕНИЕ 2');
  });

  it('«урон» and «поглощение» without a colon keep their meaning: the roll itself cannot botch', () => {
    const analysis = analyzeDocument(scenario('mage-revised', ['«Выносливость 3 (поглощение)»', '«Сила 3 + 2 (урон)»']), { rulesets: builtinRulesets(), dictionary: [] });
    assert.deepEqual(analysis.diagnostics.map((d) => d.code), []);
    assert.deepEqual(
      analysis.checks.map((c) => [c.spec?.side.noBotch, c.spec?.combat]),
      [
        [true, undefined],
        [true, undefined],
      ],
    );
  });

  it('001 l.268–275 as markup: no diagnostic; the damage pool takes the actor’s sheet, the soak its rating', () => {
    const text = scenario(
      'mage-revised',
      ['«Дэвид: Ловкость + Драка (сложность 6; урон: Сила + 1; поглощение: 3)»', '«Дэвид: Ловкость + Драка (урон: Сила + 2) против Ловкость 2 + Уклонение 2»', '«Ловкость 3 + Драка 2 (урон: 2)»'],
      DAVID,
    );
    const analysis = analyzeDocument(text, { rulesets: builtinRulesets(), dictionary: [] });
    assert.deepEqual(analysis.diagnostics.filter((d) => d.severity !== 'info').map((d) => d.code), []);
    assert.deepEqual(
      analysis.checks.map((c) => c.spec?.combat),
      [
        { damage: 4, soak: 3 },
        { damage: 5, soak: 0 },
        { damage: 2, soak: 0 },
      ],
    );
    // mage-revised's equipment in the pools (l.280: armour adds to the soak).
    const armed = analyzeDocument(scenario('mage-revised', ['«Ловкость 3 + Драка 2 (сложность 6; урон: Сила 2 + Оружие 1; поглощение: Выносливость 3 + Броня 2)»']), { rulesets: builtinRulesets(), dictionary: [] });
    assert.deepEqual(armed.diagnostics.map((d) => d.code), []);
    assert.deepEqual(armed.checks[0].spec?.combat, { damage: 3, soak: 5 });
    // The hit is the chance that counts, where a chance is shown.
    const first = analysis.checks[0].odds;
    assert.ok(first && first.pool !== null && first.hit !== undefined && first.outcomes?.success === first.hit);
  });

  it('a check without an actor in a party: each character rolls with their own Strength, the chance is the hit', () => {
    const text = scenario('mage-revised', ['«Ловкость + Драка (урон: Сила + 1)»'], ['characters:', '  Дэвид: { Сила: 3, Ловкость: 3, Драка: 3 }', '  Миоши: { Сила: 1, Ловкость: 4, Драка: 2 }']);
    const analysis = analyzeDocument(text, { rulesets: builtinRulesets(), dictionary: [] });
    assert.deepEqual(analysis.diagnostics.filter((d) => d.severity !== 'info').map((d) => d.code), []);
    const party = analysis.checks[0].party;
    assert.ok(party, 'the party rolls it');
    assert.deepEqual(party.members.map((m) => m.character).sort(), ['Дэвид', 'Миоши']);
    for (const member of party.members) assert.ok(member.success > 0 && member.success < 1);
  });

  it('a party rolls an attack whose only sheet value is its damage: each character’s Strength', () => {
    const text = scenario('mage-revised', ['«Ловкость 3 + Драка 2 (урон: Сила + 1)»'], ['characters:', '  Дэвид: { Сила: 3 }', '  Миоши: { Сила: 1 }']);
    const analysis = analyzeDocument(text, { rulesets: builtinRulesets(), dictionary: [] });
    assert.deepEqual(analysis.diagnostics.filter((d) => d.severity !== 'info').map((d) => d.code), []);
    const party = analysis.checks[0].party;
    assert.ok(party, 'the party rolls it');
    assert.deepEqual(
      party.members.map((m) => [m.character, m.spec.combat]),
      [
        ['Дэвид', { damage: 4, soak: 0 }],
        ['Миоши', { damage: 2, soak: 0 }],
      ],
    );
    // The same attack: the same hit for both.
    assert.equal(party.members[0].success, party.members[1].success);
  });

  const hits: { name: string; ruleset: string; doc: string; code: string; en: string }[] = [
    {
      name: 'RM005 in storytelling',
      ruleset: 'storytelling',
      doc: '«Ловкость 3 + Драка 2 (⟦урон: Сила 2 + 1⟧)»',
      code: 'RM005',
      en: '"урон:": an attack with damage and soak exists only in the classic pool (Mage, Werewolf, 001 l.268–275); storytelling does not use it',
    },
    {
      name: 'RM005 in vampire-pack',
      ruleset: 'vampire-pack',
      doc: '«Ловкость 3 + Драка 2 (сложность 2; ⟦поглощение: 3⟧)»',
      code: 'RM005',
      en: '"поглощение:": an attack with damage and soak exists only in the classic pool (Mage, Werewolf, 001 l.268–275); vampire-pack does not use it',
    },
    {
      name: 'RM005 in threads-of-fate',
      ruleset: 'threads-of-fate',
      doc: '«Ловкость + Драка (сложность 12, ⟦урон: 2⟧)»',
      code: 'RM005',
      en: '"урон:": an attack with damage and soak exists only in the classic pool (Mage, Werewolf, 001 l.268–275); threads-of-fate does not use it',
    },
    {
      name: 'RM003 for a soak without damage',
      ruleset: 'mage-revised',
      doc: '«Ловкость 3 + Драка 2 (сложность 6; ⟦поглощение: 3⟧)»',
      code: 'RM003',
      en: '"поглощение:" (soak) soaks an attack\'s damage, and "урон:" (damage) is not given: add, for example, "урон: Сила + 1", or drop the colon if this is the soak roll itself',
    },
    {
      name: 'RM003 for a damage roll that is also an attack',
      ruleset: 'werewolf-revised',
      doc: '«Ловкость 3 + Драка 2 (⟦урон⟧, урон: 2)»',
      code: 'RM003',
      en: '"урон" without a colon makes the check a damage or soak roll itself, and "урон:" an attack: keep one of the two',
    },
    {
      name: 'RM005 on the defender’s side',
      ruleset: 'mage-revised',
      doc: '«Ловкость 3 + Драка 2 против Ловкость 2 + Уклонение 2 (⟦урон: 2⟧)»',
      code: 'RM005',
      en: '"урон:" belongs to the attacker: write it in the parentheses before "против"',
    },
    {
      name: 'RM005 with an extended action',
      ruleset: 'mage-revised',
      doc: '«Ловкость 3 + Драка 2 (10 успехов, ⟦урон: 2⟧)»',
      code: 'RM005',
      en: 'An attack with damage is one roll: an extended action does not apply to it; the damage is not computed',
    },
    {
      name: 'RM005 with «дважды»',
      ruleset: 'mage-revised',
      doc: '«Ловкость 3 + Драка 2 (дважды, ⟦урон: 2⟧)»',
      code: 'RM005',
      en: 'An attack with damage is one roll: "дважды" (roll twice) does not apply to it; the damage is not computed',
    },
    {
      name: 'RM003 for a pool beyond the bound',
      ruleset: 'mage-revised',
      doc: '«Ловкость 3 + Драка 2 (⟦урон: 101⟧)»',
      code: 'RM003',
      en: '"урон:": 101 dice; at most 100',
    },
    {
      name: 'RM004 for a soak trait without a value (the target’s, not the actor’s)',
      ruleset: 'mage-revised',
      doc: '«Дэвид: Ловкость + Драка (урон: Сила; поглощение: ⟦Выносливость⟧)»',
      code: 'RM004',
      en: '"Выносливость" in "поглощение:" has no value: the damage is not computed; write it ("Выносливость 3")',
    },
  ];
  for (const hit of hits) {
    it(hit.name, () => {
      const { text, range } = markedRange(scenario(hit.ruleset, [hit.doc], DAVID));
      const found = analyze(text).diagnostics.filter((d) => d.code === hit.code && d.message !== undefined && !/difficulty/u.test(d.message));
      assert.equal(found.length, 1, JSON.stringify(found));
      assert.deepEqual(found[0].range, range);
      assert.equal(found[0].message, hit.en);
    });
  }

  it('a malformed pool is a syntax error (RM009) where it breaks', () => {
    const check = (doc: string) => {
      const { text, range } = markedRange(scenario('mage-revised', [doc]));
      const found = analyze(text).diagnostics.filter((d) => d.code === 'RM009');
      assert.equal(found.length, 1, JSON.stringify(found));
      assert.deepEqual(found[0].range, range);
    };
    check('«Ловкость 3 + Драка 2 (урон: Сила 2 ⟦+⟧)»');
    check('«Ловкость 3 + Драка 2 (урон: Сила 2 ⟦1⟧)»');
    check('«Ловкость 3 + Драка 2 (урон:⟦⟧)»');
  });
});
