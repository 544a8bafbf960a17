// What a write of single businesses (an admin edit or deletion, an approved submission) keeps in step
// with the rows, on either dialect, inside the write's transaction: the search index, the discovery
// index (SQLite's business_geo and business_hours; PostgreSQL's business_hours with its patterns), and
// the precomputed counts, moved by increments (a full recount scans the table: seconds at 1M rows,
// with the writers held). The counts' statements are shared; a city's display name is the one
// place the dialects differ (SQLite's two-argument MIN against PostgreSQL's LEAST, bytewise as the
// recounts order it).
import { sql } from 'kysely';
import { discoveryIndexRows, discoveryRemoveRows, PG_OPEN_CAPABLE } from './discovery-index.ts';
import { preparedQuery } from './query/prepared-query.ts';
import { ftsIndexRows, ftsRemoveRows } from './search/fts-index.ts';
import { pgSearchIndex, pgSearchRemove } from './search/postgres-search-index.ts';
import type { PostgresStore, Store } from './store/store.ts';

/** Removes businesses' entries from the search and discovery indexes: before their text changes
 *  (SQLite's FTS5 removes a row by its old text) or they go. */
export async function unindexBusinessesIn(store: Store, ids: readonly number[]): Promise<void> {
  if (store.dialect === 'sqlite') {
    ftsRemoveRows(store.sqlite, ids);
    discoveryRemoveRows(store.sqlite, ids);
    return;
  }
  await pgSearchRemove(store, ids);
  await store.query('DELETE FROM business_hours WHERE business_id = ANY($1::bigint[])', [ids]);
}

/** Indexes businesses' current values (after unindexBusinessesIn, or when new). */
export async function indexBusinessesIn(store: Store, ids: readonly number[]): Promise<void> {
  if (store.dialect === 'sqlite') {
    ftsIndexRows(store.sqlite, ids);
    discoveryIndexRows(store.sqlite, ids);
    return;
  }
  await pgSearchIndex(store, ids);
  await pgIndexHours(store, ids);
}

/** The weekly-hours pattern of each business that can be open (PostgreSQL has no geographic table:
 *  its nearby search reads the coordinates from the businesses themselves). */
async function pgIndexHours(store: PostgresStore, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await store.query(
    `INSERT INTO hours_patterns (hours, time_zone)
     SELECT DISTINCT b.hours, COALESCE(b.time_zone, '') FROM businesses b
     WHERE b.id = ANY($1::bigint[]) AND ${PG_OPEN_CAPABLE}
     ON CONFLICT (hours, time_zone) DO NOTHING`,
    [ids],
  );
  await store.query(
    `INSERT INTO business_hours (business_id, pattern_id)
     SELECT b.id, p.id FROM businesses b
     JOIN hours_patterns p ON p.hours = b.hours AND p.time_zone = COALESCE(b.time_zone, '')
     WHERE b.id = ANY($1::bigint[]) AND ${PG_OPEN_CAPABLE}
     ON CONFLICT (business_id) DO UPDATE SET pattern_id = excluded.pattern_id`,
    [ids],
  );
}

// ---- the counts -----------------------------------------------------------------------------------

/** What the precomputed counts are made of. */
export interface CountedFields {
  city: string;
  city_key: string;
  category: string;
  country: string;
  is_verified: number;
  review_count: number;
}

const countedFieldsQuery = preparedQuery('upkeep_counted_fields', (db, args: { id: number }) =>
  db
    .selectFrom('businesses')
    .select(['city', 'city_key', 'category', 'country', 'is_verified', 'review_count'])
    .where('id', '=', args.id),
);

/** The counted fields of one business, undefined when there is none. On PostgreSQL the row is locked
 *  for the transaction (FOR UPDATE), so that two edits of one business count one after the other;
 *  SQLite's write transaction has the whole file already. */
export async function countedFieldsOf(store: Store, id: number): Promise<CountedFields | undefined> {
  if (store.dialect === 'postgres') {
    const { rows } = await store.query<CountedFields>(
      `SELECT city, city_key, category, country, is_verified, review_count FROM businesses
       WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0];
  }
  return store.first(countedFieldsQuery, { id });
}

const addToCategory = preparedQuery('upkeep_category_add', (db, args: { value: string }) =>
  db
    .insertInto('category_stats')
    .values({ category: args.value, business_count: 1 })
    .onConflict((conflict) =>
      conflict
        .column('category')
        .doUpdateSet((eb) => ({ business_count: eb('category_stats.business_count', '+', 1) })),
    ),
);
const addToCountry = preparedQuery('upkeep_country_add', (db, args: { value: string }) =>
  db
    .insertInto('country_stats')
    .values({ country: args.value, business_count: 1 })
    .onConflict((conflict) =>
      conflict
        .column('country')
        .doUpdateSet((eb) => ({ business_count: eb('country_stats.business_count', '+', 1) })),
    ),
);
const takeFromCategory = preparedQuery('upkeep_category_take', (db, args: { value: string; n: number }) =>
  db
    .updateTable('category_stats')
    .set((eb) => ({ business_count: eb('business_count', '-', args.n) }))
    .where('category', '=', args.value),
);
const takeFromCountry = preparedQuery('upkeep_country_take', (db, args: { value: string; n: number }) =>
  db
    .updateTable('country_stats')
    .set((eb) => ({ business_count: eb('business_count', '-', args.n) }))
    .where('country', '=', args.value),
);
const dropEmptyCategory = preparedQuery('upkeep_category_drop', (db, args: { value: string }) =>
  db.deleteFrom('category_stats').where('category', '=', args.value).where('business_count', '<=', 0),
);
const dropEmptyCountry = preparedQuery('upkeep_country_drop', (db, args: { value: string }) =>
  db.deleteFrom('country_stats').where('country', '=', args.value).where('business_count', '<=', 0),
);

/** A city's display name when a business joins it: the smaller spelling, bytewise. */
const addToCityQuery = {
  sqlite: preparedQuery('upkeep_city_add_sqlite', (db, args: { key: string; name: string }) =>
    db
      .insertInto('city_stats')
      .values({ city_key: args.key, name: args.name, business_count: 1 })
      .onConflict((conflict) =>
        conflict.column('city_key').doUpdateSet((eb) => ({
          business_count: eb('city_stats.business_count', '+', 1),
          name: sql<string>`MIN(city_stats.name, excluded.name)`,
        })),
      ),
  ),
  postgres: preparedQuery('upkeep_city_add_postgres', (db, args: { key: string; name: string }) =>
    db
      .insertInto('city_stats')
      .values({ city_key: args.key, name: args.name, business_count: 1 })
      .onConflict((conflict) =>
        conflict.column('city_key').doUpdateSet((eb) => ({
          business_count: eb('city_stats.business_count', '+', 1),
          name: sql<string>`LEAST(city_stats.name COLLATE "C", excluded.name COLLATE "C")`,
        })),
      ),
  ),
};
const takeFromCity = preparedQuery('upkeep_city_take', (db, args: { key: string; n: number }) =>
  db
    .updateTable('city_stats')
    .set((eb) => ({ business_count: eb('business_count', '-', args.n) }))
    .where('city_key', '=', args.key),
);
const dropEmptyCity = preparedQuery('upkeep_city_drop', (db, args: { key: string }) =>
  db.deleteFrom('city_stats').where('city_key', '=', args.key).where('business_count', '<=', 0),
);
const cityName = preparedQuery('upkeep_city_name', (db, args: { key: string }) =>
  db.selectFrom('city_stats').select('name').where('city_key', '=', args.key),
);
const citySpelledSo = preparedQuery('upkeep_city_spelled', (db, args: { key: string; name: string }) =>
  db
    .selectFrom('businesses')
    .select(sql<number>`1`.as('found'))
    .where('city_key', '=', args.key)
    .where('city', '=', args.name)
    .limit(1),
);
const smallestSpelling = {
  sqlite: preparedQuery('upkeep_city_rename_sqlite', (db, args: { key: string }) =>
    db
      .updateTable('city_stats')
      .set({
        name: sql<string>`(SELECT MIN(city) FROM businesses WHERE city_key = ${args.key})`,
      })
      .where('city_key', '=', args.key),
  ),
  postgres: preparedQuery('upkeep_city_rename_postgres', (db, args: { key: string }) =>
    db
      .updateTable('city_stats')
      .set({
        name: sql<string>`(SELECT MIN(city COLLATE "C") FROM businesses WHERE city_key = ${args.key})`,
      })
      .where('city_key', '=', args.key),
  ),
};

const adjustSiteStatQuery = preparedQuery('upkeep_site_stat', (db, args: { key: string; delta: number }) =>
  db
    .updateTable('site_stats')
    .set((eb) => ({ value: eb('value', '+', args.delta) }))
    .where('key', '=', args.key),
);
const addSiteStatQuery = preparedQuery('upkeep_site_stat_add', (db, args: { key: string; delta: number }) =>
  db
    .insertInto('site_stats')
    .values({ key: args.key, value: args.delta })
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet((eb) => ({ value: eb('site_stats.value', '+', eb.ref('excluded.value')) })),
    ),
);
const raiseMaxIdQuery = {
  sqlite: preparedQuery('upkeep_max_id_sqlite', (db, args: { id: number }) =>
    db
      .insertInto('site_stats')
      .values({ key: 'max_business_id', value: args.id })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({ value: sql<number>`MAX(site_stats.value, excluded.value)` }),
      ),
  ),
  postgres: preparedQuery('upkeep_max_id_postgres', (db, args: { id: number }) =>
    db
      .insertInto('site_stats')
      .values({ key: 'max_business_id', value: args.id })
      .onConflict((conflict) =>
        conflict
          .column('key')
          .doUpdateSet({ value: sql<number>`GREATEST(site_stats.value, excluded.value)` }),
      ),
  ),
};
const recountMaxIdQuery = preparedQuery('upkeep_max_id_recount', (db) =>
  db
    .updateTable('site_stats')
    .set({ value: sql<number>`(SELECT COALESCE(MAX(id), 0) FROM businesses)` })
    .where('key', '=', 'max_business_id'),
);
const countsMadeQuery = preparedQuery('upkeep_counts_made', (db) =>
  db.selectFrom('site_stats').select('value').where('key', '=', 'total_businesses'),
);

/** Moves one edited business's share of the counts from `before` to `after` (a deleted one's:
 *  countDeletedBusinesses). Gives what a recount would, including a city's display name (the smallest
 *  spelling in the group). The site totals are only adjusted where a recount has made them (UPDATE,
 *  never INSERT). */
export async function adjustCounts(store: Store, before: CountedFields, after: CountedFields): Promise<void> {
  if (before.city_key !== after.city_key || before.city !== after.city) {
    if (before.city_key !== '') await removeFromCity(store, before.city_key, 1, [before.city]);
    if (after.city_key !== '') await addToCity(store, after);
  }
  if (before.category !== after.category) {
    await takeFromNamed(store, takeFromCategory, dropEmptyCategory, before.category);
    if (after.category !== '') await store.run(addToCategory, { value: after.category });
  }
  if (before.country !== after.country) {
    await takeFromNamed(store, takeFromCountry, dropEmptyCountry, before.country);
    if (after.country !== '') await store.run(addToCountry, { value: after.country });
  }
  await adjustSiteStat(store, 'verified_businesses', after.is_verified - before.is_verified);
  await adjustSiteStat(store, 'total_reviews', after.review_count - before.review_count);
}

/** After a business was deleted: the highest id left. */
export async function recountMaxBusinessId(store: Store): Promise<void> {
  await store.run(recountMaxIdQuery, {});
}

/** A business newly added (an approved submission), counted as a recount would count it; false when
 *  the counts were never made (a fresh database): the caller recounts everything once. */
export async function countNewBusiness(store: Store, row: CountedFields & { id: number }): Promise<boolean> {
  if ((await store.first(countsMadeQuery, {})) === undefined) return false;
  if (row.city_key !== '') await addToCity(store, row);
  if (row.category !== '') await store.run(addToCategory, { value: row.category });
  if (row.country !== '') await store.run(addToCountry, { value: row.country });
  await store.run(addSiteStatQuery, { key: 'total_businesses', delta: 1 });
  await store.run(addSiteStatQuery, { key: 'verified_businesses', delta: row.is_verified });
  await store.run(addSiteStatQuery, { key: 'total_reviews', delta: row.review_count });
  await store.run(raiseMaxIdQuery[store.dialect], { id: row.id });
  return true;
}

async function takeFromNamed(
  store: Store,
  take: typeof takeFromCategory,
  drop: typeof dropEmptyCategory,
  value: string,
  n = 1,
): Promise<void> {
  // Empty values are not counted (the recount leaves them out).
  if (value === '') return;
  await store.run(take, { value, n });
  await store.run(drop, { value });
}

async function addToCity(store: Store, fields: CountedFields): Promise<void> {
  await store.run(addToCityQuery[store.dialect], { key: fields.city_key, name: fields.city });
}

/** Takes `n` businesses (already deleted or moved) from a city whose spellings they had. */
async function removeFromCity(
  store: Store,
  key: string,
  n: number,
  spellings: Iterable<string>,
): Promise<void> {
  await store.run(takeFromCity, { key, n });
  await store.run(dropEmptyCity, { key });
  const name = (await store.first(cityName, { key }))?.name;
  if (name === undefined || !new Set(spellings).has(name)) return;
  // The display name was a spelling of theirs. It stays while another business spells it so
  // (found at once through the city index); else the next smallest spelling takes over.
  if ((await store.first(citySpelledSo, { key, name })) !== undefined) return;
  await store.run(smallestSpelling[store.dialect], { key });
}

/** Takes deleted businesses' shares of the counts, as a recount would (a city's display name passing
 *  to the smallest spelling left), in a few statements per city, category and country. Call after
 *  the rows are deleted, in the same transaction. */
export async function countDeletedBusinesses(store: Store, rows: readonly CountedFields[]): Promise<void> {
  const cities = new Map<string, { n: number; spellings: Set<string> }>();
  const categories = new Map<string, number>();
  const countries = new Map<string, number>();
  let verified = 0;
  let reviews = 0;
  for (const row of rows) {
    if (row.city_key !== '') {
      const city = cities.get(row.city_key) ?? { n: 0, spellings: new Set<string>() };
      city.n++;
      city.spellings.add(row.city);
      cities.set(row.city_key, city);
    }
    categories.set(row.category, (categories.get(row.category) ?? 0) + 1);
    countries.set(row.country, (countries.get(row.country) ?? 0) + 1);
    verified += row.is_verified;
    reviews += row.review_count;
  }
  for (const [key, city] of cities) await removeFromCity(store, key, city.n, city.spellings);
  for (const [value, n] of categories)
    await takeFromNamed(store, takeFromCategory, dropEmptyCategory, value, n);
  for (const [value, n] of countries) await takeFromNamed(store, takeFromCountry, dropEmptyCountry, value, n);
  await adjustSiteStat(store, 'total_businesses', -rows.length);
  await adjustSiteStat(store, 'verified_businesses', -verified);
  await adjustSiteStat(store, 'total_reviews', -reviews);
}

/** Moves one of the site totals by `delta` where a recount has made it (UPDATE, never INSERT). */
export async function adjustSiteStat(store: Store, key: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await store.run(adjustSiteStatQuery, { key, delta });
}
