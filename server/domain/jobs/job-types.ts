// Messages between runDatabaseJob (main thread) and the job worker. Everything here crosses a
// thread boundary by structured clone: plain data only.

/** How long a job's connection waits for another writer (an import's merge, a CLI command) before
 *  failing. Far above the main connection's 5 s: waiting there blocks only the job's thread. */
export const JOB_BUSY_TIMEOUT_MS = 120_000;

export interface JobProgress {
  /** What the job is doing now, in a word ('generating', 'backup', 'deleting'…). */
  phase: string;
  done: number;
  /** Units of work in all, when known. */
  total: number | null;
}

/** An error as it crosses the thread boundary: its class is rebuilt on the main thread when known. */
export interface SerializedJobError {
  name: string;
  message: string;
  code?: string;
  kind?: string;
}

export interface JobRequest {
  dbPath: string;
  name: string;
  params: unknown;
}

export type JobMessage =
  | { type: 'progress'; progress: JobProgress }
  | { type: 'done'; result: unknown }
  | { type: 'failed'; error: SerializedJobError };
