// Resolves the database a command works on — --db, else DATABASE_URL, else DATABASE_PATH, else the
// default file — and opens it migrated.
import { type DatabaseAddress, parseDatabaseAddress } from '../db/address.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { loadConfig } from '../server/config.ts';
import type { Store } from '../db/store/store.ts';
import { openAndPrepareDatabase, openStore } from '../server/domain/open-database.ts';
import { CliError, type CommonOptions } from './output.ts';

export function resolveDatabaseAddress(options: CommonOptions): DatabaseAddress {
  const config = loadConfig();
  return addressOf(options.db ?? config.DATABASE_URL ?? config.DATABASE_PATH);
}

/** A database named on the command line (--db, --from, --to): a SQLite path or a postgres:// URL. */
export function addressOf(text: string): DatabaseAddress {
  return parseDatabaseAddress(text);
}

/** The SQLite file a command works on. PostgreSQL so far serves `copy` and `migrate` only
 *  (decision 0029): other commands say so rather than fail half way. */
export function resolveDatabasePath(options: CommonOptions): string {
  const address = resolveDatabaseAddress(options);
  if (address.dialect === 'postgres') {
    throw new CliError(
      `This command runs on a SQLite file for now; PostgreSQL (${address.display}) serves \`directory copy\` and \`directory migrate\` so far.`,
      undefined,
      'Copy a site between the two with: directory copy --from <file> --to postgres://…',
      'postgres_unsupported',
    );
  }
  return address.path;
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
