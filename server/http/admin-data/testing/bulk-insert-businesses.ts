// Test support: many generated businesses straight into the table of either dialect, without the
// search index or the counts (for a test that only reads the rows back, such as an export). SQLite:
// the generator's own prepared statement. PostgreSQL: a few hundred rows per INSERT, because one
// round trip per row makes tens of thousands of rows take seconds.
import type { Store } from '../../../../db/store/store.ts';
import { type BusinessRecord, insertBusinesses } from '../../../../fixtures/generator/database-rows.ts';

const ROWS_PER_INSERT = 500;

/** Inserts the records in one transaction, in order (on an emptied table: ids 1, 2, …). */
export async function bulkInsertBusinesses(store: Store, records: readonly BusinessRecord[]): Promise<void> {
  if (store.dialect === 'sqlite') {
    insertBusinesses(store.sqlite, records);
    return;
  }
  const first = records[0];
  if (!first) return;
  // A record holds exactly the table's columns a row is given (the rest are the database's).
  const columns = Object.keys(first) as (keyof BusinessRecord)[];
  await store.transaction(async (tx) => {
    if (tx.dialect !== 'postgres') throw new Error('unreachable');
    for (let start = 0; start < records.length; start += ROWS_PER_INSERT) {
      const batch = records.slice(start, start + ROWS_PER_INSERT);
      const params: unknown[] = [];
      const rows = batch.map((record) => {
        const placeholders = columns.map((column) => {
          params.push(record[column]);
          return `$${params.length}`;
        });
        return `(${placeholders.join(', ')})`;
      });
      await tx.query(`INSERT INTO businesses (${columns.join(', ')}) VALUES ${rows.join(', ')}`, params);
    }
  });
}
