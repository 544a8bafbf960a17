// The SEO job's reads and writes, on a SQLite file and a PostgreSQL database, each test on both: the
// store's shared queries (a count, keyset batches, one row) and writeSeoUpdatesIn; on SQLite also its
// synchronous forms on the raw connection, which must answer the same. The five sample businesses are
// inserted once per dialect (only business 2 is ever written).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sampleBusinessRow } from '../server/domain/seo/testing/sample-businesses.ts';
import { insertSampleRowsIn } from '../server/domain/seo/testing/sample-businesses-in-store.ts';
import { rowsIn } from '../server/domain/testing/sql-in.ts';
import { createTestStore, DIALECTS, type TestStore } from '../server/domain/testing/test-store.ts';
import type { Dialect } from './query/prepared-query.ts';
import {
  countBusinesses,
  readSeoBatch,
  readSeoRow,
  type SeoRow,
  seoBatchQuery,
  seoRowQuery,
  writeSeoUpdates,
  writeSeoUpdatesIn,
} from './seo-repository.ts';
import { countAllBusinessesQuery } from './stats-repository.ts';
import type { Store } from './store/store.ts';

/** Each dialect's database with the five samples, made once for the file. */
const opened = {} as Record<Dialect, TestStore>;
beforeAll(async () => {
  for (const dialect of DIALECTS) {
    opened[dialect] = await createTestStore(dialect);
    await insertSampleRowsIn(opened[dialect].store, [1, 2, 3, 4, 5].map(sampleBusinessRow));
  }
}, 60_000);
afterAll(async () => {
  for (const dialect of DIALECTS) await opened[dialect]?.dispose();
});

describe.each(DIALECTS)('seo repository on %s', (dialect) => {
  let store: Store;
  beforeEach(() => {
    store = opened[dialect].store;
  });

  /** The batch through the store; on SQLite, checked equal to the raw connection's readSeoBatch. */
  async function batch(afterId: number, limit: number): Promise<SeoRow[]> {
    const rows = (await store.all(seoBatchQuery, { afterId, limit })) as SeoRow[];
    if (store.dialect === 'sqlite') expect(readSeoBatch(store.sqlite, afterId, limit)).toEqual(rows);
    return rows;
  }
  async function row(id: number): Promise<SeoRow | undefined> {
    const found = (await store.first(seoRowQuery, { id })) as SeoRow | undefined;
    if (store.dialect === 'sqlite') expect(readSeoRow(store.sqlite, id)).toEqual(found);
    return found;
  }
  /** writeSeoUpdatesIn in a transaction, as the job writes a batch. */
  const write = (updates: Parameters<typeof writeSeoUpdates>[1], updatedAt: string) =>
    store.transaction((tx) => writeSeoUpdatesIn(tx, updates, updatedAt));

  it('reads keyset batches in id order', async () => {
    expect(Number((await store.first(countAllBusinessesQuery, {}))?.n)).toBe(5);
    if (store.dialect === 'sqlite') expect(countBusinesses(store.sqlite)).toBe(5);
    expect((await batch(0, 2)).map((r) => r.id)).toEqual([1, 2]);
    expect((await batch(2, 10)).map((r) => r.id)).toEqual([3, 4, 5]);
    expect(await batch(5, 10)).toEqual([]);
    const first = (await batch(0, 1))[0];
    expect(first?.place_id).toBe(sampleBusinessRow(1).place_id);
    expect(first?.about).toBeNull();
  });

  it('writes the SEO columns and updated_at of the given rows only', async () => {
    const result = await write(
      [
        {
          id: 2,
          readUpdatedAt: sampleBusinessRow(2).updated_at,
          about: 'a',
          seoTitle: 't',
          seoDescription: 'd',
          canonicalUrl: 'u',
        },
      ],
      '2026-01-02T00:00:00.000Z',
    );
    expect(result).toEqual({ written: 1, changedMeanwhile: [] });
    const rows = await rowsIn<{ id: number; about: string | null; updated_at: string }>(
      store,
      'SELECT id, about, seo_title, seo_description, canonical_url, updated_at FROM businesses ORDER BY id',
    );
    expect(rows[1]).toEqual({
      id: 2,
      about: 'a',
      seo_title: 't',
      seo_description: 'd',
      canonical_url: 'u',
      updated_at: '2026-01-02T00:00:00.000Z',
    });
    expect(rows[0]?.about).toBeNull();
    expect(rows[0]?.updated_at).toBe(sampleBusinessRow(1).updated_at);
  });

  it('skips a row whose updated_at moved since it was read, and reports it', async () => {
    const update = {
      id: 3,
      readUpdatedAt: 'an older stamp',
      about: 'a',
      seoTitle: 't',
      seoDescription: 'd',
      canonicalUrl: 'u',
    };
    expect(await write([update], '2026-01-02T00:00:00.000Z')).toEqual({
      written: 0,
      changedMeanwhile: [3],
    });
    if (store.dialect === 'sqlite')
      expect(writeSeoUpdates(store.sqlite, [update], '2026-01-02T00:00:00.000Z')).toEqual({
        written: 0,
        changedMeanwhile: [3],
      });
    expect((await row(3))?.about).toBeNull();
    expect(await row(99)).toBeUndefined();
  });
});
