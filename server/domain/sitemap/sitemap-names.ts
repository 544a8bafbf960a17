// The sitemap files, their names and URLs, and the options every sitemap function takes.
import { absoluteUrl } from '../../contract/paths.ts';

export const SITEMAP_INDEX_FILE = 'sitemap.xml';
export const SITEMAP_MAIN_FILE = 'sitemap-main.xml';
export const SITEMAP_CATEGORIES_FILE = 'sitemap-categories.xml';
export const SITEMAP_CITIES_FILE = 'sitemap-cities.xml';

/** sitemaps.org limits per file. */
export const MAX_URLS_PER_SITEMAP = 50_000;
export const MAX_SITEMAP_BYTES = 52_428_800;
/** Below the 50,000 limit so that a file never sits right at it. */
export const DEFAULT_BUSINESSES_PER_SITEMAP = 45_000;

/** Home and the fixed pages (the route table's static routes). */
export const MAIN_PAGE_PATHS = [
  '/',
  '/businesses',
  '/cities',
  '/categories',
  '/about',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
  '/add-business',
  '/advertise',
] as const;

export interface SitemapOptions {
  siteUrl: string;
  /** Business URLs per file, 1–50,000; default 45,000. */
  businessesPerSitemap?: number;
}

export function businessesPerSitemap(options: SitemapOptions): number {
  const n = options.businessesPerSitemap ?? DEFAULT_BUSINESSES_PER_SITEMAP;
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_URLS_PER_SITEMAP) {
    throw new RangeError(`businessesPerSitemap must be an integer from 1 to ${MAX_URLS_PER_SITEMAP}`);
  }
  return n;
}

export function businessSitemapFile(n: number): string {
  return `sitemap-businesses-${n}.xml`;
}

export function businessFileCount(totalBusinesses: number, perFile: number): number {
  return Math.ceil(Math.max(0, totalBusinesses) / perFile);
}

export type SitemapFile =
  | { kind: 'index' }
  | { kind: 'main' }
  | { kind: 'categories' }
  | { kind: 'cities' }
  | { kind: 'businesses'; number: number };

const BUSINESS_FILE = /^sitemap-businesses-([1-9]\d{0,8})\.xml$/;

/** Which file a name (with or without a leading "/") asks for; null for anything else. */
export function parseSitemapFileName(name: string): SitemapFile | null {
  const file = name.startsWith('/') ? name.slice(1) : name;
  switch (file) {
    case SITEMAP_INDEX_FILE:
      return { kind: 'index' };
    case SITEMAP_MAIN_FILE:
      return { kind: 'main' };
    case SITEMAP_CATEGORIES_FILE:
      return { kind: 'categories' };
    case SITEMAP_CITIES_FILE:
      return { kind: 'cities' };
  }
  const match = BUSINESS_FILE.exec(file);
  return match ? { kind: 'businesses', number: Number(match[1]) } : null;
}

export function sitemapFileUrl(siteUrl: string, file: string): string {
  return absoluteUrl(siteUrl, `/${file}`);
}
