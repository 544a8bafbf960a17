// Restoring a backup into the live database while the server keeps serving it. The file is checked,
// copied beside the database, brought up to this version (migrations, search index) and given a data
// version above the live one; then SQLite's backup API copies it onto the live file in one write
// transaction, so the server's open connection sees the old data until the end and the restored data
// after, and every cache keyed on the data version (answers, pages, search context) lets go of the
// old. Nothing is renamed under open connections. What it replaces is kept as a backup first.
import { existsSync, mkdirSync, realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  clearRunningWork,
  copyDatabaseOnto,
  copyDatabaseTo,
  openDatabaseFileReadOnly,
  pageSize,
  raiseDataVersionAbove,
} from '../../../db/backup-repository.ts';
import { acquireLock, releaseLock } from '../../../db/lock-repository.ts';
import { bumpDataVersion, readDataVersion } from '../../../db/stats-repository.ts';
import { IMPORT_LOCK } from '../import/import-lock.ts';
import { openAndPrepareDatabase } from '../open-database.ts';
import { BackupError } from './backup-error.ts';
import { backupDirectoryOf, partialPathFor, removeLeftoverPartials } from './backup-files.ts';
import { checkBackupFile } from './check-backup-file.ts';
import { keepBackupBeforeChange } from './take-backup.ts';

export interface RestoreResult {
  restoredFrom: string;
  /** The backup of the database the restore replaced (null when there was none). */
  replacedBackup: string | null;
  /** Migrations applied to the restored data, which came from an older version. */
  migrated: string[];
  dataVersion: number;
}

export interface RestoreOptions {
  keep: number;
  now?: Date;
  /** How long a writer holding the live database may keep the restore waiting. */
  lockTimeoutMs?: number;
}

export async function restoreDatabase(
  databasePath: string,
  file: string,
  options: RestoreOptions,
): Promise<RestoreResult> {
  const checked = checkBackupFile(file);
  if (existsSync(databasePath) && realpathSync(file) === realpathSync(databasePath)) {
    throw new BackupError('exists', `${file} is the database itself; restore another file onto it.`);
  }
  const dir = backupDirectoryOf(databasePath);
  mkdirSync(dir, { recursive: true });
  removeLeftoverPartials(dir);
  const existed = existsSync(databasePath);
  const live = await openAndPrepareDatabase(databasePath);
  try {
    // The import lock: an import's merge would write into the restored data, and a restore under a
    // running import would be overwritten by it. Delete-all takes the same lock.
    const lock = acquireLock(live.sqlite, IMPORT_LOCK, 'restore');
    if (!lock.acquired) {
      throw new BackupError('import_running', 'An import is running; restore can run when it has finished.');
    }
    try {
      const replacedBackup = existed
        ? keepBackupBeforeChange(live.sqlite, 'before-restore', { dir, keep: options.keep, now: options.now })
        : null;
      const staged = partialPathFor(join(dir, 'directory-restoring.db'));
      try {
        const source = openDatabaseFileReadOnly(file);
        try {
          copyDatabaseTo(source, staged);
        } finally {
          source.close();
        }
        const copy = await openAndPrepareDatabase(staged);
        try {
          clearRunningWork(copy.sqlite);
          matchPageSize(copy.sqlite, pageSize(live.sqlite));
          raiseDataVersionAbove(copy.sqlite, readDataVersion(live.sqlite));
          await copyDatabaseOnto(copy.sqlite, databasePath, options.lockTimeoutMs ?? 30_000).catch(
            (error: Error) => {
              throw new BackupError('busy', `The database could not be replaced: ${error.message}.`);
            },
          );
        } finally {
          await copy.close();
        }
      } finally {
        for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${staged}${suffix}`, { force: true });
      }
      // Once more on the live file: a cache filled from a write that landed while the copy was being
      // prepared holds a version no higher than the one just copied.
      bumpDataVersion(live.sqlite);
      return {
        restoredFrom: file,
        replacedBackup,
        migrated: checked.pendingMigrations,
        dataVersion: readDataVersion(live.sqlite),
      };
    } finally {
      // The restored data carries no lock (clearRunningWork); this only matters if the copy failed.
      releaseLock(live.sqlite, IMPORT_LOCK, lock.owner);
    }
  } finally {
    await live.close();
  }
}

/** SQLite's backup API cannot copy onto a WAL database of another page size. */
function matchPageSize(sqlite: Parameters<typeof pageSize>[0], size: number): void {
  if (pageSize(sqlite) === size) return;
  sqlite.pragma('journal_mode = DELETE');
  sqlite.pragma(`page_size = ${size}`);
  sqlite.exec('VACUUM');
}
