// The record of every import: who started it, when, how far it got and how it ended.
import { hostname } from 'node:os';
import type { ImportRunStatus, ImportRunTable } from './schema.ts';
import type { Sqlite } from './connection.ts';
import { lockHolderAlive } from './lock-repository.ts';

export interface NewImportRun {
  fileName: string;
  startedBy: string;
  updateMode: boolean;
  dryRun: boolean;
}

export function createImportRun(sqlite: Sqlite, run: NewImportRun): number {
  const now = new Date().toISOString();
  const result = sqlite
    .prepare(
      `INSERT INTO import_runs (file_name, started_by, host, pid, status, update_mode, dry_run, started_at, heartbeat_at)
       VALUES (?, ?, ?, ?, 'running', ?, ?, ?, ?)`,
    )
    .run(
      run.fileName,
      run.startedBy,
      hostname(),
      process.pid,
      run.updateMode ? 1 : 0,
      run.dryRun ? 1 : 0,
      now,
      now,
    );
  return Number(result.lastInsertRowid);
}

export function recordImportProgress(sqlite: Sqlite, runId: number, rowsRead: number): void {
  sqlite
    .prepare(`UPDATE import_runs SET rows_read = ?, heartbeat_at = ? WHERE id = ? AND status = 'running'`)
    .run(rowsRead, new Date().toISOString(), runId);
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
  sqlite
    .prepare(
      `UPDATE import_runs SET status = ?, finished_at = ?, heartbeat_at = ?, rows_read = ?, imported = ?, updated = ?,
         duplicates_skipped = ?, total_errors = ?, total_warnings = ?, message = ?
       WHERE id = ?`,
    )
    .run(
      outcome.status,
      new Date().toISOString(),
      new Date().toISOString(),
      outcome.rowsRead,
      outcome.imported,
      outcome.updated,
      outcome.duplicatesSkipped,
      outcome.totalErrors,
      outcome.totalWarnings,
      outcome.message,
      runId,
    );
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
        `UPDATE import_runs SET status = 'interrupted', finished_at = ?,
           message = 'The import stopped before it finished (the process ended); nothing from it was kept.'
         WHERE id = ? AND status = 'running'`,
      )
      .run(new Date().toISOString(), run.id);
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
