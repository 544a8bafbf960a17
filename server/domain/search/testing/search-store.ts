// Test support: a search test's SQLite database, or its PostgreSQL twin — the same rows copied by
// `directory copy` (same ids and values) into a new PostgreSQL database, whose search index is built
// when it is opened — so one test judges both dialects over the same businesses.
import { afterAll, beforeAll } from 'vitest';
import type { Dialect } from '../../../../db/query/prepared-query.ts';
import { createSqliteStore } from '../../../../db/store/sqlite-store.ts';
import type { Store } from '../../../../db/store/store.ts';
import { createPostgresDatabase } from '../../../../db/testing/postgres-database.ts';
import type { TempDatabase } from '../../../../db/testing/temp-database.ts';
import { copySite } from '../../copy/copy-site.ts';
import { openStore } from '../../open-database.ts';
import { clearSearchPlans } from '../search.ts';

export interface SearchStore {
  store: Store;
  /** The SQLite database the rows were written to (the source of the PostgreSQL twin). */
  source: TempDatabase;
  dispose(): Promise<void>;
}

/** A store over `build()`'s SQLite database, or over a PostgreSQL copy of it. */
export async function createSearchStore(
  dialect: Dialect,
  build: () => Promise<TempDatabase>,
): Promise<SearchStore> {
  const source = await build();
  if (dialect === 'sqlite') {
    const store = createSqliteStore(source.sqlite);
    return {
      store,
      source,
      async dispose() {
        clearSearchPlans(store);
        await source.dispose();
      },
    };
  }
  const database = await createPostgresDatabase();
  try {
    const path = source.sqlite.name;
    await copySite(
      { dialect: 'sqlite', path, display: path },
      { dialect, url: database.url, display: database.url },
    );
    const handle = await openStore({ dialect, url: database.url, display: database.url });
    return {
      store: handle.store,
      source,
      async dispose() {
        await handle.close();
        await database.drop();
        await source.dispose();
      },
    };
  } catch (error) {
    await database.drop();
    await source.dispose();
    throw error;
  }
}

/** A SearchStore for the tests of the enclosing describe: made before them, removed after. */
export function useSearchStore(dialect: Dialect, build: () => Promise<TempDatabase>): () => SearchStore {
  let current: SearchStore | undefined;
  beforeAll(async () => {
    current = await createSearchStore(dialect, build);
  }, 240_000);
  afterAll(async () => {
    await current?.dispose();
  });
  return () => {
    if (!current) throw new Error('the search store is made before the tests');
    return current;
  };
}
