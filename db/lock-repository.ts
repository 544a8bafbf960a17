// Named locks in the database, so that the CLI and the server (separate processes sharing one file)
// never run two imports at once. A lock whose holder died (kill -9) is detected and taken over.
import { hostname } from 'node:os';
import type { AppLockTable } from './schema.ts';
import { immediateTransaction, type Sqlite } from './connection.ts';

/** A holder on another host that has not refreshed its heartbeat for this long is considered dead. */
const STALE_AFTER_MS = 60_000;

export type LockResult = { acquired: true; owner: string } | { acquired: false; holder: AppLockTable };

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockHolderAlive(
  lock: Pick<AppLockTable, 'host' | 'pid' | 'heartbeat_at'>,
  now = Date.now(),
): boolean {
  if (lock.host === hostname()) return processAlive(lock.pid);
  return now - Date.parse(lock.heartbeat_at) < STALE_AFTER_MS;
}

export function acquireLock(sqlite: Sqlite, name: string, ownerTag: string): LockResult {
  const now = new Date().toISOString();
  const owner = `${hostname()}:${process.pid}:${ownerTag}`;
  return immediateTransaction(sqlite, () => {
    const holder = sqlite.prepare('SELECT * FROM app_locks WHERE name = ?').get(name) as
      | AppLockTable
      | undefined;
    if (holder && lockHolderAlive(holder)) return { acquired: false, holder } as const;
    sqlite
      .prepare(
        `INSERT INTO app_locks (name, owner, host, pid, acquired_at, heartbeat_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, host = excluded.host, pid = excluded.pid,
           acquired_at = excluded.acquired_at, heartbeat_at = excluded.heartbeat_at`,
      )
      .run(name, owner, hostname(), process.pid, now, now);
    return { acquired: true, owner } as const;
  });
}

export function heartbeatLock(sqlite: Sqlite, name: string, owner: string): void {
  sqlite
    .prepare('UPDATE app_locks SET heartbeat_at = ? WHERE name = ? AND owner = ?')
    .run(new Date().toISOString(), name, owner);
}

export function releaseLock(sqlite: Sqlite, name: string, owner: string): void {
  sqlite.prepare('DELETE FROM app_locks WHERE name = ? AND owner = ?').run(name, owner);
}

/** At process start no lock can be held by this process yet: a row carrying our own pid was left by
 *  an earlier process that had the same pid (containers restart as pid 1). */
export function clearLocksOfThisProcess(sqlite: Sqlite): void {
  sqlite.prepare('DELETE FROM app_locks WHERE host = ? AND pid = ?').run(hostname(), process.pid);
}
