// GET /api/admin/import-runs/current and /api/admin/import-runs/:id: an import's status and counts,
// polled by the panel's progress bar while the upload request is still waiting for its report.
import type { Router } from 'express';
import {
  displayedStatus,
  findImportRun,
  type ImportRun,
  type ImportRunStatus,
  recentImportRuns,
} from '../../domain/import/import-runs.ts';
import type { ImportProgress } from '../../domain/import/import-spreadsheet.ts';
import { readLiveProgress } from '../../domain/import/live-progress.ts';
import { requireAdmin } from '../admin-auth/routes.ts';
import type { AdminDataContext } from './context.ts';
import { sendError } from './errors.ts';

export interface ImportRunJson {
  id: number;
  fileName: string;
  startedBy: string;
  status: ImportRunStatus;
  updateMode: boolean;
  dryRun: boolean;
  startedAt: string;
  finishedAt: string | null;
  rowsRead: number;
  imported: number;
  updated: number;
  duplicatesSkipped: number;
  totalErrors: number;
  totalWarnings: number;
  message: string | null;
  /** Live figures of an import this server is running (phase and the sheet's row count, once
   *  parsed); null for finished runs and for runs of another process (the CLI). */
  progress: ImportProgress | null;
}

export function toImportRunJson(
  run: ImportRun,
  progress: ImportProgress | null,
  status: ImportRunStatus = displayedStatus(run),
): ImportRunJson {
  return {
    id: run.id,
    fileName: run.file_name,
    startedBy: run.started_by,
    status,
    updateMode: run.update_mode === 1,
    dryRun: run.dry_run === 1,
    startedAt: run.started_at,
    finishedAt: run.finished_at,
    rowsRead: run.rows_read,
    imported: run.imported,
    updated: run.updated,
    duplicatesSkipped: run.duplicates_skipped,
    totalErrors: run.total_errors,
    totalWarnings: run.total_warnings,
    message: run.message,
    progress: status === 'running' ? progress : null,
  };
}

const RUN_ID = /^[1-9]\d{0,14}$/;
/** Only one import runs at a time, so the running one is among the latest few records. */
const RECENT_RUNS_SCANNED = 5;

export function registerImportRunsRoutes(router: Router, { database, slots }: AdminDataContext): void {
  const { store } = database;
  /** A running import's live progress: this process's own, or the one its process keeps beside the
   *  database file (another server process, or the CLI). PostgreSQL has no file to keep it beside:
   *  there an import of another process shows its record (rows read, heartbeat) without the bar's
   *  merge steps. */
  const liveProgress = (run: ImportRun): ImportProgress | null =>
    (run.pid === process.pid ? slots.current('data')?.importProgress : undefined) ??
    (store.dialect === 'sqlite' ? readLiveProgress(store.path, run.id) : null);

  router.get('/api/admin/import-runs/current', requireAdmin, async (_req, res) => {
    const runs = await recentImportRuns(store, RECENT_RUNS_SCANNED);
    const running = runs.find((run) => displayedStatus(run) === 'running');
    if (running) {
      res.json({ run: toImportRunJson(running, liveProgress(running)) });
      return;
    }
    // The merge records its run as done inside its own transaction (a crash cannot leave the data in
    // and the run 'running'), but the import's process then still compacts the search index and moves
    // the pages into the database file before the upload call answers. Until it has, the latest run
    // is still running for the bar.
    const latest = runs[0];
    const live = latest && liveProgress(latest);
    res.json({
      run: latest && live && live.phase !== 'done' ? toImportRunJson(latest, live, 'running') : null,
    });
  });

  router.get('/api/admin/import-runs/:id', requireAdmin, async (req, res) => {
    const id = String(req.params.id);
    if (!RUN_ID.test(id)) {
      sendError(res, 400, 'invalid_parameter', 'The import run id must be a positive whole number.', {
        parameter: 'id',
      });
      return;
    }
    const run = await findImportRun(store, Number(id));
    if (!run) {
      sendError(res, 404, 'not_found', `There is no import run ${id}.`);
      return;
    }
    res.json(toImportRunJson(run, liveProgress(run)));
  });
}
