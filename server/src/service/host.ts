/**
 * What a host gives the service (createRollmarkService's options), as small interfaces, and what
 * every host shares to implement them. The Node host (node/host.ts) and the browser worker
 * (browserMain.ts) differ only here: a disk or the editor's file system, Node's timers or the
 * standard ones, one cryptographic source through one interface. Tests bring in-memory ones.
 */
import type { ApplyWorkspaceEditResult, PublishDiagnosticsParams, WorkspaceEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';

export type { Clock } from '../workspace/clock';
export { standardClock } from '../workspace/clock';
export { cryptoRandom, type RandomSource, type RandomValues, seededRandom } from '../engine/random';
export {
  decodeText,
  type EditResult,
  FileRefusedError,
  type FsFactory,
  isMarkdownName,
  isSkippedFolder,
  MAX_LISTED_FILES,
  MAX_MARKDOWN_FILES,
  MAX_PROJECT_FILE_BYTES,
  MAX_SCENARIO_FILE_BYTES,
  type ProjectFiles,
  serialised,
  type TextContent,
  type TextRead,
} from '../workspace/projectFiles';
export type { FileRefusal, WriteRefusal } from '../analysis/project/fileRefusal';
export { type FileRead, type FolderList, isInsideWorkspace } from '../analysis/project/workspaceConfig';
export { ClientFiles, type EditorFileSystem } from '../workspace/clientFiles';
export type { ConfigurationSource } from '../workspace/settings';

/** The documents open in the editor, as the editor last sent them (LSP: `TextDocuments`). */
export interface OpenDocumentStore {
  get(uri: string): TextDocument | undefined;
  all(): TextDocument[];
}

/** A progress bar the editor shows while a long job runs (LSP: work-done progress). */
export interface ProgressBar {
  begin(title: string): void;
  report(percentage: number, message: string): void;
  done(): void;
}

/** Where the service sends what nobody asked for: diagnostics, progress, edits, messages, its log. */
export interface EditorChannel {
  publishDiagnostics(params: PublishDiagnosticsParams): void;
  progress(): Promise<ProgressBar>;
  applyEdit(label: string, edit: WorkspaceEdit): Promise<ApplyWorkspaceEditResult>;
  /** A message every editor shows (LSP: `window/showMessage`). */
  showMessage(kind: 'info' | 'error', message: string): void;
  /** Lenses and inlay hints show odds, which settings and project files change: the editor asks for them again. */
  refreshViews(): void;
  /** Whether the editor asks for lenses again when told (`refreshViews`): only then may it get a long document's first lenses before the rest. */
  readonly refreshesLenses: boolean;
  log(message: string): void;
}

/** An editor that takes nothing: the CLI's. */
export const NO_EDITOR: EditorChannel = {
  publishDiagnostics: () => undefined,
  progress: async () => ({ begin: () => undefined, report: () => undefined, done: () => undefined }),
  applyEdit: async () => ({ applied: false, failureReason: 'no editor' }),
  showMessage: () => undefined,
  refreshViews: () => undefined,
  refreshesLenses: false,
  log: () => undefined,
};
