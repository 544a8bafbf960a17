// SQL for the admin panel's business list and for editing and deleting businesses. Each write keeps
// the search index, the precomputed counts and the data version in step with the row. The counts are
// adjusted by increments, not by refreshAggregates: that recounts the whole table (measured 5.5–8.4 s
// at 1,000,000 rows), far too long to hold the write lock and the event loop for one edit.
// The write functions must run inside a transaction (the domain opens it, so that the activity record
// lands in the same one).

import {
  categoryCountQuery,
  countryCountQuery,
  pgFilterAdminBusinessIds,
  pgListAdminBusinessIds,
  siteStatQuery,
} from './admin-business-list-postgres.ts';
import { maskOfColumns } from './business-fields.ts';
import {
  adjustCounts,
  adjustSiteStat,
  type CountedFields,
  countDeletedBusinesses,
  countedFieldsOf,
  indexBusinessesIn,
  recountMaxBusinessId,
  unindexBusinessesIn,
} from './business-upkeep.ts';
import type { Sqlite } from './connection.ts';
import { IMPORTED_COLUMNS, type ImportedColumn } from './import-repository.ts';
import { preparedQuery } from './query/prepared-query.ts';
import { sqliteSync } from './query/query-runner.ts';
import type { BusinessTable } from './schema.ts';
import { ID_BITS } from './search/analyzer.ts';
import { cachedStatement as cached } from './statement-cache.ts';
import { bumpDataVersionQuery } from './stats-repository.ts';
import type { Store } from './store/store.ts';

/** The admin table's sortable columns and order, restated from server/contract/admin-businesses.ts (db/
 *  imports nothing of the server); SORT_TERMS below must name every one, so a column added there fails
 *  to type-check where the domain passes it here. */
export type AdminSortColumn = 'name' | 'category' | 'city' | 'rating' | 'status';
export interface AdminSort {
  column: AdminSortColumn;
  order: 'asc' | 'desc';
}

export interface AdminBusinessFilter {
  /** The search box's text as the index's own query: an FTS5 MATCH expression on SQLite, a tsquery
   *  over search_documents.terms on PostgreSQL (the domain's search rules compile it). */
  search?: string;
  category?: { kind: 'category' | 'group'; value: string };
  /** Exact country name, as the country list gives it. */
  country?: string;
  verified?: boolean;
  /** Businesses left out: those a phone or place-id lookup has already listed first. */
  excludeIds?: readonly number[];
}

export interface AdminPage {
  limit: number;
  offset: number;
}

/** Ids in display order (newest first; best match first for a specific search; or the chosen sort)
 *  and the total. */
export interface AdminBusinessIds {
  ids: number[];
  total: number;
}

/** Above this many matches a search is listed newest first rather than best first. */
export const EXACT_RANK_LIMIT = 1000;
// The index's rowid holds the rank above the business id (db/search/analyzer.ts).
const FTS_IDS = `SELECT rowid % ${ID_BITS} FROM search_fts WHERE search_fts MATCH ?`;
/** A search with filters and many matches counts at most this many (reported as the total): an exact
 *  count of a common word within a status costs 100+ ms at 1M rows; 200 pages of 50 are plenty. */
export const ADMIN_SEARCH_COUNT_CAP = 10_000;

interface Filters {
  clauses: string[];
  args: unknown[];
  /** businesses_admin_filter (is_verified, country, category_group, category) fits these clauses. */
  adminIndex: boolean;
}

function columnFilters(filter: AdminBusinessFilter): Filters {
  const clauses: string[] = [];
  const args: unknown[] = [];
  if (filter.verified !== undefined) {
    clauses.push('b.is_verified = ?');
    args.push(filter.verified ? 1 : 0);
  } else if (filter.country !== undefined) {
    // The index leads with the status: "either status" is two ranges of it.
    clauses.push('b.is_verified IN (0, 1)');
  }
  if (filter.country !== undefined) {
    clauses.push('b.country = ?');
    args.push(filter.country);
  }
  if (filter.category) {
    clauses.push(filter.category.kind === 'group' ? 'b.category_group = ?' : 'b.category = ?');
    args.push(filter.category.value);
  }
  if (filter.excludeIds && filter.excludeIds.length > 0) {
    clauses.push('b.id NOT IN (SELECT value FROM json_each(?))');
    args.push(JSON.stringify(filter.excludeIds));
  }
  return { clauses, args, adminIndex: filter.verified !== undefined || filter.country !== undefined };
}

const andAll = (clauses: readonly string[]) => clauses.map((clause) => ` AND ${clause}`).join('');

// ---- sort orders --------------------------------------------------------------------------------

type Direction = 'ASC' | 'DESC';
type Term = readonly [expression: string, direction: Direction];

/** Each sort reads one index from either end: its terms are exactly that index's columns (the id, the
 *  rowid every index ends with, breaks ties), so that a page is a walk, not a sort of the table.
 *  "desc" is the exact reverse of "asc". Category and city keep the public lists' best-rated-first
 *  within a value, since their indexes have it; the status groups by country and category after it
 *  (businesses_admin_filter's columns). Name and rating have indexes of their own
 *  (db/migrations/2026-11-27T0200-admin-sort-indexes.ts). */
const SORT_TERMS: Record<AdminSortColumn, { index: string; terms: readonly Term[] }> = {
  name: {
    index: 'businesses_admin_name',
    terms: [
      ['b.name COLLATE NOCASE', 'ASC'],
      ['b.id', 'ASC'],
    ],
  },
  category: {
    index: 'businesses_category_rank',
    terms: [
      ['b.category', 'ASC'],
      ['b.rank_score', 'DESC'],
      ['b.id', 'ASC'],
    ],
  },
  city: {
    index: 'businesses_city_rank',
    terms: [
      ['b.city_key', 'ASC'],
      ['b.rank_score', 'DESC'],
      ['b.id', 'ASC'],
    ],
  },
  rating: {
    index: 'businesses_admin_rating',
    terms: [
      ['b.rating', 'ASC'],
      ['b.review_count', 'ASC'],
      ['b.id', 'ASC'],
    ],
  },
  status: {
    index: 'businesses_admin_filter',
    terms: [
      ['b.is_verified', 'ASC'],
      ['b.country', 'ASC'],
      ['b.category_group', 'ASC'],
      ['b.category', 'ASC'],
      ['b.id', 'ASC'],
    ],
  },
};

interface ListOrder {
  terms: readonly Term[];
  /** The table read in this order: the sort's index, or the table itself by id. */
  walkSource: string;
}

const flip = ([expression, direction]: Term): Term => [expression, direction === 'ASC' ? 'DESC' : 'ASC'];

/** Newest first (id descending) without a sort. */
function listOrder(sort: AdminSort | undefined): ListOrder {
  if (!sort) return { terms: [['b.id', 'DESC']], walkSource: 'businesses b NOT INDEXED' };
  const { index, terms } = SORT_TERMS[sort.column];
  return {
    terms: sort.order === 'asc' ? terms : terms.map(flip),
    walkSource: `businesses b INDEXED BY ${index}`,
  };
}

const orderBy = (terms: readonly Term[]) =>
  terms.map(([expression, direction]) => `${expression} ${direction}`).join(', ');

// ---- the list -----------------------------------------------------------------------------------

/** One page of the admin list. Without a sort: newest first (id descending); with a search, best
 *  match first (the rank order of the search index) when at most EXACT_RANK_LIMIT businesses match the
 *  text; a more common text is listed newest first, since ranking every match costs seconds at 1M
 *  rows. A sort orders the whole list, search or not. */
export async function listAdminBusinessIds(
  store: Store,
  filter: AdminBusinessFilter,
  page: AdminPage,
  sort?: AdminSort,
): Promise<AdminBusinessIds> {
  if (store.dialect === 'postgres') return pgListAdminBusinessIds(store, filter, page, sort);
  return listSqlite(store.sqlite, filter, page, sort);
}

function listSqlite(
  sqlite: Sqlite,
  filter: AdminBusinessFilter,
  page: AdminPage,
  sort?: AdminSort,
): AdminBusinessIds {
  const filters = columnFilters(filter);
  const order = listOrder(sort);
  if (filter.search === undefined) {
    const total = countWithoutSearch(sqlite, filter, filters);
    return { ids: orderedPage(sqlite, filters, null, total, true, page, order, sort !== undefined), total };
  }
  const match = filter.search;
  if (!match) return { ids: [], total: 0 };
  const textMatches = cached(sqlite, 'SELECT COUNT(*) FROM search_fts WHERE search_fts MATCH ?')
    .pluck()
    .get(match) as number;
  if (textMatches === 0) return { ids: [], total: 0 };
  const { clauses, args } = filters;

  if (textMatches <= EXACT_RANK_LIMIT) {
    // Few matches: everything is read from them, through the primary key.
    const from = `FROM (SELECT rowid AS rank_key, rowid % ${ID_BITS} AS id FROM search_fts WHERE search_fts MATCH ?) f
      JOIN businesses b ON b.id = f.id WHERE 1${andAll(clauses)}`;
    const total =
      clauses.length === 0
        ? textMatches
        : (cached(sqlite, `SELECT COUNT(*) ${from}`)
            .pluck()
            .get(match, ...args) as number);
    const ranking = sort ? orderBy(order.terms) : 'f.rank_key';
    const ids = cached(sqlite, `SELECT b.id ${from} ORDER BY ${ranking} LIMIT ? OFFSET ?`)
      .pluck()
      .all(match, ...args, page.limit, page.offset) as number[];
    return { ids, total };
  }
  const total =
    clauses.length === 0
      ? textMatches
      : (cached(
          sqlite,
          `SELECT COUNT(*) FROM (SELECT 1 FROM businesses b WHERE b.id IN (${FTS_IDS})${andAll(clauses)} LIMIT ?)`,
        )
          .pluck()
          .get(match, ...args, ADMIN_SEARCH_COUNT_CAP) as number);
  const exact = clauses.length === 0 || total < ADMIN_SEARCH_COUNT_CAP;
  return { ids: orderedPage(sqlite, filters, match, total, exact, page, order, sort !== undefined), total };
}

/** A sort's order is not independent of the filters as the id order is: names follow the category
 *  ("Pizza …", "Trattoria …"), so the matches cluster along the name index and a walk may read many
 *  times its estimate (measured at 100,000 rows: the first 50 Italian restaurants by name, 3.8 % of
 *  the table, 25–59 ms walking against 5–12 ms sorting them, the machine shared). A sorted list walks
 *  only when the estimate is this many times below the matches. */
const SORTED_WALK_MARGIN = 16;

/** The page in the list's order, by whichever way reads fewer rows. SQLite has no statistics here to
 *  choose with, and left alone it sorted all 700,000 verified businesses to show 50 (160 ms) where
 *  walking the table backwards finds them in the first 70 rows. Walking (the table by id, or a sort's
 *  index) costs about (offset + limit) × table ÷ matches rows, reading the matches through the filter
 *  index and sorting them costs about the matches. OFFSET is a walk too (a b-tree cannot skip rows):
 *  a page past the middle of an exactly counted list is read from the other end and turned round, so
 *  the last page of a million costs what the first does (walking 500,000 rows from a cold cache took
 *  19–49 s here, the disk shared with other work). */
function orderedPage(
  sqlite: Sqlite,
  { clauses, args, adminIndex }: Filters,
  match: string | null,
  total: number,
  exact: boolean,
  page: AdminPage,
  order: ListOrder,
  sorted: boolean,
): number[] {
  if (page.offset >= total) return [];
  const all = match === null ? clauses : [`b.id IN (${FTS_IDS})`, ...clauses];
  const allArgs = match === null ? args : [match, ...args];
  const tableSize = Math.max(1, siteStat(sqlite, 'total_businesses'));
  // How far into the list the page is, from the end it is nearer to.
  const fromEnd = exact && total - page.offset < page.offset + page.limit;
  const depth = fromEnd ? total - page.offset : page.offset + page.limit;
  // Newest first with no column filter walks the table by id whatever the search (the id order is
  // the primary key's); a sort's index is only walked when the matches are dense enough along it.
  const walk = sorted
    ? total * total >= depth * tableSize * SORTED_WALK_MARGIN
    : clauses.length === 0 || total * total >= depth * tableSize;
  // NOT INDEXED still reads the table (and an id list) by its primary key, in id order.
  const source = walk
    ? order.walkSource
    : adminIndex
      ? 'businesses b INDEXED BY businesses_admin_filter'
      : 'businesses b';
  const where = all.length > 0 ? `WHERE ${all.join(' AND ')}` : '';
  if (walk && fromEnd) {
    const rows = Math.min(page.limit, total - page.offset);
    const ids = cached(
      sqlite,
      `SELECT b.id FROM ${source} ${where} ORDER BY ${orderBy(order.terms.map(flip))} LIMIT ? OFFSET ?`,
    )
      .pluck()
      .all(...allArgs, rows, total - page.offset - rows) as number[];
    return ids.reverse();
  }
  return cached(
    sqlite,
    `SELECT b.id FROM ${source} ${where} ORDER BY ${orderBy(order.terms)} LIMIT ? OFFSET ?`,
  )
    .pluck()
    .all(...allArgs, page.limit, page.offset) as number[];
}

/** Of the given businesses (a phone or place-id lookup's, a few), those the filter's columns keep,
 *  in the list's order. */
export async function filterAdminBusinessIds(
  store: Store,
  filter: Omit<AdminBusinessFilter, 'search' | 'excludeIds'>,
  ids: readonly number[],
  sort?: AdminSort,
): Promise<number[]> {
  if (ids.length === 0) return [];
  if (store.dialect === 'postgres') return pgFilterAdminBusinessIds(store, filter, ids, sort);
  const { sqlite } = store;
  const { clauses, args } = columnFilters({ ...filter, search: undefined, excludeIds: undefined });
  // The id list drives (CROSS JOIN keeps it outside): one primary-key probe per id.
  return cached(
    sqlite,
    `SELECT b.id FROM json_each(?) j CROSS JOIN businesses b ON b.id = j.value
     WHERE 1${andAll(clauses)} ORDER BY ${orderBy(listOrder(sort).terms)}`,
  )
    .pluck()
    .all(JSON.stringify(ids), ...args) as number[];
}

/** Most businesses a phone lookup lists (a chain's shared number). */
export const PHONE_MATCH_LIMIT = 1000;

/** Businesses whose E.164 number is one of `numbers` (businesses_phone_international). */
export async function businessIdsByPhone(store: Store, numbers: readonly string[]): Promise<number[]> {
  if (numbers.length === 0) return [];
  if (store.dialect === 'postgres') {
    const { rows } = await store.query<{ id: number }>(
      `SELECT id FROM businesses WHERE phone_international = ANY($1::text[]) ORDER BY id DESC LIMIT $2`,
      [numbers, PHONE_MATCH_LIMIT],
    );
    return rows.map((row) => row.id);
  }
  return cached(
    store.sqlite,
    `SELECT b.id FROM json_each(?) j CROSS JOIN businesses b ON b.phone_international = j.value
     ORDER BY b.id DESC LIMIT ?`,
  )
    .pluck()
    .all(JSON.stringify(numbers), PHONE_MATCH_LIMIT) as number[];
}

/** The business with exactly this place id (businesses_place_id). */
const idByPlaceIdQuery = preparedQuery('admin_id_by_place_id', (db, args: { placeId: string }) =>
  db.selectFrom('businesses').select('id').where('place_id', '=', args.placeId),
);

export async function businessIdByPlaceId(store: Store, placeId: string): Promise<number | undefined> {
  return (await store.first(idByPlaceIdQuery, { placeId }))?.id;
}

function siteStat(sqlite: Sqlite, key: string): number {
  return sqliteSync.first(sqlite, siteStatQuery, { key })?.value ?? 0;
}

/** The precomputed counts answer a single filter; combinations count from businesses_admin_filter
 *  alone (measured at 1M rows: 0.3–15 ms, against 340–400 ms through the table). */
function countWithoutSearch(sqlite: Sqlite, filter: AdminBusinessFilter, filters: Filters): number {
  const { verified, country, category } = filter;
  const given = [verified, country, category].filter((value) => value !== undefined).length;
  if (filter.excludeIds && filter.excludeIds.length > 0) return countAll(sqlite, filters);
  if (given === 0) return siteStat(sqlite, 'total_businesses');
  if (given === 1 && verified !== undefined) {
    const verifiedCount = siteStat(sqlite, 'verified_businesses');
    return verified ? verifiedCount : siteStat(sqlite, 'total_businesses') - verifiedCount;
  }
  if (given === 1 && country !== undefined) {
    return sqliteSync.first(sqlite, countryCountQuery, { country })?.business_count ?? 0;
  }
  if (given === 1 && category?.kind === 'category') {
    return sqliteSync.first(sqlite, categoryCountQuery, { category: category.value })?.business_count ?? 0;
  }
  return countAll(sqlite, filters);
}

function countAll(sqlite: Sqlite, filters: Filters): number {
  const source = filters.adminIndex ? 'businesses b INDEXED BY businesses_admin_filter' : 'businesses b';
  return cached(sqlite, `SELECT COUNT(*) FROM ${source} WHERE ${filters.clauses.join(' AND ')}`)
    .pluck()
    .get(...filters.args) as number;
}

// ---- writes -------------------------------------------------------------------------------------

/** Imported columns an admin does not edit: the Maps link, attributes and status stay as imported. */
const IMPORT_ONLY = ['location_link', 'attributes', 'business_status'] as const;
type AdminEditedImportColumn = Exclude<ImportedColumn, (typeof IMPORT_ONLY)[number]>;

/** The columns an admin edit may write: the imported ones and the SEO text. The slug, place id and
 *  creation time never change. */
export const EDITABLE_COLUMNS = [
  ...IMPORTED_COLUMNS.filter(
    (column): column is AdminEditedImportColumn => !(IMPORT_ONLY as readonly string[]).includes(column),
  ),
  'about',
  'seo_title',
  'seo_description',
  'canonical_url',
] as const satisfies readonly (keyof BusinessTable)[];
export type EditableColumn = (typeof EDITABLE_COLUMNS)[number];
export type BusinessColumnChanges = { [K in EditableColumn]?: BusinessTable[K] };

const EDITABLE = new Set<string>(EDITABLE_COLUMNS);

/** Writes the changed columns of one business and stamps updated_at (the sitemap's lastmod); keeps
 *  its search and discovery entries, the counts and the data version current (db/business-upkeep.ts).
 *  False when there is no such row. Call inside the write's transaction, with its store. */
export async function updateBusinessRow(
  store: Store,
  id: number,
  changes: BusinessColumnChanges,
  updatedAt: string,
): Promise<boolean> {
  const columns = Object.keys(changes).filter((column) => {
    if (!EDITABLE.has(column)) throw new Error(`not an editable column: ${column}`);
    return true;
  }) as EditableColumn[];
  const before = await countedFieldsOf(store, id);
  if (!before) return false;
  // An external-content index removes a row's terms by its old text: before the row changes.
  await unindexBusinessesIn(store, [id]);
  // The edited fields are remembered: an update import leaves them as the administrator set them.
  // The columns vary with the edit, so the statement is written here (the names come from
  // EDITABLE_COLUMNS, never from the request).
  const values = [...columns.map((column) => changes[column]), updatedAt, maskOfColumns(columns), id];
  if (store.dialect === 'sqlite') {
    const assignments = [
      ...columns.map((column) => `${column} = ?`),
      'updated_at = ?',
      'edited_mask = edited_mask | ?',
    ].join(', ');
    cached(store.sqlite, `UPDATE businesses SET ${assignments} WHERE id = ?`).run(...values);
  } else {
    const n = columns.length;
    const assignments = [
      ...columns.map((column, i) => `${column} = $${i + 1}`),
      `updated_at = $${n + 1}`,
      `edited_mask = edited_mask | $${n + 2}`,
    ].join(', ');
    await store.query(`UPDATE businesses SET ${assignments} WHERE id = $${n + 3}`, values);
  }
  await indexBusinessesIn(store, [id]);
  const after = await countedFieldsOf(store, id);
  if (!after) throw new Error(`business ${id} went during its own update`);
  await adjustCounts(store, before, after);
  await store.run(bumpDataVersionQuery, {});
  return true;
}

/** Removes one business, its index entries and its share of the counts (deleteBusinessRows for one).
 *  False when there is no such row. Call inside the write's transaction, with its store. */
export async function deleteBusinessRow(store: Store, id: number): Promise<boolean> {
  return (await deleteBusinessRows(store, [id])).changed.length > 0;
}

/** Claims businesses for the write's transaction before anything of them is read: on PostgreSQL their
 *  rows are locked in id order (an edit then reads the row it changes, and two bulk actions over the
 *  same ids wait for each other instead of deadlocking); SQLite's write transaction holds the whole
 *  file already. */
export async function lockBusinessRows(store: Store, ids: readonly number[]): Promise<void> {
  if (store.dialect !== 'postgres' || ids.length === 0) return;
  await store.query('SELECT id FROM businesses WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE', [ids]);
}

/** What a bulk write did, id by id. */
export interface BulkRowsOutcome {
  /** Written (or deleted), with the name each had, in the order asked. */
  changed: Array<{ id: number; name: string }>;
  /** Already as asked (verify/unverify): not written, not stamped. */
  unchanged: number[];
  /** No such business. */
  missing: number[];
}

/** The `columns` of each business asked for that exists, by id: one statement (a bulk action asks for
 *  hundreds). On PostgreSQL the rows are locked for the transaction (FOR UPDATE), as countedFieldsOf
 *  locks one: two writes of one business count one after the other. */
async function rowsByIds<Row>(
  store: Store,
  columns: string,
  ids: readonly number[],
): Promise<Map<number, Row>> {
  type Read = Row & { id: number | string };
  const rows =
    store.dialect === 'sqlite'
      ? (cached(
          store.sqlite,
          `SELECT id, ${columns} FROM businesses WHERE id IN (SELECT value FROM json_each(?))`,
        ).all(JSON.stringify(ids)) as Read[])
      : (
          await store.query<Read>(
            `SELECT id, ${columns} FROM businesses WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
            [ids],
          )
        ).rows;
  return new Map(rows.map((row) => [Number(row.id), row]));
}

/** Sets the approval of each business, with its search entry, the verified count and the data version
 *  following as for one edit (updateBusinessRow's rules: the field remembered as edited, updated_at
 *  stamped), in a few statements for the lot rather than a dozen round trips a business (~1 s per 500
 *  on PostgreSQL). Those already so are left alone. Must run inside a transaction, like the one-row
 *  writes. */
export async function setVerifiedRows(
  store: Store,
  ids: readonly number[],
  verified: boolean,
  updatedAt: string,
): Promise<BulkRowsOutcome> {
  const value = verified ? 1 : 0;
  const outcome: BulkRowsOutcome = { changed: [], unchanged: [], missing: [] };
  const found = await rowsByIds<{ name: string; is_verified: number }>(store, 'name, is_verified', ids);
  const written = new Set<number>();
  for (const id of ids) {
    const row = found.get(id);
    if (!row) outcome.missing.push(id);
    // An id asked for twice is as asked after its first write.
    else if (row.is_verified === value || written.has(id)) outcome.unchanged.push(id);
    else {
      written.add(id);
      outcome.changed.push({ id, name: row.name });
    }
  }
  if (written.size === 0) return outcome;
  const changed = [...written];
  // An external-content index removes a row's terms by its old text: before the rows change.
  await unindexBusinessesIn(store, changed);
  const mask = maskOfColumns(['is_verified']);
  if (store.dialect === 'sqlite') {
    cached(
      store.sqlite,
      `UPDATE businesses SET is_verified = ?, updated_at = ?, edited_mask = edited_mask | ?
       WHERE id IN (SELECT value FROM json_each(?))`,
    ).run(value, updatedAt, mask, JSON.stringify(changed));
  } else {
    await store.query(
      `UPDATE businesses SET is_verified = $1, updated_at = $2, edited_mask = edited_mask | $3
       WHERE id = ANY($4::bigint[])`,
      [value, updatedAt, mask, changed],
    );
  }
  await indexBusinessesIn(store, changed);
  await adjustSiteStat(store, 'verified_businesses', (verified ? 1 : -1) * changed.length);
  await store.run(bumpDataVersionQuery, {});
  return outcome;
}

/** Deletes each business with its index entries, its share of the counts and the data version, as
 *  deleteBusinessRow does for one, in a few statements for the lot. Must run inside a transaction. */
export async function deleteBusinessRows(store: Store, ids: readonly number[]): Promise<BulkRowsOutcome> {
  const outcome: BulkRowsOutcome = { changed: [], unchanged: [], missing: [] };
  type Row = CountedFields & { name: string };
  const found = await rowsByIds<Row>(
    store,
    'name, city, city_key, category, country, is_verified, review_count',
    ids,
  );
  const gone: Row[] = [];
  const goneIds: number[] = [];
  for (const id of ids) {
    const row = found.get(id);
    // An id asked for twice is missing the second time, as after its delete.
    if (!row) outcome.missing.push(id);
    else {
      found.delete(id);
      gone.push(row);
      goneIds.push(id);
      outcome.changed.push({ id, name: row.name });
    }
  }
  if (gone.length === 0) return outcome;
  await unindexBusinessesIn(store, goneIds);
  if (store.dialect === 'sqlite')
    cached(store.sqlite, 'DELETE FROM businesses WHERE id IN (SELECT value FROM json_each(?))').run(
      JSON.stringify(goneIds),
    );
  else await store.query('DELETE FROM businesses WHERE id = ANY($1::bigint[])', [goneIds]);
  await countDeletedBusinesses(store, gone);
  await recountMaxBusinessId(store);
  await store.run(bumpDataVersionQuery, {});
  return outcome;
}

export { isBusyError } from './bounded-write.ts';
