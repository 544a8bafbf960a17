// Test support: a CLI test's database on either dialect, named as --db takes it — a SQLite file in the
// test's folder, or a new PostgreSQL database (the CLI creates or migrates either at its first
// command) — and the test's own reads of it, with a connection of their own (the CLI runs in another
// process). The SQL is written with SQLite's `?` placeholders; PostgreSQL is given them numbered.
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import type { Dialect } from '../../db/query/prepared-query.ts';
import { createPostgresDatabase } from '../../db/testing/postgres-database.ts';

export interface CliTestDatabase {
  /** What --db takes: the file's path or the postgres:// URL. */
  readonly address: string;
  /** The rows of a SELECT. */
  rows<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<R[]>;
  /** Drops the PostgreSQL database (a SQLite file goes with the test's folder). */
  dispose(): Promise<void>;
}

/** A database for the CLI: `name`.db in `dir` on SQLite; on PostgreSQL a new, empty database. */
export async function createCliTestDatabase(
  dialect: Dialect,
  dir: string,
  name = 'directory',
): Promise<CliTestDatabase> {
  if (dialect === 'sqlite') {
    const path = join(dir, `${name}.db`);
    return {
      address: path,
      rows: async (sql, params = []) => sqliteRows(path, sql, params),
      dispose: async () => {},
    };
  }
  const database = await createPostgresDatabase();
  return {
    address: database.url,
    async rows<R>(sql: string, params: readonly unknown[] = []) {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        let n = 0;
        return (
          await client.query(
            sql.replace(/\?/g, () => `$${++n}`),
            [...params],
          )
        ).rows as R[];
      } finally {
        await client.end();
      }
    },
    dispose: database.drop,
  };
}

/** The rows of a SELECT on a SQLite file (a CLI test's database, or a backup, which is SQLite on
 *  both dialects), opened read-only. */
export function sqliteRows<R = Record<string, unknown>>(
  path: string,
  sql: string,
  params: readonly unknown[] = [],
): R[] {
  const sqlite = new BetterSqlite3(path, { readonly: true });
  try {
    return sqlite.prepare(sql).all(...params) as R[];
  } finally {
    sqlite.close();
  }
}
