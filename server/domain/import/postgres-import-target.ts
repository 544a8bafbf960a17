// PostgreSQL's side of an import (import-target.ts), on a pool of two connections of the import's own
// process: one holds the staging table (TEMPORARY, so the merge runs on it too) and the merge's
// transaction; the other writes the run's progress meanwhile. The import lock is the parent's: an
// advisory lock on a connection of the process that started the import (import-run-side.ts).
import type pg from 'pg';
import { compactPostgresSearchIndex, mergeStagedRowsPostgres } from '../../../db/import/postgres-merge.ts';
import { createPostgresStager, type PostgresStager } from '../../../db/import/postgres-staging.ts';
import { finishImportRunIn, recordImportProgressIn } from '../../../db/import-runs-repository.ts';
import { openPostgres } from '../../../db/postgres/connection.ts';
import { siteCountsQuery } from '../../../db/stats-repository.ts';
import { createPostgresStore } from '../../../db/store/postgres-store.ts';
import type { PostgresStore } from '../../../db/store/store.ts';
import type { ImportTarget } from './import-target.ts';
import type { ImportJob } from './import-types.ts';

/** An import that wrote at least this share of the businesses has the planner's statistics of the
 *  tables it wrote made at once. */
const ANALYSE_SHARE = 0.1;

/**
 * The planner's statistics after a large import: autovacuum makes them too, but up to a minute or
 * more later (its nap, its cost delay), and until then every query plans with the old figures — after
 * a first import, with none at all (a term of the search index taken for rare, a city for empty). A
 * sample of each table: about a second at 1M businesses, after the commit, in the import's process.
 */
async function analyseAfterLargeImport(
  store: PostgresStore,
  client: pg.PoolClient,
  written: number,
): Promise<void> {
  // The total the merge recounted before its commit: no need to count the table again.
  const total = Number((await store.first(siteCountsQuery, {}))?.totalBusinesses ?? 0);
  if (written < ANALYSE_SHARE * total) return;
  await client.query('ANALYZE businesses, search_documents, search_vocab, business_hours, hours_patterns');
}

/** SQLSTATE disk_full. */
const DISK_FULL = '53100';

export async function openPostgresImportTarget(
  job: ImportJob,
  address: { url: string; display: string },
): Promise<ImportTarget> {
  const handle = openPostgres(address.url, address.display, { poolSize: 2 });
  const store = createPostgresStore(handle.pool, address.display);
  let client: pg.PoolClient;
  try {
    client = await handle.pool.connect();
  } catch (error) {
    await handle.close();
    throw new Error(`Cannot reach the PostgreSQL database ${address.display}: ${(error as Error).message}`);
  }
  // A connection that ends while checked out emits 'error' (unheard, that would end the process); the
  // query under way fails with it, which is the error the import reports.
  client.on('error', () => {});
  // The staged rows live in temporary buffers before they spill to a file: 8 MB by default, a few
  // thousand rows. Settable only before the session's first temporary table.
  await client.query(`SET temp_buffers = '128MB'`);
  let stager: PostgresStager | undefined;
  return {
    async beginStaging() {
      stager = await createPostgresStager(client);
    },
    stage(rows) {
      return stager!.stage(rows);
    },
    async endStaging() {
      await stager?.finish();
    },
    recordProgress(rowsRead) {
      // The lock's heartbeat is the parent's, which holds it.
      return recordImportProgressIn(store, job.runId, rowsRead);
    },
    merge(options) {
      const staged = stager ?? {
        rowNumbers: [],
        openHours: new Set<string>(),
        vocabulary: new Map(),
        givenIds: 0,
      };
      return mergeStagedRowsPostgres(client, address.display, job.runId, staged, {
        ...options,
        // Inside the merge's transaction: the run is done exactly when its rows are in.
        beforeCommit: (result, transaction) =>
          finishImportRunIn(transaction, job.runId, options.beforeCommit(result)),
      });
    },
    finishRun(outcome) {
      return finishImportRunIn(store, job.runId, outcome);
    },
    async afterCommit(written, progress, onProgress) {
      // PostgreSQL's WAL and vacuum look after themselves; the search index's pending entries are
      // merged into its trees, as SQLite's segments are compacted.
      if (written === 0) return;
      progress.mergeStep = 'compacting';
      progress.rowsMerged = 0;
      onProgress({ ...progress });
      await compactPostgresSearchIndex(client);
      await analyseAfterLargeImport(store, client, written);
    },
    isStorageFull: (error) => (error as { code?: string }).code === DISK_FULL,
    async close() {
      // Closed, not pooled: the staging table (and a COPY left open by a refused file) end with it.
      client.release(true);
      await handle.close();
    },
  };
}
