// Runs a long database job (SEO generation, delete-all, sitemaps) in a process of its own with its own
// connection, as the import does: better-sqlite3 blocks its thread, and the server must keep answering
// pages meanwhile (on PostgreSQL the job's CPU — text generation, XML, gzip — stays off it as well).
// A process rather than a worker thread (decision 0030): its memory goes back to the system when it
// ends — a worker thread's malloc arenas stayed with the server (+30 MB after one SEO run in the
// soak) — and it lowers the priority of all its threads.
import { spawn } from 'node:child_process';
import type { DatabaseAddress } from '../../../db/address.ts';
import { processEntry } from '../../runtime/entry-points.ts';
import { ImportError, type ImportErrorKind } from '../import/import-error.ts';
import type { JobMessage, JobProgress, JobRequest, SerializedJobError } from './job-types.ts';
import type { JobName, JobParams, JobResult } from './jobs.ts';

export type { JobProgress } from './job-types.ts';
export type { JobName, JobParams, JobResult } from './jobs.ts';

export interface RunJobOptions {
  onProgress?: (progress: JobProgress) => void;
  /** Called with the job's process id once it started (for logs). */
  onStart?: (pid: number) => void;
  /** Heap cap of the job's process, in MB. The jobs work in batches and need little. */
  heapMb?: number;
}

/** A job that failed in its process; the message is the job's (no stack crosses over). */
export class JobFailedError extends Error {
  readonly code = 'job_failed';

  constructor(
    message: string,
    /** The code of the error inside the job (EEXIST, SQLITE_BUSY…), for the logs. */
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

/** Runs the job on the database at `database`: an address on either dialect, or a SQLite file's path. */
export function runDatabaseJob<N extends JobName>(
  database: DatabaseAddress | string,
  name: N,
  params: JobParams<N>,
  options: RunJobOptions = {},
): Promise<JobResult<N>> {
  return new Promise((resolve, reject) => {
    const address: DatabaseAddress =
      typeof database === 'string' ? { dialect: 'sqlite', path: database, display: database } : database;
    const request: JobRequest = { address, name, params };
    const { nodeArgs, script } = processEntry('job-worker');
    const child = spawn(
      process.execPath,
      [...nodeArgs, `--max-old-space-size=${options.heapMb ?? 1024}`, script],
      // stderr is read for V8's out-of-memory line, and passed on.
      { stdio: ['ignore', 'inherit', 'pipe', 'ipc'] },
    );
    let outOfMemory = false;
    child.stderr?.on('data', (chunk: Buffer) => {
      if (/heap out of memory|Reached heap limit/.test(chunk.toString())) outOfMemory = true;
      process.stderr.write(chunk);
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    child.on('message', (message: JobMessage) => {
      if (message.type === 'progress') options.onProgress?.(message.progress);
      else if (message.type === 'done') settle(() => resolve(message.result as JobResult<N>));
      else settle(() => reject(rebuild(message.error)));
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      settle(() =>
        reject(new JobFailedError(`The ${name} job could not start: ${error.message}`, error.code)),
      );
    });
    // 'close', not 'exit': every message the job sent has been received by then.
    child.on('close', (code, signal) => {
      settle(() =>
        reject(
          outOfMemory
            ? new JobFailedError(`The ${name} job ran out of memory.`, 'ERR_JOB_OUT_OF_MEMORY')
            : new JobFailedError(`The ${name} job stopped (${signal ?? `exit ${code}`}).`),
        ),
      );
    });
    if (child.pid !== undefined) options.onStart?.(child.pid);
    child.send(request);
  });
}
