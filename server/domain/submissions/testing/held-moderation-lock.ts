// Test support: another writer holding what an approval or a rejection must write, until released.
// SQLite: a second connection's write transaction (the file's one write lock, as an import's merge
// holds it). PostgreSQL: another instance moderating the same submission — a transaction holding its
// queue row, which approve and reject both claim first (moderate-submissions.ts, takeQueued).
import BetterSqlite3 from 'better-sqlite3';
import type { Store } from '../../../../db/store/store.ts';

/** Holds the lock (on PostgreSQL, submission `id`'s queue row) until the returned call releases it. */
export async function holdModerationLock(store: Store, id: number): Promise<() => Promise<void>> {
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
  const held = await other.query('SELECT id FROM submission_queue WHERE id = $1 FOR UPDATE', [id]);
  if (held.rowCount !== 1) throw new Error(`no submission ${id} to hold`);
  return async () => {
    await other.query('ROLLBACK');
    other.release();
  };
}
