// Taking a backup: a copy of the live database under a temporary name, checked, made durable, and
// only then given its real name. A copy cut short (killed process, full disk) therefore never stands
// under a backup's name; its temporary file is removed by the next backup in that folder.
import { closeSync, existsSync, fsyncSync, linkSync, mkdirSync, openSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  copyDatabaseTo,
  databaseProblems,
  openDatabaseFileReadOnly,
  openExistingDatabase,
} from '../../../db/backup-repository.ts';
import type { Sqlite } from '../../../db/connection.ts';
import { BackupError } from './backup-error.ts';
import {
  type BackupKind,
  backupDirectoryOf,
  backupFileName,
  partialPathFor,
  removeLeftoverPartials,
  rotateBackups,
} from './backup-files.ts';

export interface BackupResult {
  file: string;
  bytes: number;
  /** Older backups deleted by the rotation. */
  rotatedAway: string[];
}

/** Writes a checked copy of the database open in `sqlite` to `finalPath`, which must not exist. */
export function writeCheckedCopy(sqlite: Sqlite, finalPath: string): void {
  const dir = dirname(finalPath);
  if (!existsSync(dir)) throw new BackupError('not_found', `No such folder: ${dir}`);
  removeLeftoverPartials(dir);
  if (existsSync(finalPath))
    throw new BackupError('exists', `${finalPath} already exists; nothing was written.`);
  const partial = partialPathFor(finalPath);
  try {
    rmSync(partial, { force: true });
    try {
      copyDatabaseTo(sqlite, partial);
    } catch (error) {
      throw asBackupError(error, finalPath);
    }
    const copy = openDatabaseFileReadOnly(partial);
    let problems: string[];
    try {
      problems = databaseProblems(copy, 'quick');
    } finally {
      copy.close();
    }
    if (problems.length > 0) {
      throw new BackupError('corrupt', `The copy failed its check (${problems[0]}); nothing was written.`);
    }
    syncFile(partial);
    // link, not rename: it never replaces a file that appeared meanwhile under the real name.
    try {
      linkSync(partial, finalPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
        throw new BackupError('exists', `${finalPath} already exists; nothing was written.`);
      }
      throw error;
    }
    syncFile(dir);
  } finally {
    rmSync(partial, { force: true });
  }
}

/** `directory backup`: the database at `databasePath` to `out`, else to data/backups/ with a dated
 *  name, keeping the newest `keep` there. */
export function backupDatabase(
  databasePath: string,
  options: { out?: string; keep: number; now?: Date },
): BackupResult {
  if (!existsSync(databasePath)) throw new BackupError('not_found', `No such file: ${databasePath}`);
  const dir = backupDirectoryOf(databasePath);
  const sqlite = openExistingDatabase(databasePath);
  try {
    if (options.out === undefined) mkdirSync(dir, { recursive: true });
    const file = options.out ?? freeBackupPath(dir, 'backup', options.now ?? new Date());
    writeCheckedCopy(sqlite, file);
    const rotatedAway = options.out === undefined ? rotateBackups(dir, options.keep) : [];
    return { file, bytes: statSync(file).size, rotatedAway };
  } finally {
    sqlite.close();
  }
}

/** The copy taken before a change that replaces data (delete-all, restore), rotated like the others. */
export function keepBackupBeforeChange(
  sqlite: Sqlite,
  kind: Exclude<BackupKind, 'backup'>,
  options: { dir: string; keep: number; now?: Date },
): string {
  mkdirSync(options.dir, { recursive: true });
  const file = freeBackupPath(options.dir, kind, options.now ?? new Date());
  writeCheckedCopy(sqlite, file);
  rotateBackups(options.dir, options.keep);
  return file;
}

/** The dated name, a millisecond later if a backup of the same kind already has it. */
export function freeBackupPath(dir: string, kind: BackupKind, now: Date): string {
  let time = now.getTime();
  while (existsSync(join(dir, backupFileName(kind, new Date(time))))) time++;
  return join(dir, backupFileName(kind, new Date(time)));
}

export function syncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export function asBackupError(error: unknown, target: string): unknown {
  const code = (error as { code?: string }).code ?? '';
  if (code === 'SQLITE_FULL' || code === 'ENOSPC') {
    return new BackupError('disk_full', `The disk is full; no backup was written to ${target}.`);
  }
  if (code === 'SQLITE_NOTADB')
    return new BackupError('not_sqlite', 'The database file is not a SQLite database.');
  if (code.startsWith('SQLITE_CANTOPEN')) {
    return new BackupError('not_found', `Cannot write ${target}: its folder is missing or not writable.`);
  }
  return error;
}
