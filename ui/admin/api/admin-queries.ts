// Query options of the admin panel's reads, all under the ['admin'] key so that logging out drops
// them at once. The public figures (statistics, countries, categories) have keys of their own here:
// the panel fetches them past the browser cache, right after changing the data.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type AdminBusinessQuery, adminApi } from './admin-api.ts';

export const ADMIN_PAGE_SIZE = 50;

export const adminBusinessesQuery = (query: AdminBusinessQuery) =>
  queryOptions({
    queryKey: [
      'admin',
      'businesses',
      query.search ?? '',
      query.category ?? '',
      query.country ?? '',
      query.status ?? '',
      query.sort?.column ?? '',
      query.sort?.order ?? '',
      query.limit,
      query.offset,
    ],
    queryFn: () => adminApi.businesses(query),
    // The table keeps the previous page on screen while the next one loads: no jump, no flash.
    placeholderData: keepPreviousData,
  });

export const activityQuery = () =>
  queryOptions({ queryKey: ['admin', 'activity'], queryFn: () => adminApi.activity(20) });

export const sitemapStatsQuery = () =>
  queryOptions({ queryKey: ['admin', 'sitemap-stats'], queryFn: () => adminApi.sitemapStats() });

export const adminStatisticsQuery = () =>
  queryOptions({ queryKey: ['admin', 'statistics'], queryFn: () => adminApi.statistics() });

export const adminCountriesQuery = () =>
  queryOptions({ queryKey: ['admin', 'countries'], queryFn: () => adminApi.countries() });

export const adminCategoriesQuery = () =>
  queryOptions({ queryKey: ['admin', 'categories'], queryFn: () => adminApi.categories() });

/** The held submissions, one page (server/contract/submission-queue.ts). */
export const heldSubmissionsQuery = (limit: number, offset: number) =>
  queryOptions({
    queryKey: ['admin', 'submissions', limit, offset],
    queryFn: () => adminApi.heldSubmissions(limit, offset),
    placeholderData: keepPreviousData,
  });

/** How many submissions wait: the badges on the Dashboard and the tab. Asked again every minute, so
 *  that a listing sent while the panel is open shows up. */
export const heldSubmissionCountQuery = () =>
  queryOptions({
    queryKey: ['admin', 'submissions-count'],
    queryFn: () => adminApi.heldSubmissionCount(),
    refetchInterval: 60_000,
  });
