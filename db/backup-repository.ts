// The SQLite side of backups and restores: the online copy, the checks a file passes before it may
// replace the database, and the copy of a prepared file onto the live one (decision 0023).
import BetterSqlite3 from 'better-sqlite3';
import type { Sqlite } from './connection.ts';
import { noteLocalWrite } from './data-version-memo.ts';
import { readDataVersion } from './stats-repository.ts';

/** Tables the first migration creates: a file without them is not this application's database. */
export const APPLICATION_TABLES = [
  'businesses',
  'import_runs',
  'app_locks',
  'site_stats',
  'kysely_migration',
];

/** An online, consistent copy of the whole database: one read transaction, so writers keep going and
 *  the copy is the database as it was when the copy began (measured against the backup API in 0023). */
export function copyDatabaseTo(sqlite: Sqlite, targetPath: string): void {
  sqlite.prepare('VACUUM INTO ?').run(targetPath);
}

/** Opens a file read-only without creating it; throws SQLite's error when it is not a database. */
export function openDatabaseFileReadOnly(path: string): Sqlite {
  const sqlite = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
  // Reading the header makes SQLite look at the file: "file is not a database" surfaces here.
  sqlite.pragma('schema_version');
  return sqlite;
}

/** Opens a database that must already exist, read-write without changing its settings, waiting for
 *  other writers like every connection of the application. */
export function openExistingDatabase(path: string): Sqlite {
  const sqlite = new BetterSqlite3(path, { fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}

/** What `PRAGMA quick_check` or `integrity_check` finds wrong; empty when the file is sound. */
export function databaseProblems(sqlite: Sqlite, depth: 'quick' | 'full'): string[] {
  const rows = sqlite.pragma(depth === 'quick' ? 'quick_check' : 'integrity_check') as Record<
    string,
    string
  >[];
  const messages = rows.map((row) => String(Object.values(row)[0]));
  return messages.length === 1 && messages[0] === 'ok' ? [] : messages;
}

export function tableNames(sqlite: Sqlite): Set<string> {
  const rows = sqlite.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table'`).pluck().all();
  return new Set(rows as string[]);
}

/** The kysely migrations the file has applied, by name. */
export function appliedMigrations(sqlite: Sqlite): string[] {
  return sqlite.prepare('SELECT name FROM kysely_migration ORDER BY name').pluck().all() as string[];
}

export function pageSize(sqlite: Sqlite): number {
  return sqlite.pragma('page_size', { simple: true }) as number;
}

/** A copy about to become the live database carries no lock and no running import: whoever held
 *  them did so in the database it was copied from, not in this one. */
export function clearRunningWork(sqlite: Sqlite): void {
  sqlite.prepare('DELETE FROM app_locks').run();
  sqlite
    .prepare(
      `UPDATE import_runs SET status = 'interrupted', finished_at = ?,
         message = 'The import stopped before it finished (the database was restored from a backup taken meanwhile); nothing from it was kept.'
       WHERE status = 'running'`,
    )
    .run(new Date().toISOString());
}

/** Sets the data version above `floor`, so that every cache keyed on the version of the database it
 *  replaces (answers, pages, search context) sees a version it has never held. */
export function raiseDataVersionAbove(sqlite: Sqlite, floor: number): number {
  const version = Math.max(floor, readDataVersion(sqlite)) + 1;
  sqlite
    .prepare(
      `INSERT INTO site_stats (key, value) VALUES ('data_version', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    )
    .run(version);
  noteLocalWrite();
  return version;
}

/** Copies the database open in `source` onto the file at `targetPath` with SQLite's backup API, in
 *  one step: the target's write transaction covers the whole copy, so other connections to the
 *  target (the running server) see the old database until the end and then the new one, never a
 *  mix. A writer holding the target's lock is waited for, up to `timeoutMs`. */
export async function copyDatabaseOnto(source: Sqlite, targetPath: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  await source.backup(targetPath, {
    progress: () => {
      // Called after each step that left pages to copy: only a busy target does after the first.
      if (Date.now() > deadline) throw new Error('the database stayed locked by another writer');
      return 0x7fffffff;
    },
  });
}
