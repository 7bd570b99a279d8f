/**
 * Why the service refused or failed a request. The service knows no transport; the LSP adapter
 * (server.ts) answers each kind with its LSP error code.
 */
export type ServiceErrorKind =
  /** The arguments name what is not there or cannot be done (LSP: InvalidParams). */
  | 'invalidParams'
  /** The request cannot be served in this workspace (LSP: InvalidRequest). */
  | 'invalidRequest'
  /** It failed; the message says why, in words for the user or pointing at the log (LSP: RequestFailed). */
  | 'requestFailed'
  /** The client cancelled it while it waited (LSP: RequestCancelled). */
  | 'cancelled';

export class ServiceError extends Error {
  constructor(
    readonly kind: ServiceErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}
