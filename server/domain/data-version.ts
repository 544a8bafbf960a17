// The data version: a number in the database that every write of site data raises, in any process.
// Caches of pages, answers and sitemaps follow it, so several processes or instances on one database
// stay in step (SQLite: its one row, read per request; PostgreSQL: the version the store's follower
// holds, moved by LISTEN/NOTIFY — decision 0034).
import type { Store } from '../../db/store/store.ts';

/** The version as every cache reads it, synchronously, on either dialect. */
export function storeDataVersionSource(store: Store): () => number {
  return () => store.dataVersion();
}
