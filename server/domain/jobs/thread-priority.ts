// Long jobs compete on 2 cores with the event loop that answers visitors. On Linux the nice value
// belongs to each thread: a job's process (SEO text, delete-all, sitemaps; decision 0030) lowers all
// of its threads, including the garbage collector's helpers and zlib's thread pool, so the scheduler
// serves the event loop first and gives the job every cycle the visitors leave (decisions 0014,
// 0015). An import goes further: its process starts under SCHED_IDLE (background-launcher.ts, 0016).
// Elsewhere (no /proc) this does nothing.
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Nice 10: well below the event loop (0), still far from idle (19) so a job on a busy site finishes. */
export const JOB_THREAD_NICE = 10;

/** Lowers the priority of every thread of this process (threads started later inherit it from the
 *  thread that starts them); returns how many it lowered, 0 where it cannot. */
export function lowerProcessPriority(nice: number = JOB_THREAD_NICE): number {
  let lowered = 0;
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return 0;
  }
  for (const tid of tids) {
    try {
      setPriority(Number(tid), nice);
      lowered++;
    } catch {
      // the thread ended meanwhile
    }
  }
  return lowered;
}
