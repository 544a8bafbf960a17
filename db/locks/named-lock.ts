// Named locks across every process on one database — the server's instances and the CLI — so that
// two imports (or an import and a delete-all) never run at once (decision 0034). SQLite keeps them in
// app_locks with the holder's pid and heartbeat (db/lock-repository.ts); PostgreSQL holds a
// session-level advisory lock, which the server releases by itself when the holder's connection ends
// (a kill -9 included), and writes the same app_locks row only to say who holds it.
import type { AppLockTable } from '../schema.ts';
import type { Store } from '../store/store.ts';
import { acquireLock, heartbeatLock, releaseLock } from '../lock-repository.ts';
import { acquirePostgresLock } from './postgres-lock.ts';

export interface HeldLock {
  /** host:pid:tag, as the app_locks row names it. */
  readonly owner: string;
  /** Keeps a long holder visibly alive (SQLite: holders on other hosts are judged by it). */
  heartbeat(): Promise<void>;
  release(): Promise<void>;
}

export type NamedLockResult = { acquired: true; lock: HeldLock } | { acquired: false; holder: AppLockTable };

export async function acquireNamedLock(
  store: Store,
  name: string,
  ownerTag: string,
): Promise<NamedLockResult> {
  if (store.dialect === 'postgres') return acquirePostgresLock(store, name, ownerTag);
  const { sqlite } = store;
  const result = acquireLock(sqlite, name, ownerTag);
  if (!result.acquired) return result;
  const { owner } = result;
  return {
    acquired: true,
    lock: {
      owner,
      heartbeat: async () => heartbeatLock(sqlite, name, owner),
      release: async () => releaseLock(sqlite, name, owner),
    },
  };
}
