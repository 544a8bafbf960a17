// The server render's DirectoryApi: the same domain calls the JSON API makes, without HTTP. Answers
// must equal the API's (same limits, same shapes), or the browser would see other data after
// hydration.
import type { Sqlite } from '../../db/connection.ts';
import type { DirectoryApi } from '../../ui/api/directory-api.ts';
import {
  browseBusinesses,
  businessesInCategory,
  businessesInCity,
  countInCategory,
  getBusinessById,
  getBusinessBySlug,
  latestBusinesses,
  recommendedBusinesses,
  resolveCategory,
} from '../domain/businesses/business-queries.ts';
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
    cityBusinesses: async (city, page) => {
      const found = businessesInCity(sqlite, city, page);
      return { businesses: found.businesses, totalCount: found.total };
    },
    categoryBusinesses: async (slug, page) => {
      const ref = resolveCategory(sqlite, slug);
      if (!ref) return { businesses: [], totalCount: 0 };
      return {
        businesses: businessesInCategory(sqlite, ref, page),
        totalCount: countInCategory(sqlite, ref),
      };
    },
    browse: async (params) => browseBusinesses(sqlite, params),
    search: async (params) =>
      searchDirectory(sqlite, {
        q: params.q,
        location: params.location,
        category: params.category,
        page: params.page,
        pageSize: SEARCH_PAGE_SIZE,
        exact: params.exact,
      }),
    // No page renders suggestions (they are fetched as the visitor types); here for the interface.
    suggest: async (q, location) => suggestSearches(sqlite, { q, location: location || undefined }),
    categories: async () => getCategorySummaries(sqlite),
    countries: async () => getCountryEntries(sqlite),
    cities: async (page) => getCityPage(sqlite, page),
  };
}

/** /business/:id → the slug of its canonical page. */
export function slugForId(sqlite: Sqlite, id: number): string | null {
  return getBusinessById(sqlite, id)?.slug ?? null;
}
