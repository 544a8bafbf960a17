// Delete-all on either database: a backup first (kept among the newest BACKUP_KEEP of its kind), then
// every business removed, the figures recounted and the activity logged in one transaction.
// SQLite's backup is a copy of its file; PostgreSQL's is the site copied into a SQLite file by
// `directory copy`'s code, which the same command puts back.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { logActivityIn } from '../../db/activity-repository.ts';
import type { DatabaseAddress } from '../../db/address.ts';
import { DEFAULT_DATABASE_PATH } from '../../db/connection.ts';
import { deleteAllBusinessRows } from '../../db/delete-all-repository.ts';
import { acquireNamedLock } from '../../db/locks/named-lock.ts';
import type { Store } from '../../db/store/store.ts';
import { loadConfig } from '../config.ts';
import { BackupError } from './backup/backup-error.ts';
import { backupDirectoryOf } from './backup/backup-files.ts';
import { keepBackupBeforeChange } from './backup/take-backup.ts';
import { ImportError } from './import/import-error.ts';
import { IMPORT_LOCK } from './import/import-lock.ts';

export interface DeleteAllResult {
  message: string;
  deleted: number;
  backupPath: string;
  /** The command that puts the backup back. */
  restoreCommand: string;
}

export interface DeleteAllOptions {
  actor: string;
  /** Where the backup goes: by default backups/ beside a SQLite file; for PostgreSQL, which has no
   *  file to sit beside, ./data/backups (where the default SQLite database keeps its own). */
  backupDir?: string;
  /** The database's address: PostgreSQL's backup copies the site from it (a store keeps no URL). */
  address?: DatabaseAddress;
  now?: Date;
  /** How many delete-all backups stay (default BACKUP_KEEP; the panel's job runs in a process of
   *  its own with the server's environment). */
  keep?: number;
}

export async function deleteAllBusinesses(store: Store, options: DeleteAllOptions): Promise<DeleteAllResult> {
  // Imports and delete-all share one lock: deleting under a running import would be undone by its merge.
  const locked = await acquireNamedLock(store, IMPORT_LOCK, `delete-all:${options.actor}`);
  if (!locked.acquired) {
    throw new ImportError(
      'busy',
      'import_running',
      'An import is running; delete-all can run when it has finished.',
    );
  }
  try {
    const backup = await backUp(store, options);
    // A backup of a large site takes a while: the lock must still be ours (PostgreSQL: its connection
    // alive) before anything is deleted.
    await locked.lock.heartbeat();
    const deleted = await deleteAllBusinessRows(store, (tx, count) =>
      logActivityIn(tx, {
        kind: 'delete-all',
        actor: options.actor,
        detail: `Deleted all business data (backup: ${backup.path})`,
        count,
      }),
    );
    return {
      message: `All business data deleted (${deleted} ${deleted === 1 ? 'business' : 'businesses'}). A backup was saved first.`,
      deleted,
      backupPath: backup.path,
      restoreCommand: backup.restoreCommand,
    };
  } finally {
    await locked.lock.release();
  }
}

async function backUp(
  store: Store,
  options: DeleteAllOptions,
): Promise<{ path: string; restoreCommand: string }> {
  const keep = options.keep ?? loadConfig().BACKUP_KEEP;
  try {
    const dir =
      options.backupDir ??
      (store.dialect === 'sqlite'
        ? backupDirectoryOf(store.path)
        : resolve(backupDirectoryOf(DEFAULT_DATABASE_PATH)));
    makeFolder(dir);
    if (store.dialect === 'sqlite') {
      const path = keepBackupBeforeChange(store.sqlite, 'before-delete-all', { dir, keep, now: options.now });
      return { path, restoreCommand: command(['directory', 'restore', path, '--db', store.path, '--yes']) };
    }
    const address = options.address;
    if (address?.dialect !== 'postgres') {
      throw new Error('Delete-all on PostgreSQL needs the database address to copy the backup from.');
    }
    const { keepPostgresCopyBeforeChange } = await import('./backup/copy-postgres-backup.ts');
    const path = await keepPostgresCopyBeforeChange(address, 'before-delete-all', {
      dir,
      keep,
      now: options.now,
    });
    return {
      path,
      restoreCommand: command(['directory', 'copy', '--from', path, '--to', address.display, '--yes']),
    };
  } catch (error) {
    if (error instanceof BackupError) {
      throw new BackupError(error.code, `${error.message} Nothing was deleted.`);
    }
    throw error;
  }
}

function makeFolder(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new BackupError('not_found', `Cannot make the backup folder ${dir} (${reason}).`);
  }
}

/** Words a shell takes as they are; anything else single-quoted. */
function command(words: string[]): string {
  return words
    .map((word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`))
    .join(' ');
}
