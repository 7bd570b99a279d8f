/**
 * LSP's lifecycle, as the specification orders it: no request but `initialize` before
 * `initialize` (-32002 ServerNotInitialized), one `initialize` only, and no request after
 * `shutdown` (InvalidRequest). Every request handler of the server but `initialize`'s, the one
 * for methods it does not have included, asks {@link Lifecycle.refusal} first and answers with it.
 */
import { ErrorCodes, ResponseError } from 'vscode-languageserver';

export type Phase = 'starting' | 'running' | 'shutDown';

export class Lifecycle {
  private current: Phase = 'starting';

  get phase(): Phase {
    return this.current;
  }

  get running(): boolean {
    return this.current === 'running';
  }

  /** `initialize` answered: requests are served from now on. */
  initialized(): void {
    if (this.current === 'starting') this.current = 'running';
  }

  shutDown(): void {
    this.current = 'shutDown';
  }

  /** The error a request gets in the current phase; undefined when it may run. */
  refusal(method: string): ResponseError<void> | undefined {
    if (this.current === 'starting') return new ResponseError(ErrorCodes.ServerNotInitialized, `${method}: the server is not initialized yet; send "initialize" first`);
    if (this.current === 'shutDown') return new ResponseError(ErrorCodes.InvalidRequest, `${method}: the server is shut down; only "exit" is accepted`);
    return undefined;
  }
}
