// The figures /metrics reads at scrape time: imports from their records (so runs of the CLI count
// too, and the totals survive restarts) and the database's size on disk.
import { statSync } from 'node:fs';
import type { Sqlite } from '../../../db/connection.ts';
import { type ImportRunTotals, importRunTotals } from '../../../db/import-runs-repository.ts';

export type { ImportRunTotals };

export function importFigures(sqlite: Sqlite): ImportRunTotals {
  return importRunTotals(sqlite);
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

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
