// SEO generation on both dialects: batches, stamps, publishing steps, hand edits, rows an import
// changed meanwhile, the activity entry — and the same stored texts from the same rows on both.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listRecentActivity } from '../../../db/activity-repository.ts';
import { fieldBit } from '../../../db/business-fields.ts';
import type { Store } from '../../../db/store/store.ts';
import { createTestStore, DIALECTS, type TestStore } from '../testing/test-store.ts';
import { generateSeo } from './generate-seo.ts';
import { countWords } from './plain-text.ts';
import { recordSeoGeneration } from './record-seo.ts';
import { sampleBusinessRow } from './testing/sample-businesses.ts';
import {
  addReviewQuery,
  deleteAllBusinessesQuery,
  handWrittenTitleQuery,
  insertSampleRowsIn,
  readDataVersionIn,
  readStoredSeo,
  setReviewCountQuery,
} from './testing/sample-businesses-in-store.ts';

const SITE = 'https://directory.example';

describe.each(DIALECTS)('generateSeo on %s', (dialect) => {
  let test: TestStore;
  let store: Store;
  beforeEach(async () => {
    test = await createTestStore(dialect);
    store = test.store;
    await insertSampleRowsIn(
      store,
      Array.from({ length: 25 }, (_, k) => sampleBusinessRow(k + 1)),
    );
  });
  afterEach(async () => {
    await test.dispose();
  });

  it('fills every row in batches, stamping updated_at, and reports progress', async () => {
    const progress: [number, number][] = [];
    const result = await generateSeo(store, {
      siteUrl: SITE,
      batchSize: 7,
      now: () => new Date('2026-02-01T10:00:00.000Z'),
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(result.updated).toBe(25);
    expect(progress).toEqual([
      [0, 25],
      [7, 25],
      [14, 25],
      [21, 25],
      [25, 25],
    ]);
    for (const row of await readStoredSeo(store)) {
      expect(countWords(row.about ?? '')).toBeGreaterThanOrEqual(200);
      expect(row.seo_title).toBeTruthy();
      expect(row.seo_description).toBeTruthy();
      expect(row.canonical_url).toBe(`${SITE}/details/${encodeURIComponent(row.slug)}`);
      expect(row.updated_at).toBe('2026-02-01T10:00:00.000Z');
    }
  });

  it('makes its texts visible in steps, not batch by batch: caches are emptied once per step', async () => {
    const start = await readDataVersionIn(store);
    await generateSeo(store, { siteUrl: SITE, batchSize: 7 });
    // Four batches written within the publishing interval: one raise, at the end.
    expect(await readDataVersionIn(store)).toBe(start + 1);
    // A re-run that writes nothing changes nothing.
    await generateSeo(store, { siteUrl: SITE, batchSize: 7 });
    expect(await readDataVersionIn(store)).toBe(start + 1);
    // With no interval, every batch that wrote is published at once (four batches).
    await generateSeo(store, { siteUrl: 'https://elsewhere.example', batchSize: 7, publishEveryMs: 0 });
    expect(await readDataVersionIn(store)).toBe(start + 5);
  });

  it('updates 0 rows when re-run on the same data, leaving updated_at alone', async () => {
    await generateSeo(store, { siteUrl: SITE, now: () => new Date('2026-02-01T10:00:00.000Z') });
    const before = await readStoredSeo(store);
    const again = await generateSeo(store, {
      siteUrl: SITE,
      now: () => new Date('2026-03-01T10:00:00.000Z'),
    });
    expect(again.updated).toBe(0);
    expect(await readStoredSeo(store)).toEqual(before);
  });

  it('updates only the rows whose data changed, and all rows when the site URL changes', async () => {
    await generateSeo(store, { siteUrl: SITE, now: () => new Date('2026-02-01T10:00:00.000Z') });
    for (const id of [3, 17]) await store.run(addReviewQuery, { id });
    const later = '2026-03-01T10:00:00.000Z';
    expect((await generateSeo(store, { siteUrl: SITE, now: () => new Date(later) })).updated).toBe(2);
    const changed = (await readStoredSeo(store)).filter((r) => r.updated_at === later).map((r) => r.id);
    expect(changed).toEqual([3, 17]);
    expect((await generateSeo(store, { siteUrl: 'https://other.example' })).updated).toBe(25);
  });

  it('keeps a title or text the administrator wrote by hand, and regenerates the rest', async () => {
    await generateSeo(store, { siteUrl: SITE });
    await store.run(handWrittenTitleQuery, {
      id: 5,
      title: 'Our own title',
      mask: fieldBit('seoTitle'),
      updatedAt: '2026-02-02T10:00:00.000Z',
    });
    await store.run(addReviewQuery, { id: 5 });
    const before = (await readStoredSeo(store)).find((r) => r.id === 5)!;
    expect((await generateSeo(store, { siteUrl: 'https://other.example' })).updated).toBe(25);
    const after = (await readStoredSeo(store)).find((r) => r.id === 5)!;
    expect(after.seo_title).toBe('Our own title');
    expect(after.canonical_url).toMatch(/^https:\/\/other\.example\//);
    expect(after.about).not.toBe(before.about);
  });

  it('regenerates from the new data a row that an import changed between reading and writing', async () => {
    // The first write transaction is preceded by a change of row 3 committed from outside: an import
    // that committed after the batch was read and before its write transaction began.
    let changed = false;
    const racing: Store = {
      ...store,
      transaction: async (body: never, options?: never) => {
        if (!changed) {
          changed = true;
          await store.run(setReviewCountQuery, {
            id: 3,
            reviews: 4321,
            updatedAt: '2026-01-15T00:00:00.000Z',
          });
        }
        return store.transaction(body, options);
      },
    } as Store;
    const result = await generateSeo(racing, {
      siteUrl: SITE,
      now: () => new Date('2026-02-01T10:00:00.000Z'),
    });
    expect(result.updated).toBe(25);
    const row3 = (await readStoredSeo(store)).find((r) => r.id === 3);
    expect(row3?.about).toContain('4,321');
    expect(row3?.updated_at).toBe('2026-02-01T10:00:00.000Z');
    expect((await generateSeo(store, { siteUrl: SITE })).updated).toBe(0);
  });

  it('handles an empty table', async () => {
    await store.run(deleteAllBusinessesQuery, {});
    const progress: [number, number][] = [];
    expect(await generateSeo(store, { siteUrl: SITE, onProgress: (d, t) => progress.push([d, t]) })).toEqual({
      updated: 0,
    });
    expect(progress).toEqual([[0, 0]]);
  });

  it('rejects a batch size that is not a positive integer', async () => {
    await expect(generateSeo(store, { siteUrl: SITE, batchSize: 0 })).rejects.toThrow(RangeError);
  });

  it('records the run in the activity log', async () => {
    await recordSeoGeneration(store, 'cli', 25);
    if (store.dialect === 'sqlite') {
      expect(await listRecentActivity(store, 1)).toMatchObject([
        { kind: 'seo', actor: 'cli', detail: 'Generated SEO content', count: 25 },
      ]);
    } else {
      const { rows } = await store.query('SELECT kind, actor, detail, count FROM activity_log');
      expect(rows).toEqual([{ kind: 'seo', actor: 'cli', detail: 'Generated SEO content', count: 25 }]);
    }
  });
});

describe('generateSeo on both dialects', () => {
  let stores: TestStore[] = [];
  afterEach(async () => {
    await Promise.all(stores.map((s) => s.dispose()));
    stores = [];
  });

  it('stores the same texts from the same rows on SQLite and PostgreSQL', async () => {
    stores = await Promise.all(DIALECTS.map((dialect) => createTestStore(dialect)));
    const rows = Array.from({ length: 60 }, (_, k) => sampleBusinessRow(k + 1));
    // Text that tests quoting and bytes: an apostrophe, markup, accents, a long name.
    rows[4] = { ...rows[4]!, name: `O'Brien & <Sons> Café ${'x'.repeat(120)}` };
    rows[9] = { ...rows[9]!, description: 'Zürich — “quoted”, 日本語', about: 'stale text' };
    const stored = [];
    for (const { store } of stores) {
      await insertSampleRowsIn(store, rows);
      await store.run(handWrittenTitleQuery, {
        id: 7,
        title: 'Hand-written',
        mask: fieldBit('seoTitle'),
        updatedAt: '2026-01-20T00:00:00.000Z',
      });
      const result = await generateSeo(store, {
        siteUrl: SITE,
        batchSize: 16,
        now: () => new Date('2026-02-01T10:00:00.000Z'),
      });
      expect(result.updated).toBe(60);
      stored.push(await readStoredSeo(store));
    }
    expect(stored[1]).toEqual(stored[0]);
    expect(stored[0]?.find((r) => r.id === 7)?.seo_title).toBe('Hand-written');
  });
});
