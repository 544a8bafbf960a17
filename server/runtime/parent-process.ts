// For a child process (an import, a job): whether the process that started it is still there. A child
// outlives a parent that is killed; a synchronous step cannot hear the IPC channel close, so the
// children ask this between steps and stop when the answer is no.

const parentPid = process.ppid;

export function parentAlive(): boolean {
  if (!process.connected) return false;
  try {
    // Signal 0 only checks: once the parent is gone its id answers ESRCH (this process now belongs
    // to init, and process.ppid would name another).
    process.kill(parentPid, 0);
    return true;
  } catch {
    return false;
  }
}
