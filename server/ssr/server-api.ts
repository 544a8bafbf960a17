// The server render's DirectoryApi: the same domain calls the JSON API makes, without HTTP. Answers
// must equal the API's (same limits, same shapes), or the browser would see other data after
// hydration.
import type { Sqlite } from '../../db/connection.ts';
import type { DirectoryApi, ResultFilterParams } from '../../ui/api/directory-api.ts';
import {
  browseBusinesses,
  businessesInCategory,
  businessesInCity,
  countInCategory,
  filteredInCategory,
  getBusinessById,
  getBusinessBySlug,
  latestBusinesses,
  recommendedBusinesses,
  resolveCategory,
} from '../domain/businesses/business-queries.ts';
import {
  DiscoveryInputError,
  type DiscoveryFilters,
  hasDiscoveryFilters,
  nearbyBusinesses,
} from '../domain/businesses/discovery.ts';
import { HOME_LIST_SIZE, POPULAR_CITIES, SEARCH_PAGE_SIZE } from '../domain/public-limits.ts';
import { searchDirectory, suggestSearches } from '../domain/search/search.ts';
import {
  getCategorySummaries,
  getCityPage,
  getCountryEntries,
  getPopularCities,
  getStatistics,
} from '../domain/statistics.ts';

export function createServerApi(sqlite: Sqlite): DirectoryApi {
  // Reads are synchronous (better-sqlite3); the interface is async for the browser's sake.
  return {
    statistics: async () => getStatistics(sqlite),
    popularCities: async () => getPopularCities(sqlite, POPULAR_CITIES),
    recommended: async () => recommendedBusinesses(sqlite, HOME_LIST_SIZE),
    latest: async () => latestBusinesses(sqlite, HOME_LIST_SIZE),
    businessBySlug: async (slug) => getBusinessBySlug(sqlite, slug) ?? null,
    nearby: async (id) => nearbyBusinesses(sqlite, id) ?? [],
    cityBusinesses: async (city, page, params) => {
      const found = businessesInCity(sqlite, city, page, filtersOf(params));
      return { businesses: found.businesses, totalCount: found.total };
    },
    categoryBusinesses: async (slug, page, params) => {
      const ref = resolveCategory(sqlite, slug);
      if (!ref) return { businesses: [], totalCount: 0 };
      const filters = filtersOf(params);
      if (hasDiscoveryFilters(filters)) {
        const found = filteredInCategory(sqlite, ref, page, filters);
        return { businesses: found.businesses, totalCount: found.total };
      }
      return {
        businesses: businessesInCategory(sqlite, ref, page),
        totalCount: countInCategory(sqlite, ref),
      };
    },
    browse: async (params) =>
      browseBusinesses(sqlite, {
        limit: params.limit,
        offset: params.offset,
        search: params.search,
        category: params.category,
        filters: filtersOf(params),
      }),
    search: async (params) => {
      const query = {
        q: params.q,
        location: params.location,
        category: params.category,
        page: params.page,
        pageSize: SEARCH_PAGE_SIZE,
        exact: params.exact,
        filters: filtersOf(params),
      };
      try {
        return searchDirectory(sqlite, query);
      } catch (error) {
        // "Nearest first" from a place the directory cannot locate: a page lists the results in
        // their usual order rather than failing (the API answers 400 to the same request).
        if (!(error instanceof DiscoveryInputError)) throw error;
        return searchDirectory(sqlite, { ...query, filters: { ...query.filters, sort: undefined } });
      }
    },
    // No page renders suggestions (they are fetched as the visitor types); here for the interface.
    suggest: async (q, location) => suggestSearches(sqlite, { q, location: location || undefined }),
    categories: async () => getCategorySummaries(sqlite),
    countries: async () => getCountryEntries(sqlite),
    cities: async (page) => getCityPage(sqlite, page),
  };
}

/** The page's filter parameters as the domain takes them (the API's discoveryFiltersOf, for values
 *  the page has already checked). */
function filtersOf(params: ResultFilterParams | undefined): DiscoveryFilters {
  const filters: DiscoveryFilters = {};
  if (!params) return filters;
  if (params.lat !== undefined && params.lng !== undefined) {
    filters.point = { lat: params.lat, lng: params.lng };
    if (params.radiusKm !== undefined) filters.radiusKm = params.radiusKm;
  }
  if (params.sort) filters.sort = params.sort;
  if (params.openNow) filters.openNow = true;
  if (params.verified) filters.verified = true;
  if (params.minRating !== undefined) filters.minRating = params.minRating;
  return filters;
}

/** /business/:id → the slug of its canonical page. */
export function slugForId(sqlite: Sqlite, id: number): string | null {
  return getBusinessById(sqlite, id)?.slug ?? null;
}
