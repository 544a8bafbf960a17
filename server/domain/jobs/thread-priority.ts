// Long jobs (imports, SEO text, exports, sitemaps) run in worker threads of the server process. On 2
// cores they compete with the event loop that answers visitors. On Linux the nice value belongs to
// each thread, so a job thread lowers its own priority: the scheduler serves the event loop first and
// gives the job every cycle the visitors leave. Measured during a 100,000-row import: visitors' median
// stays ~5 ms (7.9 ms without); their p99 (~40 ms against ~15 ms idle) does not move with it
// (docs/decisions/0014). Elsewhere (no /proc/thread-self) this does nothing.
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
