// The backup taken before a change on PostgreSQL (delete-all): the site copied into a SQLite file by
// `directory copy`'s own code (every table verified before it commits), kept in a backup folder under
// the same names and rotation as SQLite's backups. It goes back with
// `directory copy --from <file> --to <postgres url> --yes`.
import { linkSync, mkdirSync, rmSync } from 'node:fs';
import type { DatabaseAddress } from '../../../db/address.ts';
import { databaseProblems, openExistingDatabase } from '../../../db/backup-repository.ts';
import { BackupError } from './backup-error.ts';
import { type BackupKind, partialPathFor, removeLeftoverPartials, rotateBackups } from './backup-files.ts';
import { asBackupError, freeBackupPath, syncFile } from './take-backup.ts';

type PostgresAddress = Extract<DatabaseAddress, { dialect: 'postgres' }>;

/** Copies the site at `source` into a new dated SQLite file in `dir`, keeping the newest `keep` of
 *  its kind there; the file's path. Nothing stands under a backup's name unless complete and checked. */
export async function keepPostgresCopyBeforeChange(
  source: PostgresAddress,
  kind: Exclude<BackupKind, 'backup'>,
  options: { dir: string; keep: number; now?: Date },
): Promise<string> {
  mkdirSync(options.dir, { recursive: true });
  removeLeftoverPartials(options.dir);
  const file = freeBackupPath(options.dir, kind, options.now ?? new Date());
  const partial = partialPathFor(file);
  const leftovers = [partial, `${partial}-journal`, `${partial}-wal`, `${partial}-shm`];
  try {
    for (const path of leftovers) rmSync(path, { force: true });
    // Loaded on use, as the copy command loads it: the PostgreSQL client stays out of SQLite's paths.
    const { copySite } = await import('../copy/copy-site.ts');
    try {
      await copySite(source, { dialect: 'sqlite', path: partial, display: partial });
    } catch (error) {
      throw asBackupError(error, file);
    }
    checkAndSeal(partial);
    syncFile(partial);
    // link, not rename: it never replaces a file that appeared meanwhile under the real name.
    try {
      linkSync(partial, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
        throw new BackupError('exists', `${file} already exists; nothing was written.`);
      }
      throw error;
    }
    syncFile(options.dir);
  } finally {
    for (const path of leftovers) rmSync(path, { force: true });
  }
  rotateBackups(options.dir, options.keep);
  return file;
}

/** One self-contained file (a rollback journal rather than WAL, so no -wal or -shm ever sits beside
 *  the backup's name), checked as SQLite backups are. */
function checkAndSeal(path: string): void {
  const copy = openExistingDatabase(path);
  try {
    copy.pragma('journal_mode = DELETE');
    const problems = databaseProblems(copy, 'quick');
    if (problems.length > 0) {
      throw new BackupError('corrupt', `The copy failed its check (${problems[0]}); nothing was written.`);
    }
  } finally {
    copy.close();
  }
}
