/**
 * Problems for the whole workspace: the scenario files of the workspace folders that are not open
 * are read through the folder's file system (projectFiles.ts), analysed once and their diagnostics published, so
 * that every editor lists them (push diagnostics: any LSP client shows them, not only those that
 * pull `workspace/diagnostic`). Which files: `*.scenario.md` always, other Markdown per
 * `rollmark.markdown.enable`, by the same rule as open documents (servedDocuments.ts).
 *
 * A folder's files are checked nearest the open documents first (`nearestFirst`): the chapters
 * beside the one being written are the ones its author looks at next.
 *
 * A folder is checked when the server starts, when settings or its project files change and on
 * `rollmark.reloadProject`; one file when it changes on disk or is closed. An open document's
 * diagnostics are the open-document pipeline's (server.ts), never these.
 * `rollmark.diagnostics.scope: openFiles` keeps diagnostics to open documents.
 */
import type { Diagnostic } from 'vscode-languageserver';
import { type FileRefusal, MEGABYTE, refusalFitsOnFile, tooLargeToAnalyze } from '../analysis/project/fileRefusal';
import type { RollmarkSettings } from '../protocol';
import type { Clock } from './clock';
import { fileUri, relativePath } from './folders';
import type { ProjectFiles } from './projectFiles';
import { servesText } from './servedDocuments';

/** A progress report the client shows while a folder is checked (`window/workDoneProgress`). */
export interface Progress {
  report(done: number, total: number): void;
  done(): void;
}

/** What the check needs of the server: folders, files, settings, the analysis and the connection. */
export interface WorkspaceCheckHost {
  folders(): readonly string[];
  folderFor(uri: string): string | undefined;
  fs(folderUri: string): ProjectFiles | undefined;
  /** A folder's settings: its files are checked with them. */
  settings(folderUri: string): Promise<RollmarkSettings>;
  isOpen(uri: string): boolean;
  /** The open documents: the files nearest them are checked first. */
  openDocuments(): readonly string[];
  /** The diagnostics of a file's text, analysed with its folder's settings and project files. */
  diagnose(uri: string, text: string, settings: RollmarkSettings): Promise<Diagnostic[]>;
  /** The one diagnostic of a file that could not be read (too large, not UTF-8, unreadable). */
  unread(refusal: FileRefusal): Diagnostic[];
  publish(uri: string, diagnostics: Diagnostic[]): void;
  progress(): Promise<Progress>;
  log(what: string, error: unknown): void;
  clock: Clock;
}

/** Milliseconds of work between two yields to the event loop, so that open documents are served meanwhile. */
const SLICE = 15;
/** A check that ends sooner shows no progress: it would only flicker. */
const DEFAULT_PROGRESS_AFTER = 300;
/** Milliseconds to gather file changes (a branch switch changes many at once). */
const FILE_DELAY = 300;

/** Folder steps between two files' folders (`/`-separated relative paths): 0 for the same folder. */
function folderDistance(a: readonly string[], b: readonly string[]): number {
  let common = 0;
  while (common < a.length - 1 && common < b.length - 1 && a[common] === b[common]) common++;
  return a.length - 1 - common + (b.length - 1 - common);
}

/**
 * The paths ordered by how near their folder is to the nearest open document's (the same folder,
 * then one step away, …); equally near ones keep their order. Without open documents, as given.
 */
export function nearestFirst(paths: readonly string[], open: readonly string[]): string[] {
  if (open.length === 0) return [...paths];
  const openParts = open.map((p) => p.split('/'));
  const distance = new Map(paths.map((p) => [p, Math.min(...openParts.map((o) => folderDistance(p.split('/'), o)))]));
  // Array.prototype.sort is stable: equal distances keep the listing's order.
  return [...paths].sort((a, b) => (distance.get(a) ?? 0) - (distance.get(b) ?? 0));
}

export class WorkspaceDiagnostics {
  /** Closed files whose diagnostics are published now (a file with none is not here). */
  private readonly published = new Set<string>();
  /** Each folder's current check; an older one stops at its next file. */
  private readonly generations = new Map<string, number>();
  private readonly changedFiles = new Set<string>();
  /** The newest check of each file being checked: an older one that ends later publishes nothing. */
  private readonly newestCheck = new Map<string, number>();
  private checks = 0;
  private cancelFileTimer: (() => void) | undefined;
  private disposed = false;

  constructor(
    private readonly host: WorkspaceCheckHost,
    /** Milliseconds a folder's check runs before it reports progress. */
    private readonly progressAfter = DEFAULT_PROGRESS_AFTER,
  ) {}

  /** Checks the closed files of the folders (default: all) anew; resolves with how many were read, once done. */
  async checkFolders(folders: readonly string[] = this.host.folders()): Promise<number> {
    const counts = await Promise.all(folders.map((folder) => this.checkFolder(folder)));
    return counts.reduce((sum, n) => sum + n, 0);
  }

  /** A file changed, appeared or went on disk: checked again after a short pause. */
  fileChanged(uri: string): void {
    if (this.disposed) return;
    this.changedFiles.add(uri);
    this.cancelFileTimer?.();
    this.cancelFileTimer = this.host.clock.after(FILE_DELAY, () => {
      const uris = [...this.changedFiles];
      this.changedFiles.clear();
      void (async () => {
        for (const changed of uris) await this.checkFile(changed);
      })();
    });
  }

  /** The document was opened: its diagnostics are the open document's now. */
  opened(uri: string): void {
    this.published.delete(uri);
  }

  /**
   * The document was closed: its file is checked from disk (the open document's diagnostics, if
   * it `hadDiagnostics`, are replaced), or, outside the check's reach, they are cleared.
   */
  async closed(uri: string, hadDiagnostics: boolean): Promise<void> {
    if (hadDiagnostics) this.published.add(uri);
    await this.checkFile(uri);
  }

  /** A workspace folder was removed: its files' diagnostics go. */
  folderRemoved(folderUri: string): void {
    this.generations.set(folderUri, (this.generations.get(folderUri) ?? 0) + 1);
    for (const uri of [...this.published]) if (relativePath(folderUri, uri) !== undefined) this.clear(uri);
  }

  dispose(): void {
    this.disposed = true;
    this.cancelFileTimer?.();
    for (const folder of this.generations.keys()) this.generations.set(folder, (this.generations.get(folder) ?? 0) + 1);
  }

  private async checkFolder(folderUri: string): Promise<number> {
    const generation = (this.generations.get(folderUri) ?? 0) + 1;
    this.generations.set(folderUri, generation);
    const current = () => !this.disposed && this.generations.get(folderUri) === generation;
    const clock = this.host.clock;
    const inFolder = [...this.published].filter((uri) => relativePath(folderUri, uri) !== undefined);
    const settings = await this.host.settings(folderUri);
    const fs = this.host.fs(folderUri);
    if (!current()) return 0;
    const listing = settings.diagnostics.scope === 'workspace' && fs ? await fs.markdownFiles() : undefined;
    if (!current()) return 0;
    const open = this.host.openDocuments().flatMap((uri) => relativePath(folderUri, uri) ?? []);
    const paths = nearestFirst(listing?.kind === 'files' ? listing.paths : [], open);
    const seen = new Set<string>();
    const started = clock.now();
    let progress: Promise<Progress> | undefined;
    let slice = clock.now();
    let read = 0;
    try {
      for (const [index, path] of paths.entries()) {
        if (!current() || !fs) return read;
        if (clock.now() - slice > SLICE) {
          await clock.yield();
          slice = clock.now();
          if (!current()) return read;
        }
        if (!progress && clock.now() - started >= this.progressAfter) progress = this.host.progress();
        void progress?.then((p) => p.report(index, paths.length));
        const uri = fileUri(folderUri, path);
        seen.add(uri);
        if (this.host.isOpen(uri)) continue;
        read++;
        await this.checkText(uri, fs, path, settings);
      }
    } catch (error) {
      this.host.log(`checking the workspace folder ${folderUri}`, error);
    } finally {
      void progress?.then((p) => p.done());
    }
    // Files gone from disk, no longer served or now out of scope: their diagnostics go.
    if (current()) for (const uri of inFolder) if (!seen.has(uri) && !this.host.isOpen(uri)) this.clear(uri);
    return read;
  }

  private async checkFile(uri: string): Promise<void> {
    if (this.disposed || this.host.isOpen(uri)) return;
    const folderUri = this.host.folderFor(uri);
    const fs = folderUri ? this.host.fs(folderUri) : undefined;
    const path = folderUri ? relativePath(folderUri, uri) : undefined;
    if (!folderUri || !fs || path === undefined) {
      this.clear(uri);
      return;
    }
    try {
      const settings = await this.host.settings(folderUri);
      if (settings.diagnostics.scope !== 'workspace') this.clear(uri);
      else await this.checkText(uri, fs, path, settings);
    } catch (error) {
      this.host.log(`checking ${uri}`, error);
    }
  }

  /** Reads one closed file and publishes its diagnostics (or clears those it had). */
  private async checkText(uri: string, fs: ProjectFiles, path: string, settings: RollmarkSettings): Promise<void> {
    const check = ++this.checks;
    this.newestCheck.set(uri, check);
    const read = await fs.readScenario(path);
    let diagnostics: Diagnostic[] = [];
    if (read.kind === 'text') {
      const tooLarge = tooLargeToAnalyze(read.text, settings.maxDocumentSizeMB * MEGABYTE);
      if (servesText(uri, read.text, settings.markdown.enable)) diagnostics = tooLarge ? this.host.unread(tooLarge) : await this.host.diagnose(uri, read.text, settings);
    } else if (read.kind === 'refused' && refusalFitsOnFile(read.refusal)) {
      diagnostics = this.host.unread(read.refusal);
    }
    // A newer check of the file began meanwhile (it changed or went on disk during this one): its answer stands.
    if (this.newestCheck.get(uri) !== check) return;
    this.newestCheck.delete(uri);
    // Opened meanwhile: the open document's diagnostics win.
    if (this.disposed || this.host.isOpen(uri)) return;
    if (diagnostics.length > 0) {
      this.published.add(uri);
      this.host.publish(uri, diagnostics);
    } else {
      this.clear(uri);
    }
  }

  /** The file has no diagnostics now; a check of it still under way is older than this and publishes nothing. */
  private clear(uri: string): void {
    this.newestCheck.delete(uri);
    if (this.published.delete(uri)) this.host.publish(uri, []);
  }
}
