/**
 * A check as the formula it rolls, with each term's value: «Сила 3 + Атлетика 3 − сложность 2 =
 * 4 кости». The pool is the engine's, so the formula never disagrees with the odds.
 */
import type { AnalyzedCheck, ResolvedTerm } from '../analysis/types';
import type { RollSide } from '../engine/checkSpec';
import { edge as d20Edge, staticEdgeBonus, staticValue } from '../engine/families/d20';
import { subtractedDifficulty } from '../engine/families/poolMinusDifficulty';
import { secondAttemptSide } from '../engine/secondAttempt';
import { dicePool } from '../engine/families/storytelling';
import { checkSides, familyOf } from '../engine/odds';
import type { Ruleset } from '../engine/ruleset';
import type { Voice } from './voice';

/** «+ 2», «− 1»: a signed term inside a formula. */
export function signedTerm(value: number, v: Voice): string {
  return value < 0 ? `− ${v.number(-value)}` : `+ ${v.number(value)}`;
}

/**
 * The written terms of one side with their values: «Сила 3 + Атлетика ? − 1»; with alternatives,
 * those of one combination (`picks`: indexes into the side's terms).
 */
function termsText(check: AnalyzedCheck, sideIndex: number, v: Voice, picks?: readonly number[]): string {
  const terms = check.ast.sides[sideIndex]?.terms ?? [];
  const resolved = check.sides[sideIndex]?.terms ?? [];
  // Resolved terms are the side's trait terms in written order.
  const resolvedAt: number[] = [];
  let traits = 0;
  terms.forEach((t, k) => (resolvedAt[k] = t.kind === 'trait' ? traits++ : -1));
  const parts: string[] = [];
  for (const k of picks ?? terms.map((_, k) => k)) {
    const t = terms[k];
    let text: string;
    if (t.kind === 'trait') {
      const r = resolved[resolvedAt[k]] as ResolvedTerm | undefined;
      text = `${r?.trait?.name ?? t.name} ${r?.value === undefined ? '?' : v.number(r.value)}`;
    } else {
      text = Number.isFinite(t.value) ? v.number(t.value) : '?';
    }
    if (parts.length === 0) parts.push(t.sign < 0 ? `−${text}` : text);
    else parts.push(`${t.sign < 0 ? '−' : '+'} ${text}`);
  }
  return parts.join(' ');
}

/** A side that is one number (a Storyteller pool, «против 6»). */
function isBareNumber(check: AnalyzedCheck, sideIndex: number, picks?: readonly number[]): boolean {
  const terms = check.ast.sides[sideIndex]?.terms ?? [];
  const picked = picks ?? terms.map((_, k) => k);
  return picked.length === 1 && terms[picked[0]]?.kind === 'modifier';
}

function sideFormula(check: AnalyzedCheck, ruleset: Ruleset, sideIndex: number, roll: RollSide, isContest: boolean, v: Voice, picks?: readonly number[]): string {
  const terms = termsText(check, sideIndex, v, picks);
  const pool = familyOf(ruleset).resolvePool(ruleset, roll, isContest ? 'contest' : 'check');
  switch (ruleset.family) {
    case 'pool-minus-difficulty': {
      const extras: string[] = [];
      if (roll.specialties > 0) extras.push(`+ ${v.w.specialty} ${v.number(roll.specialties * ruleset.params.specialtyDice)}`);
      // A contest subtracts only a difficulty written for it, from both sides (checkSides gives it to both).
      const difficulty = subtractedDifficulty(ruleset, roll, isContest ? 'contest' : 'check');
      if (difficulty > 0) extras.push(`− ${v.w.difficulty} ${v.number(difficulty)}`);
      const dice = pool === null ? v.w.unknownDice : v.count(pool, 'die');
      // «против 6»: a Storyteller character's pool is its dice already.
      return extras.length === 0 && isBareNumber(check, sideIndex, picks) ? dice : [terms, ...extras, '=', dice].join(' ');
    }
    case 'storytelling': {
      const extras: string[] = [];
      if (roll.specialties > 0) extras.push(`+ ${v.w.specialty} ${v.number(roll.specialties * ruleset.params.specialtyDice)}`);
      if (roll.willpower) extras.push(`+ ${v.w.storytellingWillpower} ${v.number(ruleset.params.willpowerDice)}`);
      const total = dicePool(ruleset, roll);
      const result = total === null ? v.w.unknownDice : total <= 0 ? `${v.number(total)} → ${v.w.chanceDie}` : v.count(total, 'die');
      return extras.length === 0 && total !== null && total > 0 && isBareNumber(check, sideIndex, picks) ? result : [terms, ...extras, '=', result].join(' ');
    }
    case 'classic': {
      const difficulty = roll.difficulty ?? ruleset.params.difficulty.default ?? 6;
      const byDefault = roll.difficulty === undefined ? ` (${v.w.byDefault})` : '';
      const written = pool === null ? v.w.unknownDice : pool <= 0 ? `${v.count(0, 'die')}: ${v.w.noRollPossible}` : v.count(pool, 'die');
      // `маневр N` (001 l.32): the dice the vehicle leaves, after the pool written.
      const cap = roll.maneuver;
      const result = pool !== null && cap !== undefined && pool > cap ? `${written} → ${v.count(cap, 'die')} (${v.w.maneuverName} ${v.number(cap)})` : written;
      const willpower = roll.willpower ? `, ${v.w.willpowerSuccess}` : '';
      return `${terms} = ${result}, ${v.w.difficulty} ${v.number(difficulty)}${byDefault}${willpower}`;
    }
    case 'd20': {
      const edge = d20Edge(ruleset, roll);
      const difficulty = roll.difficulty ?? ruleset.params.difficulty.default;
      const against = isContest || difficulty === undefined ? '' : `, ${v.w.difficulty} ${v.number(difficulty)}`;
      if (roll.isStatic) {
        const bonus = staticEdgeBonus(ruleset, roll);
        const value = pool === null ? '?' : v.number(staticValue(ruleset, roll, pool));
        return `${v.number(ruleset.params.staticBase)} + ${terms}${bonus === 0 ? '' : ` ${signedTerm(bonus, v)}`} = ${value}${against}`;
      }
      const die = edge === 0 ? v.w.d20 : `${v.number(1 + Math.abs(edge))}${v.w.d20} (${edge > 0 ? v.w.highest : v.w.lowest})`;
      return `${die} + ${terms} = ${v.w.d20} ${pool === null ? '+ ?' : signedTerm(pool, v)}${against}`;
    }
  }
}

/** The pool a side's roll resolves to, as the formula says it: «3 кости», «+4», «? костей». */
function poolWords(ruleset: Ruleset, roll: RollSide, isContest: boolean, v: Voice): string {
  const pool = familyOf(ruleset).resolvePool(ruleset, roll, isContest ? 'contest' : 'check');
  if (ruleset.family === 'd20') return pool === null ? '?' : v.signed(pool);
  return pool === null ? v.w.unknownDice : v.count(Math.max(0, pool), 'die');
}

/** «Помощь: Вера 3 кости, Гордей ? костей», «Помощь: 2 × 3 кости»: who helps, with what. */
function helpersFormula(check: AnalyzedCheck, sideIndex: number, ruleset: Ruleset, roll: RollSide, isContest: boolean, v: Voice): string | undefined {
  const helpers = roll.helpers ?? [];
  if (helpers.length === 0) return undefined;
  const names = check.sides[sideIndex]?.helpers;
  if (!names) return v.w.helpersCount(v.number(helpers.length), poolWords(ruleset, helpers[0], isContest, v));
  return v.w.helpersNamed(helpers.map((h, i) => `${names[i] ?? ''} ${poolWords(ruleset, h, isContest, v)}`.trim()).join(', '));
}

/**
 * The check as formulas: its side (after the character whose sheet gives the values), and a
 * contest's opponent on a line of its own («Противник: …»), so no name follows a preposition;
 * helpers on a line of their own. A check with alternatives shows the combination its odds head
 * with (`best`); initiative is 1d10 plus the pool's value.
 */
export function checkFormula(check: AnalyzedCheck, ruleset: Ruleset, v: Voice): string[] {
  const top = check.spec;
  if (!top) return [];
  const best = top.alternatives ? (check.odds?.best ?? 0) : 0;
  const spec = top.alternatives?.[best]?.spec ?? top;
  const opponentCount = check.sides[1]?.combinations?.length ?? 1;
  const picks = [check.sides[0]?.combinations?.[Math.floor(best / opponentCount)], check.sides[1]?.combinations?.[best % opponentCount]];
  const isContest = spec.opponent !== undefined;
  const actor = (formula: string) => (check.actor ? `${check.actor}: ${formula}` : formula);
  if (spec.initiative) {
    const rating = spec.side.base === null ? '?' : v.number(spec.side.base);
    return [actor(`${termsText(check, 0, v, picks[0])} = ${v.w.d10} + ${rating}`)];
  }
  const [written, theirs] = checkSides(ruleset, spec);
  // The second attempt's difficulty is the one the dice lose (the note says it is one higher than written).
  const mine = spec.secondAttempt && !theirs ? secondAttemptSide(ruleset, written) : written;
  const lines = [actor(sideFormula(check, ruleset, 0, mine, isContest, v, picks[0]))];
  const help = helpersFormula(check, 0, ruleset, mine, isContest, v);
  if (help) lines.push(help);
  if (theirs) {
    lines.push(v.w.opponent(sideFormula(check, ruleset, 1, theirs, true, v, picks[1])));
    const theirHelp = helpersFormula(check, 1, ruleset, theirs, true, v);
    if (theirHelp) lines.push(theirHelp);
  }
  return lines;
}
