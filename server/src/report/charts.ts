/**
 * The report's charts as SVG, drawn by Vega-Lite (compiled to Vega and rendered headlessly:
 * `view.toSVG()` needs no DOM and no canvas). The specs say what to draw; the library does every
 * scale, axis, legend and mark. Colours are CSS variables (`--rm-…`), so one SVG follows the page
 * it sits in: the standalone report's light or dark scheme, or VS Code's theme in the webview.
 *
 * Vega is loaded on first use only: the language server starts without it.
 */
import type { TopLevelSpec } from 'vega-lite';
import { formatPercent } from '../present/numbers';
import type { Voice } from '../present/voice';
import type { ScenarioReport } from './model';

export interface ReportCharts {
  /** Each roller's chance of success, check by check in reading order, joined only across the checks he rolls. */
  curve: string;
  /** How many chances fall in each tenth, stacked by roller. */
  histogram: string;
}

/** Series colours, cycled: the page defines them (html.ts). */
export const SERIES_COLOURS = 8;
const PALETTE = Array.from({ length: SERIES_COLOURS }, (_, i) => `var(--rm-series-${i})`);

const WIDTH = 640;
const HEIGHT = 220;
/** Above this many points a line is drawn without its point marks, which would only blot it. */
const MAX_MARKED_POINTS = 120;

/** Percent ticks in the locale's own writing (present/numbers.ts), as a Vega expression. */
function percentAxis(v: Voice): { values: number[]; labelExpr: string } {
  const values = [0, 0.2, 0.4, 0.6, 0.8, 1];
  const labels = values.map((p) => `abs(datum.value - ${p}) < 1e-9 ? ${JSON.stringify(formatPercent(p, v.locale))}`);
  return { values, labelExpr: `${labels.join(' : ')} : ''` };
}

/** d3-format's separators for the locale: the axes print integers or label themselves, but each mark's aria-label (what a screen reader says: «шанс успеха: 0,75») is formatted with these. */
function numberLocale(v: Voice): { decimal: string; thousands: string; grouping: number[]; currency: [string, string] } {
  return v.locale === 'ru' ? { decimal: ',', thousands: '\u00a0', grouping: [3], currency: ['', ' ₽'] } : { decimal: '.', thousands: ',', grouping: [3], currency: ['$', ''] };
}

/** Colours, fonts and lines from the page's CSS variables; no background of its own. */
const CONFIG: TopLevelSpec['config'] = {
  background: 'transparent',
  font: 'var(--rm-font)',
  view: { stroke: 'transparent' },
  axis: { labelColor: 'var(--rm-muted)', titleColor: 'var(--rm-fg)', gridColor: 'var(--rm-grid)', domainColor: 'var(--rm-grid)', tickColor: 'var(--rm-grid)', labelFontSize: 11, titleFontSize: 11, titleFontWeight: 'normal' },
  legend: { labelColor: 'var(--rm-fg)', titleColor: 'var(--rm-fg)', labelFontSize: 11, titleFontSize: 11, orient: 'bottom', direction: 'horizontal', title: null },
};

interface Point {
  n: number;
  who: string;
  p: number;
}

/**
 * A point of a roller's curve: `run` numbers the roller's stretches of consecutive checks, for a
 * line joins only these (a check the roller does not roll is a gap, not a slope between his
 * neighbours); `alone`: a stretch of one check, which no line can show, only a dot.
 */
export interface CurvePoint extends Point {
  run: number;
  alone: boolean;
}

function points(report: ScenarioReport, v: Voice): Point[] {
  const list: Point[] = [];
  for (const file of report.files) {
    for (const scene of file.scenes) {
      for (const row of scene.checks) for (const c of row.chances) list.push({ n: row.index, who: c.character ?? v.w.reportNoSheet, p: c.chance });
    }
  }
  return list;
}

/** The points in stretches of consecutive checks per roller (`points` lists them in check order). */
export function curvePoints(data: readonly Point[]): CurvePoint[] {
  const last = new Map<string, { n: number; run: number }>();
  let runs = 0;
  const withRuns = data.map((d) => {
    const before = last.get(d.who);
    const run = before && before.n === d.n - 1 ? before.run : runs++;
    last.set(d.who, { n: d.n, run });
    return { ...d, run };
  });
  const size = new Map<number, number>();
  for (const d of withRuns) size.set(d.run, (size.get(d.run) ?? 0) + 1);
  return withRuns.map((d) => ({ ...d, alone: size.get(d.run) === 1 }));
}

/** The rollers in the order the legend lists them: the report's characters, then checks without one. */
function rollers(report: ScenarioReport, data: readonly Point[], v: Voice): string[] {
  const present = new Set(data.map((d) => d.who));
  const names = report.characters.filter((c) => present.has(c));
  if (present.has(v.w.reportNoSheet)) names.push(v.w.reportNoSheet);
  return names;
}

function curveSpec(data: CurvePoint[], domain: string[], v: Voice): TopLevelSpec {
  const axis = percentAxis(v);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    description: v.w.reportCurveTitle,
    width: WIDTH,
    height: HEIGHT,
    data: { values: data },
    encoding: {
      x: { field: 'n', type: 'quantitative', title: v.w.reportCurveX, scale: { nice: false, zero: false }, axis: { format: 'd', tickMinStep: 1, grid: false } },
      y: { field: 'p', type: 'quantitative', title: v.w.reportChanceAxis, scale: { domain: [0, 1] }, axis: { ...axis, grid: true } },
      color: { field: 'who', type: 'nominal', scale: { domain, range: PALETTE } },
    },
    layer: [
      // A line per stretch, which a screen reader names by its roller (not by the stretch's number).
      {
        transform: [{ filter: '!datum.alone' }],
        mark: { type: 'line', strokeWidth: 1.5, interpolate: 'linear' },
        encoding: { detail: { field: 'run', type: 'nominal' }, description: { field: 'who', type: 'nominal' } },
      },
      // Every point while they are few; past that, only the lone ones, which would not show at all.
      { ...(data.length > MAX_MARKED_POINTS ? { transform: [{ filter: 'datum.alone' }] } : {}), mark: { type: 'point', filled: true, size: 24 } },
    ],
  };
}

function histogramSpec(data: Point[], domain: string[], v: Voice): TopLevelSpec {
  const axis = percentAxis(v);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    description: v.w.reportHistogramTitle,
    width: WIDTH,
    height: HEIGHT * 0.7,
    data: { values: data },
    mark: { type: 'bar', binSpacing: 2 },
    encoding: {
      x: { field: 'p', type: 'quantitative', bin: { extent: [0, 1], step: 0.1 }, title: v.w.reportChanceAxis, axis },
      y: { aggregate: 'count', type: 'quantitative', title: v.w.reportCountAxis, axis: { format: 'd', tickMinStep: 1 } },
      color: { field: 'who', type: 'nominal', scale: { domain, range: PALETTE } },
    },
  };
}

/** The SVG of a spec; numbers in its aria-labels with the locale's separators. `config`: another page's colours (the luck audit's). */
export async function toSvg(spec: TopLevelSpec, v: Voice, config: TopLevelSpec['config'] = CONFIG): Promise<string> {
  const { compile, parse, View } = await (await import('./vega.js')).loadVega();
  const view = new View(parse(compile({ ...spec, config: { ...config, locale: { number: numberLocale(v) } } }).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** Both charts, or undefined when no check has a known chance. */
export async function reportCharts(report: ScenarioReport, v: Voice): Promise<ReportCharts | undefined> {
  const data = points(report, v);
  if (data.length === 0) return undefined;
  const domain = rollers(report, data, v);
  const [curve, histogram] = await Promise.all([toSvg(curveSpec(curvePoints(data), domain, v), v), toSvg(histogramSpec(data, domain, v), v)]);
  return { curve, histogram };
}
