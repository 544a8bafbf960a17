// Opening a PostgreSQL database brings its search index up to this version's analyzer, once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PostgresStore } from '../../../db/store/store.ts';
import { createTestStore, type TestStore } from '../testing/test-store.ts';
import { ensurePostgresSearchIndex, POSTGRES_INDEX_VERSION } from './postgres-search-state.ts';

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
    expect(state.rows.find((row) => row.key === 'analyzer_version')?.value).toBe(POSTGRES_INDEX_VERSION);
    expect(await ensurePostgresSearchIndex(store)).toBe(false);
  });

  it('rebuilds from the businesses when the index version differs, raising the data version', async () => {
    await store.query(
      `INSERT INTO businesses (place_id, slug, name, category, city, city_key, rating, review_count, created_at, updated_at)
       SELECT 'p' || n, 's' || n, 'Plumber ' || n, 'Plumber', 'Austin', 'austin-tx', 1 + (n * 7 % 40) / 10.0, n * 13 % 200,
              '2026-11-26', '2026-11-26'
       FROM generate_series(1, 30) AS n`,
    );
    // The last version before the rank band terms: the analyzer's alone.
    await store.query(`UPDATE search_state SET value = '2' WHERE key = 'analyzer_version'`);
    const version = async () =>
      (await store.query<{ value: number }>(`SELECT value FROM site_stats WHERE key = 'data_version'`))
        .rows[0]?.value ?? 0;
    const before = await version();
    expect(await ensurePostgresSearchIndex(store)).toBe(true);
    expect(await count('search_documents')).toBe(30);
    expect(await count(`search_vocab WHERE field = 'word' AND term = 'plumber' AND docs = 30`)).toBe(1);
    // Each with its rank band's three terms (rank-bands.ts).
    expect(
      await count(
        `search_documents WHERE (SELECT COUNT(*) FROM unnest(tsvector_to_array(terms)) AS t WHERE t ~ '^r[bmt]_[0-9]+$') = 3`,
      ),
    ).toBe(30);
    // Laid in the table in rank order, not in the businesses' (decision 0039).
    const laid = await store.query<{ rowid: string }>('SELECT rowid FROM search_documents ORDER BY ctid');
    const rowids = laid.rows.map((row) => BigInt(row.rowid));
    expect(rowids).toEqual([...rowids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(new Set(rowids.map((rowid) => rowid >> 28n)).size).toBeGreaterThan(10);
    expect(await version()).toBe(before + 1);
  });
});
