// The database side of an import, in the import's process: staging, the merge in one
// transaction, the run record and the lock's heartbeat. The pipeline (import-pipeline.ts) reads,
// checks and normalises the file the same way whichever database it writes to; SQLite's target is
// the original code (sqlite-import-target.ts), PostgreSQL's streams the rows in with COPY and merges
// with set-based statements (postgres-import-target.ts).
import type { MergeOptions, MergeResult, StagedExtras, StagedRow } from '../../../db/import-repository.ts';
import type { ImportRunOutcome } from '../../../db/import-runs-repository.ts';
import type { ImportJob, ImportProgress } from './import-types.ts';
import { openSqliteImportTarget } from './sqlite-import-target.ts';

export interface TargetMergeOptions extends Omit<MergeOptions, 'beforeCommit'> {
  /** Inside the merge's transaction, after the rows are written: the run's outcome, which the target
   *  records in that transaction (the run is done exactly when its rows are in). */
  beforeCommit: (result: MergeResult) => ImportRunOutcome;
}

/** Each method may answer synchronously (SQLite: nothing to wait for in the row loop) or with a
 *  promise to wait for (PostgreSQL). */
export interface ImportTarget {
  /** Once the sheet is open: prepares the staging of this run. */
  beginStaging(): void | Promise<void>;
  /** Stages rows in the file's order. */
  stage(rows: readonly (StagedRow & StagedExtras)[]): void | Promise<void>;
  /** Once every row is staged. */
  endStaging(): void | Promise<void>;
  /** A few times a second while reading: the rows read into the run record, the lock's heartbeat. */
  recordProgress(rowsRead: number): void | Promise<void>;
  /** Merges the staged rows in ONE transaction (rolled back in a dry run). */
  merge(options: TargetMergeOptions): Promise<MergeResult>;
  /** Records the outcome of a run whose merge wrote nothing (a dry run). */
  finishRun(outcome: ImportRunOutcome): void | Promise<void>;
  /** After a committed merge: what the database does after a large write (SQLite: merge the search
   *  index's segments and checkpoint the WAL; PostgreSQL: the search index's pending entries and the
   *  planner's statistics; reported as merge steps). */
  afterCommit(
    /** Businesses the merge inserted or updated. */
    written: number,
    progress: ImportProgress,
    onProgress: (progress: ImportProgress) => void,
  ): void | Promise<void>;
  /** Whether an error says that the disk, or the database's size limit, is full. */
  isStorageFull(error: unknown): boolean;
  close(): Promise<void>;
}

export async function openImportTarget(job: ImportJob, lockOwner: string): Promise<ImportTarget> {
  if (job.database.dialect === 'postgres') {
    // Loaded on use: the PostgreSQL client stays out of a SQLite import's start.
    const { openPostgresImportTarget } = await import('./postgres-import-target.ts');
    return openPostgresImportTarget(job, job.database);
  }
  return openSqliteImportTarget(job, job.database.path, lockOwner);
}
