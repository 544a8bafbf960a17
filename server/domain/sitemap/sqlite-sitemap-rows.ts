// SQLite's reads for the sitemaps, on the connection the process shares: keyset pages of synchronous
// reads, never an iterator held open across awaits (an open better-sqlite3 iterator makes the
// connection refuse every other statement until it ends). Between pages the event loop gets a turn,
// so that seconds of reading at 1M rows do not freeze the page views the same process serves. Runs
// outside any store transaction: the file writes between pages await real I/O.
import type { Sqlite } from '../../../db/connection.ts';
import { yieldToEventLoop } from '../../../db/event-loop.ts';
import {
  type BusinessUrlRow,
  type CategorySitemapRow,
  type CitySitemapRow,
  readBusinessUrlPage,
  readCategoriesForSitemap,
  readCitiesForSitemap,
  type SitemapRows,
} from '../../../db/sitemap-repository.ts';

/** Rows per read: small enough to bound memory, large enough that per-query cost is negligible. */
export const SITEMAP_PAGE_ROWS = 5_000;
/** Cities or categories per grouped read. */
const GROUP_PAGE = 500;

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

export function sqliteSitemapRows(sqlite: Sqlite): SitemapRows {
  return {
    categories: () =>
      readAllPages<CategorySitemapRow>(
        (after) => readCategoriesForSitemap(sqlite, after, GROUP_PAGE),
        (row) => row.category,
      ),
    cities: () =>
      readAllPages<CitySitemapRow>(
        (after) => readCitiesForSitemap(sqlite, after, GROUP_PAGE),
        (row) => row.city_key,
      ),
    async *businesses(): AsyncGenerator<BusinessUrlRow> {
      let next = 0;
      for (;;) {
        const rows = readBusinessUrlPage(sqlite, next, SITEMAP_PAGE_ROWS);
        yield* rows;
        const last = rows[rows.length - 1];
        if (!last || rows.length < SITEMAP_PAGE_ROWS) return;
        next = last.id + 1;
        await yieldToEventLoop();
      }
    },
  };
}
