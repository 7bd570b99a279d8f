/**
 * The project's parties (`.rollmark/party.yaml`, docs/markup.md «Партия проекта»): named parties of
 * character sheets every scenario of the folder is analysed with, a file's own front-matter
 * characters added to them or overriding them. Read with the front matter's reader (frontMatter.ts
 * `readCharacters`) under the project files' limits: the size of a ruleset file, hostile YAML refused
 * before parsing, nodes walked and never converted (no alias is expanded), parties and characters counted.
 */
import { isMap, isNode, isScalar, parseDocument } from 'yaml';
import { MAX_INTEGER } from '../check/checkExpression';
import { DEFAULT_SEVERITY, type DiagnosticMessage } from '../diagnosticCatalog';
import { LineIndex } from '../markdown/lineIndex';
import { MAX_REPORTED_ERRORS, MAX_RULESET_CHARS, yamlInputProblem } from '../../engine/rulesetLoader';
import type { TraitIndex } from '../resolve/traitIndex';
import type { AnalysisDiagnostic, CharacterSheet, TextRange } from '../types';
import { CHARACTER_KEYS, keyName, type RawFrontMatter, readCharacters, resolveSheets, RULESET_KEYS } from './frontMatter';

export const DEFAULT_PARTY_PATH = '.rollmark/party.yaml';
/** A campaign has a few parties of a few characters; more is a mistake, not a party. */
export const MAX_PARTIES = 20;
export const MAX_PARTY_CHARACTERS = 50;

const PARTIES_KEYS = ['parties', 'партии'];
const DEFAULT_KEYS = ['default', 'по умолчанию'];

export type RawCharacter = RawFrontMatter['characters'][number];

/** One named party as written: its sheets' ranges are offsets into the party file. */
export interface ProjectParty {
  name: string;
  characters: RawCharacter[];
  /** The party's sheets as text: the same key for the same sheets (analysis contexts are shared by it). */
  key: string;
}

export interface PartyFile {
  parties: ProjectParty[];
  /** The party a document gets when no name is asked for (`default:`, else the first). */
  default?: string;
  /** The ruleset the sheets are checked against (`ruleset:`), when the file names one. */
  ruleset?: { value: string; range: TextRange };
  /** Problems of the file, on the file. */
  diagnostics: AnalysisDiagnostic[];
}

function problem(message: DiagnosticMessage, range: TextRange): AnalysisDiagnostic {
  return { code: 'RM011', severity: DEFAULT_SEVERITY.RM011, message, range, fixes: [] };
}

/** The front matter's words for a sheet's problem, said of the party file instead. */
function asPartyProblem(d: AnalysisDiagnostic, party: string): AnalysisDiagnostic {
  const m = d.message;
  if (m.id === 'charactersNotMapping') return { ...d, message: { id: 'partyNotMapping', name: party } };
  if (m.id === 'sheetNotMapping') return { ...d, message: { id: 'partySheetNotMapping', name: m.name } };
  if (m.id === 'sheetValueNotInteger') return { ...d, message: { id: 'partyValueNotInteger', trait: m.trait } };
  if (m.id === 'sheetValueOutOfRange') return { ...d, message: { id: 'partyValueOutOfRange', trait: m.trait, min: m.min, max: m.max } };
  return d;
}

/**
 * The party file's parties. `index`, when given, is the trait index of the ruleset the file names
 * (`ruleset:`): the sheets' traits are checked against it as the front matter's are (unknown
 * names with their fixes); without it only the values are.
 */
export function parsePartyFile(text: string, index?: (rulesetId: string) => TraitIndex | undefined): PartyFile {
  const lines = new LineIndex(text);
  const firstLine = { start: 0, end: lines.lineEnd(0) };
  const none = (diagnostics: AnalysisDiagnostic[]): PartyFile => ({ parties: [], diagnostics });
  if (text.length > MAX_RULESET_CHARS) return none([problem({ id: 'partyFileTooLarge' }, firstLine)]);
  const refused = yamlInputProblem(text);
  if (refused) return none([problem({ id: 'yaml', detail: refused.message }, { start: refused.offset, end: refused.offset + 1 })]);
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: false });
  if (doc.errors.length > 0) return none(doc.errors.slice(0, MAX_REPORTED_ERRORS).map((e) => problem({ id: 'yaml', detail: e.message.split('\n')[0] }, { start: e.pos[0], end: e.pos[0] + 1 })));
  if (doc.contents === null) return none([]);
  if (!isMap(doc.contents)) return none([problem({ id: 'partyFileShape' }, firstLine)]);
  const file: PartyFile = { parties: [], diagnostics: [] };
  const at = (node: unknown): TextRange => (isNode(node) && node.range ? { start: node.range[0], end: node.range[1] } : firstLine);
  const scalar = (node: unknown): unknown => (isScalar(node) ? node.value : undefined);
  let defaultName: { value: string; range: TextRange } | undefined;
  let partiesPair;
  for (const pair of doc.contents.items) {
    const key = keyName(pair)?.trim().toLowerCase();
    if (key === undefined) continue;
    if (PARTIES_KEYS.includes(key)) partiesPair = pair;
    else if (DEFAULT_KEYS.includes(key)) defaultName = { value: String(scalar(pair.value) ?? '').trim(), range: at(pair.value) };
    else if (RULESET_KEYS.includes(key)) {
      const value = scalar(pair.value);
      if (typeof value === 'string') file.ruleset = { value: value.trim(), range: at(pair.value) };
    } else if (CHARACTER_KEYS.includes(key)) file.diagnostics.push(problem({ id: 'partyFileShape' }, at(pair.key)));
  }
  if (!partiesPair || !isMap(partiesPair.value)) {
    file.diagnostics.push(problem({ id: 'partyFileShape' }, partiesPair ? at(partiesPair.key) : firstLine));
    return file;
  }
  const src = { base: 0, text };
  const traitIndex = file.ruleset ? index?.(file.ruleset.value) : undefined;
  for (const party of partiesPair.value.items) {
    const name = keyName(party)?.trim();
    if (!name) continue;
    if (file.parties.length >= MAX_PARTIES) {
      file.diagnostics.push(problem({ id: 'partyTooMany', max: MAX_PARTIES, what: 'parties' }, at(party.key)));
      break;
    }
    const raw: RawFrontMatter = { range: at(party.key), characters: [], diagnostics: [] };
    readCharacters(party, src, raw, (message, range) => raw.diagnostics.push(problem(message, range)));
    if (raw.characters.length > MAX_PARTY_CHARACTERS) {
      raw.diagnostics.push(problem({ id: 'partyTooMany', max: MAX_PARTY_CHARACTERS, what: 'characters' }, raw.characters[MAX_PARTY_CHARACTERS].range));
      raw.characters.length = MAX_PARTY_CHARACTERS;
    }
    // The values are checked whatever the ruleset; the names only against the one the file names.
    const checked = traitIndex ? resolveSheets(raw, traitIndex).diagnostics : valueProblems(raw);
    file.diagnostics.push(...[...raw.diagnostics, ...checked].map((d) => asPartyProblem(d, name)));
    const key = JSON.stringify(raw.characters.map((c) => [c.name, c.traits.map((t) => [t.name, t.value])]));
    file.parties.push({ name, characters: raw.characters, key });
  }
  if (defaultName && !file.parties.some((p) => p.name === defaultName.value)) {
    file.diagnostics.push(problem({ id: 'partyUnknownDefault', name: defaultName.value, known: file.parties.map((p) => p.name) }, defaultName.range));
  } else if (defaultName) file.default = defaultName.value;
  file.diagnostics.splice(MAX_REPORTED_ERRORS);
  return file;
}

/** The sheets' values checked as the front matter's are (frontMatter.ts `resolveSheets`), without a ruleset to check the names. */
function valueProblems(raw: RawFrontMatter): AnalysisDiagnostic[] {
  const out: AnalysisDiagnostic[] = [];
  for (const character of raw.characters) {
    for (const trait of character.traits) {
      if (typeof trait.value !== 'number' || !Number.isInteger(trait.value)) out.push(problem({ id: 'sheetValueNotInteger', trait: trait.name }, trait.valueRange));
      else if (Math.abs(trait.value) > MAX_INTEGER) out.push(problem({ id: 'sheetValueOutOfRange', trait: trait.name, min: -MAX_INTEGER, max: MAX_INTEGER }, trait.valueRange));
    }
  }
  return out;
}

/**
 * The party a document is analysed with: the one named (`rollmark.party`, `--party`), else the
 * file's default, else its first; `unknown` when the name is not one of the file's.
 */
export function chooseParty(file: PartyFile | undefined, name: string | undefined): ProjectParty | undefined | 'unknown' {
  if (!file || file.parties.length === 0) return name ? 'unknown' : undefined;
  if (name) return file.parties.find((p) => p.name === name) ?? file.parties.find((p) => p.name.toLowerCase() === name.toLowerCase()) ?? 'unknown';
  return file.parties.find((p) => p.name === file.default) ?? file.parties[0];
}

/**
 * The characters a document's checks are rolled by: the party's, each trait under the ruleset's
 * name for it, then the front matter's. A character the front matter names too keeps the party's
 * traits the front matter does not give and takes the front matter's values and place (its name's
 * range); a party's character has no place in the document (an empty range at its start).
 */
export function mergeSheets(party: ProjectParty, own: readonly CharacterSheet[], index: TraitIndex): CharacterSheet[] {
  const nowhere = (): TextRange => ({ start: 0, end: 0 });
  const merged: CharacterSheet[] = party.characters.map((character) => {
    const traits = new Map<string, { value: number; range: TextRange }>();
    for (const trait of character.traits) {
      // A value the party file's own diagnostics refuse is left out here, as the front matter's are.
      if (typeof trait.value !== 'number' || !Number.isInteger(trait.value) || Math.abs(trait.value) > MAX_INTEGER) continue;
      traits.set(index.lookup(trait.name)?.trait.name ?? trait.name, { value: trait.value, range: nowhere() });
    }
    return { name: character.name, range: nowhere(), traits };
  });
  for (const sheet of own) {
    const k = merged.findIndex((m) => m.name === sheet.name);
    if (k < 0) merged.push(sheet);
    else merged[k] = { ...sheet, traits: new Map([...merged[k].traits, ...sheet.traits]) };
  }
  return merged;
}
