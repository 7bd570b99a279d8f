/**
 * The one formatter of a roll: the message the server shows, the lines of the editor's roll log
 * and `rollmark roll` are the same text.
 */
import type { CombatRoll, NoBotchRoll } from '../engine/combat';
import type { HelperRoll, RolledCheck, RollReport, SideRoll } from '../engine/rollReport';
import type { OutcomeName, Ruleset } from '../engine/ruleset';
import { signedTerm } from './formula';
import { alternativeLabel } from './odds';
import { outcomeName, rollsModifier, tieWord } from './ruleset';
import type { Voice } from './voice';
import { WORDS } from './words';

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
    return `${v.w.d20} ${list(roll.dice)} → ${roll.kept ?? roll.dice[0]} ${signedTerm(roll.pool, v)} = ${roll.total ?? ''}`;
  }
  if (roll.dice.length === 0) return v.w.noRoll;
  let text = roll.chance_die ? `${v.w.chanceDie} ${list(roll.dice)}` : list(roll.dice);
  if (roll.replayed && roll.replayed.length > 0) text += ` + ${v.w.replayedDice} ${list(roll.replayed)}`;
  if (roll.rerolled.length > 0) text += ` + ${v.w.rerolled} ${list(roll.rerolled)}`;
  if (roll.bonus.length > 0) text += ` + ${v.w.bonus} ${list(roll.bonus)}`;
  // `+N успехов` / `прочность N`: what the dice gave, then what counts.
  if (roll.successes_rolled !== undefined) return `${text} → ${v.w.countedRoll(v.count(roll.successes_rolled, 'success'), v.count(roll.successes, 'success'))}`;
  return `${text} → ${v.count(roll.successes, 'success')}`;
}

/** The ruleset's words for a rolled outcome; vampire-pack names the degree of a success; a ruleset without the name gets the key. */
function rulesetOutcome(report: RolledCheck, ruleset: Ruleset): OutcomeName {
  const degree = ruleset.outcomes[`degree_${Math.min(report.successes, 5)}`];
  if (report.outcome === 'success' && degree) return degree;
  return ruleset.outcomes[report.outcome] ?? { ru: report.outcome, en: report.outcome };
}

const CONTEST_WORDS = { win: WORDS.win, tie: WORDS.tie, lose: WORDS.loss } as const;

/**
 * A storytelling contest's degree in both languages (000 l.341): an exceptional win, a loss to the
 * opponent's exceptional success, a dramatic failure deciding it; undefined without a degree.
 */
function degreeNames(report: RolledCheck, ruleset: Ruleset): OutcomeName | undefined {
  const degree = report.contest_degree;
  if (!degree) return undefined;
  const named = (key: string, word: (name: string) => OutcomeName): OutcomeName => {
    const name = ruleset.outcomes[key] ?? { ru: key, en: key };
    return { ru: word(name.ru).ru, en: word(name.en).en };
  };
  if (degree === 'both_dramatic') return named('dramatic_failure', WORDS.tieBothDramatic);
  if (report.contest === 'win') return degree === 'exceptional' ? WORDS.winExceptional : named('dramatic_failure', WORDS.winByDramatic);
  if (report.contest === 'lose') return degree === 'exceptional' ? named('exceptional_success', WORDS.lossExceptional) : named('dramatic_failure', WORDS.lossByDramatic);
  return undefined;
}

/** The outcome's name in both languages: the contest's result (with its degree), initiative, else the ruleset's word. */
function outcomeNames(report: RolledCheck, ruleset: Ruleset): OutcomeName {
  if (report.outcome === 'initiative') return WORDS.initiative;
  if (report.contest) return degreeNames(report, ruleset) ?? CONTEST_WORDS[report.contest];
  return rulesetOutcome(report, ruleset);
}

/** Where `outcome_name` stands in the roll's JSON (docs/cli.en.md): before the contest's, the action's and the alternative's fields. */
const AFTER_OUTCOME_NAME = new Set(['opponent', 'contest', 'contest_degree', 'tie_break', 'race', 'extended', 'twice', 'attempts', 'combat', 'alternative']);

/** A roll as the CLI's JSON and the protocol carry it: with `outcome_name`, the outcome in the ruleset's own words. */
export function namedRoll(report: RolledCheck, ruleset: Ruleset): RollReport {
  const name = outcomeNames(report, ruleset);
  const named: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(report)) {
    if (AFTER_OUTCOME_NAME.has(key) && !('outcome_name' in named)) named.outcome_name = name;
    named[key] = value;
  }
  if (!('outcome_name' in named)) named.outcome_name = name;
  return named as unknown as RollReport;
}

/**
 * The outcome: the contest's word (vampire-pack: a tie the Attribute broke says so, one it could
 * not is the Storyteller's), else the ruleset's name (vampire-pack: the degree), with a d20
 * critical; none for initiative, whose total is the result.
 */
function outcomeText(report: RolledCheck, ruleset: Ruleset, v: Voice): string | undefined {
  if (report.combat) {
    if (report.combat.hit) return v.w.combatHitDealt(v.count(report.combat.levels, 'level'));
    return report.outcome === 'botch' ? `${v.w.combatMiss} (${outcomeName(ruleset, 'botch', v)})` : v.w.combatMiss;
  }
  if (report.contest) {
    const degree = degreeNames(report, ruleset);
    if (degree) return v.pick(degree);
    const word = { win: v.w.win, tie: tieWord(ruleset, v), lose: v.w.loss }[report.contest];
    return report.tie_break ? v.w.byAttribute(word) : word;
  }
  if (report.outcome === 'initiative') return undefined;
  const outcome = v.pick(rulesetOutcome(report, ruleset));
  // 004 l.60–65: a plain failure may still be traded; a painful one may not.
  if (report.deal && report.outcome === 'failure') return `${outcome} — ${v.w.dealOffer}`;
  return report.critical ? `${outcome} (${outcomeName(ruleset, report.critical, v)})` : outcome;
}

/** What a helper's roll did: «+2 кости в пул», «полный провал: −4 кости», «+1 успех», «Преимущество». */
function helpEffect(helper: HelperRoll, v: Voice): string {
  switch (helper.effect) {
    case 'dice':
      return v.w.helpDice(v.count(helper.contribution, 'die'));
    case 'penalty':
      return v.w.helpPenalty(v.count(-helper.contribution, 'die'));
    case 'successes':
      return v.w.helpSuccesses(v.count(helper.contribution, 'success'));
    case 'advantage':
      return v.w.helpAdvantage;
    case 'hindrance':
      return v.w.helpHindrance;
  }
}

/** Each helper's dice and what they did, one line each, under the roll they helped. */
function helperLines(roll: SideRoll, ruleset: Ruleset, v: Voice, indent: string): string[] {
  return (roll.helpers ?? []).map((helper, i) => `${indent}${v.w.helperLine(v.number(i + 1), sideText(helper.roll, ruleset, v), helpEffect(helper, v))}`);
}

function assumedText(assumed: AssumedPool, report: RolledCheck, ruleset: Ruleset, v: Voice): string {
  // Initiative adds its rating to 1d10: the pool it took is a number, not dice.
  if (report.outcome === 'initiative') return assumed.source === 'typical' ? v.w.assumedTypicalRating(v.number(assumed.pool)) : v.w.assumedGivenRating(v.number(assumed.pool));
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
export function rollSummary(report: RolledCheck, ruleset: Ruleset, v: Voice, assumed?: AssumedPool): string {
  let body: string;
  if (report.race) {
    const [mine, theirs] = report.race.rounds[report.race.rounds.length - 1]?.totals ?? [0, 0];
    body = v.w.raceScore(v.count(report.race.rounds.length, 'round'), v.number(mine), v.number(theirs));
    // A classic botch ends a race at once (001 l.23); after the round limit the totals decide.
    if (report.race.decided === 'botch') body += ` (${report.contest === 'lose' ? v.w.raceBotchLoss : report.contest === 'win' ? v.w.raceBotchWin : outcomeName(ruleset, 'botch', v)})`;
    else if (report.race.decided === 'limit') body += ` (${v.w.raceByScore})`;
  } else if (report.extended) {
    const e = report.extended;
    body = v.w.extendedProgress(v.count(e.rolls.length, 'roll'), v.number(e.accumulated), v.number(e.target));
  } else if (report.twice) {
    const [first, second] = report.twice.rolls;
    body = v.w.twiceRolled(sideText(first, ruleset, v), sideText(second, ruleset, v), report.twice.kept === 1);
  } else if (report.attempts) {
    body = v.w.attemptsProgress(v.number(report.attempts.rolls.length), v.number(report.attempts.count), sideText(report, ruleset, v));
  } else if (report.opponent) {
    body = `${sideText(report, ruleset, v)} ${v.w.versus} ${sideText(report.opponent, ruleset, v)}`;
  } else if (report.outcome === 'initiative') {
    body = v.w.initiativeRoll(list(report.dice), v.number(report.pool), v.number(report.total ?? report.pool));
  } else {
    body = sideText(report, ruleset, v);
    if (report.margin !== undefined) body += `, ${v.w.margin(v.signed(report.margin))}`;
  }
  const helpers = report.helpers?.length ?? report.extended?.rolls[0]?.helpers?.length ?? report.attempts?.rolls[0]?.helpers?.length ?? report.race?.rounds[0]?.first.helpers?.length ?? 0;
  if (helpers > 0) body += ` (${v.w.helpedBy(v.count(helpers, 'helper'))})`;
  const alternative = report.alternative ? `${v.w.alternativeRolled(alternativeLabel(report.alternative.check))}: ` : '';
  const outcome = outcomeText(report, ruleset, v);
  const pool = assumed ? ` (${assumedText(assumed, report, ruleset, v)})` : '';
  const seed = report.seed !== undefined ? ` · ${v.w.seed(String(report.seed))}` : '';
  return `${alternative}${body}${outcome === undefined ? '' : `: ${outcome}`}${pool}${seed}`;
}

/** The one line the server shows after a roll: «🎲 «Сила + Атлетика (сложность 2)»: [6, 6, 6, 1] → …». */
export function rollMessage(check: string, report: RolledCheck, ruleset: Ruleset, v: Voice, assumed?: AssumedPool): string {
  return `🎲 ${check}: ${rollSummary(report, ruleset, v, assumed)}`;
}

const INDENT = '    ';

/**
 * The lines under a roll's message: the helpers' rolls, each roll of an extended action, each
 * round of a race (with the helpers of each roll under it), indented.
 */
export function rollDetails(report: RolledCheck, ruleset: Ruleset, v: Voice): string[] {
  if (report.race) {
    return report.race.rounds.flatMap((round, index) => [
      `${INDENT}${v.w.roundLine(v.number(index + 1), sideText(round.first, ruleset, v), sideText(round.second, ruleset, v), v.number(round.totals[0]), v.number(round.totals[1]))}`,
      ...helperLines(round.first, ruleset, v, INDENT + INDENT),
      ...helperLines(round.second, ruleset, v, INDENT + INDENT),
    ]);
  }
  if (report.extended) {
    return report.extended.rolls.flatMap((roll, index) => [`${INDENT}${v.w.rollNumber(v.number(index + 1), sideText(roll, ruleset, v))}`, ...helperLines(roll, ruleset, v, INDENT + INDENT)]);
  }
  if (report.attempts && report.attempts.rolls.length > 1) {
    return report.attempts.rolls.flatMap((roll, index) => [`${INDENT}${v.w.attemptNumber(v.number(index + 1), sideText(roll, ruleset, v))}`, ...helperLines(roll, ruleset, v, INDENT + INDENT)]);
  }
  if (report.twice) return report.twice.rolls.flatMap((roll) => helperLines(roll, ruleset, v, INDENT));
  if (report.combat) return [...helperLines(report, ruleset, v, INDENT), ...(report.opponent ? helperLines(report.opponent, ruleset, v, INDENT) : []), ...combatLines(report.combat, v)];
  return [...helperLines(report, ruleset, v, INDENT), ...(report.opponent ? helperLines(report.opponent, ruleset, v, INDENT) : [])];
}

/** An attack's damage and soak rolls, one line each (nothing is rolled after a miss). */
function combatLines(combat: CombatRoll, v: Voice): string[] {
  const rolled = (roll: NoBotchRoll) => `${list(roll.dice)} → ${v.count(roll.successes, 'success')}`;
  const lines: string[] = [];
  if (combat.damage) {
    const extra = combat.extra > 0 ? v.number(combat.extra) : undefined;
    lines.push(`${INDENT}${v.w.combatDamageRoll(v.count(combat.damage.pool, 'die'), extra, rolled(combat.damage))}`);
  }
  if (combat.soak) lines.push(`${INDENT}${v.w.combatSoakRoll(rolled(combat.soak))}`);
  return lines;
}

/** The roll as a log keeps it: the message, then the rolls of an extended action. */
export function rollLog(check: string, report: RolledCheck, ruleset: Ruleset, v: Voice, assumed?: AssumedPool): string[] {
  return [rollMessage(check, report, ruleset, v, assumed), ...rollDetails(report, ruleset, v)];
}

/** A check rolled as one character of the party: «🎲 «Сила + Атлетика (сложность 2)» · Катастрофа: [8, 3, 10, 9] → …». */
export function actorRollLog(check: string, actor: string, report: RolledCheck, ruleset: Ruleset, v: Voice): string[] {
  return [`🎲 ${check} · ${actor}: ${rollSummary(report, ruleset, v)}`, ...rollDetails(report, ruleset, v)];
}

/** The whole party's outcomes in one line, without the check: «партия: Катастрофа — успех, Адриан — провал · зерно броска 42». */
export function partySummary(rolls: readonly { actor: string; report: RolledCheck }[], ruleset: Ruleset, v: Voice, seed?: number): string {
  const outcomes = rolls.map((r) => `${r.actor} — ${outcomeText(r.report, ruleset, v)}`).join(', ');
  return `${v.w.partyLabel}: ${outcomes}${seed === undefined ? '' : ` · ${v.w.seed(String(seed))}`}`;
}

/**
 * The whole party's roll: the outcomes on the first line («🎲 «…» · партия: Катастрофа — успех,
 * Адриан — провал · зерно броска 42»: the seed replays the whole party), then each character's dice
 * on a line of their own.
 */
export function partyRollLog(check: string, rolls: readonly { actor: string; report: RolledCheck }[], ruleset: Ruleset, v: Voice, seed?: number): string[] {
  return [
    `🎲 ${check} · ${partySummary(rolls, ruleset, v, seed)}`,
    ...rolls.flatMap((r) => [`    ${r.actor}: ${rollSummary(r.report, ruleset, v)}`, ...rollDetails(r.report, ruleset, v).map((line) => `    ${line}`)]),
  ];
}
