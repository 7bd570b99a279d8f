/**
 * Loading rulesets. The JSON Schema (`ruleset.schema.json`) decides what a file may contain;
 * the checks it cannot express (unique names, composition items that name real traits, a
 * difficulty default inside its range) follow here. User files, YAML or JSON, may extend
 * another ruleset and are merged onto it.
 *
 * Merging a file that `extends` a base:
 * - scalar fields (title, summary, vocabulary, typicalPool, modifierLimit, …) replace the base's;
 * - `family` may be repeated but not changed (a new family needs a complete ruleset);
 * - `params`, `composition`: each field given replaces the base's (`params.difficulty` field by field);
 * - `outcomes`: merged per key and per language;
 * - `traits`: an entry whose `name` matches a base trait (ignoring letter case and ё/е) overrides
 *   it field by field, in place; an entry with `renames: "Old"` gives base trait «Old» the new
 *   name (its `forms` are dropped, «Old» becomes a variant, composition rules follow the rename);
 *   any other entry is a new trait, appended, and needs a `category` (`attested` defaults to true).
 *
 * Nothing here throws on bad input: every problem comes back as a RulesetError.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { closest, distance } from 'fastest-levenshtein';
import { LineCounter, isAlias, isMap, isScalar, isSeq, parseDocument, type Document } from 'yaml';
import { BUILTIN_RULESET_IDS, getBuiltinRuleset } from './builtinRulesets';
import type {
  CompositionItem,
  CompositionRules,
  DifficultyRange,
  FamilyId,
  ModifierLimit,
  OutcomeName,
  Ruleset,
  TraitCategory,
  TraitEntry,
} from './ruleset';
import schema from './ruleset.schema.json';

export interface SourcePosition {
  /** 0-based line. */
  line: number;
  /** 0-based UTF-16 offset in the line, as LSP counts. */
  character: number;
}

export interface SourceRange {
  start: SourcePosition;
  end: SourcePosition;
}

export interface RulesetError {
  /** JSON pointer of the offending field, e.g. `/traits/3/category`; `''` for the file as a whole. */
  path: string;
  /** Names the field and says what is wrong, in English. */
  message: string;
  /** Where in the file, when the error comes from text (parseUserRuleset). */
  range?: SourceRange;
}

export type RulesetValidation = { ok: true; ruleset: Ruleset } | { ok: false; errors: RulesetError[] };

export interface UserRulesetResult {
  ruleset?: Ruleset;
  errors: RulesetError[];
}

/**
 * Finds a ruleset a user file extends when it is not built-in. `seen` is the chain of ids being
 * loaded, this file's last: pass it back as `options.seen` when the resolver itself parses the
 * base file, so that a cycle (a → b → a) is reported instead of recursing forever.
 */
export type ResolveBase = (id: string, seen: readonly string[]) => Ruleset | undefined;

export interface ParseUserRulesetOptions {
  /** Ids of the rulesets whose loading led to this one (see ResolveBase). */
  seen?: readonly string[];
}

/** A trait as a file that `extends` may write it. */
export interface UserTraitEntry {
  name: string;
  renames?: string;
  category?: TraitCategory;
  group?: string;
  en?: string;
  aliases?: string[];
  variants?: string[];
  forms?: string[];
  attested?: boolean;
}

/**
 * Parameters a file that `extends` may change: any family's, as far as the schema knows;
 * the merged result must then suit the base's family.
 */
export interface UserParams {
  difficulty?: Partial<DifficultyRange>;
  target?: number;
  exceptionalAt?: number;
  specialtyDice?: number;
  willpowerDice?: number;
  highCompetenceAt?: number;
  maxEdge?: number;
  staticBase?: number;
  staticEdgeBonus?: number;
}

/** Everything a file that `extends` may write (see the schema's `partialRuleset`). */
export interface UserRulesetData {
  $schema?: string;
  id: string;
  extends: string;
  title?: string;
  titleEn?: string;
  summary?: string;
  summaryEn?: string;
  family?: FamilyId;
  params?: UserParams;
  vocabulary?: 'closed' | 'open';
  typicalPool?: number;
  composition?: Partial<CompositionRules>;
  modifierLimit?: ModifierLimit;
  outcomes?: Record<string, Partial<OutcomeName>>;
  traits?: UserTraitEntry[];
}

/** Larger files are refused unread: a ruleset is a few dozen kilobytes. */
export const MAX_RULESET_CHARS = 1_000_000;
/** YAML aliases allowed per file; far below what a "billion laughs" file needs. */
export const MAX_YAML_ALIASES = 100;
/** Bracket nesting refused before parsing, so hostile input cannot exhaust the parser's stack. */
export const MAX_FLOW_NESTING = 64;
/** Nesting of the parsed value; a valid ruleset needs 4. */
export const MAX_NESTING = 16;
/** Longest `extends` chain followed. */
export const MAX_EXTENDS_DEPTH = 8;
/**
 * Leading indentation (with block indicators `- `, `? `, `: `) a line may have. Block collections
 * nest by indentation, so this bounds their nesting before parsing, as MAX_FLOW_NESTING bounds
 * brackets: the parser recurses per level and a deep enough file exhausts the stack.
 */
export const MAX_INDENT = 256;
/** Values (scalars, lists, mappings) a file may hold: the built-ins hold about 500 each. */
export const MAX_VALUES = 10_000;
/** Problems reported per file; the rest are summed up in one more. */
export const MAX_REPORTED_ERRORS = 100;

const SCHEMA_KEY = 'rollmark-ruleset';
const CATEGORIES: readonly TraitCategory[] = ['attribute', 'ability', 'rollable', 'power', 'generic', 'other'];

type FullRulesetInput = Ruleset & { $schema?: string };

interface Validators {
  full: ValidateFunction<FullRulesetInput>;
  user: ValidateFunction<FullRulesetInput | UserRulesetData>;
  patterns: Map<string, string>;
}

let validators: Validators | undefined;

function getValidators(): Validators {
  if (!validators) {
    // strictTypes keeps the schema honest (every keyword has its type), so VS Code reads it as Ajv does.
    const ajv = new Ajv({ allErrors: true, verbose: true, strictTypes: true });
    ajv.addSchema(schema, SCHEMA_KEY);
    const defs = schema.definitions;
    validators = {
      full: ajv.compile<FullRulesetInput>({ $ref: `${SCHEMA_KEY}#/definitions/fullRuleset` }),
      user: ajv.compile<FullRulesetInput | UserRulesetData>({ $ref: SCHEMA_KEY }),
      // Ajv reports a failed pattern by its regex; these say what the regex means.
      patterns: new Map([
        [defs.traitName.pattern, 'a trait name: words of letters (inner hyphens allowed) separated by single spaces'],
        [defs.rulesetId.pattern, 'a ruleset id: lower-case letters, digits, "-", "_" or ".", at most 64 characters'],
        [defs.outcomeKey.pattern, 'an outcome key: lower-case Latin letters, digits and "_", starting with a letter'],
      ]),
    };
  }
  return validators;
}

/**
 * An error before it is placed in a file: `at` says whether a key or its value is at fault;
 * `inBase` marks a problem of a merged ruleset that lies in what the base contributed.
 */
interface Problem {
  path: string;
  message: string;
  at: 'key' | 'value';
  inBase?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Validation

/** Validates a complete ruleset (a built-in one, or the result of merging a user file). */
export function validateRuleset(data: unknown): RulesetValidation {
  try {
    const { ruleset, problems } = validateFull(data);
    return ruleset ? { ok: true, ruleset } : { ok: false, errors: problems.map(toError) };
  } catch (e) {
    return { ok: false, errors: [{ path: '', message: `cannot validate the ruleset: ${describe(e)}` }] };
  }
}

function validateFull(data: unknown, blame?: (i: number, j: number) => number): { ruleset?: Ruleset; problems: Problem[] } {
  const { full } = getValidators();
  if (!full(data)) return { problems: fromAjv(full.errors ?? []) };
  const problems = checkSemantics(data, blame);
  return problems.length > 0 ? { problems } : { ruleset: detach(data), problems };
}

function detach(data: FullRulesetInput): Ruleset {
  const copy = structuredClone(data);
  delete copy.$schema;
  return copy;
}

function fold(s: string): string {
  return s.toLocaleLowerCase('ru').replace(/ё/g, 'е');
}

/**
 * What the schema cannot say. `blame(i, j)` picks which of two clashing traits gets the error,
 * so that after a merge it lands on the user's entry rather than on the base's.
 */
function checkSemantics(r: Ruleset, blame: (i: number, j: number) => number = (_i, j) => j): Problem[] {
  const problems: Problem[] = [];
  const spellings = new Map<string, { trait: number; where: string; spelling: string }>();
  r.traits.forEach((t, j) => {
    const own: [string, string][] = [[t.name, `/traits/${j}/name`]];
    (t.aliases ?? []).forEach((a, k) => own.push([a, `/traits/${j}/aliases/${k}`]));
    (t.variants ?? []).forEach((v, k) => own.push([v, `/traits/${j}/variants/${k}`]));
    const seenHere = new Set<string>();
    for (const [spelling, where] of own) {
      const key = fold(spelling);
      // A trait may list a spelling that differs from its own name only in letter case (Сила Воли / Сила воли).
      if (seenHere.has(key)) continue;
      seenHere.add(key);
      const prior = spellings.get(key);
      if (prior === undefined) {
        spellings.set(key, { trait: j, where, spelling });
        continue;
      }
      const mine = { trait: j, where, spelling };
      const [blamed, other] = blame(prior.trait, j) === j ? [mine, prior] : [prior, mine];
      problems.push({
        path: blamed.where,
        message: `${label(blamed.where)}: "${blamed.spelling}" is already a spelling of trait "${r.traits[other.trait].name}"`,
        at: 'value',
      });
    }
  });

  const names = new Set(r.traits.map((t) => t.name));
  const checkItems = (lists: CompositionItem[][] | undefined, field: 'forbidden' | 'allowedOnly'): void => {
    lists?.forEach((items, i) =>
      items.forEach((item, k) => {
        if ((CATEGORIES as readonly string[]).includes(item) || names.has(item)) return;
        const path = `/composition/${field}/${i}/${k}`;
        const hint = suggest(item, [...CATEGORIES, ...names]);
        problems.push({
          path,
          message: `${label(path)}: "${item}" is neither a trait category (${CATEGORIES.join(', ')}) nor the name of a trait of this ruleset${hint}`,
          at: 'value',
        });
      }),
    );
  };
  checkItems(r.composition.forbidden, 'forbidden');
  checkItems(r.composition.allowedOnly, 'allowedOnly');

  if ('difficulty' in r.params) {
    const d = r.params.difficulty;
    if (d.min > d.max) {
      problems.push({ path: '/params/difficulty/min', message: `params.difficulty.min (${d.min}) must not exceed params.difficulty.max (${d.max})`, at: 'value' });
    }
    if (d.default !== undefined && (d.default < d.min || d.default > d.max)) {
      problems.push({
        path: '/params/difficulty/default',
        message: `params.difficulty.default (${d.default}) must lie between min (${d.min}) and max (${d.max})`,
        at: 'value',
      });
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Ajv errors in words

function fromAjv(errors: readonly ErrorObject[]): Problem[] {
  const out: Problem[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    const p = describeAjvError(e);
    if (!p) continue;
    const key = `${p.path}\u0000${p.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(p);
  }
  return out;
}

function describeAjvError(e: ErrorObject): Problem | undefined {
  // "must match then schema" and "property name must be valid" only repeat a more precise error.
  if (e.keyword === 'if' || e.keyword === 'propertyNames') return undefined;
  const params: Record<string, unknown> = e.params;
  const onKey = typeof e.propertyName === 'string';
  const path = onKey ? `${e.instancePath}/${escapePointer(String(e.propertyName))}` : e.instancePath;
  const field = label(path);
  const got = onKey ? e.propertyName : e.data;
  switch (e.keyword) {
    case 'required': {
      const missing = `${e.instancePath}/${escapePointer(String(params.missingProperty))}`;
      return { path: missing, message: `${label(missing)} is required`, at: 'key' };
    }
    case 'additionalProperties': {
      const extra = String(params.additionalProperty);
      const extraPath = `${e.instancePath}/${escapePointer(extra)}`;
      const allowed = propertyNamesOf(e.parentSchema);
      return { path: extraPath, message: `${label(extraPath)} is not a known property${suggest(extra, allowed)}`, at: 'key' };
    }
    case 'enum': {
      const allowed = Array.isArray(params.allowedValues) ? params.allowedValues.map(String) : [];
      const hint = typeof got === 'string' ? suggest(got, allowed) : '';
      return { path, message: `${field} must be one of ${allowed.join(', ')}, not ${show(got)}${hint}`, at: 'value' };
    }
    case 'const':
      return { path, message: `${field} must be ${show(params.allowedValue)}`, at: 'value' };
    case 'type':
      return { path, message: `${field} must be ${article(String(params.type))}, not ${typeName(got)}`, at: 'value' };
    case 'pattern': {
      const meaning = getValidators().patterns.get(String(params.pattern)) ?? `text matching ${String(params.pattern)}`;
      return { path, message: `${field} must be ${meaning}, not ${show(got)}`, at: onKey ? 'key' : 'value' };
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { path, message: `${field} must be ${String(params.comparison)} ${String(params.limit)}, not ${show(got)}`, at: 'value' };
    case 'minLength':
      return {
        path,
        message: params.limit === 1 ? `${field} must not be empty` : `${field} must have at least ${String(params.limit)} characters`,
        at: 'value',
      };
    case 'maxLength':
      return { path, message: `${field} must have at most ${String(params.limit)} characters`, at: 'value' };
    case 'minItems':
      return { path, message: `${field} must have at least ${String(params.limit)} item(s)`, at: 'value' };
    case 'maxItems':
      return { path, message: `${field} must have at most ${String(params.limit)} items`, at: 'value' };
    case 'minProperties':
      return { path, message: `${field} must not be empty`, at: 'value' };
    case 'uniqueItems': {
      const item = Array.isArray(e.data) ? e.data[Number(params.i)] : undefined;
      return { path, message: `${field} lists ${show(item)} twice`, at: 'value' };
    }
    default:
      return { path, message: `${field} ${e.message ?? 'is invalid'}`, at: 'value' };
  }
}

function propertyNamesOf(s: unknown): string[] {
  if (typeof s !== 'object' || s === null || !('properties' in s)) return [];
  const props = s.properties;
  return typeof props === 'object' && props !== null ? Object.keys(props) : [];
}

function suggest(got: string, candidates: readonly string[]): string {
  if (candidates.length === 0) return '';
  const best = closest(got, candidates);
  const limit = Math.max(1, Math.floor(best.length / 3));
  return distance(fold(got), fold(best)) <= limit && best !== got ? ` (did you mean "${best}"?)` : '';
}

function show(v: unknown): string {
  if (v === undefined) return 'nothing';
  const s = JSON.stringify(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

function article(type: string): string {
  const names = type.split(',').map((t) => (t === 'integer' || t === 'array' || t === 'object' ? `an ${t}` : `a ${t}`));
  return names.join(' or ');
}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'number') return Number.isInteger(v) ? `the integer ${v}` : `the number ${v}`;
  if (typeof v === 'object') return 'an object';
  return `${typeof v === 'string' ? 'the string' : `the ${typeof v}`} ${show(v)}`;
}

/** `/traits/3/category` → `traits[3].category`: what the user sees in a message. */
function label(pointer: string): string {
  const segs = splitPointer(pointer);
  if (segs.length === 0) return 'the ruleset';
  let out = '';
  for (const s of segs) {
    if (/^\d+$/.test(s)) out += `[${s}]`;
    else out += out === '' ? s : `.${s}`;
  }
  return out;
}

function splitPointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function escapePointer(seg: string): string {
  return seg.replace(/~/g, '~0').replace(/\//g, '~1');
}

function toError(p: Problem): RulesetError {
  return { path: p.path, message: p.message };
}

function describe(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

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

/**
 * What makes a YAML (or JSON) text too costly to parse, checked on the text alone: its size,
 * bracket nesting and indentation. `offset` is where the problem is (0 for the size). Shared by
 * ruleset files and the project dictionary.
 */
export function yamlInputProblem(text: string): { message: string; offset: number } | undefined {
  if (text.length > MAX_RULESET_CHARS) return { message: `the file is too large (${text.length} characters; at most ${MAX_RULESET_CHARS})`, offset: 0 };
  const tooDeep = flowNestingBeyond(text, MAX_FLOW_NESTING);
  if (tooDeep !== undefined) return { message: `brackets are nested more than ${MAX_FLOW_NESTING} levels deep`, offset: tooDeep };
  const tooFar = indentBeyond(text, MAX_INDENT);
  if (tooFar !== undefined) return { message: `a line is indented more than ${MAX_INDENT} columns: the data is nested too deep`, offset: tooFar };
  return undefined;
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
  const { user } = getValidators();
  if (!user(data)) return { errors: place(fromAjv(user.errors ?? []), src) };

  if (!isExtending(data)) {
    const problems = checkSemantics(data);
    if (problems.length > 0) return { errors: place(problems, src) };
    return { ruleset: detach(data), errors: [] };
  }

  const base = findBase(data, resolveBase, seen);
  if ('problem' in base) return { errors: place([base.problem], src) };
  const merged = mergeOntoBase(base.ruleset, data);
  if (merged.problems.length > 0) return { errors: place(merged.problems, src) };

  const origin = merged.traitOrigin;
  // After a merge, a clash between a base trait and the user's entry is the user's to fix.
  const blame = (i: number, j: number): number => (origin[j] === undefined && origin[i] !== undefined ? i : j);
  const { ruleset, problems } = validateFull(merged.data, blame);
  if (!ruleset) return { errors: place(problems.map((p) => toUserPath(p, origin)), src, '/extends') };
  return { ruleset, errors: [] };
}

function isExtending(data: FullRulesetInput | UserRulesetData): data is UserRulesetData {
  return typeof (data as { extends?: unknown }).extends === 'string';
}

function findBase(
  user: UserRulesetData,
  resolveBase: ResolveBase,
  seen: readonly string[],
): { ruleset: Ruleset } | { problem: Problem } {
  const chain = [...seen, user.id];
  const builtin = getBuiltinRuleset(user.extends);
  // A workspace file may shadow a built-in id and extend the built-in of the same name.
  if (builtin) return { ruleset: builtin };
  if (chain.includes(user.extends)) {
    const cycle = [...chain.slice(chain.indexOf(user.extends)), user.extends].join(' → ');
    return { problem: { path: '/extends', message: `extends: cycle ${cycle}`, at: 'value' } };
  }
  if (chain.length > MAX_EXTENDS_DEPTH) {
    return { problem: { path: '/extends', message: `extends: chain longer than ${MAX_EXTENDS_DEPTH} rulesets (${chain.join(' → ')})`, at: 'value' } };
  }
  let found: Ruleset | undefined;
  try {
    found = resolveBase(user.extends, chain);
  } catch (e) {
    return { problem: { path: '/extends', message: `extends: cannot load ruleset "${user.extends}": ${describe(e)}`, at: 'value' } };
  }
  if (found) return { ruleset: found };
  const hint = suggest(user.extends, BUILTIN_RULESET_IDS);
  return {
    problem: {
      path: '/extends',
      message: `extends: unknown ruleset "${user.extends}"${hint}; a ruleset may extend a built-in one (${BUILTIN_RULESET_IDS.join(', ')}) or another valid ruleset of the workspace`,
      at: 'value',
    },
  };
}

interface Merged {
  data: unknown;
  /** For each merged trait, the index of the user entry it came from; undefined when the base's. */
  traitOrigin: (number | undefined)[];
  problems: Problem[];
}

function mergeOntoBase(base: Ruleset, user: UserRulesetData): Merged {
  const problems: Problem[] = [];
  const out: Record<string, unknown> = { ...structuredClone(base) };
  out.id = user.id;
  out.extends = user.extends;
  for (const key of ['title', 'titleEn', 'summary', 'summaryEn', 'vocabulary', 'typicalPool', 'modifierLimit'] as const) {
    if (user[key] !== undefined) out[key] = structuredClone(user[key]);
  }
  if (user.family !== undefined && user.family !== base.family) {
    problems.push({
      path: '/family',
      message: `family must be the base ruleset's ("${base.family}"); a ruleset of another family cannot extend "${base.id}" and must be complete`,
      at: 'value',
    });
  }

  const params: Record<string, unknown> = { ...structuredClone(base.params) };
  for (const [key, value] of Object.entries(user.params ?? {})) {
    if (key === 'difficulty' && typeof value === 'object') {
      params.difficulty = { ...(typeof params.difficulty === 'object' ? params.difficulty : {}), ...value };
    } else {
      params[key] = value;
    }
  }
  out.params = params;

  const outcomes: Record<string, Partial<OutcomeName>> = structuredClone(base.outcomes);
  for (const [key, names] of Object.entries(user.outcomes ?? {})) {
    outcomes[key] = { ...outcomes[key], ...names };
  }
  out.outcomes = outcomes;

  const traits: TraitEntry[] = structuredClone(base.traits);
  const origin: (number | undefined)[] = traits.map(() => undefined);
  const renamed = new Map<string, string>();
  const findTrait = (name: string): number | undefined => {
    const exact = traits.findIndex((t) => t.name === name);
    if (exact >= 0) return exact;
    const folded = traits.findIndex((t) => fold(t.name) === fold(name));
    return folded >= 0 ? folded : undefined;
  };
  (user.traits ?? []).forEach((entry, ui) => {
    const { renames, ...fields } = entry;
    const target = renames !== undefined ? findTrait(renames) : findTrait(entry.name);
    if (renames !== undefined && target === undefined) {
      const hint = suggest(renames, traits.map((t) => t.name));
      problems.push({ path: `/traits/${ui}/renames`, message: `traits[${ui}].renames: base ruleset "${base.id}" has no trait "${renames}"${hint}`, at: 'value' });
      return;
    }
    if (target === undefined) {
      if (fields.category === undefined) {
        problems.push({
          path: `/traits/${ui}/category`,
          message: `traits[${ui}].category is required: "${entry.name}" is a new trait (no trait of "${base.id}" has this name)`,
          at: 'key',
        });
        return;
      }
      traits.push({ attested: true, ...fields, category: fields.category });
      origin.push(ui);
      return;
    }
    const prior = origin[target];
    if (prior !== undefined) {
      problems.push({ path: `/traits/${ui}/name`, message: `traits[${ui}] changes trait "${traits[target].name}" again (see traits[${prior}])`, at: 'value' });
      return;
    }
    const old = traits[target];
    const next: TraitEntry = { ...old, ...fields };
    if (old.name !== entry.name) {
      // The old name's inflections are not the new name's; the old name itself gets a fix to the new one.
      if (fields.forms === undefined) delete next.forms;
      if (fields.variants === undefined && !(next.aliases ?? []).includes(old.name)) {
        next.variants = [...(old.variants ?? []).filter((v) => v !== entry.name), old.name];
      }
      renamed.set(old.name, entry.name);
    }
    traits[target] = next;
    origin[target] = ui;
  });
  out.traits = traits;

  const composition: Record<string, unknown> = { ...structuredClone(base.composition) };
  const rename = (lists: CompositionItem[][] | undefined): CompositionItem[][] | undefined =>
    lists?.map((items) => items.map((item) => renamed.get(item) ?? item));
  composition.forbidden = rename(base.composition.forbidden);
  composition.allowedOnly = rename(base.composition.allowedOnly);
  for (const [key, value] of Object.entries(user.composition ?? {})) composition[key] = structuredClone(value);
  for (const key of ['forbidden', 'allowedOnly']) if (composition[key] === undefined) delete composition[key];
  out.composition = composition;

  return { data: out, traitOrigin: origin, problems };
}

/** A problem found in the merged ruleset, pointed back into the user's file. */
function toUserPath(p: Problem, origin: readonly (number | undefined)[]): Problem {
  const m = /^\/traits\/(\d+)(\/.*)?$/.exec(p.path);
  if (!m) return p;
  const ui = origin[Number(m[1])];
  if (ui === undefined) return { ...p, inBase: true };
  const path = `/traits/${ui}${m[2] ?? ''}`;
  return { ...p, path, message: p.message.replace(label(p.path), label(path)) };
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

/** Offset where `[`/`{` nesting first exceeds `max`; quotes are ignored, which can only undercount. */
function flowNestingBeyond(text: string, max: number): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return i;
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) {
      depth--;
    }
  }
  return undefined;
}

/** Offset of the first line whose indentation (with block indicators) exceeds `max` columns. */
function indentBeyond(text: string, max: number): number | undefined {
  let lineStart = 0;
  while (lineStart < text.length) {
    let i = lineStart;
    for (;;) {
      const c = text.charCodeAt(i);
      // A space or tab, or `-`, `?` or `:` followed by a space: a block indicator.
      const indicator = (c === 0x2d || c === 0x3f || c === 0x3a) && (text.charCodeAt(i + 1) === 0x20 || text.charCodeAt(i + 1) === 0x09);
      if (c === 0x20 || c === 0x09) i++;
      else if (indicator) i += 2;
      else break;
    }
    if (i - lineStart > max) return lineStart;
    const next = text.indexOf('\n', i);
    if (next < 0) break;
    lineStart = next + 1;
  }
  return undefined;
}

/** Whether the data holds more than `max` values (each scalar, list and mapping counts one). */
function valuesExceed(value: unknown, max: number): boolean {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (++count > max) return true;
    if (typeof v === 'object' && v !== null) for (const child of Object.values(v)) stack.push(child);
  }
  return false;
}

function nestingExceeds(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [v, depth] = item;
    if (typeof v !== 'object' || v === null) continue;
    if (depth > max) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}
