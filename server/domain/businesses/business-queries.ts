// What the public site and the API ask of the directory. Every answer is built from indexed reads
// and the precomputed counts; nothing here scans the business table.
import {
  countBusinessesInCategory,
  countBusinessesInCity,
  countBusinessesInGroup,
  findBusinessById,
  findBusinessBySlug,
  listBusinessesInCategory,
  listBusinessesInCity,
  listBusinessesInGroup,
  listCategoryNames,
  listLatestBusinesses,
  listRankedBusinesses,
  listRankedWithPhoto,
  type Page,
} from '../../../db/business-repository.ts';
import type { Sqlite } from '../../../db/connection.ts';
import { readDataVersion, readSiteCounts } from '../../../db/stats-repository.ts';
import type { Business, PagedBusinesses } from '../../contract/business.ts';
import { CATEGORY_GROUPS } from '../../contract/category-groups.ts';
import { categorySlug } from '../../contract/paths.ts';
import { groupBySlug } from '../categories/category-groups.ts';
import { searchText, searchTextFiltered } from '../search/search.ts';
import { conditionsOf, type DiscoveryFilters, discoverPage, hasDiscoveryFilters } from './discovery.ts';
import { toBusiness } from './to-business.ts';

export type CategoryRef = { kind: 'group' | 'category'; value: string };

const mapRows = (rows: Parameters<typeof toBusiness>[0][]): Business[] => {
  const now = new Date();
  return rows.map((row) => toBusiness(row, now));
};

/** Businesses by id, in the order given (ids of rows gone since are skipped): search and admin pages. */
export function businessesByIds(sqlite: Sqlite, ids: readonly number[]): Business[] {
  const rows = ids.map((id) => findBusinessById(sqlite, id)).filter((row) => row !== undefined);
  return mapRows(rows);
}

export function getBusinessById(sqlite: Sqlite, id: number): Business | undefined {
  const row = findBusinessById(sqlite, id);
  return row ? toBusiness(row) : undefined;
}

export function getBusinessBySlug(sqlite: Sqlite, slug: string): Business | undefined {
  const row = findBusinessBySlug(sqlite, slug);
  return row ? toBusiness(row) : undefined;
}

// slug → category name of the categories that have businesses, rebuilt when the data changes.
let categoryIndex: { sqlite: Sqlite; version: number; bySlug: Map<string, string> } | undefined;

/** A category value from a URL or a query: a navigation group ("healthcare", "Beauty & Wellness")
 *  or a specific category by name or slug ("Dentist", "dentist", "mexican-restaurant"). */
export function resolveCategory(sqlite: Sqlite, value: string): CategoryRef | undefined {
  const wanted = value.trim();
  if (!wanted) return undefined;
  const slug = categorySlug(wanted);
  const group = groupBySlug(slug) ?? CATEGORY_GROUPS.find((g) => g.toLowerCase() === wanted.toLowerCase());
  if (group) return { kind: 'group', value: group };
  const version = readDataVersion(sqlite);
  if (!categoryIndex || categoryIndex.sqlite !== sqlite || categoryIndex.version !== version) {
    const bySlug = new Map<string, string>();
    for (const name of listCategoryNames(sqlite))
      if (!bySlug.has(categorySlug(name))) bySlug.set(categorySlug(name), name);
    categoryIndex = { sqlite, version, bySlug };
  }
  const name = categoryIndex.bySlug.get(slug);
  return name ? { kind: 'category', value: name } : undefined;
}

export function countInCategory(sqlite: Sqlite, ref: CategoryRef): number {
  return ref.kind === 'group'
    ? countBusinessesInGroup(sqlite, ref.value)
    : countBusinessesInCategory(sqlite, ref.value);
}

/** A category's list with filters (decision 0026): a page and its exact total. */
export function filteredInCategory(
  sqlite: Sqlite,
  ref: CategoryRef,
  page: Page,
  filters: DiscoveryFilters,
  now: Date = new Date(),
): { businesses: Business[]; total: number } {
  const base = ref.kind === 'group' ? { group: ref.value } : { category: ref.value };
  const { conditions, countKey } = conditionsOf(sqlite, base, filters, now);
  return discoverPage(sqlite, conditions, countKey, filters.sort ?? 'relevance', page);
}

export function businessesInCategory(sqlite: Sqlite, ref: CategoryRef, page: Page): Business[] {
  const rows =
    ref.kind === 'group'
      ? listBusinessesInGroup(sqlite, ref.value, page)
      : listBusinessesInCategory(sqlite, ref.value, page);
  return mapRows(rows);
}

export function cityKeyOf(cityName: string): string {
  return cityName.trim().toLocaleLowerCase('en-US');
}

export function businessesInCity(
  sqlite: Sqlite,
  cityName: string,
  page: Page,
  filters?: DiscoveryFilters,
  now: Date = new Date(),
): { businesses: Business[]; total: number } {
  const key = cityKeyOf(cityName);
  if (hasDiscoveryFilters(filters)) {
    const { conditions, countKey } = conditionsOf(sqlite, { cityKey: key }, filters, now);
    return discoverPage(sqlite, conditions, countKey, filters.sort ?? 'relevance', page);
  }
  return {
    businesses: mapRows(listBusinessesInCity(sqlite, key, page)),
    total: countBusinessesInCity(sqlite, key),
  };
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
export function browseBusinesses(sqlite: Sqlite, query: BrowseQuery): PagedBusinesses {
  const page = { limit: query.limit, offset: query.offset };
  const category = query.category ? resolveCategory(sqlite, query.category) : undefined;
  if (query.category && !category) return paged([], 0, query.limit);
  if (hasDiscoveryFilters(query.filters)) {
    const filters = query.filters;
    const found = query.search?.trim()
      ? searchTextFiltered(sqlite, query.search, { category, ...page, filters, now: query.now })
      : category
        ? filteredInCategory(sqlite, category, page, filters, query.now)
        : filteredAll(sqlite, page, filters, query.now ?? new Date());
    return paged(found.businesses, found.total, query.limit);
  }
  if (query.search?.trim()) {
    // The browse box takes a service only: the same rules as the search page, without a place.
    const found = searchText(sqlite, query.search, { category, ...page });
    return paged(businessesByIds(sqlite, found.ids), found.total, query.limit);
  }
  if (category)
    return paged(
      businessesInCategory(sqlite, category, page),
      countInCategory(sqlite, category),
      query.limit,
    );
  return paged(
    mapRows(listRankedBusinesses(sqlite, page)),
    readSiteCounts(sqlite).totalBusinesses,
    query.limit,
  );
}

function filteredAll(sqlite: Sqlite, page: Page, filters: DiscoveryFilters, now: Date) {
  const { conditions, countKey } = conditionsOf(sqlite, {}, filters, now);
  return discoverPage(sqlite, conditions, countKey, filters.sort ?? 'relevance', page);
}

/** Best-ranked businesses with a photo first, topped up without one when there are too few. */
export function recommendedBusinesses(sqlite: Sqlite, count: number): Business[] {
  const withPhoto = listRankedWithPhoto(sqlite, count);
  if (withPhoto.length >= count) return mapRows(withPhoto);
  const seen = new Set(withPhoto.map((row) => row.id));
  const topUp = listRankedBusinesses(sqlite, { limit: count * 2, offset: 0 }).filter(
    (row) => !seen.has(row.id),
  );
  return mapRows([...withPhoto, ...topUp].slice(0, count));
}

export function latestBusinesses(sqlite: Sqlite, count: number): Business[] {
  return mapRows(listLatestBusinesses(sqlite, count));
}
