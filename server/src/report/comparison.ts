/**
 * Parties side by side in the Markdown report (`rollmark report --format md --party A,B`): each
 * scene's chance of being reached per party, then the checks near-certain or near-impossible for
 * some parties only (report/paths.ts `contrasts`). Scenario text goes through `escapeMarkdown`.
 */
import { markdownTable } from '../present/charts';
import { escapeMarkdown } from '../present/escape';
import type { Voice } from '../present/voice';
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
