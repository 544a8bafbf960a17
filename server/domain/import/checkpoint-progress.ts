// The import's last step, the checkpoint, is one blocking SQLite call in the import's process that
// copies the merged pages (~200 MB for 100,000 rows) from the WAL into the database file: it cannot
// report from inside, and it can take a second. So the parent watches the child's write counter
// (Linux's /proc/<pid>/io, `wchar`: bytes handed to write()) while it runs and reports that as the
// step's progress. Elsewhere the step simply shows no progress within it.
import { readFileSync } from 'node:fs';
import type { ImportMessage, ImportProgress } from './import-types.ts';

/** True while the import is at its checkpoint: the step measured from outside. */
export function isCheckpointing(progress: ImportProgress): boolean {
  return progress.phase === 'merging' && progress.mergeStep === 'checkpointing';
}

/** Bytes process pid (or this process) has written so far, or null where /proc cannot tell. */
export function processWrittenBytes(pid: number | 'self'): number | null {
  try {
    const match = /^wchar:\s*(\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** Follows an import process's reports; while it checkpoints, reports every everyMs how many bytes it
 *  has written since it said so, up to the WAL's size. */
export class CheckpointWatch {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly pid: number | undefined,
    private readonly report: (progress: ImportProgress) => void,
    private readonly everyMs = 250,
  ) {}

  follow(message: Extract<ImportMessage, { type: 'progress' }>): void {
    this.stop();
    const { progress, writtenBytes } = message;
    const total = progress.checkpointBytes ?? 0;
    const pid = this.pid;
    if (!isCheckpointing(progress) || !total || writtenBytes == null || !pid) return;
    let shown = progress.bytesCheckpointed ?? 0;
    this.timer = setInterval(() => {
      const now = processWrittenBytes(pid);
      if (now === null) return this.stop();
      const copied = Math.min(total, Math.max(0, now - writtenBytes));
      if (copied === shown) return;
      shown = copied;
      this.report({ ...progress, bytesCheckpointed: copied });
    }, this.everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
