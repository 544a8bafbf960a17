// The data version: a number in the database that every write of site data raises, in any process.
// Caches of pages, answers and sitemaps follow it, so several processes on one database stay in step.
import type { Sqlite } from '../../db/connection.ts';
import { dataVersionReader, readDataVersion } from '../../db/stats-repository.ts';

export function currentDataVersion(sqlite: Sqlite): number {
  return readDataVersion(sqlite);
}

/** currentDataVersion with its statement prepared once, for callers that read it on every request. */
export function dataVersionSource(sqlite: Sqlite): () => number {
  return dataVersionReader(sqlite);
}
