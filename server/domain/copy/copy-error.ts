// Why a copy was refused or undone. A module of its own: the CLI maps it without loading the copy
// and the PostgreSQL client.
export class CopyError extends Error {
  constructor(
    readonly code: 'same_database' | 'target_not_empty' | 'schema_differs' | 'verification_failed',
    message: string,
  ) {
    super(message);
    this.name = 'CopyError';
  }
}
