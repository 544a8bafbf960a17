// The browser's DirectoryApi: fetches the JSON API with credentials, as the specification's §7 says.
import type { Business } from '../../server/contract/business.ts';
import {
  ApiError,
  type CountedBusinesses,
  type DirectoryApi,
  type ListPage,
  type ResultFilterParams,
} from './directory-api.ts';

function query(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    // §5: search and category are sent only when non-empty.
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function request(path: string, signal?: AbortSignal): Promise<Response> {
  const response = await fetch(path, {
    credentials: 'include',
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    throw new ApiError(response.status, `${response.status}: ${body || response.statusText}`);
  }
  return response;
}

async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await request(path, signal)).json() as Promise<T>;
}

async function getCounted(path: string): Promise<CountedBusinesses> {
  const response = await request(path);
  const businesses = (await response.json()) as Business[];
  const header = response.headers.get('X-Total-Count');
  return { businesses, totalCount: header === null ? businesses.length : Number(header) };
}

const pageQuery = (page: ListPage, filters: ResultFilterParams = {}) =>
  query({ limit: page.limit, offset: page.offset, ...filterQuery(filters) });

/** Issue 16's filters in the contract's spelling (openNow=true...), in a fixed order. */
const filterQuery = (f: ResultFilterParams) => ({
  lat: f.lat,
  lng: f.lng,
  radiusKm: f.radiusKm,
  openNow: f.openNow || undefined,
  minRating: f.minRating,
  verified: f.verified || undefined,
  sort: f.sort,
});

export function createHttpApi(): DirectoryApi {
  return {
    statistics: () => getJson('/api/statistics'),
    popularCities: () => getJson('/api/cities/popular'),
    recommended: () => getJson('/api/businesses/recommended'),
    latest: () => getJson('/api/businesses/latest'),
    businessBySlug: async (slug) => {
      try {
        return await getJson<Business>(`/api/businesses/slug/${encodeURIComponent(slug)}`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    nearby: async (id) => {
      try {
        return await getJson<Business[]>(`/api/businesses/${encodeURIComponent(String(id))}/nearby`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },
    cityBusinesses: (city, page, filters) =>
      getCounted(`/api/city/${encodeURIComponent(city)}${pageQuery(page, filters)}`),
    categoryBusinesses: (slug, page, filters) =>
      getCounted(`/api/category/${encodeURIComponent(slug)}${pageQuery(page, filters)}`),
    browse: (params) =>
      getJson(
        `/api/businesses${query({ limit: params.limit, offset: params.offset, search: params.search, category: params.category, ...filterQuery(params) })}`,
      ),
    search: (params) =>
      getJson(
        `/api/search${query({
          q: params.q,
          location: params.location,
          category: params.category,
          page: params.page,
          exact: params.exact ? 1 : undefined,
          ...filterQuery(params),
        })}`,
      ),
    suggest: (q, location, signal) => getJson(`/api/suggest${query({ q, location })}`, signal),
    categories: () => getJson('/api/categories'),
    countries: () => getJson('/api/countries'),
    cities: async (page) => {
      const response = await request(`/api/cities${pageQuery(page)}`);
      const cities = await response.json();
      return { cities, totalCount: Number(response.headers.get('X-Total-Count') ?? cities.length) };
    },
  };
}
