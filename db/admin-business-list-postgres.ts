// The admin panel's business list on PostgreSQL: the same pages, in the same order and with the same
// totals as SQLite's (db/admin-business-repository.ts), from the same rules — best match first for a
// search of at most EXACT_RANK_LIMIT matches (the index's rowid is the rank order), newest first or
// the chosen sort otherwise, a filtered search counted up to ADMIN_SEARCH_COUNT_CAP. SQLite needs its
// plan chosen by hand (walk an index or sort the matches); PostgreSQL's planner has statistics for
// that, so each page is one plain statement. Text is ordered bytewise (COLLATE "C", as SQLite
// compares) and names fold ASCII letters only (SQLite's NOCASE), so the orders agree byte for byte.
import {
  ADMIN_SEARCH_COUNT_CAP,
  type AdminBusinessFilter,
  type AdminBusinessIds,
  type AdminPage,
  type AdminSort,
  type AdminSortColumn,
  EXACT_RANK_LIMIT,
} from './admin-business-repository.ts';
import { preparedQuery } from './query/prepared-query.ts';
import type { PostgresStore } from './store/store.ts';

/** SQLite's NOCASE: A–Z folded to a–z, nothing else — lower() in the "C" collation (in a language's,
 *  it would fold every alphabet). The expression of the index businesses_admin_name. */
const NOCASE_NAME = `lower(b.name COLLATE "C")`;

type Term = readonly [expression: string, direction: 'ASC' | 'DESC'];

/** The terms of each sort, as SQLite's SORT_TERMS (the id breaks ties, so the order is total). */
const SORT_TERMS: Record<AdminSortColumn, readonly Term[]> = {
  name: [
    [NOCASE_NAME, 'ASC'],
    ['b.id', 'ASC'],
  ],
  category: [
    ['b.category COLLATE "C"', 'ASC'],
    ['b.rank_score', 'DESC'],
    ['b.id', 'ASC'],
  ],
  city: [
    ['b.city_key COLLATE "C"', 'ASC'],
    ['b.rank_score', 'DESC'],
    ['b.id', 'ASC'],
  ],
  rating: [
    ['b.rating', 'ASC'],
    ['b.review_count', 'ASC'],
    ['b.id', 'ASC'],
  ],
  status: [
    ['b.is_verified', 'ASC'],
    ['b.country COLLATE "C"', 'ASC'],
    ['b.category_group COLLATE "C"', 'ASC'],
    ['b.category COLLATE "C"', 'ASC'],
    ['b.id', 'ASC'],
  ],
};

/** The ORDER BY of a page of the list (exported for the test that each sort walks an index). */
export function adminListOrder(sort: AdminSort | undefined): string {
  if (!sort) return 'b.id DESC';
  return SORT_TERMS[sort.column]
    .map(([expression, direction]) =>
      sort.order === 'asc'
        ? `${expression} ${direction}`
        : `${expression} ${direction === 'ASC' ? 'DESC' : 'ASC'}`,
    )
    .join(', ');
}

/** Numbered parameters, in the order the clauses use them. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast = ''): string {
    this.values.push(value);
    return `$${this.values.length}${cast}`;
  }
}

function columnClauses(filter: AdminBusinessFilter, params: Params): string[] {
  const clauses: string[] = [];
  if (filter.verified !== undefined) clauses.push(`b.is_verified = ${params.add(filter.verified ? 1 : 0)}`);
  if (filter.country !== undefined) clauses.push(`b.country = ${params.add(filter.country)}`);
  if (filter.category)
    clauses.push(
      `${filter.category.kind === 'group' ? 'b.category_group' : 'b.category'} = ${params.add(filter.category.value)}`,
    );
  if (filter.excludeIds && filter.excludeIds.length > 0)
    clauses.push(`b.id <> ALL(${params.add(filter.excludeIds, '::bigint[]')})`);
  return clauses;
}

const where = (clauses: readonly string[]) => (clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '');

async function count(store: PostgresStore, text: string, values: unknown[]): Promise<number> {
  const { rows } = await store.query<{ n: number }>(text, values);
  return Number(rows[0]?.n ?? 0);
}

async function ids(store: PostgresStore, text: string, values: unknown[]): Promise<number[]> {
  const { rows } = await store.query<{ id: number }>(text, values);
  return rows.map((row) => Number(row.id));
}

export const siteStatQuery = preparedQuery('admin_site_stat', (db, args: { key: string }) =>
  db.selectFrom('site_stats').select('value').where('key', '=', args.key),
);
export const countryCountQuery = preparedQuery('admin_country_count', (db, args: { country: string }) =>
  db.selectFrom('country_stats').select('business_count').where('country', '=', args.country),
);
export const categoryCountQuery = preparedQuery('admin_category_count', (db, args: { category: string }) =>
  db.selectFrom('category_stats').select('business_count').where('category', '=', args.category),
);

const siteStat = async (store: PostgresStore, key: string) =>
  Number((await store.first(siteStatQuery, { key }))?.value ?? 0);

/** As SQLite's countWithoutSearch: the precomputed counts for a single filter, else a count. */
async function countWithoutSearch(
  store: PostgresStore,
  filter: AdminBusinessFilter,
  clauses: readonly string[],
  values: unknown[],
): Promise<number> {
  const { verified, country, category } = filter;
  const given = [verified, country, category].filter((value) => value !== undefined).length;
  if (!(filter.excludeIds && filter.excludeIds.length > 0)) {
    if (given === 0) return siteStat(store, 'total_businesses');
    if (given === 1 && verified !== undefined) {
      const verifiedCount = await siteStat(store, 'verified_businesses');
      return verified ? verifiedCount : (await siteStat(store, 'total_businesses')) - verifiedCount;
    }
    if (given === 1 && country !== undefined)
      return Number((await store.first(countryCountQuery, { country }))?.business_count ?? 0);
    if (given === 1 && category?.kind === 'category')
      return Number(
        (await store.first(categoryCountQuery, { category: category.value }))?.business_count ?? 0,
      );
  }
  return count(store, `SELECT COUNT(*) AS n FROM businesses b ${where(clauses)}`, values);
}

export async function pgListAdminBusinessIds(
  store: PostgresStore,
  filter: AdminBusinessFilter,
  page: AdminPage,
  sort?: AdminSort,
): Promise<AdminBusinessIds> {
  const params = new Params();
  if (filter.search === undefined) {
    const clauses = columnClauses(filter, params);
    const total = await countWithoutSearch(store, filter, clauses, params.values);
    if (page.offset >= total) return { ids: [], total };
    return pageOf(store, `FROM businesses b ${where(clauses)}`, adminListOrder(sort), params, page, total);
  }
  if (!filter.search) return { ids: [], total: 0 };
  const match = params.add(filter.search, '::tsquery');
  const textMatches = await count(
    store,
    `SELECT COUNT(*) AS n FROM search_documents WHERE terms @@ ${match}`,
    params.values,
  );
  if (textMatches === 0) return { ids: [], total: 0 };
  const clauses = columnClauses(filter, params);

  if (textMatches <= EXACT_RANK_LIMIT) {
    // Few matches: best match first (the rowid is the rank order) unless a sort is chosen.
    const from = `FROM search_documents f JOIN businesses b ON b.id = f.business_id
      WHERE f.terms @@ ${match}${clauses.map((clause) => ` AND ${clause}`).join('')}`;
    const total =
      clauses.length === 0 ? textMatches : await count(store, `SELECT COUNT(*) AS n ${from}`, params.values);
    return pageOf(store, from, sort ? adminListOrder(sort) : 'f.rowid', params, page, total);
  }
  const all = [`b.id IN (SELECT business_id FROM search_documents WHERE terms @@ ${match})`, ...clauses];
  let total = textMatches;
  if (clauses.length > 0) {
    const cap = params.add(ADMIN_SEARCH_COUNT_CAP);
    total = await count(
      store,
      `SELECT COUNT(*) AS n FROM (SELECT 1 FROM businesses b ${where(all)} LIMIT ${cap}) AS capped`,
      params.values,
    );
    params.values.pop();
  }
  if (page.offset >= total) return { ids: [], total };
  return pageOf(store, `FROM businesses b ${where(all)}`, adminListOrder(sort), params, page, total);
}

/** One page of the ids `from` gives, in `order`. */
async function pageOf(
  store: PostgresStore,
  from: string,
  order: string,
  params: Params,
  page: AdminPage,
  total: number,
): Promise<AdminBusinessIds> {
  const limit = params.add(page.limit);
  const offset = params.add(page.offset);
  return {
    ids: await ids(
      store,
      `SELECT b.id ${from} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
      params.values,
    ),
    total,
  };
}

/** Of the given businesses, those the filter's columns keep, in the list's order. */
export async function pgFilterAdminBusinessIds(
  store: PostgresStore,
  filter: Omit<AdminBusinessFilter, 'search' | 'excludeIds'>,
  given: readonly number[],
  sort?: AdminSort,
): Promise<number[]> {
  const params = new Params();
  const clauses = [
    `b.id = ANY(${params.add(given, '::bigint[]')})`,
    ...columnClauses({ ...filter, search: undefined, excludeIds: undefined }, params),
  ];
  return ids(
    store,
    `SELECT b.id FROM businesses b ${where(clauses)} ORDER BY ${adminListOrder(sort)}`,
    params.values,
  );
}
