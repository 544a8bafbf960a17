// Runs the one import job the parent (the server or the CLI) sends over IPC, reports progress and
// the outcome back, and exits. A worker thread died with its process; a child outlives a parent that
// is killed, so it checks that its parent is still there each time it reports, and otherwise stops
// (inside the merge, that rolls the transaction back).
import { parentAlive } from '../../runtime/parent-process.ts';
import { isCheckpointing, processWrittenBytes } from './checkpoint-progress.ts';
import { runImportPipeline, StorageFull } from './import-pipeline.ts';
import type { ImportJob, ImportMessage } from './import-types.ts';
import { SpreadsheetRejected } from './spreadsheet-error.ts';

class ParentGone extends Error {}

function post(message: ImportMessage, then?: () => void): void {
  if (process.connected && process.send) process.send(message, undefined, {}, () => then?.());
  else then?.();
}

function outcome(error: unknown): ImportMessage {
  if (error instanceof SpreadsheetRejected)
    return { type: 'rejected', code: error.code, message: error.message };
  if (error instanceof StorageFull) return { type: 'failed', code: error.code, message: error.message };
  return { type: 'failed', code: 'import_failed', message: `The import failed: ${(error as Error).message}` };
}

process.once('disconnect', () => process.exit(1));
process.once('message', async ({ job, lockOwner }: { job: ImportJob; lockOwner: string }) => {
  let last: ImportMessage;
  try {
    const report = await runImportPipeline(job, lockOwner, (progress) => {
      if (!parentAlive()) throw new ParentGone('the parent process is gone');
      // The checkpoint that follows this report blocks this process: the parent measures it.
      const writtenBytes = isCheckpointing(progress) ? processWrittenBytes('self') : undefined;
      post({ type: 'progress', progress, writtenBytes });
    });
    last = { type: 'done', report };
  } catch (error) {
    if (error instanceof ParentGone) process.exit(1);
    last = outcome(error);
  }
  // Exit once the answer is on its way (nothing else keeps this process running).
  post(last, () => process.exit(0));
});
