// Runs prepared queries on one database: better-sqlite3's statements (cached per connection and SQL)
// or a pg pool or client (named statements, prepared once per connection). Both answer rows as
// objects keyed by column, with the same JavaScript types (numbers, strings, null).
import type pg from 'pg';
import type { Sqlite } from '../connection.ts';
import { allRows, firstRow } from '../row-objects.ts';
import { cachedStatement } from '../statement-cache.ts';
import type { Dialect, PreparedQuery } from './prepared-query.ts';

export interface QueryRunner {
  readonly dialect: Dialect;
  all<A extends object, R>(query: PreparedQuery<A, R>, args: A): Promise<R[]>;
  first<A extends object, R>(query: PreparedQuery<A, R>, args: A): Promise<R | undefined>;
  /** A write: how many rows it changed. */
  run<A extends object>(query: PreparedQuery<A, unknown>, args: A): Promise<number>;
}

export function sqliteRunner(sqlite: Sqlite): QueryRunner {
  return {
    dialect: 'sqlite',
    // better-sqlite3 answers at once; the promise is the interface both dialects share.
    all: async (query, args) => sqliteSync.all(sqlite, query, args),
    first: async (query, args) => sqliteSync.first(sqlite, query, args),
    run: async (query, args) => sqliteSync.run(sqlite, query, args),
  };
}

export function postgresRunner(queryable: pg.Pool | pg.PoolClient): QueryRunner {
  const execute = (query: PreparedQuery<object, unknown>, args: object) =>
    queryable.query({
      name: query.name,
      text: query.compiled('postgres').sql,
      values: query.parameters('postgres', args),
    });
  return {
    dialect: 'postgres',
    all: async (query, args) => (await execute(query, args)).rows as never,
    first: async (query, args) => (await execute(query, args)).rows[0] as never,
    run: async (query, args) => (await execute(query, args)).rowCount ?? 0,
  };
}

/**
 * A prepared query run synchronously on SQLite, for code that must stay synchronous (inside a
 * better-sqlite3 transaction, or on a hot path) yet share its SQL with the store's callers.
 */
export const sqliteSync = {
  all<A extends object, R>(sqlite: Sqlite, query: PreparedQuery<A, R>, args: A): R[] {
    return allRows<R>(sqlite, query.compiled('sqlite').sql, query.parameters('sqlite', args));
  },
  first<A extends object, R>(sqlite: Sqlite, query: PreparedQuery<A, R>, args: A): R | undefined {
    return firstRow<R>(sqlite, query.compiled('sqlite').sql, query.parameters('sqlite', args));
  },
  run<A extends object>(sqlite: Sqlite, query: PreparedQuery<A, unknown>, args: A): number {
    return cachedStatement(sqlite, query.compiled('sqlite').sql).run(...query.parameters('sqlite', args))
      .changes;
  },
};
