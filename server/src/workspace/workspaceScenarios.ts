/**
 * The Markdown files of a workspace folder on disk, for the workspace's scenario report: found
 * as `rollmark check` finds them in a folder (`*.md`, no hidden folders, no `node_modules`, no
 * link to a folder, only links that stay inside it) and read under the file policy
 * (projectFs.ts: regular files only, size first, UTF-8). Which of them are scenarios is the
 * server's usual decision (servedDocuments.ts), made on their text.
 */
import type { Dirent } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { analyzeDocument } from '../analysis/analyzeDocument';
import { namesRuleset } from '../analysis/frontMatter';
import type { AnalysisOptions, DocumentAnalysis, Locale } from '../analysis/types';
import type { RollmarkSettings } from '../protocol';
import { revisionOf } from './documentSync';
import { fileUri, relativePath } from './folders';
import { readUserFile, resolveUnder } from './projectFs';
import type { Project } from './projects';
import { isScenarioFile } from './servedDocuments';

/** The most files a workspace report reads: a campaign of a few thousand chapters. README "Limits". */
export const MAX_WORKSPACE_FILES = 5_000;

/** The largest scenario file read, as `rollmark check` reads them (32 MiB). */
export const MAX_WORKSPACE_FILE_BYTES = 32 * 1024 * 1024;

/** Folders a manuscript never lives in. */
const SKIPPED_DIRS = new Set(['node_modules', 'out', 'dist']);

export interface WorkspaceFile {
  uri: string;
  /** `/`-separated, relative to the folder: how the report names it. */
  path: string;
  absolute: string;
  /** Modification time and size: a changed stamp, a changed file. */
  stamp: string;
}

/** The options an analysis of a document in this folder takes (the same for open documents, analyses.ts). */
export function analysisOptions(locale: Locale, settings: RollmarkSettings, project: Project): AnalysisOptions {
  return {
    locale,
    rulesets: project.config.rulesets,
    ...(settings.defaultRuleset ? { defaultRuleset: settings.defaultRuleset } : {}),
    dictionary: project.config.dictionary,
    proseChecks: settings.proseChecks === 'off' ? 'off' : 'on',
  };
}

/** Whether a Markdown document with this text is served (servedDocuments.ts): `*.scenario.md` always, the rest per the setting. */
export function servedText(uri: string, text: string, settings: RollmarkSettings): boolean {
  if (isScenarioFile(uri)) return true;
  const mode = settings.markdown.enable;
  return mode === 'all' || (mode === 'withRuleset' && namesRuleset(text));
}

async function walk(root: string, dir: string, folderUri: string, found: WorkspaceFile[]): Promise<boolean> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (found.length >= MAX_WORKSPACE_FILES) return true;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.') && (await walk(root, full, folderUri, found))) return true;
      continue;
    }
    if (!entry.name.toLowerCase().endsWith('.md') || !(entry.isFile() || entry.isSymbolicLink())) continue;
    // A link is followed only to a file inside the folder; a FIFO or device named *.md is never opened.
    if (entry.isSymbolicLink() && (await resolveUnder(root, full)).kind !== 'found') continue;
    const stats = await lstat(full).catch(() => undefined);
    if (!stats) continue;
    const relative = path.relative(root, full).split(path.sep).join('/');
    found.push({ uri: fileUri(folderUri, relative), path: relative, absolute: full, stamp: `${stats.mtimeMs}:${stats.size}` });
  }
  return false;
}

/** The folder's Markdown files in name order; `truncated` when there were more than {@link MAX_WORKSPACE_FILES}. Not a disk folder: none. */
export async function listWorkspaceMarkdown(folderUri: string): Promise<{ files: WorkspaceFile[]; truncated: boolean }> {
  let root: string;
  try {
    root = fileURLToPath(folderUri);
  } catch {
    return { files: [], truncated: false };
  }
  const files: WorkspaceFile[] = [];
  const truncated = await walk(root, root, folderUri, files);
  return { files, truncated };
}

/** A file's text under the file policy; undefined when it cannot be read (it is left out of the report). */
export async function readWorkspaceFile(file: WorkspaceFile): Promise<string | undefined> {
  const read = await readUserFile(file.absolute, MAX_WORKSPACE_FILE_BYTES);
  return read.kind === 'text' ? read.text : undefined;
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
export async function workspaceReportDocuments(folderUri: string, settings: RollmarkSettings, project: Project, locale: Locale, open: OpenDocuments): Promise<ReportDocumentSource[]> {
  const opened = new Map<string, TextDocument>();
  for (const document of open.all()) {
    const relative = relativePath(folderUri, document.uri);
    if (relative !== undefined) opened.set(relative, document);
  }
  const { files } = await listWorkspaceMarkdown(folderUri);
  const options = analysisOptions(locale, settings, project);
  return files.map((file) => {
    const document = opened.get(file.path);
    if (document) return openReportDocument(document, file.path, open);
    return {
      uri: file.uri,
      path: file.path,
      key: `disk:${file.stamp}`,
      load: async () => {
        const text = await readWorkspaceFile(file);
        if (text === undefined || !servedText(file.uri, text, settings)) return undefined;
        return { path: file.path, text, analysis: analyzeDocument(text, options) };
      },
    };
  });
}

/** How a report names a document: its path in the folder, else its file name. */
export function reportPath(uri: string, folderUri: string | undefined): string {
  const relative = folderUri ? relativePath(folderUri, uri) : undefined;
  if (relative !== undefined) return relative;
  const name = uri.replace(/[?#].*$/, '').slice(uri.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(name) || uri;
  } catch {
    return name || uri;
  }
}
