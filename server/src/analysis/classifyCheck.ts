import { getBuiltinRuleset, BUILTIN_RULESET_IDS } from '../engine/builtinRulesets';
import { type CheckExpression, hasParamKeyword } from './checkExpression';
import { traitIndex, type TraitIndex } from './traitIndex';

function knownAnywhere(name: string, active: TraitIndex): boolean {
  if (active.lookup(name)) return true;
  return BUILTIN_RULESET_IDS.some((id) => {
    const ruleset = getBuiltinRuleset(id);
    return ruleset !== undefined && traitIndex(ruleset).lookup(name) !== undefined;
  });
}

/**
 * docs/markup.en.md, "Check or quotation": a «…» is a check when it has a parameter keyword (a), two or more terms at least
 * one of which is a trait of any built-in ruleset (b), or a single trait of the active one (c)
 * that can be rolled (an Attribute, a Skill, a rollable trait or a power).
 * Everything else is a quotation and gets nothing.
 */
export function isCheck(ast: CheckExpression, active: TraitIndex): boolean {
  if (hasParamKeyword(ast)) return true;
  return ast.sides.some((side) => {
    const traits = side.terms.filter((t) => t.kind === 'trait');
    if (side.terms.length >= 2) return traits.some((t) => knownAnywhere(t.name, active));
    if (traits.length !== 1) return false;
    // A lone «Недостатки» or «Человечность» names a rule or a section, not a roll: (c) counts
    // only traits a pool is made of.
    const category = active.lookup(traits[0].name)?.trait.category;
    return category !== undefined && category !== 'other' && category !== 'generic';
  });
}
