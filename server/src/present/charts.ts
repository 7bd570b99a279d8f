/**
 * Pictures of probabilities in plain text: bar charts, a sparkline, tables. One drawing for
 * every output, so a hover and `rollmark odds` show the same chart.
 */
import type { Voice } from './voice';

/** Cells of a full bar: 100 % fills this many. */
const BAR_CELLS = 16;
const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

/** A bar for a probability on an absolute scale (100 % = the full width), in eighths of a cell. */
export function bar(probability: number, cells = BAR_CELLS): string {
  const eighths = Math.round(Math.max(0, Math.min(1, probability)) * cells * 8);
  return '█'.repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8];
}

export interface ChartRow {
  label: string;
  probability: number;
  /** 1 for a part of the row above it, drawn indented. */
  depth?: 0 | 1;
}

/**
 * Labelled bars, one per line: «успех      76 % ████████████▏». Labels and percentages are
 * aligned; an indented row is a part of the one above.
 */
export function barChart(rows: readonly ChartRow[], v: Voice): string[] {
  const labels = rows.map((r) => `${'  '.repeat(r.depth ?? 0)}${r.label}`);
  const percents = rows.map((r) => v.percent(r.probability));
  const labelWidth = Math.max(0, ...labels.map((l) => l.length));
  const percentWidth = Math.max(0, ...percents.map((p) => p.length));
  return rows.map((r, i) => `${labels[i].padEnd(labelWidth)} ${percents[i].padStart(percentWidth)} ${bar(r.probability)}`.trimEnd());
}

const SPARKS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/** A distribution over consecutive integers on one line, its ends labelled: «−9 ▁▂▃▄▅▆▇█ +10». */
export function sparkline(distribution: Record<string, number>, v: Voice): string {
  const entries = Object.entries(distribution)
    .map(([key, p]) => [Number(key), p] as const)
    .sort((a, b) => a[0] - b[0]);
  if (entries.length === 0) return '';
  const max = Math.max(...entries.map(([, p]) => p));
  const first = entries[0][0];
  const last = entries[entries.length - 1][0];
  const byKey = new Map(entries);
  let line = '';
  for (let key = first; key <= last; key++) {
    const p = byKey.get(key) ?? 0;
    line += p <= 0 ? ' ' : SPARKS[Math.min(7, Math.floor((p / max) * 7.999))];
  }
  return `${v.signed(first)} ${line} ${v.signed(last)}`;
}

/**
 * A Markdown table: the first column of each group of `groupSize` columns left-aligned (a key),
 * the others right-aligned (numbers).
 */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[], groupSize = header.length): string[] {
  const align = header.map((_, i) => (i % groupSize === 0 ? ':--' : '--:'));
  return [header, align, ...rows].map((cells) => `| ${cells.join(' | ')} |`);
}

/** The same table for a terminal: columns padded, the first left-aligned and the others right-aligned. */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((cells) => (cells[i] ?? '').length)));
  return all.map((cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ').trimEnd());
}
