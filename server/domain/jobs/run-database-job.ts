// Runs a long, synchronous database job (SEO generation, delete-all…) in a worker thread with its
// own connection, as the import does: better-sqlite3 blocks its thread, and the server's thread must
// keep answering pages meanwhile.
import { Worker } from 'node:worker_threads';
import { workerEntry } from '../../runtime/entry-points.ts';
import { ImportError, type ImportErrorKind } from '../import/import-spreadsheet.ts';
import type { JobMessage, JobProgress, JobRequest, SerializedJobError } from './job-types.ts';
import type { JobName, JobParams, JobResult } from './jobs.ts';

export type { JobProgress } from './job-types.ts';
export type { JobName, JobParams, JobResult } from './jobs.ts';

export interface RunJobOptions {
  onProgress?: (progress: JobProgress) => void;
  /** Heap cap of the worker, in MB. The jobs work in batches and need little. */
  heapMb?: number;
}

/** A job that failed in its worker; the message is the worker's (no stack crosses over). */
export class JobFailedError extends Error {
  readonly code = 'job_failed';

  constructor(
    message: string,
    /** The code of the error inside the worker (EEXIST, SQLITE_BUSY…), for the logs. */
    readonly workerCode?: string,
  ) {
    super(message);
    this.name = 'JobFailedError';
  }
}

const IMPORT_ERROR_KINDS: readonly string[] = ['busy', 'rejected', 'failed'] satisfies ImportErrorKind[];

/** Rebuilds the errors callers tell apart (a busy lock is a 409, not a 500). */
function rebuild(error: SerializedJobError): Error {
  if (error.name === 'ImportError' && error.kind && IMPORT_ERROR_KINDS.includes(error.kind)) {
    return new ImportError(error.kind as ImportErrorKind, error.code ?? 'import_failed', error.message);
  }
  return new JobFailedError(error.message, error.code);
}

export function runDatabaseJob<N extends JobName>(
  dbPath: string,
  name: N,
  params: JobParams<N>,
  options: RunJobOptions = {},
): Promise<JobResult<N>> {
  return new Promise((resolve, reject) => {
    const request: JobRequest = { dbPath, name, params };
    const worker = new Worker(workerEntry('job-worker'), {
      workerData: request,
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? 1024 },
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    worker.on('message', (message: JobMessage) => {
      if (message.type === 'progress') options.onProgress?.(message.progress);
      else if (message.type === 'done') settle(() => resolve(message.result as JobResult<N>));
      else settle(() => reject(rebuild(message.error)));
    });
    worker.on('error', (error: NodeJS.ErrnoException) => {
      const message =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `The ${name} job ran out of memory.`
          : `The ${name} job failed: ${error.message}`;
      settle(() => reject(new JobFailedError(message, error.code)));
    });
    worker.on('exit', (code) => {
      settle(() => reject(new JobFailedError(`The ${name} job stopped (exit ${code}).`)));
    });
  });
}
