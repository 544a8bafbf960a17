// Runs one import job in this worker thread and reports progress and the outcome to the parent.
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThisThreadPriority } from '../jobs/thread-priority.ts';
import { runImportPipeline, StorageFull } from './import-pipeline.ts';
import type { ImportJob, WorkerMessage } from './import-types.ts';
import { SpreadsheetRejected } from './spreadsheet-error.ts';

const { job, lockOwner } = workerData as { job: ImportJob; lockOwner: string };
const post = (message: WorkerMessage) => parentPort?.postMessage(message);
// Visitors first: the import takes the CPU the event loop leaves (thread-priority.ts).
lowerThisThreadPriority();

try {
  const report = await runImportPipeline(job, lockOwner, (progress) => post({ type: 'progress', progress }));
  post({ type: 'done', report });
} catch (error) {
  if (error instanceof SpreadsheetRejected)
    post({ type: 'rejected', code: error.code, message: error.message });
  else if (error instanceof StorageFull) post({ type: 'failed', code: error.code, message: error.message });
  else
    post({
      type: 'failed',
      code: 'import_failed',
      message: `The import failed: ${(error as Error).message}`,
    });
}
