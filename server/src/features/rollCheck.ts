import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { AnalyzedCheck, DocumentAnalysis, Locale } from '../analysis/types';
import { freshSeed } from '../engine/random';
import { rollCheck } from '../engine/roll';
import type { RollReport, SideRoll } from '../engine/rollReport';
import type { RollCheckArgs, RollCheckResult } from '../protocol';
import { toRange } from './convert';
import { describedCheck } from './locate';
import { dice, formatNumber, rollsWord, successesWord } from './oddsText';

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

function list(values: readonly number[]): string {
  return `[${values.join(', ')}]`;
}

/** One side's dice as they fell: «[8, 3, 10] + переброс [4] → 2 успеха», «к20 [14, 7] → 14 + 3 = 17». */
function sideText(roll: SideRoll, family: string, locale: Locale): string {
  const ru = locale === 'ru';
  if (family === 'd20') {
    const modifier = roll.pool < 0 ? ` − ${-roll.pool}` : ` + ${roll.pool}`;
    if (roll.dice.length === 0) return `${ru ? 'статичное значение' : 'static value'} ${roll.total ?? ''}`.trim();
    return `${ru ? 'к20' : 'd20'} ${list(roll.dice)} → ${roll.kept ?? roll.dice[0]}${modifier} = ${roll.total ?? ''}`;
  }
  if (roll.dice.length === 0) return ru ? 'без броска' : 'no roll';
  let text = roll.chance_die ? `${ru ? 'бросок на удачу' : 'chance die'} ${list(roll.dice)}` : list(roll.dice);
  if (roll.rerolled.length > 0) text += ` + ${ru ? 'переброс' : 're-rolled'} ${list(roll.rerolled)}`;
  if (roll.bonus.length > 0) text += ` + ${ru ? 'бонус' : 'bonus'} ${list(roll.bonus)}`;
  return `${text} → ${successesWord(roll.successes, locale)}`;
}

/** The one line a plain LSP client shows after a roll (also in the command's result). */
export function rollMessage(check: AnalyzedCheck, report: RollReport, family: string, locale: Locale, assumed?: RollCheckResult['assumedPool']): string {
  const ru = locale === 'ru';
  let body: string;
  if (report.extended) {
    const e = report.extended;
    body = ru
      ? `${rollsWord(e.rolls.length, locale)}, набрано ${e.accumulated} из ${e.target}`
      : `${rollsWord(e.rolls.length, locale)}, ${e.accumulated} of ${e.target} successes`;
  } else if (report.opponent) {
    body = `${sideText(report, family, locale)} ${ru ? 'против' : 'versus'} ${sideText(report.opponent, family, locale)}`;
  } else {
    body = sideText(report, family, locale);
    if (family === 'd20' && report.margin !== undefined) body += `, ${ru ? 'запас' : 'margin'} ${report.margin > 0 ? '+' : ''}${formatNumber(report.margin)}`;
  }
  let outcome = report.outcome_name[locale];
  if (report.critical && !report.opponent) {
    const critical = { critical_success: { ru: 'критический успех', en: 'critical success' }, critical_failure: { ru: 'критический провал', en: 'critical failure' } }[report.critical];
    if (critical) outcome += ` (${critical[locale]})`;
  }
  const pool = assumed
    ? ru
      ? ` (пул неизвестен: ${assumed.source === 'typical' ? `взят типичный пул правил, ${dice(assumed.pool, locale)}` : `взят заданный пул, ${dice(assumed.pool, locale)}`})`
      : ` (pool unknown: ${assumed.source === 'typical' ? `rolled the ruleset's typical pool, ${dice(assumed.pool, locale)}` : `rolled the given pool, ${dice(assumed.pool, locale)}`})`
    : '';
  const seed = report.seed !== undefined ? ` · seed ${report.seed}` : '';
  return `🎲 ${check.text}: ${body}: ${outcome}${pool}${seed}`;
}

/**
 * Rolls the check the arguments describe (never another: see `describedCheck`), through the
 * engine. Unknown pools use the caller's `pool`, else the ruleset's `typicalPool`, and say so. Without a seed a fresh one is drawn
 * (from the cryptographic source) so that every roll can be replayed from its result.
 */
export function provideRoll(document: TextDocument, analysis: DocumentAnalysis, args: RollCheckArgs, locale: Locale): RollCheckResult {
  const check = describedCheck(analysis.checks, document.offsetAt({ line: args.line, character: args.character }), args.text);
  if (!check) throw new RollArgumentError(args.text !== undefined ? `${args.text} is no longer in the document` : 'no check at that position');
  if (!check.spec) throw new RollArgumentError(`${check.text} cannot be rolled: it has an error`);
  const seed = args.seed ?? freshSeed();
  const roll = rollCheck(analysis.ruleset, check.spec, { seed, ...(args.pool !== undefined ? { pool: args.pool } : {}) });
  const assumedPool: RollCheckResult['assumedPool'] = roll.assumed_pool ? { pool: roll.pool, source: args.pool !== undefined ? 'argument' : 'typical' } : undefined;
  return {
    uri: document.uri,
    text: check.text,
    range: toRange(document, check.range),
    roll,
    ...(assumedPool ? { assumedPool } : {}),
    message: rollMessage(check, roll, analysis.ruleset.family, locale, assumedPool),
  };
}
