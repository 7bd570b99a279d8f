import { getBuiltinRuleset, BUILTIN_RULESET_IDS } from '../engine/builtinRulesets';
import { type CheckExpression, hasParamKeyword } from './checkExpression';
import { normalizeWords, stemKey } from './russianWords';
import { traitIndex, type TraitIndex } from './traitIndex';
import type { CharacterSheet } from './types';

function knownAnywhere(name: string, active: TraitIndex, sheetKnows: (name: string) => boolean): boolean {
  if (active.lookup(name) || sheetKnows(name)) return true;
  return BUILTIN_RULESET_IDS.some((id) => {
    const ruleset = getBuiltinRuleset(id);
    return ruleset !== undefined && traitIndex(ruleset).lookup(name) !== undefined;
  });
}

/**
 * Whether the actor's sheet has a trait of that name (any case form): the author's own traits
 * make a check of «Рэй: Взлом + 1» (MARKUP Additions (2), open vocabularies).
 */
function sheetOfActor(ast: CheckExpression, characters: readonly CharacterSheet[]): (name: string) => boolean {
  const actor = ast.actor ? normalizeWords(ast.actor.name) : undefined;
  const sheet = actor === undefined ? undefined : characters.find((c) => normalizeWords(c.name) === actor);
  if (!sheet) return () => false;
  return (name) => {
    const stem = stemKey(name);
    for (const key of sheet.traits.keys()) if (stemKey(key) === stem) return true;
    return false;
  };
}

/**
 * MARKUP §2: a «…» is a check when it has a parameter keyword (a), two or more terms at least
 * one of which is a trait of any built-in ruleset (b), or a single trait of the active one (c)
 * that can be rolled (an Attribute, a Skill, a rollable trait or a power). A trait on the actor's
 * sheet counts as the active ruleset's. Everything else is a quotation and gets nothing.
 */
export function isCheck(ast: CheckExpression, active: TraitIndex, characters: readonly CharacterSheet[] = []): boolean {
  if (hasParamKeyword(ast)) return true;
  const sheetKnows = sheetOfActor(ast, characters);
  return ast.sides.some((side) => {
    const traits = side.terms.filter((t) => t.kind === 'trait');
    if (side.terms.length >= 2) return traits.some((t) => knownAnywhere(t.name, active, sheetKnows));
    if (traits.length !== 1) return false;
    if (sheetKnows(traits[0].name)) return true;
    // A lone «Недостатки» or «Человечность» names a rule or a section, not a roll: (c) counts
    // only traits a pool is made of.
    const category = active.lookup(traits[0].name)?.trait.category;
    return category !== undefined && category !== 'other' && category !== 'generic';
  });
}
