/**
 * The report as HTML: a summary, the difficulty curve and the histogram (inline SVG from
 * charts.ts), the hardest and easiest checks, then each file's scenes with every check as a chip
 * and its chance per character. Readable with no script: the standalone file links each row to
 * its file, the webview's rows carry where the check is (`data-uri`, `data-line`,
 * `data-character`) for the client's script to reveal it.
 */
import { showControls } from '../present/escape';
import type { Voice } from '../present/voice';
import type { ReportCharts } from './charts';
import { bandOf, chipHtml, escapeHtml } from './chips';
import type { CheckRow, FileReport, ProblemCounts, RankedChance, ScenarioReport, SceneReport } from './model';
import { STANDALONE_CSS } from './styles';

export interface HtmlTarget {
  /** The link of a row in the standalone file (a path relative to it); undefined: no link. */
  href?(path: string): string | undefined;
  /** The webview: each row says which document and position it is (`data-uri`). */
  uriOf?(path: string): string | undefined;
}

/**
 * A cell's column header, repeated on it: where the panel is narrow the rows become cards and each
 * cell shows its header before its value (styles.ts); the check's own cell, the card's title, has none.
 */
function label(header: string): string {
  return ` data-label="${escapeHtml(header)}"`;
}

export function percentCell(chance: number | undefined, header: string, v: Voice): string {
  if (chance === undefined) return `<td class="rm-num rm-muted"${label(header)}>—</td>`;
  return `<td class="rm-num rm-band--${bandOf(chance)}"${label(header)}>${escapeHtml(v.percent(chance))}</td>`;
}

/** «2 предупреждения, 1 сведение», the kinds there are only; «без проблем». */
export function problemsText(counts: ProblemCounts, v: Voice): string {
  const parts = [
    counts.errors > 0 ? v.count(counts.errors, 'error') : '',
    counts.warnings > 0 ? v.count(counts.warnings, 'warning') : '',
    counts.infos > 0 ? v.count(counts.infos, 'info') : '',
    counts.hints > 0 ? v.count(counts.hints, 'hint') : '',
  ].filter((p) => p !== '');
  return parts.length > 0 ? parts.join(', ') : v.w.reportNoProblems;
}

function hasProblems(counts: ProblemCounts): boolean {
  return counts.errors + counts.warnings + counts.infos + counts.hints > 0;
}

/** «vampire.md:20». */
export function whereText(path: string, line: number): string {
  return `${path}:${line + 1}`;
}

export function whereCell(row: { path: string; line: number }, target: HtmlTarget, v: Voice): string {
  const text = escapeHtml(whereText(row.path, row.line));
  const href = target.href?.(row.path);
  const link = href ? `<a href="${escapeHtml(href)}" title="${escapeHtml(v.w.reportOpen(row.path))}">${text}</a>` : text;
  return `<td class="rm-where"${label(v.w.reportWhere)}>${link}</td>`;
}

/** A row's attributes in the webview: where its check is. */
function rowAttributes(row: { path: string; line: number; character?: number }, target: HtmlTarget): string {
  const uri = target.uriOf?.(row.path);
  if (!uri) return '';
  return ` data-uri="${escapeHtml(uri)}" data-line="${row.line}" data-character="${row.character ?? 0}"`;
}

function problemsCell(row: CheckRow, v: Voice): string {
  if (row.problems === 0) return `<td class="rm-num rm-muted"${label(v.w.reportProblems)}>—</td>`;
  return `<td class="rm-num rm-problems--${row.severity ?? 'hint'}"${label(v.w.reportProblems)}>${escapeHtml(v.number(row.problems))}</td>`;
}

export interface Columns {
  rollers: (string | null)[];
  party: boolean;
  headers: string[];
}

/** The columns of a file's tables: its characters, «без листа» when a check has none, the party's when it rolls one. */
export function columnsOf(file: FileReport, v: Voice): Columns {
  const rows = file.scenes.flatMap((s) => s.checks);
  const rollers: (string | null)[] = file.characters.filter((c) => rows.some((r) => r.chances.some((x) => x.character === c)));
  for (const row of rows) for (const c of row.chances) if (c.character !== null && !rollers.includes(c.character)) rollers.push(c.character);
  if (rows.some((r) => r.chances.some((c) => c.character === null))) rollers.push(null);
  const party = rows.some((r) => r.party);
  const headers = [...rollers.map((r) => r ?? v.w.reportNoSheet), ...(party ? [v.w.reportAnyone, v.w.reportEveryone] : [])];
  return { rollers, party, headers };
}

function sceneHtml(file: FileReport, { rollers, party, headers }: Columns, scene: SceneReport, target: HtmlTarget, v: Voice): string {
  const meta = [v.count(scene.checks.length, 'check'), ...(hasProblems(scene.problems) ? [problemsText(scene.problems, v)] : [])].join(' · ');
  const title = scene.title ?? v.w.reportBeforeHeadings;
  const heading = `<h3${rowAttributes({ path: file.path, line: scene.line }, target)}>${escapeHtml(title || '#')}<span class="rm-meta">${escapeHtml(meta)}</span></h3>`;
  if (scene.checks.length === 0) return heading;
  const head = [`<th>${escapeHtml(v.w.reportCheck)}</th>`, ...headers.map((h) => `<th class="rm-num">${escapeHtml(h)}</th>`), `<th class="rm-num">${escapeHtml(v.w.reportProblems)}</th>`, `<th>${escapeHtml(v.w.reportWhere)}</th>`];
  const body = scene.checks.map((row) => {
    const cells = [
      `<td>${chipHtml({ text: row.text, label: row.label, title: row.detail, band: row.band, ...(row.severity ? { severity: row.severity } : {}) })}</td>`,
      ...rollers.map((who, i) => percentCell(row.chances.find((c) => c.character === who)?.chance, headers[i], v)),
      ...(party ? [percentCell(row.party?.any, v.w.reportAnyone, v), percentCell(row.party?.all, v.w.reportEveryone, v)] : []),
      problemsCell(row, v),
      whereCell(row, target, v),
    ];
    return `<tr${rowAttributes(row, target)}>${cells.join('')}</tr>`;
  });
  return `${heading}\n<div class="rm-table"><table><thead><tr>${head.join('')}</tr></thead><tbody>\n${body.join('\n')}\n</tbody></table></div>`;
}

function fileHtml(file: FileReport, target: HtmlTarget, v: Voice): string {
  const meta = [v.w.reportRuleset(file.ruleset.title), v.count(file.checks, 'check'), problemsText(file.problems, v)].join(' · ');
  const columns = columnsOf(file, v);
  const scenes = file.scenes.length > 0 ? file.scenes.map((s) => sceneHtml(file, columns, s, target, v)).join('\n') : `<p class="rm-muted">${escapeHtml(v.w.reportNoChecks)}</p>`;
  return `<section class="rm-file">\n<h2${rowAttributes({ path: file.path, line: 0 }, target)}>${escapeHtml(file.path)}<span class="rm-meta">${escapeHtml(meta)}</span></h2>\n${scenes}\n</section>`;
}

function rankedHtml(title: string, list: readonly RankedChance[], target: HtmlTarget, v: Voice): string {
  const rows = list.map(
    (r) =>
      `<tr${rowAttributes(r, target)}><td>${escapeHtml(r.text)}</td><td${label(v.w.reportWho)}>${escapeHtml(r.roller ?? v.w.reportNoSheet)}</td>${percentCell(r.chance, v.w.reportChance, v)}${whereCell(r, target, v)}</tr>`,
  );
  const head = `<tr><th>${escapeHtml(v.w.reportCheck)}</th><th>${escapeHtml(v.w.reportWho)}</th><th class="rm-num">${escapeHtml(v.w.reportChance)}</th><th>${escapeHtml(v.w.reportWhere)}</th></tr>`;
  return `<div><h3>${escapeHtml(title)}</h3><div class="rm-table"><table><thead>${head}</thead><tbody>\n${rows.join('\n')}\n</tbody></table></div></div>`;
}

/**
 * The report's markup, without the page around it. Each text in it is escaped (`escapeHtml`); the
 * controls that would reorder what is shown (a U+202E in a name) are made visible over the whole,
 * charts included.
 */
export function reportBody(report: ScenarioReport, charts: ReportCharts | undefined, target: HtmlTarget, v: Voice, paths = ''): string {
  const summary = v.w.reportSummary(v.count(report.files.length, 'file'), v.count(report.checks, 'check'), problemsText(report.problems, v));
  const parts = [`<header>\n<h1>${escapeHtml(v.w.reportTitle)}</h1>\n<p class="rm-muted">${escapeHtml(summary)}</p>`];
  if (report.characters.length > 0) parts.push(`<p class="rm-muted">${escapeHtml(v.w.reportCharacters(report.characters.join(', ')))}</p>`);
  parts.push('</header>');
  if (charts) {
    parts.push(`<figure class="rm-curve"><figcaption>${escapeHtml(v.w.reportCurveTitle)}</figcaption>\n${charts.curve}\n</figure>`);
    parts.push(`<figure class="rm-histogram"><figcaption>${escapeHtml(v.w.reportHistogramTitle)}</figcaption>\n${charts.histogram}\n</figure>`);
    parts.push(`<section class="rm-ranked">\n${rankedHtml(v.w.reportHardest, report.hardest, target, v)}\n${rankedHtml(v.w.reportEasiest, report.easiest, target, v)}\n</section>`);
  } else if (report.checks > 0) {
    parts.push(`<p class="rm-muted">${escapeHtml(v.w.reportNoChances)}</p>`);
  }
  // The map of scenes and the parties side by side (sceneGraph.ts `pathsHtml`): after the whole, before the files.
  if (paths) parts.push(paths);
  for (const file of report.files) parts.push(fileHtml(file, target, v));
  return showControls(`<main class="rm-report">\n${parts.join('\n')}\n</main>`);
}

/** The standalone file: one page, its styles inline, no script and no remote resource. */
export function reportPage(report: ScenarioReport, charts: ReportCharts | undefined, target: HtmlTarget, v: Voice, paths = ''): string {
  return [
    '<!doctype html>',
    `<html lang="${v.locale}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(v.w.reportTitle)}</title>`,
    `<style>${STANDALONE_CSS}</style>`,
    '</head>',
    '<body>',
    reportBody(report, charts, target, v, paths),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
