/**
 * `rollmark/report`: the scenario report (report/) of a document or of its workspace folder, for
 * the editor's webview. Each document's part is kept while its text (an open document's version,
 * a file's time and size) and the settings stay the same, so following edits costs the edited
 * document alone.
 */
import type { Locale } from '../present/locale';
import { voice } from '../present/voice';
import type { ReportResult } from '../protocol';
import { reportCharts } from '../report/charts';
import type { SeverityOf } from '../report/checks';
import { reportBody } from '../report/html';
import { type FileReport, fileReport, type ReportSource, scenarioReport } from '../report/model';
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

/** Documents' parts of reports, by URI, each kept until its key changes. */
export class ReportParts {
  private readonly parts = new Map<string, { key: string; part: FileReport | undefined }>();

  constructor(private readonly locale: Locale) {}

  /** Settings or project files changed: every part is stale. */
  clear(): void {
    this.parts.clear();
  }

  /** Each document's part, in the order given; documents that are no scenario are left out. */
  async filesOf(documents: readonly ReportDocument[], severity: SeverityOf): Promise<FileReport[]> {
    const v = voice(this.locale);
    const out: FileReport[] = [];
    for (const document of documents) {
      let kept = this.parts.get(document.uri);
      if (!kept || kept.key !== document.key) {
        const source = await document.load();
        kept = { key: document.key, part: source ? fileReport(source, v, severity) : undefined };
        this.parts.set(document.uri, kept);
      }
      if (kept.part) out.push(kept.part);
    }
    return out;
  }
}

/** The report of these documents for a webview: VS Code's theme, rows that say where their check is. */
export async function provideReport(documents: readonly ReportDocument[], parts: ReportParts, severity: SeverityOf, locale: Locale): Promise<ReportResult> {
  const v = voice(locale);
  const files = await parts.filesOf(documents, severity);
  const report = scenarioReport(files);
  const uris = new Map(documents.map((d) => [d.path, d.uri]));
  const body = reportBody(report, await reportCharts(report, v), { uriOf: (path) => uris.get(path) }, v);
  return { title: v.w.reportTitle, css: WEBVIEW_CSS, body, uris: files.map((f) => uris.get(f.path) ?? f.path) };
}
