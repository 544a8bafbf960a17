// The admin panel's sitemap figures. Reads the precomputed business count, never scans the table.
import type { Sqlite } from '../../../db/connection.ts';
import { readTotalBusinesses } from '../../../db/sitemap-repository.ts';
import type { SitemapStats } from '../../contract/business.ts';
import {
  businessFileCount,
  businessSitemapFile,
  businessesPerSitemap,
  SITEMAP_CATEGORIES_FILE,
  SITEMAP_CITIES_FILE,
  SITEMAP_INDEX_FILE,
  SITEMAP_MAIN_FILE,
  type SitemapOptions,
  sitemapFileUrl,
} from './sitemap-names.ts';

/** The fixed files besides the business files: main, categories, cities (the index is not counted). */
export const FIXED_SITEMAP_FILES = 3;

export function getSitemapStats(sqlite: Sqlite, options: SitemapOptions): SitemapStats {
  const perFile = businessesPerSitemap(options);
  const totalBusinesses = readTotalBusinesses(sqlite);
  const files = businessFileCount(totalBusinesses, perFile);
  const businesses: string[] = [];
  for (let n = 1; n <= files; n++) businesses.push(sitemapFileUrl(options.siteUrl, businessSitemapFile(n)));
  return {
    totalBusinesses,
    totalSitemaps: files + FIXED_SITEMAP_FILES,
    businessesPerSitemap: perFile,
    sitemapUrls: {
      main: sitemapFileUrl(options.siteUrl, SITEMAP_INDEX_FILE),
      mainPages: sitemapFileUrl(options.siteUrl, SITEMAP_MAIN_FILE),
      categories: sitemapFileUrl(options.siteUrl, SITEMAP_CATEGORIES_FILE),
      cities: sitemapFileUrl(options.siteUrl, SITEMAP_CITIES_FILE),
      businesses,
    },
  };
}
