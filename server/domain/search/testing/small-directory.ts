// Test support: a few businesses of a test's own in a real migrated SQLite file with its search
// index, made before the tests of the file (or describe) that asks for it and removed after them.
import { afterAll, beforeAll } from 'vitest';
import { createSqliteStore } from '../../../../db/store/sqlite-store.ts';
import type { Store } from '../../../../db/store/store.ts';
import { stageAndMerge, stagedRow, type TestStagedRow } from '../../../../db/testing/staged-row.ts';
import { createTempDatabase, type TempDatabase } from '../../../../db/testing/temp-database.ts';
import { clearSearchPlans } from '../search.ts';
import { ensureSearchIndex } from '../search-index-state.ts';

export interface SmallDirectory {
  store: Store;
  database: TempDatabase;
}

/** The rows (each over stagedRow's defaults, numbered from 2) as a directory for these tests. */
export function smallDirectoryForFile(rows: readonly Partial<TestStagedRow>[]): () => SmallDirectory {
  let current: SmallDirectory | undefined;
  beforeAll(async () => {
    const database = await createTempDatabase('small-directory-');
    stageAndMerge(
      database.sqlite,
      rows.map((row, index) => stagedRow(index + 2, row)),
      { resolveSlug: (row) => `${row.slug}-x` },
    );
    ensureSearchIndex(database.sqlite);
    current = { database, store: createSqliteStore(database.sqlite) };
  });
  afterAll(async () => {
    if (!current) return;
    clearSearchPlans(current.store);
    await current.database.dispose();
  });
  return () => {
    if (!current) throw new Error('the directory is made before the tests');
    return current;
  };
}
