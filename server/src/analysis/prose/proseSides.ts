/**
 * What the prose-check scanner reads a check into (proseChecks.ts, the header): sides of pools of
 * terms, each trait with its alternatives, and the ruleset's facts it reads them by.
 */
import type { TraitCategory, TraitEntry } from '../../engine/ruleset';
import { willpowerName } from '../resolve/resolveContext';
import { stemKey } from '../resolve/russianWords';
import type { TraitIndex, TraitMatch, TraitMatchKind } from '../resolve/traitIndex';
import type { ProseNote } from '../diagnosticCatalog';
import type { ProseCheck } from '../types';

/**
 * Names are tried up to this many words, or the ruleset's longest name if longer (a user
 * ruleset may have one). Three is the built-ins' longest («Обращение с животными») and
 * covers project-dictionary terms, which the index does not list.
 */
const MIN_NAME_WORDS = 3;
/** No name is tried longer than this, whatever a ruleset says: lookups stay cheap. */
const MAX_NAME_WORDS = 6;

export const ROLLED: ReadonlySet<TraitCategory> = new Set<TraitCategory>(['attribute', 'ability', 'rollable', 'power']);

export interface RulesetFacts {
  /** How many words a trait name may have, for the longest-match search. */
  maxWords: number;
  /** Stem keys of rolled traits' names, aliases and forms → the trait. */
  rolledByStem: Map<string, TraitEntry>;
  /** How the ruleset spells Willpower, for a «Сила воли» parameter in a copied group. */
  willpower?: string;
}

const factsCache = new WeakMap<TraitIndex, RulesetFacts>();

export function rulesetFacts(index: TraitIndex): RulesetFacts {
  let facts = factsCache.get(index);
  if (!facts) {
    const rolledByStem = new Map<string, TraitEntry>();
    let maxWords = MIN_NAME_WORDS;
    for (const trait of index.ruleset.traits) {
      for (const name of [trait.name, ...(trait.aliases ?? []), ...(trait.variants ?? []), ...(trait.forms ?? [])]) {
        maxWords = Math.max(maxWords, name.trim().split(/\s+/u).length);
      }
      if (!ROLLED.has(trait.category)) continue;
      for (const name of [trait.name, ...(trait.aliases ?? []), ...(trait.forms ?? [])]) {
        const key = stemKey(name);
        if (!rolledByStem.has(key)) rolledByStem.set(key, trait);
      }
    }
    const willpower = willpowerName(index.ruleset);
    maxWords = Math.min(maxWords, MAX_NAME_WORDS);
    facts = willpower === undefined ? { maxWords, rolledByStem } : { maxWords, rolledByStem, willpower };
    factsCache.set(index, facts);
  }
  return facts;
}

/** A trait name found at a token. */
export interface NameMatch {
  match: TraitMatch;
  /** The words as written, joined by single spaces. */
  written: string;
  /** Token indexes [first, end). */
  first: number;
  end: number;
  capitalised: boolean;
  /** Not a form of the trait: a misspelling within two letters of it («Ловкасти»), issue 20. */
  misspelt?: true;
}

/** One of a term's alternatives («Ловкость» of «Ловкость/Интеллект»), or its only trait. */
export interface Alternative {
  trait: TraitEntry;
  /** How the lookup matched the written name. */
  matchKind: TraitMatchKind;
  written: string;
  capitalised: boolean;
  rating?: number;
  /** Joined to the alternative before it by «/» («Атлетизм/Вождение»), not by «или». */
  slash?: true;
  /** See NameMatch. */
  misspelt?: true;
}

export interface TraitTerm {
  kind: 'trait';
  sign: 1 | -1;
  /** One trait, or the alternatives the player chooses from. */
  alternatives: Alternative[];
}

export interface ModifierTerm {
  kind: 'modifier';
  sign: 1 | -1;
  value: number;
}

export type Term = TraitTerm | ModifierTerm;
export type Pool = Term[];

export interface Side {
  /** One pool, or the whole pools the player chooses from («A + B или C + D»). */
  pools: Pool[];
  /** The token after the last term (where the parameters, if any, begin). */
  poolEnd: number;
  /** Parameters in a form the check grammar reads («сложность 2», «сложность 6, специализация»). */
  params?: string;
  hasDifficulty: boolean;
  /** The last token the side takes. */
  last: number;
}

/** A check found, with what its fix's title must say the markup does not carry over. */
export interface Found {
  check: ProseCheck;
  note?: ProseNote;
  /** The misspelt names of its pools, as written, each with the trait the markup names. */
  misspelt?: { written: string; name: string }[];
}

export function isRolled(alternative: Alternative): boolean {
  return ROLLED.has(alternative.trait.category);
}

export function traitTerms(pool: Pool): TraitTerm[] {
  return pool.filter((t): t is TraitTerm => t.kind === 'trait');
}

export function alternativesOf(side: Side): Alternative[] {
  return side.pools.flatMap((pool) => traitTerms(pool).flatMap((term) => term.alternatives));
}

/**
 * «Силы» is Сила, not the Sphere Силы (see the header), in a pool with a rolled trait
 * (`poolRolled`), and as a single trait with a difficulty (`alone`): `other` traits are not
 * rolled on their own.
 */
export function preferRolled(facts: RulesetFacts, alternatives: Alternative[], alone: boolean, poolRolled = false): void {
  if (!poolRolled && !alone) return;
  for (const alternative of alternatives) {
    if (alternative.matchKind === 'dictionary' || alternative.trait.category !== 'other') continue;
    const rolled = facts.rolledByStem.get(stemKey(alternative.written));
    if (rolled) alternative.trait = rolled;
  }
}

/**
 * Whether what was read is a check (see the header): no generic word, and a pool of two or more
 * traits, one of them rolled, or one rolled trait (each alternative) with a difficulty or with the
 * successes one roll must reach written before it (`oneRollTarget`); `other`
 * traits are read as their rolled namesakes first (`preferRolled`).
 */
export function qualifies(facts: RulesetFacts, side1: Side, side2: Side | undefined, first: NameMatch, oneRollTarget = false): boolean {
  const all = side2 ? [...alternativesOf(side1), ...alternativesOf(side2)] : alternativesOf(side1);
  if (all.some((alternative) => alternative.trait.category === 'generic')) return false;
  for (const side of side2 ? [side1, side2] : [side1]) {
    const anchored = side.hasDifficulty || (side === side1 && oneRollTarget);
    for (const pool of side.pools) {
      const terms = traitTerms(pool);
      for (const term of terms) preferRolled(facts, term.alternatives, anchored && terms.length === 1, terms.flatMap((t) => t.alternatives).some(isRolled));
    }
  }
  const pools = side1.pools.map(traitTerms);
  if (pools.some((terms) => terms.length >= 2 && terms.some((term) => term.alternatives.some(isRolled)))) return true;
  if (!(side1.hasDifficulty || oneRollTarget) || !first.capitalised) return false;
  // One trait (perhaps with alternatives) in each pool, and a difficulty or the successes one roll needs: every choice is rolled.
  return pools.every((terms) => terms.length === 1 && terms[0].alternatives.every(isRolled));
}
