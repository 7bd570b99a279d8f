/**
 * The documents of a scenario report: open ones as the editor has them, the folder's other
 * Markdown files as the workspace check finds and reads them (projectFiles.ts: inside the folder,
 * regular files only, size first, UTF-8). Which of them are scenarios is the server's usual
 * decision (servedDocuments.ts), made on their text.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { analyzeDocument } from '../analysis/analyzeDocument';
import { MEGABYTE, tooLargeToAnalyze } from '../analysis/project/fileRefusal';
import type { AnalysisOptions, DocumentAnalysis } from '../analysis/types';
import type { RollmarkSettings } from '../protocol';
import { revisionOf } from './documentSync';
import { fileNameOf, fileUri, relativePath } from './folders';
import type { ProjectFiles } from './projectFiles';
import type { Project } from './projects';
import { chooseParty } from '../analysis/project/partyFile';
import { servesText } from './servedDocuments';
import { MAX_COMPARED_PARTIES } from '../analysis/paths/parties';

/** The options an analysis of a document in this folder takes (the same for open documents, analyses.ts). */
export function analysisOptions(settings: RollmarkSettings, project: Project): AnalysisOptions {
  // A party the setting names that the folder's file lacks: the file's default, as with no setting (the party file's own problems say what it has).
  const chosen = chooseParty(project.config.parties, settings.party);
  const party = chosen === 'unknown' ? chooseParty(project.config.parties, undefined) : chosen;
  return {
    rulesets: project.config.rulesets,
    ...(settings.defaultRuleset ? { defaultRuleset: settings.defaultRuleset } : {}),
    dictionary: project.config.dictionary,
    proseChecks: settings.proseChecks === 'off' ? 'off' : 'on',
    ...(party && party !== 'unknown' ? { party } : {}),
  };
}

/**
 * The folder's parties for a report, side by side: the party file's, in its order, at most
 * {@link MAX_COMPARED_PARTIES} (as `rollmark report --party A,B` allows). A document's analysis
 * by the party it was analysed with already is that one; by another, its text analysed again.
 */
export function reportParties(settings: RollmarkSettings, project: Project): { names: string[]; analyze(source: { text: string; analysis: DocumentAnalysis }, party: number): DocumentAnalysis } {
  const parties = (project.config.parties?.parties ?? []).slice(0, MAX_COMPARED_PARTIES);
  const options = analysisOptions(settings, project);
  return {
    names: parties.map((p) => p.name),
    analyze: (source, p) => (source.analysis.party?.name === parties[p].name ? source.analysis : analyzeDocument(source.text, { ...options, party: parties[p] })),
  };
}

/** A document of a report: what features/report.ts reads (`ReportDocument`). */
export interface ReportDocumentSource {
  uri: string;
  path: string;
  key: string;
  load(): Promise<{ path: string; text: string; analysis: DocumentAnalysis } | undefined>;
}

/** What a report needs of the server's open documents. */
export interface OpenDocuments {
  /** The open document at this URI, if any. */
  get(uri: string): TextDocument | undefined;
  all(): readonly TextDocument[];
  isServed(document: TextDocument): Promise<boolean>;
  /** The document's current analysis (analyses.ts). */
  analysis(document: TextDocument): Promise<DocumentAnalysis>;
}

/** An open document as a report's document: its current text, keyed by its revision. */
export function openReportDocument(document: TextDocument, path: string, open: OpenDocuments): ReportDocumentSource {
  return {
    uri: document.uri,
    path,
    key: `open:${document.version}:${revisionOf(document)}`,
    load: async () => {
      if (!(await open.isServed(document))) return undefined;
      const analysis = await open.analysis(document);
      // Read together with the analysis, after the await: the text it is of.
      return { path, text: document.getText(), analysis };
    },
  };
}

/**
 * Every scenario of a workspace folder as a report's documents, in path order: open documents as
 * the editor has them (unsaved edits included), the others as they are on disk.
 */
export async function workspaceReportDocuments(
  folderUri: string,
  fs: ProjectFiles,
  settings: RollmarkSettings,
  project: Project,
  open: OpenDocuments,
): Promise<ReportDocumentSource[]> {
  const opened = new Map<string, TextDocument>();
  for (const document of open.all()) {
    const relative = relativePath(folderUri, document.uri);
    if (relative !== undefined) opened.set(relative, document);
  }
  const listing = await fs.markdownFiles();
  if (listing.kind !== 'files') return [];
  const options = analysisOptions(settings, project);
  return Promise.all(
    listing.paths.map(async (relative): Promise<ReportDocumentSource> => {
      const document = opened.get(relative);
      if (document) return openReportDocument(document, relative, open);
      const uri = fileUri(folderUri, relative);
      return {
        uri,
        path: relative,
        key: `disk:${(await fs.stamp(relative)) ?? 'unreadable'}`,
        load: async () => {
          const read = await fs.readScenario(relative);
          if (read.kind !== 'text' || !servesText(uri, read.text, settings.markdown.enable) || tooLargeToAnalyze(read.text, settings.maxDocumentSizeMB * MEGABYTE)) return undefined;
          return { path: relative, text: read.text, analysis: analyzeDocument(read.text, options) };
        },
      };
    }),
  );
}

/** How a report names a document: its path in the folder, else its file name. */
export function reportPath(uri: string, folderUri: string | undefined): string {
  const relative = folderUri ? relativePath(folderUri, uri) : undefined;
  return relative ?? (fileNameOf(uri) || uri);
}
