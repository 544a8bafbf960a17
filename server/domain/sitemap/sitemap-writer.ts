// Streams one sitemap file (or the index) to a Writable, as the HTTP layer serves them.
// Rows are read in keyset pages, never through an iterator held open across awaits: an open
// better-sqlite3 iterator makes the shared connection refuse every other statement until it ends,
// which would stall the whole server while a slow client drains a sitemap. Between pages the event
// loop gets a turn, so that a sitemap request at 1M rows (seconds of reading) does not freeze
// the page views the same process serves.
import type { Writable } from 'node:stream';
import type { Sqlite } from '../../../db/connection.ts';
import {
  type CategorySitemapRow,
  type CitySitemapRow,
  idAfterSkipping,
  readBusinessUrlPage,
  readCategoriesForSitemap,
  readCitiesForSitemap,
  readTotalBusinesses,
} from '../../../db/sitemap-repository.ts';
import { absoluteUrl, businessPath, categoryPath, categorySlug, cityPath } from '../../contract/paths.ts';
import {
  businessFileCount,
  businessSitemapFile,
  businessesPerSitemap,
  MAIN_PAGE_PATHS,
  MAX_URLS_PER_SITEMAP,
  parseSitemapFileName,
  SITEMAP_CATEGORIES_FILE,
  SITEMAP_CITIES_FILE,
  SITEMAP_MAIN_FILE,
  type SitemapOptions,
  sitemapFileUrl,
} from './sitemap-names.ts';
import {
  SITEMAPINDEX_CLOSE,
  SITEMAPINDEX_OPEN,
  sitemapEntry,
  URLSET_CLOSE,
  URLSET_OPEN,
  urlEntry,
} from './sitemap-xml.ts';
import { TextStream } from './text-stream.ts';

/** Rows per read: small enough to bound memory, large enough that per-query cost is negligible. */
export const SITEMAP_PAGE_ROWS = 5_000;
/** Cities or categories per grouped read. */
const GROUP_PAGE = 500;
/** Rows skipped per step when finding where a business file starts. */
const HOP_ROWS = 10_000;

/** Lets pending I/O and other requests run before the next slice of synchronous SQLite work. */
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

async function readAllPages<T>(readPage: (after: string) => T[], keyOf: (row: T) => string): Promise<T[]> {
  const rows: T[] = [];
  let after = '';
  for (;;) {
    const page = readPage(after);
    rows.push(...page);
    const last = page[page.length - 1];
    if (!last || page.length < GROUP_PAGE) return rows;
    after = keyOf(last);
    await yieldToEventLoop();
  }
}

const largestFirst = (a: { business_count: number }, b: { business_count: number }) =>
  b.business_count - a.business_count;

/** The id at this position (0-based) in id order, found in bounded hops; null past the end. */
export async function idAtPosition(sqlite: Sqlite, position: number): Promise<number | null> {
  let id = idAfterSkipping(sqlite, 0, 0);
  let remaining = position;
  while (id !== null && remaining > 0) {
    const step = Math.min(HOP_ROWS, remaining);
    id = idAfterSkipping(sqlite, id, step);
    remaining -= step;
    if (remaining > 0) await yieldToEventLoop();
  }
  return id;
}

export async function writeIndexTo(text: TextStream, siteUrl: string, businessFiles: number): Promise<void> {
  await text.write(SITEMAPINDEX_OPEN);
  for (const file of [SITEMAP_MAIN_FILE, SITEMAP_CATEGORIES_FILE, SITEMAP_CITIES_FILE]) {
    await text.write(sitemapEntry(sitemapFileUrl(siteUrl, file)));
  }
  for (let n = 1; n <= businessFiles; n++) {
    await text.write(sitemapEntry(sitemapFileUrl(siteUrl, businessSitemapFile(n))));
  }
  await text.write(SITEMAPINDEX_CLOSE);
}

export async function writeMainTo(text: TextStream, siteUrl: string): Promise<void> {
  await text.write(URLSET_OPEN);
  // The fixed pages carry no lastmod: nothing in the data says when their content last changed.
  for (const path of MAIN_PAGE_PATHS) await text.write(urlEntry(absoluteUrl(siteUrl, path)));
  await text.write(URLSET_CLOSE);
}

/** Entries keyed by URL with the latest lastmod: two names can share one URL (categories
 *  "Beauty & Wellness" and "Beauty Wellness" both have /category/beauty-wellness). */
function mergeByUrl(entries: Iterable<{ loc: string; lastmod: string }>): Map<string, string> {
  const merged = new Map<string, string>();
  for (const { loc, lastmod } of entries) {
    const previous = merged.get(loc);
    if (previous === undefined || lastmod > previous) merged.set(loc, lastmod);
    // Rows come largest first; the cap keeps the file within the protocol's 50,000 URLs.
    if (merged.size >= MAX_URLS_PER_SITEMAP) break;
  }
  return merged;
}

async function writeUrlMap(text: TextStream, urls: Map<string, string>): Promise<void> {
  await text.write(URLSET_OPEN);
  for (const [loc, lastmod] of urls) await text.write(urlEntry(loc, lastmod));
  await text.write(URLSET_CLOSE);
}

export async function writeCitiesTo(text: TextStream, sqlite: Sqlite, siteUrl: string): Promise<void> {
  const rows = await readAllPages<CitySitemapRow>(
    (after) => readCitiesForSitemap(sqlite, after, GROUP_PAGE),
    (row) => row.city_key,
  );
  rows.sort(largestFirst);
  const entries = rows
    .filter((row) => row.name.trim() !== '')
    .map((row) => ({ loc: absoluteUrl(siteUrl, cityPath(row.name)), lastmod: row.lastmod }));
  await writeUrlMap(text, mergeByUrl(entries));
}

export async function writeCategoriesTo(text: TextStream, sqlite: Sqlite, siteUrl: string): Promise<void> {
  const rows = await readAllPages<CategorySitemapRow>(
    (after) => readCategoriesForSitemap(sqlite, after, GROUP_PAGE),
    (row) => row.category,
  );
  rows.sort(largestFirst);
  const entries = rows
    .filter((row) => categorySlug(row.category) !== '')
    .map((row) => ({ loc: absoluteUrl(siteUrl, categoryPath(row.category)), lastmod: row.lastmod }));
  await writeUrlMap(text, mergeByUrl(entries));
}

/** Streams up to count business entries, rows with id ≥ fromId in id order. Returns the id to
 *  continue from, or null when the table ended before count rows. */
export async function writeBusinessEntries(
  text: TextStream,
  sqlite: Sqlite,
  siteUrl: string,
  fromId: number,
  count: number,
): Promise<number | null> {
  let next = fromId;
  let remaining = count;
  while (remaining > 0) {
    const wanted = Math.min(SITEMAP_PAGE_ROWS, remaining);
    const rows = readBusinessUrlPage(sqlite, next, wanted);
    for (const row of rows) {
      if (row.slug !== '')
        await text.write(urlEntry(absoluteUrl(siteUrl, businessPath(row.slug)), row.updated_at));
    }
    const last = rows[rows.length - 1];
    if (last) next = last.id + 1;
    if (rows.length < wanted) return null;
    remaining -= rows.length;
    await yieldToEventLoop();
  }
  return next;
}

/** The sitemap index: main, categories, cities and every business file, by the precomputed count.
 *  Does not end `out`. */
export async function writeSitemapIndex(
  sqlite: Sqlite,
  options: SitemapOptions,
  out: Writable,
): Promise<void> {
  const perFile = businessesPerSitemap(options);
  const text = new TextStream(out);
  await writeIndexTo(text, options.siteUrl, businessFileCount(readTotalBusinesses(sqlite), perFile));
  await text.flush();
}

/** Streams the named file ("sitemap.xml", "sitemap-main.xml", "sitemap-businesses-3.xml", …).
 *  Returns false, having written nothing, for an unknown name or a business file past the end —
 *  the HTTP layer answers 404 then. Does not end `out`. */
export async function writeSitemapFile(
  sqlite: Sqlite,
  name: string,
  options: SitemapOptions,
  out: Writable,
): Promise<boolean> {
  const file = parseSitemapFileName(name);
  if (!file) return false;
  const perFile = businessesPerSitemap(options);
  const text = new TextStream(out);
  switch (file.kind) {
    case 'index':
      await writeIndexTo(text, options.siteUrl, businessFileCount(readTotalBusinesses(sqlite), perFile));
      break;
    case 'main':
      await writeMainTo(text, options.siteUrl);
      break;
    case 'categories':
      await writeCategoriesTo(text, sqlite, options.siteUrl);
      break;
    case 'cities':
      await writeCitiesTo(text, sqlite, options.siteUrl);
      break;
    case 'businesses': {
      // File n holds rows (n-1)·N … n·N-1 in id order; its first id is found by position.
      const firstId = await idAtPosition(sqlite, (file.number - 1) * perFile);
      if (firstId === null) return false;
      await text.write(URLSET_OPEN);
      await writeBusinessEntries(text, sqlite, options.siteUrl, firstId, perFile);
      await text.write(URLSET_CLOSE);
      break;
    }
  }
  await text.flush();
  return true;
}
