import type { TextDocument } from 'vscode-languageserver-textdocument';
import { rollMembers } from '../analysis/resolve/party';
import type { AnalyzedCheck, DocumentAnalysis, PartyMember } from '../analysis/types';
import type { Locale } from '../present/locale';
import { freshSeed, type RandomSource, seededRandom } from '../engine/random';
import { rollCheck } from '../engine/roll';
import { actorRollLog, namedRoll, partyRollLog, rollLog } from '../present/roll';
import { type Voice, voice } from '../present/voice';
import type { CharacterRollResult, RollCheckArgs, RollCheckResult } from '../protocol';
import { toRange } from './convert';
import { describedCheck } from './locate';

/** Why a roll was refused (the check is gone, or cannot be rolled as asked); the server answers InvalidParams. */
export class RollArgumentError extends Error {}

/**
 * Rolls the check the arguments describe (never another: see `describedCheck`), through the
 * engine; with `actor` or `party`, as one character of the front matter or each of them.
 * Unknown pools use the caller's `pool`, else the ruleset's `typicalPool`, and say so.
 * Without a seed a fresh one is drawn (from `random`, the host's cryptographic source) so that
 * every roll can be replayed from its result.
 */
export function provideRoll(document: TextDocument, analysis: DocumentAnalysis, args: RollCheckArgs, locale: Locale, random: RandomSource): RollCheckResult {
  const check = describedCheck(analysis.checks, document.offsetAt({ line: args.line, character: args.character }), args.text);
  if (!check) throw new RollArgumentError(args.text !== undefined ? `${args.text} is no longer in the document` : 'no check at that position');
  if (!check.spec) throw new RollArgumentError(`${check.text} cannot be rolled: it has an error`);
  const seed = args.seed ?? freshSeed(random);
  if (args.actor !== undefined || args.party) return partyRoll(document, analysis, check, args, seed, voice(locale));
  const roll = rollCheck(analysis.ruleset, check.spec, { seed, best: check.odds?.best, ...(args.pool !== undefined ? { pool: args.pool } : {}) });
  const assumedPool: RollCheckResult['assumedPool'] = roll.assumed_pool ? { pool: roll.pool, source: args.pool !== undefined ? 'argument' : 'typical' } : undefined;
  const log = rollLog(check.text, roll, analysis.ruleset, voice(locale), assumedPool);
  return {
    uri: document.uri,
    text: check.text,
    range: toRange(document, check.range),
    roll: namedRoll(roll, analysis.ruleset),
    ...(assumedPool ? { assumedPool } : {}),
    message: log[0],
    log,
  };
}

/** The party's members the arguments ask for: the one named `actor`, or all of them. */
function rollingMembers(check: AnalyzedCheck, args: RollCheckArgs): PartyMember[] {
  const party = check.party;
  if (!party) throw new RollArgumentError(`${check.text} is not rolled by the party: it names its actor, or none of its values comes from a character sheet`);
  if (args.actor === undefined) return party.members;
  const member = party.members.find((m) => m.character === args.actor);
  if (member) return [member];
  if (party.lacking.includes(args.actor)) throw new RollArgumentError(`${args.actor}'s sheet lacks a value ${check.text} needs`);
  if (party.helping.includes(args.actor)) throw new RollArgumentError(`${args.actor} helps with ${check.text}: the helper does not roll it`);
  throw new RollArgumentError(`the front matter has no character "${args.actor}"`);
}

/**
 * A check without an actor rolled as one character (`actor`) or by the whole party (`party`),
 * the members one after the other from one generator seeded with `seed`: the seed replays the
 * whole roll, and the first member's roll alone (theirs is the first drawn).
 */
function partyRoll(document: TextDocument, analysis: DocumentAnalysis, check: AnalyzedCheck, args: RollCheckArgs, seed: number, v: Voice): RollCheckResult {
  const rolls = rollMembers(analysis.ruleset, rollingMembers(check, args), seededRandom(seed));
  const first = { ...rolls[0].report, seed };
  const party: CharacterRollResult[] = rolls.map(({ actor, report }) => ({ actor, roll: namedRoll(report, analysis.ruleset), message: actorRollLog(check.text, actor, report, analysis.ruleset, v)[0] }));
  const log = args.party ? partyRollLog(check.text, rolls, analysis.ruleset, v, seed) : actorRollLog(check.text, rolls[0].actor, first, analysis.ruleset, v);
  return {
    uri: document.uri,
    text: check.text,
    range: toRange(document, check.range),
    roll: namedRoll(first, analysis.ruleset),
    actor: rolls[0].actor,
    message: log[0],
    log,
    ...(args.party ? { party } : {}),
  };
}
