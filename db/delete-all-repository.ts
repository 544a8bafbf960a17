// Removing every business, in one transaction on either dialect (a kill -9 half way leaves everything
// in place): the rows, their submissions, the recounted figures and whatever the caller records with
// them (the activity entry) commit together or not at all.
import { refreshAggregatesIn } from './aggregates.ts';
import { discoveryClear } from './discovery-index.ts';
import { preparedQuery } from './query/prepared-query.ts';
import { ftsClear } from './search/fts-index.ts';
import { pgSearchClear } from './search/postgres-search-index.ts';
import type { Store } from './store/store.ts';

const deleteBusinesses = preparedQuery('delete_all_businesses', (db) => db.deleteFrom('businesses'));
// The owners' e-mails of submitted listings go with their businesses (the backup keeps them).
const deleteSubmissions = preparedQuery('delete_all_business_submissions', (db) =>
  db.deleteFrom('business_submissions'),
);
const deleteBusinessHours = preparedQuery('delete_all_business_hours', (db) =>
  db.deleteFrom('business_hours'),
);

/**
 * Deletes every business and recounts; `inTransaction` runs last, inside the same transaction, with
 * the transaction's store and the number deleted. On SQLite the transaction awaits nothing but its
 * own statements (decision 0034), so `inTransaction` must only use the store it is given.
 */
export function deleteAllBusinessRows(
  store: Store,
  inTransaction?: (store: Store, deleted: number) => Promise<void>,
): Promise<number> {
  return store.transaction(async (tx: Store) => {
    if (tx.dialect === 'sqlite') {
      // The FTS index is cleared first: an external-content index must never point at missing rows.
      ftsClear(tx.sqlite);
      discoveryClear(tx.sqlite);
    } else {
      await pgSearchClear(tx);
      // The hours index is kept by PostgreSQL's imports too; the geographic one is SQLite's R*Tree only.
      await tx.run(deleteBusinessHours, {});
    }
    const deleted = await tx.run(deleteBusinesses, {});
    await tx.run(deleteSubmissions, {});
    await refreshAggregatesIn(tx);
    await inTransaction?.(tx, deleted);
    return deleted;
  });
}
