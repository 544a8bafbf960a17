// One SEO run at a time across every process on the database — server processes and their panels,
// the CLI, on any machine sharing a PostgreSQL database — as a named lock (decision 0034): the
// route's in-memory slot covers its own process only (decision 0032). Two runs at once would only
// repeat each other's work, so the second is refused.
import { acquireNamedLock } from '../../../db/locks/named-lock.ts';
import type { Store } from '../../../db/store/store.ts';

export const SEO_LOCK = 'generate-seo';

export type SeoRunClaim =
  | { acquired: true; release(): Promise<void> }
  | { acquired: false; startedAt: string };

export async function claimSeoRun(store: Store, actor: string): Promise<SeoRunClaim> {
  const result = await acquireNamedLock(store, SEO_LOCK, actor);
  if (!result.acquired) return { acquired: false, startedAt: result.holder.acquired_at };
  return { acquired: true, release: () => result.lock.release() };
}

/** What a refused run is told, by the panel and the CLI alike. */
export function seoRunningMessage(startedAt: string): string {
  return `SEO generation is already running (started ${startedAt}).`;
}
