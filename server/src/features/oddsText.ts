/**
 * Words and small pictures for odds, shared by hover, code lens, inlay hints, outline and the
 * roll message. The numbers come from the engine and `analysis/oddsSummary`; this file only
 * phrases them for an editor.
 */
import { pluralRu } from '../analysis/checkExpression';
import { formatPercent, headlineProbability } from '../analysis/oddsSummary';
import type { AnalyzedCheck, Locale } from '../analysis/types';
import type { RollSide } from '../engine/checkSpec';
import { familyOf } from '../engine/odds';
import { isKnownPool, type PoolOdds } from '../engine/oddsReport';
import type { Ruleset, TraitCategory } from '../engine/ruleset';

export type Words = Record<Locale, string>;

export const CONTEST_WORDS: Record<'win' | 'tie' | 'lose', Words> = {
  win: { ru: 'победа', en: 'win' },
  tie: { ru: 'ничья', en: 'tie' },
  lose: { ru: 'поражение', en: 'loss' },
};

export const CATEGORY_WORDS: Record<TraitCategory, Words> = {
  attribute: { ru: 'атрибут', en: 'attribute' },
  ability: { ru: 'способность', en: 'ability' },
  rollable: { ru: 'бросаемая черта', en: 'rolled on its own' },
  power: { ru: 'сила (дисциплина)', en: 'power' },
  generic: { ru: 'общее название', en: 'generic term' },
  other: { ru: 'прочее', en: 'other' },
};

export function dice(n: number, locale: Locale): string {
  return locale === 'ru' ? `${n} ${pluralRu(n, 'кость', 'кости', 'костей')}` : `${n} ${n === 1 ? 'die' : 'dice'}`;
}

export function successesWord(n: number, locale: Locale): string {
  return locale === 'ru' ? `${n} ${pluralRu(n, 'успех', 'успеха', 'успехов')}` : `${n} ${n === 1 ? 'success' : 'successes'}`;
}

export function rollsWord(n: number, locale: Locale): string {
  return locale === 'ru' ? `${n} ${pluralRu(n, 'бросок', 'броска', 'бросков')}` : `${n} ${n === 1 ? 'roll' : 'rolls'}`;
}

/** A number as people read it: at most two decimals, a minus sign rather than a hyphen. */
export function formatNumber(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return rounded < 0 ? `−${-rounded}` : String(rounded);
}

function signed(value: number): string {
  return value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0';
}

/**
 * The one figure of a check with a known pool, and what it is the probability of:
 * «76% успех», «55% победа», «80% за 5 бросков». Undefined when the pool is unknown.
 */
export function headline(check: AnalyzedCheck, ruleset: Ruleset, locale: Locale): { probability: number; text: string } | undefined {
  if (!check.odds || !isKnownPool(check.odds)) return undefined;
  const odds = check.odds;
  const probability = headlineProbability(odds);
  let what: string;
  if (odds.contest) what = CONTEST_WORDS.win[locale];
  else if (odds.within && odds.within.length > 0) what = locale === 'ru' ? `за ${rollsWord(odds.within.length, locale)}` : `within ${rollsWord(odds.within.length, locale)}`;
  else what = ruleset.outcomes.success?.[locale] ?? (locale === 'ru' ? 'успех' : 'success');
  return { probability, text: `${formatPercent(probability)} ${what}` };
}

/** «пул 4 · 76% успех», «пул ?» — for the outline and other one-line places. */
export function poolSummary(check: AnalyzedCheck, ruleset: Ruleset, locale: Locale): string {
  const word = locale === 'ru' ? 'пул' : 'pool';
  if (!check.odds) return locale === 'ru' ? 'не бросается' : 'cannot be rolled';
  if (!isKnownPool(check.odds)) return `${word} ?`;
  const top = headline(check, ruleset, locale);
  return `${word} ${check.odds.pool}${top ? ` · ${top.text}` : ''}`;
}

/** The edge a d20 side rolls with, capped as the engine caps it. */
function d20Edge(ruleset: Ruleset, side: RollSide): number {
  if (ruleset.family !== 'd20') return 0;
  const cap = ruleset.params.maxEdge;
  return Math.min(cap, Math.max(0, side.advantages)) - Math.min(cap, Math.max(0, side.hindrances));
}

/** The written terms of one side with their values: «Сила 3 + Атлетика ? − 1». */
function termsText(check: AnalyzedCheck, sideIndex: number): string {
  const side = check.ast.sides[sideIndex];
  const resolved = check.sides[sideIndex]?.terms ?? [];
  let traitIndex = 0;
  const parts: string[] = [];
  for (const term of side?.terms ?? []) {
    let text: string;
    if (term.kind === 'trait') {
      const r = resolved[traitIndex++];
      const name = r?.trait?.name ?? term.name;
      text = `${name} ${r?.value ?? '?'}`;
    } else {
      text = Number.isFinite(term.value) ? String(term.value) : '?';
    }
    if (parts.length === 0) parts.push(term.sign < 0 ? `−${text}` : text);
    else parts.push(`${term.sign < 0 ? '−' : '+'} ${text}`);
  }
  return parts.join(' ');
}

/**
 * One side as a formula with values: «Сила 3 + Атлетика 3 − сложность 2 = 4 кости»,
 * «к20 + Доблесть 3 = к20 + 3, сложность 12». The pool is the engine's, so the formula
 * never disagrees with the odds.
 */
function sideFormula(check: AnalyzedCheck, ruleset: Ruleset, sideIndex: number, roll: RollSide, isContest: boolean, locale: Locale): string {
  const ru = locale === 'ru';
  const terms = termsText(check, sideIndex);
  const pool = familyOf(ruleset).resolvePool(ruleset, roll, isContest ? 'contest' : 'check');
  const known = pool !== null;
  switch (ruleset.family) {
    case 'pool-minus-difficulty': {
      const extras: string[] = [];
      if (roll.specialties > 0) extras.push(`+ ${ru ? 'специализация' : 'specialty'} ${roll.specialties * ruleset.params.specialtyDice}`);
      const difficulty = isContest ? 0 : (roll.difficulty ?? ruleset.params.difficulty.default ?? 0);
      if (difficulty > 0) extras.push(`− ${ru ? 'сложность' : 'difficulty'} ${difficulty}`);
      return [terms, ...extras, '=', known ? dice(pool, locale) : `? ${ru ? 'костей' : 'dice'}`].join(' ');
    }
    case 'storytelling': {
      const extras: string[] = [];
      if (roll.specialties > 0) extras.push(`+ ${ru ? 'специализация' : 'specialty'} ${roll.specialties * ruleset.params.specialtyDice}`);
      if (roll.willpower) extras.push(`+ ${ru ? 'Воля' : 'Willpower'} ${ruleset.params.willpowerDice}`);
      const total = roll.base === null ? null : roll.base + roll.specialties * ruleset.params.specialtyDice + (roll.willpower ? ruleset.params.willpowerDice : 0);
      const result = total === null ? `? ${ru ? 'костей' : 'dice'}` : total <= 0 ? `${formatNumber(total)} → ${ru ? 'бросок на удачу' : 'chance die'}` : dice(total, locale);
      return [terms, ...extras, '=', result].join(' ');
    }
    case 'classic': {
      const difficulty = roll.difficulty ?? ruleset.params.difficulty.default ?? 6;
      const byDefault = roll.difficulty === undefined ? (ru ? ' (по умолчанию)' : ' (default)') : '';
      const result = !known ? `? ${ru ? 'костей' : 'dice'}` : pool <= 0 ? (ru ? '0 костей: бросок невозможен' : '0 dice: no roll possible') : dice(pool, locale);
      const willpower = roll.willpower ? (ru ? ', + 1 автоматический успех (Сила воли)' : ', + 1 automatic success (Willpower)') : '';
      return `${terms} = ${result}, ${ru ? 'сложность' : 'difficulty'} ${difficulty}${byDefault}${willpower}`;
    }
    case 'd20': {
      const k = d20Edge(ruleset, roll);
      const modifierText = !known ? '+ ?' : pool < 0 ? `− ${-pool}` : `+ ${pool}`;
      const difficulty = roll.difficulty ?? ruleset.params.difficulty.default;
      const against = isContest || difficulty === undefined ? '' : `, ${ru ? 'сложность' : 'difficulty'} ${difficulty}`;
      if (roll.isStatic) {
        const bonus = k > 0 ? ruleset.params.staticEdgeBonus : k < 0 ? -ruleset.params.staticEdgeBonus : 0;
        const value = known ? String(ruleset.params.staticBase + pool + bonus) : '?';
        const bonusText = bonus > 0 ? ` + ${bonus}` : bonus < 0 ? ` − ${-bonus}` : '';
        return `${ruleset.params.staticBase} + ${terms}${bonusText} = ${value}${against}`;
      }
      const d = ru ? 'к20' : 'd20';
      const die = k === 0 ? d : `${1 + Math.abs(k)}${d} (${k > 0 ? (ru ? 'лучший' : 'highest') : ru ? 'худший' : 'lowest'})`;
      return `${die} + ${terms} = ${d} ${modifierText}${against}`;
    }
  }
}

/** The whole check as formulas, the sides of a contest joined by «против». */
export function checkFormula(check: AnalyzedCheck, ruleset: Ruleset, locale: Locale): string | undefined {
  const spec = check.spec;
  if (!spec) return undefined;
  const first = sideFormula(check, ruleset, 0, spec.side, spec.opponent !== undefined, locale);
  if (!spec.opponent) return first;
  return `${first} ${locale === 'ru' ? 'против' : 'versus'} ${sideFormula(check, ruleset, 1, spec.opponent, true, locale)}`;
}

/** A probability as a right-aligned percentage of fixed width, for charts in monospace. */
function padPercent(probability: number): string {
  return formatPercent(probability).padStart(7);
}

const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

/** A bar scaled so that the largest value fills `width` cells. */
function scaledBar(value: number, max: number, width: number): string {
  const eighths = max > 0 ? Math.round((value / max) * width * 8) : 0;
  return ('█'.repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8]).padEnd(width);
}

/** Labelled horizontal bars in a code block, e.g. successes 0, 1, 2… or rolls 1, 2, 3… */
export function barChart(rows: { label: string; probability: number }[], width = 16): string {
  if (rows.length === 0) return '';
  const max = Math.max(...rows.map((r) => r.probability));
  const labelWidth = Math.max(...rows.map((r) => r.label.length));
  const lines = rows.map((r) => `${r.label.padEnd(labelWidth)} │${scaledBar(r.probability, max, width)}${padPercent(r.probability)}`);
  return ['```text', ...lines, '```'].join('\n');
}

const SPARKS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/** A d20 margin distribution on one line: «−9 ▁▂▃▄▅▆▇█ +10». */
export function marginSparkline(margin: Record<string, number>): string {
  const entries = Object.entries(margin)
    .map(([m, p]) => [Number(m), p] as const)
    .sort((a, b) => a[0] - b[0]);
  if (entries.length === 0) return '';
  const max = Math.max(...entries.map(([, p]) => p));
  const first = entries[0][0];
  const last = entries[entries.length - 1][0];
  const byMargin = new Map(entries);
  let line = '';
  for (let m = first; m <= last; m++) {
    const p = byMargin.get(m) ?? 0;
    line += p <= 0 ? ' ' : SPARKS[Math.min(7, Math.floor((p / max) * 7.999))];
  }
  return `${signed(first)} ${line} ${signed(last)}`;
}

/** Expected margin (total − difficulty) of a d20 report. */
export function expectedMargin(odds: PoolOdds): number | undefined {
  if (!odds.margin) return undefined;
  return Object.entries(odds.margin).reduce((sum, [m, p]) => sum + Number(m) * p, 0);
}
