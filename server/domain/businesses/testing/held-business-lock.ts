// Test support: another writer holding businesses an admin write needs, until released, as a running
// import's merge does. SQLite: a second connection's write transaction (the file's one write lock).
// PostgreSQL: a second connection's transaction holding the businesses' rows (an import's merge locks
// the rows it updates), which an admin write claims first (lockBusinessRows).
import BetterSqlite3 from 'better-sqlite3';
import type { Store } from '../../../../db/store/store.ts';

/** Holds the lock (on PostgreSQL, on the rows of `ids`) until the returned call releases it. */
export async function holdBusinessWriteLock(
  store: Store,
  ids: readonly number[],
): Promise<() => Promise<void>> {
  if (store.dialect === 'sqlite') {
    const other = new BetterSqlite3(store.path);
    other.exec('BEGIN IMMEDIATE');
    return async () => {
      other.exec('ROLLBACK');
      other.close();
    };
  }
  const other = await store.connect();
  await other.query('BEGIN');
  const held = await other.query('SELECT id FROM businesses WHERE id = ANY($1::bigint[]) FOR UPDATE', [ids]);
  if (held.rowCount !== ids.length) throw new Error(`only ${held.rowCount} of ${ids.length} rows to hold`);
  return async () => {
    await other.query('ROLLBACK');
    other.release();
  };
}
