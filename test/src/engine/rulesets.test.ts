/**
 * Built-in rulesets, the ruleset schema and the user-file loader. Values asserted here are
 * the contract of RULESETS.md and the vocabularies of ../shared/rules/NNN-notes.md.
 */
import * as assert from 'node:assert/strict';
import Ajv from 'ajv';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { BUILTIN_RULESET_IDS, getBuiltinRuleset, listBuiltinRulesets } from '../../../server/out/engine/builtinRulesets';
import type { Ruleset, TraitEntry } from '../../../server/out/engine/ruleset';
import { parseUserRuleset } from '../../../server/out/engine/rulesetLoader';
import { validateRuleset } from '../../../server/out/engine/rulesetValidation';
import { loadValidators } from '../../../server/out/engine/rulesetSchema';
import type { ResolveBase, RulesetError, SourceRange, UserRulesetResult } from '../../../server/out/engine/rulesetLoader';
import { LineIndex } from '../../../server/out/analysis/markdown/lineIndex';
import { markedRange } from '../markers';

const SOURCE_DIR = path.join(__dirname, '../../../server/src/engine');

function rawBuiltin(id: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(readFileSync(path.join(SOURCE_DIR, 'rulesets', `${id}.json`), 'utf8'));
  assert.ok(typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed));
  return parsed as Record<string, unknown>;
}

function builtin(id: string): Ruleset {
  const r = getBuiltinRuleset(id);
  assert.ok(r, `built-in ${id} exists`);
  return r;
}

function trait(r: Ruleset, name: string): TraitEntry {
  const t = r.traits.find((x) => x.name === name);
  assert.ok(t, `${r.id} has trait ${name}`);
  return t;
}

const noBase: ResolveBase = () => undefined;

/** A ruleset file with its one `⟦…⟧` range as lines and characters, as a loader error gives it. */
function marked(source: string): { text: string; range: SourceRange } {
  const { text, range } = markedRange(source);
  const lines = new LineIndex(text);
  return { text, range: { start: lines.positionAt(range.start), end: lines.positionAt(range.end) } };
}

function parse(text: string, resolve: ResolveBase = noBase, fileName = 'rules.yaml'): UserRulesetResult {
  return parseUserRuleset(text, fileName, resolve);
}

function only(errors: readonly RulesetError[]): RulesetError {
  assert.equal(errors.length, 1, `exactly one error, got ${JSON.stringify(errors)}`);
  return errors[0];
}

/** A copy of a built-in with one change, for the schema's negative tests. */
function broken(change: (r: Record<string, unknown>, traits: Record<string, unknown>[]) => void): unknown {
  const r = rawBuiltin('mage-revised');
  const traits = r.traits as Record<string, unknown>[];
  change(r, traits);
  return r;
}

describe('Built-in rulesets', () => {
  it('all five validate against the schema and the semantic checks', () => {
    assert.deepEqual([...BUILTIN_RULESET_IDS], ['storytelling', 'mage-revised', 'threads-of-fate', 'werewolf-revised', 'vampire-pack']);
    for (const id of BUILTIN_RULESET_IDS) {
      const result = validateRuleset(rawBuiltin(id));
      assert.ok(result.ok, `${id}: ${result.ok ? '' : JSON.stringify(result.errors)}`);
      assert.equal(result.ruleset.id, id);
      assert.equal('$schema' in result.ruleset, false);
    }
    assert.deepEqual(listBuiltinRulesets().map((r) => r.id), [...BUILTIN_RULESET_IDS]);
  });

  it('are cached, frozen, and unknown ids give undefined', () => {
    const a = builtin('vampire-pack');
    assert.equal(getBuiltinRuleset('vampire-pack'), a);
    assert.ok(Object.isFrozen(a) && Object.isFrozen(a.traits) && Object.isFrozen(a.traits[0]));
    assert.equal(getBuiltinRuleset('vampire'), undefined);
    assert.equal(getBuiltinRuleset('__proto__'), undefined);
  });

  it('storytelling: family parameters', () => {
    const r = builtin('storytelling');
    assert.equal(r.family, 'storytelling');
    assert.deepEqual(r.params, { target: 8, exceptionalAt: 5, specialtyDice: 1, willpowerDice: 3 });
    assert.equal(r.vocabulary, 'closed');
    assert.equal(r.typicalPool, 5);
    assert.deepEqual(r.composition, { maxTraits: 2, forbidden: [['ability', 'ability']] });
    assert.deepEqual(r.modifierLimit, { max: 5, scope: 'each' });
    assert.equal(r.title, 'Мир Тьмы: Система Повествования (2004)');
    assert.deepEqual(r.outcomes, {
      dramatic_failure: { ru: 'полный провал', en: 'dramatic failure' },
      failure: { ru: 'провал', en: 'failure' },
      success: { ru: 'успех', en: 'success' },
      exceptional_success: { ru: 'исключительный успех', en: 'exceptional success' },
    });
  });

  it('mage-revised and werewolf-revised: classic parameters, their own outcome words', () => {
    for (const id of ['mage-revised', 'werewolf-revised']) {
      const r = builtin(id);
      assert.equal(r.family, 'classic');
      assert.deepEqual(r.params, { difficulty: { min: 2, max: 10, default: 6 } });
      assert.equal(r.vocabulary, 'closed');
      assert.equal(r.typicalPool, 5);
      assert.deepEqual(r.composition, { maxTraits: 2, forbidden: [['ability', 'ability']] });
      assert.equal(r.modifierLimit, undefined);
      assert.deepEqual(Object.keys(r.outcomes), ['botch', 'failure', 'success']);
      assert.equal(r.outcomes.botch.ru, 'провал');
      assert.equal(r.outcomes.success.ru, 'успех');
    }
    assert.equal(builtin('mage-revised').outcomes.failure.ru, 'неудача');
    assert.equal(builtin('werewolf-revised').outcomes.failure.ru, 'неудачный бросок');
  });

  it('vampire-pack: pool minus difficulty, allowed pools only, degrees of success', () => {
    const r = builtin('vampire-pack');
    assert.equal(r.family, 'pool-minus-difficulty');
    assert.deepEqual(r.params, { target: 8, specialtyDice: 1, highCompetenceAt: 4, difficulty: { min: 0, max: 99, default: 0 } });
    assert.equal(r.vocabulary, 'closed');
    assert.equal(r.typicalPool, 4);
    assert.deepEqual(r.composition, {
      maxTraits: 2,
      allowedOnly: [['attribute', 'ability'], ['attribute', 'power'], ['Самообладание', 'Упорство']],
    });
    // Additions (2): each bonus or penalty +1…+3 (004 l.157, 179, 183); the sum is not limited.
    assert.deepEqual(r.modifierLimit, { max: 3, scope: 'each' });
    assert.equal(r.teamwork, false);
    assert.equal(r.initiativeTrait, undefined);
    assert.deepEqual(
      Object.fromEntries(Object.entries(r.outcomes).map(([k, v]) => [k, v.ru])),
      {
        no_dice: 'Костей не осталось',
        painful_failure: 'болезненный провал',
        failure: 'провал',
        success: 'успех',
        degree_1: 'базовый успех',
        degree_2: 'уверенный успех',
        degree_3: 'исключительный успех',
        degree_4: 'невероятный успех',
        degree_5: 'выдающийся успех',
      },
    );
  });

  it('threads-of-fate: d20 with a required difficulty and an open vocabulary', () => {
    const r = builtin('threads-of-fate');
    assert.equal(r.family, 'd20');
    assert.deepEqual(r.params, { difficulty: { min: 1, max: 40 }, maxEdge: 2, staticBase: 10, staticEdgeBonus: 5 });
    assert.equal(r.vocabulary, 'open');
    assert.equal(r.typicalPool, 3);
    assert.deepEqual(r.composition, { maxTraits: 2 });
    assert.deepEqual(
      Object.fromEntries(Object.entries(r.outcomes).map(([k, v]) => [k, v.ru])),
      {
        success: 'успех',
        failure: 'неудача',
        critical_success: 'критический успех',
        critical_failure: 'критический провал',
        critical_rescue: 'автоматический успех',
      },
    );
    assert.deepEqual(r.traits.filter((t) => t.category === 'rollable').map((t) => t.name), ['Доблесть', 'Меткость']);
  });

  it('werewolf-revised spells Атлетика, Смекалка, Сила воли and flags the Mage spellings as variants', () => {
    const r = builtin('werewolf-revised');
    assert.deepEqual(trait(r, 'Атлетика'), {
      name: 'Атлетика',
      category: 'ability',
      group: 'Таланты',
      en: 'Athletics',
      variants: ['Атлетизм'],
      forms: ['Атлетику', 'Атлетики'],
      attested: true,
    });
    assert.deepEqual(trait(r, 'Смекалка').variants, ['Сообразительность']);
    assert.equal(trait(r, 'Сила воли').category, 'rollable');
    assert.deepEqual(trait(r, 'Сила воли').variants, ['Сила Воли', 'Воля']);
    assert.equal(trait(r, 'Ярость').category, 'rollable');
    assert.equal(trait(r, 'Гнозис').attested, false);
    assert.deepEqual(trait(r, 'Обаяние').aliases, ['Харизма']);
    assert.equal(trait(r, 'Обаяние').attested, false);
    assert.deepEqual(trait(r, 'Фехтование').aliases, ['Холодное оружие', 'Ближний бой']);
    assert.equal(r.traits.some((t) => t.name === 'Атлетизм' || t.name === 'Сообразительность'), false);
  });

  it('mage-revised spells its traits as its text does', () => {
    const r = builtin('mage-revised');
    const firearms = trait(r, 'Огнестрельное Оружие');
    assert.equal(firearms.attested, true);
    assert.equal(firearms.category, 'ability');
    assert.deepEqual(firearms.forms, ['Огнестрельном Оружии']);
    const expected: [string, string[]][] = [
      ['Атлетизм', ['Атлетика']],
      ['Сообразительность', ['Смекалка']],
      ['Незаметность', ['Скрытность']],
      ['Устрашение', ['Запугивание']],
      ['Фехтование', ['Холодное оружие', 'Ближний бой']],
      ['Компьютеры', ['Компьютер']],
    ];
    for (const [name, variants] of expected) assert.deepEqual(trait(r, name).variants, variants, name);
    assert.equal(trait(r, 'Знание Улиц').attested, true);
    const will = trait(r, 'Сила Воли');
    assert.equal(will.category, 'rollable');
    assert.deepEqual(will.forms, ['Силы Воли', 'Силу Воли', 'Силе Воли']);
    assert.equal(trait(r, 'Арете').attested, false);
    const spheres = r.traits.filter((t) => t.group === 'Сфера');
    assert.deepEqual(spheres.map((t) => t.name), ['Связи', 'Силы', 'Жизнь', 'Материя', 'Разум', 'Основы', 'Дух', 'Время', 'Энтропия']);
    assert.ok(spheres.every((t) => t.category === 'other' && t.attested === (t.name !== 'Энтропия')));
    assert.deepEqual(r.traits.filter((t) => t.category === 'generic').map((t) => t.name), ['Атрибут', 'Способность', 'Навык', 'Знание', 'Черты']);
  });

  it('storytelling spells Огнестрельное оружие and Воля, and attests Сообразительность', () => {
    const r = builtin('storytelling');
    assert.deepEqual(trait(r, 'Сообразительность'), {
      name: 'Сообразительность',
      category: 'attribute',
      group: 'Ментальные',
      en: 'Wits',
      variants: ['Смекалка'],
      forms: ['Сообразительности'],
      attested: true,
    });
    assert.deepEqual(trait(r, 'Огнестрельное оружие').forms, ['Огнестрельного оружия', 'Огнестрельным оружием']);
    const will = trait(r, 'Воля');
    assert.equal(will.category, 'other');
    assert.deepEqual(will.variants, ['Сила воли', 'Сила Воли']);
    assert.equal(trait(r, 'Драка').attested, false);
    assert.equal(trait(r, 'Безопасная Скорость').group, 'Транспорт');
  });

  it('vampire-pack lists Disciplines as unattested powers', () => {
    const r = builtin('vampire-pack');
    const powers = r.traits.filter((t) => t.category === 'power');
    assert.deepEqual(
      powers.map((t) => t.en),
      ['Animalism', 'Auspex', 'Celerity', 'Dominate', 'Fortitude', 'Potence', 'Presence', 'Obfuscate', 'Vicissitude', 'Thaumaturgy', 'Blood Sorcery', 'Protean', 'Oblivion', 'Thin-Blood Alchemy'],
    );
    assert.ok(powers.every((t) => !t.attested && t.group === 'Дисциплины'));
    assert.equal(trait(r, 'Анимализм').en, 'Animalism');
    assert.equal(trait(r, 'Дисциплина').category, 'generic');
    assert.equal(trait(r, 'Упорство').category, 'attribute');
  });

  it('vampire-pack knows the game’s standard Skills; the text attests four', () => {
    const r = builtin('vampire-pack');
    const skills = r.traits.filter((t) => t.category === 'ability');
    assert.deepEqual(
      skills.map((t) => t.name),
      [
        'Атлетика', 'Драка', 'Ремесло', 'Вождение', 'Огнестрельное оружие', 'Воровство', 'Ближний бой', 'Скрытность', 'Выживание',
        'Обращение с животными', 'Этикет', 'Проницательность', 'Запугивание', 'Лидерство', 'Исполнение', 'Убеждение', 'Знание улиц', 'Хитрость',
        'Академические знания', 'Бдительность', 'Финансы', 'Расследование', 'Медицина', 'Оккультизм', 'Политика', 'Наука', 'Техника', 'Саботаж',
      ],
    );
    assert.deepEqual(skills.filter((t) => t.attested).map((t) => t.name), ['Атлетика', 'Убеждение', 'Расследование', 'Саботаж']);
    assert.deepEqual(r.traits.filter((t) => t.category === 'attribute').map((t) => t.en), [
      'Strength', 'Dexterity', 'Stamina', 'Charisma', 'Manipulation', 'Composure', 'Intelligence', 'Wits', 'Resolve',
    ]);
    assert.deepEqual(trait(r, 'Ближний бой').variants, ['Фехтование', 'Холодное оружие']);
  });

  it('mage-revised: «Силы» is the Sphere of Forces, never a case form of «Сила»; Backgrounds are known', () => {
    const r = builtin('mage-revised');
    const strength = trait(r, 'Сила');
    assert.deepEqual(strength.forms, ['Силе', 'Силу']);
    assert.deepEqual(strength.homographs, ['Силы', 'Сил', 'Силах']);
    assert.deepEqual(trait(r, 'Силы').forms, ['Силах', 'Сил']);
    const backgrounds = r.traits.filter((t) => t.group === 'Дополнения');
    assert.deepEqual(backgrounds.map((t) => t.name), [
      'Сокрытие', 'Аватар', 'Союзники', 'Контакты', 'Культ', 'Судьба', 'Грёзы', 'Фамильяр', 'Влияние', 'Библиотека', 'Наставник', 'Узел', 'Ресурсы', 'Слуги', 'Святилище', 'Чудо',
    ]);
    assert.deepEqual(backgrounds.filter((t) => t.attested).map((t) => t.name), ['Сокрытие']);
    assert.ok(backgrounds.every((t) => t.category === 'other'));
    assert.deepEqual(trait(r, 'Фехтование').variants, ['Холодное оружие', 'Ближний бой']);
  });

  it('werewolf-revised: Backgrounds, of which Предки is rolled', () => {
    const r = builtin('werewolf-revised');
    const backgrounds = r.traits.filter((t) => t.group === 'Дополнения');
    assert.deepEqual(backgrounds.map((t) => [t.name, t.category]), [
      ['Предки', 'rollable'], ['Союзники', 'other'], ['Связи', 'other'], ['Фетиш', 'other'], ['Родня', 'other'], ['Наставник', 'other'],
      ['Чистокровность', 'other'], ['Ресурсы', 'other'], ['Обряды', 'other'], ['Тотем', 'other'],
    ]);
    assert.ok(backgrounds.every((t) => !t.attested));
  });

  it('what the new mechanics read: Initiative trait, equipment, traits never rolled, teamwork', () => {
    const facts = Object.fromEntries(listBuiltinRulesets().map((r) => [r.id, [r.initiativeTrait, r.equipment, r.neverRolled, r.teamwork]]));
    assert.deepEqual(facts, {
      storytelling: ['Инициатива', ['Управление', 'Снаряжение', 'Оружие'], ['Воля'], undefined],
      // mage-revised: a weapon's damage bonus, «Сила + Оружие» (001 l.360, 430).
      'mage-revised': ['Инициатива', ['Оружие', 'Броня'], undefined, undefined],
      'threads-of-fate': [undefined, undefined, undefined, undefined],
      'werewolf-revised': ['Инициатива', undefined, undefined, undefined],
      'vampire-pack': [undefined, undefined, undefined, false],
    });
    const s = builtin('storytelling');
    assert.deepEqual(trait(s, 'Снаряжение'), { name: 'Снаряжение', category: 'other', group: 'Снаряжение', en: 'Equipment', attested: false });
    assert.equal(trait(s, 'Управление').attested, true);
    assert.deepEqual(trait(s, 'Холодное оружие').variants, ['Фехтование', 'Ближний бой']);
  });

  it('every homograph is another trait’s name, alias or form', () => {
    for (const r of listBuiltinRulesets()) {
      for (const t of r.traits) {
        for (const h of t.homographs ?? []) {
          const other = r.traits.find((o) => o !== t && [o.name, ...(o.aliases ?? []), ...(o.forms ?? [])].includes(h));
          assert.ok(other, `${r.id}: homograph ${h} of ${t.name}`);
        }
      }
    }
  });

  it('vocabulary sizes: attested / unattested per ruleset', () => {
    const counts = Object.fromEntries(
      listBuiltinRulesets().map((r) => [r.id, [r.traits.filter((t) => t.attested).length, r.traits.filter((t) => !t.attested).length]]),
    );
    assert.deepEqual(counts, {
      storytelling: [43, 14],
      'mage-revised': [60, 22],
      'threads-of-fate': [13, 0],
      'werewolf-revised': [9, 53],
      'vampire-pack': [21, 40],
    });
  });

  it('every variant is a spelling of another built-in ruleset, never of its own', () => {
    const all = listBuiltinRulesets();
    for (const r of all) {
      const own = new Set(r.traits.flatMap((t) => [t.name, ...(t.aliases ?? [])]));
      for (const t of r.traits) {
        for (const v of t.variants ?? []) {
          assert.equal(own.has(v), false, `${r.id}: variant ${v} of ${t.name} is also its own spelling`);
          const elsewhere = all.some((o) => o.id !== r.id && o.traits.some((x) => x.name === v || (x.aliases ?? []).includes(v)));
          assert.ok(elsewhere, `${r.id}: variant ${v} of ${t.name} is no other ruleset's spelling`);
        }
      }
    }
  });

  it('forms never repeat the name and never hold guesses', () => {
    for (const r of listBuiltinRulesets()) {
      for (const t of r.traits) {
        assert.equal((t.forms ?? []).includes(t.name), false, `${r.id}: ${t.name}`);
        if (!t.attested) assert.equal(t.forms, undefined, `${r.id}: ${t.name} is unattested but has forms`);
      }
    }
  });
});

describe('Ruleset schema', () => {
  it('its validators, generated at build time, answer as Ajv compiling the schema now does, errors and all', () => {
    const schema: object = JSON.parse(readFileSync(path.join(SOURCE_DIR, 'ruleset.schema.json'), 'utf8'));
    const ajv = new Ajv({ allErrors: true, verbose: true, strictTypes: true });
    ajv.addSchema(schema, 'rollmark-ruleset');
    const compiled = { full: ajv.compile({ $ref: 'rollmark-ruleset#/definitions/fullRuleset' }), user: ajv.compile({ $ref: 'rollmark-ruleset' }) };
    const generated = loadValidators();
    const inputs: unknown[] = [
      ...listBuiltinRulesets(),
      broken((r) => (r.family = 'clasic')),
      broken((_r, traits) => delete traits[2].name),
      broken((r, traits) => {
        r.colour = 'red';
        traits[0].catgory = 'attribute';
        traits[1].name = 'сила  воли';
      }),
      { extends: 'storytelling', id: 'дом', traits: [{ name: 'Вера', category: 'power' }] },
      { extends: 'storytelling', id: 'house', params: { target: 'восемь' } },
      null,
      [],
      'storytelling',
    ];
    for (const [k, input] of inputs.entries()) {
      for (const kind of ['full', 'user'] as const) {
        assert.equal(generated[kind](input), compiled[kind](input), `input ${k}, ${kind}`);
        // The schema objects in the errors are equal but not the same objects: compare them as JSON.
        assert.deepEqual(JSON.parse(JSON.stringify(generated[kind].errors ?? null)), JSON.parse(JSON.stringify(compiled[kind].errors ?? null)), `input ${k}, ${kind}: errors`);
      }
    }
  });

  it('is draft-07 and describes every property', () => {
    const schema: unknown = JSON.parse(readFileSync(path.join(SOURCE_DIR, 'ruleset.schema.json'), 'utf8'));
    assert.ok(typeof schema === 'object' && schema !== null);
    assert.equal((schema as { $schema?: unknown }).$schema, 'http://json-schema.org/draft-07/schema#');
    const defs = (schema as { definitions: Record<string, { description?: string }> }).definitions;
    const undescribed: string[] = [];
    const walk = (node: unknown, where: string): void => {
      if (typeof node !== 'object' || node === null) return;
      const props = (node as { properties?: Record<string, { description?: string; $ref?: string }> }).properties;
      for (const [name, prop] of Object.entries(props ?? {})) {
        const ref = prop.$ref?.replace('#/definitions/', '');
        if (!prop.description && !(ref && defs[ref]?.description)) undescribed.push(`${where}.${name}`);
      }
      for (const [k, v] of Object.entries(node)) walk(v, `${where}/${k}`);
    };
    walk(schema, '#');
    assert.deepEqual(undescribed, []);
  });

  it('rejects a wrong family, naming the field', () => {
    const result = validateRuleset(broken((r) => (r.family = 'clasic')));
    assert.ok(!result.ok);
    assert.deepEqual(only(result.errors), {
      path: '/family',
      message: 'family must be one of classic, storytelling, pool-minus-difficulty, d20, not "clasic" (did you mean "classic"?)',
    });
  });

  it('rejects a trait without a name', () => {
    const result = validateRuleset(broken((_r, traits) => delete traits[2].name));
    assert.ok(!result.ok);
    assert.deepEqual(only(result.errors), { path: '/traits/2/name', message: 'traits[2].name is required' });
  });

  it('rejects a category typo', () => {
    const result = validateRuleset(broken((_r, traits) => (traits[3].category = 'atribute')));
    assert.ok(!result.ok);
    assert.deepEqual(only(result.errors), {
      path: '/traits/3/category',
      message: 'traits[3].category must be one of attribute, ability, rollable, power, generic, other, not "atribute" (did you mean "attribute"?)',
    });
  });

  it('rejects an extra property, at the top and inside a trait', () => {
    const result = validateRuleset(
      broken((r, traits) => {
        r.colour = 'red';
        traits[0].catgory = 'attribute';
      }),
    );
    assert.ok(!result.ok);
    assert.deepEqual(result.errors, [
      { path: '/colour', message: 'colour is not a known property' },
      { path: '/traits/0/catgory', message: 'traits[0].catgory is not a known property (did you mean "category"?)' },
    ]);
  });

  it('rejects parameters of another family and missing outcomes', () => {
    const result = validateRuleset(
      broken((r) => {
        r.params = { difficulty: { min: 2, max: 10, default: 6 }, target: 8 };
        r.outcomes = { success: { ru: 'успех', en: 'success' } };
      }),
    );
    assert.ok(!result.ok);
    assert.deepEqual(
      result.errors.map((e) => e.path),
      ['/params/target', '/outcomes/botch', '/outcomes/failure'],
    );
  });

  it('rejects what only the semantic checks see', () => {
    const result = validateRuleset(
      broken((r, traits) => {
        traits[1].aliases = ['Сила'];
        r.composition = { maxTraits: 2, forbidden: [['ability', 'Силла']] };
        r.params = { difficulty: { min: 2, max: 10, default: 12 } };
      }),
    );
    assert.ok(!result.ok);
    assert.deepEqual(result.errors, [
      { path: '/traits/1/aliases/0', message: 'traits[1].aliases[0]: "Сила" is already a spelling of trait "Сила"' },
      {
        path: '/composition/forbidden/0/1',
        message:
          'composition.forbidden[0][1]: "Силла" is neither a trait category (attribute, ability, rollable, power, generic, other) nor the name of a trait of this ruleset (did you mean "Сила"?)',
      },
      { path: '/params/difficulty/default', message: 'params.difficulty.default (12) must lie between min (2) and max (10)' },
    ]);
  });

  it('rejects references to traits the ruleset lacks, homographs that are no other trait’s, teamwork without a rule', () => {
    const result = validateRuleset(
      broken((r, traits) => {
        r.initiativeTrait = 'Инициатива';
        r.equipment = ['Управление'];
        r.neverRolled = ['Сила Воли', 'Воля'];
        traits[0].homographs = ['Силы', 'Силу', 'Силой'];
      }),
    );
    assert.ok(!result.ok);
    assert.deepEqual(result.errors, [
      { path: '/equipment/0', message: 'equipment[0]: "Управление" is not the name of a trait of this ruleset; an equipment term must be one of its traits (category "other")' },
      { path: '/neverRolled/1', message: 'neverRolled[1]: "Воля" is not the name of a trait of this ruleset; a trait never rolled must be one of its traits' },
      { path: '/traits/0/homographs/1', message: 'traits[0].homographs[1]: "Силу" is a spelling of "Сила" itself, so it cannot be another trait\'s' },
      { path: '/traits/0/homographs/2', message: 'traits[0].homographs[2]: "Силой" is no spelling (name, alias or form) of another trait of this ruleset' },
    ]);
    const vampire = rawBuiltin('vampire-pack');
    vampire.teamwork = true;
    vampire.initiativeTrait = 'Инициатива';
    const refused = validateRuleset(vampire);
    assert.ok(!refused.ok);
    assert.deepEqual(refused.errors, [
      { path: '/initiativeTrait', message: 'initiativeTrait: "Инициатива" is not the name of a trait of this ruleset; the Initiative trait must be one of its traits' },
      { path: '/teamwork', message: 'teamwork: the pool-minus-difficulty family has no teamwork rule; leave it false' },
    ]);
  });

  it('rejects a mistyped teamwork flag and equipment list', () => {
    const result = validateRuleset(
      broken((r) => {
        r.teamwork = 'yes';
        r.equipment = 'Управление';
      }),
    );
    assert.ok(!result.ok);
    assert.deepEqual(result.errors, [
      { path: '/equipment', message: 'equipment must be an array, not the string "Управление"' },
      { path: '/teamwork', message: 'teamwork must be a boolean, not the string "yes"' },
    ]);
  });

  it('rejects trait names that are not words', () => {
    const result = validateRuleset(broken((_r, traits) => (traits[0].name = 'Сила  воли?')));
    assert.ok(!result.ok);
    assert.deepEqual(only(result.errors), {
      path: '/traits/0/name',
      message: 'traits[0].name must be a trait name: words of letters (inner hyphens allowed) separated by single spaces, not "Сила  воли?"',
    });
  });

  it('never throws on odd input', () => {
    for (const input of [undefined, null, 42, 'vampire-pack', [], {}, { traits: null }]) {
      const result = validateRuleset(input);
      assert.equal(result.ok, false);
      assert.ok(!result.ok && result.errors.length > 0);
    }
  });
});

describe('User rulesets', () => {
  it('extend vampire-pack with a new trait, an override and a title', () => {
    const text = [
      'id: my-vampire',
      'extends: vampire-pack',
      'title: Мой вампир',
      'traits:',
      '  - name: Красноречие',
      '    category: ability',
      '    group: Социальные',
      '  - name: Саботаж',
      '    en: Larceny',
      '',
    ].join('\n');
    const result = parse(text);
    assert.deepEqual(result.errors, []);
    const r = result.ruleset;
    assert.ok(r);
    const base = builtin('vampire-pack');
    assert.equal(r.id, 'my-vampire');
    assert.equal(r.extends, 'vampire-pack');
    assert.equal(r.title, 'Мой вампир');
    assert.equal(r.family, 'pool-minus-difficulty');
    assert.deepEqual(r.params, base.params);
    assert.equal(r.traits.length, base.traits.length + 1);
    assert.deepEqual(r.traits[r.traits.length - 1], { name: 'Красноречие', category: 'ability', group: 'Социальные', attested: true });
    assert.deepEqual(trait(r, 'Саботаж'), { name: 'Саботаж', category: 'ability', en: 'Larceny', forms: ['Саботажа'], attested: true });
    assert.equal(trait(base, 'Саботаж').en, 'Sabotage');
  });

  it('rename a trait: the Initiative trait, equipment and traits never rolled follow; own lists replace the base’s', () => {
    const renamed = parse('id: s2\nextends: storytelling\ntraits:\n  - name: Инициативность\n    renames: Инициатива\n  - name: Машина\n    renames: Управление\n  - name: Сила Воли\n    renames: Воля\n');
    assert.deepEqual(renamed.errors, []);
    assert.equal(renamed.ruleset?.initiativeTrait, 'Инициативность');
    assert.deepEqual(renamed.ruleset?.equipment, ['Машина', 'Снаряжение', 'Оружие']);
    assert.deepEqual(renamed.ruleset?.neverRolled, ['Сила Воли']);
    const own = parse('id: s3\nextends: storytelling\nteamwork: false\nequipment: [Управление, Броня]\nneverRolled: []\n');
    assert.deepEqual(own.errors, []);
    assert.equal(own.ruleset?.teamwork, false);
    assert.deepEqual(own.ruleset?.equipment, ['Управление', 'Броня']);
    assert.deepEqual(own.ruleset?.neverRolled, []);
    const wrong = parse('id: s4\nextends: vampire-pack\nteamwork: true\nequipment: [Машина]\n');
    assert.deepEqual(
      wrong.errors.map((e) => [e.path, e.range?.start.line]),
      [['/equipment/0', 3], ['/teamwork', 2]],
    );
  });

  it('how a helper rolls without a Skill is the ruleset’s (`unskilled`): inherited, replaced, checked', () => {
    assert.deepEqual(getBuiltinRuleset('storytelling')?.unskilled?.['Ментальные'], { kind: 'dice', penalty: 3 });
    assert.deepEqual(getBuiltinRuleset('mage-revised')?.unskilled?.['Знания'], { kind: 'cannot' });
    assert.equal(getBuiltinRuleset('werewolf-revised')?.unskilled, undefined);
    const inherited = parse('id: s5\nextends: mage-revised\n');
    assert.deepEqual(inherited.ruleset?.unskilled, getBuiltinRuleset('mage-revised')?.unskilled);
    const own = parse('id: s6\nextends: storytelling\nunskilled:\n  Ментальные: { kind: cannot }\n');
    assert.deepEqual(own.errors, []);
    assert.deepEqual(own.ruleset?.unskilled, { Ментальные: { kind: 'cannot' } });
    const wrong = parse('id: s7\nextends: storytelling\nunskilled:\n  Ментальные: { kind: dice }\n');
    assert.deepEqual(
      wrong.errors.map((e) => e.path),
      ['/unskilled/Ментальные/penalty'],
    );
  });

  it('whether Maneuver caps a driver’s pool is the ruleset’s (`maneuver`): mage-revised’s, inherited at any depth, replaced', () => {
    assert.equal(getBuiltinRuleset('mage-revised')?.maneuver, true);
    assert.equal(getBuiltinRuleset('werewolf-revised')?.maneuver, undefined);
    const inherited = parse('id: m1\nextends: mage-revised\n');
    assert.equal(inherited.ruleset?.maneuver, true);
    const deeper = parse('id: m2\nextends: m1\n', (id) => (id === 'm1' ? inherited.ruleset : undefined));
    assert.equal(deeper.ruleset?.maneuver, true);
    assert.equal(parse('id: m3\nextends: mage-revised\nmaneuver: false\n').ruleset?.maneuver, false);
    assert.equal(parse('id: m4\nextends: storytelling\nmaneuver: true\n').ruleset?.maneuver, true);
    assert.deepEqual(parse('id: m5\nextends: storytelling\nmaneuver: 5\n').errors.map((e) => e.path), ['/maneuver']);
  });

  it('rename a trait: the old name becomes a variant and composition follows', () => {
    const result = parse('id: v2\nextends: vampire-pack\ntraits:\n  - name: Решительность\n    renames: Упорство\n');
    assert.deepEqual(result.errors, []);
    const r = result.ruleset;
    assert.ok(r);
    assert.deepEqual(trait(r, 'Решительность'), {
      name: 'Решительность',
      category: 'attribute',
      group: 'Ментальные',
      en: 'Resolve',
      variants: ['Упорство'],
      attested: true,
    });
    assert.deepEqual(r.composition.allowedOnly?.[2], ['Самообладание', 'Решительность']);
  });

  it('change parameters field by field, in JSON too', () => {
    const text = '{\n\t"id": "house",\n\t"extends": "mage-revised",\n\t"params": { "difficulty": { "default": 7 } },\n\t"outcomes": { "botch": { "en": "disaster" } }\n}\n';
    const result = parse(text, noBase, 'house.json');
    assert.deepEqual(result.errors, []);
    assert.deepEqual(result.ruleset?.params, { difficulty: { min: 2, max: 10, default: 7 } });
    assert.deepEqual(result.ruleset?.outcomes.botch, { ru: 'провал', en: 'disaster' });
  });

  it('may be complete without extends', () => {
    const data = rawBuiltin('storytelling');
    data.id = 'my-storytelling';
    const result = parse(JSON.stringify(data), noBase, 'mine.json');
    assert.deepEqual(result.errors, []);
    assert.equal(result.ruleset?.id, 'my-storytelling');
    assert.equal(result.ruleset?.traits.length, builtin('storytelling').traits.length);
  });

  it('report schema errors at their line', () => {
    const { text, range } = marked('id: x\nextends: vampire-pack\ntraits:\n  - name: Новое\n    ⟦catgory⟧: ability\n');
    assert.deepEqual(only(parse(text).errors), {
      path: '/traits/0/catgory',
      message: 'traits[0].catgory is not a known property (did you mean "category"?)',
      range,
    });
  });

  it('need a category for a new trait', () => {
    const e = only(parse('id: x\nextends: vampire-pack\ntraits:\n  - name: Новое\n').errors);
    assert.equal(e.path, '/traits/0/category');
    assert.equal(e.message, 'traits[0].category is required: "Новое" is a new trait (no trait of "vampire-pack" has this name)');
    assert.equal(e.range?.start.line, 3);
  });

  it('cannot reuse a base trait spelling for a new trait', () => {
    const { text, range } = marked('id: x\nextends: vampire-pack\ntraits:\n  - name: Ловкачество\n    category: ability\n    aliases: [⟦Сила⟧]\n');
    const e = only(parse(text).errors);
    assert.equal(e.path, '/traits/0/aliases/0');
    assert.equal(e.message, 'traits[0].aliases[0]: "Сила" is already a spelling of trait "Сила"');
    assert.deepEqual(e.range, range);
  });

  it('cannot change the family or use another family’s parameters', () => {
    const family = only(parse('id: x\nextends: werewolf-revised\nfamily: d20\n').errors);
    assert.equal(family.path, '/family');
    assert.equal(family.range?.start.line, 2);
    const { text, range } = marked('id: x\nextends: werewolf-revised\nparams:\n  ⟦target⟧: 8\n');
    assert.deepEqual(only(parse(text).errors), {
      path: '/params/target',
      message: 'params.target is not a known property',
      range,
    });
  });

  it('extending an unknown ruleset is an error at `extends`', () => {
    let asked: string[] = [];
    const { text, range } = marked('id: x\nextends: ⟦vampire-pak⟧\n');
    const e = only(
      parse(text, (id, seen) => {
        asked = [id, ...seen];
        return undefined;
      }).errors,
    );
    assert.deepEqual(asked, ['vampire-pak', 'x']);
    assert.equal(e.path, '/extends');
    assert.equal(
      e.message,
      'extends: unknown ruleset "vampire-pak" (did you mean "vampire-pack"?); a ruleset may extend a built-in one (storytelling, mage-revised, threads-of-fate, werewolf-revised, vampire-pack) or another valid ruleset of the workspace',
    );
    assert.deepEqual(e.range, range);
  });

  it('extends a workspace ruleset through resolveBase', () => {
    const files: Record<string, string> = {
      base: 'id: base\nextends: storytelling\ntitle: База\n',
      child: 'id: child\nextends: base\ntraits:\n  - name: Магия\n    category: ability\n',
    };
    const resolve: ResolveBase = (id, seen) => parseUserRuleset(files[id] ?? '', `${id}.yaml`, resolve, { seen }).ruleset;
    const result = parse(files.child, resolve);
    assert.deepEqual(result.errors, []);
    assert.equal(result.ruleset?.title, 'База');
    assert.equal(result.ruleset?.family, 'storytelling');
    assert.equal(trait(result.ruleset, 'Магия').category, 'ability');
  });

  it('an extends cycle is an error, not a hang', () => {
    const files: Record<string, string> = { a: 'id: a\nextends: b\n', b: 'id: b\nextends: a\n' };
    const nested: RulesetError[][] = [];
    const resolve: ResolveBase = (id, seen) => {
      const r = parseUserRuleset(files[id] ?? '', `${id}.yaml`, resolve, { seen });
      nested.push(r.errors);
      return r.ruleset;
    };
    const outer = only(parse(files.a, resolve).errors);
    assert.equal(outer.path, '/extends');
    assert.equal(nested.length, 1);
    const inner = only(nested[0]);
    assert.equal(inner.path, '/extends');
    assert.equal(inner.message, 'extends: cycle a → b → a');
    let called = false;
    const self = only(
      parse('id: a\nextends: a\n', () => {
        called = true;
        return undefined;
      }).errors,
    );
    assert.equal(self.message, 'extends: cycle a → a');
    assert.equal(called, false);
  });

  it('may shadow a built-in id and extend that built-in', () => {
    const result = parse('id: vampire-pack\nextends: vampire-pack\ntypicalPool: 5\n');
    assert.deepEqual(result.errors, []);
    assert.equal(result.ruleset?.typicalPool, 5);
  });

  it('a YAML alias bomb is an error, quickly', () => {
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 10; i++) {
      const prev = String.fromCharCode(96 + i);
      lines.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const started = Date.now();
    const e = only(parse(lines.join('\n')).errors);
    assert.ok(Date.now() - started < 2000, 'parsing took too long');
    assert.equal(e.path, '');
    assert.match(e.message, /alias/);
  });

  it('a 2 MB file is refused unread', () => {
    const text = `id: big\nextends: vampire-pack\nsummary: "${'а'.repeat(2 * 1024 * 1024)}"\n`;
    const e = only(parse(text).errors);
    assert.equal(e.message, `the file is too large (${text.length} characters; at most 1000000)`);
  });

  it('deep nesting is refused', () => {
    const e = only(parse(`id: x\nextends: vampire-pack\nx: ${'['.repeat(100000)}`).errors);
    assert.equal(e.message, 'brackets are nested more than 64 levels deep');
    assert.deepEqual(e.range?.start, { line: 2, character: 3 + 64 });
    const block = Array.from({ length: 20 }, (_, i) => `${'  '.repeat(i)}k${i}:`).join('\n');
    assert.equal(only(parse(block).errors).message, 'the data is nested more than 16 levels deep');
  });

  it('malformed YAML is an error with its line', () => {
    const e = only(parse('id: x\nextends: vampire-pack\ntraits:\n  - name: A\n   category: ability\n').errors);
    assert.equal(e.path, '');
    assert.equal(e.message, 'syntax error: Sequence item without - indicator');
    assert.equal(e.range?.start.line, 4);
    const dup = only(parse('id: x\nextends: vampire-pack\nid: y\n').errors);
    assert.equal(dup.message, 'syntax error: Map keys must be unique');
    assert.equal(dup.range?.start.line, 2);
    const json = parse('{"id": "x",\n "extends": "vampire-pack",\n "traits": [\n}', noBase, 'x.json');
    assert.ok(json.errors.length > 0 && json.errors.every((x) => x.range?.start.line === 3), JSON.stringify(json.errors));
  });

  it('never throws', () => {
    const odd = ['', 'null', '42', '[]', '- a\n- b', '{', '\u0000\u0001', 'id: 1', '__proto__: {id: x}\nid: y\nextends: vampire-pack', '!!binary aGVsbG8=', '%YAML 9.9\n---\nid: x', 'a: 1\n---\nb: 2'];
    for (const text of odd) {
      const result = parse(text);
      assert.equal(result.ruleset, undefined, text);
      assert.ok(result.errors.length > 0, text);
    }
    const throwing = parse('id: x\nextends: elsewhere\n', () => {
      throw new Error('disk on fire');
    });
    assert.equal(only(throwing.errors).message, 'extends: cannot load ruleset "elsewhere": disk on fire');
  });
});
