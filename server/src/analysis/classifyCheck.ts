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
 * MARKUP §2: a «…» is a check when it has a parameter keyword (a), two or more terms at least
 * one of which is a trait of any built-in ruleset (b), or a single trait of the active one (c).
 * Everything else is a quotation and gets nothing.
 */
export function isCheck(ast: CheckExpression, active: TraitIndex): boolean {
  if (hasParamKeyword(ast)) return true;
  return ast.sides.some((side) => {
    const traits = side.terms.filter((t) => t.kind === 'trait');
    if (side.terms.length >= 2) return traits.some((t) => knownAnywhere(t.name, active));
    return traits.length === 1 && active.lookup(traits[0].name) !== undefined;
  });
}
