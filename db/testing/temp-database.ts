// Test support: a real, migrated SQLite file in its own temporary folder, removed afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DatabaseHandle, openDatabase } from '../connection.ts';
import { migrateToLatest } from '../migrate.ts';

export interface TempDatabase extends DatabaseHandle {
  dir: string;
  /** Closes the connection and deletes the folder. */
  dispose(): Promise<void>;
}

export async function createTempDatabase(prefix = 'directory-test-'): Promise<TempDatabase> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const handle = openDatabase(join(dir, 'directory.db'));
  await migrateToLatest(handle.db);
  return {
    ...handle,
    dir,
    async dispose() {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
