// The precomputed counts (db/stats-repository.ts) recounted on either dialect, for concerns that run
// on the store. SQLite keeps its own recount.
import { bumpDataVersionQuery, refreshAggregates } from './stats-repository.ts';
import type { Store } from './store/store.ts';

/** The rank bins' key: SQLite's CAST truncates where PostgreSQL's rounds; floor is the truncation
 *  here (5 - rank ≥ 0). */
const BIN = 'floor((5 - rank_score) * 1000)::integer';

/** The same figures as SQLite's recount, from ONE scan of the businesses table: every count is a
 *  grouping set of one aggregate (a scan per figure took 0.9 s of an import's merge at 100,000
 *  businesses, the grouping sets 0.2 s), kept in a temporary table, then written to each table.
 *  GROUPING() tells the sets apart: a bit per key, set where the key is not grouped (the first key
 *  the highest bit). A city's display name is its smallest spelling in bytewise order, as SQLite's
 *  MIN gives it. */
const POSTGRES_AGGREGATE_PARTS = [
  `DROP TABLE IF EXISTS pg_temp.aggregate_counts;
   CREATE TEMPORARY TABLE aggregate_counts AS
     SELECT GROUPING(city_key, category, country, ${BIN}) AS grouped, city_key, category, country,
       ${BIN} AS bin, MIN(city COLLATE "C") AS name, COUNT(*) AS n,
       COUNT(*) FILTER (WHERE is_verified = 1) AS verified, COALESCE(SUM(review_count), 0) AS reviews,
       COALESCE(MAX(id), 0) AS max_id
     FROM businesses GROUP BY GROUPING SETS ((city_key), (category), (country), (${BIN}), ())`,
  `DELETE FROM city_stats;
   INSERT INTO city_stats (city_key, name, business_count)
     SELECT city_key, name, n FROM aggregate_counts WHERE grouped = 7 AND city_key <> '';
   DELETE FROM category_stats;
   INSERT INTO category_stats (category, business_count)
     SELECT category, n FROM aggregate_counts WHERE grouped = 11 AND category <> '';
   DELETE FROM country_stats;
   INSERT INTO country_stats (country, business_count)
     SELECT country, n FROM aggregate_counts WHERE grouped = 13 AND country <> '';
   DELETE FROM search_rank_bins;
   INSERT INTO search_rank_bins (bin, businesses) SELECT bin, n FROM aggregate_counts WHERE grouped = 14;
   DELETE FROM site_stats WHERE key <> 'data_version';
   INSERT INTO site_stats (key, value)
     SELECT figure.key, figure.value FROM aggregate_counts,
       LATERAL (VALUES ('total_businesses', n), ('verified_businesses', verified),
         ('total_reviews', reviews), ('max_business_id', max_id)) AS figure (key, value)
     WHERE grouped = 15;
   DROP TABLE aggregate_counts`,
];

/**
 * Recounts every precomputed figure and raises the data version. Call it inside the write's
 * transaction (the store a transaction body was given). `afterPart` is told how many parts are done.
 */
export async function refreshAggregatesIn(
  store: Store,
  afterPart?: (done: number, parts: number) => void,
): Promise<void> {
  if (store.dialect === 'sqlite') {
    refreshAggregates(store.sqlite, afterPart);
    return;
  }
  for (const [index, part] of POSTGRES_AGGREGATE_PARTS.entries()) {
    // Several statements in one text: sent as a simple query (no parameters), in the transaction.
    await store.query(part);
    afterPart?.(index + 1, POSTGRES_AGGREGATE_PARTS.length);
  }
  await store.run(bumpDataVersionQuery, {});
}
