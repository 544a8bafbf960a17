// Reads for discovery (decision 0026): businesses near a point, open now (business_hours: each
// business's weekly-hours pattern), with a rating, verified, in a city or category, matching search
// tiers — one statement shape per combination, with an exact count of the same conditions. Written
// once with named parameters (@name) for both dialects; what differs is chosen per dialect:
// - near a point: SQLite's business_geo R*Tree; PostgreSQL's GiST index of point(longitude, latitude)
//   (migration 2026-11-29T0200-business-location), with the same haversine in SQL on both;
// - search tiers: FTS5 MATCH texts on search_fts; tsquery texts on search_documents (decision 0035);
// - lists of ids: json_each on SQLite; arrays on PostgreSQL.
// SQLite prepares each shape once per connection; PostgreSQL plans each with its values.
import type { Sqlite } from './connection.ts';
import { boxAround, EARTH_RADIUS_KM, type GeoPoint } from './geo/sphere.ts';
import { preparedQuery } from './query/prepared-query.ts';
import { ID_BITS } from './search/analyzer.ts';
import { toFts5 } from './search/match.ts';
import { geoCover } from './search/terms.ts';
import { toTsquery } from './search/tsquery.ts';
import { cachedStatement as cached } from './statement-cache.ts';
import type { Store } from './store/store.ts';

type Dialect = Store['dialect'];
type Params = Record<string, unknown>;

/** A statement with named parameters run on either dialect: SQLite binds the names; PostgreSQL gets
 *  them as $1, $2… (each name once, converted once per text). */
async function allRows<R>(store: Store, text: string, params: Params): Promise<R[]> {
  if (store.dialect === 'sqlite') return cached(store.sqlite, text).all(params) as R[];
  const { sql, names } = positional(text);
  return (
    await store.query(
      sql,
      names.map((name) => params[name]),
    )
  ).rows as R[];
}

async function countOf(store: Store, text: string, params: Params): Promise<number> {
  if (store.dialect === 'sqlite') return cached(store.sqlite, text).pluck().get(params) as number;
  return (await allRows<{ n: number }>(store, text, params))[0]?.n ?? 0;
}

const positionalTexts = new Map<string, { sql: string; names: string[] }>();

function positional(text: string): { sql: string; names: string[] } {
  let done = positionalTexts.get(text);
  if (!done) {
    const names: string[] = [];
    const sql = text.replace(/@([A-Za-z_]\w*)/g, (_match, name: string) => {
      let index = names.indexOf(name);
      if (index < 0) index = names.push(name) - 1;
      return `$${index + 1}`;
    });
    done = { sql, names };
    // The shapes are few (one per combination of conditions); a bound keeps a mistake from growing it.
    if (positionalTexts.size > 2_000) positionalTexts.clear();
    positionalTexts.set(text, done);
  }
  return done;
}

export type DiscoverySort = 'relevance' | 'rating' | 'reviews' | 'distance';

export type { GeoPoint };

export interface DiscoveryConditions {
  /** FTS5 MATCH texts of disjoint search tiers, best first: the matches of any of them. */
  textTiers?: readonly string[];
  /** The same tiers as their words (null: none) and the condition all share (a place, a category;
   *  null: none), apart: a match belongs to the first tier whose words it holds, as textTiers'
   *  exclusions say. Read only by the filters in memory (decision 0042), which keep each part's
   *  matches: an exclusion costs the index a read of every earlier tier, and a tier with a broad
   *  place a read of the place's doclist (the United States: 770,000 rowids) at every query. */
  plainTiers?: {
    texts: readonly (string | null)[];
    filter: string | null;
    /** The words of every tier together (the broadest tier's), if known. */
    together?: string;
  };
  /** The matches of every tier together (the broadest tier, QueryPlan.every), in the same syntax:
   *  with it the filters in memory count from one read and read the tiers only as far as the page
   *  needs them. Read only there, like plainTiers. */
  tiersTogether?: string;
  cityKey?: string;
  category?: string;
  group?: string;
  /** Distances are measured from here (and `sort: 'distance'` orders by them). */
  origin?: GeoPoint;
  /** With origin: only businesses within this many km of it (by the R*Tree, then exactly). */
  radiusKm?: number;
  minRating?: number;
  verified?: boolean;
  /** Only businesses whose hours pattern is one of these (the patterns open now). */
  openPatterns?: readonly number[];
  excludeId?: number;
}

export interface DiscoveredId {
  id: number;
  /** Null without an origin, or for a business without coordinates. */
  distanceKm: number | null;
}

// Haversine on the row's own coordinates, in SQL (SQLite's math functions), so that ordering, the
// radius and the counts agree with the figure each business carries.
const DISTANCE = `(${2 * EARTH_RADIUS_KM} * asin(sqrt(
  pow(sin(radians(b.latitude - @lat) / 2), 2) +
  cos(radians(@lat)) * cos(radians(b.latitude)) * pow(sin(radians(b.longitude - @lng) / 2), 2))))`;

/** The same haversine on the R*Tree's own copy of the coordinates (the middle of its float32 box,
 *  within a metre of the row's): whether a business is within the radius is decided on it, so that
 *  the exact count needs no read of the businesses table (at 1M, 113,563 businesses within 10 km of
 *  a point in New York: counted in 35 ms instead of 420 ms). */
const SQLITE_GEO_DISTANCE = `(${2 * EARTH_RADIUS_KM} * asin(sqrt(
  pow(sin(radians((g.min_lat + g.max_lat) / 2 - @lat) / 2), 2) +
  cos(radians(@lat)) * cos(radians((g.min_lat + g.max_lat) / 2)) *
  pow(sin(radians((g.min_lng + g.max_lng) / 2 - @lng) / 2), 2))))`;

const SQLITE_BOX =
  'g.max_lat >= @minLat AND g.min_lat <= @maxLat AND g.max_lng >= @minLng AND g.min_lng <= @maxLng';

/** PostgreSQL decides the radius on the row's own coordinates (no float32 copy), found through the
 *  GiST index of their point (the expression must stay the index's, point(longitude, latitude)). */
const POSTGRES_BOX =
  'point(b.longitude, b.latitude) <@ box(point(@minLng, @minLat), point(@maxLng, @maxLat))';

/** Within the radius: on SQLite the R*Tree's copy `g` (joined by the caller), on PostgreSQL the row `b`. */
const WITHIN: Record<Dialect, string> = {
  sqlite: `${SQLITE_GEO_DISTANCE} <= @radiusKm`,
  postgres: `${POSTGRES_BOX} AND ${DISTANCE} <= @radiusKm`,
};
/** The distance a candidate is first ordered by (words near a point): the R*Tree's, or the row's. */
const NEAR_DISTANCE: Record<Dialect, string> = { sqlite: SQLITE_GEO_DISTANCE, postgres: DISTANCE };

/** Radii tried, smallest first, for a page nearest first: in a city the first page lies within a few
 *  hundred metres, and ordering those is cheap; ordering every business within 10 km is not. */
const NEAREST_RADII_KM = [0.2, 0.5, 1, 2, 5];

/** The parameters of a point (@lat, @lng) and, with a radius, of its circle's box and the radius. */
function nearParams(origin: GeoPoint, radiusKm?: number): Record<string, number> {
  const point = { lat: origin.lat, lng: origin.lng };
  return radiusKm === undefined ? point : { ...point, ...boxAround(origin, radiusKm), radiusKm };
}

/** The text tiers' matches as `f` (tier, rank_key, id), filling their parameters. Near a point, the
 *  words' matches are read in the cells around it only (the index's geographic terms, decision 0033):
 *  "bakery" within 10 km reads the bakeries of those cells, not the 20,000 everywhere. */
function textMatches(dialect: Dialect, conditions: DiscoveryConditions, params: Params): string {
  const cover =
    conditions.origin && conditions.radiusKm !== undefined
      ? geoCover(boxAround(conditions.origin, conditions.radiusKm))
      : null;
  const parts = (conditions.textTiers ?? []).map((text, k) => {
    if (dialect === 'sqlite') {
      params[`t${k}`] = cover ? `(${text}) AND (${toFts5(cover)})` : text;
      return `SELECT ${k} AS tier, rowid AS rank_key, rowid % ${ID_BITS} AS id FROM search_fts WHERE search_fts MATCH @t${k}`;
    }
    params[`t${k}`] = cover ? `(${text}) & (${toTsquery(cover)})` : text;
    return `SELECT ${k} AS tier, rowid AS rank_key, business_id AS id FROM search_documents WHERE terms @@ @t${k}::tsquery`;
  });
  return `(${parts.join(' UNION ALL ')}) f`;
}

/** Rows read past a page when ordering words near a point: the R*Tree's order can differ from the rows'
 *  only between businesses within a metre or two of each other. */
const NEAR_ORDER_MARGIN = 20;

/** Words near a point and no condition on the row itself: the matches within the radius, from the
 *  index and the R*Tree alone (the rows are read for the page's few only). */
export function wordsNearOnly(conditions: DiscoveryConditions): conditions is DiscoveryConditions & {
  origin: GeoPoint;
  radiusKm: number;
} {
  const { textTiers, plainTiers: _plain, tiersTogether: _together, origin, radiusKm, ...others } = conditions;
  return (
    Boolean(textTiers?.length) &&
    origin !== undefined &&
    radiusKm !== undefined &&
    Object.values(others).every((value) => value === undefined || value === false)
  );
}

/** FROM … WHERE of the matches of words within the radius: on SQLite, on the R*Tree's coordinates
 *  alone (no business row read); on PostgreSQL, on the row's. */
function wordsNear(
  dialect: Dialect,
  conditions: DiscoveryConditions & { origin: GeoPoint; radiusKm: number },
) {
  const params: Params = nearParams(conditions.origin, conditions.radiusKm);
  const matches = textMatches(dialect, conditions, params);
  const body =
    dialect === 'sqlite'
      ? `FROM ${matches} JOIN business_geo g ON g.id = f.id AND ${SQLITE_BOX} WHERE ${WITHIN.sqlite}`
      : `FROM ${matches} JOIN businesses b ON b.id = f.id WHERE ${WITHIN.postgres}`;
  return { body, params };
}

function shape(dialect: Dialect, conditions: DiscoveryConditions, sort: DiscoverySort) {
  const params: Params = {};
  const where: string[] = [];
  let from = 'businesses b';
  const tiers = conditions.textTiers;
  if (tiers && tiers.length > 0)
    from = `${textMatches(dialect, conditions, params)} JOIN businesses b ON b.id = f.id`;
  const origin = conditions.origin;
  if (origin) Object.assign(params, nearParams(origin, conditions.radiusKm));
  if (origin && conditions.radiusKm !== undefined && dialect === 'sqlite') {
    // The R*Tree leads when there is no text; after the text's matches otherwise (either is a
    // bounded set; the planner probes the other). CROSS JOIN holds SQLite to that order: with a plain
    // JOIN and a category group, it led with the group's index and probed the tree once per business
    // of the group — the Nearby list of a detail page took 123 ms instead of 28 on 1M businesses
    // (Home Services), and longer for Restaurants' 317,000.
    const geo = `business_geo g`;
    from = tiers?.length
      ? `${from} JOIN ${geo} ON g.id = b.id AND ${SQLITE_BOX}`
      : `${geo} CROSS JOIN businesses b ON b.id = g.id AND ${SQLITE_BOX}`;
    where.push(WITHIN.sqlite);
  } else if (origin && conditions.radiusKm !== undefined) {
    where.push(WITHIN.postgres);
  }
  if (conditions.cityKey !== undefined) {
    params.cityKey = conditions.cityKey;
    where.push('b.city_key = @cityKey');
  }
  if (conditions.category !== undefined) {
    params.category = conditions.category;
    where.push('b.category = @category');
  }
  if (conditions.group !== undefined) {
    params.group = conditions.group;
    where.push('b.category_group = @group');
  }
  if (conditions.minRating !== undefined) {
    params.minRating = conditions.minRating;
    where.push('b.rating >= @minRating');
  }
  if (conditions.verified) where.push('b.is_verified = 1');
  if (conditions.openPatterns) {
    // Correlated on purpose: one primary-key probe per candidate row, never a set of every open business.
    if (dialect === 'sqlite') {
      params.open = JSON.stringify(conditions.openPatterns);
      where.push(
        '(SELECT h.pattern_id FROM business_hours h WHERE h.business_id = b.id) IN (SELECT value FROM json_each(@open))',
      );
    } else {
      params.open = conditions.openPatterns;
      where.push(
        '(SELECT h.pattern_id FROM business_hours h WHERE h.business_id = b.id) = ANY(@open::bigint[])',
      );
    }
  }
  if (conditions.excludeId !== undefined) {
    params.excludeId = conditions.excludeId;
    where.push('b.id <> @excludeId');
  }
  const rank = tiers?.length ? 'f.tier, f.rank_key' : 'b.rank_score DESC, b.id';
  // PostgreSQL orders by an output column's name alone, never inside an expression.
  const distanceKm = dialect === 'sqlite' ? 'distance_km' : DISTANCE;
  const order =
    sort === 'rating'
      ? `b.rating DESC, b.review_count DESC, ${rank}`
      : sort === 'reviews'
        ? `b.review_count DESC, b.rating DESC, ${rank}`
        : sort === 'distance' && origin
          ? `${distanceKm} IS NULL, ${distanceKm}, ${rank}`
          : rank;
  const body = `FROM ${from}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
  return { body, order, params, distance: origin ? DISTANCE : 'NULL' };
}

/** A page of the businesses meeting the conditions, in the order asked. Nearest first within a
 *  radius, the smaller radii are tried first: when one holds a whole page, no business outside it can
 *  be nearer than the page's, so that page is the answer. */
export async function findDiscoveredIds(
  store: Store,
  conditions: DiscoveryConditions,
  sort: DiscoverySort,
  page: { limit: number; offset: number },
): Promise<DiscoveredId[]> {
  const radius = conditions.radiusKm;
  // Only where the geographic index leads: with search words their matches lead, and each radius
  // would read them all again.
  const treeLeads = !conditions.textTiers?.length;
  if (sort === 'distance' && conditions.origin && radius !== undefined && treeLeads) {
    for (const smaller of NEAREST_RADII_KM) {
      if (smaller >= radius) break;
      const found = await pageOf(store, { ...conditions, radiusKm: smaller }, sort, page);
      if (found.length === page.limit) return found;
    }
  }
  return pageOf(store, conditions, sort, page);
}

async function pageOf(
  store: Store,
  conditions: DiscoveryConditions,
  sort: DiscoverySort,
  page: { limit: number; offset: number },
): Promise<DiscoveredId[]> {
  const { body, order, params, distance } = shape(store.dialect, conditions, sort);
  const rows = await allRows<{ id: number; distance_km: number | null }>(
    store,
    `SELECT b.id AS id, ${distance} AS distance_km ${body} ORDER BY ${order} LIMIT @limit OFFSET @offset`,
    { ...params, limit: page.limit, offset: page.offset },
  );
  return rows.map((row) => ({ id: row.id, distanceKm: row.distance_km }));
}

/**
 * Words near a point and nothing else, nearest first, with their exact count, from one read of the
 * candidates within the radius (the count and the page would each read them). On SQLite they are
 * ordered on the R*Tree's coordinates (float32, within a metre of the row's); the first ones, with a
 * margin, are then ordered again on the row's own, so that the list is nearest first by the distance
 * each business shows (PostgreSQL reads the row's at once). Undefined for any other conditions.
 */
export async function findWordsNearPage(
  store: Store,
  conditions: DiscoveryConditions,
  page: { limit: number; offset: number },
): Promise<{ total: number; found: DiscoveredId[] } | undefined> {
  if (!wordsNearOnly(conditions)) return undefined;
  const near = wordsNear(store.dialect, conditions);
  const candidates = await allRows<{ id: number; tier: number; rank_key: number; near_km: number }>(
    store,
    `SELECT f.id, f.tier, f.rank_key, ${NEAR_DISTANCE[store.dialect]} AS near_km ${near.body}`,
    near.params,
  );
  const byRank = (a: { tier: number; rankKey: number }, b: { tier: number; rankKey: number }) =>
    a.tier - b.tier || a.rankKey - b.rankKey;
  const window = candidates
    .map((row) => ({ id: row.id, tier: row.tier, rankKey: row.rank_key, km: row.near_km }))
    .sort((a, b) => a.km - b.km || byRank(a, b))
    .slice(0, page.offset + page.limit + NEAR_ORDER_MARGIN);
  if (store.dialect === 'sqlite') {
    const exact = new Map(
      cached(
        store.sqlite,
        `SELECT b.id, ${DISTANCE} FROM json_each(@ids) j CROSS JOIN businesses b ON b.id = j.value`,
      )
        .raw()
        .all({ ids: JSON.stringify(window.map((c) => c.id)), ...nearParams(conditions.origin) }) as [
        number,
        number,
      ][],
    );
    for (const candidate of window) candidate.km = exact.get(candidate.id) ?? candidate.km;
    window.sort((a, b) => a.km - b.km || byRank(a, b));
  }
  const found = window
    .slice(page.offset, page.offset + page.limit)
    .map((c) => ({ id: c.id, distanceKm: c.km }));
  return { total: candidates.length, found };
}

type TextCandidate = [
  id: number,
  distanceKm: number | null,
  tier: number,
  rankKey: number,
  rating: number,
  reviews: number,
];

const byRelevance = (a: TextCandidate, b: TextCandidate) => a[2] - b[2] || a[3] - b[3];
const CANDIDATE_ORDER: Record<DiscoverySort, (a: TextCandidate, b: TextCandidate) => number> = {
  relevance: byRelevance,
  rating: (a, b) => b[4] - a[4] || b[5] - a[5] || byRelevance(a, b),
  reviews: (a, b) => b[5] - a[5] || b[4] - a[4] || byRelevance(a, b),
  distance: (a, b) =>
    (a[1] === null ? 1 : 0) - (b[1] === null ? 1 : 0) || (a[1] ?? 0) - (b[1] ?? 0) || byRelevance(a, b),
};

/**
 * Search words with filters: the count and a page from one read of the matches meeting the filters
 * (each match is joined to its row for the rating, the hours, the distance: the count and the page
 * would each do that for every match), ordered here. Undefined without search words, or for a page
 * deep enough that ordering every match here would cost more than the database's sort.
 */
export async function findTextPage(
  store: Store,
  conditions: DiscoveryConditions,
  sort: DiscoverySort,
  page: { limit: number; offset: number },
): Promise<{ total: number; found: DiscoveredId[] } | undefined> {
  if (!conditions.textTiers?.length || page.offset + page.limit > TEXT_PAGE_DEPTH) return undefined;
  const { body, params, distance } = shape(store.dialect, conditions, sort);
  const text = `SELECT b.id, ${distance} AS distance_km, f.tier, f.rank_key, b.rating, b.review_count ${body}`;
  const candidates: TextCandidate[] =
    store.dialect === 'sqlite'
      ? (cached(store.sqlite, text).raw().all(params) as TextCandidate[])
      : (
          await allRows<{
            id: number;
            distance_km: number | null;
            tier: number;
            rank_key: number;
            rating: number;
            review_count: number;
          }>(store, text, params)
        ).map((row) => [row.id, row.distance_km, row.tier, row.rank_key, row.rating, row.review_count]);
  const order = CANDIDATE_ORDER[sort === 'distance' && !conditions.origin ? 'relevance' : sort];
  const found = candidates
    .sort(order)
    .slice(page.offset, page.offset + page.limit)
    .map(([id, distanceKm]) => ({ id, distanceKm }));
  return { total: candidates.length, found };
}

/** The ids of every business a text in the index's own syntax (an FTS5 MATCH, a tsquery) matches, in
 *  the index's order (rank, then id). Each id is its rowid's low part (`% ID_BITS`), taken by the
 *  database: below 2^31 it reaches JavaScript as a small integer, where a whole rowid (above 2^31) is
 *  a number allocated per row, and kept it takes 4 bytes, not 8. On SQLite the ids come as one JSON
 *  array (json_group_array, fed in FTS5's rowid order), parsed at once: a row at a time through
 *  better-sqlite3 cost 1.5–1.7 times as long (restaurant's 235,355 matches at 1M: 38 ms, 23 as JSON;
 *  FTS5's own walk 9 ms of either). */
export async function readMatchIds(store: Store, text: string): Promise<Uint32Array> {
  if (store.dialect === 'sqlite') {
    const ids = cached(
      store.sqlite,
      `SELECT json_group_array(rowid % ${ID_BITS}) FROM search_fts WHERE search_fts MATCH ?`,
    )
      .pluck()
      .get(text) as string;
    return Uint32Array.from(JSON.parse(ids) as number[]);
  }
  const { rows } = await store.query<{ id: number }>(
    `SELECT (rowid % ${ID_BITS})::int AS id FROM search_documents WHERE terms @@ $1::tsquery ORDER BY rowid`,
    [text],
  );
  return Uint32Array.from(rows, (row) => row.id);
}

/** Pages of search words with filters up to this depth are ordered from one read (findTextPage). */
export const TEXT_PAGE_DEPTH = 500;

/** SQLite's plan for a page of these conditions, one step a line (for the tests that hold the
 *  R*Tree to leading). */
export function discoveryPlan(
  sqlite: Sqlite,
  conditions: DiscoveryConditions,
  sort: DiscoverySort,
): string[] {
  const { body, order, params, distance } = shape('sqlite', conditions, sort);
  const rows = sqlite
    .prepare(`EXPLAIN QUERY PLAN SELECT b.id, ${distance} AS distance_km ${body} ORDER BY ${order} LIMIT 6`)
    .all(params) as { detail: string }[];
  return rows.map((row) => row.detail);
}

/** How many businesses meet the conditions (exactly). */
export async function countDiscovered(store: Store, conditions: DiscoveryConditions): Promise<number> {
  const { origin, radiusKm } = conditions;
  if (origin && radiusKm !== undefined && onlyNear(conditions)) {
    // Near a point and nothing else: counted on the geographic index alone (SQLite's R*Tree).
    const from =
      store.dialect === 'sqlite'
        ? `business_geo g WHERE ${SQLITE_BOX} AND ${WITHIN.sqlite}`
        : `businesses b WHERE ${WITHIN.postgres}`;
    return countOf(store, `SELECT COUNT(*) AS n FROM ${from}`, nearParams(origin, radiusKm));
  }
  if (wordsNearOnly(conditions)) {
    // Words near a point: on SQLite counted on the index and the R*Tree, without reading a business row.
    const near = wordsNear(store.dialect, conditions);
    return countOf(store, `SELECT COUNT(*) AS n ${near.body}`, near.params);
  }
  const { body, params } = shape(store.dialect, conditions, 'relevance');
  return countOf(store, `SELECT COUNT(*) AS n ${body}`, params);
}

export interface HoursPatternRow {
  id: number;
  hours: string;
  time_zone: string;
}

const hoursPatternsQuery = preparedQuery('discovery_hours_patterns', (db) =>
  db.selectFrom('hours_patterns').select(['id', 'hours', 'time_zone']).orderBy('id'),
);

/** Every distinct (weekly hours, time zone) pair a business has, with the pair's id. */
export function readHoursPatterns(store: Store): Promise<HoursPatternRow[]> {
  return store.all(hoursPatternsQuery, {});
}

/**
 * The mean coordinates of the businesses a search condition matches (a place's centre); the text is
 * in the store's own syntax (an FTS5 MATCH, a tsquery). Rounded to 1e-9° (0.1 mm): the two
 * databases sum in their own order and way (SQLite compensates, PostgreSQL does not), and differ in
 * the last bits; the centre is shown in answers, which must not.
 */
export async function centreOfMatches(store: Store, match: string): Promise<GeoPoint | null> {
  const matches =
    store.dialect === 'sqlite'
      ? `SELECT rowid % ${ID_BITS} AS id FROM search_fts WHERE search_fts MATCH @match`
      : 'SELECT business_id AS id FROM search_documents WHERE terms @@ @match::tsquery';
  const [row] = await allRows<{ lat: number | null; lng: number | null; n: number }>(
    store,
    `SELECT AVG(b.latitude) AS lat, AVG(b.longitude) AS lng, COUNT(b.latitude) AS n
     FROM (${matches}) f
     JOIN businesses b ON b.id = f.id WHERE b.latitude IS NOT NULL AND b.longitude IS NOT NULL`,
    { match },
  );
  if (!row || row.n === 0 || row.lat === null || row.lng === null) return null;
  const round = (degrees: number) => Math.round(degrees * 1e9) / 1e9;
  return { lat: round(row.lat), lng: round(row.lng) };
}

/** True when the conditions are a point and a radius only (no text, place, rating or other filter). */
export function onlyNear(conditions: DiscoveryConditions): boolean {
  const { origin: _o, radiusKm: _r, ...others } = conditions;
  return Object.values(others).every((value) => value === undefined);
}
