/**
 * What the engine tells the analysis about names: which other game line knows a name (RM014 in
 * every ruleset), and the categories a project dictionary entry may name.
 */
import * as assert from 'node:assert/strict';
import { getBuiltinRuleset } from '../../../server/out/engine/builtinRulesets';
import { foldName, foreignTraitLookup, otherGameLines } from '../../../server/out/engine/gameLines';
import type { Ruleset } from '../../../server/out/engine/ruleset';
import { dictionaryTrait, traitCategoryOf, traitCategoryWords } from '../../../server/out/engine/traitCategories';

function builtin(id: string): Ruleset {
  const r = getBuiltinRuleset(id);
  assert.ok(r, id);
  return r;
}

/** Which rulesets know `name` as seen from `id`, as "ruleset:trait". */
function knownElsewhere(id: string, name: string, keyOf?: (s: string) => string): string[] {
  return foreignTraitLookup(builtin(id), keyOf)(name).map((f) => `${f.ruleset.id}:${f.trait.name}`);
}

describe('Names from another game line', () => {
  it('a WoD trait in the d20 ruleset’s open vocabulary is known to the WoD lines that spell it', () => {
    assert.deepEqual(knownElsewhere('threads-of-fate', 'Сообразительность'), ['storytelling:Сообразительность', 'mage-revised:Сообразительность', 'vampire-pack:Сообразительность']);
    assert.deepEqual(knownElsewhere('threads-of-fate', 'Атлетизм'), ['mage-revised:Атлетизм']);
    assert.deepEqual(knownElsewhere('threads-of-fate', 'арете'), ['mage-revised:Арете']);
  });

  it('an author’s own skill, and the ruleset’s own traits, are no other line’s names', () => {
    assert.deepEqual(knownElsewhere('threads-of-fate', 'Взлом'), []);
    // Скрытность is threads-of-fate's own trait even though three WoD lines spell it too.
    assert.deepEqual(knownElsewhere('threads-of-fate', 'Скрытность'), []);
    // A variant the ruleset already lists (Атлетизм in werewolf-revised) is its own RM014, with its fix.
    assert.deepEqual(knownElsewhere('werewolf-revised', 'Атлетизм'), []);
    assert.deepEqual(knownElsewhere('mage-revised', 'Силы'), []);
  });

  it('a trait of another line in a closed vocabulary: Арете in vampire-pack, a Discipline in mage-revised', () => {
    assert.deepEqual(knownElsewhere('vampire-pack', 'Арете'), ['mage-revised:Арете']);
    assert.deepEqual(knownElsewhere('mage-revised', 'Доминирование'), ['vampire-pack:Доминирование']);
    assert.deepEqual(knownElsewhere('storytelling', 'Гнозис'), ['werewolf-revised:Гнозис']);
    assert.deepEqual(knownElsewhere('werewolf-revised', 'Доблесть'), ['threads-of-fate:Доблесть']);
  });

  it('meets written forms through the caller’s key: attested forms by default, any case with a stemmer', () => {
    // «Квинтэссенцию» is an attested form of mage-revised's Квинтэссенция.
    assert.deepEqual(knownElsewhere('storytelling', 'Квинтэссенцию'), ['mage-revised:Квинтэссенция']);
    const crudeStem = (s: string): string => foldName(s).replace(/[аеиоуыэюя]+$/u, '');
    assert.deepEqual(knownElsewhere('storytelling', 'Гнозиса', crudeStem), ['werewolf-revised:Гнозис']);
    assert.deepEqual(knownElsewhere('storytelling', 'Гнозиса'), []);
  });

  it('a user ruleset’s other lines leave out the built-in it extends', () => {
    const mine: Ruleset = { ...builtin('mage-revised'), id: 'my-mage', extends: 'mage-revised' };
    assert.deepEqual(otherGameLines(mine).map((r) => r.id), ['storytelling', 'threads-of-fate', 'werewolf-revised', 'vampire-pack']);
    assert.deepEqual(otherGameLines(builtin('vampire-pack')).map((r) => r.id), ['storytelling', 'mage-revised', 'threads-of-fate', 'werewolf-revised']);
  });
});

describe('Trait categories by name', () => {
  it('reads the words a dictionary may use, in either language and any letter case', () => {
    const cases: [string, string | undefined][] = [
      ['skill', 'ability'],
      ['Навык', 'ability'],
      ['знание', 'ability'],
      ['ATTRIBUTE', 'attribute'],
      ['Характеристика', 'attribute'],
      ['Дисциплина', 'power'],
      ['background', 'other'],
      ['Сфера', 'other'],
      ['rollable', 'rollable'],
      [' generic ', 'generic'],
      ['навыки', undefined],
      ['toString', undefined],
      ['', undefined],
    ];
    for (const [word, category] of cases) assert.equal(traitCategoryOf(word), category, word);
    assert.ok(traitCategoryWords().every((w) => traitCategoryOf(w) !== undefined));
  });

  it('a plain dictionary entry is an ability-like trait no text attests', () => {
    assert.deepEqual(dictionaryTrait('Взлом'), { name: 'Взлом', category: 'ability', attested: false });
    assert.deepEqual(dictionaryTrait('Скрытность', 'ability'), { name: 'Скрытность', category: 'ability', attested: false });
    assert.deepEqual(dictionaryTrait('Сила крови', 'rollable'), { name: 'Сила крови', category: 'rollable', attested: false });
  });
});
