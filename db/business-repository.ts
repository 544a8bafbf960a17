// Reads of businesses for the public site and API, on either dialect (decision 0034). Each is one
// prepared query compiled once per dialect: on SQLite its statement is prepared once per connection
// (Kysely's driver would prepare on every call, which costs several times the query on these hot
// paths); on PostgreSQL it is a named statement, prepared once per pooled connection.
import type { Selectable } from 'kysely';
import { preparedQuery } from './query/prepared-query.ts';
import { allRows } from './row-objects.ts';
import type { BusinessTable } from './schema.ts';
import type { Store } from './store/store.ts';

export type BusinessRecordRow = Omit<Selectable<BusinessTable>, 'rank_score' | 'edited_mask'>;

// The generated rank_score (and the admin's edited_mask) are left out on purpose: callers never need them.
const COLUMNS = [
  'b.id',
  'b.place_id',
  'b.slug',
  'b.name',
  'b.category',
  'b.category_group',
  'b.description',
  'b.address',
  'b.city',
  'b.city_key',
  'b.state',
  'b.country',
  'b.country_code',
  'b.zip_code',
  'b.phone',
  'b.phone_international',
  'b.email',
  'b.website',
  'b.rating',
  'b.review_count',
  'b.is_verified',
  'b.photos',
  'b.location_link',
  'b.latitude',
  'b.longitude',
  'b.time_zone',
  'b.hours',
  'b.hours_text',
  'b.attributes',
  'b.business_status',
  'b.about',
  'b.seo_title',
  'b.seo_description',
  'b.canonical_url',
  'b.created_at',
  'b.updated_at',
  'b.import_run_id',
] as const;

export interface Page {
  limit: number;
  offset: number;
}

const byIdQuery = preparedQuery('business_by_id', (db, a: { id: number }) =>
  db.selectFrom('businesses as b').select(COLUMNS).where('b.id', '=', a.id),
);
const bySlugQuery = preparedQuery('business_by_slug', (db, a: { slug: string }) =>
  db.selectFrom('businesses as b').select(COLUMNS).where('b.slug', '=', a.slug),
);
/** Best-ranked first (the businesses_rank index). */
const rankedQuery = preparedQuery('businesses_ranked', (db, a: Page) =>
  db
    .selectFrom('businesses as b')
    .select(COLUMNS)
    .orderBy('b.rank_score', 'desc')
    .orderBy('b.id')
    .limit(a.limit)
    .offset(a.offset),
);

/** Best-ranked first among the businesses with one value of a column (its *_rank index). */
function rankedWithin(name: string, column: 'city_key' | 'category' | 'category_group') {
  return preparedQuery(name, (db, a: Page & { value: string }) =>
    db
      .selectFrom('businesses as b')
      .select(COLUMNS)
      .where(`b.${column}`, '=', a.value)
      .orderBy('b.rank_score', 'desc')
      .orderBy('b.id')
      .limit(a.limit)
      .offset(a.offset),
  );
}
const inCityQuery = rankedWithin('businesses_in_city', 'city_key');
const inCategoryQuery = rankedWithin('businesses_in_category', 'category');
const inGroupQuery = rankedWithin('businesses_in_group', 'category_group');
const withPhotoQuery = preparedQuery('businesses_ranked_with_photo', (db, a: { limit: number }) =>
  db
    .selectFrom('businesses as b')
    .select(COLUMNS)
    .where('b.photos', '<>', '[]')
    .orderBy('b.rank_score', 'desc')
    .orderBy('b.id')
    .limit(a.limit),
);
const latestQuery = preparedQuery('businesses_latest', (db, a: { limit: number }) =>
  db
    .selectFrom('businesses as b')
    .select(COLUMNS)
    .orderBy('b.created_at', 'desc')
    .orderBy('b.id', 'desc')
    .limit(a.limit),
);
const countInGroupQuery = preparedQuery('count_businesses_in_group', (db, a: { group: string }) =>
  db
    .selectFrom('businesses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('category_group', '=', a.group),
);
const cityCountQuery = preparedQuery('city_business_count', (db, a: { cityKey: string }) =>
  db.selectFrom('city_stats').select('business_count').where('city_key', '=', a.cityKey),
);
const categoryCountQuery = preparedQuery('category_business_count', (db, a: { category: string }) =>
  db.selectFrom('category_stats').select('business_count').where('category', '=', a.category),
);
const categoryNamesQuery = preparedQuery('category_names', (db) =>
  db.selectFrom('category_stats').select('category'),
);

export async function findBusinessById(store: Store, id: number): Promise<BusinessRecordRow | undefined> {
  return store.first(byIdQuery, { id });
}

const largestIdQuery = preparedQuery('businesses_largest_id', (db) =>
  db.selectFrom('businesses').select((eb) => eb.fn.max('id').as('largest')),
);

/** The largest business id (0 with none): what sizes a table of businesses by id. */
export async function largestBusinessId(store: Store): Promise<number> {
  return Number((await store.first(largestIdQuery, {}))?.largest ?? 0);
}

/** What a suggestion shows of a business: its name, city and path, without the rest of the row. */
export interface BusinessLabel {
  name: string;
  city: string | null;
  slug: string;
  /** Tells apart businesses of one name in one city (a chain's branches). */
  address: string | null;
}

const LABELS_BY_IDS = idOrderedRead(['b.id', 'b.name', 'b.city', 'b.slug', 'b.address']);

/** The labels of these ids in the order given, skipping rows gone since: one statement (a
 *  suggestion shows up to ten businesses; on PostgreSQL one round trip instead of ten). */
export async function findBusinessLabels(store: Store, ids: readonly number[]): Promise<BusinessLabel[]> {
  const rows = await rowsInIdOrder<BusinessLabel & { id: number }>(store, LABELS_BY_IDS, ids);
  return rows.map(({ id: _id, ...label }) => label);
}

export async function findBusinessBySlug(store: Store, slug: string): Promise<BusinessRecordRow | undefined> {
  return store.first(bySlugQuery, { slug });
}

/**
 * The businesses of these ids in the order given, skipping ids of rows gone since (search pages,
 * nearby lists, admin pages), with one statement (rowsInIdOrder).
 */
export async function findBusinessesByIds(
  store: Store,
  ids: readonly number[],
): Promise<BusinessRecordRow[]> {
  // One statement for the page (a statement per id cost ~30 % more at 1M businesses, 20 ids).
  return rowsInIdOrder<BusinessRecordRow>(store, BUSINESSES_BY_IDS, ids);
}

const BUSINESSES_BY_IDS = idOrderedRead(COLUMNS);

/** The statements reading these columns of the businesses of a list of ids, in each dialect. */
interface IdOrderedRead {
  sqlite: string;
  postgres: string;
}

function idOrderedRead(columns: readonly string[]): IdOrderedRead {
  const select = `SELECT ${columns.join(', ')} FROM businesses b`;
  return {
    sqlite: `${select} WHERE b.id IN (SELECT value FROM json_each(?))`,
    postgres: `${select} WHERE b.id = ANY($1::bigint[])`,
  };
}

/** The rows of `ids` read with one statement (json_each on SQLite, an array on PostgreSQL) and put
 *  in the order given; ids of rows gone since are skipped. */
async function rowsInIdOrder<Row extends { id: number }>(
  store: Store,
  read: IdOrderedRead,
  ids: readonly number[],
): Promise<Row[]> {
  if (ids.length === 0) return [];
  const rows =
    store.dialect === 'sqlite'
      ? allRows<Row>(store.sqlite, read.sqlite, [JSON.stringify(ids)])
      : (await store.query<Row>(read.postgres, [ids])).rows;
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
}

type Rows = Promise<BusinessRecordRow[]>;

export function listRankedBusinesses(store: Store, page: Page): Rows {
  return store.all(rankedQuery, page);
}

export function listBusinessesInCity(store: Store, cityKey: string, page: Page): Rows {
  return store.all(inCityQuery, { ...page, value: cityKey });
}

export function listBusinessesInCategory(store: Store, category: string, page: Page): Rows {
  return store.all(inCategoryQuery, { ...page, value: category });
}

export function listBusinessesInGroup(store: Store, group: string, page: Page): Rows {
  return store.all(inGroupQuery, { ...page, value: group });
}

/** A city's count, from the precomputed ones. */
export async function countBusinessesInCity(store: Store, cityKey: string): Promise<number> {
  return (await store.first(cityCountQuery, { cityKey }))?.business_count ?? 0;
}

/** A category's count, from the precomputed ones. */
export async function countBusinessesInCategory(store: Store, category: string): Promise<number> {
  return (await store.first(categoryCountQuery, { category }))?.business_count ?? 0;
}

/** A group's count (no stored count is per group: read from its index). */
export async function countBusinessesInGroup(store: Store, group: string): Promise<number> {
  return (await store.first(countInGroupQuery, { group }))?.n ?? 0;
}

/** The best-ranked businesses that have a photo (the home page's recommendations). */
export function listRankedWithPhoto(store: Store, limit: number): Rows {
  return store.all(withPhotoQuery, { limit });
}

export function listLatestBusinesses(store: Store, limit: number): Rows {
  return store.all(latestQuery, { limit });
}

/** Every category that has businesses, in code-unit order (the same on both dialects, whatever
 *  order each keeps the rows in: the first of two names with the same slug wins). */
export async function listCategoryNames(store: Store): Promise<string[]> {
  return (await store.all(categoryNamesQuery, {})).map((row) => row.category).sort();
}
