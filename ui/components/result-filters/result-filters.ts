// The filters and sort order of a result list (search, browse, city, category pages), kept in the
// page's URL (?openNow=true&minRating=4&verified=true&sort=rating&lat=&lng=&radiusKm=) so that every
// filtered view is a plain link. Read the same way by the server's loader and the browser; a value the
// API would refuse (issue 16's contract) is dropped, so no link the page makes carries it.
import type { ResultFilterParams, SortOrder } from '../../api/directory-api.ts';
import { listOutcome } from '../pagination/page-number.ts';

export const MIN_RATINGS = [3.5, 4, 4.5] as const;
export type MinRating = (typeof MIN_RATINGS)[number];
export const SORT_ORDERS: readonly SortOrder[] = ['relevance', 'rating', 'reviews', 'distance'];
/** The API's largest radius (km); its default is 10. */
export const MAX_RADIUS_KM = 100;
/** Decimals kept of a position: 3 is about 100 m, enough to sort by distance, no more precise. */
export const POINT_DECIMALS = 3;

export interface ResultFilters {
  openNow: boolean;
  minRating: MinRating | null;
  verified: boolean;
  /** null: the default order (relevance). */
  sort: SortOrder | null;
  /** A point (both or neither), rounded to POINT_DECIMALS. */
  point: { lat: number; lng: number } | null;
  radiusKm: number | null;
}

export const NO_FILTERS: ResultFilters = {
  openNow: false,
  minRating: null,
  verified: false,
  sort: null,
  point: null,
  radiusKm: null,
};

export function roundCoordinate(value: number): number {
  const factor = 10 ** POINT_DECIMALS;
  // + 0 turns -0 into 0, so that a rounded point has one spelling.
  return Math.round(value * factor) / factor + 0;
}

const DECIMAL = /^-?\d{1,3}(\.\d{1,12})?$/;

function coordinate(value: string | null, limit: number): number | null {
  if (value === null || !DECIMAL.test(value)) return null;
  const n = Number(value);
  return Math.abs(n) <= limit ? roundCoordinate(n) : null;
}

/**
 * The filters of a page's URL. `distanceWithoutPoint`: the page knows a place with a centre (a search
 * with a location), so sort=distance stands without lat/lng; elsewhere it is dropped without a point.
 */
export function readResultFilters(params: URLSearchParams, distanceWithoutPoint = false): ResultFilters {
  const rating = Number(params.get('minRating') ?? 'x');
  const lat = coordinate(params.get('lat'), 90);
  const lng = coordinate(params.get('lng'), 180);
  const point = lat !== null && lng !== null ? { lat, lng } : null;
  const radiusText = params.get('radiusKm') ?? '';
  const radius = /^\d{1,3}(\.\d{1,3})?$/.test(radiusText) ? Number(radiusText) : 0;
  const sortText = params.get('sort');
  const sort = SORT_ORDERS.find((order) => order === sortText) ?? null;
  return {
    openNow: params.get('openNow') === 'true',
    minRating: MIN_RATINGS.find((r) => r === rating) ?? null,
    verified: params.get('verified') === 'true',
    // Relevance is the default: left out of links, so that the plain list has one URL.
    sort: sort === 'relevance' || (sort === 'distance' && !point && !distanceWithoutPoint) ? null : sort,
    point,
    radiusKm: point && radius > 0 && radius <= MAX_RADIUS_KM ? radius : null,
  };
}

/** The filters as query parameters, in a fixed order, defaults left out. */
export function resultFilterParams(filters: ResultFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.openNow) params.openNow = 'true';
  if (filters.minRating !== null) params.minRating = String(filters.minRating);
  if (filters.verified) params.verified = 'true';
  if (filters.sort) params.sort = filters.sort;
  if (filters.point) {
    params.lat = String(filters.point.lat);
    params.lng = String(filters.point.lng);
    if (filters.radiusKm !== null) params.radiusKm = String(filters.radiusKm);
  }
  return params;
}

/** What the API is asked (the same values as the URL; undefined for defaults). */
export function apiFilterParams(filters: ResultFilters): ResultFilterParams {
  return {
    openNow: filters.openNow || undefined,
    minRating: filters.minRating ?? undefined,
    verified: filters.verified || undefined,
    sort: filters.sort ?? undefined,
    lat: filters.point?.lat,
    lng: filters.point?.lng,
    radiusKm: filters.radiusKm ?? undefined,
  };
}

/** Any filter, a point or an order other than relevance: the view is not the plain list. */
export function isRefined(filters: ResultFilters): boolean {
  return Object.keys(resultFilterParams(filters)).length > 0;
}

/**
 * The URL of the list with `change` applied to its filters: the page's own parameters first (empty
 * ones dropped), then the filters; never a page number, so that a new filter starts at page 1.
 */
export function filteredHref(
  path: string,
  own: Record<string, string>,
  filters: ResultFilters,
  change: Partial<ResultFilters> = {},
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(own)) if (value) search.set(key, value);
  const next = { ...filters, ...change };
  // A sort by distance needs its point unless the page has a place; dropping the point drops it.
  if (change.point === null && next.sort === 'distance' && !own.location) next.sort = null;
  for (const [key, value] of Object.entries(resultFilterParams(next))) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** " open now, rated 4+ and verified": what the count line adds after "24 businesses". */
export function filterPhrase(filters: ResultFilters): string {
  const parts = [
    filters.openNow ? 'open now' : '',
    filters.minRating !== null ? `rated ${filters.minRating}+` : '',
    filters.verified ? 'verified' : '',
  ].filter(Boolean);
  if (parts.length === 0) return '';
  const last = parts.pop();
  return ` ${parts.length ? `${parts.join(', ')} and ${last}` : last}`;
}

/** listOutcome of a filtered list: no match for the filters is an empty list to show (with the way
 *  to clear them), not the 404 of a city or category without businesses. */
export function filteredListOutcome(
  total: number,
  page: number,
  pageSize: number,
  filters: ResultFilters,
): 'empty' | 'out-of-range' | 'ok' {
  const outcome = listOutcome(total, page, pageSize);
  return outcome === 'empty' && isRefined(filters) ? 'ok' : outcome;
}
