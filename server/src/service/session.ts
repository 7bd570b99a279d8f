/**
 * One editor session's state and the open-document pipeline: documents in, diagnostics out,
 * debounced; project files loaded per workspace folder and reloaded when they change; the
 * workspace's closed files checked. What startServer held before the façade: the LSP adapter
 * (server.ts) now only forwards the editor's notifications here.
 */
import type { Diagnostic, Position } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyzeDocument } from '../analysis/analyzeDocument';
import { createDocumentAnalyzers, type DocumentAnalyzers } from '../analysis/document/incrementalAnalysis';
import type { FileProblems } from '../analysis/project/workspaceConfig';
import type { Locale } from '../present/locale';
import type { RandomSource } from '../engine/random';
import { provideDiagnostics, unreadFileDiagnostics } from '../features/diagnostics';
import { fileProblemDiagnostics, folderProblemDiagnostics } from '../features/projectProblems';
import { ReportParts } from '../features/report';
import { voice } from '../present/voice';
import { DEFAULT_SETTINGS, MARKDOWN_LANGUAGE_ID, type RollmarkSettings } from '../protocol';
import { AnalysisAbandoned, type AnalyzedDocument, DocumentAnalyses } from '../workspace/analyses';
import type { Clock } from '../workspace/clock';
import { DiagnosticsScheduler } from '../workspace/diagnosticsScheduler';
import { fileUri, relativePath, sameFile, type WorkspaceFolder, WorkspaceFolders } from '../workspace/folders';
import type { FsFactory } from '../workspace/projectFiles';
import { Projects } from '../workspace/projects';
import { ServedDocuments } from '../workspace/servedDocuments';
import { type ConfigurationSource, SettingsStore } from '../workspace/settings';
import { type Progress, WorkspaceDiagnostics } from '../workspace/workspaceDiagnostics';
import { analysisOptions } from '../workspace/workspaceScenarios';
import { ServiceError } from './errors';
import { type EditorChannel, NO_EDITOR, type OpenDocumentStore } from './host';

const DEFAULT_DIAGNOSTICS_DELAY = 200;
/** Milliseconds between the session's start and the first check of the workspace's files that are not open. */
const WORKSPACE_CHECK_DELAY = 1000;
/** Milliseconds between two progress reports of a workspace check. */
const PROGRESS_INTERVAL = 100;
/** Files the workspace check reads (projectFiles.ts `markdownFiles`). */
const MARKDOWN_FILE = /\.(md|markdown)$/i;

/**
 * The lines an editor shows of a document it opens: while a long document is first analysed, their
 * diagnostics are published, and their lenses answered, before the rest is done (issue 24).
 */
export const TOP_OF_DOCUMENT: Position = { line: 80, character: 0 };

const NO_DOCUMENTS: OpenDocumentStore = { get: () => undefined, all: () => [] };

/** What a session is made of: the host's collaborators and the editor's choices (createRollmarkService's options). */
export interface SessionOptions {
  locale: Locale;
  fileSystem: FsFactory;
  clock: Clock;
  random: RandomSource;
  documents?: OpenDocumentStore;
  folders?: readonly WorkspaceFolder[];
  configuration?: ConfigurationSource;
  settings?: RollmarkSettings;
  trusted?: boolean;
  editor?: EditorChannel;
  rollMessages?: boolean;
  versionedEdits?: boolean;
  diagnosticsDelay?: number;
  analyzers?: DocumentAnalyzers;
  progressAfter?: number;
  workspaceCheckDelay?: number;
  afterWork?: () => void;
}

export class Session {
  readonly locale: Locale;
  readonly fsFor: FsFactory;
  readonly clock: Clock;
  readonly random: RandomSource;
  readonly documents: OpenDocumentStore;
  readonly editor: EditorChannel;
  readonly folders = new WorkspaceFolders();
  readonly settings: SettingsStore;
  readonly served: ServedDocuments;
  readonly projects: Projects;
  readonly analyses: DocumentAnalyses;
  readonly scheduler: DiagnosticsScheduler;
  /** The diagnostics of the workspace's files that are not open. */
  readonly workspace: WorkspaceDiagnostics;
  /** Documents' parts of scenario reports, kept while their texts and the settings stay. */
  readonly reportParts: ReportParts;
  /** Whether rolls are also announced with a message every editor shows. */
  readonly rollMessages: boolean;
  /** The editor applies versioned edits (`documentChanges`): an edit computed for one version never lands on another. */
  readonly versionedEdits: boolean;
  /** Workspace files that got diagnostics, per folder, so that fixed files are cleared. */
  private readonly filesWithProblems = new Map<string, Set<string>>();
  private readonly justOpened = new Set<string>();
  /** Documents that got diagnostics, so that one closed or no longer served is cleared. */
  private readonly published = new Set<string>();
  private readonly afterWork: () => void;
  private readonly workspaceCheckDelay: number;
  private cancelWorkspaceCheck: (() => void) | undefined;

  constructor(options: SessionOptions) {
    this.locale = options.locale;
    this.fsFor = options.fileSystem;
    this.clock = options.clock;
    this.random = options.random;
    this.documents = options.documents ?? NO_DOCUMENTS;
    this.editor = options.editor ?? NO_EDITOR;
    this.rollMessages = options.rollMessages ?? true;
    this.versionedEdits = options.versionedEdits ?? false;
    this.afterWork = options.afterWork ?? (() => undefined);
    this.workspaceCheckDelay = options.workspaceCheckDelay ?? WORKSPACE_CHECK_DELAY;
    const { folders, locale } = this;
    folders.set(options.folders ?? []);
    const settings = new SettingsStore(options.configuration, options.settings ?? DEFAULT_SETTINGS, this.clock);
    this.settings = settings;
    this.served = new ServedDocuments((uri) => settings.forResource(uri));
    const projects = new Projects(options.fileSystem, (folderUri, problems) => this.publishFileProblems(folderUri, problems), options.trusted ?? true, (folderUri) => void this.projectChanged(folderUri), this.clock);
    this.projects = projects;
    this.analyses = new DocumentAnalyses(options.analyzers ?? createDocumentAnalyzers(), { settings: (uri) => settings.forResource(uri), project: (uri, s) => projects.get(folders.folderFor(uri), s) }, options.clock);
    this.scheduler = new DiagnosticsScheduler(options.diagnosticsDelay ?? DEFAULT_DIAGNOSTICS_DELAY, (uri) => this.publish(uri), (uri, error) => this.log(`diagnostics of ${uri}`, error), this.clock);
    this.workspace = new WorkspaceDiagnostics(
      {
        folders: () => folders.all().map((f) => f.uri),
        folderFor: (uri) => folders.folderFor(uri),
        fs: options.fileSystem,
        settings: (folderUri) => settings.forResource(folderUri),
        isOpen: (uri) => this.documents.get(uri) !== undefined || this.documents.all().some((d) => sameFile(d.uri, uri)),
        openDocuments: () => this.documents.all().map((d) => d.uri),
        diagnose: (uri, text, fileSettings) => this.closedFileDiagnostics(uri, text, fileSettings),
        unread: (refusal) => unreadFileDiagnostics(refusal, locale),
        publish: (uri, diagnostics) => this.editor.publishDiagnostics({ uri, diagnostics }),
        progress: () => this.workspaceProgress(),
        log: (what, error) => this.log(what, error),
        clock: this.clock,
      },
      options.progressAfter,
    );
    this.reportParts = new ReportParts(locale);
  }

  log(what: string, error: unknown): void {
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    this.editor.log(`rollmark: ${what} failed: ${detail}`);
  }

  isServed(document: TextDocument): Promise<boolean> {
    return this.served.isServed(document);
  }

  /** A URI's workspace folder, the folder itself included (a folder's URI, with or without its slash). */
  folderOf(uri: string): string | undefined {
    return this.folders.folderFor(uri) ?? this.folders.all().find((f) => f.uri === uri || `${f.uri}/` === uri)?.uri;
  }

  /** A workspace-relative path of the folder of `folderUri` as a URI, for diagnostics that point at project files. */
  fileUriIn(folderUri: string | undefined): (file: string) => string | undefined {
    return (file) => (folderUri ? fileUri(folderUri, file) : undefined);
  }

  /** The editor is ready: the documents opened meanwhile are analysed, and the workspace checked after a pause. */
  start(): void {
    for (const document of this.documents.all()) this.scheduler.now(document.uri);
    // The files nobody is looking at wait until the editor's first requests are answered.
    this.cancelWorkspaceCheck = this.clock.after(this.workspaceCheckDelay, () => void this.workspace.checkFolders());
  }

  dispose(): void {
    this.cancelWorkspaceCheck?.();
    this.scheduler.dispose();
    this.workspace.dispose();
    this.projects.dispose();
  }

  opened(uri: string): void {
    this.justOpened.add(uri);
    this.workspace.opened(uri);
  }

  /** A document's text changed (its opening included): opening is not typing, so it is published at once; edits wait for a pause. */
  changed(uri: string): void {
    if (this.justOpened.delete(uri)) this.scheduler.now(uri);
    else this.scheduler.schedule(uri);
  }

  closed(uri: string): void {
    this.justOpened.delete(uri);
    this.scheduler.cancel(uri);
    this.analyses.forget(uri);
    this.settings.forget(uri);
    this.served.forget(uri);
    this.afterWork();
    // Its file on disk is checked instead, when the workspace check reaches it; else cleared.
    void this.workspace.closed(uri, this.published.delete(uri));
  }

  configurationChanged(pushed: RollmarkSettings | undefined): void {
    this.settings.changed(pushed);
    // `rollmark.markdown.enable` may have changed: which documents are served is decided anew.
    this.served.reset();
    this.workspaceChanged();
  }

  /** Files changed on disk: a folder whose project files changed reloads; a changed Markdown file is checked again. */
  filesChanged(uris: readonly string[]): void {
    const changed = new Set<string>();
    for (const uri of uris) {
      const folder = this.folders.folderFor(uri);
      const path = folder ? relativePath(folder, uri) : undefined;
      if (folder && path !== undefined && this.projects.uses(folder, path)) changed.add(folder);
      else if (path !== undefined && MARKDOWN_FILE.test(path)) this.workspace.fileChanged(uri);
    }
    for (const folder of changed) void this.projectChanged(folder);
  }

  foldersChanged(added: readonly WorkspaceFolder[], removed: readonly WorkspaceFolder[]): void {
    this.folders.add(added, removed);
    for (const folder of removed) this.workspace.folderRemoved(folder.uri);
    this.workspaceChanged();
  }

  /** One folder's project files changed: that folder reloads and republishes, the others keep theirs. */
  projectChanged(folderUri: string): Promise<number> {
    const inFolder = (uri: string) => this.folders.folderFor(uri) === folderUri;
    this.projects.reset(folderUri);
    this.analyses.invalidate(inFolder);
    this.reportParts.clear();
    this.republish(inFolder);
    return this.workspace.checkFolders([folderUri]);
  }

  /**
   * An open document Rollmark serves, with its analysis: `exact`, of its text now; `recent`, the
   * newest finished; `{ through }`, of its text now, or while a long document is first analysed,
   * of its part before that position as soon as that is done (the editor asks again for what it
   * shows once the whole is: `refreshViews`).
   */
  async servedDocument(uri: string, fresh: 'exact' | 'recent' | { through: Position } = 'exact'): Promise<{ document: TextDocument; analyzed: AnalyzedDocument } | undefined> {
    const document = this.documents.get(uri);
    if (!document || !(await this.isServed(document))) return undefined;
    if (fresh === 'exact') return { document, analyzed: await this.analyzed(document) };
    if (fresh === 'recent') return { document, analyzed: await cancelledIfClosed(document, this.analyses.recent(document)) };
    const analyzed = await cancelledIfClosed(document, this.analyses.through(document, document.offsetAt(fresh.through)));
    if (analyzed.partial) this.refreshWhenWhole(document);
    return { document, analyzed };
  }

  /** The analysis of an open document as it is now; a request about it is cancelled if it is closed meanwhile. */
  analyzed(document: TextDocument): Promise<AnalyzedDocument> {
    return cancelledIfClosed(document, this.analyses.get(document));
  }

  /** Documents answered in part, whose views are asked for again once their whole analysis is done. */
  private readonly answeredInPart = new Set<string>();

  private refreshWhenWhole(document: TextDocument): void {
    if (this.answeredInPart.has(document.uri)) return;
    this.answeredInPart.add(document.uri);
    const refresh = () => {
      this.answeredInPart.delete(document.uri);
      this.editor.refreshViews();
    };
    this.analyses.get(document).then(refresh, refresh);
  }

  private workspaceChanged(): void {
    this.projects.reset();
    this.analyses.invalidateAll();
    this.reportParts.clear();
    this.republish();
    void this.workspace.checkFolders();
  }

  /** Publishes again the documents (all, or those `which` picks), and has lenses and hints asked for again. */
  private republish(which: (uri: string) => boolean = () => true): void {
    for (const document of this.documents.all()) if (which(document.uri)) this.scheduler.now(document.uri);
    this.editor.refreshViews();
  }

  private clearDiagnostics(uri: string): void {
    if (this.published.delete(uri)) this.editor.publishDiagnostics({ uri, diagnostics: [] });
  }

  private publishFileProblems(folderUri: string, problems: FileProblems[]): void {
    const before = this.filesWithProblems.get(folderUri) ?? new Set<string>();
    const now = new Set(problems.map((p) => p.uri));
    for (const problem of problems) this.editor.publishDiagnostics({ uri: problem.uri, diagnostics: fileProblemDiagnostics(problem, this.locale) });
    for (const uri of before) if (!now.has(uri)) this.editor.publishDiagnostics({ uri, diagnostics: [] });
    this.filesWithProblems.set(folderUri, now);
  }

  private async publish(uri: string): Promise<boolean> {
    const document = this.documents.get(uri);
    if (!document) return false;
    if (!(await this.isServed(document))) {
      this.clearDiagnostics(uri);
      return false;
    }
    try {
      // A long document's first analysis: the diagnostics of its top as soon as that part is done, then all of them.
      const top = await this.analyses.through(document, document.offsetAt(TOP_OF_DOCUMENT));
      if (top.partial && this.analyses.analysingInSlices(document)) this.sendDiagnostics(document, top);
      if (!this.sendDiagnostics(document, top.partial ? await this.analyses.get(document) : top)) return false;
    } catch (error) {
      if (error instanceof AnalysisAbandoned) return false;
      throw error;
    }
    this.afterWork();
    return true;
  }

  /** Publishes an analysis' diagnostics; false when the document was closed or edited meanwhile (the next timer publishes the newer version). */
  private sendDiagnostics(document: TextDocument, analyzed: AnalyzedDocument): boolean {
    if (this.documents.get(document.uri) !== document || !this.analyses.isCurrent(document, analyzed)) return false;
    const folder = analyzed.project.folderUri;
    const diagnostics: Diagnostic[] = analyzed.tooLarge
      ? unreadFileDiagnostics(analyzed.tooLarge, this.locale)
      : [
          ...folderProblemDiagnostics(document, analyzed.project.config.folderProblems, analyzed.settings, this.locale),
          ...provideDiagnostics(document, analyzed.analysis, analyzed.settings, this.fileUriIn(folder), this.locale),
        ];
    this.published.add(document.uri);
    this.editor.publishDiagnostics({ uri: document.uri, version: analyzed.version, diagnostics });
    return true;
  }

  private async closedFileDiagnostics(uri: string, text: string, settings: RollmarkSettings): Promise<Diagnostic[]> {
    const project = await this.projects.get(this.folders.folderFor(uri), settings);
    const analysis = analyzeDocument(text, analysisOptions(settings, project));
    return provideDiagnostics(TextDocument.create(uri, MARKDOWN_LANGUAGE_ID, 0, text), analysis, settings, this.fileUriIn(project.folderUri), this.locale);
  }

  /** A progress report of a workspace check, at most one update per {@link PROGRESS_INTERVAL}. */
  private async workspaceProgress(): Promise<Progress> {
    const bar = await this.editor.progress();
    const v = voice(this.locale);
    bar.begin('Rollmark');
    let last = 0;
    return {
      report: (done, total) => {
        const now = this.clock.now();
        if (now - last < PROGRESS_INTERVAL) return;
        last = now;
        bar.report(Math.floor((done / Math.max(total, 1)) * 100), v.w.checkingFiles(v.number(done), v.number(total)));
      },
      done: () => bar.done(),
    };
  }
}

/** What `work` gives, or, when its document was closed before its analysis was done, the request cancelled. */
async function cancelledIfClosed<T>(document: TextDocument, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AnalysisAbandoned) throw new ServiceError('cancelled', `${document.uri} was closed before its analysis was done`);
    throw error;
  }
}
