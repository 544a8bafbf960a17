// Messages and options shared by the import's API (importSpreadsheet) and its process.

import type { ImportResponse } from '../../contract/business.ts';
import type { MergeStep } from '../../contract/import-progress.ts';
import type { SpreadsheetLimits } from './precheck.ts';

export type ImportPhase = 'checking' | 'parsing' | 'reading' | 'merging' | 'done';

export interface ImportProgress {
  phase: ImportPhase;
  /** Data rows read and normalised so far. */
  rowsRead: number;
  /** Rows staged for the merge so far. */
  rowsWritten: number;
  /** Data rows in the sheet, once known (after parsing). */
  totalRows: number | null;
  /** Merging phase only: the merge's current step (matching → writing → indexing → counting →
   *  committing → compacting → checkpointing). */
  mergeStep?: MergeStep;
  /** Merging phase only: how far the current step is, in staged rows (0…mergeTotal). */
  rowsMerged?: number;
  /** Merging phase only: staged rows to merge. */
  mergeTotal?: number;
  /** Checkpointing step only: bytes of the merge to copy from the WAL into the database file (the
   *  WAL's size), and how many are copied so far (measured from outside, see checkpoint-progress.ts). */
  checkpointBytes?: number;
  bytesCheckpointed?: number;
  /** Compacting step only: pages of the search index to merge (about what the step writes), and how
   *  many are written so far. */
  indexPages?: number;
  pagesCompacted?: number;
}

/** Where the import's process writes: a SQLite file, or a PostgreSQL database (its URL carries the
 *  password: it travels over the IPC channel only, and `display` is what messages show). */
export type ImportJobDatabase =
  | { dialect: 'sqlite'; path: string }
  | { dialect: 'postgres'; url: string; display: string };

export interface ImportJob {
  database: ImportJobDatabase;
  filePath: string;
  fileName: string;
  runId: number;
  updateExisting: boolean;
  dryRun: boolean;
  limits: Partial<SpreadsheetLimits>;
  /** Cap on the row issues listed in the answer (the totals are always exact). */
  maxListedIssues: number;
  /** Size quota of the database file (SQLite); an import that would pass it fails cleanly, as on a full disk. */
  maxDatabaseBytes?: number;
}

export type ImportReport = ImportResponse & { rowsRead: number; dryRun: boolean };

export type ImportMessage =
  /** writtenBytes: the child's own write counter when it reported (checkpoint-progress.ts), from which the
   *  parent measures a checkpoint's progress. */
  | { type: 'progress'; progress: ImportProgress; writtenBytes?: number | null }
  | { type: 'done'; report: ImportReport }
  | { type: 'rejected'; code: string; message: string }
  | { type: 'failed'; code: string; message: string };
