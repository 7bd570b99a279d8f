/**
 * Check templates made for a ruleset: its family's parameters only (a difficulty where it has
 * one, with a value that means what the family means by it; 9-again and modifiers in
 * storytelling; Advantages in d20), its own trait names, and the characters of the front matter
 * as a choice with traits from the first one's sheet. The front matter and a character sheet's
 * line have templates too. What the snippets file once held, without offering «сложность 6» to a
 * ruleset where 6 removes six dice. Plain data: features/ writes it in the editor's snippet syntax.
 */
import { supportsCombat, supportsManeuver, supportsRaces } from '../../engine/capabilities';
import type { Ruleset, TraitCategory } from '../../engine/ruleset';
import { willpowerName } from '../resolve/resolveContext';
import type { CharacterSheet } from '../types';

/** A piece of a template: text as it is, a field to overwrite (its default shown), or a choice (the first shown). */
export type TemplatePart = { text: string } | { field: string } | { choice: readonly string[] };

export type TemplateKind = 'check' | 'modifier' | 'contest' | 'extended' | 'specialty' | 'edge';

export interface CheckTemplate {
  kind: TemplateKind;
  parts: TemplatePart[];
}

/** A template as its label shows it: every field at its default, every choice at its first option. */
export function templateText(parts: readonly TemplatePart[]): string {
  return parts.map((part) => ('text' in part ? part.text : 'field' in part ? part.field : part.choice[0])).join('');
}

/** Two traits of each kind a pool is made of, preferring those the actor's sheet has. */
function examples(ruleset: Ruleset, sheet: CharacterSheet | undefined, category: TraitCategory, preferred: string[]): string[] {
  const ofCategory = ruleset.traits.filter((t) => t.category === category);
  const onSheet = sheet ? ofCategory.filter((t) => sheet.traits.has(t.name)) : [];
  const known = preferred.flatMap((en) => ofCategory.filter((t) => t.en === en));
  const names = [...onSheet, ...known, ...ofCategory].map((t) => t.name);
  return [...new Set(names)].slice(0, 2);
}

interface Examples {
  /** The front matter's characters: the first template field chooses among them. */
  actors: string[];
  attributes: string[];
  abilities: string[];
}

function examplesFor(ruleset: Ruleset, sheets: readonly CharacterSheet[]): Examples {
  const abilityCategory: TraitCategory = ruleset.traits.some((t) => t.category === 'ability') ? 'ability' : 'rollable';
  return {
    actors: sheets.map((s) => s.name),
    attributes: examples(ruleset, sheets[0], 'attribute', ['Dexterity', 'Strength']),
    abilities: examples(ruleset, sheets[0], abilityCategory, ['Athletics', 'Stealth']),
  };
}

/** «Ловкость + Атлетика»; `second` picks the other pair. */
function pool(ex: Examples, ruleset: Ruleset, second = false): TemplatePart[] {
  const i = second ? 1 : 0;
  if (ruleset.family === 'd20') {
    // A d20 check is one trait and its modifier; an actor's sheet gives the modifier.
    const trait = ex.abilities[i] ?? ex.abilities[0] ?? ex.attributes[0] ?? '';
    return ex.actors.length === 0 || second ? [{ field: trait }, { text: ' ' }, { field: second ? '2' : '4' }] : [{ field: trait }];
  }
  return [{ field: ex.attributes[i] ?? ex.attributes[0] ?? '' }, { text: ' + ' }, { field: ex.abilities[i] ?? ex.abilities[0] ?? '' }];
}

/** «Адриан: », the actor a choice among the sheets; nothing without sheets. */
function actor(ex: Examples): TemplatePart[] {
  return ex.actors.length > 0 ? [{ choice: ex.actors }, { text: ': ' }] : [];
}

/** A difficulty that means what the family means: the default where there is one, a typical one otherwise. */
function difficultyExample(ruleset: Ruleset): string | undefined {
  switch (ruleset.family) {
    case 'classic':
      return String(ruleset.params.difficulty.default ?? 6);
    case 'pool-minus-difficulty':
      // Two dice fewer: the difficulty removes dice here, so the classic 6 would remove six.
      return '2';
    case 'd20':
      return '15';
    case 'storytelling':
      return undefined;
  }
}

/** The templates of the ruleset's family, in the order an author reaches for them; `sheets`: the front matter's characters. */
export function checkTemplates(ruleset: Ruleset, sheets: readonly CharacterSheet[]): CheckTemplate[] {
  const ex = examplesFor(ruleset, sheets);
  const difficulty = difficultyExample(ruleset);
  const withDifficulty: TemplatePart[] = difficulty !== undefined ? [{ text: ' (сложность ' }, { field: difficulty }, { text: ')' }] : [];
  const checkPool = (): TemplatePart[] => [...actor(ex), ...pool(ex, ruleset)];
  const out: CheckTemplate[] = [{ kind: 'check', parts: [...checkPool(), ...withDifficulty] }];
  if (ruleset.family === 'storytelling') {
    out.push({ kind: 'modifier', parts: [...checkPool(), { text: ' ' }, { choice: ['−', '+'] }, { text: ' ' }, { field: '2' }] });
  }
  if (ruleset.family === 'd20') {
    const edges = ['Преимущество', '2 Преимущества', 'Помеха', '2 Помехи'];
    out.push({ kind: 'edge', parts: [...checkPool(), { text: ' (сложность ' }, { field: difficulty ?? '15' }, { text: ', ' }, { choice: edges }, { text: ')' }] });
  }
  out.push({ kind: 'contest', parts: [...checkPool(), { text: ' против ' }, ...pool(ex, ruleset, true)] });
  if (supportsRaces(ruleset)) {
    const extendedDifficulty: TemplatePart[] = difficulty !== undefined ? [{ text: 'сложность ' }, { field: difficulty }, { text: ', ' }] : [];
    out.push({ kind: 'extended', parts: [...checkPool(), { text: ' (' }, ...extendedDifficulty, { field: '10' }, { text: ' успехов, ' }, { field: '5' }, { text: ' бросков)' }] });
  }
  const specialtyPool: TemplatePart[] =
    ruleset.family === 'd20' ? pool(ex, ruleset) : [{ field: ex.attributes[0] ?? '' }, { text: ' + ' }, { field: ex.abilities[0] ?? '' }];
  out.push({ kind: 'specialty', parts: [...actor(ex), ...specialtyPool, { text: ' [' }, { field: 'специализация' }, { text: ']' }, ...withDifficulty] });
  return out;
}

/** A character's line of the front matter: «Имя: { Ловкость: 3, Атлетика: 2 }», traits of the ruleset. */
export function sheetLineTemplate(ruleset: Ruleset): TemplatePart[] {
  const attributes = examples(ruleset, undefined, 'attribute', ['Dexterity', 'Strength']);
  const abilities = examples(ruleset, undefined, 'ability', ['Athletics', 'Stealth']);
  const traits = ruleset.family === 'd20' ? [abilities[0] ?? attributes[0] ?? ''] : [attributes[0] ?? '', abilities[0] ?? ''];
  const out: TemplatePart[] = [{ field: 'Имя' }, { text: ': { ' }];
  traits.forEach((trait, i) => {
    if (i > 0) out.push({ text: ', ' });
    out.push({ field: trait }, { text: ': ' }, { field: i === 0 ? '3' : '2' });
  });
  out.push({ text: ' }' });
  return out;
}

/** The front matter for a document that has none: its ruleset a choice of `rulesetIds`, the document's own first. */
export function frontMatterTemplate(ruleset: Ruleset, rulesetIds: readonly string[]): TemplatePart[] {
  const ids = [ruleset.id, ...rulesetIds.filter((id) => id !== ruleset.id)];
  return [{ text: '---\nruleset: ' }, { choice: ids }, { text: '\ncharacters:\n  ' }, ...sheetLineTemplate(ruleset), { text: '\n---\n\n' }];
}

export type ParameterKind =
  | 'difficulty'
  | 'successes'
  | 'rolls'
  | 'extended'
  | 'specialty'
  | 'advantage'
  | 'twoAdvantages'
  | 'hindrance'
  | 'twoHindrances'
  | 'static'
  | 'nineAgain'
  | 'eightAgain'
  | 'noTenAgain'
  | 'willpowerDice'
  | 'willpowerSuccess'
  | 'twice'
  | 'attempts'
  | 'secondAttempt'
  | 'special'
  | 'damage'
  | 'attack'
  | 'defence'
  | 'deal'
  | 'extraSuccesses'
  | 'durability'
  | 'maneuver'
  | 'headStart'
  | 'replay';

/** A parameter offered after «(»: its word, and what it writes (a field where a number follows). */
export type CheckParameter = { label: string; parts: TemplatePart[] } & (
  | { kind: Exclude<ParameterKind, 'willpowerDice'> }
  /** Storytelling's Willpower: the dice it adds. */
  | { kind: 'willpowerDice'; dice: number }
);

function word(kind: Exclude<ParameterKind, 'willpowerDice'>, label: string): CheckParameter {
  return { kind, label, parts: [{ text: label }] };
}

/** Parameters of the grammar (docs/markup.en.md, "Parameters") that the ruleset's family uses. */
export function checkParameters(ruleset: Ruleset): CheckParameter[] {
  const out: CheckParameter[] = [];
  if (ruleset.family !== 'storytelling') {
    // A typical value to overwrite: vampire-pack's default of 0 would suggest writing nothing.
    const example = ruleset.family === 'd20' ? 12 : ruleset.family === 'classic' ? (ruleset.params.difficulty.default ?? 6) : 2;
    out.push({ kind: 'difficulty', label: 'сложность', parts: [{ text: 'сложность ' }, { field: String(example) }] });
  }
  out.push(
    { kind: 'successes', label: 'успехов', parts: [{ field: '10' }, { text: ' успехов' }] },
    { kind: 'rolls', label: 'бросков', parts: [{ field: '5' }, { text: ' бросков' }] },
    word('extended', 'продолжительное'),
    word('specialty', 'специализация'),
  );
  // The better of two rolls needs successes to compare; a d20 roll says it with an Advantage.
  if (ruleset.family !== 'd20') out.push(word('twice', 'дважды'));
  // vampire-pack's second attempt (004 l.86–90), attack and defence for High Competence (l.109), the Devil's Bargain (l.60–65).
  if (ruleset.family === 'pool-minus-difficulty') out.push(word('secondAttempt', 'вторая попытка'), word('attack', 'атака'), word('defence', 'защита'), word('deal', 'сделка с Дьяволом'));
  if (ruleset.family === 'storytelling') out.push({ kind: 'attempts', label: 'попытки', parts: [{ field: '3' }, { text: ' попытки' }] });
  out.push(word('special', 'особое'));
  // docs/markup.md, "Механики": extra successes (000 l.468, 001 l.81), Durability (000 l.593),
  // a vehicle's Maneuver (001 l.32), a race's head start (001 l.83), where the ruleset takes them.
  if (ruleset.family === 'storytelling' || ruleset.family === 'classic') out.push({ kind: 'extraSuccesses', label: '+успехов', parts: [{ text: '+' }, { field: '2' }, { text: ' успеха' }] });
  if (ruleset.family === 'storytelling') out.push(word('replay', 'воспроизведение'));
  if (ruleset.family === 'storytelling') out.push({ kind: 'durability', label: 'прочность', parts: [{ text: 'прочность ' }, { field: '3' }] });
  if (supportsManeuver(ruleset)) out.push({ kind: 'maneuver', label: 'маневр', parts: [{ text: 'маневр ' }, { field: '5' }] });
  if (supportsRaces(ruleset)) out.push({ kind: 'headStart', label: 'фора', parts: [{ text: 'фора ' }, { field: '2' }] });
  if (ruleset.family === 'd20') {
    out.push(
      word('advantage', 'Преимущество'),
      word('twoAdvantages', '2 Преимущества'),
      word('hindrance', 'Помеха'),
      word('twoHindrances', '2 Помехи'),
      word('static', 'статичная'),
    );
  }
  if (ruleset.family === 'storytelling') {
    out.push(word('nineAgain', 'снова-9'), word('eightAgain', 'снова-8'), word('noTenAgain', 'без снова-10'), { kind: 'willpowerDice', label: 'Воля', parts: [{ text: 'Воля' }], dice: ruleset.params.willpowerDice });
  }
  // An attack's damage pool (001 l.268–275): the actor's Strength and the weapon, as the text's knife.
  if (supportsCombat(ruleset)) out.push({ kind: 'damage', label: 'урон:', parts: [{ text: 'урон: ' }, { field: 'Сила + 1' }] });
  if (ruleset.family === 'classic') {
    out.push(word('willpowerSuccess', willpowerName(ruleset) ?? 'Сила воли'));
  }
  return out;
}
