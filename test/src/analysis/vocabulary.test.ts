/**
 * Vocabularies that fit real scenarios (MARKUP Additions (2), issue 13): homographs before stems,
 * suggestions of the kind the place calls for, open-vocabulary misspellings, traits known from the
 * actor's sheet, names of other game lines (RM014) in every ruleset, the project dictionary's
 * categories and case forms, and sheet keys with the same fixes as a check's unknown trait.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { parseDocument } from 'yaml';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import { traitIndex } from '../../../server/out/analysis/resolve/traitIndex';
import { parseDictionary } from '../../../server/out/analysis/project/workspaceConfig';
import type { DictionaryEntry } from '../../../server/out/analysis/types';
import type { Locale } from '../../../server/out/present/locale';
import { getBuiltinRuleset } from '../../../server/out/engine/builtinRulesets';
import type { Ruleset } from '../../../server/out/engine/ruleset';
import { traitCategoryWords } from '../../../server/out/engine/traitCategories';
import { scenario, worded, type WordedAnalysis, wordedAnalysis } from './util';

function builtin(id: string): Ruleset {
  const ruleset = getBuiltinRuleset(id);
  assert.ok(ruleset, id);
  return ruleset;
}

function analyze(text: string, dictionary: DictionaryEntry[] = [], locale: Locale = 'ru'): WordedAnalysis {
  return wordedAnalysis(analyzeDocument(text, { rulesets: builtinRulesets(), dictionary }), locale);
}

/** Code, severity, the text under the range and the fixes' titles, for every diagnostic. */
function seen(text: string, analysis: WordedAnalysis): [string, string, string, string[]][] {
  return analysis.diagnostics.map((d) => [d.code, d.severity, text.slice(d.range.start, d.range.end), d.fixes.map((f) => f.title)]);
}

describe('vocabulary: lookups and suggestions (traitIndex)', () => {
  it('mage-revised: «Силы», «Сил», «Силах» are the Sphere of Forces before any stem of «Сила»; «Силе», «Силу» are Strength', () => {
    const index = traitIndex(builtin('mage-revised'));
    const read = (written: string) => {
      const match = index.lookup(written);
      return match && [match.trait.name, match.trait.category, match.kind];
    };
    assert.deepEqual(read('Силы'), ['Силы', 'other', 'exact']);
    assert.deepEqual(read('Силах'), ['Силы', 'other', 'case-form']);
    assert.deepEqual(read('Сил'), ['Силы', 'other', 'case-form']);
    assert.deepEqual(read('силы'), ['Силы', 'other', 'spelling']);
    assert.deepEqual(read('Силе'), ['Сила', 'attribute', 'case-form']);
    assert.deepEqual(read('Силу'), ['Сила', 'attribute', 'case-form']);
    assert.deepEqual(read('Энтропия'), ['Энтропия', 'other', 'exact']);
  });

  it('a typo gets the trait the pool needs there: next to an Attribute a Skill or a Discipline, next to a Skill an Attribute', () => {
    const index = traitIndex(builtin('vampire-pack'));
    // «Слойкость» is one edit from the Discipline Стойкость and two from the Attribute Ловкость.
    assert.deepEqual(index.suggest('Слойкость'), ['Стойкость', 'Ловкость']);
    assert.deepEqual(index.suggest('Слойкость', { prefer: ['ability', 'power'] }), ['Стойкость']);
    assert.deepEqual(index.suggest('Слойкость', { prefer: ['attribute'] }), ['Ловкость']);
  });

  it('a pool is never offered a trait that is not rolled while a rolled one is close: «Драмка» is Драка, not Драма', () => {
    const index = traitIndex(builtin('vampire-pack'));
    assert.deepEqual(index.suggest('Драмка'), ['Драка', 'Драма']);
    assert.deepEqual(index.suggest('Драмка', { prefer: [] }), ['Драка']);
    // Only when nothing rolled is close does a pool hear of Драма.
    assert.deepEqual(index.suggest('Драммы', { prefer: ['ability'] }), ['Драма']);
  });

  it('an edit budget: open vocabularies take at most two edits', () => {
    const index = traitIndex(builtin('threads-of-fate'));
    assert.deepEqual(index.suggest('Скрытост', { maxDistance: 2 }), ['Скрытность']);
    assert.deepEqual(index.suggest('Скрыт', { maxDistance: 2 }), []);
  });
});

describe('vocabulary: checks and sheets', () => {
  it('RM001 in a check offers only what fits the pool, and always the dictionary', () => {
    const text = scenario('vampire-pack', ['«Сила + Слойкость (сложность 2)» и «Слойкость + Атлетика (сложность 2)»']);
    assert.deepEqual(seen(text, analyze(text)), [
      ['RM001', 'error', 'Слойкость', ['Заменить на «Стойкость»', 'Добавить «Слойкость» в словарь проекта']],
      ['RM001', 'error', 'Слойкость', ['Заменить на «Ловкость»', 'Добавить «Слойкость» в словарь проекта']],
    ]);
  });

  it('threads-of-fate: a misspelling of the text’s own trait is a warning with the suggestion as the preferred fix', () => {
    const text = scenario('threads-of-fate', ['«Скрытост 4 (сложность 15)»']);
    const [d] = analyze(text).diagnostics;
    assert.deepEqual([d.code, d.severity, d.message], ['RM001', 'warning', 'Неизвестная черта «Скрытост». Возможно: Скрытность']);
    assert.deepEqual(
      d.fixes.map((f) => [f.title, f.preferred, f.edits.map((e) => e.newText)]),
      [
        ['Заменить на «Скрытность»', true, ['Скрытность']],
        ['Добавить «Скрытост» в словарь проекта', false, []],
      ],
    );
  });

  it('threads-of-fate: a trait on the actor’s sheet makes «Рэй: Взлом + 1» a check, and its missing difficulty an error', () => {
    const text = scenario('threads-of-fate', ['«Рэй: Взлом + 1»', '', '«Рэй: Взлома + 1 (сложность 12)»'], ['characters:', '  Рэй: { Взлом: 3 }']);
    const analysis = analyze(text);
    assert.deepEqual(
      analysis.checks.map((c) => [c.text, c.actor, c.spec ? 'spec' : 'none']),
      [
        ['«Рэй: Взлом + 1»', 'Рэй', 'none'],
        ['«Рэй: Взлома + 1 (сложность 12)»', 'Рэй', 'spec'],
      ],
    );
    assert.deepEqual(seen(text, analysis), [
      // The author's own trait on the sheet: information, once, with the dictionary fix.
      ['RM001', 'info', 'Взлом', ['Добавить «Взлом» в словарь проекта']],
      ['RM004', 'error', 'Взлом + 1', []],
      ['RM010', 'warning', 'Взлома', ['Заменить на «Взлом»']],
    ]);
    // The sheet's value is the pool's: d20 + 3 + 1.
    assert.deepEqual(analysis.checks[1].sides[0].terms.map((t) => [t.written, t.value, t.valueSource]), [['Взлома', 3, 'sheet']]);
  });

  it('…but not a name on another character’s sheet, nor without an actor', () => {
    const text = scenario('threads-of-fate', ['«Взлом + 1»', '', '«Вера: Взлом + 1»'], ['characters:', '  Рэй: { Взлом: 3 }', '  Вера: { Доблесть: 2 }']);
    assert.deepEqual(analyze(text).checks, []);
  });

  it('RM014 for a name of another game line, in an open vocabulary and in closed ones, with the fixes of an unknown trait', () => {
    const threads = scenario('threads-of-fate', ['«Сообразительность + 2 (сложность 10)»']);
    const [d] = analyze(threads).diagnostics;
    assert.deepEqual([d.code, d.severity, threads.slice(d.range.start, d.range.end)], ['RM014', 'warning', 'Сообразительность']);
    assert.equal(
      d.message,
      '«Сообразительность» — черта других правил: Мир Тьмы: Система Повествования (2004); Маг: Восхождение (Revised) и других. В правилах документа её нет; если она есть у ваших персонажей, добавьте её в словарь проекта',
    );
    assert.deepEqual(d.fixes.map((f) => f.addToDictionary), ['Сообразительность']);
    const en = analyze(scenario('vampire-pack', ['«Арете + Интеллект (сложность 2)»']), [], 'en').diagnostics[0];
    assert.deepEqual(
      [en.code, en.message],
      ['RM014', '"Арете" is a trait of other rules: Mage: The Ascension, Revised. The document\'s ruleset has no such trait; if your characters have it, add it to the project dictionary'],
    );
    // Another line's name is meant as written: only a near spelling of this ruleset's trait is offered.
    const celerity = analyze(scenario('werewolf-revised', ['«Ловкость + Стремительность (сложность 6)»'])).diagnostics[0];
    assert.deepEqual([celerity.code, celerity.fixes.map((f) => f.title)], ['RM014', ['Добавить «Стремительность» в словарь проекта']]);
    // Any case form: «Гнозиса» is werewolf-revised's Гнозис.
    const forms = analyze(scenario('storytelling', ['«Гнозиса + Сообразительность»'])).diagnostics.map((x) => x.code);
    assert.deepEqual(forms, ['RM014']);
  });

  it('a name of another line in the dictionary or on the actor’s sheet is the author’s: no RM014 in the check', () => {
    const withDictionary = scenario('threads-of-fate', ['«Сообразительность + 2 (сложность 10)»']);
    assert.deepEqual(analyze(withDictionary, ['Сообразительность']).diagnostics, []);
    const onSheet = scenario('threads-of-fate', ['«Лис: Атлетика + 2 (сложность 10)»'], ['characters:', '  Лис: { Атлетика: 2 }']);
    // The sheet's key declares the author's trait in an open vocabulary: information once, on the sheet, no RM014 (issue 20).
    assert.deepEqual(
      seen(onSheet, analyze(onSheet)).map(([code, , at]) => [code, at]),
      [['RM001', 'Атлетика']],
    );
  });

  it('an unknown sheet key gets the same diagnostic and fixes as the name in a check', () => {
    const text = scenario('vampire-pack', ['«Катастрофа: Ловкость + Драмка (сложность 2)»'], ['characters:', '  Катастрофа: { Ловкость: 3, Драмка: 2, Арете: 1 }']);
    assert.deepEqual(seen(text, analyze(text)), [
      ['RM001', 'error', 'Драмка', ['Заменить на «Драка»', 'Заменить на «Драма»', 'Добавить «Драмка» в словарь проекта']],
      ['RM014', 'warning', 'Арете', ['Добавить «Арете» в словарь проекта']],
      ['RM001', 'error', 'Драмка', ['Заменить на «Драка»', 'Добавить «Драмка» в словарь проекта']],
    ]);
  });
});

describe('vocabulary: the project dictionary', () => {
  it('an entry with a category counts as that category for the pool rules: «Ловкость + Взлом» with Взлом a skill', () => {
    const text = scenario('vampire-pack', ['«Ловкость + Взлом (сложность 2)»']);
    assert.deepEqual(analyze(text, [{ name: 'Взлом', category: 'ability' }]).diagnostics, []);
    // As a Background it is no pool: RM002.
    assert.deepEqual(
      analyze(text, [{ name: 'Взлом', category: 'other' }]).diagnostics.map((d) => d.code),
      ['RM002'],
    );
    // A plain entry is skill-like.
    assert.deepEqual(analyze(text, ['Взлом']).diagnostics, []);
  });

  it('every entry gets case forms: «Ловкости + Кибернетики» is the dictionary’s Кибернетика, with the canonical form as a fix', () => {
    const text = scenario('vampire-pack', ['«Ловкости + Кибернетики (сложность 1)»']);
    const analysis = analyze(text, [{ name: 'Кибернетика', category: 'ability' }]);
    assert.deepEqual(seen(text, analysis), [
      ['RM010', 'warning', 'Ловкости', ['Заменить на «Ловкость»']],
      ['RM010', 'warning', 'Кибернетики', ['Заменить на «Кибернетика»']],
    ]);
    assert.equal(analysis.checks[0].sides[0].terms[1].trait?.name, 'Кибернетика');
  });

  it('the ruleset’s own trait stays the ruleset’s whatever the dictionary says', () => {
    const index = traitIndex(builtin('vampire-pack'), [{ name: 'Ловкость', category: 'other' }]);
    assert.equal(index.lookup('Ловкость')?.trait.category, 'attribute');
  });

  it('dictionary entries are suggested like the ruleset’s traits', () => {
    const index = traitIndex(builtin('threads-of-fate'), ['Пилотирование']);
    assert.deepEqual(index.suggest('Пилотировние', { maxDistance: 2 }), ['Пилотирование']);
  });

  it('equal dictionaries share an index; a category makes another one', () => {
    const ruleset = builtin('storytelling');
    assert.equal(traitIndex(ruleset, ['Взлом']), traitIndex(ruleset, ['Взлом']));
    assert.notEqual(traitIndex(ruleset, ['Взлом']), traitIndex(ruleset, [{ name: 'Взлом', category: 'ability' }]));
  });
});

describe('vocabulary: reading the project dictionary (parseDictionary)', () => {
  const file = [
    '# Наши черты',
    'traits:',
    '  - Прыгучесть',
    '  - { name: Скрытность, category: skill }',
    '  - name: Магия крови',
    '    category: Дисциплина',
    '  - { название: Сила крови, категория: rollable }',
    '  - { name: Связи в полиции }',
    '',
  ].join('\n');

  it('reads plain names and { name, category } entries, in English or Russian words', () => {
    const parsed = parseDictionary(file);
    assert.deepEqual(parsed.diagnostics, []);
    assert.deepEqual(parsed.entries, [
      'Прыгучесть',
      { name: 'Скрытность', category: 'ability' },
      { name: 'Магия крови', category: 'power' },
      { name: 'Сила крови', category: 'rollable' },
      'Связи в полиции',
    ]);
    // The names, in order, as the dictionary writer compares them.
    assert.deepEqual(parsed.terms, ['Прыгучесть', 'Скрытность', 'Магия крови', 'Сила крови', 'Связи в полиции']);
  });

  it('an entry without a name is a problem on that entry; an unknown category keeps the entry, skill-like, and says so', () => {
    const text = '- { category: skill }\n- { name: Взлом, category: навыки }\n';
    const parsed = parseDictionary(text);
    assert.deepEqual(parsed.entries, ['Взлом']);
    assert.deepEqual(
      worded(parsed.diagnostics, 'ru').map((d) => [d.code, text.slice(d.range.start, d.range.end), d.message.split(':')[0]]),
      [
        ['RM011', '{ category: skill }', 'У элемента словаря нет названия черты'],
        ['RM011', 'навыки', 'Неизвестная категория «навыки»'],
      ],
    );
  });

  it('the JSON Schema accepts what the reader accepts and offers every category word', () => {
    const schema = JSON.parse(readFileSync(join(__dirname, '../../../schemas/dictionary.schema.json'), 'utf8')) as { definitions: { category: { enum: string[] } } };
    const words = traitCategoryWords();
    assert.deepEqual(schema.definitions.category.enum, [...words, ...words.map((w) => w[0].toUpperCase() + w.slice(1))]);
    const validate = new Ajv({ allErrors: true }).compile(schema);
    assert.equal(validate(parseDocument(file).toJS()), true, JSON.stringify(validate.errors));
    assert.equal(validate(['Взлом', { name: 'Взлом', category: 'навыки' }]), false);
    assert.equal(validate([{ name: 'Взлом', colour: 'red' }]), false);
  });
});
