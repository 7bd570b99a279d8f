/**
 * Loading a user's ruleset file (YAML or JSON) from its text: bounded parsing (yamlLimits.ts),
 * validation (rulesetValidation.ts), merging onto the ruleset it `extends` (rulesetMerge.ts), and
 * every problem placed at its line and column in the file.
 *
 * Nothing here throws on bad input: every problem comes back as a RulesetError.
 */
import { LineCounter, isAlias, isMap, isScalar, isSeq, parseDocument, type Document } from 'yaml';
import type { Ruleset } from './ruleset';
import { findBase, isExtending, mergeOntoBase, type ResolveBase, toUserPath } from './rulesetMerge';
import { checkSemantics, detach, type Problem, type RulesetError, type SourcePosition, type SourceRange, validateFull, validateUserShape } from './rulesetValidation';
import { describe, splitPointer, typeName } from './schemaProblems';
import { MAX_NESTING, MAX_VALUES, MAX_YAML_ALIASES, nestingExceeds, valuesExceed, yamlInputProblem } from './yamlLimits';

// What callers of the loader also need, from the modules it is made of.
export { MAX_RULESET_CHARS, yamlInputProblem } from './yamlLimits';
export type { ResolveBase } from './rulesetMerge';
export type { RulesetError, SourcePosition, SourceRange } from './rulesetValidation';

export interface UserRulesetResult {
  ruleset?: Ruleset;
  errors: RulesetError[];
}

export interface ParseUserRulesetOptions {
  /** Ids of the rulesets whose loading led to this one (see ResolveBase). */
  seen?: readonly string[];
}

/** Problems reported per file; the rest are summed up in one more. */
export const MAX_REPORTED_ERRORS = 100;

// ---------------------------------------------------------------------------------------------
// User files

/**
 * Parses a user ruleset file (YAML or JSON), validates it, and merges it onto the ruleset it
 * extends: built-in ids first, then `resolveBase`. Errors carry a range in `text` when known.
 */
export function parseUserRuleset(
  text: string,
  fileName: string,
  resolveBase: ResolveBase,
  options: ParseUserRulesetOptions = {},
): UserRulesetResult {
  try {
    return parseUser(text, resolveBase, options.seen ?? []);
  } catch (e) {
    return { errors: [{ path: '', message: `cannot read ruleset file ${fileName}: ${describe(e)}`, range: startOfFile() }] };
  }
}

interface Source {
  doc: Document.Parsed;
  lines: LineCounter;
}

function parseUser(text: string, resolveBase: ResolveBase, seen: readonly string[]): UserRulesetResult {
  const refused = yamlInputProblem(text);
  if (refused) {
    const at = refused.offset;
    const line = countLines(text, at);
    const character = at - (text.lastIndexOf('\n', at - 1) + 1);
    return fail(refused.message, { start: { line, character }, end: { line, character: character + 1 } });
  }

  const lines = new LineCounter();
  // logLevel 'error': no process warning on the server's stderr when a mapping is used as a key
  // (it becomes an unknown property, which validation reports).
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false, logLevel: 'error' });
  if (doc.errors.length > 0) {
    return {
      errors: capped(
        doc.errors.map((e) => ({
          path: '',
          message: `${e.name === 'YAMLParseError' ? 'syntax error' : 'error'}: ${e.message.split('\n')[0]}`,
          range: rangeAt(lines, e.pos[0], Math.max(e.pos[1], e.pos[0] + 1)),
        })),
      ),
    };
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (e) {
    return fail(`the file cannot be read as data: ${describe(e)} (at most ${MAX_YAML_ALIASES} alias expansions)`);
  }
  if (nestingExceeds(data, MAX_NESTING)) {
    return fail(`the data is nested more than ${MAX_NESTING} levels deep`);
  }
  // Validation reports every problem, so its time grows with the data: bound the data first.
  if (valuesExceed(data, MAX_VALUES)) {
    return fail(`the file holds more than ${MAX_VALUES} values; a ruleset needs far fewer (a built-in one holds about 500)`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return fail(`a ruleset file must hold a mapping (an object with "id", …), not ${typeName(data)}`);
  }

  const src: Source = { doc, lines };
  const shape = validateUserShape(data);
  if ('problems' in shape) return { errors: place(shape.problems, src) };
  const file = shape.data;

  if (!isExtending(file)) {
    const problems = checkSemantics(file);
    if (problems.length > 0) return { errors: place(problems, src) };
    return { ruleset: detach(file), errors: [] };
  }

  const base = findBase(file, resolveBase, seen);
  if ('problem' in base) return { errors: place([base.problem], src) };
  const merged = mergeOntoBase(base.ruleset, file);
  if (merged.problems.length > 0) return { errors: place(merged.problems, src) };

  const origin = merged.traitOrigin;
  // After a merge, a clash between a base trait and the user's entry is the user's to fix.
  const blame = (i: number, j: number): number => (origin[j] === undefined && origin[i] !== undefined ? i : j);
  const { ruleset, problems } = validateFull(merged.data, blame);
  if (!ruleset) return { errors: place(problems.map((p) => toUserPath(p, origin)), src, '/extends') };
  return { ruleset, errors: [] };
}

// ---------------------------------------------------------------------------------------------
// Positions

/**
 * Gives each problem a range in the file. What the user's file does not contain (`fallback`
 * given: a merged ruleset) came from the base, so the range is that of `extends`.
 */
function place(problems: readonly Problem[], src: Source, fallback?: string): RulesetError[] {
  const shown = problems.length > MAX_REPORTED_ERRORS ? problems.slice(0, MAX_REPORTED_ERRORS - 1) : problems;
  const placed = shown.map((p) => {
    const range = p.inBase && fallback !== undefined ? rangeOf(src, fallback, 'value') : rangeOf(src, p.path, p.at, fallback);
    return { path: p.path, message: p.message, range };
  });
  return capped(placed, problems.length);
}

interface YamlRangeNode {
  range?: [number, number, number] | null;
}

function rangeOf(src: Source, pointer: string, at: 'key' | 'value', fallback?: string): SourceRange {
  const found = locate(src.doc, pointer);
  if (found.matched === 0 && pointer !== '' && fallback !== undefined) return rangeOf(src, fallback, 'value');
  const exact = found.matched === splitPointer(pointer).length;
  // A missing field is shown at the key of the nearest field that exists, an unknown one at its key.
  const node = (!exact || at === 'key') && found.key ? found.key : found.node;
  const r = node?.range;
  if (!r) return startOfFile();
  const start = r[0];
  // A whole mapping or list would underline many lines; its first line says enough.
  return rangeAt(src.lines, start, Math.max(start + 1, Math.min(r[1], endOfLine(src, start))));
}

function endOfLine(src: Source, offset: number): number {
  const { line } = src.lines.linePos(offset);
  const next = src.lines.lineStarts[line];
  return next === undefined ? Number.MAX_SAFE_INTEGER : next - 1;
}

function locate(doc: Document.Parsed, pointer: string): { node?: YamlRangeNode; key?: YamlRangeNode; matched: number } {
  let node: unknown = doc.contents;
  let key: YamlRangeNode | undefined;
  let matched = 0;
  for (const seg of splitPointer(pointer)) {
    if (isAlias(node)) node = node.resolve(doc);
    let next: unknown;
    let nextKey: YamlRangeNode | undefined;
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === seg);
      if (!pair) break;
      next = pair.value;
      nextKey = isScalar(pair.key) ? pair.key : undefined;
    } else if (isSeq(node) && /^\d+$/.test(seg)) {
      next = node.items[Number(seg)];
      if (next === undefined) break;
    } else {
      break;
    }
    key = nextKey;
    node = next;
    matched++;
  }
  return { node: hasRange(node) ? node : undefined, key, matched };
}

function hasRange(v: unknown): v is YamlRangeNode {
  return typeof v === 'object' && v !== null && 'range' in v;
}

function rangeAt(lines: LineCounter, start: number, end: number): SourceRange {
  return { start: position(lines, start), end: position(lines, end) };
}

function position(lines: LineCounter, offset: number): SourcePosition {
  const { line, col } = lines.linePos(offset);
  return { line: line - 1, character: col - 1 };
}

function startOfFile(): SourceRange {
  return { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };
}

/**
 * At most MAX_REPORTED_ERRORS errors: a file with thousands of broken entries gets the first ones
 * and a last error that says how many more there are. `total` counts the errors before any were cut.
 */
function capped(errors: readonly RulesetError[], total = errors.length): RulesetError[] {
  if (total <= MAX_REPORTED_ERRORS) return [...errors];
  const shown = errors.slice(0, MAX_REPORTED_ERRORS - 1);
  return [...shown, { path: '', message: `and ${total - shown.length} more problems`, range: startOfFile() }];
}

function fail(message: string, range: SourceRange = startOfFile()): UserRulesetResult {
  return { errors: [{ path: '', message, range }] };
}

function countLines(text: string, offset: number): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

