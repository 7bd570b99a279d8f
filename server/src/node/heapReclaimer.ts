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
 *
 * A collection so soon after the work leaves V8's young generation at the size the work grew it
 * to (32 MB) and the old generation's freed pages mapped: V8 gives them back only in a collection
 * it makes when it sees no allocation. So, once the server has been at rest for a few seconds
 * after such a collection, one more: a 10 MB book's server then holds 150 MB instead of 195 (issue 24).
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
  /** Milliseconds without new work, after a collection, before the collection at rest. */
  rest?: number;
}

const DEFAULT_THRESHOLD = 32 * 1024 * 1024;
const DEFAULT_IDLE = 500;
const DEFAULT_REST = 5000;

export class HeapReclaimer {
  private readonly collect: () => void;
  private readonly heapUsed: () => number;
  private readonly threshold: number;
  private readonly idle: number;
  private readonly rest: number;
  private baseline: number;
  private timer: NodeJS.Timeout | undefined;
  /** A collection ran since the last one at rest. */
  private collectedBusy = false;

  constructor(options: HeapReclaimerOptions) {
    this.collect = options.collect;
    this.heapUsed = options.heapUsed ?? (() => process.memoryUsage().heapUsed);
    this.threshold = options.threshold ?? DEFAULT_THRESHOLD;
    this.idle = options.idle ?? DEFAULT_IDLE;
    this.rest = options.rest ?? DEFAULT_REST;
    this.baseline = this.heapUsed();
  }

  /** After work that may have left garbage (an analysis published, a document closed). */
  workDone(): void {
    this.after(this.idle, () => {
      if (this.heapUsed() - this.baseline >= this.threshold) this.collectNow();
      if (this.collectedBusy) this.after(this.rest, () => this.collectAtRest());
    });
  }

  /**
   * Between two pieces of a burst of heavy work (a queue of reports): collects now if the heap has
   * grown enough, for the burst leaves no pause to wait for.
   */
  collectIfGrown(): void {
    if (this.heapUsed() - this.baseline < this.threshold) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.collectNow();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private collectNow(): void {
    this.collect();
    this.baseline = this.heapUsed();
    this.collectedBusy = true;
  }

  private collectAtRest(): void {
    this.collect();
    this.baseline = this.heapUsed();
    this.collectedBusy = false;
  }

  /** Runs `then` after `ms` without new work (a later call replaces an earlier one). */
  private after(ms: number, then: () => void): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      then();
    }, ms);
    // Waiting to collect is no reason for the process to stay alive.
    this.timer.unref();
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
