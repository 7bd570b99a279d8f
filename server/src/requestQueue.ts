/**
 * Requests that build something large (a scenario report) or that a client may send by the
 * hundred (rolls) run a few at a time, in the order they came: four hundred of them at once hold
 * their parameters, not four hundred reports under construction. A request the same as one still
 * waiting (the same `key`) shares that one's answer: it would be built from the same state. A
 * request cancelled while it waits is answered at once (RequestCancelled) and, when nobody else
 * waits for the same answer, leaves the queue; past {@link MAX_WAITING} waiting requests a new one
 * is refused at once (ServerCancelled: the client may send it again).
 */
import { type CancellationToken, LSPErrorCodes, ResponseError } from 'vscode-languageserver';

/** The most requests one queue keeps waiting. */
export const MAX_WAITING = 1000;

interface Waiting {
  key: string | undefined;
  /** Requests still waiting for this entry's answer. */
  waiters: number;
  /** Its turn came: `work` runs. */
  start(): void;
  /** The answer, once it ran. */
  answer: Promise<unknown>;
}

export class RequestQueue {
  private running = 0;
  private readonly waiting: Waiting[] = [];

  constructor(
    /** How many run at once. */
    private readonly concurrency = 1,
    /** After each request, before the next starts: its answer sent, the heap's garbage collected. */
    private readonly between: () => Promise<void> | void = () => undefined,
    private readonly maxWaiting = MAX_WAITING,
  ) {}

  /** Runs `work` when its turn comes, unless the request is cancelled first; `key` names what it computes. */
  async run<T>(method: string, token: CancellationToken, work: () => Promise<T>, key?: string): Promise<T | ResponseError<void>> {
    const cancelled = () => new ResponseError(LSPErrorCodes.RequestCancelled, `${method}: cancelled`);
    if (token.isCancellationRequested) return cancelled();
    if (this.running < this.concurrency) {
      this.running++;
      try {
        return await work();
      } finally {
        void this.next();
      }
    }
    let entry = key === undefined ? undefined : this.waiting.find((w) => w.key === key);
    if (!entry) {
      if (this.waiting.length >= this.maxWaiting) return new ResponseError(LSPErrorCodes.ServerCancelled, `${method}: ${this.waiting.length} requests are already waiting; send it again later`);
      entry = this.enqueue(key, work);
    }
    entry.waiters++;
    const waited = entry;
    return new Promise<T | ResponseError<void>>((resolve, reject) => {
      const listener = token.onCancellationRequested(() => {
        listener.dispose();
        resolve(cancelled());
        if (--waited.waiters === 0) {
          const at = this.waiting.indexOf(waited);
          if (at >= 0) this.waiting.splice(at, 1);
        }
      });
      waited.answer.then(
        (answer) => {
          listener.dispose();
          resolve(answer as T);
        },
        (error: unknown) => {
          listener.dispose();
          reject(error);
        },
      );
    });
  }

  private enqueue<T>(key: string | undefined, work: () => Promise<T>): Waiting {
    let start = () => undefined as void;
    const turn = new Promise<void>((resolve) => (start = resolve));
    const answer = turn.then(async () => {
      try {
        return await work();
      } finally {
        void this.next();
      }
    });
    const entry: Waiting = { key, waiters: 0, start: () => start(), answer };
    this.waiting.push(entry);
    return entry;
  }

  /** One finished: once `between` is done, the slot goes to the next one waiting, or is freed. */
  private async next(): Promise<void> {
    try {
      await this.between();
    } finally {
      const next = this.waiting.shift();
      if (next) next.start();
      else this.running--;
    }
  }
}
