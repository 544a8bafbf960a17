// What a file must be before it may replace the database: a SQLite database, sound by
// `PRAGMA integrity_check`, with this application's tables, and written by this version of the code
// or an older one (its kysely migrations all known here; the missing ones are applied after).
import { existsSync, statSync } from 'node:fs';
import {
  APPLICATION_TABLES,
  appliedMigrations,
  databaseProblems,
  openDatabaseFileReadOnly,
  tableNames,
} from '../../../db/backup-repository.ts';
import { knownMigrationNames } from '../../../db/migrate.ts';
import { BackupError } from './backup-error.ts';

export interface CheckedBackup {
  /** Migrations the file lacks: applied to the restored copy before it goes live. */
  pendingMigrations: string[];
}

export function checkBackupFile(file: string): CheckedBackup {
  if (!existsSync(file)) throw new BackupError('not_found', `No such file: ${file}`);
  if (statSync(file).isDirectory()) throw new BackupError('not_sqlite', `${file} is a folder, not a backup.`);
  let sqlite: ReturnType<typeof openDatabaseFileReadOnly>;
  try {
    sqlite = openDatabaseFileReadOnly(file);
  } catch (error) {
    throw asCheckError(error, file);
  }
  try {
    const problems = databaseProblems(sqlite, 'full');
    if (problems.length > 0) throw damaged(file, problems[0] ?? 'not ok');
    const tables = tableNames(sqlite);
    const missing = APPLICATION_TABLES.filter((table) => !tables.has(table));
    if (missing.length > 0) {
      throw new BackupError(
        'not_directory_database',
        `${file} is a SQLite database but not this directory's (it has no ${missing.join(', ')} table).`,
      );
    }
    const known = knownMigrationNames();
    const applied = appliedMigrations(sqlite);
    const unknown = applied.filter((name) => !known.includes(name));
    if (unknown.length > 0) {
      throw new BackupError(
        'newer_schema',
        `${file} was written by a newer version of the directory (its migration ${unknown[0]} is unknown here). Update this installation, then restore.`,
      );
    }
    return { pendingMigrations: known.filter((name) => !applied.includes(name)) };
  } catch (error) {
    throw asCheckError(error, file);
  } finally {
    sqlite.close();
  }
}

function damaged(file: string, problem: string): BackupError {
  return new BackupError(
    'corrupt',
    `${file} is damaged (integrity check: ${problem}); nothing was restored.`,
  );
}

function asCheckError(error: unknown, file: string): unknown {
  if (error instanceof BackupError) return error;
  const code = (error as { code?: string }).code ?? '';
  if (code === 'SQLITE_NOTADB') return new BackupError('not_sqlite', `${file} is not a SQLite database.`);
  if (code.startsWith('SQLITE_CORRUPT')) return damaged(file, (error as Error).message);
  return error;
}
