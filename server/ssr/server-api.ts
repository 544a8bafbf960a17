// The server render's DirectoryApi: the same domain calls the JSON API makes, without HTTP. Answers
// must equal the API's (same limits, same shapes), or the browser would see other data after
// hydration.
import type { Store } from '../../db/store/store.ts';
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
  type DiscoveryFilters,
  DiscoveryInputError,
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

export function createServerApi(store: Store): DirectoryApi {
  // On SQLite the reads answer with settled promises (no I/O); on PostgreSQL each is a round trip.
  return {
    statistics: () => getStatistics(store),
    popularCities: () => getPopularCities(store, POPULAR_CITIES),
    recommended: () => recommendedBusinesses(store, HOME_LIST_SIZE),
    latest: () => latestBusinesses(store, HOME_LIST_SIZE),
    businessBySlug: async (slug) => (await getBusinessBySlug(store, slug)) ?? null,
    nearby: async (id) => (await nearbyBusinesses(store, id)) ?? [],
    cityBusinesses: async (city, page, params) => {
      const found = await businessesInCity(store, city, page, filtersOf(params));
      return { businesses: found.businesses, totalCount: found.total };
    },
    categoryBusinesses: async (slug, page, params) => {
      const ref = await resolveCategory(store, slug);
      if (!ref) return { businesses: [], totalCount: 0 };
      const filters = filtersOf(params);
      if (hasDiscoveryFilters(filters)) {
        const found = await filteredInCategory(store, ref, page, filters);
        return { businesses: found.businesses, totalCount: found.total };
      }
      const [businesses, totalCount] = await Promise.all([
        businessesInCategory(store, ref, page),
        countInCategory(store, ref),
      ]);
      return { businesses, totalCount };
    },
    browse: (params) =>
      browseBusinesses(store, {
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
        return await searchDirectory(store, query);
      } catch (error) {
        // "Nearest first" from a place the directory cannot locate: a page lists the results in
        // their usual order rather than failing (the API answers 400 to the same request).
        if (!(error instanceof DiscoveryInputError)) throw error;
        return searchDirectory(store, { ...query, filters: { ...query.filters, sort: undefined } });
      }
    },
    // No page renders suggestions (they are fetched as the visitor types); here for the interface.
    suggest: (q, location) => suggestSearches(store, { q, location: location || undefined }),
    categories: () => getCategorySummaries(store),
    countries: () => getCountryEntries(store),
    cities: (page) => getCityPage(store, page),
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
export async function slugForId(store: Store, id: number): Promise<string | null> {
  return (await getBusinessById(store, id))?.slug ?? null;
}
