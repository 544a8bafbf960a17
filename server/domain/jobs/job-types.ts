// Messages between runDatabaseJob (the server or CLI) and the job's process. Everything here crosses
// a process boundary over IPC as JSON: plain data only.
import type { DatabaseAddress } from '../../../db/address.ts';

/** How long a job's connection waits for another writer (an import's merge, a CLI command) before
 *  failing. Far above the main connection's 5 s: waiting there blocks only the job's process. */
export const JOB_BUSY_TIMEOUT_MS = 120_000;

export interface JobProgress {
  /** What the job is doing now, in a word ('generating', 'backup', 'deleting'…). */
  phase: string;
  done: number;
  /** Units of work in all, when known. */
  total: number | null;
}

/** An error as it crosses the process boundary: its class is rebuilt in the parent when known. */
export interface SerializedJobError {
  name: string;
  message: string;
  code?: string;
  kind?: string;
}

export interface JobRequest {
  /** The database the job opens, on either dialect (a PostgreSQL URL crosses with its password). */
  address: DatabaseAddress;
  name: string;
  params: unknown;
}

export type JobMessage =
  | { type: 'progress'; progress: JobProgress }
  | { type: 'done'; result: unknown }
  | { type: 'failed'; error: SerializedJobError };
