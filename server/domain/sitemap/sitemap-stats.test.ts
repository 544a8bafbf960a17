import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/connection.ts';
import { refreshAggregates } from '../../../db/stats-repository.ts';
import { insertSampleRows, openMigratedDatabase, sampleBusinessRow } from '../seo/testing/sample-businesses.ts';
import { getSitemapStats } from './sitemap-stats.ts';

const SITE = 'https://directory.example/';
let dir: string;
let handle: DatabaseHandle;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sitemap-stats-'));
  handle = await openMigratedDatabase(join(dir, 'test.db'));
  insertSampleRows(
    handle.sqlite,
    Array.from({ length: 10 }, (_, k) => sampleBusinessRow(k + 1)),
  );
});

afterEach(async () => {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('getSitemapStats', () => {
  it('reports the figures and URLs field by field', () => {
    refreshAggregates(handle.sqlite);
    const stats = getSitemapStats(handle.sqlite, { siteUrl: SITE, businessesPerSitemap: 3 });
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

  it('reads the precomputed count rather than counting the table', () => {
    refreshAggregates(handle.sqlite);
    // A stats row that disagrees with the table proves which one is read.
    handle.sqlite.prepare(`UPDATE site_stats SET value = 90001 WHERE key = 'total_businesses'`).run();
    const stats = getSitemapStats(handle.sqlite, { siteUrl: SITE });
    expect(stats.totalBusinesses).toBe(90_001);
    expect(stats.businessesPerSitemap).toBe(45_000);
    expect(stats.totalSitemaps).toBe(3 + 3);
  });

  it('falls back to counting when the stats row is missing', () => {
    const stats = getSitemapStats(handle.sqlite, { siteUrl: SITE, businessesPerSitemap: 5 });
    expect(stats.totalBusinesses).toBe(10);
    expect(stats.totalSitemaps).toBe(2 + 3);
  });

  it('has only the three fixed files for an empty directory', () => {
    handle.sqlite.prepare('DELETE FROM businesses').run();
    refreshAggregates(handle.sqlite);
    const stats = getSitemapStats(handle.sqlite, { siteUrl: SITE });
    expect(stats.totalBusinesses).toBe(0);
    expect(stats.totalSitemaps).toBe(3);
    expect(stats.sitemapUrls.businesses).toEqual([]);
  });
});
