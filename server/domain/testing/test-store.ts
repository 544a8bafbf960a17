// Test support: the same test against both dialects (decision 0034). Each store is a database of its
// own — a migrated SQLite file in a temporary folder, or a new PostgreSQL database, dropped after.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseAddress } from '../../../db/address.ts';
import type { Dialect } from '../../../db/query/prepared-query.ts';
import type { Store } from '../../../db/store/store.ts';
import { createPostgresDatabase } from '../../../db/testing/postgres-database.ts';
import { openStore } from '../open-database.ts';

export const DIALECTS: readonly Dialect[] = ['sqlite', 'postgres'];

export interface TestStore {
  store: Store;
  /** What --db takes for this database (a file path or a postgres:// URL), for CLI tests. */
  address: string;
  /** Closes the store and removes its database. */
  dispose(): Promise<void>;
}

export async function createTestStore(dialect: Dialect): Promise<TestStore> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'directory-store-'));
    const path = join(dir, 'directory.db');
    return openTestStore({ dialect, path, display: path }, async () =>
      rmSync(dir, { recursive: true, force: true }),
    );
  }
  const database = await createPostgresDatabase();
  return openTestStore({ dialect, url: database.url, display: database.url }, database.drop);
}

/** Opens a test's database as a store; disposing closes it, then removes the database (`remove`). */
export async function openTestStore(
  address: DatabaseAddress,
  remove: () => Promise<void>,
): Promise<TestStore> {
  const handle = await openStore(address);
  return {
    store: handle.store,
    address: address.dialect === 'sqlite' ? address.path : address.url,
    async dispose() {
      await handle.close();
      await remove();
    },
  };
}
