/**
 * The scenario report's content, before any format: per file and scene, every check with its
 * chance per character, the problems found, and the whole report's characters, hardest and
 * easiest checks. Plain data (`rollmark report --format json` prints it as it is), built from
 * analyses alone; the formats (html.ts, markdown.ts) and the charts (charts.ts) only read it.
 */
import { LineIndex } from '../analysis/markdown/lineIndex';
import { type AnalysisDiagnostic, type DocumentAnalysis, type Severity, sheetsOf } from '../analysis/types';
import { rulesetTitle } from '../present/ruleset';
import type { Voice } from '../present/voice';
import type { ChipBand } from '../protocol';
import { analysisSeverity, checkProblems, type RollerChance, rollerChances, type SeverityOf } from './checks';
import { checkChip } from './chips';

export type { RollerChance, SeverityOf } from './checks';

/** Problems by severity. */
export interface ProblemCounts {
  errors: number;
  warnings: number;
  infos: number;
  hints: number;
}

export interface CheckRow {
  /** 1-based, in reading order over the whole report (files in the order given). */
  index: number;
  /** The check as written, guillemets included. */
  text: string;
  /** The file, as the report names it. */
  path: string;
  /** 0-based, as LSP counts (UTF-16 characters). */
  line: number;
  character: number;
  /**
   * Who rolls it with which chance: the actor; each character of the party, best first; the check
   * itself (`character: null`) when its values are written in it. Empty when no chance is known
   * (an unknown pool without a party, an error, initiative).
   */
  chances: RollerChance[];
  /** A check the party rolls: at least one succeeds, and all do. */
  party?: { any: number; all: number };
  /** The check's odds in one line, as the outline says them (the chip's tooltip). */
  detail: string;
  /** The chip's badge («76 %», «51–76 %») and how hard it looks (chips.ts). */
  label: string;
  band: ChipBand;
  /** Problems whose range meets the check's. */
  problems: number;
  /** The worst of them. */
  severity?: Severity;
}

export interface SceneReport {
  /** The heading's text; null for the part of a file before its first heading. */
  title: string | null;
  /** The heading's 0-based line (0 for the part before the first heading). */
  line: number;
  checks: CheckRow[];
  problems: ProblemCounts;
}

export interface FileReport {
  path: string;
  ruleset: { id: string; title: string };
  /** The front matter's characters, in its order. */
  characters: string[];
  scenes: SceneReport[];
  problems: ProblemCounts;
  checks: number;
}

/** One chance of one check, for the hardest and easiest lists. */
export interface RankedChance {
  index: number;
  text: string;
  path: string;
  /** 0-based line and UTF-16 column of the check. */
  line: number;
  character: number;
  /** Who rolls it: a character, or null for a check whose values are written in it. */
  roller: string | null;
  chance: number;
}

export interface ScenarioReport {
  files: FileReport[];
  /** Every character of every file, in the order first met. */
  characters: string[];
  checks: number;
  problems: ProblemCounts;
  /** The lowest chances (check and roller), lowest first. */
  hardest: RankedChance[];
  /** The highest chances, highest first. */
  easiest: RankedChance[];
}

/** What a file's report is built from: its name in the report, its text (for lines) and its analysis. */
export interface ReportSource {
  path: string;
  text: string;
  analysis: DocumentAnalysis;
}

/** How many of the hardest and of the easiest are listed. */
export const RANKED = 5;

function noProblems(): ProblemCounts {
  return { errors: 0, warnings: 0, infos: 0, hints: 0 };
}

function count(into: ProblemCounts, severity: Severity): void {
  if (severity === 'error') into.errors++;
  else if (severity === 'warning') into.warnings++;
  else if (severity === 'info') into.infos++;
  else into.hints++;
}

function addCounts(into: ProblemCounts, from: ProblemCounts): void {
  into.errors += from.errors;
  into.warnings += from.warnings;
  into.infos += from.infos;
  into.hints += from.hints;
}

/**
 * Builds a file's report, its checks numbered from 1 (scenarioReport numbers them on across the
 * files). Problems count as the editor shows them (`severity`: `off` leaves one out).
 */
export function fileReport(source: ReportSource, v: Voice, severity: SeverityOf = analysisSeverity): FileReport {
  const { analysis, text, path } = source;
  const lines = new LineIndex(text);
  const shown = analysis.diagnostics.map((d) => ({ d, severity: severity(d) })).filter((x): x is { d: AnalysisDiagnostic; severity: Severity } => x.severity !== 'off');
  const headings = [...analysis.headings].sort((a, b) => a.range.start - b.range.start);
  // Section i runs from heading i − 1 (none for i = 0) to heading i.
  const sections: SceneReport[] = [{ title: null, line: 0, checks: [], problems: noProblems() }, ...headings.map((h) => ({ title: h.title, line: lines.positionAt(h.range.start).line, checks: [], problems: noProblems() }))];
  const sectionAt = (offset: number): SceneReport => {
    let low = 0;
    let high = headings.length;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (headings[mid - 1].range.start <= offset) low = mid;
      else high = mid - 1;
    }
    return sections[low];
  };
  const problems = noProblems();
  for (const { d, severity: s } of shown) {
    count(problems, s);
    count(sectionAt(d.range.start).problems, s);
  }
  let index = 1;
  const onChecks = checkProblems(analysis, severity);
  analysis.checks.forEach((check, i) => {
    const at = lines.positionAt(check.range.start);
    const { count: problemCount, worst } = onChecks[i];
    const chip = checkChip(check, analysis.ruleset, v, worst);
    sectionAt(check.range.start).checks.push({
      index: index++,
      text: check.text,
      path,
      line: at.line,
      character: at.character,
      chances: rollerChances(check),
      ...(check.party ? { party: { any: check.party.any, all: check.party.all } } : {}),
      detail: chip.title,
      label: chip.label,
      band: chip.band,
      problems: problemCount,
      ...(worst ? { severity: worst } : {}),
    });
  });
  return {
    path,
    ruleset: { id: analysis.ruleset.id, title: rulesetTitle(analysis.ruleset, v) },
    characters: sheetsOf(analysis).map((c) => c.name),
    scenes: sections.filter((s) => s.checks.length > 0 || s.problems.errors + s.problems.warnings + s.problems.infos + s.problems.hints > 0),
    problems,
    checks: analysis.checks.length,
  };
}

/** The files with their checks numbered on from one file to the next (a file's own report may be shared: copies). */
function numbered(files: readonly FileReport[]): FileReport[] {
  let index = 1;
  return files.map((file) => ({ ...file, scenes: file.scenes.map((scene) => ({ ...scene, checks: scene.checks.map((row) => ({ ...row, index: index++ })) })) }));
}

/**
 * Puts the files' reports together (in the order given): the checks numbered in reading order,
 * the characters met, the totals, and the hardest and easiest chances (ties in reading order).
 */
export function scenarioReport(reports: readonly FileReport[]): ScenarioReport {
  const files = numbered(reports);
  const characters: string[] = [];
  const seen = new Set<string>();
  const problems = noProblems();
  const ranked: RankedChance[] = [];
  let checks = 0;
  for (const file of files) {
    for (const name of file.characters) {
      if (!seen.has(name)) {
        seen.add(name);
        characters.push(name);
      }
    }
    addCounts(problems, file.problems);
    checks += file.checks;
    for (const scene of file.scenes) {
      for (const row of scene.checks) {
        for (const c of row.chances) ranked.push({ index: row.index, text: row.text, path: row.path, line: row.line, character: row.character, roller: c.character, chance: c.chance });
      }
    }
  }
  const byChance = (a: RankedChance, b: RankedChance) => a.chance - b.chance || a.index - b.index;
  // At most half each, and the easiest never one of the hardest (6 chances: 3 and 3), ties included.
  const listed = Math.min(RANKED, Math.floor(ranked.length / 2));
  const hardest = [...ranked].sort(byChance).slice(0, listed);
  const taken = new Set(hardest);
  const easiest = [...ranked]
    .sort((a, b) => b.chance - a.chance || a.index - b.index)
    .filter((r) => !taken.has(r))
    .slice(0, listed);
  return { files, characters, checks, problems, hardest, easiest };
}
