// One SEO run at a time across every process on the database (server processes and their panels):
// the route's in-memory slot covers its own process only (decision 0032).
import type { Sqlite } from '../../../db/connection.ts';
import { acquireLock, releaseLock } from '../../../db/lock-repository.ts';

const SEO_LOCK = 'generate-seo';

export type SeoRunClaim = { acquired: true; release(): void } | { acquired: false; startedAt: string };

export function claimSeoRun(sqlite: Sqlite, actor: string): SeoRunClaim {
  const lock = acquireLock(sqlite, SEO_LOCK, actor);
  if (!lock.acquired) return { acquired: false, startedAt: lock.holder.acquired_at };
  return { acquired: true, release: () => releaseLock(sqlite, SEO_LOCK, lock.owner) };
}
