// SQLite's export rows: keyset pages read synchronously on the raw connection (db/export-repository.ts),
// outside any store transaction — writing the file awaits I/O between pages, and a SQLite store
// transaction must not await anything but its own queries (decision 0034). Between pages the
// connection serves the server's other requests.
import type { Sqlite } from '../connection.ts';
import { countBusinesses, iterateExportPages } from '../export-repository.ts';
import type { ExportRowSource } from './export-row-source.ts';

export function sqliteExportRows(sqlite: Sqlite): ExportRowSource {
  return {
    async read(query, onRows) {
      for (const page of iterateExportPages(sqlite, query)) {
        const pending = onRows(page);
        if (pending) await pending;
      }
    },
    async count(country) {
      return countBusinesses(sqlite, country);
    },
  };
}
