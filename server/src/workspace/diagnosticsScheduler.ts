/**
 * Push diagnostics, debounced: every change restarts the document's timer, so a burst of
 * keystrokes costs one analysis, of the last version. A run whose document changed or closed
 * while it waited publishes nothing (the newer timer will).
 */
import type { Clock } from './clock';

export interface DiagnosticsRun {
  /** Analyses and publishes; resolves false when the result was stale and dropped. */
  (uri: string): Promise<boolean>;
}

export class DiagnosticsScheduler {
  /** Each waiting document's cancel. */
  private readonly timers = new Map<string, () => void>();
  private disposed = false;

  constructor(
    private readonly delay: number,
    private readonly run: DiagnosticsRun,
    private readonly onError: (uri: string, error: unknown) => void,
    private readonly clock: Clock,
  ) {}

  /** After an edit: wait for the typing to pause. */
  schedule(uri: string, delay = this.delay): void {
    if (this.disposed) return;
    this.cancel(uri);
    const cancel = this.clock.after(delay, () => {
      this.timers.delete(uri);
      this.run(uri).catch((error: unknown) => this.onError(uri, error));
    });
    this.timers.set(uri, cancel);
  }

  /** On open and when settings change, nobody is typing: publish at once. */
  now(uri: string): void {
    this.schedule(uri, 0);
  }

  cancel(uri: string): void {
    this.timers.get(uri)?.();
    this.timers.delete(uri);
  }

  dispose(): void {
    this.disposed = true;
    for (const cancel of this.timers.values()) cancel();
    this.timers.clear();
  }
}
