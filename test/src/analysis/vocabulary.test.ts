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
import { builtinRulesets } from '../../../server/out/analysis/rulesetProvider';
import { traitIndex } from '../../../server/out/analysis/traitIndex';
import { parseDictionary } from '../../../server/out/analysis/workspaceConfig';
import type { AnalysisDiagnostic, DictionaryEntry, DocumentAnalysis, Locale } from '../../../server/out/analysis/types';
import { getBuiltinRuleset } from '../../../server/out/engine/builtinRulesets';
import type { Ruleset } from '../../../server/out/engine/ruleset';
import { traitCategoryWords } from '../../../server/out/engine/traitCategories';
import { scenario } from './util';

function builtin(id: string): Ruleset {
  const ruleset = getBuiltinRuleset(id);
  assert.ok(ruleset, id);
  return ruleset;
}

function analyze(text: string, dictionary: DictionaryEntry[] = [], locale: Locale = 'ru'): DocumentAnalysis {
  return analyzeDocument(text, { locale, rulesets: builtinRulesets(), dictionary });
}

/** Code, severity, the text under the range and the fixes' titles, for every diagnostic. */
function seen(text: string, analysis: DocumentAnalysis): [string, string, string, string[]][] {
  return analysis.diagnostics.map((d: AnalysisDiagnostic) => [d.code, d.severity, text.slice(d.range.start, d.range.end), d.fixes.map((f) => f.title)]);
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
    const parsed = parseDictionary(file, 'ru');
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
    const parsed = parseDictionary(text, 'ru');
    assert.deepEqual(parsed.entries, ['Взлом']);
    assert.deepEqual(
      parsed.diagnostics.map((d) => [d.code, text.slice(d.range.start, d.range.end), d.message.split(':')[0]]),
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
