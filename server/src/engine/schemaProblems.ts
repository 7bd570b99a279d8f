/**
 * A ruleset file's problems put into words that name the field and say what is wrong: Ajv's
 * errors against the schema, a field's path as the user sees it (`traits[3].category`), the
 * closest known name. Technical English for ruleset authors, the same in every language: the
 * analysis carries it as a message's `detail` (analysis/diagnosticCatalog.ts `rulesetFile`).
 */
import type { ErrorObject } from 'ajv';
import { closest, distance } from 'fastest-levenshtein';
import type { Problem } from './rulesetValidation';

/** Ajv's errors as problems, each once; `patterns`: what each of the schema's patterns means, in words. */
export function fromAjv(errors: readonly ErrorObject[], patterns: ReadonlyMap<string, string>): Problem[] {
  const out: Problem[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    const p = describeAjvError(e, patterns);
    if (!p) continue;
    const key = `${p.path}\u0000${p.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(p);
  }
  return out;
}

function describeAjvError(e: ErrorObject, patterns: ReadonlyMap<string, string>): Problem | undefined {
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
      const meaning = patterns.get(String(params.pattern)) ?? `text matching ${String(params.pattern)}`;
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

export function suggest(got: string, candidates: readonly string[]): string {
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

export function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'number') return Number.isInteger(v) ? `the integer ${v}` : `the number ${v}`;
  if (typeof v === 'object') return 'an object';
  return `${typeof v === 'string' ? 'the string' : `the ${typeof v}`} ${show(v)}`;
}

/** `/traits/3/category` → `traits[3].category`: what the user sees in a message. */
export function label(pointer: string): string {
  const segs = splitPointer(pointer);
  if (segs.length === 0) return 'the ruleset';
  let out = '';
  for (const s of segs) {
    if (/^\d+$/.test(s)) out += `[${s}]`;
    else out += out === '' ? s : `.${s}`;
  }
  return out;
}

export function splitPointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function escapePointer(seg: string): string {
  return seg.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function describe(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** A name as names are compared: lower case (Russian rules), ё as е. */
export function fold(s: string): string {
  return s.toLocaleLowerCase('ru').replace(/ё/g, 'е');
}
