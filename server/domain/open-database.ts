// Opening the database for a front end (server boot or a CLI command): migrate to the latest
// schema, clean up after any import that a killed process left half done, bring the search index
// up to this version's analyzer and synonyms, and the stored category groups up to its grouping rules.
import type { Logger } from 'pino';
import type { DatabaseAddress } from '../../db/address.ts';
import { type DatabaseHandle, openDatabase } from '../../db/connection.ts';
import { recoverInterruptedImports } from '../../db/import-runs-repository.ts';
import { clearLocksOfThisProcess } from '../../db/lock-repository.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import type { DataVersionFollower } from '../../db/postgres/data-version-follower.ts';
import { createSqliteStore } from '../../db/store/sqlite-store.ts';
import type { PostgresStore, StoreHandle } from '../../db/store/store.ts';
import { ensureCategoryGroups } from './categories/regroup-businesses.ts';
import { ensureSearchIndex } from './search/search-index-state.ts';
import type { ServerDatabase } from './server-database.ts';

export async function openAndPrepareDatabase(path: string): Promise<DatabaseHandle> {
  const handle = openDatabase(path);
  try {
    await migrateToLatest(handle.db);
    clearLocksOfThisProcess(handle.sqlite);
    recoverInterruptedImports(handle.sqlite, { atBoot: true });
    // After the recovery: an interrupted import's rows are gone before the index is (re)built.
    ensureSearchIndex(handle.sqlite);
    // After the index is current: a regrouped business's index row is rewritten with its new group.
    await ensureCategoryGroups(handle.store);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

export interface MigrateOutcome {
  database: string;
  /** Migrations applied now (PostgreSQL; SQLite's are applied by opening it). */
  applied: string[];
}

/** `directory migrate`: brings either kind of database to this version's schema. */
export async function migrateDatabase(address: DatabaseAddress): Promise<MigrateOutcome> {
  if (address.dialect === 'sqlite') {
    const handle = await openAndPrepareDatabase(address.path);
    await handle.close();
    return { database: address.path, applied: [] };
  }
  // Loaded on use: the PostgreSQL client stays out of the SQLite commands' start.
  const { openPostgres } = await import('../../db/postgres/connection.ts');
  const { migratePostgresToLatest } = await import('../../db/postgres/migrate.ts');
  const handle = openPostgres(address.url, address.display, { poolSize: 1 });
  try {
    const { results = [] } = await migratePostgresToLatest(handle.db);
    const applied = results
      .filter((result) => result.status === 'Success')
      .map((result) => result.migrationName);
    return { database: address.display, applied };
  } finally {
    await handle.close();
  }
}

/**
 * Opens either kind of database as a store (decision 0034), brought to this version's schema: SQLite
 * prepared as the server prepares it at boot; PostgreSQL migrated, with its search index, shipped
 * synonyms and category groups brought up to this version as SQLite's are.
 */
export interface OpenStoreOptions {
  /** PostgreSQL: told when following the data version fails for a moment (the poll carries on). */
  onFollowError?: (error: Error) => void;
  /** PostgreSQL: connections in the pool (default 10). */
  poolSize?: number;
}

export async function openStore(
  address: DatabaseAddress,
  options: OpenStoreOptions = {},
): Promise<StoreHandle> {
  if (address.dialect === 'sqlite') {
    const handle = await openAndPrepareDatabase(address.path);
    return { store: createSqliteStore(handle.sqlite, address.path), close: () => handle.close() };
  }
  const { openPostgres } = await import('../../db/postgres/connection.ts');
  const { migratePostgresToLatest } = await import('../../db/postgres/migrate.ts');
  const { createPostgresStore } = await import('../../db/store/postgres-store.ts');
  const { ensurePostgresSearchIndex } = await import('./search/postgres-search-state.ts');
  const { ensureShippedSynonyms } = await import('./search/shipped-synonyms.ts');
  const { followDataVersion } = await import('../../db/postgres/data-version-follower.ts');
  const handle = openPostgres(address.url, address.display, { poolSize: options.poolSize });
  let store: PostgresStore;
  let follower: DataVersionFollower | undefined;
  try {
    await handle.pool.query('SELECT 1').catch((error: Error) => {
      throw new Error(`Cannot reach the PostgreSQL database ${address.display}: ${error.message}`);
    });
    await migratePostgresToLatest(handle.db);
    // Every cache keyed on the data version reads it from memory, moved by the database's
    // announcements (decision 0034); the follower's first read is done before the store is used.
    follower = await followDataVersion(handle.pool, { onError: options.onFollowError });
    store = createPostgresStore(handle.pool, address.display, follower.current, follower.refresh);
    // As SQLite's ensureSearchIndex does at every open: the index and the shipped synonyms current.
    await ensurePostgresSearchIndex(store);
    await ensureShippedSynonyms(store);
    // After the index is current, as on SQLite: a regrouped business's index row gets its new group.
    await ensureCategoryGroups(store);
  } catch (error) {
    await follower?.stop();
    await handle.close();
    throw error;
  }
  const following = follower;
  return {
    store,
    async close() {
      await following.stop();
      await handle.close();
    },
  };
}

/** The server's database, open, and what closes it. */
export interface OpenServerDatabase {
  database: ServerDatabase;
  close(): Promise<void>;
}

/**
 * Opens the database the server runs on (DATABASE_URL or DATABASE_PATH): SQLite prepared as at every
 * boot (migrations, interrupted imports, search index, category groups) on the one connection the
 * server shares between requests; PostgreSQL migrated, with the data version followed by
 * LISTEN/NOTIFY so that this instance's caches see every other instance's writes (decision 0034).
 */
export async function openServerDatabase(
  address: DatabaseAddress,
  options: { logger?: Logger; poolSize?: number } = {},
): Promise<OpenServerDatabase> {
  if (address.dialect === 'sqlite') {
    const handle = await openAndPrepareDatabase(address.path);
    return { database: { store: handle.store, address }, close: () => handle.close() };
  }
  const handle = await openStore(address, {
    poolSize: options.poolSize,
    // The poll carries on and the next one listens again; a lasting failure shows as repeated lines.
    onFollowError: (error) =>
      options.logger?.warn({ err: error }, 'following the data version: the database connection failed'),
  });
  return { database: { store: handle.store, address }, close: () => handle.close() };
}
