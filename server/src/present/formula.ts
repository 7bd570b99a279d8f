/**
 * A check as the formula it rolls, with each term's value: «Сила 3 + Атлетика 3 − сложность 2 =
 * 4 кости». The pool is the engine's, so the formula never disagrees with the odds.
 */
import type { AnalyzedCheck } from '../analysis/types';
import type { RollSide } from '../engine/checkSpec';
import { familyOf } from '../engine/odds';
import type { Ruleset } from '../engine/ruleset';
import type { Voice } from './voice';

/** The edge a d20 side rolls with, capped as the engine caps it. */
function d20Edge(ruleset: Ruleset, side: RollSide): number {
  if (ruleset.family !== 'd20') return 0;
  const cap = ruleset.params.maxEdge;
  return Math.min(cap, Math.max(0, side.advantages)) - Math.min(cap, Math.max(0, side.hindrances));
}

/** «+ 2», «− 1»: a signed term inside a formula. */
function term(value: number, v: Voice): string {
  return value < 0 ? `− ${v.number(-value)}` : `+ ${v.number(value)}`;
}

/** The written terms of one side with their values: «Сила 3 + Атлетика ? − 1». */
function termsText(check: AnalyzedCheck, sideIndex: number, v: Voice): string {
  const side = check.ast.sides[sideIndex];
  const resolved = check.sides[sideIndex]?.terms ?? [];
  let traitIndex = 0;
  const parts: string[] = [];
  for (const t of side?.terms ?? []) {
    let text: string;
    if (t.kind === 'trait') {
      const r = resolved[traitIndex++];
      text = `${r?.trait?.name ?? t.name} ${r?.value === undefined ? '?' : v.number(r.value)}`;
    } else {
      text = Number.isFinite(t.value) ? v.number(t.value) : '?';
    }
    if (parts.length === 0) parts.push(t.sign < 0 ? `−${text}` : text);
    else parts.push(`${t.sign < 0 ? '−' : '+'} ${text}`);
  }
  return parts.join(' ');
}

function sideFormula(check: AnalyzedCheck, ruleset: Ruleset, sideIndex: number, roll: RollSide, isContest: boolean, v: Voice): string {
  const terms = termsText(check, sideIndex, v);
  const pool = familyOf(ruleset).resolvePool(ruleset, roll, isContest ? 'contest' : 'check');
  switch (ruleset.family) {
    case 'pool-minus-difficulty': {
      const extras: string[] = [];
      if (roll.specialties > 0) extras.push(`+ ${v.w.specialty} ${v.number(roll.specialties * ruleset.params.specialtyDice)}`);
      const difficulty = isContest ? 0 : (roll.difficulty ?? ruleset.params.difficulty.default ?? 0);
      if (difficulty > 0) extras.push(`− ${v.w.difficulty} ${v.number(difficulty)}`);
      return [terms, ...extras, '=', pool === null ? v.w.unknownDice : v.count(pool, 'die')].join(' ');
    }
    case 'storytelling': {
      const extras: string[] = [];
      if (roll.specialties > 0) extras.push(`+ ${v.w.specialty} ${v.number(roll.specialties * ruleset.params.specialtyDice)}`);
      if (roll.willpower) extras.push(`+ ${v.w.storytellingWillpower} ${v.number(ruleset.params.willpowerDice)}`);
      const total = roll.base === null ? null : roll.base + roll.specialties * ruleset.params.specialtyDice + (roll.willpower ? ruleset.params.willpowerDice : 0);
      const result = total === null ? v.w.unknownDice : total <= 0 ? `${v.number(total)} → ${v.w.chanceDie}` : v.count(total, 'die');
      return [terms, ...extras, '=', result].join(' ');
    }
    case 'classic': {
      const difficulty = roll.difficulty ?? ruleset.params.difficulty.default ?? 6;
      const byDefault = roll.difficulty === undefined ? ` (${v.w.byDefault})` : '';
      const result = pool === null ? v.w.unknownDice : pool <= 0 ? `${v.count(0, 'die')}: ${v.w.noRollPossible}` : v.count(pool, 'die');
      const willpower = roll.willpower ? `, ${v.w.willpowerSuccess}` : '';
      return `${terms} = ${result}, ${v.w.difficulty} ${v.number(difficulty)}${byDefault}${willpower}`;
    }
    case 'd20': {
      const edge = d20Edge(ruleset, roll);
      const difficulty = roll.difficulty ?? ruleset.params.difficulty.default;
      const against = isContest || difficulty === undefined ? '' : `, ${v.w.difficulty} ${v.number(difficulty)}`;
      if (roll.isStatic) {
        const bonus = edge > 0 ? ruleset.params.staticEdgeBonus : edge < 0 ? -ruleset.params.staticEdgeBonus : 0;
        const value = pool === null ? '?' : v.number(ruleset.params.staticBase + pool + bonus);
        return `${v.number(ruleset.params.staticBase)} + ${terms}${bonus === 0 ? '' : ` ${term(bonus, v)}`} = ${value}${against}`;
      }
      const die = edge === 0 ? v.w.d20 : `${v.number(1 + Math.abs(edge))}${v.w.d20} (${edge > 0 ? v.w.highest : v.w.lowest})`;
      return `${die} + ${terms} = ${v.w.d20} ${pool === null ? '+ ?' : term(pool, v)}${against}`;
    }
  }
}

/**
 * The check as formulas: its side (after the character whose sheet gives the values), and a
 * contest's opponent on a line of its own («Противник: …»), so no name follows a preposition.
 */
export function checkFormula(check: AnalyzedCheck, ruleset: Ruleset, v: Voice): string[] {
  const spec = check.spec;
  if (!spec) return [];
  const formula = sideFormula(check, ruleset, 0, spec.side, spec.opponent !== undefined, v);
  const first = check.actor ? `${check.actor}: ${formula}` : formula;
  if (!spec.opponent) return [first];
  return [first, v.w.opponent(sideFormula(check, ruleset, 1, spec.opponent, true, v))];
}
