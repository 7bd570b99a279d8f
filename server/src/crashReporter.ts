/**
 * What the server does with an error that escaped every handler: it logs it where the editor
 * shows logs and goes on serving. Reporting never throws: when the editor is gone (stdout
 * closed: EPIPE, or the connection closed), there is no one left to serve or to tell, and the
 * process ends quietly with exit code 1 (LSP's code for an end without `shutdown`).
 */
import { ConnectionError, ConnectionErrors } from 'vscode-languageserver/node';

export interface CrashOutlets {
  /** The editor's log (`window/logMessage`); throws when the connection is gone. */
  log(message: string): void;
  /** The last resort: standard error. */
  stderr(text: string): void;
  exit(code: number): void;
}

const GONE_CODES = new Set(['EPIPE', 'ECONNRESET', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END']);

/** Whether the error says the editor's end of the connection is gone. */
export function isConnectionGone(error: unknown): boolean {
  if (error instanceof ConnectionError) return error.code === ConnectionErrors.Closed || error.code === ConnectionErrors.Disposed;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && GONE_CODES.has(code);
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

export function crashReporter(outlets: CrashOutlets): (what: string, error: unknown) => void {
  let ending = false;
  const end = () => {
    if (ending) return;
    ending = true;
    try {
      outlets.stderr('rollmark: the editor closed the connection; exiting\n');
    } catch {
      // Standard error may be gone with the editor.
    }
    outlets.exit(1);
  };
  return (what, error) => {
    if (ending) return;
    if (isConnectionGone(error)) return end();
    const message = `rollmark: ${what}: ${describe(error)}`;
    try {
      outlets.log(message);
    } catch (logError) {
      if (isConnectionGone(logError)) return end();
      try {
        outlets.stderr(`${message}\n`);
      } catch {
        // Nowhere left to report: keep serving.
      }
    }
  };
}
