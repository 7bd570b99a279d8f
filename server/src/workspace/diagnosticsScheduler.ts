/**
 * Push diagnostics, debounced: every change restarts the document's timer, so a burst of
 * keystrokes costs one analysis, of the last version. A run whose document changed or closed
 * while it waited publishes nothing (the newer timer will).
 */

export interface DiagnosticsRun {
  /** Analyses and publishes; resolves false when the result was stale and dropped. */
  (uri: string): Promise<boolean>;
}

export class DiagnosticsScheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private disposed = false;

  constructor(
    private readonly delay: number,
    private readonly run: DiagnosticsRun,
    private readonly onError: (uri: string, error: unknown) => void,
  ) {}

  /** After an edit: wait for the typing to pause. */
  schedule(uri: string, delay = this.delay): void {
    if (this.disposed) return;
    this.cancel(uri);
    const timer = setTimeout(() => {
      this.timers.delete(uri);
      this.run(uri).catch((error: unknown) => this.onError(uri, error));
    }, delay);
    this.timers.set(uri, timer);
  }

  /** On open and when settings change, nobody is typing: publish at once. */
  now(uri: string): void {
    this.schedule(uri, 0);
  }

  cancel(uri: string): void {
    const timer = this.timers.get(uri);
    if (timer) clearTimeout(timer);
    this.timers.delete(uri);
  }

  dispose(): void {
    this.disposed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
