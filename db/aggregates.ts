// The precomputed counts (db/stats-repository.ts) recounted on either dialect, for concerns that run
// on the store. SQLite keeps its own recount.
import type { Store } from './store/store.ts';
import { bumpDataVersionQuery, refreshAggregates } from './stats-repository.ts';

/** The same figures as SQLite's recount. A city's display name is its smallest spelling in bytewise
 *  order, as SQLite's MIN gives it. */
const POSTGRES_AGGREGATE_PARTS = [
  `DELETE FROM city_stats;
   INSERT INTO city_stats (city_key, name, business_count)
     SELECT city_key, MIN(city COLLATE "C"), COUNT(*) FROM businesses WHERE city_key <> '' GROUP BY city_key`,
  `DELETE FROM category_stats;
   INSERT INTO category_stats (category, business_count)
     SELECT category, COUNT(*) FROM businesses WHERE category <> '' GROUP BY category`,
  `DELETE FROM country_stats;
   INSERT INTO country_stats (country, business_count)
     SELECT country, COUNT(*) FROM businesses WHERE country <> '' GROUP BY country`,
  // SQLite's CAST truncates where PostgreSQL's rounds; floor is the truncation here (5 - rank ≥ 0).
  `DELETE FROM search_rank_bins;
   INSERT INTO search_rank_bins (bin, businesses)
     SELECT floor((5 - rank_score) * 1000)::integer, COUNT(*) FROM businesses GROUP BY 1`,
  `DELETE FROM site_stats WHERE key <> 'data_version';
   INSERT INTO site_stats (key, value)
     SELECT 'total_businesses', COUNT(*) FROM businesses
     UNION ALL SELECT 'verified_businesses', COUNT(*) FROM businesses WHERE is_verified = 1
     UNION ALL SELECT 'total_reviews', COALESCE(SUM(review_count), 0) FROM businesses
     UNION ALL SELECT 'max_business_id', COALESCE(MAX(id), 0) FROM businesses`,
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
