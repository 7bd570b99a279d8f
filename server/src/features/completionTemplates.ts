/**
 * Check templates for completion, made for the document's ruleset: its family's parameters only
 * (a difficulty where it has one, with a value that means what the family means by it; 9-again
 * and modifiers in storytelling; Advantages in d20), its own trait names, and the characters of
 * the front matter as a choice (`${1|Адриан,Катастрофа|}`) with traits from the first one's sheet.
 * The front matter and a character sheet's line have templates too. What the snippets file once
 * held, without offering «сложность 6» to a ruleset where 6 removes six dice.
 */
import { type CompletionItem, CompletionItemKind, InsertTextFormat, MarkupKind, type Range } from 'vscode-languageserver';
import type { CharacterSheet, DocumentAnalysis, Locale, RulesetProvider } from '../analysis/types';
import { supportsRaces } from '../engine/capabilities';
import type { Ruleset, TraitCategory } from '../engine/ruleset';
import { rulesetSummary, rulesetTitle } from '../present/ruleset';
import { type Voice, voice } from '../present/voice';

/** Escapes text for a snippet's placeholder or plain text. */
function snippetText(text: string): string {
  return text.replace(/[\\$}]/g, (c) => `\\${c}`);
}

/** Escapes one option of a snippet choice (`${1|a,b|}`). */
function choiceText(text: string): string {
  return text.replace(/[\\$}|,]/g, (c) => `\\${c}`);
}

/** A template written twice: as a snippet, and as its label shows it (the placeholders' defaults). */
class Snippet {
  private next = 1;
  body = '';
  label = '';

  text(text: string): this {
    this.body += snippetText(text);
    this.label += text;
    return this;
  }

  field(value: string): this {
    this.body += `\${${this.next++}:${snippetText(value)}}`;
    this.label += value;
    return this;
  }

  choice(options: readonly string[]): this {
    this.body += `\${${this.next++}|${options.map(choiceText).join(',')}|}`;
    this.label += options[0];
    return this;
  }
}

type TemplateKind = 'check' | 'modifier' | 'contest' | 'extended' | 'specialty' | 'edge';

/** The words a template is found by besides its text: Russian and English, as the old snippets' prefixes. */
const KEYWORDS: Record<TemplateKind, string> = {
  check: 'проверка check',
  modifier: 'модификатор modifier',
  contest: 'против contest versus',
  extended: 'продолжительное extended',
  specialty: 'специализация specialty',
  edge: 'преимущество помеха advantage',
};

/** Two traits of each kind a pool is made of, preferring those the actor's sheet has. */
function examples(ruleset: Ruleset, sheet: CharacterSheet | undefined, category: TraitCategory, preferred: string[]): string[] {
  const ofCategory = ruleset.traits.filter((t) => t.category === category);
  const onSheet = sheet ? ofCategory.filter((t) => sheet.traits.has(t.name)) : [];
  const known = preferred.flatMap((en) => ofCategory.filter((t) => t.en === en));
  const names = [...onSheet, ...known, ...ofCategory].map((t) => t.name);
  return [...new Set(names)].slice(0, 2);
}

interface Parts {
  /** The front matter's characters: the first template field chooses among them. */
  actors: string[];
  attributes: string[];
  abilities: string[];
}

function partsFor(ruleset: Ruleset, analysis: DocumentAnalysis): Parts {
  const sheets = analysis.frontMatter?.characters ?? [];
  const abilityCategory: TraitCategory = ruleset.traits.some((t) => t.category === 'ability') ? 'ability' : 'rollable';
  return {
    actors: sheets.map((s) => s.name),
    attributes: examples(ruleset, sheets[0], 'attribute', ['Dexterity', 'Strength']),
    abilities: examples(ruleset, sheets[0], abilityCategory, ['Athletics', 'Stealth']),
  };
}

/** «Адриан: Ловкость + Атлетика», the actor a choice among the sheets; `second` picks the other pair. */
function pool(s: Snippet, parts: Parts, ruleset: Ruleset, second = false): Snippet {
  const i = second ? 1 : 0;
  if (ruleset.family === 'd20') {
    // A d20 check is one trait and its modifier; an actor's sheet gives the modifier.
    const trait = parts.abilities[i] ?? parts.abilities[0] ?? parts.attributes[0] ?? '';
    s.field(trait);
    if (parts.actors.length === 0 || second) s.text(' ').field(second ? '2' : '4');
    return s;
  }
  return s.field(parts.attributes[i] ?? parts.attributes[0] ?? '').text(' + ').field(parts.abilities[i] ?? parts.abilities[0] ?? '');
}

function withActor(parts: Parts): Snippet {
  const s = new Snippet();
  if (parts.actors.length > 0) s.choice(parts.actors).text(': ');
  return s;
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

interface Template {
  kind: TemplateKind;
  snippet: Snippet;
}

/** The templates of the ruleset's family, in the order an author reaches for them. */
function templates(ruleset: Ruleset, parts: Parts): Template[] {
  const difficulty = difficultyExample(ruleset);
  const out: Template[] = [];
  const check = pool(withActor(parts), parts, ruleset);
  if (difficulty !== undefined) check.text(' (сложность ').field(difficulty).text(')');
  out.push({ kind: 'check', snippet: check });
  if (ruleset.family === 'storytelling') {
    out.push({ kind: 'modifier', snippet: pool(withActor(parts), parts, ruleset).text(' ').choice(['−', '+']).text(' ').field('2') });
  }
  if (ruleset.family === 'd20') {
    const edge = pool(withActor(parts), parts, ruleset).text(' (сложность ').field(difficulty ?? '15').text(', ').choice(['Преимущество', '2 Преимущества', 'Помеха', '2 Помехи']).text(')');
    out.push({ kind: 'edge', snippet: edge });
  }
  const contest = pool(withActor(parts), parts, ruleset).text(' против ');
  out.push({ kind: 'contest', snippet: pool(contest, parts, ruleset, true) });
  if (supportsRaces(ruleset)) {
    const extended = pool(withActor(parts), parts, ruleset).text(' (');
    if (difficulty !== undefined) extended.text('сложность ').field(difficulty).text(', ');
    out.push({ kind: 'extended', snippet: extended.field('10').text(' успехов, ').field('5').text(' бросков)') });
  }
  const specialty = withActor(parts);
  if (ruleset.family === 'd20') pool(specialty, parts, ruleset).text(' [').field('специализация').text(']');
  else specialty.field(parts.attributes[0] ?? '').text(' + ').field(parts.abilities[0] ?? '').text(' [').field('специализация').text(']');
  if (difficulty !== undefined) specialty.text(' (сложность ').field(difficulty).text(')');
  out.push({ kind: 'specialty', snippet: specialty });
  return out;
}

const KIND_WORDS = {
  check: 'templateCheck',
  modifier: 'templateModifier',
  contest: 'templateContest',
  extended: 'templateExtended',
  specialty: 'templateSpecialty',
  edge: 'templateEdge',
} as const satisfies Record<TemplateKind, keyof Voice['w']>;

/**
 * Check templates for the document's ruleset. `wrap`: whole checks, guillemets included, that
 * replace `range` (the word typed in prose); else the content only, right after «, with the »
 * added unless it is already there (`closed`).
 */
export function checkTemplates(analysis: DocumentAnalysis, range: Range, locale: Locale, mode: { wrap: boolean; closed: boolean }): CompletionItem[] {
  const ruleset = analysis.ruleset;
  const v = voice(locale);
  const documentation = { kind: MarkupKind.Markdown, value: `**${rulesetTitle(ruleset, v)}**: ${rulesetSummary(ruleset, v)}` };
  return templates(ruleset, partsFor(ruleset, analysis)).map(({ kind, snippet }, i): CompletionItem => {
    const open = mode.wrap ? '«' : '';
    const close = mode.wrap || !mode.closed ? '»' : '';
    return {
      label: `${open}${snippet.label}${mode.wrap ? '»' : ''}`,
      labelDetails: { description: v.w[KIND_WORDS[kind]] },
      kind: CompletionItemKind.Snippet,
      detail: v.w[KIND_WORDS[kind]],
      documentation,
      // Before traits and characters after «; among themselves in this order.
      sortText: ` 0${i}`,
      filterText: mode.wrap ? `${KEYWORDS[kind]} ${snippet.label}` : snippet.label,
      insertTextFormat: InsertTextFormat.Snippet,
      textEdit: { range, newText: `${open}${snippet.body}${close}$0` },
    };
  });
}


/** A character's line of the front matter: «Имя: { Ловкость: 3, Атлетика: 2 }», traits of the ruleset. */
function sheetLine(ruleset: Ruleset, s = new Snippet()): Snippet {
  const parts = { actors: [], attributes: examples(ruleset, undefined, 'attribute', ['Dexterity', 'Strength']), abilities: examples(ruleset, undefined, 'ability', ['Athletics', 'Stealth']) };
  const traits = ruleset.family === 'd20' ? [parts.abilities[0] ?? parts.attributes[0] ?? ''] : [parts.attributes[0] ?? '', parts.abilities[0] ?? ''];
  s.field('Имя').text(': { ');
  traits.forEach((trait, i) => {
    if (i > 0) s.text(', ');
    s.field(trait).text(': ').field(i === 0 ? '3' : '2');
  });
  return s.text(' }');
}

/** The front matter for a document that has none: its ruleset a choice of every ruleset of the folder. */
export function frontMatterTemplate(analysis: DocumentAnalysis, rulesets: RulesetProvider, range: Range, locale: Locale): CompletionItem {
  const ids = [analysis.ruleset.id, ...rulesets.ids().filter((id) => id !== analysis.ruleset.id)];
  const s = new Snippet().text('---\nruleset: ').choice(ids).text('\ncharacters:\n  ');
  sheetLine(analysis.ruleset, s).text('\n---\n\n');
  return {
    label: 'front matter',
    labelDetails: { description: voice(locale).w.templateFrontMatter },
    kind: CompletionItemKind.Snippet,
    detail: voice(locale).w.templateFrontMatter,
    filterText: 'frontmatter front matter ruleset правила',
    insertTextFormat: InsertTextFormat.Snippet,
    textEdit: { range, newText: `${s.body}$0` },
  };
}

/** A character sheet's line, where the front matter lists characters. */
export function sheetTemplate(analysis: DocumentAnalysis, range: Range, locale: Locale): CompletionItem {
  const s = sheetLine(analysis.ruleset);
  return {
    label: s.label,
    labelDetails: { description: voice(locale).w.templateSheet },
    kind: CompletionItemKind.Snippet,
    detail: voice(locale).w.templateSheet,
    filterText: `персонаж character ${s.label}`,
    insertTextFormat: InsertTextFormat.Snippet,
    textEdit: { range, newText: `${s.body}$0` },
  };
}
