// Where an export's rows come from, one implementation per dialect (decision 0034): SQLite pages
// through one connection with keyset queries, PostgreSQL reads one server-side cursor in a snapshot.
// Both give the same rows in the same order (id) with the same values, so the same data exports to
// the same bytes on either database.
import type { ExportQuery, ExportSourceRow } from '../export-repository.ts';
import type { Store } from '../store/store.ts';
import { sqliteExportRows } from './sqlite-export-rows.ts';

/** Receives one page of rows; a promise it returns is awaited before the next page is read, so a
 *  slow output holds the reading back (only a page or two is ever in memory). */
export type OnExportRows = (rows: readonly ExportSourceRow[]) => Promise<void> | void;

export interface ExportRowSource {
  /** Calls onRows with the businesses to export, in id order, a page at a time; resolves after the
   *  last page. A country that matches nothing gives no rows — never every business. If onRows
   *  throws or rejects, reading stops and the error is rethrown. */
  read(query: ExportQuery, onRows: OnExportRows): Promise<void>;
  /** Number of businesses an export of this country (or of all) would write. */
  count(country?: string): Promise<number>;
}

/** The row source for a store's dialect. PostgreSQL's is loaded on use, so that SQLite commands
 *  do not load the cursor client. */
export async function exportRowSource(store: Store): Promise<ExportRowSource> {
  if (store.dialect === 'sqlite') return sqliteExportRows(store.sqlite);
  const { postgresExportRows } = await import('./postgres-export-rows.ts');
  return postgresExportRows(store);
}
