// Text ordered the way SQLite orders it (BINARY: byte by byte, i.e. by code point) on either
// dialect, so that ties broken by a name list the same on both: PostgreSQL's database default may be
// a language's collation (en_US orders "b" before "C"), so its column is ordered COLLATE "C".
import { type Expression, type Kysely, PostgresAdapter, sql } from 'kysely';

export function bytewise<DB>(db: Kysely<DB>, column: string): Expression<string> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<string>`${sql.ref(column)} COLLATE "C"`
    : sql<string>`${sql.ref(column)}`;
}
