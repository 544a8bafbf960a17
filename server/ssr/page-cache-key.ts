// The answer cache's key for a page: its path and only the query parameters the page reads, in one
// order. A parameter no page reads (?v=123, utm_source, a cache-buster) then neither makes a new
// entry nor misses the stored page; a flood of them could otherwise fill the cache with copies of
// one page. The names are those the pages' readers take (ui/pages/search/search-state.ts,
// ui/pages/browse/browse-state.ts, ui/components/result-filters/result-filters.ts, parsePageParam):
// a page that starts reading another one must be listed here too (page-cache-key.test.ts renders
// each listed route to hold them together).

/** The result filters and order shared by the lists (readResultFilters). */
const FILTERS = ['minRating', 'lat', 'lng', 'radiusKm', 'sort', 'openNow', 'verified'] as const;
const LISTED = ['page', ...FILTERS] as const;
const SEARCH = ['q', 'location', 'category', 'exact', ...LISTED] as const;
const BROWSE = ['search', 'category', ...LISTED] as const;
const NONE: readonly string[] = [];

/** Routes as React Router matches them: any letter case, an optional trailing slash. A path none of
 *  these match keeps its whole query (its page is unknown here, so nothing is assumed of it). */
const ROUTES: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [/^\/search\/?$/i, SEARCH],
  [/^\/businesses\/?$/i, BROWSE],
  [/^\/(?:city|category)\/[^/]+\/?$/i, LISTED],
  [/^\/cities\/?$/i, ['page']],
  [/^\/(?:details|business)\/[^/]+\/?$/i, NONE],
  [/^\/(?:categories|about|contact|privacy-policy|terms-of-service|advertise)?\/?$/i, NONE],
];

/** The parameters the page at `path` reads; undefined when the path is no known page. */
export function queryParamsReadBy(path: string): readonly string[] | undefined {
  for (const [pattern, names] of ROUTES) if (pattern.test(path)) return names;
  return undefined;
}

/** The key under which the answer to `url` (path and query, as sent) is kept. */
export function pageCacheKey(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const path = url.slice(0, mark);
  const names = queryParamsReadBy(path);
  if (names === undefined) return url;
  if (names.length === 0) return path;
  const given = new URLSearchParams(url.slice(mark + 1));
  const kept = new URLSearchParams();
  // Pages read the first value of a name (URLSearchParams#get): later ones change nothing either.
  for (const name of names) {
    const value = given.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query === '' ? path : `${path}?${query}`;
}
