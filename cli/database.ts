// Resolves --db (else DATABASE_PATH, else the default) and opens the migrated database.
import type { DatabaseHandle } from '../db/connection.ts';
import { loadConfig } from '../server/config.ts';
import { openAndPrepareDatabase } from '../server/domain/open-database.ts';
import type { CommonOptions } from './output.ts';

export function resolveDatabasePath(options: CommonOptions): string {
  return options.db ?? loadConfig().DATABASE_PATH;
}

export async function withDatabase<T>(
  options: CommonOptions,
  fn: (handle: DatabaseHandle) => Promise<T> | T,
): Promise<T> {
  const handle = await openAndPrepareDatabase(resolveDatabasePath(options));
  try {
    return await fn(handle);
  } finally {
    await handle.close();
  }
}
