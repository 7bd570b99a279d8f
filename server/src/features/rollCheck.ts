import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalysis, Locale } from '../analysis/types';
import { freshSeed } from '../engine/random';
import { rollCheck } from '../engine/roll';
import { rollLog } from '../present/roll';
import { voice } from '../present/voice';
import type { RollCheckArgs, RollCheckResult } from '../protocol';
import { toRange } from './convert';
import { checkIndexAt } from './locate';

/** Larger pools than this are a typo, not a roll (and would make a long message). */
export const MAX_CHOSEN_POOL = 100;

/** Why arguments were refused; the server turns it into an InvalidParams error. */
export class RollArgumentError extends Error {}

function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

/** Checks `executeCommand` arguments against {@link RollCheckArgs}; anything else is refused with a reason. */
export function parseRollArgs(raw: unknown): RollCheckArgs {
  if (typeof raw !== 'object' || raw === null) throw new RollArgumentError('expected one argument {uri, checkIndex | line+character, pool?, seed?}');
  const a = raw as Record<string, unknown>;
  if (typeof a.uri !== 'string' || a.uri === '') throw new RollArgumentError('"uri" must be a document URI');
  const args: RollCheckArgs = { uri: a.uri };
  if (a.checkIndex !== undefined && a.checkIndex !== null) {
    if (!isInteger(a.checkIndex) || a.checkIndex < 0) throw new RollArgumentError('"checkIndex" must be a non-negative integer');
    args.checkIndex = a.checkIndex;
  }
  if (a.line !== undefined || a.character !== undefined) {
    if (!isInteger(a.line) || !isInteger(a.character)) throw new RollArgumentError('"line" and "character" must be integers');
    args.line = a.line;
    args.character = a.character;
  }
  if (args.checkIndex === undefined && args.line === undefined) throw new RollArgumentError('give "checkIndex" or "line" and "character"');
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
 * Rolls the check the arguments name, through the engine. Unknown pools use the caller's
 * `pool`, else the ruleset's `typicalPool`, and say so. Without a seed a fresh one is drawn
 * (from the cryptographic source) so that every roll can be replayed from its result.
 */
export function provideRoll(document: TextDocument, analysis: DocumentAnalysis, args: RollCheckArgs, locale: Locale): RollCheckResult {
  const index = args.checkIndex ?? (args.line !== undefined && args.character !== undefined ? checkIndexAt(analysis.checks, document.offsetAt({ line: args.line, character: args.character })) : -1);
  const check = index >= 0 ? analysis.checks[index] : undefined;
  if (!check) throw new RollArgumentError(args.checkIndex !== undefined ? `the document has no check #${args.checkIndex}` : 'no check at that position');
  if (!check.spec) throw new RollArgumentError(`${check.text} cannot be rolled: it has an error`);
  const seed = args.seed ?? freshSeed();
  const roll = rollCheck(analysis.ruleset, check.spec, { seed, ...(args.pool !== undefined ? { pool: args.pool } : {}) });
  const assumedPool: RollCheckResult['assumedPool'] = roll.assumed_pool ? { pool: roll.pool, source: args.pool !== undefined ? 'argument' : 'typical' } : undefined;
  const log = rollLog(check.text, roll, analysis.ruleset, voice(locale), assumedPool);
  return {
    uri: document.uri,
    text: check.text,
    range: toRange(document, check.range),
    checkIndex: index,
    roll,
    ...(assumedPool ? { assumedPool } : {}),
    message: log[0],
    log,
  };
}
