// Discovery (decision 0026): the filters and sorting of the public lists — near a point, open now in
// each business's own time zone, a minimum rating, verified, a category refinement — with exact counts.
// "Open now" is decided per distinct (weekly hours, time zone) pattern, not per business: a million
// businesses share a few patterns, so the open ones are computed here once a minute and the database
// keeps the businesses whose pattern is one of them (an indexed probe per candidate row).
import type { Sqlite } from '../../../db/connection.ts';
import { DataVersionMaps } from '../../../db/data-version-maps.ts';
import {
  countDiscovered,
  type DiscoveryConditions,
  type DiscoverySort,
  findDiscoveredIds,
  findTextPage,
  findWordsNearPage,
  type GeoPoint,
  readHoursPatterns,
} from '../../../db/discovery-repository.ts';
import { findBusinessById } from '../../../db/business-repository.ts';
import type { Business } from '../../contract/business.ts';
import type { WeeklyHours } from '../../contract/hours.ts';
import { isOpenAt } from '../../contract/open-now.ts';
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

function patternsOf(sqlite: Sqlite): Pattern[] {
  const map = patternsByVersion.current(sqlite);
  let patterns = map.get('all');
  if (!patterns) {
    patterns = readHoursPatterns(sqlite).map((row) => {
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
export function openPatternIds(sqlite: Sqlite, now: Date): OpenSet {
  const minute = Math.floor(now.getTime() / 60_000);
  const map = openSets.current(sqlite);
  const previous = map.get('open');
  if (previous && previous.minute === minute) return previous;
  const ids = patternsOf(sqlite)
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

export function haversineKm(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

const roundKm = (km: number) => Math.round(km * 100) / 100;

/** The conditions of a filtered list, beyond its own (a city, a category, search tiers). */
export function conditionsOf(
  sqlite: Sqlite,
  base: DiscoveryConditions,
  filters: DiscoveryFilters,
  now: Date,
  centre?: GeoPoint,
): { conditions: DiscoveryConditions; countKey: string } {
  const conditions: DiscoveryConditions = { ...base };
  const parts: unknown[] = [base];
  if (filters.point) {
    conditions.origin = filters.point;
    conditions.radiusKm = filters.radiusKm ?? DEFAULT_RADIUS_KM;
  } else if (centre) conditions.origin = centre; // a place's centre orders; the place itself limits
  if (filters.minRating !== undefined) conditions.minRating = filters.minRating;
  if (filters.verified) conditions.verified = true;
  if (filters.openNow) {
    const open = openPatternIds(sqlite, now);
    conditions.openPatterns = open.ids;
    parts.push(open.key);
  }
  parts.push(conditions.radiusKm, conditions.minRating, conditions.verified, filters.point);
  if (filters.sort === 'distance' && !conditions.origin)
    throw new DiscoveryInputError('sort=distance needs lat and lng (or a place with a known centre)');
  return { conditions, countKey: JSON.stringify(parts) };
}

/** One page of a filtered list, with its exact total. */
export function discoverPage(
  sqlite: Sqlite,
  conditions: DiscoveryConditions,
  countKey: string,
  sort: DiscoverySort,
  page: { limit: number; offset: number },
): { businesses: Business[]; total: number } {
  const map = counts.current(sqlite);
  let total = map.get(countKey);
  if (total === undefined) {
    // Search words (near a point, or with filters): the count and the page from one read.
    const both =
      (sort === 'distance' ? findWordsNearPage(sqlite, conditions, page) : undefined) ??
      findTextPage(sqlite, conditions, sort, page);
    total = both?.total ?? countDiscovered(sqlite, conditions);
    DataVersionMaps.keep(map, countKey, total, COUNTS_LIMIT);
    if (both) return { businesses: withDistances(sqlite, both.found), total };
  }
  const found = page.offset < total ? findDiscoveredIds(sqlite, conditions, sort, page) : [];
  return { businesses: withDistances(sqlite, found), total };
}

function withDistances(sqlite: Sqlite, found: { id: number; distanceKm: number | null }[]): Business[] {
  const now = new Date();
  const businesses: Business[] = [];
  for (const { id, distanceKm } of found) {
    const row = findBusinessById(sqlite, id);
    if (!row) continue;
    const business = toBusiness(row, now);
    if (distanceKm !== null) business.distanceKm = roundKm(distanceKm);
    businesses.push(business);
  }
  return businesses;
}

// ---- nearby ------------------------------------------------------------------------------------

export const NEARBY_COUNT = 6;
export const NEARBY_RADIUS_KM = 5;

/** Up to six businesses of the same category group near a business: nearest first within 5 km, or
 *  (without coordinates) the best-ranked in its city. Never the business itself. */
export function nearbyBusinesses(sqlite: Sqlite, id: number): Business[] | undefined {
  const row = findBusinessById(sqlite, id);
  if (!row) return undefined;
  const base: DiscoveryConditions = { group: row.category_group, excludeId: row.id };
  const hasPoint = row.latitude !== null && row.longitude !== null;
  const conditions: DiscoveryConditions = hasPoint
    ? { ...base, origin: { lat: row.latitude!, lng: row.longitude! }, radiusKm: NEARBY_RADIUS_KM }
    : { ...base, cityKey: row.city_key };
  const found = findDiscoveredIds(sqlite, conditions, hasPoint ? 'distance' : 'relevance', {
    limit: NEARBY_COUNT,
    offset: 0,
  });
  return withDistances(sqlite, found);
}
