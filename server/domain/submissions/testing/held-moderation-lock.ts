// Test support: another writer holding what an approval or a rejection must write, until released
// (held-write.ts). PostgreSQL: another instance moderating the same submission — a transaction holding
// its queue row, which approve and reject both claim first (moderate-submissions.ts, takeQueued).
import type { Store } from '../../../../db/store/store.ts';
import { holdWrite } from '../../testing/held-write.ts';

/** Holds the lock (on PostgreSQL, submission `id`'s queue row) until the returned call releases it. */
export function holdModerationLock(store: Store, id: number): Promise<() => Promise<void>> {
  return holdWrite(store, async (other) => {
    const held = await other.query('SELECT id FROM submission_queue WHERE id = $1 FOR UPDATE', [id]);
    if (held.rowCount !== 1) throw new Error(`no submission ${id} to hold`);
  });
}
