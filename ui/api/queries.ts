// Query keys and functions, shared by the server render (which fills the cache before rendering)
// and the pages (which read it, and fetch on client-side navigation). One factory per read keeps the
// keys identical on both sides, so hydration never refetches.
import { queryOptions } from '@tanstack/react-query';
import type {
  BrowseParams,
  DirectoryApi,
  ListPage,
  ResultFilterParams,
  SearchParams,
} from './directory-api.ts';

/** Issue 16's filters as part of a key, in a fixed order (the same list with other filters is another
 *  entry; no filters at all is one entry whatever the spelling). */
const filterKey = (f: ResultFilterParams = {}) =>
  [
    f.lat ?? null,
    f.lng ?? null,
    f.radiusKm ?? null,
    f.openNow === true,
    f.minRating ?? null,
    f.verified === true,
    f.sort ?? 'relevance',
  ] as const;

export const statisticsQuery = (api: DirectoryApi) =>
  queryOptions({ queryKey: ['statistics'], queryFn: () => api.statistics() });

export const popularCitiesQuery = (api: DirectoryApi) =>
  queryOptions({ queryKey: ['cities', 'popular'], queryFn: () => api.popularCities() });

export const recommendedQuery = (api: DirectoryApi) =>
  queryOptions({ queryKey: ['businesses', 'recommended'], queryFn: () => api.recommended() });

export const businessQuery = (api: DirectoryApi, slug: string) =>
  queryOptions({ queryKey: ['business', slug], queryFn: () => api.businessBySlug(slug) });

export const nearbyQuery = (api: DirectoryApi, id: number) =>
  queryOptions({ queryKey: ['business', id, 'nearby'], queryFn: () => api.nearby(id) });

export const cityQuery = (api: DirectoryApi, city: string, page: ListPage, filters?: ResultFilterParams) =>
  queryOptions({
    queryKey: ['city', city.toLowerCase(), page.limit, page.offset, ...filterKey(filters)],
    queryFn: () => api.cityBusinesses(city, page, filters),
  });

export const categoryQuery = (
  api: DirectoryApi,
  slug: string,
  page: ListPage,
  filters?: ResultFilterParams,
) =>
  queryOptions({
    queryKey: ['category', slug, page.limit, page.offset, ...filterKey(filters)],
    queryFn: () => api.categoryBusinesses(slug, page, filters),
  });

export const browseQuery = (api: DirectoryApi, params: BrowseParams) =>
  queryOptions({
    queryKey: [
      'browse',
      params.search ?? '',
      params.category ?? '',
      params.limit,
      params.offset,
      ...filterKey(params),
    ],
    queryFn: () => api.browse(params),
  });

export const searchQuery = (api: DirectoryApi, params: SearchParams) =>
  queryOptions({
    queryKey: [
      'search',
      params.q,
      params.location ?? '',
      params.category ?? '',
      params.page,
      params.exact === true,
      ...filterKey(params),
    ],
    queryFn: () => api.search(params),
  });

export const categoriesQuery = (api: DirectoryApi) =>
  queryOptions({ queryKey: ['categories'], queryFn: () => api.categories() });

export const countriesQuery = (api: DirectoryApi) =>
  queryOptions({ queryKey: ['countries'], queryFn: () => api.countries() });

export const citiesQuery = (api: DirectoryApi, page: ListPage) =>
  queryOptions({ queryKey: ['cities', 'all', page.limit, page.offset], queryFn: () => api.cities(page) });
