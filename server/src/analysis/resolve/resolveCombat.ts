/**
 * An attack's `урон:` and `поглощение:` (docs/markup.md, «Атака, урон и поглощение»; 001 l.268–275,
 * 306): their pools resolved to dice, and what rules the chain out (RM003, RM004, RM005). The
 * damage pool takes the actor's sheet values, as the check's own pool does; the soak is the
 * target's, so its traits need a written rating.
 */
import { type CombatSpec, MAX_COMBAT_POOL } from '../../engine/combat';
import type { CombatPoolParam, PoolExpr } from '../check/checkExpression';
import type { CharacterSheet } from '../types';
import type { CheckContext, DiagnosticSink } from './resolveContext';
import type { SideSettings } from './resolveParams';
import { resolveTerm } from './resolveTerms';

/** What else the check asks for that one attack roll cannot be. */
export interface CombatSurroundings {
  initiative: boolean;
  /**
   * Whether a damage value left unknown is worth an RM004: no sheet gave the check its values and
   * no party will (with an actor whose sheet lacks the trait, RM008 already says so).
   */
  reportUnknownDamage: boolean;
}

/**
 * A pool's dice: its traits' values and its integers, at least 0; undefined when a value is
 * unknown (RM004 says so where a value was expected). `canonical` learns the traits' names.
 */
function poolDice(param: CombatPoolParam, sheet: CharacterSheet | undefined, ctx: CheckContext, sink: DiagnosticSink, canonical: Map<number, string>, report: boolean): number | undefined {
  const side: PoolExpr = { terms: param.terms, params: [], paramKeywordSeen: false };
  let total = 0;
  let known = true;
  for (const term of param.terms) {
    if (term.kind === 'modifier') {
      if (Number.isFinite(term.value)) total += term.sign * term.value;
      continue;
    }
    const resolved = resolveTerm(term, side, 0, ctx, sheet, sink);
    if (resolved.trait) canonical.set(term.nameRange.start, resolved.trait.name);
    if (resolved.value === undefined) {
      known = false;
      if (report) sink.add('RM004', { id: 'combatValueUnknown', param: param.keyword.toLowerCase(), name: term.name }, term.range, [], 'info');
      continue;
    }
    total += term.sign * resolved.value;
  }
  return known ? Math.max(0, total) : undefined;
}

/**
 * The attack's damage and soak (the spec's `combat`), or undefined when the check is no attack or
 * its chain cannot be computed; reports why. Call after the other parameters' conflicts are settled.
 */
export function combatOf(settings: readonly SideSettings[], sheet: CharacterSheet | undefined, ctx: CheckContext, sink: DiagnosticSink, canonical: Map<number, string>, around: CombatSurroundings): CombatSpec | undefined {
  for (const other of settings.slice(1)) {
    for (const param of [other.damage, other.soak]) if (param) sink.add('RM005', { id: 'combatOnDefender', param: param.keyword }, param.range);
  }
  const { damage, soak } = settings[0];
  if (!damage && !soak) return undefined;
  // The damage pool is the actor's (their Strength); the soak is the target's, never the actor's sheet.
  const damageDice = damage ? poolDice(damage, sheet, ctx, sink, canonical, around.reportUnknownDamage) : undefined;
  const soakDice = soak ? poolDice(soak, undefined, ctx, sink, canonical, true) : 0;
  if (around.initiative) return undefined;
  if (!damage) {
    if (soak) sink.add('RM003', { id: 'soakWithoutDamage' }, soak.range);
    return undefined;
  }
  const noBotch = settings[0].diceRules.find((param) => param.kind === 'noBotch');
  if (noBotch) {
    sink.add('RM003', { id: 'combatWithNoBotch', param: noBotch.keyword }, noBotch.range);
    return undefined;
  }
  const first = settings[0];
  const extended = settings.some((s) => s.successesNeeded || s.rollLimit || s.extendedMarker);
  const conflict = extended ? 'extended' : first.threshold ? 'threshold' : first.twice ? 'twice' : first.attempts ? 'attempts' : undefined;
  if (conflict) {
    sink.add('RM005', { id: 'combatConflict', with: conflict }, damage.range);
    return undefined;
  }
  let tooLarge = false;
  for (const [param, dice] of [[damage, damageDice], [soak, soakDice]] as const) {
    if (param && dice !== undefined && dice > MAX_COMBAT_POOL) {
      sink.add('RM003', { id: 'combatPoolTooLarge', param: param.keyword.toLowerCase(), pool: dice, max: MAX_COMBAT_POOL }, param.range);
      tooLarge = true;
    }
  }
  if (tooLarge || damageDice === undefined || soakDice === undefined) return undefined;
  return { damage: damageDice, soak: soakDice };
}
