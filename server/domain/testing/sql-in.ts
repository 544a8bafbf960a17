// Test support: a test's own look at the tables, or a change behind the application's back, in SQL
// both dialects read alike. The text is written with SQLite's `?` placeholders; PostgreSQL is given
// them numbered ($1, $2, …). No `?` may appear in the text but as a placeholder.
import type { Store } from '../../../db/store/store.ts';

function numbered(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}

/** The rows of a SELECT. */
export async function rowsIn<R = Record<string, unknown>>(
  store: Store,
  text: string,
  params: readonly unknown[] = [],
): Promise<R[]> {
  if (store.dialect === 'sqlite') return store.sqlite.prepare(text).all(...params) as R[];
  return (await store.query(numbered(text), [...params])).rows as R[];
}

/** A statement that returns no rows (UPDATE, DELETE, DDL). */
export async function execIn(store: Store, text: string, params: readonly unknown[] = []): Promise<void> {
  if (store.dialect === 'sqlite') {
    if (params.length === 0) store.sqlite.exec(text);
    else store.sqlite.prepare(text).run(...params);
    return;
  }
  await store.query(numbered(text), [...params]);
}

/** How many rows a table holds. */
export async function countIn(store: Store, table: string): Promise<number> {
  const [row] = await rowsIn<{ n: number | string }>(store, `SELECT COUNT(*) AS n FROM ${table}`);
  return Number(row?.n);
}

/** The data version as the database holds it now (what readDataVersion reads on SQLite); not the one
 *  a PostgreSQL store has heard of so far (settled-data-version.ts waits for that). */
export async function storedDataVersion(store: Store): Promise<number> {
  const [row] = await rowsIn<{ value: number }>(
    store,
    `SELECT value FROM site_stats WHERE key = 'data_version'`,
  );
  return row?.value ?? 0;
}

/** Any statement: a SELECT's rows, or none for a statement that returns none (SQLite tells them apart
 *  by the prepared statement; PostgreSQL answers each with its rows). */
export async function sqlIn<R = Record<string, unknown>>(
  store: Store,
  text: string,
  params: readonly unknown[] = [],
): Promise<R[]> {
  if (store.dialect === 'postgres') return (await store.query(numbered(text), [...params])).rows as R[];
  const statement = store.sqlite.prepare(text);
  if (statement.reader) return statement.all(...params) as R[];
  statement.run(...params);
  return [];
}
