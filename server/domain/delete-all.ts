// Delete-all: a backup copy first (kept among the newest BACKUP_KEEP of its kind), then every
// business removed in one transaction.
import { logActivity } from '../../db/activity-repository.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import { deleteAllBusinessRows } from '../../db/delete-all-repository.ts';
import { acquireLock, releaseLock } from '../../db/lock-repository.ts';
import { loadConfig } from '../config.ts';
import { backupDirectoryOf } from './backup/backup-files.ts';
import { keepBackupBeforeChange } from './backup/take-backup.ts';
import { IMPORT_LOCK } from './import/import-lock.ts';
import { ImportError } from './import/import-spreadsheet.ts';

export interface DeleteAllResult {
  message: string;
  deleted: number;
  backupPath: string;
}

export function deleteAllBusinesses(
  handle: DatabaseHandle,
  /** keep: how many delete-all backups stay (default BACKUP_KEEP; the panel's job runs in a worker
   *  with the server's environment). */
  options: { actor: string; backupDir?: string; now?: Date; keep?: number },
): DeleteAllResult {
  const backupDir = options.backupDir ?? backupDirectoryOf(handle.path);
  // Imports and delete-all share one lock: deleting under a running import would be undone by its merge.
  const lock = acquireLock(handle.sqlite, IMPORT_LOCK, `delete-all:${options.actor}`);
  if (!lock.acquired) {
    throw new ImportError(
      'busy',
      'import_running',
      'An import is running; delete-all can run when it has finished.',
    );
  }
  try {
    const backupPath = keepBackupBeforeChange(handle.sqlite, 'before-delete-all', {
      dir: backupDir,
      keep: options.keep ?? loadConfig().BACKUP_KEEP,
      now: options.now,
    });
    const deleted = deleteAllBusinessRows(handle.sqlite, (count) =>
      logActivity(handle.sqlite, {
        kind: 'delete-all',
        actor: options.actor,
        detail: `Deleted all business data (backup: ${backupPath})`,
        count,
      }),
    );
    return {
      message: `All business data deleted (${deleted} ${deleted === 1 ? 'business' : 'businesses'}). A backup was saved first.`,
      deleted,
      backupPath,
    };
  } finally {
    releaseLock(handle.sqlite, IMPORT_LOCK, lock.owner);
  }
}
