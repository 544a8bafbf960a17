// Delete-all: a backup copy first, then every business removed in one transaction.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { logActivity } from '../../db/activity-repository.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import { backupDatabaseTo, deleteAllBusinessRows } from '../../db/delete-all-repository.ts';
import { acquireLock, releaseLock } from '../../db/lock-repository.ts';
import { IMPORT_LOCK } from './import/import-lock.ts';
import { ImportError } from './import/import-spreadsheet.ts';

export interface DeleteAllResult {
  message: string;
  deleted: number;
  backupPath: string;
}

export function backupFileName(now: Date): string {
  return `directory-before-delete-all-${now.toISOString().replace(/[:.]/g, '-')}.db`;
}

export function deleteAllBusinesses(
  handle: DatabaseHandle,
  options: { actor: string; backupDir?: string; now?: Date },
): DeleteAllResult {
  const backupDir = options.backupDir ?? join(dirname(handle.path), 'backups');
  mkdirSync(backupDir, { recursive: true });
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
    const backupPath = join(backupDir, backupFileName(options.now ?? new Date()));
    backupDatabaseTo(handle.sqlite, backupPath);
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
