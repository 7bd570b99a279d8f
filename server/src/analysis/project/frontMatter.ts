import { distance } from 'fastest-levenshtein';
import { isMap, isScalar, type Node as YamlNode, parseDocument, type Pair } from 'yaml';
import { findFrontMatter } from '../markdown/frontMatterBlock';
import { MAX_INTEGER } from '../check/checkExpression';
import { DEFAULT_SEVERITY, type DiagnosticMessage } from '../diagnosticCatalog';
import type { TraitIndex } from '../resolve/traitIndex';
import { unknownTraitDiagnostic } from '../resolve/unknownTrait';
import type { AnalysisDiagnostic, CharacterSheet, RulesetProvider, TextRange } from '../types';

/** The keys that name the ruleset and list the characters, the English one first. */
export const RULESET_KEYS: readonly string[] = ['ruleset', 'система', 'правила'];
export const CHARACTER_KEYS: readonly string[] = ['characters', 'персонажи'];

/** Front matter as written, before the ruleset is known. */
export interface RawFrontMatter {
  range: TextRange;
  rulesetId?: { value: string; range: TextRange };
  characters: { name: string; range: TextRange; traits: { name: string; nameRange: TextRange; value: unknown; valueRange: TextRange }[]; newTrait?: CharacterSheet['newTrait'] }[];
  diagnostics: AnalysisDiagnostic[];
}

/**
 * A hostile front matter must not stall the analysis: its nodes are walked, never converted
 * with toJS, so aliases are never expanded; YAML errors become RM011.
 */
const YAML_OPTIONS = { prettyErrors: false, uniqueKeys: false } as const;

/** Where the front matter's YAML is: its offset in the document, and the document. */
export interface YamlSource {
  base: number;
  text: string;
}

/**
 * A node's range in the document, without the line breaks and spaces a block value ends with
 * («|\n»): a fix replacing the value must not join the next line to it.
 */
function nodeRange(node: YamlNode | null | undefined, src: YamlSource): TextRange | undefined {
  const r = node?.range;
  if (!r) return undefined;
  const start = src.base + r[0];
  let end = src.base + r[1];
  while (end > start && /\s/u.test(src.text[end - 1])) end--;
  return { start, end };
}

export function keyName(pair: Pair): string | undefined {
  return isScalar(pair.key) && pair.key.value !== null ? String(pair.key.value) : undefined;
}

/** The range's first line, without its line end (LF, CRLF or CR). */
function firstLine(text: string, range: TextRange): TextRange {
  const lineEnd = /[\r\n]/g;
  lineEnd.lastIndex = range.start;
  const end = lineEnd.exec(text)?.index;
  return { start: range.start, end: end === undefined || end > range.end ? range.end : end };
}

const LONE_CR = /\r(?!\n)/g;

/** The start of the line `at` is on: after the last LF or lone CR before it. */
function lineStartBefore(text: string, at: number): number {
  const lf = text.lastIndexOf('\n', at - 1);
  let cr = text.lastIndexOf('\r', at - 1);
  // A CRLF's CR is no line end of its own; its LF is found anyway (CRs before `lf` do not matter).
  while (cr > lf && text.charCodeAt(cr + 1) === 10) cr = text.lastIndexOf('\r', cr - 1);
  return Math.max(lf, cr) + 1;
}

/** A character with no traits yet: «Мирон:» (or «Мирон: ~»), which YAML reads as null. */
function emptySheet(character: Pair): boolean {
  return character.value === null || (isScalar(character.value) && character.value.value === null);
}

/** The line break at `at` as written (LF, CRLF or a lone CR); undefined at the end of the text. */
function lineBreakAt(text: string, at: number): string | undefined {
  if (text.startsWith('\r\n', at)) return '\r\n';
  const char = text[at];
  return char === '\n' || char === '\r' ? char : undefined;
}

/**
 * Where a new trait line goes in a block-style sheet: after its last trait's line, indented as
 * that trait is; in an empty sheet («Мирон:»), after the name, two spaces deeper. A flow mapping
 * («Мирон: {Сила: 3}») or a value spanning lines gets no place: an inserted line could break it.
 */
function newTraitLine(character: Pair, nameRange: TextRange, src: YamlSource): CharacterSheet['newTrait'] {
  const { text } = src;
  const place = (after: TextRange, keyStart: number, deeper: string): CharacterSheet['newTrait'] => {
    const lineStart = lineStartBefore(text, keyStart);
    const indent = text.slice(lineStart, keyStart);
    const lineEnd = firstLine(text, { start: after.end, end: text.length }).end;
    const eol = lineBreakAt(text, lineEnd);
    return /^ *$/u.test(indent) && eol !== undefined ? { at: { start: lineEnd, end: lineEnd }, prefix: `${eol}${indent}${deeper}` } : undefined;
  };
  if (emptySheet(character)) {
    // «Мирон:» alone, maybe with a comment: a value after the colon («Мирон: ~») would not take a line under it.
    const lineEnd = firstLine(text, { start: nameRange.end, end: text.length }).end;
    return /^\s*:\s*(?:#.*)?$/u.test(text.slice(nameRange.end, lineEnd)) ? place(nameRange, nameRange.start, '  ') : undefined;
  }
  if (!isMap(character.value) || character.value.flow || character.value.items.length === 0) return undefined;
  const last = character.value.items[character.value.items.length - 1];
  const keyRange = nodeRange(last.key as YamlNode, src);
  const valueRange = nodeRange(last.value as YamlNode, src);
  if (!keyRange || !valueRange || !isScalar(last.value) || /[\r\n]/u.test(text.slice(keyRange.start, valueRange.end))) return undefined;
  return place(valueRange, keyRange.start, '');
}

/** RM011 for what the front matter says wrongly. */
function frontMatterProblem(message: DiagnosticMessage, range: TextRange): AnalysisDiagnostic {
  return { code: 'RM011', severity: DEFAULT_SEVERITY.RM011, message, range, fixes: [] };
}

/** A top-level ruleset line with a value, as a last resort when the YAML around it is broken. */
const RULESET_LINE = new RegExp(`^(?:${RULESET_KEYS.join('|')})[ \\t]*:[ \\t]*[^\\s#]`, 'imu');

/**
 * Whether the document's front matter names a ruleset: the test that makes an ordinary Markdown
 * document a scenario (`rollmark.markdown.enable: withRuleset`). Read as the analysis reads it;
 * front matter whose YAML is broken but has a ruleset line counts too, so that the author sees
 * what is wrong with it instead of nothing.
 */
export function namesRuleset(text: string): boolean {
  const block = findFrontMatter(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  if (!block) return false;
  const raw = readFrontMatter(text, block);
  if (raw.rulesetId) return raw.rulesetId.value !== '';
  return raw.diagnostics.length > 0 && RULESET_LINE.test(text.slice(block.content.start, block.content.end));
}

export function readFrontMatter(text: string, block: { range: TextRange; content: TextRange }): RawFrontMatter {
  const result: RawFrontMatter = { range: block.range, characters: [], diagnostics: [] };
  const malformed = (message: DiagnosticMessage, range: TextRange) => result.diagnostics.push(frontMatterProblem(message, range));
  const base = block.content.start;
  // The YAML ends before the closing fence's line break; with CRLF that break's CR must not be
  // read as the last value's final character («Сила: 3\r» is a string, not 3). A lone CR before
  // it is a blank line's end, as an LF would be.
  const crlf = text.charCodeAt(block.content.end - 1) === 13 && text.charCodeAt(block.content.end) === 10;
  const end = block.content.end > base && crlf ? block.content.end - 1 : block.content.end;
  let doc;
  try {
    // The yaml package breaks lines at LF only; a lone CR (a line end to micromark and YAML 1.2)
    // becomes an LF, which keeps every offset.
    doc = parseDocument(text.slice(base, end).replace(LONE_CR, '\n'), YAML_OPTIONS);
  } catch (error) {
    malformed({ id: 'frontMatterYaml', detail: error instanceof Error ? error.message : String(error) }, firstLine(text, block.range));
    return result;
  }
  for (const error of doc.errors) {
    const at = base + error.pos[0];
    const lineStart = lineStartBefore(text, at);
    malformed({ id: 'frontMatterYaml', detail: error.message.split('\n')[0] }, firstLine(text, { start: lineStart, end: block.range.end }));
  }
  if (doc.errors.length > 0 || doc.contents === null) return result;
  if (!isMap(doc.contents)) {
    malformed({ id: 'frontMatterNotMapping' }, firstLine(text, block.range));
    return result;
  }
  for (const pair of doc.contents.items) {
    const key = keyName(pair)?.toLowerCase();
    if (key && RULESET_KEYS.includes(key)) {
      const range = nodeRange(pair.value as YamlNode, { base, text });
      if (isScalar(pair.value) && typeof pair.value.value === 'string' && range) result.rulesetId = { value: pair.value.value.trim(), range };
      else malformed({ id: 'rulesetNotString' }, range ?? firstLine(text, block.range));
    } else if (key && CHARACTER_KEYS.includes(key)) {
      readCharacters(pair, { base, text }, result, malformed);
    }
  }
  return result;
}

/** A `characters:` mapping's sheets as written (also a party of `.rollmark/party.yaml`, partyFile.ts). */
export function readCharacters(pair: Pair, src: YamlSource, result: RawFrontMatter, malformed: (message: DiagnosticMessage, range: TextRange) => void): void {
  const keyRange = nodeRange(pair.key as YamlNode, src) ?? result.range;
  if (!isMap(pair.value)) {
    malformed({ id: 'charactersNotMapping' }, keyRange);
    return;
  }
  for (const character of pair.value.items) {
    const name = keyName(character);
    const nameRange = nodeRange(character.key as YamlNode, src);
    if (!name || !nameRange) continue;
    const sheet: RawFrontMatter['characters'][number] = { name, range: nameRange, traits: [] };
    if (isMap(character.value)) {
      for (const trait of character.value.items) {
        const traitName = keyName(trait);
        const traitRange = nodeRange(trait.key as YamlNode, src);
        const valueRange = nodeRange(trait.value as YamlNode, src);
        if (!traitName || !traitRange) continue;
        sheet.traits.push({ name: traitName, nameRange: traitRange, value: isScalar(trait.value) ? trait.value.value : undefined, valueRange: valueRange ?? traitRange });
      }
    } else if (!emptySheet(character)) {
      malformed({ id: 'sheetNotMapping', name }, nameRange);
    }
    const newTrait = newTraitLine(character, nameRange, src);
    if (newTrait) sheet.newTrait = newTrait;
    result.characters.push(sheet);
  }
}

/** RM011 for an unknown ruleset id, with the closest known ids as fixes. */
export function unknownRulesetDiagnostic(id: { value: string; range: TextRange }, rulesets: RulesetProvider): AnalysisDiagnostic {
  const known = rulesets.ids();
  const closest = [...known].sort((a, b) => distance(a, id.value) - distance(b, id.value)).slice(0, 2);
  return {
    code: 'RM011',
    severity: DEFAULT_SEVERITY.RM011,
    message: { id: 'unknownRuleset', ruleset: id.value, known },
    range: id.range,
    fixes: closest.map((candidate, i) => ({ title: { id: 'useRuleset', ruleset: candidate }, edits: [{ range: id.range, newText: candidate }], preferred: i === 0 && distance(candidate, id.value) <= 3 })),
  };
}

/** Character sheets with trait names resolved to the ruleset's canonical forms. */
export function resolveSheets(raw: RawFrontMatter, index: TraitIndex): { sheets: CharacterSheet[]; diagnostics: AnalysisDiagnostic[] } {
  const diagnostics: AnalysisDiagnostic[] = [];
  const sheets = raw.characters.map((character) => {
    const traits = new Map<string, { value: number; range: TextRange }>();
    for (const trait of character.traits) {
      const value = typeof trait.value === 'number' ? trait.value : Number.NaN;
      if (!Number.isInteger(value)) {
        diagnostics.push(frontMatterProblem({ id: 'sheetValueNotInteger', trait: trait.name }, trait.valueRange));
        continue;
      }
      // The bound a rating written in a check has (MAX_INTEGER); a pool is computed from these.
      if (Math.abs(value) > MAX_INTEGER) {
        diagnostics.push(frontMatterProblem({ id: 'sheetValueOutOfRange', trait: trait.name, min: -MAX_INTEGER, max: MAX_INTEGER }, trait.valueRange));
        continue;
      }
      const match = index.lookup(trait.name);
      const canonical = match?.trait.name ?? trait.name;
      // The same diagnostic and fixes as the name gets in a check: suggestions, "add to the dictionary".
      if (!match) {
        diagnostics.push(unknownTraitDiagnostic(trait.name, trait.nameRange, index, undefined, [], true));
      } else if (match.kind !== 'exact' && match.kind !== 'dictionary') {
        const code = match.kind === 'variant' ? 'RM014' : 'RM010';
        const message: DiagnosticMessage = match.kind === 'variant' ? { id: 'variant', name: trait.name, canonical, ruleset: index.ruleset.id } : { id: 'caseForm', name: trait.name, canonical };
        diagnostics.push({ code, severity: DEFAULT_SEVERITY[code], message, range: trait.nameRange, fixes: [{ title: { id: 'replaceWith', name: canonical }, edits: [{ range: trait.nameRange, newText: canonical }], preferred: true }] });
      }
      traits.set(canonical, { value, range: trait.valueRange });
    }
    return { name: character.name, range: character.range, traits, ...(character.newTrait ? { newTrait: character.newTrait } : {}) };
  });
  return { sheets, diagnostics };
}
