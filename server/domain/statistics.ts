// Site-wide figures, read from the precomputed count tables (never a scan per request).
import type { Sqlite } from '../../db/connection.ts';
import {
  readCategoryCounts,
  readCityPage,
  readCountryCounts,
  readSiteCounts,
  readSiteCountsIn,
  readTopCities,
} from '../../db/stats-repository.ts';
import type { Store } from '../../db/store/store.ts';
import type { CategorySummary, CountryEntry, PopularCity, Statistics } from '../contract/business.ts';
import { memoForDataVersion } from './data-version-memo.ts';

/** Every business stored, read fresh (not memoised): for a one-off check such as "is it empty". */
export function countBusinesses(sqlite: Sqlite): number {
  return readSiteCounts(sqlite).totalBusinesses;
}

/** countBusinesses on either dialect. */
export async function countBusinessesIn(store: Store): Promise<number> {
  return (await readSiteCountsIn(store)).totalBusinesses;
}

/** The public statistics answer, kept for the data version (every page's footer asks for it). */
export function getStatistics(store: Store): Promise<Statistics> {
  return memoForDataVersion(store, 'statistics', () => readSiteCountsIn(store));
}

/** The same figures on either dialect, read fresh (`directory stats`: one read, nothing to keep). */
export function readStatistics(store: Store): Promise<Statistics> {
  return readSiteCountsIn(store);
}

export function getCategorySummaries(store: Store): Promise<CategorySummary[]> {
  return memoForDataVersion(store, 'categories', () => readCategoryCounts(store));
}

export function getCountryEntries(store: Store): Promise<CountryEntry[]> {
  return memoForDataVersion(store, 'countries', () => readCountryCounts(store));
}

export function getTopCities(store: Store, limit: number) {
  return readTopCities(store, limit);
}

/** A stable numeric id for a city (the specification's Popular city has one; cities are not rows). */
export function cityId(cityKey: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < cityKey.length; i++) hash = Math.imul(hash ^ cityKey.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/** GET /api/cities/popular and the home page: cities with the most businesses first. */
export function getPopularCities(store: Store, limit: number): Promise<PopularCity[]> {
  return memoForDataVersion(store, `popular-cities:${limit}`, async () =>
    (await readTopCities(store, limit)).map((c) => ({
      id: cityId(c.cityKey),
      name: c.name,
      businessCount: c.businessCount,
    })),
  );
}

/** Every city with its count, a page at a time, and how many there are. */
export async function getCityPage(
  store: Store,
  page: { limit: number; offset: number },
): Promise<{ cities: { name: string; businessCount: number }[]; totalCount: number }> {
  const [cities, counts] = await Promise.all([
    readCityPage(store, page.limit, page.offset),
    readSiteCountsIn(store),
  ]);
  return {
    cities: cities.map(({ name, businessCount }) => ({ name, businessCount })),
    totalCount: counts.totalCities,
  };
}
