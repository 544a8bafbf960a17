// Long jobs (imports, SEO text, exports, sitemaps) run in worker threads of the server process. On 2
// cores they compete with the event loop that answers visitors; measured during a 100,000-row import,
// visitors' p99 rose to 2.6× its idle value. On Linux the nice value belongs to each thread, so a job
// thread lowers its own priority: the scheduler then serves the event loop first and gives the job
// every cycle the visitors leave. Elsewhere (no /proc/thread-self) this does nothing.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Nice 10: well below the event loop (0), still far from idle (19) so a job on a busy site finishes. */
export const JOB_THREAD_NICE = 10;

/** Lowers the priority of the calling thread; returns its thread id, or null where it cannot. */
export function lowerThisThreadPriority(nice: number = JOB_THREAD_NICE): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return null;
    setPriority(tid, nice);
    return tid;
  } catch {
    return null;
  }
}
