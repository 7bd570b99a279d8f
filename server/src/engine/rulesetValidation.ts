/**
 * Validating rulesets. The JSON Schema (`ruleset.schema.json`) decides what a file may contain;
 * the checks it cannot express (unique names, composition items that name real traits, a
 * difficulty default inside its range) follow here; schemaProblems.ts puts Ajv's errors into
 * words that name the field and say what is wrong.
 *
 * Nothing here throws on bad input: every problem comes back as a RulesetError.
 */
import type {
  CompositionItem,
  CompositionRules,
  DifficultyRange,
  FamilyId,
  ModifierLimit,
  OutcomeName,
  Ruleset,
  TraitEntry,
  UnskilledRule,
} from './ruleset';
import type * as RulesetSchema from './rulesetSchema';
import type { Validators } from './rulesetSchema';
import { TRAIT_CATEGORIES as CATEGORIES } from './traitCategories';
import { describe, fold, fromAjv, label, suggest } from './schemaProblems';

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

/** A trait as a file that `extends` may write it: any field of a trait but its name may be left to the base. */
export interface UserTraitEntry extends Partial<Omit<TraitEntry, 'name'>> {
  name: string;
  renames?: string;
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
  initiativeTrait?: string;
  equipment?: string[];
  neverRolled?: string[];
  unskilled?: Record<string, UnskilledRule>;
  teamwork?: boolean;
  maneuver?: boolean;
  outcomes?: Record<string, Partial<OutcomeName>>;
  traits?: UserTraitEntry[];
}

export type FullRulesetInput = Ruleset & { $schema?: string };

let validators: Validators | undefined;

function getValidators(): Validators {
  // Required when first needed, not imported: the schema's validators are a file of their own in the
  // bundles (esbuild.mjs), which a process that reads no user ruleset never loads. `require` is the
  // bundler's here, not Node's: the browser bundle inlines the module (npm run test:web reads a user ruleset).
  // eslint-disable-next-line @typescript-eslint/no-require-imports, no-restricted-globals
  validators ??= (require('./rulesetSchema.js') as typeof RulesetSchema).loadValidators();
  return validators;
}

/**
 * An error before it is placed in a file: `at` says whether a key or its value is at fault;
 * `inBase` marks a problem of a merged ruleset that lies in what the base contributed.
 */
export interface Problem {
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

export function validateFull(data: unknown, blame?: (i: number, j: number) => number): { ruleset?: Ruleset; problems: Problem[] } {
  const { full, patterns } = getValidators();
  if (!full(data)) return { problems: fromAjv(full.errors ?? [], patterns) };
  const problems = checkSemantics(data, blame);
  return problems.length > 0 ? { problems } : { ruleset: detach(data), problems };
}

/** Checks a user file's data against the schema (complete, or partial with `extends`). */
export function validateUserShape(data: unknown): { data: FullRulesetInput | UserRulesetData } | { problems: Problem[] } {
  const { user, patterns } = getValidators();
  return user(data) ? { data } : { problems: fromAjv(user.errors ?? [], patterns) };
}

/** The validated data without the editor's `$schema` link. */
export function detach(data: FullRulesetInput): Ruleset {
  const copy = structuredClone(data);
  delete copy.$schema;
  return copy;
}

function toError(p: Problem): RulesetError {
  return { path: p.path, message: p.message };
}

/**
 * What the schema cannot say. `blame(i, j)` picks which of two clashing traits gets the error,
 * so that after a merge it lands on the user's entry rather than on the base's.
 */
export function checkSemantics(r: Ruleset, blame: (i: number, j: number) => number = (_i, j) => j): Problem[] {
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

  const checkName = (name: string, path: string, what: string): void => {
    if (names.has(name)) return;
    problems.push({ path, message: `${label(path)}: "${name}" is not the name of a trait of this ruleset${suggest(name, [...names])}; ${what}`, at: 'value' });
  };
  if (r.initiativeTrait !== undefined) checkName(r.initiativeTrait, '/initiativeTrait', 'the Initiative trait must be one of its traits');
  r.equipment?.forEach((name, i) => checkName(name, `/equipment/${i}`, 'an equipment term must be one of its traits (category "other")'));
  r.neverRolled?.forEach((name, i) => checkName(name, `/neverRolled/${i}`, 'a trait never rolled must be one of its traits'));
  if (r.teamwork === true && r.family === 'pool-minus-difficulty') {
    problems.push({ path: '/teamwork', message: 'teamwork: the pool-minus-difficulty family has no teamwork rule; leave it false', at: 'value' });
  }
  problems.push(...checkHomographs(r));

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

/** A homograph is another trait's spelling, never the trait's own. */
function checkHomographs(r: Ruleset): Problem[] {
  const problems: Problem[] = [];
  const owner = new Map<string, number>();
  r.traits.forEach((t, j) => {
    for (const spelling of [t.name, ...(t.aliases ?? []), ...(t.forms ?? [])]) if (!owner.has(fold(spelling))) owner.set(fold(spelling), j);
  });
  r.traits.forEach((t, j) => {
    const own = new Set([t.name, ...(t.aliases ?? []), ...(t.variants ?? []), ...(t.forms ?? [])].map(fold));
    (t.homographs ?? []).forEach((h, k) => {
      const path = `/traits/${j}/homographs/${k}`;
      const other = owner.get(fold(h));
      if (own.has(fold(h))) {
        problems.push({ path, message: `${label(path)}: "${h}" is a spelling of "${t.name}" itself, so it cannot be another trait's`, at: 'value' });
      } else if (other === undefined || other === j) {
        problems.push({ path, message: `${label(path)}: "${h}" is no spelling (name, alias or form) of another trait of this ruleset`, at: 'value' });
      }
    });
  });
  return problems;
}
