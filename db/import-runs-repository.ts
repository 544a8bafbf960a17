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

export function getImportRun(sqlite: Sqlite, runId: number): ImportRunTable | undefined {
  return sqlite.prepare('SELECT * FROM import_runs WHERE id = ?').get(runId) as ImportRunTable | undefined;
}

export function listRecentImportRuns(sqlite: Sqlite, limit: number): ImportRunTable[] {
  return sqlite.prepare('SELECT * FROM import_runs ORDER BY id DESC LIMIT ?').all(limit) as ImportRunTable[];
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

/** Totals over every recorded import, whichever process ran it (the server or the CLI). */
export function importRunTotals(sqlite: Sqlite): ImportRunTotals {
  const byStatus = sqlite
    .prepare('SELECT status, count(*) AS runs FROM import_runs GROUP BY status')
    .all() as { status: ImportRunStatus; runs: number }[];
  const rows = sqlite
    .prepare(
      `SELECT coalesce(sum(imported), 0) AS imported, coalesce(sum(updated), 0) AS updated
       FROM import_runs WHERE status = 'done' AND dry_run = 0`,
    )
    .get() as { imported: number; updated: number };
  const lastFinishedAt = sqlite.prepare('SELECT max(finished_at) FROM import_runs').pluck().get() as
    | string
    | null;
  return {
    runsByStatus: Object.fromEntries(byStatus.map((row) => [row.status, row.runs])),
    rowsImported: rows.imported,
    rowsUpdated: rows.updated,
    lastFinishedAt: lastFinishedAt ?? undefined,
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
