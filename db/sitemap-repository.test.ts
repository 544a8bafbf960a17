import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  insertSampleRows,
  openMigratedDatabase,
  sampleBusinessRow,
} from '../server/domain/seo/testing/sample-businesses.ts';
import type { DatabaseHandle } from './connection.ts';
import {
  idAfterSkipping,
  readBusinessUrlPage,
  readCategoriesForSitemap,
  readCitiesForSitemap,
  readTotalBusinesses,
} from './sitemap-repository.ts';
import { refreshAggregates } from './stats-repository.ts';

let dir: string;
let handle: DatabaseHandle;

const row = (i: number, city: string, category: string, updated: string) => ({
  ...sampleBusinessRow(i),
  city,
  city_key: city.toLowerCase(),
  category,
  updated_at: updated,
});

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sitemap-repo-'));
  handle = await openMigratedDatabase(join(dir, 'test.db'));
  insertSampleRows(handle.sqlite, [
    row(1, 'Leeds', 'Bakery', '2026-01-01T00:00:00.000Z'),
    row(2, 'leeds', 'Bakery', '2026-01-03T00:00:00.000Z'),
    row(3, 'York', 'Dentist', '2026-01-02T00:00:00.000Z'),
    row(4, '', '', '2026-01-09T00:00:00.000Z'),
  ]);
});

afterEach(async () => {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('sitemap repository', () => {
  it('counts from site_stats, or the table when the row is missing', () => {
    expect(readTotalBusinesses(handle.sqlite)).toBe(4);
    handle.sqlite.prepare(`INSERT INTO site_stats (key, value) VALUES ('total_businesses', 77)`).run();
    expect(readTotalBusinesses(handle.sqlite)).toBe(77);
  });

  it('finds ids by skipping rows from an id and reads URL pages from an id', () => {
    handle.sqlite.prepare('DELETE FROM businesses WHERE id = 2').run();
    expect(idAfterSkipping(handle.sqlite, 0, 0)).toBe(1);
    expect(idAfterSkipping(handle.sqlite, 0, 1)).toBe(3);
    expect(idAfterSkipping(handle.sqlite, 2, 1)).toBe(4);
    expect(idAfterSkipping(handle.sqlite, 0, 3)).toBeNull();
    expect(readBusinessUrlPage(handle.sqlite, 2, 10).map((r) => r.id)).toEqual([3, 4]);
    expect(readBusinessUrlPage(handle.sqlite, 1, 1)[0]).toEqual({
      id: 1,
      slug: sampleBusinessRow(1).slug,
      updated_at: '2026-01-01T00:00:00.000Z',
    });
  });

  it('groups cities by key with the latest updated_at, skipping empty ones, named like city_stats', () => {
    refreshAggregates(handle.sqlite);
    expect(readCitiesForSitemap(handle.sqlite, '', 10)).toEqual([
      { city_key: 'leeds', name: 'Leeds', business_count: 2, lastmod: '2026-01-03T00:00:00.000Z' },
      { city_key: 'york', name: 'York', business_count: 1, lastmod: '2026-01-02T00:00:00.000Z' },
    ]);
    // Paged by key.
    expect(readCitiesForSitemap(handle.sqlite, '', 1).map((c) => c.city_key)).toEqual(['leeds']);
    expect(readCitiesForSitemap(handle.sqlite, 'leeds', 1).map((c) => c.city_key)).toEqual(['york']);
    expect(readCitiesForSitemap(handle.sqlite, 'york', 1)).toEqual([]);
  });

  it('names a city by MIN(city) when city_stats has no row for it yet', () => {
    expect(readCitiesForSitemap(handle.sqlite, '', 10).map((c) => c.name)).toEqual(['Leeds', 'York']);
  });

  it('groups categories with the latest updated_at, skipping empty ones', () => {
    expect(readCategoriesForSitemap(handle.sqlite, '', 10)).toEqual([
      { category: 'Bakery', business_count: 2, lastmod: '2026-01-03T00:00:00.000Z' },
      { category: 'Dentist', business_count: 1, lastmod: '2026-01-02T00:00:00.000Z' },
    ]);
    expect(readCategoriesForSitemap(handle.sqlite, 'Bakery', 10).map((c) => c.category)).toEqual(['Dentist']);
  });
});
