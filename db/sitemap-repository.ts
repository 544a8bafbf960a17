// SQL for sitemaps: the business count, chunk boundaries, business URL pages by keyset, and the
// cities and categories that have businesses with their latest change. The synchronous reads are
// SQLite's (the server's sitemap paths); PostgreSQL's own reads are in postgres-sitemap-rows.ts.
import type { Sqlite } from './connection.ts';
import { preparedQuery } from './query/prepared-query.ts';
import { sqliteSync } from './query/query-runner.ts';
import { countAllBusinessesQuery } from './stats-repository.ts';
import type { Store } from './store/store.ts';

/** From the precomputed site_stats row; COUNT(*) only when that row is missing (before the first refresh). */
export function readTotalBusinesses(sqlite: Sqlite): number {
  const row = sqliteSync.first(sqlite, storedTotalBusinesses, {});
  if (row) return row.value;
  return sqliteSync.first(sqlite, countAllBusinessesQuery, {})?.n ?? 0;
}

const storedTotalBusinesses = preparedQuery('sitemap_stored_total_businesses', (db) =>
  db.selectFrom('site_stats').select('value').where('key', '=', 'total_businesses'),
);

/** readTotalBusinesses on either dialect. */
export async function readTotalBusinessesIn(store: Store): Promise<number> {
  const row = await store.first(storedTotalBusinesses, {});
  if (row) return row.value;
  return (await store.first(countAllBusinessesQuery, {}))?.n ?? 0;
}

/** The id `skip` rows after the first row with id ≥ fromId (skip 0: that row), or null past the end.
 *  Walks the table b-tree for `skip` rows, so callers hop in bounded steps rather than one long OFFSET. */
export function idAfterSkipping(sqlite: Sqlite, fromId: number, skip: number): number | null {
  const row = sqlite
    .prepare('SELECT id FROM businesses WHERE id >= ? ORDER BY id LIMIT 1 OFFSET ?')
    .get(fromId, skip) as { id: number } | undefined;
  return row?.id ?? null;
}

export interface BusinessUrlRow {
  id: number;
  slug: string;
  updated_at: string;
}

/** Up to limit rows with id ≥ fromId, in id order. */
export function readBusinessUrlPage(sqlite: Sqlite, fromId: number, limit: number): BusinessUrlRow[] {
  return sqlite
    .prepare('SELECT id, slug, updated_at FROM businesses WHERE id >= ? ORDER BY id LIMIT ?')
    .all(fromId, limit) as BusinessUrlRow[];
}

export interface CitySitemapRow {
  city_key: string;
  name: string;
  business_count: number;
  lastmod: string;
}

/** Up to limit cities with businesses, by city_key after afterKey: the display name the rest of the
 *  site uses (city_stats.name, else the same MIN(city) rule, looked up only for a city the stats do
 *  not have yet), the count and the businesses' latest updated_at. Paged so that a caller can yield
 *  between pages; the grouped part reads only (city_key, updated_at), so an index on those two
 *  columns would answer it without touching the table rows. */
export function readCitiesForSitemap(sqlite: Sqlite, afterKey: string, limit: number): CitySitemapRow[] {
  return sqlite
    .prepare(
      `SELECT g.city_key,
              COALESCE(cs.name, (SELECT MIN(b.city) FROM businesses AS b WHERE b.city_key = g.city_key)) AS name,
              g.business_count, g.lastmod
       FROM (SELECT city_key, COUNT(*) AS business_count, MAX(updated_at) AS lastmod
             FROM businesses WHERE city_key > ? GROUP BY city_key ORDER BY city_key LIMIT ?) AS g
       LEFT JOIN city_stats AS cs ON cs.city_key = g.city_key
       ORDER BY g.city_key`,
    )
    .all(afterKey, limit) as CitySitemapRow[];
}

export interface CategorySitemapRow {
  category: string;
  business_count: number;
  lastmod: string;
}

/** Up to limit categories with businesses after afterCategory, with count and latest updated_at. */
export function readCategoriesForSitemap(
  sqlite: Sqlite,
  afterCategory: string,
  limit: number,
): CategorySitemapRow[] {
  return sqlite
    .prepare(
      `SELECT category, COUNT(*) AS business_count, MAX(updated_at) AS lastmod
       FROM businesses WHERE category > ? GROUP BY category ORDER BY category LIMIT ?`,
    )
    .all(afterCategory, limit) as CategorySitemapRow[];
}

/** What a run of every sitemap file is written from: each dialect reads it its own way (SQLite in
 *  keyset pages on the shared connection, PostgreSQL from a cursor in one snapshot). Text keys come
 *  in bytewise order on both, so that equal data gives equal files. */
export interface SitemapRows {
  /** Categories with businesses, by category. */
  categories(): Promise<CategorySitemapRow[]>;
  /** Cities with businesses, by city_key. */
  cities(): Promise<CitySitemapRow[]>;
  /** Every business's URL row, in id order. */
  businesses(): AsyncIterable<BusinessUrlRow>;
}
