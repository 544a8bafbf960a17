// Streams one sitemap file (or the index) to a Writable, on SQLite (the server's connection), and
// writes the entries of a city, category or business file from rows whichever dialect read them.
// Rows are read in keyset pages (sqlite-sitemap-rows.ts), never through an iterator held open across
// awaits, with the event loop given a turn between pages.
import type { Writable } from 'node:stream';
import type { Sqlite } from '../../../db/connection.ts';
import { yieldToEventLoop } from '../../../db/event-loop.ts';
import {
  type BusinessUrlRow,
  type CategorySitemapRow,
  type CitySitemapRow,
  idAfterSkipping,
  readBusinessUrlPage,
  readTotalBusinesses,
} from '../../../db/sitemap-repository.ts';
import { absoluteUrl, businessPath, categoryPath, categorySlug, cityPath } from '../../contract/paths.ts';
import {
  businessesPerSitemap,
  businessFileCount,
  businessSitemapFile,
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
import { SITEMAP_PAGE_ROWS, sqliteSitemapRows } from './sqlite-sitemap-rows.ts';
import { TextStream } from './text-stream.ts';

/** Rows skipped per step when finding where a business file starts. */
const HOP_ROWS = 10_000;

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

/** The cities file's entries, from rows in city_key order (bytewise). */
export async function writeCityUrlsTo(
  text: TextStream,
  rows: readonly CitySitemapRow[],
  siteUrl: string,
): Promise<void> {
  const entries = [...rows]
    .sort(largestFirst)
    .filter((row) => row.name.trim() !== '')
    .map((row) => ({ loc: absoluteUrl(siteUrl, cityPath(row.name)), lastmod: row.lastmod }));
  await writeUrlMap(text, mergeByUrl(entries));
}

/** The categories file's entries, from rows in category order (bytewise). */
export async function writeCategoryUrlsTo(
  text: TextStream,
  rows: readonly CategorySitemapRow[],
  siteUrl: string,
): Promise<void> {
  const entries = [...rows]
    .sort(largestFirst)
    .filter((row) => categorySlug(row.category) !== '')
    .map((row) => ({ loc: absoluteUrl(siteUrl, categoryPath(row.category)), lastmod: row.lastmod }));
  await writeUrlMap(text, mergeByUrl(entries));
}

/** One business's entry; a row without a slug has no page and no entry (it still counts towards
 *  its file's rows, so files are cut by position alone). */
export async function writeBusinessUrlTo(
  text: TextStream,
  siteUrl: string,
  row: BusinessUrlRow,
): Promise<void> {
  if (row.slug !== '')
    await text.write(urlEntry(absoluteUrl(siteUrl, businessPath(row.slug)), row.updated_at));
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
    for (const row of rows) await writeBusinessUrlTo(text, siteUrl, row);
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
      await writeCategoryUrlsTo(text, await sqliteSitemapRows(sqlite).categories(), options.siteUrl);
      break;
    case 'cities':
      await writeCityUrlsTo(text, await sqliteSitemapRows(sqlite).cities(), options.siteUrl);
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
