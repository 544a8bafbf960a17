// Statements whose SQL is assembled per call (one shape per combination of filters) are prepared once
// per connection and SQL text: preparing costs several times the query on the hot list paths.
import type { Statement } from 'better-sqlite3';
import type { Sqlite } from './connection.ts';

export type CachedStatement = Statement<unknown[], unknown>;

/** What is made once per connection and SQL text (a statement, or a statement with what reads its
 *  rows), kept in `cache`. */
export function perConnectionAndSql<V>(
  cache: WeakMap<Sqlite, Map<string, V>>,
  sqlite: Sqlite,
  sql: string,
  make: () => V,
): V {
  let bySql = cache.get(sqlite);
  if (!bySql) {
    bySql = new Map();
    cache.set(sqlite, bySql);
  }
  let value = bySql.get(sql);
  if (value === undefined) {
    value = make();
    bySql.set(sql, value);
  }
  return value;
}

const statements = new WeakMap<Sqlite, Map<string, CachedStatement>>();

export function cachedStatement(sqlite: Sqlite, sql: string): CachedStatement {
  return perConnectionAndSql(statements, sqlite, sql, () => sqlite.prepare<unknown[]>(sql));
}
