/**
 * `rollmark/report`: the scenario report (report/) of a document or of its workspace folder, for
 * the editor's webview, with the map of scenes and, when the project has two parties or more, all
 * of them side by side (as `rollmark report --party A,B`). Each document's part is kept while its
 * text (an open document's version, a file's time and size) and the settings stay the same, so
 * following edits costs the edited document alone.
 */
import { SCENARIO_PARTY } from '../analysis/paths/parties';
import type { DocumentAnalysis } from '../analysis/types';
import type { Locale } from '../present/locale';
import { voice } from '../present/voice';
import type { ReportResult } from '../protocol';
import { reportCharts } from '../report/charts';
import type { SeverityOf } from '../report/checks';
import { reportBody } from '../report/html';
import { type FileReport, fileReport, type ReportSource, scenarioReport } from '../report/model';
import { joinPaths, type SourcePaths, sourcePaths } from '../report/paths';
import { pathsHtml } from '../report/sceneGraph';
import { WEBVIEW_CSS } from '../report/styles';

/** One document a report covers, read when its part is not kept already. */
export interface ReportDocument {
  uri: string;
  /** How the report names it: the path in its folder. */
  path: string;
  /** Equal keys, equal texts: an open document's version, a file's time and size. */
  key: string;
  /** Its text and analysis; undefined when it is not a scenario or cannot be read (left out). */
  load(): Promise<ReportSource | undefined>;
}

/** The project's parties a report puts side by side. */
export interface ReportParties {
  /** In the party file's order; with fewer than two, each document's own analysis alone. */
  names: string[];
  /** A document's analysis with the party of that index. */
  analyze(source: ReportSource, party: number): DocumentAnalysis;
}

interface Part {
  key: string;
  file: FileReport | undefined;
  paths?: SourcePaths;
  /** The parties `paths` is by. */
  parties: string[];
}

/** The parties a document's paths are by: the project's, else the one its analysis was made with. */
function partiesOf(source: ReportSource, parties: ReportParties): string[] {
  return parties.names.length > 1 ? parties.names : [source.analysis.party?.name ?? SCENARIO_PARTY];
}

/** Documents' parts of reports, by URI, each kept until its key changes. */
export class ReportParts {
  private readonly parts = new Map<string, Part>();

  constructor(private readonly locale: Locale) {}

  /** Settings or project files changed: every part is stale. */
  clear(): void {
    this.parts.clear();
  }

  /** Each document's part, in the order given; documents that are no scenario are left out. */
  async filesOf(documents: readonly ReportDocument[], severity: SeverityOf, parties: ReportParties = { names: [], analyze: (s) => s.analysis }): Promise<{ files: FileReport[]; paths: SourcePaths[]; parties: string[] }> {
    const v = voice(this.locale);
    const files: FileReport[] = [];
    const paths: SourcePaths[] = [];
    let names: string[] | undefined;
    for (const document of documents) {
      let kept = this.parts.get(document.uri);
      // The parties change only with the settings or the project files, which clear every part (session.ts).
      if (!kept || kept.key !== document.key) {
        const source = await document.load();
        const own = source ? partiesOf(source, parties) : [];
        kept = {
          key: document.key,
          file: source ? fileReport(source, v, severity) : undefined,
          parties: own,
          ...(source ? { paths: sourcePaths(source, own, parties.names.length > 1 ? own.map((_, p) => parties.analyze(source, p)) : [source.analysis]) } : {}),
        };
        this.parts.set(document.uri, kept);
      }
      if (kept.file) files.push(kept.file);
      if (kept.paths) {
        paths.push(kept.paths);
        names ??= kept.parties;
      }
    }
    return { files, paths, parties: names ?? [] };
  }
}

/** The report of these documents for a webview: VS Code's theme, rows that say where their check is. */
export async function provideReport(documents: readonly ReportDocument[], parts: ReportParts, severity: SeverityOf, locale: Locale, parties?: ReportParties): Promise<ReportResult> {
  const v = voice(locale);
  const { files, paths, parties: names } = await parts.filesOf(documents, severity, parties);
  const report = scenarioReport(files);
  const uris = new Map(documents.map((d) => [d.path, d.uri]));
  const target = { uriOf: (path: string) => uris.get(path) };
  // The campaign's chances are worked out only when something shows them: a map (a way that branches) or two parties.
  const shown = names.length > 1 || paths.some((p) => p.document.paths);
  const body = reportBody(report, await reportCharts(report, v), target, v, shown ? pathsHtml(joinPaths(names, paths), target, v) : '');
  return { title: v.w.reportTitle, css: WEBVIEW_CSS, body, uris: files.map((f) => uris.get(f.path) ?? f.path) };
}
