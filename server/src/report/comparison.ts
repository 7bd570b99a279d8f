/**
 * Parties side by side in the report (`rollmark report --party A,B`, HTML and Markdown): each
 * scene's chance of being reached per party, then the checks near-certain or near-impossible for
 * some parties only (report/paths.ts `contrasts`). Scenario text goes through `escapeHtml` or
 * `escapeMarkdown`.
 */
import { markdownTable } from '../present/charts';
import { escapeMarkdown } from '../present/escape';
import type { Voice } from '../present/voice';
import { escapeHtml } from '../protocol';
import { type HtmlTarget, percentCell, whereCell } from './html';
import { whereLink } from './markdown';
import type { ReportPaths } from './paths';

function percent(chance: number | null | undefined, v: Voice): string {
  return chance === null || chance === undefined ? '—' : v.percent(chance);
}

/** The section's lines; none with fewer than two parties. */
export function comparisonMarkdown(paths: ReportPaths, href: (path: string) => string | undefined, v: Voice): string[] {
  if (paths.parties.length < 2) return [];
  const names = paths.parties.map(escapeMarkdown);
  const right = (columns: number, left: number) => `| ${Array.from({ length: columns }, (_, i) => (i < left || i === columns - 1 ? ':--' : '--:')).join(' | ')} |`;
  const out = [`## ${v.w.reportPartiesTitle}`, ''];
  if (paths.scenes.length > 0) {
    const rows = paths.scenes.map((s) => [escapeMarkdown(s.title), ...paths.parties.map((p) => percent(s.reach[p], v)), whereLink(s.path, s.line, href)]);
    out.push(...markdownTable([v.w.reportScene, ...names, v.w.reportWhere], rows).map((line, i) => (i === 1 ? right(names.length + 2, 1) : line)), '');
  }
  const contrasts = paths.contrasts ?? [];
  if (contrasts.length > 0) {
    out.push(`### ${v.w.reportContrastsTitle}`, '');
    const rows = contrasts.map((c) => [escapeMarkdown(c.check), ...paths.parties.map((p) => percent(c.chance[p], v)), whereLink(c.path, c.line, href)]);
    out.push(...markdownTable([v.w.reportCheck, ...names, v.w.reportWhere], rows).map((line, i) => (i === 1 ? right(names.length + 2, 1) : line)), '');
  }
  return out;
}

/** The same as HTML: a section of the page; '' with fewer than two parties. */
export function comparisonHtml(paths: ReportPaths, target: HtmlTarget, v: Voice): string {
  if (paths.parties.length < 2) return '';
  const names = paths.parties.map((p) => `<th class="rm-num">${escapeHtml(p)}</th>`).join('');
  const table = (first: string, rows: string[]) =>
    `<div class="rm-table"><table><thead><tr><th>${escapeHtml(first)}</th>${names}<th>${escapeHtml(v.w.reportWhere)}</th></tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table></div>`;
  const cells = (chances: Record<string, number | null>) => paths.parties.map((p) => percentCell(chances[p] ?? undefined, p, v)).join('');
  const parts = [`<section class="rm-parties">`, `<h2>${escapeHtml(v.w.reportPartiesTitle)}</h2>`];
  if (paths.scenes.length > 0) parts.push(table(v.w.reportScene, paths.scenes.map((s) => `<tr><td>${escapeHtml(s.title)}</td>${cells(s.reach)}${whereCell(s, target, v)}</tr>`)));
  const contrasts = paths.contrasts ?? [];
  if (contrasts.length > 0) {
    parts.push(`<h3>${escapeHtml(v.w.reportContrastsTitle)}</h3>`);
    parts.push(table(v.w.reportCheck, contrasts.map((c) => `<tr><td>${escapeHtml(c.check)}</td>${cells(c.chance)}${whereCell(c, target, v)}</tr>`)));
  }
  parts.push('</section>');
  return parts.join('\n');
}
