// Test support: on PostgreSQL a process learns a new data version from the database's announcement
// (about a millisecond after the commit), so a test that writes and then reads a cached answer waits
// until this process has seen the version the database holds. On SQLite there is nothing to wait for.
import type { Store } from '../../../db/store/store.ts';

export async function settledDataVersion(store: Store, timeoutMs = 3_000): Promise<number> {
  if (store.dialect === 'sqlite') return store.dataVersion();
  const { rows } = await store.query<{ value: number }>(
    `SELECT value FROM site_stats WHERE key = 'data_version'`,
  );
  const wanted = rows[0]?.value ?? 0;
  const deadline = Date.now() + timeoutMs;
  while (!(store.dataVersion() >= wanted)) {
    if (Date.now() > deadline) throw new Error(`data version ${wanted} not seen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return wanted;
}
