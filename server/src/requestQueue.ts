/**
 * Requests that build something large (a scenario report) or that a client may send by the
 * hundred (rolls) run a few at a time, in the order they came: four hundred of them at once hold
 * their parameters, not four hundred reports under construction. A request cancelled while it
 * waits leaves the queue and is answered at once (RequestCancelled); past {@link MAX_WAITING}
 * waiting requests a new one is refused at once (ServerCancelled: the client may send it again).
 */
import { type CancellationToken, LSPErrorCodes, ResponseError } from 'vscode-languageserver';

/** The most requests one queue keeps waiting. */
export const MAX_WAITING = 1000;

interface Waiting {
  start(): void;
}

export class RequestQueue {
  private running = 0;
  private readonly waiting: Waiting[] = [];

  constructor(
    /** How many run at once. */
    private readonly concurrency = 1,
    /** After each request, before the next starts: the heap's garbage collected, say. */
    private readonly between: () => void = () => undefined,
    private readonly maxWaiting = MAX_WAITING,
  ) {}

  /** Runs `work` when its turn comes, unless the request is cancelled first. */
  async run<T>(method: string, token: CancellationToken, work: () => Promise<T>): Promise<T | ResponseError<void>> {
    const cancelled = () => new ResponseError(LSPErrorCodes.RequestCancelled, `${method}: cancelled`);
    if (token.isCancellationRequested) return cancelled();
    if (this.running < this.concurrency) {
      this.running++;
    } else {
      if (this.waiting.length >= this.maxWaiting) return new ResponseError(LSPErrorCodes.ServerCancelled, `${method}: ${this.waiting.length} requests are already waiting; send it again later`);
      const started = await this.turn(token);
      if (!started) return cancelled();
    }
    try {
      if (token.isCancellationRequested) return cancelled();
      return await work();
    } finally {
      this.between();
      // The slot goes to the next one waiting, or is freed.
      const next = this.waiting.shift();
      if (next) next.start();
      else this.running--;
    }
  }

  /** Resolves to true when this request's turn comes, false when it is cancelled first. */
  private turn(token: CancellationToken): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const entry: Waiting = {
        start: () => {
          listener.dispose();
          resolve(true);
        },
      };
      const listener = token.onCancellationRequested(() => {
        const at = this.waiting.indexOf(entry);
        if (at < 0) return;
        this.waiting.splice(at, 1);
        listener.dispose();
        resolve(false);
      });
      this.waiting.push(entry);
    });
  }
}
