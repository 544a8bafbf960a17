// The admin list's filters against a plain reading of the table, and single-row writes whose
// incremental counts must equal what a full refreshAggregates computes.
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureRowToBusiness, insertBusinesses } from '../fixtures/generator/database-rows.ts';
import { generateRows } from '../fixtures/generator/rows.ts';
import {
  type AdminBusinessFilter,
  deleteBusinessRow,
  EXACT_RANK_LIMIT,
  listAdminBusinessIds,
  updateBusinessRow,
} from './admin-business-repository.ts';
import { boundedWriteTransaction, isBusyError } from './bounded-write.ts';
import type { Sqlite } from './connection.ts';
import { ID_BITS, words } from './search/analyzer.ts';
import { ftsIntegrityCheck, ftsRebuild } from './search/fts-index.ts';
import { toFts5 } from './search/match.ts';
import { term } from './search/terms.ts';
import { readDataVersion, refreshAggregates } from './stats-repository.ts';
import type { Store } from './store/store.ts';
import { createTempDatabase, type TempDatabase } from './testing/temp-database.ts';

let database: TempDatabase;
let sqlite: Sqlite;
let store: Store;
beforeEach(async () => {
  database = await createTempDatabase('admin-business-repo-');
  sqlite = database.sqlite;
  store = database.store;
});
afterEach(async () => {
  await database.dispose();
});

function seed(count: number, seedValue = 5, rename?: (index: number) => string): void {
  const records = [...generateRows({ count, seed: seedValue })].map((row, index) => {
    const record = fixtureRowToBusiness(row, index, '2026-01-01T00:00:00.000Z');
    return rename ? { ...record, name: rename(index) } : record;
  });
  insertBusinesses(sqlite, records);
  ftsRebuild(sqlite);
  refreshAggregates(sqlite);
}

interface Fields {
  id: number;
  country: string;
  is_verified: number;
  category: string;
  category_group: string;
}

/** The search box's words as the domain would compile them (here: each word exactly, anywhere). */
function asMatch(text: string): string {
  const tokens = words(text);
  if (tokens.length === 0) return '';
  return toFts5({
    all: tokens.map((token) => ({ any: [{ term: term.word(token) }, { term: term.other(token) }] })),
  });
}

const list = (filter: AdminBusinessFilter, page: { limit: number; offset: number }) =>
  listAdminBusinessIds(
    store,
    filter.search === undefined ? filter : { ...filter, search: asMatch(filter.search) },
    page,
  );

/** The answer worked out the slow, obvious way. */
function reference(filter: AdminBusinessFilter): number[] {
  const rows = sqlite
    .prepare('SELECT id, country, is_verified, category, category_group FROM businesses ORDER BY id DESC')
    .all() as Fields[];
  const matches =
    filter.search === undefined
      ? null
      : new Set(
          sqlite
            .prepare(`SELECT rowid % ${ID_BITS} FROM search_fts WHERE search_fts MATCH ?`)
            .pluck()
            .all(asMatch(filter.search)) as number[],
        );
  return rows
    .filter(
      (row) =>
        (matches === null || matches.has(row.id)) &&
        (filter.country === undefined || row.country === filter.country) &&
        (filter.verified === undefined || row.is_verified === (filter.verified ? 1 : 0)) &&
        (filter.category === undefined ||
          (filter.category.kind === 'group' ? row.category_group : row.category) === filter.category.value),
    )
    .map((row) => row.id);
}

/** Every stats table as rows, the data version left out (it only ever goes up). */
function statsSnapshot() {
  return {
    cities: sqlite.prepare('SELECT * FROM city_stats ORDER BY city_key').all(),
    categories: sqlite.prepare('SELECT * FROM category_stats ORDER BY category').all(),
    countries: sqlite.prepare('SELECT * FROM country_stats ORDER BY country').all(),
    site: sqlite.prepare(`SELECT * FROM site_stats WHERE key <> 'data_version' ORDER BY key`).all(),
  };
}

const US = 'United States of America';
const UK = 'United Kingdom';

describe('listAdminBusinessIds without a search', () => {
  beforeEach(() => seed(300));

  const filters: Array<[string, AdminBusinessFilter]> = [
    ['nothing', {}],
    ['pending', { verified: false }],
    ['verified', { verified: true }],
    ['a country', { country: UK }],
    ['a category', { category: { kind: 'category', value: 'Coffee shop' } }],
    ['a group', { category: { kind: 'group', value: 'Restaurants' } }],
    ['country and status', { country: UK, verified: false }],
    ['country and category', { country: US, category: { kind: 'category', value: 'Coffee shop' } }],
    ['group and status', { category: { kind: 'group', value: 'Healthcare' }, verified: true }],
    ['all three', { country: US, verified: false, category: { kind: 'group', value: 'Restaurants' } }],
    ['an unknown country', { country: 'Atlantis' }],
  ];

  it.each(filters)('lists newest first and counts exactly: %s', async (_label, filter) => {
    const expected = reference(filter);
    for (const page of [
      { limit: 50, offset: 0 },
      { limit: 7, offset: 3 },
      { limit: 100, offset: 40 },
      { limit: 10, offset: 290 },
      // Past the middle: read from the oldest end (exact counts only).
      { limit: 7, offset: 150 },
      { limit: 10, offset: 205 },
      { limit: 50, offset: 260 },
    ]) {
      const answer = await list(filter, page);
      expect(answer.total).toBe(expected.length);
      expect(answer.ids).toEqual(expected.slice(page.offset, page.offset + page.limit));
    }
  });

  it('has something to find for every filter above (else the comparison proves little)', () => {
    for (const [label, filter] of filters.slice(0, -1))
      expect(reference(filter).length, label).toBeGreaterThan(0);
  });
});

describe('listAdminBusinessIds with a search', () => {
  it('orders a specific search by best match (name first) and applies every filter', async () => {
    seed(300);
    sqlite.prepare(`UPDATE businesses SET name = 'Zephyr Plumbing', is_verified = 0 WHERE id = 10`).run();
    sqlite
      .prepare(`UPDATE businesses SET description = 'Ask for Zephyr, our best plumber' WHERE id = 250`)
      .run();
    ftsRebuild(sqlite);
    const answer = await list({ search: 'zephyr' }, { limit: 50, offset: 0 });
    expect(answer).toEqual({ ids: [10, 250], total: 2 });
    expect((await list({ search: 'zephyr', verified: false }, { limit: 50, offset: 0 })).ids).toEqual(
      reference({ search: 'zephyr', verified: false }).filter((id) => id === 10),
    );
    expect(await list({ search: 'zephyr', country: 'Atlantis' }, { limit: 50, offset: 0 })).toEqual({
      ids: [],
      total: 0,
    });
  });

  it('answers nothing for a search with no words or no matches', async () => {
    seed(20);
    expect(await list({ search: ' "* ' }, { limit: 50, offset: 0 })).toEqual({
      ids: [],
      total: 0,
    });
    expect(await list({ search: 'qwxzv' }, { limit: 50, offset: 0 })).toEqual({
      ids: [],
      total: 0,
    });
  });

  it('lists a common word newest first, with exact counts under the cap', async () => {
    const count = EXACT_RANK_LIMIT + 200;
    seed(count, 7, (index) => `Common Name ${index}`);
    const filters: AdminBusinessFilter[] = [
      { search: 'common' },
      { search: 'common', verified: false },
      { search: 'common', country: UK, category: { kind: 'group', value: 'Restaurants' } },
    ];
    for (const filter of filters) {
      const expected = reference(filter);
      for (const page of [
        { limit: 50, offset: 0 },
        { limit: 20, offset: 100 },
        { limit: 50, offset: count - 30 },
      ]) {
        const answer = await list(filter, page);
        expect(answer.total).toBe(expected.length);
        expect(answer.ids).toEqual(expected.slice(page.offset, page.offset + page.limit));
      }
    }
    expect(reference({ search: 'common' })).toHaveLength(count);
  });
});

describe('updateBusinessRow and deleteBusinessRow', () => {
  it('keep the counts exactly as a full recount would, through many edits and deletions', async () => {
    seed(200);
    const ids = sqlite.prepare('SELECT id FROM businesses ORDER BY id').pluck().all() as number[];
    const cities = ['Springfield', 'springfield', 'SPRINGFIELD', 'Austin', 'Leeds', ''];
    const categories = ['Coffee shop', 'Dentist', 'Brand new category', ''];
    const countries = [US, UK, 'Ireland', ''];
    let version = readDataVersion(sqlite);
    for (let step = 0; step < 120; step++) {
      const id = ids[(step * 37) % ids.length]!;
      await store.transaction(async (tx) => {
        if (step % 9 === 8) {
          await deleteBusinessRow(tx, id);
          return;
        }
        const city = cities[step % cities.length]!;
        await updateBusinessRow(
          tx,
          id,
          {
            city,
            city_key: city.toLocaleLowerCase('en-US'),
            category: categories[step % categories.length]!,
            country: countries[step % countries.length]!,
            is_verified: step % 2,
            review_count: step * 3,
          },
          `2026-02-01T00:00:${String(step % 60).padStart(2, '0')}.000Z`,
        );
      });
      const next = readDataVersion(sqlite);
      expect(next).toBeGreaterThanOrEqual(version);
      version = next;
    }
    const incremental = statsSnapshot();
    refreshAggregates(sqlite);
    expect(incremental).toEqual(statsSnapshot());
    // The spellings of one city share a row, named by the smallest spelling, as the recount names it.
    expect(sqlite.prepare(`SELECT name FROM city_stats WHERE city_key = 'springfield'`).pluck().get()).toBe(
      'SPRINGFIELD',
    );
    ftsIntegrityCheck(sqlite);
  });

  it('renames a city row when its last business with that spelling leaves', async () => {
    seed(5);
    sqlite.prepare(`UPDATE businesses SET city = 'Bath', city_key = 'bath' WHERE id IN (1, 2)`).run();
    sqlite.prepare(`UPDATE businesses SET city = 'bath', city_key = 'bath' WHERE id = 3`).run();
    refreshAggregates(sqlite);
    const name = () => sqlite.prepare(`SELECT name FROM city_stats WHERE city_key = 'bath'`).pluck().get();
    expect(name()).toBe('Bath');
    await store.transaction((tx) => deleteBusinessRow(tx, 1));
    expect(name()).toBe('Bath');
    await store.transaction((tx) => deleteBusinessRow(tx, 2));
    expect(name()).toBe('bath');
    await store.transaction((tx) => deleteBusinessRow(tx, 3));
    expect(name()).toBeUndefined();
  });

  it('re-index the row for search and stamp updated_at; false for a missing row', async () => {
    seed(10);
    const version = readDataVersion(sqlite);
    const updated = await store.transaction((tx) =>
      updateBusinessRow(tx, 4, { name: 'Quixotic Bakery' }, '2026-03-01T10:00:00.000Z'),
    );
    expect(updated).toBe(true);
    expect(readDataVersion(sqlite)).toBe(version + 1);
    expect((await list({ search: 'quixotic' }, { limit: 5, offset: 0 })).ids).toEqual([4]);
    expect(sqlite.prepare('SELECT updated_at, slug FROM businesses WHERE id = 4').get()).toEqual({
      updated_at: '2026-03-01T10:00:00.000Z',
      slug: expect.stringMatching(/-3$/),
    });
    await store.transaction((tx) => deleteBusinessRow(tx, 4));
    expect((await list({ search: 'quixotic' }, { limit: 5, offset: 0 })).ids).toEqual([]);
    ftsIntegrityCheck(sqlite);
    expect(await store.transaction((tx) => updateBusinessRow(tx, 4, { name: 'X' }, 'now'))).toBe(false);
    expect(await store.transaction((tx) => deleteBusinessRow(tx, 4))).toBe(false);
  });

  it('refuse a column that is not editable', async () => {
    seed(2);
    await expect(updateBusinessRow(store, 1, { slug: 'x' } as never, 'now')).rejects.toThrow(
      /not an editable column: slug/,
    );
  });
});

describe('boundedWriteTransaction', () => {
  it('gives up quickly while another connection writes, then restores the wait', async () => {
    seed(2);
    const other = new BetterSqlite3(database.path);
    other.exec('BEGIN IMMEDIATE');
    try {
      const started = performance.now();
      let caught: unknown;
      try {
        await boundedWriteTransaction(store, 50, (tx) =>
          updateBusinessRow(tx, 1, { name: 'Blocked' }, 'now'),
        );
      } catch (error) {
        caught = error;
      }
      expect(isBusyError(caught)).toBe(true);
      expect(performance.now() - started).toBeLessThan(1_000);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(sqlite.prepare('SELECT name FROM businesses WHERE id = 1').pluck().get()).not.toBe('Blocked');
  });
});
