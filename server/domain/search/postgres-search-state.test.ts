// Opening a PostgreSQL database brings its search index up to this version's analyzer, once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANALYZER_VERSION } from '../../../db/search/analyzer.ts';
import type { PostgresStore } from '../../../db/store/store.ts';
import { createTestStore, type TestStore } from '../testing/test-store.ts';
import { ensurePostgresSearchIndex } from './postgres-search-state.ts';

describe('the PostgreSQL search index at open', () => {
  let test: TestStore;
  let store: PostgresStore;
  beforeEach(async () => {
    test = await createTestStore('postgres');
    if (test.store.dialect !== 'postgres') throw new Error('unreachable');
    store = test.store;
  });
  afterEach(async () => {
    await test.dispose();
  });

  const count = async (sql: string) =>
    (await store.query<{ n: number }>(`SELECT COUNT(*)::bigint AS n FROM ${sql}`)).rows[0]!.n;

  it('was built when the database was opened', async () => {
    const state = await store.query<{ key: string; value: string }>(
      'SELECT key, value FROM search_state ORDER BY key',
    );
    expect(state.rows.find((row) => row.key === 'analyzer_version')?.value).toBe(String(ANALYZER_VERSION));
    expect(await ensurePostgresSearchIndex(store)).toBe(false);
  });

  it('rebuilds from the businesses when the analyzer version differs, raising the data version', async () => {
    await store.query(
      `INSERT INTO businesses (place_id, slug, name, category, city, city_key, created_at, updated_at)
       SELECT 'p' || n, 's' || n, 'Plumber ' || n, 'Plumber', 'Austin', 'austin-tx', '2026-11-26', '2026-11-26'
       FROM generate_series(1, 30) AS n`,
    );
    await store.query(`UPDATE search_state SET value = '1' WHERE key = 'analyzer_version'`);
    const version = async () =>
      (await store.query<{ value: number }>(`SELECT value FROM site_stats WHERE key = 'data_version'`))
        .rows[0]?.value ?? 0;
    const before = await version();
    expect(await ensurePostgresSearchIndex(store)).toBe(true);
    expect(await count('search_documents')).toBe(30);
    expect(await count(`search_vocab WHERE field = 'word' AND term = 'plumber' AND docs = 30`)).toBe(1);
    expect(await version()).toBe(before + 1);
  });
});
