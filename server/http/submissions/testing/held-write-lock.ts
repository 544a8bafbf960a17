// Test support: another writer holding what a submission must write, until released (held-write.ts).
// PostgreSQL: an import's merge keeps no submission out (its row locks are on businesses and the
// counts, which a submission does not touch), so the only writer that can is another submission under
// way — holding the attempts table's lock (table-write-lock.ts) that every submission takes first.
import type { Store } from '../../../../db/store/store.ts';
import { holdWrite } from '../../../domain/testing/held-write.ts';

/** Holds the lock until the returned call releases it. */
export function holdSubmissionWriteLock(store: Store): Promise<() => Promise<void>> {
  return holdWrite(store, async (other) => {
    await other.query('LOCK TABLE submission_attempts IN EXCLUSIVE MODE');
  });
}
