// The import's entry point for both front ends (HTTP and CLI). The heavy work runs in a worker
// thread with its own connection, so the calling process keeps serving requests meanwhile.
import { basename } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { DatabaseHandle } from '../../../db/connection.ts';
import {
  createImportRun,
  finishImportRun,
  recoverInterruptedImports,
} from '../../../db/import-runs-repository.ts';
import { acquireLock, releaseLock } from '../../../db/lock-repository.ts';
import { IMPORT_LOCK } from './import-lock.ts';
import type { ImportJob, ImportProgress, ImportReport, WorkerMessage } from './import-types.ts';
import type { SpreadsheetLimits } from './precheck.ts';

export type { ImportProgress, ImportReport } from './import-types.ts';

export interface ImportOptions {
  filePath: string;
  /** The name the user gave the file (uploads are stored under temporary names). */
  fileName?: string;
  /** Who started it, for the record: 'cli', 'admin:alice', … */
  startedBy: string;
  updateExisting?: boolean;
  dryRun?: boolean;
  limits?: Partial<SpreadsheetLimits>;
  maxListedIssues?: number;
  /** Size quota of the database file (see ImportJob). */
  maxDatabaseBytes?: number;
  /** Heap cap of the worker: a hostile file that slips past the checks fails the import, not the process. */
  workerHeapMb?: number;
  onProgress?: (progress: ImportProgress) => void;
}

export type ImportErrorKind = 'busy' | 'rejected' | 'failed';

/** An import that did not happen. `kind` maps to HTTP 409 / 400 / 500 and to CLI messages. */
export class ImportError extends Error {
  constructor(
    readonly kind: ImportErrorKind,
    readonly code: string,
    message: string,
    readonly runId?: number,
  ) {
    super(message);
    this.name = 'ImportError';
  }
}

const WORKER_URL = new URL('./import-worker.mjs', import.meta.url);

export async function importSpreadsheet(
  handle: DatabaseHandle,
  options: ImportOptions,
): Promise<ImportReport> {
  const { sqlite } = handle;
  const fileName = options.fileName ?? basename(options.filePath);
  recoverInterruptedImports(sqlite);
  const lock = acquireLock(sqlite, IMPORT_LOCK, options.startedBy);
  if (!lock.acquired) {
    throw new ImportError(
      'busy',
      'import_running',
      `Another import is already running (started ${lock.holder.acquired_at}); try again when it has finished.`,
    );
  }
  try {
    const runId = createImportRun(sqlite, {
      fileName,
      startedBy: options.startedBy,
      updateMode: options.updateExisting ?? false,
      dryRun: options.dryRun ?? false,
    });
    const job: ImportJob = {
      dbPath: handle.path,
      filePath: options.filePath,
      fileName,
      runId,
      updateExisting: options.updateExisting ?? false,
      dryRun: options.dryRun ?? false,
      limits: options.limits ?? {},
      maxListedIssues: options.maxListedIssues ?? 10_000,
      maxDatabaseBytes: options.maxDatabaseBytes,
    };
    try {
      return await runWorker(job, lock.owner, options);
    } catch (error) {
      const importError =
        error instanceof ImportError
          ? error
          : new ImportError(
              'failed',
              'import_failed',
              `The import failed: ${(error as Error).message}`,
              runId,
            );
      finishImportRun(sqlite, runId, {
        status: 'failed',
        rowsRead: 0,
        imported: 0,
        updated: 0,
        duplicatesSkipped: 0,
        totalErrors: 0,
        totalWarnings: 0,
        message: importError.message,
      });
      throw new ImportError(importError.kind, importError.code, importError.message, runId);
    }
  } finally {
    releaseLock(sqlite, IMPORT_LOCK, lock.owner);
  }
}

function runWorker(job: ImportJob, lockOwner: string, options: ImportOptions): Promise<ImportReport> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: { job, lockOwner },
      resourceLimits: { maxOldGenerationSizeMb: options.workerHeapMb ?? 4096 },
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    worker.on('message', (message: WorkerMessage) => {
      switch (message.type) {
        case 'progress':
          options.onProgress?.(message.progress);
          break;
        case 'done':
          settle(() => resolve(message.report));
          break;
        case 'rejected':
          settle(() => reject(new ImportError('rejected', message.code, message.message)));
          break;
        case 'failed':
          settle(() => reject(new ImportError('failed', message.code, message.message)));
          break;
      }
    });
    worker.on('error', (error: NodeJS.ErrnoException) => {
      const tooBig = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      settle(() =>
        reject(
          tooBig
            ? new ImportError(
                'rejected',
                'too_large',
                'The spreadsheet needs more memory to read than is allowed.',
              )
            : new ImportError('failed', 'import_failed', `The import failed: ${error.message}`),
        ),
      );
    });
    worker.on('exit', (code) => {
      settle(() =>
        reject(new ImportError('failed', 'import_failed', `The import worker stopped (exit ${code}).`)),
      );
    });
  });
}
