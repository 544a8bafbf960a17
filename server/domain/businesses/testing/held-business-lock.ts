// Test support: another writer holding businesses an admin write needs, until released, as a running
// import's merge does (held-write.ts). PostgreSQL: the businesses' rows (an import's merge locks the
// rows it updates), which an admin write claims first (lockBusinessRows).
import type { Store } from '../../../../db/store/store.ts';
import { holdWrite } from '../../testing/held-write.ts';

/** Holds the lock (on PostgreSQL, on the rows of `ids`) until the returned call releases it. */
export function holdBusinessWriteLock(store: Store, ids: readonly number[]): Promise<() => Promise<void>> {
  return holdWrite(store, async (other) => {
    const held = await other.query('SELECT id FROM businesses WHERE id = ANY($1::bigint[]) FOR UPDATE', [
      ids,
    ]);
    if (held.rowCount !== ids.length) throw new Error(`only ${held.rowCount} of ${ids.length} rows to hold`);
  });
}
