// What the public site and the API ask of the directory, on either dialect. Every answer is built
// from indexed reads and the precomputed counts; nothing here scans the business table.
import {
  type BusinessRecordRow,
  countBusinessesInCategory,
  countBusinessesInCity,
  countBusinessesInGroup,
  findBusinessById,
  findBusinessBySlug,
  findBusinessesByIds,
  listBusinessesInCategory,
  listBusinessesInCity,
  listBusinessesInGroup,
  listCategoryNames,
  listLatestBusinesses,
  listRankedBusinesses,
  listRankedWithPhoto,
  type Page,
} from '../../../db/business-repository.ts';
import { DataVersionMaps } from '../../../db/data-version-maps.ts';
import { readSiteCountsIn } from '../../../db/stats-repository.ts';
import type { Store } from '../../../db/store/store.ts';
import type { Business, PagedBusinesses } from '../../contract/business.ts';
import { CATEGORY_GROUPS } from '../../contract/category-groups.ts';
import { categorySlug } from '../../contract/paths.ts';
import { groupBySlug } from '../categories/category-groups.ts';
import { searchText, searchTextFiltered } from '../search/search.ts';
import { conditionsOf, type DiscoveryFilters, discoverPage, hasDiscoveryFilters } from './discovery.ts';
import { toBusiness } from './to-business.ts';

export type CategoryRef = { kind: 'group' | 'category'; value: string };

const mapRows = (rows: BusinessRecordRow[]): Business[] => {
  const now = new Date();
  return rows.map((row) => toBusiness(row, now));
};

/** Businesses by id, in the order given (ids of rows gone since are skipped): search and admin pages. */
export async function businessesByIds(store: Store, ids: readonly number[]): Promise<Business[]> {
  return mapRows(await findBusinessesByIds(store, ids));
}

export async function getBusinessById(store: Store, id: number): Promise<Business | undefined> {
  const row = await findBusinessById(store, id);
  return row ? toBusiness(row) : undefined;
}

export async function getBusinessBySlug(store: Store, slug: string): Promise<Business | undefined> {
  const row = await findBusinessBySlug(store, slug);
  return row ? toBusiness(row) : undefined;
}

/** slug → category name of the categories that have businesses, per store and data version. */
const categoryIndexes = new DataVersionMaps<Promise<Map<string, string>>>();

async function readCategoryIndex(store: Store): Promise<Map<string, string>> {
  const bySlug = new Map<string, string>();
  for (const name of await listCategoryNames(store))
    if (!bySlug.has(categorySlug(name))) bySlug.set(categorySlug(name), name);
  return bySlug;
}

/** A category value from a URL or a query: a navigation group ("healthcare", "Beauty & Wellness")
 *  or a specific category by name or slug ("Dentist", "dentist", "mexican-restaurant"). */
export async function resolveCategory(store: Store, value: string): Promise<CategoryRef | undefined> {
  const wanted = value.trim();
  if (!wanted) return undefined;
  const slug = categorySlug(wanted);
  const group = groupBySlug(slug) ?? CATEGORY_GROUPS.find((g) => g.toLowerCase() === wanted.toLowerCase());
  if (group) return { kind: 'group', value: group };
  const map = categoryIndexes.current(store);
  let index = map.get('index');
  if (!index) {
    index = readCategoryIndex(store);
    map.set('index', index);
    // A failed read is not kept: the next request reads again.
    const reading = index;
    reading.catch(() => {
      if (map.get('index') === reading) map.delete('index');
    });
  }
  const name = (await index).get(slug);
  return name ? { kind: 'category', value: name } : undefined;
}

export function countInCategory(store: Store, ref: CategoryRef): Promise<number> {
  return ref.kind === 'group'
    ? countBusinessesInGroup(store, ref.value)
    : countBusinessesInCategory(store, ref.value);
}

/** A category's list with filters (decision 0026): a page and its exact total. */
export async function filteredInCategory(
  store: Store,
  ref: CategoryRef,
  page: Page,
  filters: DiscoveryFilters,
  now: Date = new Date(),
): Promise<{ businesses: Business[]; total: number }> {
  const base = ref.kind === 'group' ? { group: ref.value } : { category: ref.value };
  const { conditions, countKey } = await conditionsOf(store, base, filters, now);
  return discoverPage(store, conditions, countKey, filters.sort ?? 'relevance', page);
}

export async function businessesInCategory(store: Store, ref: CategoryRef, page: Page): Promise<Business[]> {
  const rows =
    ref.kind === 'group'
      ? await listBusinessesInGroup(store, ref.value, page)
      : await listBusinessesInCategory(store, ref.value, page);
  return mapRows(rows);
}

export function cityKeyOf(cityName: string): string {
  return cityName.trim().toLocaleLowerCase('en-US');
}

export async function businessesInCity(
  store: Store,
  cityName: string,
  page: Page,
  filters?: DiscoveryFilters,
  now: Date = new Date(),
): Promise<{ businesses: Business[]; total: number }> {
  const key = cityKeyOf(cityName);
  if (hasDiscoveryFilters(filters)) {
    const { conditions, countKey } = await conditionsOf(store, { cityKey: key }, filters, now);
    return discoverPage(store, conditions, countKey, filters.sort ?? 'relevance', page);
  }
  // Both at once: on PostgreSQL two round trips overlap (on SQLite both are already settled).
  const [rows, total] = await Promise.all([
    listBusinessesInCity(store, key, page),
    countBusinessesInCity(store, key),
  ]);
  return { businesses: mapRows(rows), total };
}

function paged(businesses: Business[], totalCount: number, limit: number): PagedBusinesses {
  return { businesses, totalCount, totalPages: Math.ceil(totalCount / limit) };
}

export interface BrowseQuery extends Page {
  search?: string;
  category?: string;
  /** Near a point, open now, rating, verified, sorting (decision 0026). */
  filters?: DiscoveryFilters;
  now?: Date;
}

/** The browse page and GET /api/businesses: everything, or one category, or a text search. */
export async function browseBusinesses(store: Store, query: BrowseQuery): Promise<PagedBusinesses> {
  const page = { limit: query.limit, offset: query.offset };
  const category = query.category ? await resolveCategory(store, query.category) : undefined;
  if (query.category && !category) return paged([], 0, query.limit);
  if (hasDiscoveryFilters(query.filters)) {
    const filters = query.filters;
    const found = query.search?.trim()
      ? await searchTextFiltered(store, query.search, { category, ...page, filters, now: query.now })
      : category
        ? await filteredInCategory(store, category, page, filters, query.now)
        : await filteredAll(store, page, filters, query.now ?? new Date());
    return paged(found.businesses, found.total, query.limit);
  }
  if (query.search?.trim()) {
    // The browse box takes a service only: the same rules as the search page, without a place.
    const found = await searchText(store, query.search, { category, ...page });
    return paged(await businessesByIds(store, found.ids), found.total, query.limit);
  }
  if (category) {
    const [businesses, total] = await Promise.all([
      businessesInCategory(store, category, page),
      countInCategory(store, category),
    ]);
    return paged(businesses, total, query.limit);
  }
  const [rows, counts] = await Promise.all([listRankedBusinesses(store, page), readSiteCountsIn(store)]);
  return paged(mapRows(rows), counts.totalBusinesses, query.limit);
}

async function filteredAll(store: Store, page: Page, filters: DiscoveryFilters, now: Date) {
  const { conditions, countKey } = await conditionsOf(store, {}, filters, now);
  return discoverPage(store, conditions, countKey, filters.sort ?? 'relevance', page);
}

/** Best-ranked businesses with a photo first, topped up without one when there are too few. */
export async function recommendedBusinesses(store: Store, count: number): Promise<Business[]> {
  const withPhoto = await listRankedWithPhoto(store, count);
  if (withPhoto.length >= count) return mapRows(withPhoto);
  const seen = new Set(withPhoto.map((row) => row.id));
  const topUp = (await listRankedBusinesses(store, { limit: count * 2, offset: 0 })).filter(
    (row) => !seen.has(row.id),
  );
  return mapRows([...withPhoto, ...topUp].slice(0, count));
}

export async function latestBusinesses(store: Store, count: number): Promise<Business[]> {
  return mapRows(await listLatestBusinesses(store, count));
}
