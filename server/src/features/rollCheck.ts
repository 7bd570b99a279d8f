import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalysis, Locale } from '../analysis/types';
import { freshSeed } from '../engine/random';
import { rollCheck } from '../engine/roll';
import { rollLog } from '../present/roll';
import { voice } from '../present/voice';
import type { RollCheckArgs, RollCheckResult } from '../protocol';
import { toRange } from './convert';
import { describedCheck } from './locate';

/** Larger pools than this are a typo, not a roll (and would make a long message). */
export const MAX_CHOSEN_POOL = 100;

/** Why arguments were refused; the server turns it into an InvalidParams error. */
export class RollArgumentError extends Error {}

function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

/** Checks `executeCommand` arguments against {@link RollCheckArgs}; anything else is refused with a reason. */
export function parseRollArgs(raw: unknown): RollCheckArgs {
  if (typeof raw !== 'object' || raw === null) throw new RollArgumentError('expected one argument {uri, line, character, text?, pool?, seed?}');
  const a = raw as Record<string, unknown>;
  if (typeof a.uri !== 'string' || a.uri === '') throw new RollArgumentError('"uri" must be a document URI');
  if (!isInteger(a.line) || !isInteger(a.character)) throw new RollArgumentError('"line" and "character" must be integers');
  const args: RollCheckArgs = { uri: a.uri, line: a.line, character: a.character };
  if (a.text !== undefined && a.text !== null) {
    if (typeof a.text !== 'string' || a.text === '') throw new RollArgumentError('"text" must be the check as written');
    args.text = a.text;
  }
  if (a.pool !== undefined && a.pool !== null) {
    if (!isInteger(a.pool) || a.pool < 0 || a.pool > MAX_CHOSEN_POOL) throw new RollArgumentError(`"pool" must be an integer from 0 to ${MAX_CHOSEN_POOL}`);
    args.pool = a.pool;
  }
  if (a.seed !== undefined && a.seed !== null) {
    if (!isInteger(a.seed)) throw new RollArgumentError('"seed" must be an integer');
    args.seed = a.seed;
  }
  return args;
}

/**
 * Rolls the check the arguments describe (never another: see `describedCheck`), through the
 * engine. Unknown pools use the caller's `pool`, else the ruleset's `typicalPool`, and say so.
 * Without a seed a fresh one is drawn (from the cryptographic source) so that every roll can be
 * replayed from its result.
 */
export function provideRoll(document: TextDocument, analysis: DocumentAnalysis, args: RollCheckArgs, locale: Locale): RollCheckResult {
  const check = describedCheck(analysis.checks, document.offsetAt({ line: args.line, character: args.character }), args.text);
  if (!check) throw new RollArgumentError(args.text !== undefined ? `${args.text} is no longer in the document` : 'no check at that position');
  if (!check.spec) throw new RollArgumentError(`${check.text} cannot be rolled: it has an error`);
  const seed = args.seed ?? freshSeed();
  const roll = rollCheck(analysis.ruleset, check.spec, { seed, ...(args.pool !== undefined ? { pool: args.pool } : {}) });
  const assumedPool: RollCheckResult['assumedPool'] = roll.assumed_pool ? { pool: roll.pool, source: args.pool !== undefined ? 'argument' : 'typical' } : undefined;
  const log = rollLog(check.text, roll, analysis.ruleset, voice(locale), assumedPool);
  return {
    uri: document.uri,
    text: check.text,
    range: toRange(document, check.range),
    roll,
    ...(assumedPool ? { assumedPool } : {}),
    message: log[0],
    log,
  };
}
