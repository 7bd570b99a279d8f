/**
 * What `activate` returns (`vscode.extensions.getExtension('rollmark.rollmark').exports`), for
 * extension tests: everything here is also observable through commands and output channels.
 */
import type { DocumentInfo } from '../../server/src/protocol';
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
}
