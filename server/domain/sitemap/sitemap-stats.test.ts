// The admin panel's sitemap figures on both dialects, from the precomputed count.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refreshAggregatesIn } from '../../../db/aggregates.ts';
import { preparedQuery } from '../../../db/query/prepared-query.ts';
import type { Store } from '../../../db/store/store.ts';
import { sampleBusinessRow } from '../seo/testing/sample-businesses.ts';
import { deleteAllBusinessesQuery, insertSampleRowsIn } from '../seo/testing/sample-businesses-in-store.ts';
import { createTestStore, DIALECTS, type TestStore } from '../testing/test-store.ts';
import { getSitemapStats } from './sitemap-stats.ts';

const SITE = 'https://directory.example/';

const setStoredTotal = preparedQuery('sitemap_test_set_stored_total', (db, args: { value: number }) =>
  db.updateTable('site_stats').set({ value: args.value }).where('key', '=', 'total_businesses'),
);
const dropStoredTotal = preparedQuery('sitemap_test_drop_stored_total', (db) =>
  db.deleteFrom('site_stats').where('key', '=', 'total_businesses'),
);

describe.each(DIALECTS)('getSitemapStats on %s', (dialect) => {
  let test: TestStore;
  let store: Store;
  beforeEach(async () => {
    test = await createTestStore(dialect);
    store = test.store;
    await insertSampleRowsIn(
      store,
      Array.from({ length: 10 }, (_, k) => sampleBusinessRow(k + 1)),
    );
  });
  afterEach(async () => {
    await test.dispose();
  });

  const recount = () => store.transaction((tx) => refreshAggregatesIn(tx));

  it('reports the figures and URLs field by field', async () => {
    await recount();
    const stats = await getSitemapStats(store, { siteUrl: SITE, businessesPerSitemap: 3 });
    expect(stats.totalBusinesses).toBe(10);
    expect(stats.businessesPerSitemap).toBe(3);
    expect(stats.totalSitemaps).toBe(4 + 3);
    expect(stats.sitemapUrls.main).toBe('https://directory.example/sitemap.xml');
    expect(stats.sitemapUrls.mainPages).toBe('https://directory.example/sitemap-main.xml');
    expect(stats.sitemapUrls.categories).toBe('https://directory.example/sitemap-categories.xml');
    expect(stats.sitemapUrls.cities).toBe('https://directory.example/sitemap-cities.xml');
    expect(stats.sitemapUrls.businesses).toEqual(
      [1, 2, 3, 4].map((n) => `https://directory.example/sitemap-businesses-${n}.xml`),
    );
    expect(Object.keys(stats).sort()).toEqual([
      'businessesPerSitemap',
      'sitemapUrls',
      'totalBusinesses',
      'totalSitemaps',
    ]);
    expect(Object.keys(stats.sitemapUrls).sort()).toEqual([
      'businesses',
      'categories',
      'cities',
      'main',
      'mainPages',
    ]);
  });

  it('reads the precomputed count rather than counting the table', async () => {
    await recount();
    // A stats row that disagrees with the table proves which one is read.
    await store.run(setStoredTotal, { value: 90_001 });
    const stats = await getSitemapStats(store, { siteUrl: SITE });
    expect(stats.totalBusinesses).toBe(90_001);
    expect(stats.businessesPerSitemap).toBe(45_000);
    expect(stats.totalSitemaps).toBe(3 + 3);
  });

  it('falls back to counting when the stats row is missing', async () => {
    await store.run(dropStoredTotal, {});
    const stats = await getSitemapStats(store, { siteUrl: SITE, businessesPerSitemap: 5 });
    expect(stats.totalBusinesses).toBe(10);
    expect(stats.totalSitemaps).toBe(2 + 3);
  });

  it('has only the three fixed files for an empty directory', async () => {
    await store.run(deleteAllBusinessesQuery, {});
    await recount();
    const stats = await getSitemapStats(store, { siteUrl: SITE });
    expect(stats.totalBusinesses).toBe(0);
    expect(stats.totalSitemaps).toBe(3);
    expect(stats.sitemapUrls.businesses).toEqual([]);
  });
});
