// Runs one named job in this worker thread on its own connection, and reports progress and the
// outcome to the parent.
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../../db/connection.ts';
import {
  JOB_BUSY_TIMEOUT_MS,
  type JobMessage,
  type JobRequest,
  type SerializedJobError,
} from './job-types.ts';
import { isJobName, JOB_RUNNERS, type JobName, type JobRunner } from './jobs.ts';
import { lowerThisThreadPriority } from './thread-priority.ts';

const post = (message: JobMessage) => parentPort?.postMessage(message);
// Visitors first: the job takes the CPU the event loop leaves (thread-priority.ts).
lowerThisThreadPriority();

function serialize(error: unknown): SerializedJobError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const { code, kind } = error as { code?: unknown; kind?: unknown };
  return {
    name: error.name,
    message: error.message,
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof kind === 'string' ? { kind } : {}),
  };
}

const request = workerData as JobRequest;
try {
  if (!isJobName(request.name)) throw new Error(`Unknown job "${request.name}"`);
  const handle = openDatabase(request.dbPath);
  try {
    handle.sqlite.pragma(`busy_timeout = ${JOB_BUSY_TIMEOUT_MS}`);
    const run = JOB_RUNNERS[request.name] as JobRunner<JobName>;
    const result = await run(handle, request.params as never, (progress) =>
      post({ type: 'progress', progress }),
    );
    post({ type: 'done', result });
  } finally {
    await handle.close();
  }
} catch (error) {
  post({ type: 'failed', error: serialize(error) });
}
