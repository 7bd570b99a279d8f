/**
 * Gives memory back after edits to large documents.
 *
 * Every edit makes the document a new string; the old one (the whole book: 5–6 MB for a 5 MB
 * scenario) lands in V8's large-object space, which only a full collection frees, and V8 starts
 * one only when the old generation has about doubled since the last. A burst of edits on a 5 MB
 * book thus kept ~330 MB resident for many seconds, though the live heap is ~60 MB. A full
 * collection of that heap pauses the server for 30–70 ms, which right after an edit would land
 * on the next one; so it waits until the edits pause, and runs only if the heap has grown
 * enough since the last one to be worth it.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface HeapReclaimerOptions {
  /** A full garbage collection. */
  collect: () => void;
  /** Bytes of heap in use, garbage not yet collected included. */
  heapUsed?: () => number;
  /** Growth since the last collection that is worth a full one. */
  threshold?: number;
  /** Milliseconds without new work before collecting. */
  idle?: number;
}

const DEFAULT_THRESHOLD = 32 * 1024 * 1024;
const DEFAULT_IDLE = 500;

export class HeapReclaimer {
  private readonly collect: () => void;
  private readonly heapUsed: () => number;
  private readonly threshold: number;
  private readonly idle: number;
  private baseline: number;
  private timer: NodeJS.Timeout | undefined;

  constructor(options: HeapReclaimerOptions) {
    this.collect = options.collect;
    this.heapUsed = options.heapUsed ?? (() => process.memoryUsage().heapUsed);
    this.threshold = options.threshold ?? DEFAULT_THRESHOLD;
    this.idle = options.idle ?? DEFAULT_IDLE;
    this.baseline = this.heapUsed();
  }

  /** After work that may have left garbage (an analysis published, a document closed). */
  workDone(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.heapUsed() - this.baseline < this.threshold) return;
      this.collect();
      this.baseline = this.heapUsed();
    }, this.idle);
    // Waiting to collect is no reason for the process to stay alive.
    this.timer.unref();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/**
 * V8's full collection, without asking whoever starts the server for `--expose-gc` (editors
 * start it with their own command line). The flag only reaches contexts created after it is
 * set, hence the new context. Undefined where the runtime refuses.
 */
export function fullCollection(): (() => void) | undefined {
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    return typeof gc === 'function' ? () => void gc() : undefined;
  } catch {
    return undefined;
  }
}
