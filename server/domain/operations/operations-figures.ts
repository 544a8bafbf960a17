// The figures /metrics reads at scrape time: imports from their records (so runs of the CLI and of
// other instances count too, and the totals survive restarts) and, on SQLite, the database's size on
// disk (a PostgreSQL server reports its own sizes to whoever watches it).
import { statSync } from 'node:fs';
import { type ImportRunTotals, importRunTotals } from '../../../db/import-runs-repository.ts';
import type { Store } from '../../../db/store/store.ts';

export type { ImportRunTotals };

export function importFigures(store: Store): Promise<ImportRunTotals> {
  return importRunTotals(store);
}

export interface DatabaseFileSizes {
  /** The database file itself. */
  main: number;
  /** The write-ahead log beside it (-wal): grows between checkpoints. 0 when there is none. */
  wal: number;
}

export function databaseFileSizes(path: string): DatabaseFileSizes {
  return { main: fileSize(path), wal: fileSize(`${path}-wal`) };
}

/** The sizes' source for a store: only a SQLite store has files. */
export function databaseFileSizesOf(store: Store): (() => DatabaseFileSizes) | undefined {
  if (store.dialect !== 'sqlite') return undefined;
  const { path } = store;
  return () => databaseFileSizes(path);
}

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
