// Discovery (decision 0026): the filters and sorting of the public lists — near a point, open now in
// each business's own time zone, a minimum rating, verified, a category refinement — with exact counts.
// "Open now" is decided per distinct (weekly hours, time zone) pattern, not per business: a million
// businesses share a few patterns, so the open ones are computed here once a minute and the database
// keeps the businesses whose pattern is one of them (an indexed probe per candidate row).
import { findBusinessById, findBusinessesByIds } from '../../../db/business-repository.ts';
import { DataVersionMaps } from '../../../db/data-version-maps.ts';
import {
  countDiscovered,
  type DiscoveredId,
  type DiscoveryConditions,
  type DiscoverySort,
  findDiscoveredIds,
  findTextPage,
  findWordsNearPage,
  type GeoPoint,
  onlyNear,
  readHoursPatterns,
  wordsNearOnly,
} from '../../../db/discovery-repository.ts';
import { searchRowid } from '../../../db/search/analyzer.ts';
import type { Store } from '../../../db/store/store.ts';
import type { Business } from '../../contract/business.ts';
import type { WeeklyHours } from '../../contract/hours.ts';
import { isOpenAt } from '../../contract/open-now.ts';
import { businessesAsJson, type JsonPieces, roundKm } from './business-json.ts';
import { businessFactsOf, filteredTextPage } from './filtered-text.ts';
import { matchSetOf } from './match-sets.ts';
import { pointGridOf } from './point-grids.ts';
import { toBusiness } from './to-business.ts';

export type { DiscoverySort, GeoPoint };

/** What a visitor may ask of a list beyond its page (query parameters, validated by the HTTP layer). */
export interface DiscoveryFilters {
  /** A point (lat/lng): distances are measured from it and the list is limited to radiusKm. */
  point?: GeoPoint;
  radiusKm?: number;
  sort?: DiscoverySort;
  openNow?: boolean;
  minRating?: number;
  verified?: boolean;
}

/** The radius when a point is given without one (km). */
export const DEFAULT_RADIUS_KM = 10;

/** A request the filters cannot answer (sort=distance without a point or a place's centre). */
export class DiscoveryInputError extends Error {
  readonly status = 400;
  readonly code = 'invalid_parameter';
}

/** True when the list is not the plain, relevance-ordered one the other readers serve. */
export function hasDiscoveryFilters(filters: DiscoveryFilters | undefined): filters is DiscoveryFilters {
  return Boolean(
    filters &&
      (filters.point ||
        filters.openNow ||
        filters.minRating !== undefined ||
        filters.verified ||
        (filters.sort && filters.sort !== 'relevance')),
  );
}

// ---- open now ----------------------------------------------------------------------------------

interface Pattern {
  id: number;
  hours: WeeklyHours | null;
  timeZone: string | null;
}

interface OpenSet {
  minute: number;
  ids: number[];
  /** Same value for as long as the set stays the same (a key for cached counts). */
  key: string;
}

const patternsByVersion = new DataVersionMaps<Pattern[]>();
const openSets = new DataVersionMaps<OpenSet>();
let openSetGeneration = 0;

async function patternsOf(store: Store): Promise<Pattern[]> {
  const map = patternsByVersion.current(store);
  let patterns = map.get('all');
  if (!patterns) {
    patterns = (await readHoursPatterns(store)).map((row) => {
      let hours: WeeklyHours | null = null;
      try {
        hours = JSON.parse(row.hours) as WeeklyHours | null;
      } catch {
        hours = null; // a damaged value reads as no hours, as on the business itself
      }
      return { id: row.id, hours, timeZone: row.time_zone || null };
    });
    map.set('all', patterns);
  }
  return patterns;
}

/** The ids of the hours patterns open at `now` (each in its own zone), computed once a minute. */
export async function openPatternIds(store: Store, now: Date): Promise<OpenSet> {
  const minute = Math.floor(now.getTime() / 60_000);
  const map = openSets.current(store);
  const previous = map.get('open');
  if (previous && previous.minute === minute) return previous;
  const ids = (await patternsOf(store))
    .filter((pattern) => isOpenAt(pattern.hours, pattern.timeZone, now))
    .map((pattern) => pattern.id);
  const same = previous && previous.ids.length === ids.length && previous.ids.every((id, i) => id === ids[i]);
  const set = { minute, ids, key: same ? previous.key : `o${++openSetGeneration}` };
  map.set('open', set);
  return set;
}

// ---- lists -------------------------------------------------------------------------------------

/** Counts kept per connection and data version (and open set): paging never counts again. */
const counts = new DataVersionMaps<number>();
const COUNTS_LIMIT = 5_000;

/** The conditions of a filtered list, beyond its own (a city, a category, search tiers). */
export async function conditionsOf(
  store: Store,
  base: DiscoveryConditions,
  filters: DiscoveryFilters,
  now: Date,
  centre?: GeoPoint,
): Promise<{ conditions: DiscoveryConditions; countKey: string }> {
  const conditions: DiscoveryConditions = { ...base };
  const parts: unknown[] = [base];
  if (filters.point) {
    conditions.origin = filters.point;
    conditions.radiusKm = filters.radiusKm ?? DEFAULT_RADIUS_KM;
  } else if (centre) conditions.origin = centre; // a place's centre orders; the place itself limits
  if (filters.minRating !== undefined) conditions.minRating = filters.minRating;
  if (filters.verified) conditions.verified = true;
  if (filters.openNow) {
    const open = await openPatternIds(store, now);
    conditions.openPatterns = open.ids;
    parts.push(open.key);
  }
  parts.push(conditions.radiusKm, conditions.minRating, conditions.verified, filters.point);
  if (filters.sort === 'distance' && !conditions.origin)
    throw new DiscoveryInputError('sort=distance needs lat and lng (or a place with a known centre)');
  return { conditions, countKey: JSON.stringify(parts) };
}

/** One page of a filtered list, with its exact total. */
export async function discoverPage(
  store: Store,
  conditions: DiscoveryConditions,
  countKey: string,
  sort: DiscoverySort,
  page: { limit: number; offset: number },
): Promise<{ businesses: Business[]; total: number }> {
  const { found, total } = await discoverIds(store, conditions, countKey, sort, page);
  return { businesses: await withDistances(store, found), total };
}

/** discoverPage's page as the JSON texts of its businesses (./business-json.ts), for an answer sent
 *  as JSON. */
export async function discoverPageJson(
  store: Store,
  conditions: DiscoveryConditions,
  countKey: string,
  sort: DiscoverySort,
  page: { limit: number; offset: number },
  now?: Date,
): Promise<{ json: JsonPieces[]; total: number }> {
  const { found, total } = await discoverIds(store, conditions, countKey, sort, page);
  return {
    json: await businessesAsJson(store, found, (list) => withDistances(store, list, now), now),
    total,
  };
}

/** The ids (and distances) of one page of a filtered list, with its exact total. */
async function discoverIds(
  store: Store,
  conditions: DiscoveryConditions,
  countKey: string,
  sort: DiscoverySort,
  page: { limit: number; offset: number },
): Promise<{ found: DiscoveredId[]; total: number }> {
  // In memory when it can: a point alone, words near a point, words with filters (0040, 0042).
  const inMemory =
    (await nearPointPage(store, conditions, sort, page)) ??
    (sort === 'distance' ? await wordsNearOnGrid(store, conditions, page) : undefined) ??
    (await filteredTextPage(store, conditions, sort, page));
  if (inMemory) return inMemory;
  const map = counts.current(store);
  let total = map.get(countKey);
  if (total === undefined) {
    // Search words (near a point, or with filters): the count and the page from one read.
    const both =
      (sort === 'distance' ? await findWordsNearPage(store, conditions, page) : undefined) ??
      (await findTextPage(store, conditions, sort, page));
    total = both?.total ?? (await countDiscovered(store, conditions));
    DataVersionMaps.keep(map, countKey, total, COUNTS_LIMIT);
    if (both) return { found: both.found, total };
  }
  const found = page.offset < total ? await findDiscoveredIds(store, conditions, sort, page) : [];
  return { found, total };
}

/** A point and a radius and nothing else: counted, and (nearest first or best first) listed, on the
 *  grid of coordinates in memory (decision 0040). Undefined for other conditions, another order, or
 *  while the grid is being read. */
async function nearPointPage(
  store: Store,
  conditions: DiscoveryConditions,
  sort: DiscoverySort,
  page: { limit: number; offset: number },
): Promise<{ total: number; found: DiscoveredId[] } | undefined> {
  const { origin, radiusKm } = conditions;
  if (!origin || radiusKm === undefined || !onlyNear(conditions)) return undefined;
  const grid = await pointGridOf(store);
  if (!grid) return undefined;
  const total = grid.countWithin(origin.lat, origin.lng, radiusKm);
  if (page.offset >= total) return { total, found: [] };
  if (sort === 'distance')
    return { total, found: grid.nearest(origin.lat, origin.lng, radiusKm, page.limit, page.offset) };
  if (sort === 'relevance')
    return { total, found: grid.bestRanked(origin.lat, origin.lng, radiusKm, page.limit, page.offset) };
  // By rating or by reviews, from the filters' facts in memory (decision 0042) when they are read:
  // the SQL orders every business of the circle (~500 ms for 10 km in Manhattan).
  const facts = await businessFactsOf(store);
  if (facts) {
    // An id the facts do not hold yet (a snapshot of another moment) sorts last, as no rating.
    const rating = (id: number) => facts.rating(id) ?? -1;
    const reviews = (id: number) => facts.reviewCount(id) ?? -1;
    const [first, second] = sort === 'rating' ? [rating, reviews] : [reviews, rating];
    const found = grid.bestBy(origin.lat, origin.lng, radiusKm, page.limit, page.offset, first, second);
    return { total, found };
  }
  return { total, found: await findDiscoveredIds(store, conditions, sort, page) };
}

/** Search words near a point and nothing else, nearest first: on the grid of coordinates, walking the
 *  businesses around the point and keeping the words' matches (a bitmap read once per text and data
 *  version, ./match-sets.ts); equal distances in the search index's own order (its rowid). Undefined
 *  without a grid yet (the search index and the R*Tree or GiST index answer). */
async function wordsNearOnGrid(
  store: Store,
  conditions: DiscoveryConditions,
  page: { limit: number; offset: number },
): Promise<{ total: number; found: DiscoveredId[] } | undefined> {
  if (!wordsNearOnly(conditions)) return undefined;
  const tiers = conditions.textTiers ?? [];
  const grid = tiers.length === 1 ? await pointGridOf(store) : undefined;
  if (!grid) return undefined;
  // The words' matches as the grid's own set of positions (kept with the matches): the runs of
  // cells inside the circle are counted at once rather than tested point by point.
  const matches = await matchSetOf(store, tiers[0]!);
  const only = grid.membersOf(matches);
  const { lat, lng } = conditions.origin;
  const total = grid.countWithin(lat, lng, conditions.radiusKm, only);
  const found =
    page.offset < total
      ? grid.nearest(lat, lng, conditions.radiusKm, page.limit, page.offset, { only, tie: searchRowid })
      : [];
  return { total, found };
}

/** The businesses found, in their order, each with its distance (one read of the rows on PostgreSQL). */
async function withDistances(
  store: Store,
  found: readonly { id: number; distanceKm: number | null }[],
  now = new Date(),
): Promise<Business[]> {
  const distances = new Map(found.map(({ id, distanceKm }) => [id, distanceKm]));
  return (await findBusinessesByIds(store, [...distances.keys()])).map((row) => {
    const business = toBusiness(row, now);
    const distanceKm = distances.get(row.id);
    if (distanceKm !== null && distanceKm !== undefined) business.distanceKm = roundKm(distanceKm);
    return business;
  });
}

// ---- nearby ------------------------------------------------------------------------------------

export const NEARBY_COUNT = 6;
export const NEARBY_RADIUS_KM = 5;

/** Up to six businesses of the same category group near a business: nearest first within 5 km, or
 *  (without coordinates) the best-ranked in its city. Never the business itself. */
export async function nearbyBusinesses(store: Store, id: number): Promise<Business[] | undefined> {
  const row = await findBusinessById(store, id);
  if (!row) return undefined;
  const base: DiscoveryConditions = { group: row.category_group, excludeId: row.id };
  const hasPoint = row.latitude !== null && row.longitude !== null;
  const conditions: DiscoveryConditions = hasPoint
    ? { ...base, origin: { lat: row.latitude!, lng: row.longitude! }, radiusKm: NEARBY_RADIUS_KM }
    : { ...base, cityKey: row.city_key };
  const found = await findDiscoveredIds(store, conditions, hasPoint ? 'distance' : 'relevance', {
    limit: NEARBY_COUNT,
    offset: 0,
  });
  return withDistances(store, found);
}
