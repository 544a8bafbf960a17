// The record of every import: who started it, when, how far it got and how it ended.
import { hostname } from 'node:os';
import type { Sqlite } from './connection.ts';
import { lockHolderAlive } from './lock-repository.ts';
import { preparedQuery } from './query/prepared-query.ts';
import { sqliteSync } from './query/query-runner.ts';
import type { ImportRunStatus, ImportRunTable } from './schema.ts';
import type { Store } from './store/store.ts';

/** What a run left running by a process that ended says (on either dialect). */
const INTERRUPTED_MESSAGE =
  'The import stopped before it finished (the process ended); nothing from it was kept.';

export interface NewImportRun {
  fileName: string;
  startedBy: string;
  updateMode: boolean;
  dryRun: boolean;
}

export function createImportRun(sqlite: Sqlite, run: NewImportRun): number {
  const row = sqliteSync.first(sqlite, insertImportRun, newRunArgs(run));
  if (!row) throw new Error('The import run was not recorded.');
  return Number(row.id);
}

export function recordImportProgress(sqlite: Sqlite, runId: number, rowsRead: number): void {
  sqliteSync.run(sqlite, updateImportProgress, { runId, rowsRead, now: new Date().toISOString() });
}

export interface ImportRunOutcome {
  status: Exclude<ImportRunStatus, 'running'>;
  rowsRead: number;
  imported: number;
  updated: number;
  duplicatesSkipped: number;
  totalErrors: number;
  totalWarnings: number;
  message: string;
}

export function finishImportRun(sqlite: Sqlite, runId: number, outcome: ImportRunOutcome): void {
  sqliteSync.run(sqlite, updateImportOutcome, { runId, now: new Date().toISOString(), ...outcome });
}

const importRunById = preparedQuery('import_runs_by_id', (db, args: { runId: number }) =>
  db.selectFrom('import_runs').selectAll().where('id', '=', args.runId),
);

const recentImportRunsQuery = preparedQuery('import_runs_recent', (db, args: { limit: number }) =>
  db.selectFrom('import_runs').selectAll().orderBy('id', 'desc').limit(args.limit),
);

export async function getImportRun(store: Store, runId: number): Promise<ImportRunTable | undefined> {
  return (await store.first(importRunById, { runId })) as unknown as ImportRunTable | undefined;
}

export async function listRecentImportRuns(store: Store, limit: number): Promise<ImportRunTable[]> {
  return (await store.all(recentImportRunsQuery, { limit })) as unknown as ImportRunTable[];
}

/** Runs left 'running' by a process that no longer exists (killed, crashed) are marked interrupted.
 *  Safe to call while another live process is importing. At boot,
 *  runs carrying this process's own pid are stale too (a restarted container reuses pids). */
export function recoverInterruptedImports(sqlite: Sqlite, options: { atBoot?: boolean } = {}): number {
  const running = sqlite
    .prepare(`SELECT id, host, pid, heartbeat_at FROM import_runs WHERE status = 'running'`)
    .all() as Pick<ImportRunTable, 'id' | 'host' | 'pid' | 'heartbeat_at'>[];
  let recovered = 0;
  for (const run of running) {
    const ownStaleRun = options.atBoot === true && run.host === hostname() && run.pid === process.pid;
    if (!ownStaleRun && lockHolderAlive(run)) continue;
    // Its staged rows went with its connection (a TEMP table): only the record is left to correct.
    sqlite
      .prepare(
        `UPDATE import_runs SET status = 'interrupted', finished_at = ?, message = ?
         WHERE id = ? AND status = 'running'`,
      )
      .run(new Date().toISOString(), INTERRUPTED_MESSAGE, run.id);
    recovered++;
  }
  return recovered;
}

export interface ImportRunTotals {
  /** Finished and running runs, by status (dry runs included: they are runs an operator started). */
  runsByStatus: Partial<Record<ImportRunStatus, number>>;
  /** Rows written by the runs that committed (dry runs write nothing). */
  rowsImported: number;
  rowsUpdated: number;
  /** When the last run finished, as an ISO date; undefined before the first. */
  lastFinishedAt: string | undefined;
}

const runsByStatusQuery = preparedQuery('import_runs_by_status', (db) =>
  db
    .selectFrom('import_runs')
    .select((eb) => ['status', eb.fn.countAll<number>().as('runs')])
    .groupBy('status'),
);

const rowsWrittenQuery = preparedQuery('import_runs_rows_written', (db) =>
  db
    .selectFrom('import_runs')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('imported'), eb.lit(0)).as('imported'),
      eb.fn.coalesce(eb.fn.sum<number>('updated'), eb.lit(0)).as('updated'),
    ])
    .where('status', '=', 'done')
    .where('dry_run', '=', 0),
);

const lastFinishedQuery = preparedQuery('import_runs_last_finished', (db) =>
  db.selectFrom('import_runs').select((eb) => eb.fn.max('finished_at').as('last')),
);

/** Totals over every recorded import, whichever process ran it (a server instance or the CLI). */
export async function importRunTotals(store: Store): Promise<ImportRunTotals> {
  const byStatus = await store.all(runsByStatusQuery, {});
  const rows = await store.first(rowsWrittenQuery, {});
  const last = await store.first(lastFinishedQuery, {});
  return {
    runsByStatus: Object.fromEntries(byStatus.map((row) => [row.status, Number(row.runs)])),
    // PostgreSQL's SUM of integers is a numeric, which pg gives as text.
    rowsImported: Number(rows?.imported ?? 0),
    rowsUpdated: Number(rows?.updated ?? 0),
    lastFinishedAt: last?.last ?? undefined,
  };
}

// The run record's queries, written once: through the store for code that runs on either dialect
// (PostgreSQL's imports), and synchronously (the functions above) for SQLite's import, whose merge
// writes the record inside its own better-sqlite3 transaction.

const insertImportRun = preparedQuery(
  'import_runs_insert',
  (
    db,
    args: {
      fileName: string;
      startedBy: string;
      host: string;
      pid: number;
      updateMode: number;
      dryRun: number;
      now: string;
    },
  ) =>
    db
      .insertInto('import_runs')
      .values({
        file_name: args.fileName,
        started_by: args.startedBy,
        host: args.host,
        pid: args.pid,
        status: 'running',
        update_mode: args.updateMode,
        dry_run: args.dryRun,
        started_at: args.now,
        heartbeat_at: args.now,
      })
      .returning('id'),
);

const updateImportProgress = preparedQuery(
  'import_runs_progress',
  (db, args: { runId: number; rowsRead: number; now: string }) =>
    db
      .updateTable('import_runs')
      .set({ rows_read: args.rowsRead, heartbeat_at: args.now })
      .where('id', '=', args.runId)
      .where('status', '=', 'running'),
);

const updateImportOutcome = preparedQuery(
  'import_runs_finish',
  (db, args: ImportRunOutcome & { runId: number; now: string }) =>
    db
      .updateTable('import_runs')
      .set({
        status: args.status,
        finished_at: args.now,
        heartbeat_at: args.now,
        rows_read: args.rowsRead,
        imported: args.imported,
        updated: args.updated,
        duplicates_skipped: args.duplicatesSkipped,
        total_errors: args.totalErrors,
        total_warnings: args.totalWarnings,
        message: args.message,
      })
      .where('id', '=', args.runId),
);

const interruptRunningImports = preparedQuery(
  'import_runs_interrupt_running',
  (db, args: { now: string; message: string }) =>
    db
      .updateTable('import_runs')
      .set({ status: 'interrupted', finished_at: args.now, message: args.message })
      .where('status', '=', 'running'),
);

function newRunArgs(run: NewImportRun) {
  return {
    fileName: run.fileName,
    startedBy: run.startedBy,
    host: hostname(),
    pid: process.pid,
    updateMode: run.updateMode ? 1 : 0,
    dryRun: run.dryRun ? 1 : 0,
    now: new Date().toISOString(),
  };
}

export async function createImportRunIn(store: Store, run: NewImportRun): Promise<number> {
  const row = await store.first(insertImportRun, newRunArgs(run));
  if (!row) throw new Error('The import run was not recorded.');
  return Number(row.id);
}

export async function recordImportProgressIn(store: Store, runId: number, rowsRead: number): Promise<void> {
  await store.run(updateImportProgress, { runId, rowsRead, now: new Date().toISOString() });
}

export async function finishImportRunIn(
  store: Store,
  runId: number,
  outcome: ImportRunOutcome,
): Promise<void> {
  await store.run(updateImportOutcome, { runId, now: new Date().toISOString(), ...outcome });
}

/** Every run still marked running is interrupted. Only for a caller that holds the import lock on
 *  PostgreSQL: the lock is held by every import for its whole life and freed by the server when its
 *  holder's connection ends (a kill -9 too), so holding it proves that no run is still going, on any
 *  machine. */
export async function interruptRunningImportsIn(store: Store): Promise<number> {
  return store.run(interruptRunningImports, { now: new Date().toISOString(), message: INTERRUPTED_MESSAGE });
}
