// Test support: another writer holding what a submission must write, until released. SQLite: a second
// connection's write transaction, as an import's merge holds the file's one write lock. PostgreSQL: an
// import's merge keeps no submission out (its row locks are on businesses and the counts, which a
// submission does not touch), so the only writer that can is another submission under way — holding
// the attempts table's lock (table-write-lock.ts) that every submission takes first.
import BetterSqlite3 from 'better-sqlite3';
import type { Store } from '../../../../db/store/store.ts';

/** Holds the lock until the returned call releases it. */
export async function holdSubmissionWriteLock(store: Store): Promise<() => Promise<void>> {
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
  await other.query('LOCK TABLE submission_attempts IN EXCLUSIVE MODE');
  return async () => {
    await other.query('ROLLBACK');
    other.release();
  };
}
