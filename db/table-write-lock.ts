// One writer at a time on a table, for a transaction that reads before it writes and must not act on
// a count another writer is changing (the login throttle, the synonym groups' duplicates). SQLite
// needs nothing more: the store's write transaction is BEGIN IMMEDIATE, which already keeps every
// other writer of the file out. PostgreSQL's default transactions let writers run side by side, so
// the table is locked until the transaction ends; plain reads still go on beside it.
import type { Database } from './query/prepared-query.ts';
import type { Store } from './store/store.ts';

/** Call first inside a write transaction, with the store the transaction gave. */
export async function lockTableForWrites(store: Store, table: keyof Database): Promise<void> {
  if (store.dialect === 'postgres') await store.query(`LOCK TABLE "${table}" IN EXCLUSIVE MODE`);
}
