/**
 * The one formatter of odds. Every output starts from the same view of a report (`oddsShapes`),
 * so the hover, the code lens, the inlay hint, the outline and the CLI say the same numbers in
 * the same words: «успех 76 %» is «успех 76 %» everywhere.
 */
import { successChance } from '../analysis/resolve/party';
import { isKnownPool, type OddsReport, type PoolOdds, type UnknownPoolReport } from '../engine/oddsReport';
import { barChart } from './charts';
import { type Figure, type OddsContext, type OddsView, shapeOf } from './oddsShapes';
import { poolText, rollsModifier, unknownPoolText } from './ruleset';
import { capitalize, type Voice } from './voice';

export type { OddsContext, OddsView } from './oddsShapes';

export function oddsView(odds: PoolOdds, ctx: OddsContext): OddsView {
  return shapeOf(odds).view(odds, ctx);
}

/**
 * The context of a report's headline: for a check with alternatives, the best combination's spec
 * (its extended target, its specialty), since the top-level figures are that combination's.
 */
export function headlineContext(report: OddsReport, ctx: OddsContext): OddsContext {
  const best = report.best !== undefined ? ctx.spec?.alternatives?.[report.best] : undefined;
  return best ? { ...ctx, spec: best.spec } : ctx;
}

/** The main chance of a report (`success` in `rollmark check --format json`), or null when the pool is unknown. */
export function reportChance(report: OddsReport): number | null {
  return successChance(report) ?? null;
}

/** «успех 76 %», «за 4 броска: 71 %», «нужно 10 успехов». */
export function figureText(figure: Figure, v: Voice): string {
  return figure.probability === undefined ? figure.label : `${figure.label} ${v.percent(figure.probability)}`;
}

/** The main figure with its part: «победа 41 % (исключительная 3 %)». */
export function mainFigureText(view: OddsView, v: Voice): string {
  const main = figureText(view.main, v);
  return view.mainPart ? `${main} (${figureText(view.mainPart, v)})` : main;
}

/** The first thing to read: «успех 76 % · болезненный провал 11 %». */
export function headlineText(view: OddsView, v: Voice): string {
  return [mainFigureText(view, v), ...view.also.map((figure) => figureText(figure, v))].join(' · ');
}

/** The rows as bars, then a d20 margin's spread: the block under a hover's headline and in `rollmark odds`. */
export function oddsChart(view: OddsView, v: Voice): string[] {
  return [...barChart(view.rows, v), ...(view.spread ? [view.spread] : [])];
}

export interface PoolTable {
  header: string[];
  rows: string[][];
}

/** Whether a report is an initiative roll's (1d10 + a rating): its «pool» is the rating. */
export function isInitiative(report: OddsReport): boolean {
  if (isKnownPool(report)) return report.initiative !== undefined;
  return Object.values(report.by_pool)[0]?.initiative !== undefined;
}

/** When a value is unknown: the main chances for each pool size (d20: each total modifier; initiative: each rating). */
export function unknownPoolTable(report: UnknownPoolReport, ctx: OddsContext): PoolTable {
  const { ruleset, v } = ctx;
  const modifier = rollsModifier(ruleset.family);
  // Integer-like keys come first in a JS object whatever their order: "-2" would follow "12".
  const sizes = Object.entries(report.by_pool).sort((a, b) => Number(a[0]) - Number(b[0]));
  const first = sizes[0]?.[1];
  const columns = first ? shapeOf(first).columns(ctx, sizes.map(([, odds]) => odds)) : [];
  const size = isInitiative(report)
    ? v.w.ratingHeader
    : modifier
      ? v.w.modifierHeader
      : ruleset.family === 'pool-minus-difficulty'
        ? v.w.poolAfterDifficultyHeader
        : v.w.poolHeader;
  return {
    // Headers as a table's headers are: each with a capital, whatever its phrase in a sentence.
    header: [size, ...columns.map((c) => c.header)].map(capitalize),
    rows: sizes.map(([size, odds]) => [modifier ? v.signed(Number(size)) : v.number(Number(size)), ...columns.map((c) => c.cell(odds))]),
  };
}

/** A check in one line, as a code lens, an inlay hint, the outline and `rollmark check --checks` show it. */
export interface CheckLine {
  /** «пул 4», «модификатор +4», «инициатива 5», «пул неизвестен», «нельзя бросить». */
  pool: string;
  /**
   * The main figure, when the pool is known: a chance («успех 76 %», `probability` 0.76), or for
   * initiative the mean total («в среднем 10,5»); `short` is the inlay hint's «≈76 %», «≈10,5».
   */
  chance?: { probability?: number; text: string; short: string };
  /** The whole headline: «успех 76 % · болезненный провал 11 %». */
  headline?: string;
  /** A check with alternatives: the combination the figures are for (the best), «Ловкость 3 + Ремесло 2». */
  alternative?: string;
}

function withoutGuillemets(text: string): string {
  return text.replace(/^«|»$/gu, '');
}

function withoutParameterGroups(text: string): string {
  return text.replace(/\s*\([^()]*\)/gu, '').trim();
}

/** A combination's markup as a short label: without the «» and the parameter groups. */
export function alternativeLabel(check: string): string {
  return withoutParameterGroups(withoutGuillemets(check));
}

export function checkLine(odds: OddsReport | undefined, ctx: OddsContext): CheckLine {
  const { ruleset, v } = ctx;
  if (!odds) return { pool: v.w.cannotRoll };
  if (!isKnownPool(odds)) return { pool: unknownPoolText(ruleset, v, isInitiative(odds)) };
  const view = oddsView(odds, headlineContext(odds, ctx));
  const probability = view.main.probability;
  const best = odds.alternatives?.[odds.best ?? 0];
  return {
    pool: odds.initiative ? v.w.initiativeRating(v.number(odds.pool)) : poolText(ruleset, odds.pool, v),
    chance: { ...(probability !== undefined ? { probability } : {}), text: figureText(view.main, v), short: `≈${probability !== undefined ? v.percent(probability) : v.number(odds.expected)}` },
    headline: headlineText(view, v),
    ...(best ? { alternative: odds.chooser ? `${alternativeLabel(best.check)} (${v.w.opponentChoice})` : alternativeLabel(best.check) } : {}),
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
  const content = withoutGuillemets(text).replace(/\s+/gu, ' ').trim();
  const name = (withParams ? content : withoutParameterGroups(content)) || content;
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

/** «🎲 Бросить» or, for a line with several checks, «🎲 Адриан: Сила + Атлетика». */
export function lensHead(v: Voice, options: LensOptions): string {
  return options.name === undefined ? v.w.rollLens : v.w.rollNamed(options.name);
}

/**
 * «🎲 Бросить», «🎲 Адриан: Сила + Атлетика»; with the odds «🎲 Бросить · успех 84 % · Ловкость 3 +
 * Ремесло 2» (the best alternative named). An unknown pool is said either way: there is no inlay
 * hint to say it.
 */
export function lensTitle(line: CheckLine, v: Voice, options: LensOptions): string {
  const head = lensHead(v, options);
  if (!line.chance) return `${head} · ${line.pool}`;
  return options.odds ? [head, line.chance.text, ...(line.alternative ? [line.alternative] : [])].join(' · ') : head;
}

/** One row per combination of a check with alternatives: its label, its main figure, whether it is the one rolled. */
export interface AlternativeRow {
  label: string;
  figure: string;
  best: boolean;
  /** Set when the opponent picks among its alternatives (docs/markup.en.md, "Grouped alternatives"): `best` is that pick. */
  chooser?: 'opponent';
}

export function alternativeRows(report: OddsReport, ctx: OddsContext): AlternativeRow[] {
  const { v } = ctx;
  return (report.alternatives ?? []).map((alternative, i) => {
    const figure = alternative.pool === null ? unknownPoolText(ctx.ruleset, v) : figureText(oddsView(alternative, { ...ctx, spec: ctx.spec?.alternatives?.[i]?.spec }).main, v);
    return { label: alternativeLabel(alternative.check), figure, best: report.pool !== null && i === report.best, ...(report.chooser ? { chooser: report.chooser } : {}) };
  });
}

/** The rows as lines: «Ловкость 3 + Ремесло 2 — успех 84 % (лучший)», or «(выбор противника — …)». */
export function alternativeLines(rows: readonly AlternativeRow[], v: Voice): string[] {
  return rows.map((row) => `${row.label} — ${row.figure}${row.best ? ` (${row.chooser ? v.w.opponentChoice : v.w.bestAlternative})` : ''}`);
}

/** «пул 4 · успех 76 %»: the outline's detail and the CLI's line for a check. */
export function checkDetail(line: CheckLine): string {
  return [line.pool, ...(line.chance ? [line.chance.text] : []), ...(line.alternative && line.chance ? [line.alternative] : [])].join(' · ');
}
