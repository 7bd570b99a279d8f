/**
 * The whole party on one check: a check without an actor, in a document whose front matter lists
 * two or more characters, rolled by each character whose sheet holds its traits. The check is
 * resolved once per character, exactly as if it named that character («Ольха: …»), so every
 * rule of the check (parameters, contests, teamwork, alternatives) applies as it would there.
 */
import type { CheckSpec } from '../../engine/checkSpec';
import { chanceOfSuccess } from '../../engine/odds';
import { isKnownPool, type OddsReport } from '../../engine/oddsReport';
import { rollCheck } from '../../engine/roll';
import type { RandomSource } from '../../engine/random';
import type { RolledCheck } from '../../engine/rollReport';
import type { Ruleset } from '../../engine/ruleset';
import type { CheckExpression } from '../check/checkExpression';
import { resolveCheck, type ResolvedCheck } from './resolveCheck';
import type { CheckContext } from './resolveContext';
import type { CharacterSheet, PartyMember, PartyOdds } from '../types';

/**
 * The chance that matters for a check, as a number: success of every kind, a contest's win, an
 * extended action done within its rolls (the last `within`). Undefined when the pool is unknown
 * and for initiative, which has no success. The same number `rollmark check --format json`
 * prints as a check's `success`.
 */
export function successChance(report: OddsReport): number | undefined {
  if (!isKnownPool(report) || report.initiative) return undefined;
  if (!report.contest && report.within && report.within.length > 0) return report.within[report.within.length - 1];
  return chanceOfSuccess(report);
}

/** The check as `sheet`'s character would write it: the same text, that character as its actor. */
export function resolveAs(ast: CheckExpression, content: string, ctx: CheckContext, sheet: CharacterSheet): ResolvedCheck {
  return resolveCheck({ ...ast, actor: { name: sheet.name, range: ast.range } }, content, ctx);
}

/**
 * Whether the party is asked about this check: it names no actor, the front matter lists two or
 * more characters, and some trait (of the pool or of an attack's `урон:`) takes its value from a sheet (a check whose every value is
 * written inline is the same roll for everyone: its own odds say it all).
 */
export function hasParty(ast: CheckExpression, own: ResolvedCheck, characters: readonly CharacterSheet[]): boolean {
  if (ast.actor || characters.length < 2 || ast.errors.length > 0) return false;
  // An attack's damage pool takes the roller's sheet too («урон: Сила + 1», docs/markup.md).
  const damageFromSheet = ast.sides[0]?.params.some((p) => p.kind === 'damage' && p.terms.some((t) => t.kind === 'trait' && !t.rating)) ?? false;
  return damageFromSheet || (own.sides[0]?.terms.some((term) => term.valueSource !== 'inline') ?? false);
}

/** P(at least one succeeds) and P(everyone succeeds), the characters rolling independently. */
export function partyChances(chances: readonly number[]): { any: number; all: number } {
  let none = 1;
  let all = 1;
  for (const p of chances) {
    none *= 1 - p;
    all *= p;
  }
  return { any: 1 - none, all: chances.length === 0 ? 0 : all };
}

/**
 * The party's odds on a check (see {@link hasParty}), each character whose sheet holds the
 * check's traits with their own roll, best first (ties in front-matter order); undefined when
 * the party is not asked about it or no character can roll it. A character the check names as a
 * helper («Сила + Атлетика (помощь: Вера)») helps whoever rolls: she is not one of the rollers
 * (a character cannot help herself). `odds` computes a spec's odds (the analysis passes its cache).
 */
export function partyOdds(
  ast: CheckExpression,
  content: string,
  own: ResolvedCheck,
  ctx: CheckContext,
  odds: (ruleset: Ruleset, spec: CheckSpec) => OddsReport,
): PartyOdds | undefined {
  if (!hasParty(ast, own, ctx.characters)) return undefined;
  const members: PartyMember[] = [];
  const lacking: string[] = [];
  const helpers = new Set(own.sides.flatMap((side) => side.helpers ?? []));
  const helping: string[] = [];
  for (const sheet of ctx.characters) {
    if (helpers.has(sheet.name)) {
      helping.push(sheet.name);
      continue;
    }
    const resolved = resolveAs(ast, content, ctx, sheet);
    const report = resolved.spec ? odds(ctx.ruleset, resolved.spec) : undefined;
    const success = report ? successChance(report) : undefined;
    if (resolved.spec && report && success !== undefined) members.push({ character: sheet.name, spec: resolved.spec, odds: report, success });
    else lacking.push(sheet.name);
  }
  if (members.length === 0) return undefined;
  // Array.prototype.sort is stable: equal chances keep the front matter's order.
  members.sort((a, b) => b.success - a.success);
  return { members, lacking, helping, ...partyChances(members.map((m) => m.success)) };
}

/** The party's median character: the middle one by chance, the weaker of the two middle ones in an even party. */
export function medianMember(party: PartyOdds): PartyMember {
  return party.members[Math.floor(party.members.length / 2)];
}

/**
 * The party's members rolling a check, each their own spec, one after the other from one stream
 * of dice (`random`): no two members roll the same dice, and one seed replays the whole party. The
 * editor's party roll and `rollmark check --checks --seed` both roll this way. The reports carry
 * no seed: a member's roll replays only with the rolls drawn before it.
 */
export function rollMembers(ruleset: Ruleset, members: readonly PartyMember[], random: RandomSource): { actor: string; report: RolledCheck }[] {
  return members.map((member) => ({ actor: member.character, report: rollCheck(ruleset, member.spec, { random, best: member.odds.best }) }));
}
