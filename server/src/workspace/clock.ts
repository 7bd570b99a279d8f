/**
 * Time as the server's timers need it (debounced diagnostics, the workspace check's pauses, the
 * settings' timeout), injected: the hosts differ in what a pending timer means (in Node it must not
 * keep a process alive: node/host.ts) and in how to let other work run.
 */
export interface Clock {
  /** Milliseconds from an arbitrary origin, never going back. */
  now(): number;
  /** Runs `task` after `ms` milliseconds; the function returned cancels it. */
  after(ms: number, task: () => void): () => void;
  /** Resolves once waiting work (requests, file reads) has had its turn. */
  yield(): Promise<void>;
}

/** The timers every JavaScript host has (a browser's worker, Node): what the browser server uses. */
export const standardClock: Clock = {
  now: () => performance.now(),
  after(ms, task) {
    const timer = setTimeout(task, ms);
    return () => clearTimeout(timer);
  },
  yield: () => new Promise<void>((resolve) => setTimeout(resolve, 0)),
};
