// Test support: the same generated businesses into either dialect's store, so that the two databases
// can be compared value for value. SQLite: the generator's own prepared statement. PostgreSQL: a few
// hundred rows per INSERT (one round trip per row made tens of thousands of rows take seconds).
import type { Store } from '../../../../db/store/store.ts';
import {
  type BusinessRecord,
  BUSINESS_RECORD_COLUMNS as COLUMNS,
  insertBusinesses,
} from '../../../../fixtures/generator/database-rows.ts';

const ROWS_PER_INSERT = 500;

/** Inserts the records in one transaction, in order: ids 1, 2, … on a new (or emptied) database. */
export async function insertBusinessesIn(store: Store, records: readonly BusinessRecord[]): Promise<void> {
  if (store.dialect === 'sqlite') {
    insertBusinesses(store.sqlite, records);
    return;
  }
  await store.transaction(async (tx) => {
    if (tx.dialect !== 'postgres') throw new Error('unreachable');
    for (let start = 0; start < records.length; start += ROWS_PER_INSERT) {
      const params: unknown[] = [];
      const rows = records.slice(start, start + ROWS_PER_INSERT).map((record) => {
        const placeholders = COLUMNS.map((column) => {
          params.push(record[column]);
          return `$${params.length}`;
        });
        return `(${placeholders.join(', ')})`;
      });
      await tx.query(`INSERT INTO businesses (${COLUMNS.join(', ')}) VALUES ${rows.join(', ')}`, params);
    }
  });
}
