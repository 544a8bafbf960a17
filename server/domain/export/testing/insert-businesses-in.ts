// Test support: the same generated businesses into either dialect's store, through one shared query,
// so that exports of the two databases can be compared value for value.
import { IMPORTED_COLUMNS } from '../../../../db/import-repository.ts';
import { preparedQuery } from '../../../../db/query/prepared-query.ts';
import type { Store } from '../../../../db/store/store.ts';
import type { BusinessRecord } from '../../../../fixtures/generator/database-rows.ts';

const COLUMNS = [
  'place_id',
  'slug',
  ...IMPORTED_COLUMNS,
  'about',
  'seo_title',
  'seo_description',
  'canonical_url',
  'created_at',
  'updated_at',
  'import_run_id',
] as const satisfies readonly (keyof BusinessRecord)[];

const insertBusiness = preparedQuery('export_test_insert_business', (db, args: BusinessRecord) =>
  db
    .insertInto('businesses')
    .values(Object.fromEntries(COLUMNS.map((column) => [column, args[column]])) as never),
);

/** Inserts the records in one transaction, in order: ids 1, 2, … on a new database of either dialect. */
export async function insertBusinessesIn(store: Store, records: readonly BusinessRecord[]): Promise<void> {
  await store.transaction(async (inner) => {
    for (const record of records) await inner.run(insertBusiness, record);
  });
}
