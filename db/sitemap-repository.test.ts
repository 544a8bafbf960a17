// The sitemap reads, on a SQLite file and a PostgreSQL database, each test on both: the business
// count, every business's URL row in id order, and the cities and categories with their latest change
// (SQLite's keyset pages, sqlite-sitemap-rows.ts; PostgreSQL's one snapshot, postgres-sitemap-rows.ts).
// SQLite only: the keyset reads themselves (skipping, pages from an id, pages by key), which
// PostgreSQL has no use for. Each dialect's database is made once and given the four businesses again
// before each test.
import { beforeEach, describe, expect, it } from 'vitest';
import { sampleBusinessRow } from '../server/domain/seo/testing/sample-businesses.ts';
import { insertSampleRowsIn } from '../server/domain/seo/testing/sample-businesses-in-store.ts';
import { sqliteSitemapRows } from '../server/domain/sitemap/sqlite-sitemap-rows.ts';
import { execIn, rowsIn } from '../server/domain/testing/sql-in.ts';
import { DIALECTS } from '../server/domain/testing/test-store.ts';
import { testStoresForFile } from '../server/domain/testing/test-stores-for-file.ts';
import { refreshAggregatesIn } from './aggregates.ts';
import { postgresSitemapRows } from './postgres-sitemap-rows.ts';
import {
  type BusinessUrlRow,
  idAfterSkipping,
  readBusinessUrlPage,
  readCategoriesForSitemap,
  readCitiesForSitemap,
  readTotalBusinesses,
  readTotalBusinessesIn,
  type SitemapRows,
} from './sitemap-repository.ts';
import type { Store } from './store/store.ts';

const row = (i: number, city: string, category: string, updated: string) => ({
  ...sampleBusinessRow(i),
  city,
  city_key: city.toLowerCase(),
  category,
  updated_at: updated,
});

/** Each dialect's database, made once for the file. */
const opened = testStoresForFile();

describe.each(DIALECTS)('sitemap repository on %s', (dialect) => {
  let store: Store;
  beforeEach(async () => {
    store = opened[dialect].store;
    // As a new database: no businesses, no counts, the ids from 1 again (SQLite's without
    // AUTOINCREMENT do by themselves; PostgreSQL's identity is set back).
    await execIn(store, 'DELETE FROM businesses');
    await execIn(store, 'DELETE FROM city_stats');
    await execIn(store, 'DELETE FROM category_stats');
    await execIn(store, 'DELETE FROM country_stats');
    await execIn(store, `DELETE FROM site_stats WHERE key <> 'data_version'`);
    if (dialect === 'postgres')
      await rowsIn(store, `SELECT setval(pg_get_serial_sequence('businesses', 'id'), 1, false)`);
    await insertSampleRowsIn(store, [
      row(1, 'Leeds', 'Bakery', '2026-01-01T00:00:00.000Z'),
      row(2, 'leeds', 'Bakery', '2026-01-03T00:00:00.000Z'),
      row(3, 'York', 'Dentist', '2026-01-02T00:00:00.000Z'),
      row(4, '', '', '2026-01-09T00:00:00.000Z'),
    ]);
  });

  /** The dialect's reads for a run of every sitemap file. */
  function withRows<T>(fn: (rows: SitemapRows) => Promise<T>): Promise<T> {
    const current = store;
    if (current.dialect === 'sqlite') return fn(sqliteSitemapRows(current.sqlite));
    return current.withClient((client) => fn(postgresSitemapRows(client)));
  }
  const cities = () => withRows((rows) => rows.cities());
  const categories = () => withRows((rows) => rows.categories());
  const businesses = () =>
    withRows(async (rows) => {
      const all: BusinessUrlRow[] = [];
      for await (const business of rows.businesses()) all.push(business);
      return all;
    });

  it('counts from site_stats, or the table when the row is missing', async () => {
    expect(await readTotalBusinessesIn(store)).toBe(4);
    if (store.dialect === 'sqlite') expect(readTotalBusinesses(store.sqlite)).toBe(4);
    await execIn(store, `INSERT INTO site_stats (key, value) VALUES ('total_businesses', 77)`);
    expect(await readTotalBusinessesIn(store)).toBe(77);
    if (store.dialect === 'sqlite') expect(readTotalBusinesses(store.sqlite)).toBe(77);
  });

  it('reads every business’s URL row in id order, gaps and all', async () => {
    await execIn(store, 'DELETE FROM businesses WHERE id = 2');
    const all = await businesses();
    expect(all.map((r) => r.id)).toEqual([1, 3, 4]);
    expect(all[0]).toEqual({
      id: 1,
      slug: sampleBusinessRow(1).slug,
      updated_at: '2026-01-01T00:00:00.000Z',
    });
  });

  it('groups cities by key with the latest updated_at, skipping empty ones, named like city_stats', async () => {
    await store.transaction((tx) => refreshAggregatesIn(tx));
    expect(await cities()).toEqual([
      { city_key: 'leeds', name: 'Leeds', business_count: 2, lastmod: '2026-01-03T00:00:00.000Z' },
      { city_key: 'york', name: 'York', business_count: 1, lastmod: '2026-01-02T00:00:00.000Z' },
    ]);
  });

  it('names a city by MIN(city) when city_stats has no row for it yet', async () => {
    expect((await cities()).map((c) => c.name)).toEqual(['Leeds', 'York']);
  });

  it('groups categories with the latest updated_at, skipping empty ones', async () => {
    expect(await categories()).toEqual([
      { category: 'Bakery', business_count: 2, lastmod: '2026-01-03T00:00:00.000Z' },
      { category: 'Dentist', business_count: 1, lastmod: '2026-01-02T00:00:00.000Z' },
    ]);
  });

  // SQLite's keyset reads, by which its sitemap rows page through the table on the shared connection.
  if (dialect === 'sqlite') {
    const sqliteOf = () => {
      if (store.dialect !== 'sqlite') throw new Error('unreachable');
      return store.sqlite;
    };

    it('finds ids by skipping rows from an id and reads URL pages from an id', async () => {
      const sqlite = sqliteOf();
      sqlite.prepare('DELETE FROM businesses WHERE id = 2').run();
      expect(idAfterSkipping(sqlite, 0, 0)).toBe(1);
      expect(idAfterSkipping(sqlite, 0, 1)).toBe(3);
      expect(idAfterSkipping(sqlite, 2, 1)).toBe(4);
      expect(idAfterSkipping(sqlite, 0, 3)).toBeNull();
      expect(readBusinessUrlPage(sqlite, 2, 10).map((r) => r.id)).toEqual([3, 4]);
      expect(readBusinessUrlPage(sqlite, 1, 1)[0]).toEqual({
        id: 1,
        slug: sampleBusinessRow(1).slug,
        updated_at: '2026-01-01T00:00:00.000Z',
      });
    });

    it('pages cities and categories by key', async () => {
      const sqlite = sqliteOf();
      await store.transaction((tx) => refreshAggregatesIn(tx));
      expect(readCitiesForSitemap(sqlite, '', 10)).toEqual(await cities());
      expect(readCitiesForSitemap(sqlite, '', 1).map((c) => c.city_key)).toEqual(['leeds']);
      expect(readCitiesForSitemap(sqlite, 'leeds', 1).map((c) => c.city_key)).toEqual(['york']);
      expect(readCitiesForSitemap(sqlite, 'york', 1)).toEqual([]);
      expect(readCategoriesForSitemap(sqlite, '', 10)).toEqual(await categories());
      expect(readCategoriesForSitemap(sqlite, 'Bakery', 10).map((c) => c.category)).toEqual(['Dentist']);
    });
  }
});
