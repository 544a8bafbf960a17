// Test support: one database shared by a file's tests, given the same businesses before each test as
// a new database would be: every business gone with what is derived from it, the ids counting from 1
// again, then the records inserted with the search and discovery indexes and the counts made as an
// import leaves them. SQLite: delete-all's own path, then exactly what insertTestBusinesses does on a
// new file. PostgreSQL: the same rows through one shared insert, indexed by the calls its writes use.
import { refreshAggregatesIn } from '../../../../db/aggregates.ts';
import { deleteAllBusinessRows } from '../../../../db/delete-all-repository.ts';
import { pgDiscoveryRebuild } from '../../../../db/discovery-index.ts';
import { pgSearchIndex } from '../../../../db/search/postgres-search-index.ts';
import type { Store } from '../../../../db/store/store.ts';
import { type BusinessRecord, fixtureRowToBusiness } from '../../../../fixtures/generator/database-rows.ts';
import { generateRows } from '../../../../fixtures/generator/rows.ts';
import { insertTestBusinesses } from '../../../domain/businesses/testing/business-records.ts';
import { insertBusinessesIn } from '../../../domain/export/testing/insert-businesses-in.ts';

/** Replaces every business with `records`, ids 1, 2, … in order. */
export async function replaceBusinesses(store: Store, records: readonly BusinessRecord[]): Promise<void> {
  if (store.dialect === 'sqlite') {
    await deleteAllBusinessRows(store);
    // No AUTOINCREMENT on businesses: an empty table gives id 1 again.
    insertTestBusinesses(store.sqlite, records);
    return;
  }
  // delete-all's tables (db/delete-all-repository.ts) emptied by DELETE: its TRUNCATE of the search
  // tables and its recount cost about 50 ms, before every test of a file. The identity column never
  // goes back by itself.
  await store.transaction(async (tx) => {
    if (tx.dialect !== 'postgres') throw new Error('unreachable');
    await tx.query(
      `DELETE FROM search_documents; DELETE FROM search_vocab; DELETE FROM business_hours;
       DELETE FROM business_submissions; DELETE FROM businesses;
       SELECT setval(pg_get_serial_sequence('businesses', 'id'), 1, false)`,
    );
  });
  await insertBusinessesIn(store, records);
  const ids = records.map((_, index) => index + 1);
  await store.transaction(async (tx) => {
    if (tx.dialect !== 'postgres') throw new Error('unreachable');
    await pgSearchIndex(tx, ids);
    await pgDiscoveryRebuild(tx);
    await refreshAggregatesIn(tx);
  });
}

/** `count` generated businesses (the generator's seed 5, dated 2026-01-01) in place of any there were. */
export function replaceWithGeneratedBusinesses(store: Store, count: number): Promise<void> {
  return replaceBusinesses(
    store,
    [...generateRows({ count, seed: 5 })].map((row, index) =>
      fixtureRowToBusiness(row, index, '2026-01-01T00:00:00.000Z'),
    ),
  );
}
