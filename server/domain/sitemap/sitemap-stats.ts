// The admin panel's sitemap figures, on either dialect. Reads the precomputed business count, never
// scans the table (but counts when the stats row is missing, before the first recount).
import { readTotalBusinessesIn } from '../../../db/sitemap-repository.ts';
import type { Store } from '../../../db/store/store.ts';
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

export async function getSitemapStats(store: Store, options: SitemapOptions): Promise<SitemapStats> {
  return sitemapStatsFor(await readTotalBusinessesIn(store), options);
}

/** The figures for this many businesses. */
function sitemapStatsFor(totalBusinesses: number, options: SitemapOptions): SitemapStats {
  const perFile = businessesPerSitemap(options);
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
