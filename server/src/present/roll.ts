/**
 * The one formatter of a roll: the message the server shows, the lines of the editor's roll log
 * and `rollmark roll` are the same text.
 */
import type { RollReport, SideRoll } from '../engine/rollReport';
import type { Ruleset } from '../engine/ruleset';
import { outcomeName, rollsModifier } from './ruleset';
import type { Voice } from './voice';

/** Where the pool of a roll came from when the check's pool was unknown. */
export interface AssumedPool {
  pool: number;
  /** `argument`: the pool the caller gave; `typical`: the ruleset's typical pool. */
  source: 'argument' | 'typical';
}

function list(values: readonly number[]): string {
  return `[${values.join(', ')}]`;
}

/** One side's dice as they fell: «[8, 3, 10] + переброс [4] → 2 успеха», «к20 [14, 7] → 14 + 3 = 17». */
function sideText(roll: SideRoll, ruleset: Ruleset, v: Voice): string {
  if (rollsModifier(ruleset.family)) {
    if (roll.dice.length === 0) return `${v.w.staticValue} ${roll.total === undefined ? '' : v.number(roll.total)}`.trim();
    const modifier = roll.pool < 0 ? `− ${v.number(-roll.pool)}` : `+ ${v.number(roll.pool)}`;
    return `${v.w.d20} ${list(roll.dice)} → ${roll.kept ?? roll.dice[0]} ${modifier} = ${roll.total ?? ''}`;
  }
  if (roll.dice.length === 0) return v.w.noRoll;
  let text = roll.chance_die ? `${v.w.chanceDie} ${list(roll.dice)}` : list(roll.dice);
  if (roll.rerolled.length > 0) text += ` + ${v.w.rerolled} ${list(roll.rerolled)}`;
  if (roll.bonus.length > 0) text += ` + ${v.w.bonus} ${list(roll.bonus)}`;
  return `${text} → ${v.count(roll.successes, 'success')}`;
}

/** The outcome: the contest's word, else the ruleset's name (vampire-pack: the degree), with a d20 critical. */
function outcomeText(report: RollReport, ruleset: Ruleset, v: Voice): string {
  if (report.contest) return { win: v.w.win, tie: v.w.tie, lose: v.w.loss }[report.contest];
  const outcome = v.pick(report.outcome_name);
  return report.critical ? `${outcome} (${outcomeName(ruleset, report.critical, v)})` : outcome;
}

function assumedText(assumed: AssumedPool, ruleset: Ruleset, v: Voice): string {
  if (rollsModifier(ruleset.family)) {
    const value = v.signed(assumed.pool);
    return assumed.source === 'typical' ? v.w.assumedTypicalModifier(value) : v.w.assumedGivenModifier(value);
  }
  const dice = v.count(assumed.pool, 'die');
  return assumed.source === 'typical' ? v.w.assumedTypical(dice) : v.w.assumedGiven(dice);
}

/**
 * A roll in one line, without the check: «[6, 6, 6, 1] → 0 успехов: болезненный провал · зерно
 * броска 42».
 */
export function rollSummary(report: RollReport, ruleset: Ruleset, v: Voice, assumed?: AssumedPool): string {
  let body: string;
  if (report.extended) {
    const e = report.extended;
    body = v.w.extendedProgress(v.count(e.rolls.length, 'roll'), v.number(e.accumulated), v.number(e.target));
  } else if (report.opponent) {
    body = `${sideText(report, ruleset, v)} ${v.w.versus} ${sideText(report.opponent, ruleset, v)}`;
  } else {
    body = sideText(report, ruleset, v);
    if (report.margin !== undefined) body += `, ${v.w.margin(v.signed(report.margin))}`;
  }
  const pool = assumed ? ` (${assumedText(assumed, ruleset, v)})` : '';
  const seed = report.seed !== undefined ? ` · ${v.w.seed(String(report.seed))}` : '';
  return `${body}: ${outcomeText(report, ruleset, v)}${pool}${seed}`;
}

/** The one line the server shows after a roll: «🎲 «Сила + Атлетика (сложность 2)»: [6, 6, 6, 1] → …». */
export function rollMessage(check: string, report: RollReport, ruleset: Ruleset, v: Voice, assumed?: AssumedPool): string {
  return `🎲 ${check}: ${rollSummary(report, ruleset, v, assumed)}`;
}

/** The lines under a roll's message: each roll of an extended action, indented. */
export function rollDetails(report: RollReport, ruleset: Ruleset, v: Voice): string[] {
  return (report.extended?.rolls ?? []).map((roll, index) => `    ${v.w.rollNumber(v.number(index + 1), sideText(roll, ruleset, v))}`);
}

/** The roll as a log keeps it: the message, then the rolls of an extended action. */
export function rollLog(check: string, report: RollReport, ruleset: Ruleset, v: Voice, assumed?: AssumedPool): string[] {
  return [rollMessage(check, report, ruleset, v, assumed), ...rollDetails(report, ruleset, v)];
}

/** A check rolled as one character of the party: «🎲 «Сила + Атлетика (сложность 2)» · Катастрофа: [8, 3, 10, 9] → …». */
export function actorRollLog(check: string, actor: string, report: RollReport, ruleset: Ruleset, v: Voice): string[] {
  return [`🎲 ${check} · ${actor}: ${rollSummary(report, ruleset, v)}`, ...rollDetails(report, ruleset, v)];
}

/**
 * The whole party's roll: the outcomes on the first line («🎲 «…» · партия: Катастрофа — успех,
 * Адриан — провал»), then each character's dice on a line of their own.
 */
export function partyRollLog(check: string, rolls: readonly { actor: string; report: RollReport }[], ruleset: Ruleset, v: Voice): string[] {
  const outcomes = rolls.map((r) => `${r.actor} — ${outcomeText(r.report, ruleset, v)}`).join(', ');
  return [
    `🎲 ${check} · ${v.w.partyLabel}: ${outcomes}`,
    ...rolls.flatMap((r) => [`    ${r.actor}: ${rollSummary(r.report, ruleset, v)}`, ...rollDetails(r.report, ruleset, v).map((line) => `    ${line}`)]),
  ];
}
