/**
 * Completion's templates and parameters as data (analysis/completion/checkTemplates.ts), per family: what
 * each template writes, part by part, before features/ turns it into a snippet.
 */
import * as assert from 'node:assert/strict';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { checkParameters, checkTemplates, frontMatterTemplate, sheetLineTemplate, type TemplatePart, templateText } from '../../../server/out/analysis/completion/checkTemplates';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import type { CharacterSheet } from '../../../server/out/analysis/types';
import type { Ruleset } from '../../../server/out/engine/ruleset';

const rulesets = builtinRulesets();

function ruleset(id: string): Ruleset {
  const found = rulesets.get(id);
  assert.ok(found, id);
  return found;
}

function sheets(frontMatter: string): CharacterSheet[] {
  return analyzeDocument(`---\n${frontMatter}---\n`, { rulesets }).frontMatter?.characters ?? [];
}

const text = (t: string): TemplatePart => ({ text: t });
const field = (f: string): TemplatePart => ({ field: f });

describe('check templates (analysis)', () => {
  it('vampire-pack: a difficulty of 2 (dice removed, never the classic 6), the sheets’ characters a choice, the first sheet’s traits', () => {
    const characters = sheets('ruleset: vampire-pack\ncharacters:\n  Адриан: { Сила: 3, Атлетика: 3 }\n  Катастрофа: { Ловкость: 4 }\n');
    const actor = [{ choice: ['Адриан', 'Катастрофа'] }, text(': ')];
    const pool = [field('Сила'), text(' + '), field('Атлетика')];
    assert.deepEqual(checkTemplates(ruleset('vampire-pack'), characters), [
      { kind: 'check', parts: [...actor, ...pool, text(' (сложность '), field('2'), text(')')] },
      { kind: 'contest', parts: [...actor, ...pool, text(' против '), field('Ловкость'), text(' + '), field('Скрытность')] },
      { kind: 'extended', parts: [...actor, ...pool, text(' ('), text('сложность '), field('2'), text(', '), field('10'), text(' успехов, '), field('5'), text(' бросков)')] },
      { kind: 'specialty', parts: [...actor, ...pool, text(' ['), field('специализация'), text(']'), text(' (сложность '), field('2'), text(')')] },
    ]);
  });

  it('storytelling: no difficulty, a modifier whose sign is a choice; without sheets no actor, Dexterity + Athletics', () => {
    const pool = [field('Ловкость'), text(' + '), field('Атлетика')];
    assert.deepEqual(checkTemplates(ruleset('storytelling'), []), [
      { kind: 'check', parts: pool },
      { kind: 'modifier', parts: [...pool, text(' '), { choice: ['−', '+'] }, text(' '), field('2')] },
      { kind: 'contest', parts: [...pool, text(' против '), field('Сила'), text(' + '), field('Скрытность')] },
      { kind: 'extended', parts: [...pool, text(' ('), field('10'), text(' успехов, '), field('5'), text(' бросков)')] },
      { kind: 'specialty', parts: [...pool, text(' ['), field('специализация'), text(']')] },
    ]);
  });

  it('classic (mage-revised): the ruleset’s default difficulty of 6, in its own trait names', () => {
    assert.deepEqual(checkTemplates(ruleset('mage-revised'), [])[0], {
      kind: 'check',
      parts: [field('Ловкость'), text(' + '), field('Атлетизм'), text(' (сложность '), field('6'), text(')')],
    });
  });

  it('d20: one trait and its modifier, difficulty 15, Advantages and Hindrances a choice, no extended action', () => {
    const pool = [field('Скрытность'), text(' '), field('4')];
    assert.deepEqual(checkTemplates(ruleset('threads-of-fate'), []), [
      { kind: 'check', parts: [...pool, text(' (сложность '), field('15'), text(')')] },
      { kind: 'edge', parts: [...pool, text(' (сложность '), field('15'), text(', '), { choice: ['Преимущество', '2 Преимущества', 'Помеха', '2 Помехи'] }, text(')')] },
      { kind: 'contest', parts: [...pool, text(' против '), field('Скрытность'), text(' '), field('2')] },
      { kind: 'specialty', parts: [...pool, text(' ['), field('специализация'), text(']'), text(' (сложность '), field('15'), text(')')] },
    ]);
  });

  it('d20 with a sheet: the actor’s sheet gives the modifier, so the actor’s side writes none; the opponent’s does', () => {
    const [check, , contest] = checkTemplates(ruleset('threads-of-fate'), sheets('ruleset: threads-of-fate\ncharacters:\n  Вера: { Скрытность: 3 }\n'));
    assert.deepEqual(check.parts, [{ choice: ['Вера'] }, text(': '), field('Скрытность'), text(' (сложность '), field('15'), text(')')]);
    assert.deepEqual(contest.parts, [{ choice: ['Вера'] }, text(': '), field('Скрытность'), text(' против '), field('Скрытность'), text(' '), field('2')]);
  });

  it('shows a template with every field at its default and every choice at its first option', () => {
    assert.equal(templateText([{ choice: ['Адриан', 'Катастрофа'] }, text(': '), field('Сила'), text(' $}|, '), { choice: ['−', '+'] }]), 'Адриан: Сила $}|, −');
    assert.equal(templateText([]), '');
  });

  it('a character sheet’s line: two traits of the ruleset, one in d20', () => {
    assert.deepEqual(sheetLineTemplate(ruleset('vampire-pack')), [field('Имя'), text(': { '), field('Ловкость'), text(': '), field('3'), text(', '), field('Атлетика'), text(': '), field('2'), text(' }')]);
    assert.equal(templateText(sheetLineTemplate(ruleset('threads-of-fate'))), 'Имя: { Скрытность: 3 }');
  });

  it('the front matter: the document’s ruleset first among the folder’s, then a sheet’s line', () => {
    const parts = frontMatterTemplate(ruleset('vampire-pack'), ['storytelling', 'vampire-pack', 'mine']);
    assert.deepEqual(parts.slice(0, 3), [text('---\nruleset: '), { choice: ['vampire-pack', 'storytelling', 'mine'] }, text('\ncharacters:\n  ')]);
    assert.equal(templateText(parts), '---\nruleset: vampire-pack\ncharacters:\n  Имя: { Ловкость: 3, Атлетика: 2 }\n---\n\n');
  });
});

describe('check parameters (analysis)', () => {
  const labels = (id: string) => checkParameters(ruleset(id)).map((p) => p.label);

  it('offers a difficulty with a value of the family’s meaning, where the family has one', () => {
    const difficulty = (id: string) => checkParameters(ruleset(id)).find((p) => p.kind === 'difficulty')?.parts;
    assert.deepEqual(difficulty('vampire-pack'), [text('сложность '), field('2')]);
    assert.deepEqual(difficulty('mage-revised'), [text('сложность '), field('6')]);
    assert.deepEqual(difficulty('threads-of-fate'), [text('сложность '), field('12')]);
    assert.equal(difficulty('storytelling'), undefined);
  });

  it('offers each family’s own parameters, in order', () => {
    assert.deepEqual(labels('vampire-pack'), ['сложность', 'успехов', 'бросков', 'продолжительное', 'специализация', 'дважды', 'вторая попытка', 'атака', 'защита', 'сделка с Дьяволом', 'особое', 'фора']);
    assert.deepEqual(labels('threads-of-fate'), ['сложность', 'успехов', 'бросков', 'продолжительное', 'специализация', 'особое', 'Преимущество', '2 Преимущества', 'Помеха', '2 Помехи', 'статичная']);
    assert.deepEqual(labels('storytelling'), ['успехов', 'бросков', 'продолжительное', 'специализация', 'дважды', 'попытки', 'особое', '+успехов', 'воспроизведение', 'прочность', 'фора', 'снова-9', 'снова-8', 'без снова-10', 'Воля']);
    // docs/markup.md, "Механики": Maneuver where the text has vehicles (mage-revised), not in werewolf-revised.
    assert.deepEqual(labels('mage-revised'), ['сложность', 'успехов', 'бросков', 'продолжительное', 'специализация', 'дважды', 'особое', '+успехов', 'маневр', 'фора', 'урон:', 'Сила Воли']);
    assert.deepEqual(labels('werewolf-revised'), ['сложность', 'успехов', 'бросков', 'продолжительное', 'специализация', 'дважды', 'особое', '+успехов', 'фора', 'урон:', 'Сила воли']);
    assert.deepEqual(checkParameters(ruleset('storytelling'))[7].parts, [text('+'), field('2'), text(' успеха')]);
    // Attempts write a number to overwrite, as «успехов» does.
    assert.deepEqual(checkParameters(ruleset('storytelling'))[5].parts, [field('3'), text(' попытки')]);
    // Willpower as each classic ruleset spells it.
    assert.deepEqual(labels('mage-revised').at(-1), 'Сила Воли');
    assert.deepEqual(labels('werewolf-revised').at(-1), 'Сила воли');
    // An attack's damage pool (001 l.268–275), in the classic rulesets only.
    for (const id of ['mage-revised', 'werewolf-revised']) {
      assert.deepEqual(checkParameters(ruleset(id)).find((p) => p.kind === 'damage')?.parts, [text('урон: '), field('Сила + 1')]);
    }
    for (const id of ['storytelling', 'vampire-pack', 'threads-of-fate']) assert.ok(!labels(id).includes('урон:'), id);
  });

  it('writes a number to overwrite before «успехов» and «бросков», the word alone otherwise; storytelling’s Willpower knows its dice', () => {
    const [successes, rolls, extended] = checkParameters(ruleset('vampire-pack')).slice(1);
    assert.deepEqual([successes.parts, rolls.parts, extended.parts], [[field('10'), text(' успехов')], [field('5'), text(' бросков')], [text('продолжительное')]]);
    assert.deepEqual(checkParameters(ruleset('storytelling')).at(-1), { kind: 'willpowerDice', label: 'Воля', parts: [text('Воля')], dice: 3 });
  });
});
