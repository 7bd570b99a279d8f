/**
 * What `activate` returns (`vscode.extensions.getExtension('rollmark.rollmark').exports`), for
 * extension tests: everything here is also observable through commands and output channels.
 */
import type { CheckChipsResult, DocumentInfo, ReportResult } from '../../server/src/protocol';
import type { MarkdownIt } from './chipTokens';
import type { RollLogEntry } from './rollLog';

export interface RollmarkApi {
  /** Resolves when the language server has started (or failed to); again after a restart. */
  ready(): Promise<void>;
  /** Every roll logged since activation, oldest first. */
  readonly rolls: readonly RollLogEntry[];
  /** Whether the server analyses the document (`*.scenario.md`, or Markdown per `rollmark.markdown.enable`). */
  isServed(uri: string): Promise<boolean>;
  /** What the status bar shows now; undefined when it is hidden. Its `checks` are empty: the status bar asks for none. */
  statusBarInfo(): DocumentInfo | undefined;
  /** The Markdown preview's plugin: the checks of the documents Rollmark serves as chips. */
  extendMarkdownIt<M extends MarkdownIt>(md: M): M;
  /** The chips kept for a document the preview showed; null when Rollmark does not serve it. */
  previewChips(uri: string): CheckChipsResult | null | undefined;
  /** The report the overview shows now, as the server sent it. */
  lastReport(): ReportResult | undefined;
}
