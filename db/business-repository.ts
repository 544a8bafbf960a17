// Reads of businesses for the public site and API. Statements are prepared once per connection:
// Kysely's driver prepares on every call, which costs several times the query on these hot paths.
import type { Selectable } from 'kysely';
import type { Sqlite } from './connection.ts';
import { DataVersionMaps } from './data-version-maps.ts';
import { toFtsQuery } from './fts.ts';
import type { BusinessTable } from './schema.ts';
import { cachedStatement as cached } from './statement-cache.ts';

export type BusinessRecordRow = Selectable<BusinessTable>;

type Statements = ReturnType<typeof prepare>;
const cache = new WeakMap<Sqlite, Statements>();

// The generated rank_score is left out of SELECT * answers on purpose: callers never need it.
const COLUMNS = `b.id, b.place_id, b.slug, b.name, b.category, b.category_group, b.description, b.address, b.city,
  b.city_key, b.state, b.country, b.country_code, b.zip_code, b.phone, b.phone_international, b.email, b.website,
  b.rating, b.review_count, b.is_verified, b.photos, b.location_link, b.latitude, b.longitude, b.time_zone, b.hours,
  b.hours_text, b.attributes, b.business_status, b.about, b.seo_title, b.seo_description, b.canonical_url,
  b.created_at, b.updated_at, b.import_run_id`;
const RANKED = 'ORDER BY b.rank_score DESC, b.id';

function prepare(sqlite: Sqlite) {
  return {
    byId: sqlite.prepare(`SELECT ${COLUMNS} FROM businesses b WHERE b.id = ?`),
    bySlug: sqlite.prepare(`SELECT ${COLUMNS} FROM businesses b WHERE b.slug = ?`),
    ranked: sqlite.prepare(`SELECT ${COLUMNS} FROM businesses b ${RANKED} LIMIT ? OFFSET ?`),
    byCity: sqlite.prepare(
      `SELECT ${COLUMNS} FROM businesses b WHERE b.city_key = ? ${RANKED} LIMIT ? OFFSET ?`,
    ),
    byCategory: sqlite.prepare(
      `SELECT ${COLUMNS} FROM businesses b WHERE b.category = ? ${RANKED} LIMIT ? OFFSET ?`,
    ),
    byGroup: sqlite.prepare(
      `SELECT ${COLUMNS} FROM businesses b WHERE b.category_group = ? ${RANKED} LIMIT ? OFFSET ?`,
    ),
    countGroup: sqlite.prepare('SELECT COUNT(*) FROM businesses WHERE category_group = ?').pluck(),
    countCity: sqlite.prepare('SELECT business_count FROM city_stats WHERE city_key = ?').pluck(),
    countCategory: sqlite.prepare('SELECT business_count FROM category_stats WHERE category = ?').pluck(),
    withPhoto: sqlite.prepare(`SELECT ${COLUMNS} FROM businesses b WHERE b.photos <> '[]' ${RANKED} LIMIT ?`),
    latest: sqlite.prepare(
      `SELECT ${COLUMNS} FROM businesses b ORDER BY b.created_at DESC, b.id DESC LIMIT ?`,
    ),
    categoryNames: sqlite.prepare('SELECT category FROM category_stats').pluck(),
  };
}

function statements(sqlite: Sqlite): Statements {
  let prepared = cache.get(sqlite);
  if (!prepared) {
    prepared = prepare(sqlite);
    cache.set(sqlite, prepared);
  }
  return prepared;
}

export function findBusinessById(sqlite: Sqlite, id: number): BusinessRecordRow | undefined {
  return statements(sqlite).byId.get(id) as BusinessRecordRow | undefined;
}

export function findBusinessBySlug(sqlite: Sqlite, slug: string): BusinessRecordRow | undefined {
  return statements(sqlite).bySlug.get(slug) as BusinessRecordRow | undefined;
}

export interface Page {
  limit: number;
  offset: number;
}

export function listRankedBusinesses(sqlite: Sqlite, page: Page): BusinessRecordRow[] {
  return statements(sqlite).ranked.all(page.limit, page.offset) as BusinessRecordRow[];
}

export function listBusinessesInCity(sqlite: Sqlite, cityKey: string, page: Page): BusinessRecordRow[] {
  return statements(sqlite).byCity.all(cityKey, page.limit, page.offset) as BusinessRecordRow[];
}

export function countBusinessesInCity(sqlite: Sqlite, cityKey: string): number {
  return (statements(sqlite).countCity.get(cityKey) as number | undefined) ?? 0;
}

export function listBusinessesInCategory(sqlite: Sqlite, category: string, page: Page): BusinessRecordRow[] {
  return statements(sqlite).byCategory.all(category, page.limit, page.offset) as BusinessRecordRow[];
}

export function countBusinessesInCategory(sqlite: Sqlite, category: string): number {
  return (statements(sqlite).countCategory.get(category) as number | undefined) ?? 0;
}

export function listBusinessesInGroup(sqlite: Sqlite, group: string, page: Page): BusinessRecordRow[] {
  return statements(sqlite).byGroup.all(group, page.limit, page.offset) as BusinessRecordRow[];
}

export function countBusinessesInGroup(sqlite: Sqlite, group: string): number {
  return statements(sqlite).countGroup.get(group) as number;
}

/** The best-ranked businesses that have a photo (the home page's recommendations). */
export function listRankedWithPhoto(sqlite: Sqlite, limit: number): BusinessRecordRow[] {
  return statements(sqlite).withPhoto.all(limit) as BusinessRecordRow[];
}

export function listLatestBusinesses(sqlite: Sqlite, limit: number): BusinessRecordRow[] {
  return statements(sqlite).latest.all(limit) as BusinessRecordRow[];
}

export interface SearchFilter {
  /** Free text matched against name, category, description, address and city. */
  text: string;
  /** Free text matched against the city, state, postcode and country only. */
  location?: string;
  /** Restricts to a specific category or to a navigation group. */
  category?: { kind: 'category' | 'group'; value: string };
}

/** Above this many matches a query is "popular" (e.g. "dentist" at 1M rows: ~25k matches): ranking
 *  every match by bm25 and counting them all took seconds per request (measured, docs/benchmarks.md). */
export const EXACT_RANK_LIMIT = 1000;
/** A popular query restricted to a category reports at most this many results ("1,000+"). */
export const SEARCH_COUNT_CAP_FILTERED = 1_000;
/** A search plan keeps at most this many ordered ids (pages beyond are queried directly). */
export const PLANNED_IDS_LIMIT = 1000;
/** A popular query's ids are fetched this many at a time (five pages of twenty): walking the rank
 *  index a little further costs almost nothing next to building the match set. */
const PLANNED_IDS_WINDOW = 100;
/** Search plans kept per connection (each at most PLANNED_IDS_LIMIT ids: ≤ ~4 MB in all). */
const SEARCH_PLANS_LIMIT = 500;

const RANK_INDEX = {
  none: 'businesses_rank',
  category: 'businesses_category_rank',
  group: 'businesses_group_rank',
};

/** What one search matched at one data version: its count and its best ids in order, so that paging
 *  through it (or asking again) neither recounts nor re-ranks. Measured at 1M rows: "restaurant"
 *  (235k matches) costs ~25 ms to count and ~45 ms to rank the first time, ~0.2 ms for a page after. */
interface SearchPlan {
  total: number;
  popular: boolean;
  /** Ids in answer order; the first `ids.length` results of this search. */
  ids: number[];
  /** True when `ids` holds every match (nothing to fetch beyond it). */
  exhausted: boolean;
}

/** The plans of each connection at the current data version. */
const searchPlans = new DataVersionMaps<SearchPlan>();

/** Forgets the search plans of a connection (measurements of first-time searches). */
export function clearSearchPlans(sqlite: Sqlite): void {
  searchPlans.forget(sqlite);
}

/** Full-text search. Text and location become safe prefix queries inside ONE MATCH expression
 *  (measured at 1M rows: ~14 ms at the median, against ~90 ms when the location is a separate filter
 *  joined afterwards). A specific query (≤ EXACT_RANK_LIMIT matches) is ordered by bm25 with the name
 *  weighted highest; a popular one is ordered by the review-weighted rank, walking the rank index and
 *  keeping the rows that match (a window of a few pages stops after its hits). The count and the
 *  ordered ids are kept per data version (SearchPlan); the rows of a page are then read by id. */
export function searchBusinesses(
  sqlite: Sqlite,
  filter: SearchFilter,
  page: Page,
): { rows: BusinessRecordRow[]; total: number; capped: boolean } {
  const text = toFtsQuery(filter.text);
  if (!text) return { rows: [], total: 0, capped: false };
  const location = filter.location ? toFtsQuery(filter.location, 8, 'last') : null;
  const match = location ? `(${text}) AND {city state zip_code country} : (${location})` : text;
  const column = filter.category ? (filter.category.kind === 'group' ? 'category_group' : 'category') : null;
  const categoryClause = column ? `AND b.${column} = ?` : '';
  const categoryArgs = filter.category ? [filter.category.value] : [];

  const plans = searchPlans.current(sqlite);
  const key = `${match}\u0000${column ?? ''}\u0000${filter.category?.value ?? ''}`;
  let plan = plans.get(key);
  if (plan) {
    plans.delete(key);
  } else {
    // Counting from the FTS index alone is cheap even for common words (measured at 1M rows: 3 ms for
    // 37k matches, 26 ms for 235k); joined to the table for a category filter it is not (270 ms for
    // 10k), so a filtered count stops at SEARCH_COUNT_CAP_FILTERED.
    const total = column
      ? (cached(
          sqlite,
          `SELECT COUNT(*) FROM (SELECT 1 FROM businesses_fts f JOIN businesses b ON b.id = f.rowid
             WHERE businesses_fts MATCH ? ${categoryClause} LIMIT ?)`,
        )
          .pluck()
          .get(match, ...categoryArgs, SEARCH_COUNT_CAP_FILTERED + 1) as number)
      : (cached(sqlite, 'SELECT COUNT(*) FROM businesses_fts WHERE businesses_fts MATCH ?')
          .pluck()
          .get(match) as number);
    plan = { total, popular: total > EXACT_RANK_LIMIT, ids: [], exhausted: total === 0 };
  }
  plans.set(key, plan);
  if (plans.size > SEARCH_PLANS_LIMIT) plans.delete(plans.keys().next().value as string);

  const end = page.offset + page.limit;
  if (!plan.exhausted && plan.ids.length < end && end <= PLANNED_IDS_LIMIT) {
    // A specific query ranks all its matches at once (bm25 scores every match anyway); a popular one
    // takes the next window of the rank-index walk.
    const want = plan.popular
      ? Math.min(PLANNED_IDS_LIMIT, Math.ceil(end / PLANNED_IDS_WINDOW) * PLANNED_IDS_WINDOW)
      : EXACT_RANK_LIMIT;
    plan.ids = orderedIds(
      sqlite,
      plan.popular,
      filter.category?.kind,
      match,
      categoryClause,
      categoryArgs,
      want,
    );
    plan.exhausted = !plan.popular || plan.ids.length < want;
  }

  let rows: BusinessRecordRow[];
  if (end <= plan.ids.length || plan.exhausted) {
    const { byId } = statements(sqlite);
    rows = [];
    for (const id of plan.ids.slice(page.offset, end)) {
      const row = byId.get(id) as BusinessRecordRow | undefined;
      if (row) rows.push(row);
    }
  } else {
    // A page beyond the planned ids (offset ≥ ~1,000 of a popular query): read it directly.
    rows = cached(
      sqlite,
      `SELECT ${COLUMNS} FROM businesses b INDEXED BY ${RANK_INDEX[filter.category?.kind ?? 'none']}
       WHERE b.id IN (SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH ?) ${categoryClause}
       ORDER BY b.rank_score DESC, b.id LIMIT ? OFFSET ?`,
    ).all(match, ...categoryArgs, page.limit, page.offset) as BusinessRecordRow[];
  }
  const capped = column !== null && plan.total > SEARCH_COUNT_CAP_FILTERED;
  return { rows, total: capped ? SEARCH_COUNT_CAP_FILTERED : plan.total, capped };
}

/** The first `limit` ids of a search in answer order: bm25 (name weighted highest) for a specific
 *  query, the review-weighted rank for a popular one. */
function orderedIds(
  sqlite: Sqlite,
  popular: boolean,
  categoryKind: 'category' | 'group' | undefined,
  match: string,
  categoryClause: string,
  categoryArgs: string[],
  limit: number,
): number[] {
  const sql = popular
    ? `SELECT b.id FROM businesses b INDEXED BY ${RANK_INDEX[categoryKind ?? 'none']}
       WHERE b.id IN (SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH ?) ${categoryClause}
       ORDER BY b.rank_score DESC, b.id LIMIT ?`
    : `SELECT b.id FROM businesses_fts f JOIN businesses b ON b.id = f.rowid
       WHERE businesses_fts MATCH ? ${categoryClause}
       ORDER BY bm25(businesses_fts, 10.0, 4.0, 1.0, 1.0, 2.0, 1.0, 1.0, 1.0), b.rank_score DESC LIMIT ?`;
  return cached(sqlite, sql)
    .pluck()
    .all(match, ...categoryArgs, limit) as number[];
}

export function listCategoryNames(sqlite: Sqlite): string[] {
  return statements(sqlite).categoryNames.all() as string[];
}
