// Statements whose SQL is assembled per call (one shape per combination of filters) are prepared once
// per connection and SQL text: preparing costs several times the query on the hot list paths.
import type { Statement } from 'better-sqlite3';
import type { Sqlite } from './connection.ts';

export type CachedStatement = Statement<unknown[], unknown>;

const byConnection = new WeakMap<Sqlite, Map<string, CachedStatement>>();

export function cachedStatement(sqlite: Sqlite, sql: string): CachedStatement {
  let bySql = byConnection.get(sqlite);
  if (!bySql) {
    bySql = new Map();
    byConnection.set(sqlite, bySql);
  }
  let statement = bySql.get(sql);
  if (!statement) {
    statement = sqlite.prepare<unknown[]>(sql);
    bySql.set(sql, statement);
  }
  return statement;
}
