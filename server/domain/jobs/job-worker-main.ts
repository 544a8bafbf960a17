// The job's process: runs the one named job its parent sends on its own connection, reports progress
// and the outcome over IPC, and exits. If the parent goes (the server killed), it stops at once: an
// unfinished transaction is rolled back with the connection.
import { openDatabase } from '../../../db/connection.ts';
import { parentAlive } from '../../runtime/parent-process.ts';
import {
  JOB_BUSY_TIMEOUT_MS,
  type JobMessage,
  type JobRequest,
  type SerializedJobError,
} from './job-types.ts';
import { isJobName, JOB_RUNNERS, type JobName, type JobRunner } from './jobs.ts';
import { lowerProcessPriority } from './thread-priority.ts';

const post = (message: JobMessage) =>
  new Promise<void>((resolve) => {
    if (!process.send) return resolve();
    process.send(message, undefined, undefined, () => resolve());
  });
// Visitors first: every thread of the job (its GC helpers too) takes the CPU the server leaves.
lowerProcessPriority();
let finished = false;
process.on('disconnect', () => {
  if (!finished) process.exit(1);
});

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

const request = await new Promise<JobRequest>((resolve) => process.once('message', resolve));
try {
  if (!isJobName(request.name)) throw new Error(`Unknown job "${request.name}"`);
  const handle = openDatabase(request.dbPath);
  try {
    handle.sqlite.pragma(`busy_timeout = ${JOB_BUSY_TIMEOUT_MS}`);
    const run = JOB_RUNNERS[request.name] as JobRunner<JobName>;
    const result = await run(handle, request.params as never, (progress) => {
      // Between batches: a job whose parent was killed stops here, its open transaction rolled back.
      if (!parentAlive()) process.exit(1);
      void post({ type: 'progress', progress });
    });
    await post({ type: 'done', result });
  } finally {
    await handle.close();
  }
} catch (error) {
  await post({ type: 'failed', error: serialize(error) });
}
// The parent's channel would keep this process alive.
finished = true;
process.disconnect?.();
