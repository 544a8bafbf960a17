// Opens the one SQLite file with the pragmas production SQLite deployments use.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema.ts';
import { createSqliteStore } from './store/sqlite-store.ts';
import type { SqliteStore } from './store/store.ts';

export type Sqlite = BetterSqlite3.Database;

export interface DatabaseHandle {
  db: Kysely<Database>;
  /** The raw connection, for the hot paths and bulk work that prepare statements once. */
  sqlite: Sqlite;
  /** The same connection as a store (decision 0034), for the concerns that run on either dialect. */
  store: SqliteStore;
  path: string;
  close(): Promise<void>;
}

export const DEFAULT_DATABASE_PATH = './data/directory.db';

export function applyPragmas(sqlite: Sqlite): void {
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
  sqlite.pragma('temp_store = MEMORY');
}

export function openSqlite(path: string, options: { readonly?: boolean } = {}): Sqlite {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new BetterSqlite3(path, { readonly: options.readonly ?? false });
  applyPragmas(sqlite);
  return sqlite;
}

export function openDatabase(path: string = DEFAULT_DATABASE_PATH): DatabaseHandle {
  const sqlite = openSqlite(path);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  let closed = false;
  return {
    db,
    sqlite,
    store: createSqliteStore(sqlite, path),
    path,
    async close() {
      if (closed) return;
      closed = true;
      // Kysely's destroy closes the underlying better-sqlite3 connection.
      await db.destroy();
    },
  };
}

/** Runs fn inside BEGIN IMMEDIATE on the raw connection: takes the write lock up front so that a
 *  second writer waits busy_timeout at the start rather than failing half way. */
export function immediateTransaction<T>(sqlite: Sqlite, fn: () => T): T {
  return sqlite.transaction(fn).immediate();
}
