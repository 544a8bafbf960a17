// Long jobs compete on 2 cores with the event loop that answers visitors. On Linux the nice value
// belongs to each thread: a job thread of the server (SEO text, exports, sitemaps) lowers its own
// priority, so the scheduler serves the event loop first and gives the job every cycle the visitors
// leave; an import runs in a child process that lowers all of its threads, including the garbage
// collector's helpers and zlib's thread pool, which a worker thread shares with the event loop
// (docs/decisions/0014, 0015). An import goes further: its process starts under SCHED_IDLE, which
// yields the core to any normal thread that wakes, where nice 10 still shares it (0016). Elsewhere (no
// /proc, no chrt) this does nothing.
import { execFile } from 'node:child_process';
import { accessSync, constants, readdirSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { delimiter, join } from 'node:path';

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

let idleLauncherCache: Promise<string[]> | undefined;

/** The words that start a command under Linux's SCHED_IDLE policy, inherited by every thread it
 *  starts (util-linux's `chrt`, which then runs the command in its own place: same pid). Tried once
 *  on `node --version`: [] where there is no such tool or the system refuses the policy (a sandbox's
 *  seccomp rules), and the command runs at its normal policy. */
export function idleLauncher(): Promise<string[]> {
  idleLauncherCache ??= (async () => {
    const chrt = process.platform === 'linux' ? findExecutable('chrt') : undefined;
    if (!chrt) return [];
    const launcher = [chrt, '--idle', '0'];
    return (await exitsCleanly(launcher[0]!, [...launcher.slice(1), process.execPath, '--version']))
      ? launcher
      : [];
  })();
  return idleLauncherCache;
}

function exitsCleanly(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: 10_000 }, (error) => resolve(error === null));
  });
}

function findExecutable(name: string): string | undefined {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const dir of [...dirs, '/usr/bin', '/bin']) {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not here
    }
  }
  return undefined;
}
