/**
 * The one formatter of odds. Every output starts from the same view of a report (`oddsShapes`),
 * so the hover, the code lens, the inlay hint, the outline and the CLI say the same numbers in
 * the same words: «успех 76 %» is «успех 76 %» everywhere.
 */
import { isKnownPool, type OddsReport, type PoolOdds, type UnknownPoolReport } from '../engine/oddsReport';
import { barChart } from './charts';
import { type Figure, type OddsContext, type OddsView, shapeOf } from './oddsShapes';
import { poolText, rollsModifier, unknownPoolText } from './ruleset';
import type { Voice } from './voice';

export type { OddsContext, OddsView } from './oddsShapes';

export function oddsView(odds: PoolOdds, ctx: OddsContext): OddsView {
  return shapeOf(odds).view(odds, ctx);
}

/** The main chance of a report (`success` in `rollmark check --format json`), or null when the pool is unknown. */
export function reportChance(report: OddsReport): number | null {
  return isKnownPool(report) ? shapeOf(report).chance(report) : null;
}

/** «успех 76 %», «за 4 броска: 71 %», «нужно 10 успехов». */
export function figureText(figure: Figure, v: Voice): string {
  return figure.probability === undefined ? figure.label : `${figure.label} ${v.percent(figure.probability)}`;
}

/** The first thing to read: «успех 76 % · болезненный провал 11 %». */
export function headlineText(view: OddsView, v: Voice): string {
  return [view.main, ...view.also].map((figure) => figureText(figure, v)).join(' · ');
}

/** The rows as bars, then a d20 margin's spread: the block under a hover's headline and in `rollmark odds`. */
export function oddsChart(view: OddsView, v: Voice): string[] {
  return [...barChart(view.rows, v), ...(view.spread ? [view.spread] : [])];
}

export interface PoolTable {
  header: string[];
  rows: string[][];
}

/** When a value is unknown: the main chances for each pool size (d20: each total modifier). */
export function unknownPoolTable(report: UnknownPoolReport, ctx: OddsContext): PoolTable {
  const { ruleset, v } = ctx;
  const modifier = rollsModifier(ruleset.family);
  // Integer-like keys come first in a JS object whatever their order: "-2" would follow "12".
  const sizes = Object.entries(report.by_pool).sort((a, b) => Number(a[0]) - Number(b[0]));
  const first = sizes[0]?.[1];
  const columns = first ? shapeOf(first).columns(ctx, sizes.map(([, odds]) => odds)) : [];
  return {
    header: [modifier ? v.w.modifierHeader : v.w.poolHeader, ...columns.map((c) => c.header)],
    rows: sizes.map(([size, odds]) => [modifier ? v.signed(Number(size)) : v.number(Number(size)), ...columns.map((c) => c.cell(odds))]),
  };
}

/** A check in one line, as a code lens, an inlay hint, the outline and `rollmark check --checks` show it. */
export interface CheckLine {
  /** «пул 4», «модификатор +4», «пул неизвестен», «нельзя бросить». */
  pool: string;
  /** The main chance, when the pool is known. */
  chance?: { probability: number; text: string };
  /** The whole headline: «успех 76 % · болезненный провал 11 %». */
  headline?: string;
}

export function checkLine(odds: OddsReport | undefined, ctx: OddsContext): CheckLine {
  const { ruleset, v } = ctx;
  if (!odds) return { pool: v.w.cannotRoll };
  if (!isKnownPool(odds)) return { pool: unknownPoolText(ruleset, v) };
  const view = oddsView(odds, ctx);
  return {
    pool: poolText(ruleset, odds.pool, v),
    chance: { probability: view.main.probability, text: figureText(view.main, v) },
    headline: headlineText(view, v),
  };
}

/** The longest name a lens gives its check; a longer one is cut at a word and ends in «…». */
const LENS_NAME_MAX = 40;

/**
 * A check's short name for a lens on a line with several: its text without guillemets and, unless
 * `withParams`, without parameter groups: «Адриан: Сила + Атлетика» for «Адриан: Сила + Атлетика
 * (сложность 2)».
 */
export function checkName(text: string, withParams = false): string {
  const content = text.replace(/^«|»$/gu, '').replace(/\s+/gu, ' ').trim();
  const name = (withParams ? content : content.replace(/\s*\([^()]*\)/gu, '').trim()) || content;
  if (name.length <= LENS_NAME_MAX) return name;
  const cut = name.slice(0, LENS_NAME_MAX);
  const space = cut.lastIndexOf(' ');
  return `${(space > LENS_NAME_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s+−–:-]+$/u, '')}…`;
}

export interface LensOptions {
  /** The chance too (`rollmark.codeLens.show: rollWithOdds`); else the inlay hint shows it. */
  odds: boolean;
  /** The check's name, for a line with several checks: «🎲 Адриан: Сила + Атлетика». */
  name?: string;
}

/**
 * «🎲 Бросить», «🎲 Адриан: Сила + Атлетика»; with the odds «🎲 Бросить · успех 76 %». An
 * unknown pool is said either way: there is no inlay hint to say it.
 */
export function lensTitle(line: CheckLine, v: Voice, options: LensOptions): string {
  const head = options.name === undefined ? v.w.rollLens : v.w.rollNamed(options.name);
  if (!line.chance) return `${head} · ${line.pool}`;
  return options.odds ? `${head} · ${line.chance.text}` : head;
}

/** «пул 4 · успех 76 %»: the outline's detail and the CLI's line for a check. */
export function checkDetail(line: CheckLine): string {
  return line.chance ? `${line.pool} · ${line.chance.text}` : line.pool;
}
