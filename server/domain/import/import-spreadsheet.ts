// The import's entry point for both front ends (HTTP and CLI). The heavy work runs in a child process
// with its own connection, at the lowest priority (every thread of it: its garbage collector's and
// zlib's too, which a worker thread would share with the server), so the calling process keeps
// serving requests meanwhile (docs/decisions/0015, 0016).
import { spawn } from 'node:child_process';
import { basename } from 'node:path';
import { processEntry } from '../../runtime/entry-points.ts';
import { backgroundLauncher } from '../jobs/background-launcher.ts';
import { CheckpointWatch } from './checkpoint-progress.ts';
import { ImportError } from './import-error.ts';
import { type ImportDatabase, takeImportLock } from './import-run-side.ts';
import type { ImportJob, ImportMessage, ImportProgress, ImportReport } from './import-types.ts';
import { liveProgressWriter } from './live-progress.ts';
import type { SpreadsheetLimits } from './precheck.ts';

export type { ImportDatabase } from './import-run-side.ts';
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
  /** Heap cap of the import's process: a hostile file that slips past the checks fails the import, not the server. */
  heapMb?: number;
  /** CPU priority of the import's process (IMPORT_PRIORITY): idle (default) or low. */
  priority?: ImportPriority;
  onProgress?: (progress: ImportProgress) => void;
}

/** idle: SCHED_IDLE, only the CPU time nothing else wants (nice 10 where refused); low: nice 10. */
export type ImportPriority = 'idle' | 'low';

export async function importSpreadsheet(
  database: ImportDatabase,
  options: ImportOptions,
): Promise<ImportReport> {
  const fileName = options.fileName ?? basename(options.filePath);
  const taken = await takeImportLock(database, options.startedBy);
  if ('holder' in taken) {
    throw new ImportError(
      'busy',
      'import_running',
      `Another import is already running (started ${taken.holder.acquired_at}); try again when it has finished.`,
    );
  }
  const { side } = taken;
  try {
    const runId = await side.createRun({
      fileName,
      startedBy: options.startedBy,
      updateMode: options.updateExisting ?? false,
      dryRun: options.dryRun ?? false,
    });
    const job: ImportJob = {
      database: side.job,
      filePath: options.filePath,
      fileName,
      runId,
      updateExisting: options.updateExisting ?? false,
      dryRun: options.dryRun ?? false,
      limits: options.limits ?? {},
      maxListedIssues: options.maxListedIssues ?? 10_000,
      maxDatabaseBytes: options.maxDatabaseBytes,
    };
    // Every process on the database can show its progress (the panel's poll may reach any of them).
    // The server runs on SQLite only so far: a PostgreSQL import's progress is its caller's alone.
    const live = side.liveProgressDbPath ? liveProgressWriter(side.liveProgressDbPath, runId) : undefined;
    const reported: ImportOptions = {
      ...options,
      onProgress: (progress) => {
        live?.report(progress);
        options.onProgress?.(progress);
      },
    };
    const stop = new AbortController();
    const stopKeeping = side.keepLock((error) =>
      stop.abort(
        new ImportError(
          'failed',
          'import_failed',
          `The import stopped: its lock was lost (${error.message}); nothing from it was kept.`,
        ),
      ),
    );
    try {
      const launcher = (options.priority ?? 'idle') === 'idle' ? await backgroundLauncher() : [];
      return await runChild(job, side.lockOwner, reported, [...launcher, process.execPath], stop.signal);
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
      // Unwritable (the database is gone too): the import's own error is the one to tell, and the run
      // left running is marked interrupted by a later import.
      await side
        .finishRun(runId, {
          status: 'failed',
          rowsRead: 0,
          imported: 0,
          updated: 0,
          duplicatesSkipped: 0,
          totalErrors: 0,
          totalWarnings: 0,
          message: importError.message,
        })
        .catch(() => {});
      throw new ImportError(importError.kind, importError.code, importError.message, runId);
    } finally {
      stopKeeping();
      live?.remove();
    }
  } finally {
    await side.release();
  }
}

/** V8's words when a process reaches its heap cap, on stderr before it aborts (and a native stack). */
const OUT_OF_MEMORY = /heap limit|heap out of memory/i;

function runChild(
  job: ImportJob,
  lockOwner: string,
  options: ImportOptions,
  /** The command that starts Node: the launcher's words, then Node itself. */
  node: string[],
  /** Aborted: the child is killed (a merge under way rolls back) and the import fails with the reason. */
  signal: AbortSignal,
): Promise<ImportReport> {
  return new Promise((resolve, reject) => {
    // Under SCHED_IDLE from its first instruction when the launcher says so (the child also lowers
    // its nice value: all that priority 'low' asks, and all it gets where SCHED_IDLE is refused).
    // Only the heap cap (and, from the sources, the TypeScript loader): the parent's own flags
    // (profilers, loaders) are not the import's.
    const { nodeArgs, script } = processEntry('import-child');
    const heap = `--max-old-space-size=${options.heapMb ?? 4096}`;
    const [command, ...args] = [...node, ...nodeArgs, heap, script];
    const child = spawn(command!, args, {
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let outOfMemory = false;
    let stderrTail = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      // The tail of the previous chunk too, in case the words are cut in two.
      const text = stderrTail + chunk.toString();
      if (OUT_OF_MEMORY.test(text)) outOfMemory = true;
      stderrTail = text.slice(-64);
    });
    const checkpoint = new CheckpointWatch(child.pid, (progress) => options.onProgress?.(progress));
    let settled = false;
    const settle = (fn: () => void) => {
      checkpoint.stop();
      if (settled) return;
      settled = true;
      fn();
    };
    child.on('message', (message: ImportMessage) => {
      switch (message.type) {
        case 'progress':
          options.onProgress?.(message.progress);
          checkpoint.follow(message);
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
    signal.addEventListener('abort', () => {
      child.kill('SIGKILL');
      settle(() => reject(signal.reason));
    });
    child.on('error', (error) => {
      settle(() => reject(new ImportError('failed', 'import_failed', `The import failed: ${error.message}`)));
      child.kill('SIGKILL');
    });
    // 'close' comes after the exit and after every message the child sent.
    child.on('close', (code, signal) => {
      settle(() =>
        reject(
          outOfMemory
            ? new ImportError(
                'rejected',
                'too_large',
                'The spreadsheet needs more memory to read than is allowed.',
              )
            : new ImportError(
                'failed',
                'import_failed',
                `The import process stopped (${signal ? `signal ${signal}` : `exit ${code}`}).`,
              ),
        ),
      );
    });
    child.send({ job, lockOwner });
  });
}
