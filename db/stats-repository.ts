// Precomputed counts. Every write that adds, changes or removes businesses calls refreshAggregates
// inside its transaction, so public reads never run COUNT/GROUP BY over the business table
// (at 1M rows a grouped count costs ~120 ms; these reads cost microseconds).
import type { Sqlite } from './connection.ts';
import { keptPerTurn, noteLocalWrite } from './data-version-memo.ts';
import { bytewise } from './query/bytewise.ts';
import { preparedQuery } from './query/prepared-query.ts';
import { sqliteSync } from './query/query-runner.ts';
import type { Store } from './store/store.ts';

/** The recount, in parts (measured on a 100k-row database: cities 0.19 s, the others ≤ 0.05 s each). */
const AGGREGATE_PARTS = [
  `DELETE FROM city_stats;
   INSERT INTO city_stats (city_key, name, business_count)
     SELECT city_key, MIN(city), COUNT(*) FROM businesses WHERE city_key <> '' GROUP BY city_key;`,
  `DELETE FROM category_stats;
   INSERT INTO category_stats (category, business_count)
     SELECT category, COUNT(*) FROM businesses WHERE category <> '' GROUP BY category;`,
  `DELETE FROM country_stats;
   INSERT INTO country_stats (country, business_count)
     SELECT country, COUNT(*) FROM businesses WHERE country <> '' GROUP BY country;`,
  `DELETE FROM search_rank_bins;
   INSERT INTO search_rank_bins (bin, businesses)
     SELECT CAST((5 - rank_score) * 1000 AS INTEGER), COUNT(*) FROM businesses INDEXED BY businesses_rank GROUP BY 1;`,
  `DELETE FROM site_stats WHERE key <> 'data_version';
   INSERT INTO site_stats (key, value)
     SELECT 'total_businesses', COUNT(*) FROM businesses
     UNION ALL SELECT 'verified_businesses', COUNT(*) FROM businesses WHERE is_verified = 1
     UNION ALL SELECT 'total_reviews', COALESCE(SUM(review_count), 0) FROM businesses
     UNION ALL SELECT 'max_business_id', COALESCE(MAX(id), 0) FROM businesses;`,
];

/** Recounts every precomputed figure and bumps the data version (call inside the write's
 *  transaction). `afterPart` is told how many of the parts are done, so that an import's progress
 *  moves during the recount. */
export function refreshAggregates(sqlite: Sqlite, afterPart?: (done: number, parts: number) => void): void {
  AGGREGATE_PARTS.forEach((sql, index) => {
    sqlite.exec(sql);
    afterPart?.(index + 1, AGGREGATE_PARTS.length);
  });
  bumpDataVersion(sqlite);
}

/** The data version's raise (bumpDataVersion) as one statement for both dialects, for code that runs
 *  on either (a copy's target). */
export const bumpDataVersionQuery = preparedQuery('bump_data_version', (db) =>
  db
    .insertInto('site_stats')
    .values({ key: 'data_version', value: 1 })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((eb) => ({ value: eb('site_stats.value', '+', 1) })),
    ),
);

/** For writes that change what pages show without changing any count (SEO text, an edit). */
export function bumpDataVersion(sqlite: Sqlite): void {
  sqlite
    .prepare(
      `INSERT INTO site_stats (key, value) VALUES ('data_version', 1) ON CONFLICT (key) DO UPDATE SET value = value + 1`,
    )
    .run();
  noteLocalWrite();
}

/** Goes up by one with every change of the business data, in any process: caches key on it. */
export function readDataVersion(sqlite: Sqlite): number {
  const row = sqlite.prepare(`SELECT value FROM site_stats WHERE key = 'data_version'`).get() as
    | { value: number }
    | undefined;
  return row?.value ?? 0;
}

export interface SiteCounts {
  totalBusinesses: number;
  verifiedBusinesses: number;
  categories: number;
  totalCities: number;
  totalReviews: number;
}

/** The site's totals on either dialect, in the order the statistics answer has always listed them. */
export const siteCountsQuery = preparedQuery('stats_site_counts', (db) => {
  const siteValue = (key: string) => db.selectFrom('site_stats').select('value').where('key', '=', key);
  return db.selectNoFrom((eb) => [
    eb.fn.coalesce(siteValue('total_businesses'), eb.lit(0)).$castTo<number>().as('totalBusinesses'),
    eb.fn.coalesce(siteValue('verified_businesses'), eb.lit(0)).$castTo<number>().as('verifiedBusinesses'),
    eb.fn.coalesce(siteValue('total_reviews'), eb.lit(0)).$castTo<number>().as('totalReviews'),
    eb.selectFrom('category_stats').select(eb.fn.countAll<number>().as('n')).as('categories'),
    eb.selectFrom('city_stats').select(eb.fn.countAll<number>().as('n')).as('totalCities'),
  ]);
});

/** Every business counted (an admin action about to read every row can afford it; the stored total
 *  is the cheap figure). */
export const countAllBusinessesQuery = preparedQuery('count_all_businesses', (db) =>
  db.selectFrom('businesses').select((eb) => eb.fn.countAll<number>().as('n')),
);

/** The site's totals, synchronously on the server's connection (the public statistics and list
 *  answers read them per request): the shared query's SQLite text, prepared once per connection. */
export function readSiteCounts(sqlite: Sqlite): SiteCounts {
  return sqliteSync.first(sqlite, siteCountsQuery, {}) as SiteCounts;
}

/** readSiteCounts on either dialect (decision 0034). */
export async function readSiteCountsIn(store: Store): Promise<SiteCounts> {
  // One row always: every column is a scalar subquery.
  return (await store.first(siteCountsQuery, {})) as SiteCounts;
}

export interface CityCount {
  cityKey: string;
  name: string;
  businessCount: number;
}

/** Cities, most businesses first (ties by name, in SQLite's byte order on both dialects). */
const citiesByCountQuery = preparedQuery(
  'stats_cities_by_count',
  (db, a: { limit: number; offset: number }) =>
    db
      .selectFrom('city_stats')
      .select(['city_key as cityKey', 'name', 'business_count as businessCount'])
      .orderBy('business_count', 'desc')
      .orderBy(bytewise(db, 'name'))
      .limit(a.limit)
      .offset(a.offset),
);

const categoryCountsQuery = preparedQuery('stats_category_counts', (db) =>
  db
    .selectFrom('category_stats')
    .select(['category', 'business_count as businessCount'])
    .orderBy('business_count', 'desc')
    .orderBy(bytewise(db, 'category')),
);

const countryCountsQuery = preparedQuery('stats_country_counts', (db) =>
  db
    .selectFrom('country_stats')
    .select(['country', 'business_count as businessCount'])
    .orderBy('business_count', 'desc')
    .orderBy(bytewise(db, 'country')),
);

export function readTopCities(store: Store, limit: number): Promise<CityCount[]> {
  return store.all(citiesByCountQuery, { limit, offset: 0 });
}

export function readCategoryCounts(store: Store): Promise<{ category: string; businessCount: number }[]> {
  return store.all(categoryCountsQuery, {});
}

export function readCountryCounts(store: Store): Promise<{ country: string; businessCount: number }[]> {
  return store.all(countryCountsQuery, {});
}

/** One page of every city, most businesses first (the all-cities page). */
export function readCityPage(store: Store, limit: number, offset: number): Promise<CityCount[]> {
  return store.all(citiesByCountQuery, { limit, offset });
}

/** readDataVersion with its statement prepared once, for callers that read it on every request (the
 *  hot cache checks it on each hit). */
export function dataVersionReader(sqlite: Sqlite): () => number {
  const statement = sqlite.prepare(`SELECT value FROM site_stats WHERE key = 'data_version'`).pluck();
  // Kept within a turn of the event loop (./data-version-memo.ts): read four to six times an answer.
  return keptPerTurn(
    () => (statement.get() as number | undefined) ?? 0,
    () => sqlite.inTransaction,
  );
}
