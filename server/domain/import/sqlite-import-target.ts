// SQLite's side of an import (import-target.ts): the staging in a TEMP table in short transactions,
// the merge in one BEGIN IMMEDIATE transaction (db/import-repository.ts), the run record and the
// lock's heartbeat written by the import's own connection; after the commit, the search index's new
// segments are merged and the WAL checkpointed here, in the import's process.
import { statSync } from 'node:fs';
import { openSqlite } from '../../../db/connection.ts';
import { createStager, mergeStagedRows } from '../../../db/import-repository.ts';
import { finishImportRun, recordImportProgress } from '../../../db/import-runs-repository.ts';
import { heartbeatLock } from '../../../db/lock-repository.ts';
import { ftsCompact, ftsPages } from '../../../db/search/fts-index.ts';
import { checkpointAndEmptyWal, withoutAutoCheckpoint } from '../../../db/wal-checkpoint.ts';
import { IMPORT_LOCK } from './import-lock.ts';
import type { ImportTarget } from './import-target.ts';
import type { ImportJob } from './import-types.ts';

export function openSqliteImportTarget(job: ImportJob, dbPath: string, lockOwner: string): ImportTarget {
  const sqlite = openSqlite(dbPath);
  // The staged rows (a TEMP table, see import-repository.ts) reach hundreds of MB at the row cap: a
  // temporary file (the OS's page cache, never synced, gone with the connection), not the heap.
  sqlite.pragma('temp_store = FILE');
  if (job.maxDatabaseBytes) {
    const pageSize = sqlite.pragma('page_size', { simple: true }) as number;
    sqlite.pragma(`max_page_count = ${Math.max(1, Math.floor(job.maxDatabaseBytes / pageSize))}`);
  }
  let stage: ReturnType<typeof createStager> | undefined;
  return {
    beginStaging() {
      stage = createStager(sqlite, job.runId);
    },
    stage(rows) {
      stage!(rows);
    },
    endStaging() {},
    recordProgress(rowsRead) {
      recordImportProgress(sqlite, job.runId, rowsRead);
      heartbeatLock(sqlite, IMPORT_LOCK, lockOwner);
    },
    async merge(options) {
      // The checkpoint runs in afterCommit, after a progress report, instead of inside the COMMIT
      // (wal-checkpoint.ts).
      return withoutAutoCheckpoint(sqlite, () =>
        mergeStagedRows(sqlite, job.runId, {
          ...options,
          // Still inside the merge's transaction: the run is done exactly when its rows are in.
          beforeCommit: (result) => finishImportRun(sqlite, job.runId, options.beforeCommit(result)),
        }),
      );
    },
    finishRun(outcome) {
      finishImportRun(sqlite, job.runId, outcome);
    },
    afterCommit(written, progress, onProgress) {
      const changed = written > 0;
      if (changed) {
        // Committed and visible. The rows went into the search index as segments of their own: merge
        // them with the rest, a short write at a time (decision 0031), before the checkpoint moves the
        // pages into the database file.
        progress.mergeStep = 'compacting';
        progress.rowsMerged = 0;
        const pages = ftsPages(sqlite);
        progress.indexPages = pages;
        progress.pagesCompacted = 0;
        onProgress({ ...progress });
        ftsCompact(sqlite, (pagesWritten) => {
          progress.pagesCompacted = Math.min(pagesWritten, pages);
          onProgress({ ...progress });
        });
        progress.indexPages = undefined;
        progress.pagesCompacted = undefined;
      }
      // Committed and visible; the merged pages still sit in the WAL. Move them into the database file
      // here, in the import's process, and leave an empty WAL for the server's next write.
      progress.mergeStep = 'checkpointing';
      progress.rowsMerged = 0;
      progress.checkpointBytes = walBytes(dbPath);
      progress.bytesCheckpointed = 0;
      onProgress({ ...progress });
      checkpointAndEmptyWal(sqlite);
      progress.bytesCheckpointed = progress.checkpointBytes;
    },
    isStorageFull: (error) => (error as { code?: string }).code === 'SQLITE_FULL',
    async close() {
      // The staged rows go with the connection.
      sqlite.close();
    },
  };
}

function walBytes(dbPath: string): number {
  try {
    return statSync(`${dbPath}-wal`).size;
  } catch {
    return 0;
  }
}
