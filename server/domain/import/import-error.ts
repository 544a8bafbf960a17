// An import that did not happen: its own module, so that what only tells one apart (the CLI's exit
// codes) need not load the import's pipeline.

export type ImportErrorKind = 'busy' | 'rejected' | 'failed';

/** An import that did not happen. `kind` maps to HTTP 409 / 400 / 500 and to CLI messages. */
export class ImportError extends Error {
  constructor(
    readonly kind: ImportErrorKind,
    readonly code: string,
    message: string,
    readonly runId?: number,
  ) {
    super(message);
    this.name = 'ImportError';
  }
}
