// The answers of the public JSON API that both ways in build: the Express router (routes.ts) and the
// direct path before it (direct-api.ts). Bad input throws BadRequest (a 400 naming the parameter).
import type { Store } from '../../../db/store/store.ts';
import { answerJson } from '../../domain/businesses/business-json.ts';
import { SEARCH_PAGE_SIZE } from '../../domain/public-limits.ts';
import { searchDirectory, suggestSearches } from '../../domain/search/search.ts';
import type { CacheableAnswer } from '../hot-cache/hot-cache.ts';
import { BadRequest, discoveryFiltersOf, parseQuery, searchParams, suggestParams } from './query-params.ts';

/** Public answers may be cached briefly by browsers and CDNs; data changes arrive within a minute. */
const PUBLIC_CACHE = 'public, max-age=60';
const JSON_TYPE = 'application/json; charset=utf-8';

export interface Answer {
  body: unknown;
  status?: number;
  headers?: Record<string, string>;
}

/** Frozen: the hot cache merges a frozen header list with the security headers once (hot-cache.ts). */
const PUBLIC_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'Cache-Control': PUBLIC_CACHE });

/** An answer as the hot cache sends (and keeps) it. */
export function cacheable({ body, status = 200, headers }: Answer): CacheableAnswer {
  return {
    status,
    contentType: JSON_TYPE,
    headers: headers ? { ...PUBLIC_HEADERS, ...headers } : PUBLIC_HEADERS,
    // A filtered search's businesses may come as JSON texts already (BUSINESSES_JSON).
    body: answerJson(body),
  };
}

/** GET /api/search from its parsed query string. */
export async function searchAnswer(store: Store, queryString: unknown): Promise<Answer> {
  const query = parseQuery(searchParams, queryString);
  const q = query.q?.trim() ?? '';
  const location = query.location?.trim() ?? '';
  const filters = discoveryFiltersOf(query);
  // A service, a place, or both ("plumbers in chicago" in one box; a place alone lists it), or a point
  // alone (everything near it).
  if (!q && !location && !filters.point)
    throw new BadRequest('invalid_parameter', 'q (the service) or location (the place) is required');
  return {
    body: await searchDirectory(store, {
      q,
      location: location || undefined,
      category: query.category?.trim() || undefined,
      page: query.page ?? 1,
      pageSize: SEARCH_PAGE_SIZE,
      exact: query.exact === '1' || query.exact === 'true',
      filters,
      asJson: true,
    }),
  };
}

/** GET /api/suggest from its parsed query string. */
export async function suggestAnswer(store: Store, queryString: unknown): Promise<Answer> {
  const query = parseQuery(suggestParams, queryString);
  return {
    body: await suggestSearches(store, {
      q: query.q?.trim() ?? '',
      location: query.location?.trim() || undefined,
    }),
  };
}
