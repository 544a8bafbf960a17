// Resolves the database a command works on — --db, else DATABASE_URL, else DATABASE_PATH, else the
// default file — and opens it migrated, as a store on either dialect.
import { type DatabaseAddress, parseDatabaseAddress } from '../db/address.ts';
import type { Store } from '../db/store/store.ts';
import { loadConfig } from '../server/config.ts';
import { openStore } from '../server/domain/open-database.ts';
import type { CommonOptions } from './output.ts';

export function resolveDatabaseAddress(options: CommonOptions): DatabaseAddress {
  const config = loadConfig();
  return addressOf(options.db ?? config.DATABASE_URL ?? config.DATABASE_PATH);
}

/** A database named on the command line (--db, --from, --to): a SQLite path or a postgres:// URL. */
export function addressOf(text: string): DatabaseAddress {
  return parseDatabaseAddress(text);
}

/** Opens the command's database as a store, SQLite or PostgreSQL (decision 0034), for commands whose
 *  concern has both implementations. */
export async function withStore<T>(options: CommonOptions, fn: (store: Store) => Promise<T> | T): Promise<T> {
  const handle = await openStore(resolveDatabaseAddress(options));
  try {
    return await fn(handle.store);
  } finally {
    await handle.close();
  }
}
