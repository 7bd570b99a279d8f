/** Completion's words (present/completion.ts) in both languages. */
import * as assert from 'node:assert/strict';
import { checkParameters } from '../../../server/out/analysis/completion/checkTemplates';
import { FRONT_MATTER_KEYS } from '../../../server/out/analysis/completion/completionPlace';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import { frontMatterKeyDetail, parameterDetail, templateDetail, templateDocumentation, templateKeywords, traitCategoryLabel } from '../../../server/out/present/completion';
import { voice } from '../../../server/out/present/voice';

const rulesets = builtinRulesets();
const ru = voice('ru');
const en = voice('en');

describe('completion words (present)', () => {
  it('names each template, and finds it by Russian and English words whatever the language', () => {
    assert.deepEqual([templateDetail('contest', ru), templateDetail('contest', en)], ['встречная проверка', 'contested check']);
    assert.deepEqual([templateDetail('edge', ru), templateDetail('edge', en)], ['с Преимуществом или Помехой', 'with Advantage or Hindrance']);
    assert.equal(templateKeywords('extended'), 'продолжительное extended');
    assert.equal(templateKeywords('sheet'), 'персонаж character');
  });

  it('documents a template by its ruleset’s title and summary', () => {
    const ruleset = rulesets.get('vampire-pack')!;
    assert.equal(templateDocumentation(ruleset, ru), `**Вампир: Маскарад — «Пакет игрока»**: ${ruleset.summary}`);
    assert.equal(templateDocumentation(ruleset, en), `**${ruleset.titleEn}**: ${ruleset.summaryEn}`);
  });

  it('says what each parameter does; storytelling’s Willpower with its dice', () => {
    const details = (id: string, v = ru) => checkParameters(rulesets.get(id)!).map((p) => parameterDetail(p, v));
    assert.deepEqual(details('storytelling'), [
      'продолжительное действие: сколько успехов нужно',
      'продолжительное действие: предел бросков',
      'продолжительное действие',
      'специализация применима',
      'бросить дважды, взять лучший результат',
      'попытки до первого успеха, каждая на кость меньше',
      'пул на особой способности, без правил состава',
      'дополнительные успехи к броску, давшему хотя бы один',
      'воспроизведение: кости без успеха перебрасываются один раз',
      'Прочность объекта: засчитываются успехи сверх неё',
      'фора в гонке: успехи на старте',
      'переброс на 9 и 10',
      'переброс на 8, 9 и 10',
      'без переброса десяток',
      'трата Воли: +3 кости',
    ]);
    assert.equal(details('storytelling', en).at(-1), 'spend Willpower: +3 dice');
    assert.deepEqual(details('mage-revised', en)[0], 'difficulty');
    assert.deepEqual(details('mage-revised').at(-1), 'трата Силы воли: автоматический успех');
    assert.deepEqual(details('mage-revised', en).slice(-5, -1), ['extra successes for a roll that has at least one', 'a vehicle’s Maneuver: the pool is at most this', 'a race head start: successes at the start', "an attack: the damage pool (and the target's soak)"]);
    assert.deepEqual(details('threads-of-fate', en).slice(6), ['roll 2d20, keep the highest', 'roll 3d20, keep the highest', 'roll 2d20, keep the lowest', 'roll 3d20, keep the lowest', 'static value, no roll']);
  });

  it('says what each front-matter key holds', () => {
    assert.deepEqual(
      FRONT_MATTER_KEYS.map((k) => frontMatterKeyDetail(k, ru)),
      ['правила документа', 'листы персонажей', 'правила документа (то же, что ruleset)', 'правила документа (то же, что ruleset)', 'листы персонажей (то же, что characters)'],
    );
    assert.deepEqual(
      FRONT_MATTER_KEYS.map((k) => frontMatterKeyDetail(k, en)),
      ['the document’s ruleset', 'character sheets', 'the ruleset (same as ruleset)', 'the ruleset (same as ruleset)', 'character sheets (same as characters)'],
    );
  });

  it('labels a trait by its ruleset’s term for the category and its group', () => {
    const ruleset = rulesets.get('vampire-pack')!;
    const trait = (name: string) => ruleset.traits.find((t) => t.name === name)!;
    assert.equal(traitCategoryLabel(trait('Сила'), ruleset, ru), 'Характеристика · Физические');
    assert.equal(traitCategoryLabel(trait('Атлетика'), ruleset, ru), 'Навык');
  });
});
