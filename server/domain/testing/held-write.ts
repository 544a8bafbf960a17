// Test support: another writer holding what the write under test needs, until released. SQLite: a
// second connection's write transaction (the file's one write lock, as an import's merge holds it).
// PostgreSQL: a second connection's transaction that has taken the row or table lock the caller names
// (each write waits for its own: the rows it claims, the table it serialises on).
import BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import type { Store } from '../../../db/store/store.ts';

/** Holds the lock until the returned call releases it; `postgresHold` takes it on PostgreSQL. */
export async function holdWrite(
  store: Store,
  postgresHold: (client: pg.PoolClient) => Promise<void>,
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
  try {
    await postgresHold(other);
  } catch (error) {
    await other.query('ROLLBACK');
    other.release();
    throw error;
  }
  return async () => {
    await other.query('ROLLBACK');
    other.release();
  };
}
