// A backup or restore refused or failed for a reason the administrator can act on; `code` is what
// --json answers carry.
export type BackupErrorCode =
  | 'not_found'
  | 'exists'
  | 'not_sqlite'
  | 'corrupt'
  | 'not_directory_database'
  | 'newer_schema'
  | 'import_running'
  | 'disk_full'
  | 'busy';

export class BackupError extends Error {
  constructor(
    readonly code: BackupErrorCode,
    message: string,
  ) {
    super(message);
  }
}
