/**
 * The report as Markdown: the same tables as the HTML (html.ts), without the charts. Every text
 * from a scenario or a ruleset (checks, names, headings, paths, titles) goes through
 * `escapeMarkdown`: whatever renders the file shows it as written, never as markup or HTML.
 */
import { markdownTable } from '../present/charts';
import { escapeMarkdown } from '../present/escape';
import type { Voice } from '../present/voice';
import { columnsOf, problemsText, whereText } from './html';
import type { RankedChance, ScenarioReport } from './model';

/** «[examples/vampire.md:20](examples/vampire.md)». */
export function whereLink(path: string, line: number, href: (path: string) => string | undefined): string {
  const target = href(path);
  const text = escapeMarkdown(whereText(path, line));
  // The path comes URL-encoded; parentheses too, or one would end the link.
  return target ? `[${text}](${target.replace(/[()]/g, (c) => (c === '(' ? '%28' : '%29'))})` : text;
}

function percent(chance: number | undefined, v: Voice): string {
  return chance === undefined ? '—' : v.percent(chance);
}

function ranked(title: string, list: readonly RankedChance[], href: (path: string) => string | undefined, v: Voice): string[] {
  const rows = list.map((r) => [escapeMarkdown(r.text), r.roller === null ? v.w.reportNoSheet : escapeMarkdown(r.roller), percent(r.chance, v), whereLink(r.path, r.line, href)]);
  return [`## ${title}`, '', ...markdownTable([v.w.reportCheck, v.w.reportWho, v.w.reportChance, v.w.reportWhere], rows).map((line, i) => (i === 1 ? '| :-- | :-- | --: | :-- |' : line)), ''];
}

export function reportMarkdown(report: ScenarioReport, href: (path: string) => string | undefined, v: Voice): string {
  const out = [`# ${v.w.reportTitle}`, '', v.w.reportSummary(v.count(report.files.length, 'file'), v.count(report.checks, 'check'), problemsText(report.problems, v))];
  if (report.characters.length > 0) out.push('', v.w.reportCharacters(report.characters.map(escapeMarkdown).join(', ')));
  out.push('');
  if (report.hardest.length > 0) out.push(...ranked(v.w.reportHardest, report.hardest, href, v), ...ranked(v.w.reportEasiest, report.easiest, href, v));
  for (const file of report.files) {
    out.push(`## ${escapeMarkdown(file.path)}`, '', [v.w.reportRuleset(escapeMarkdown(file.ruleset.title)), v.count(file.checks, 'check'), problemsText(file.problems, v)].join(' · '), '');
    const { rollers, party, headers } = columnsOf(file, v);
    const names = headers.map((h, i) => (rollers[i] ? escapeMarkdown(h) : h));
    for (const scene of file.scenes) {
      out.push(`### ${scene.title === null ? v.w.reportBeforeHeadings : escapeMarkdown(scene.title) || '\\#'}`, '');
      if (scene.checks.length === 0) {
        out.push(problemsText(scene.problems, v), '');
        continue;
      }
      const header = [v.w.reportCheck, ...names, v.w.reportProblems, v.w.reportWhere];
      const rows = scene.checks.map((row) => [
        escapeMarkdown(row.text),
        ...rollers.map((who) => percent(row.chances.find((c) => c.character === who)?.chance, v)),
        ...(party ? [percent(row.party?.any, v), percent(row.party?.all, v)] : []),
        row.problems === 0 ? '—' : v.number(row.problems),
        whereLink(row.path, row.line, href),
      ]);
      const align = header.map((_, i) => (i === 0 || i === header.length - 1 ? ':--' : '--:'));
      out.push(...markdownTable(header, rows).map((line, i) => (i === 1 ? `| ${align.join(' | ')} |` : line)), '');
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}
