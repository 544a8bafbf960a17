// The job's process: runs the one named job its parent sends on its own connection, reports progress
// and the outcome over IPC, and exits. If the parent goes (the server killed), it stops at once: an
// unfinished transaction is rolled back with the connection.
import type { DatabaseAddress } from '../../../db/address.ts';
import { openDatabase } from '../../../db/connection.ts';
import { parentAlive } from '../../runtime/parent-process.ts';
import {
  JOB_BUSY_TIMEOUT_MS,
  type JobMessage,
  type JobRequest,
  type SerializedJobError,
} from './job-types.ts';
import { isJobName, JOB_RUNNERS, type JobDatabase, type JobName, type JobRunner } from './jobs.ts';
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

/** The job's own connection. The server has migrated the database already: nothing to prepare. */
async function openJobDatabase(
  address: DatabaseAddress,
): Promise<{ database: JobDatabase; close(): Promise<void> }> {
  if (address.dialect === 'sqlite') {
    const handle = openDatabase(address.path);
    handle.sqlite.pragma(`busy_timeout = ${JOB_BUSY_TIMEOUT_MS}`);
    return { database: { store: handle.store, address }, close: () => handle.close() };
  }
  const { openPostgres } = await import('../../../db/postgres/connection.ts');
  const { createPostgresStore } = await import('../../../db/store/postgres-store.ts');
  // A few connections: the job's queries and transactions, and a named lock's session (delete-all).
  const handle = openPostgres(address.url, address.display, { poolSize: 3 });
  return {
    database: { store: createPostgresStore(handle.pool, address.display), address },
    close: () => handle.close(),
  };
}

const request = await new Promise<JobRequest>((resolve) => process.once('message', resolve));
try {
  if (!isJobName(request.name)) throw new Error(`Unknown job "${request.name}"`);
  const opened = await openJobDatabase(request.address);
  try {
    const run = JOB_RUNNERS[request.name] as JobRunner<JobName>;
    const result = await run(opened.database, request.params as never, (progress) => {
      // Between batches: a job whose parent was killed stops here, its open transaction rolled back.
      if (!parentAlive()) process.exit(1);
      void post({ type: 'progress', progress });
    });
    await post({ type: 'done', result });
  } finally {
    await opened.close();
  }
} catch (error) {
  await post({ type: 'failed', error: serialize(error) });
}
// The parent's channel would keep this process alive.
finished = true;
process.disconnect?.();
