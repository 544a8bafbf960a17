// PostgreSQL's reads for a run of every sitemap file, on one client (the caller's REPEATABLE READ
// snapshot, so that the index and the files agree). Business rows stream from a cursor
// (pg-query-stream): memory stays bounded at any table size. Text is grouped and ordered in the "C"
// collation — bytewise, as SQLite compares — so that equal data gives byte-identical files.
import type pg from 'pg';
import QueryStream from 'pg-query-stream';
import { postgresTypes } from './postgres/connection.ts';
import type {
  BusinessUrlRow,
  CategorySitemapRow,
  CitySitemapRow,
  SitemapRows,
} from './sitemap-repository.ts';

/** Rows the cursor fetches per round trip. */
const CURSOR_ROWS = 5_000;

// As readCategoriesForSitemap (every page at once): '' is the smallest text, so `<> ''` is SQLite's
// `> ''` from the start.
const CATEGORIES = `SELECT category, COUNT(*) AS business_count, MAX(updated_at COLLATE "C") AS lastmod
  FROM businesses WHERE category <> '' GROUP BY category ORDER BY category COLLATE "C"`;

// As readCitiesForSitemap: the stats' display name, else the smallest spelling by bytes (SQLite's MIN).
const CITIES = `SELECT g.city_key,
    COALESCE(cs.name, (SELECT MIN(b.city COLLATE "C") FROM businesses AS b WHERE b.city_key = g.city_key)) AS name,
    g.business_count, g.lastmod
  FROM (SELECT city_key, COUNT(*) AS business_count, MAX(updated_at COLLATE "C") AS lastmod
        FROM businesses WHERE city_key <> '' GROUP BY city_key) AS g
  LEFT JOIN city_stats AS cs ON cs.city_key = g.city_key
  ORDER BY g.city_key COLLATE "C"`;

const BUSINESSES = 'SELECT id, slug, updated_at FROM businesses ORDER BY id';

export function postgresSitemapRows(client: pg.PoolClient): SitemapRows {
  return {
    async categories() {
      return (await client.query<CategorySitemapRow>(CATEGORIES)).rows;
    },
    async cities() {
      return (await client.query<CitySitemapRow>(CITIES)).rows;
    },
    async *businesses() {
      const stream = client.query(
        new QueryStream(BUSINESSES, [], { batchSize: CURSOR_ROWS, types: postgresTypes }),
      );
      try {
        for await (const row of stream as AsyncIterable<BusinessUrlRow>) yield row;
      } finally {
        // A reader that stops early (a failed file write) closes the cursor, freeing the client.
        stream.destroy();
      }
    },
  };
}
