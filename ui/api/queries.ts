// Query keys and functions, shared by the server render (which fills the cache before rendering)
// and the pages (which read it, and fetch on client-side navigation). One factory per read keeps the
// keys identical on both sides, so hydration never refetches.
import { queryOptions } from '@tanstack/react-query';
import type { BrowseParams, DirectoryApi, ListPage, SearchParams } from './directory-api.ts';

export const statisticsQuery = (api: DirectoryApi) =>
  queryOptions({ queryKey: ['statistics'], queryFn: () => api.statistics() });

export const popularCitiesQuery = (api: DirectoryApi) =>
  queryOptions({ queryKey: ['cities', 'popular'], queryFn: () => api.popularCities() });

export const recommendedQuery = (api: DirectoryApi) =>
  queryOptions({ queryKey: ['businesses', 'recommended'], queryFn: () => api.recommended() });

export const businessQuery = (api: DirectoryApi, slug: string) =>
  queryOptions({ queryKey: ['business', slug], queryFn: () => api.businessBySlug(slug) });

export const cityQuery = (api: DirectoryApi, city: string, page: ListPage) =>
  queryOptions({
    queryKey: ['city', city.toLowerCase(), page.limit, page.offset],
    queryFn: () => api.cityBusinesses(city, page),
  });

export const categoryQuery = (api: DirectoryApi, slug: string, page: ListPage) =>
  queryOptions({
    queryKey: ['category', slug, page.limit, page.offset],
    queryFn: () => api.categoryBusinesses(slug, page),
  });

export const browseQuery = (api: DirectoryApi, params: BrowseParams) =>
  queryOptions({
    queryKey: ['browse', params.search ?? '', params.category ?? '', params.limit, params.offset],
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
    ],
    queryFn: () => api.search(params),
  });

export const categoriesQuery = (api: DirectoryApi) =>
  queryOptions({ queryKey: ['categories'], queryFn: () => api.categories() });

export const countriesQuery = (api: DirectoryApi) =>
  queryOptions({ queryKey: ['countries'], queryFn: () => api.countries() });

export const citiesQuery = (api: DirectoryApi, page: ListPage) =>
  queryOptions({ queryKey: ['cities', 'all', page.limit, page.offset], queryFn: () => api.cities(page) });
