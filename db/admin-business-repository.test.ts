// The admin list's filters against a plain reading of the table, and single-row writes whose
// incremental counts must equal what a full refreshAggregates computes — on a SQLite file and a
// PostgreSQL database, each test on both (each dialect's database made once, its businesses given
// again by each test).
import { beforeEach, describe, expect, it } from 'vitest';
import { fixtureRowToBusiness } from '../fixtures/generator/database-rows.ts';
import { generateRows } from '../fixtures/generator/rows.ts';
import { holdBusinessWriteLock } from '../server/domain/businesses/testing/held-business-lock.ts';
import { expectSearchIndexIntact } from '../server/domain/testing/search-index-check.ts';
import { execIn, rowsIn, storedDataVersion } from '../server/domain/testing/sql-in.ts';
import { DIALECTS } from '../server/domain/testing/test-store.ts';
import { testStoresForFile } from '../server/domain/testing/test-stores-for-file.ts';
import { replaceBusinesses } from '../server/http/admin-data/testing/replace-businesses.ts';
import {
  type AdminBusinessFilter,
  deleteBusinessRow,
  EXACT_RANK_LIMIT,
  listAdminBusinessIds,
  updateBusinessRow,
} from './admin-business-repository.ts';
import { refreshAggregatesIn } from './aggregates.ts';
import { boundedWriteTransaction, isBusyError, POSTGRES_LOCK_WAIT_MS } from './bounded-write.ts';
import { ID_BITS, words } from './search/analyzer.ts';
import { ftsRebuild } from './search/fts-index.ts';
import type { Match } from './search/match.ts';
import { pgSearchRebuild } from './search/postgres-search-index.ts';
import { indexQueryText } from './search/search-index.ts';
import { term } from './search/terms.ts';
import type { Store } from './store/store.ts';

/** Each dialect's database, made once for the file. */
const opened = testStoresForFile();

interface Fields {
  id: number;
  country: string;
  is_verified: number;
  category: string;
  category_group: string;
}

/** The search box's words as the domain would compile them (here: each word exactly, anywhere). */
function matchOf(text: string): Match | undefined {
  const tokens = words(text);
  if (tokens.length === 0) return undefined;
  return { all: tokens.map((token) => ({ any: [{ term: term.word(token) }, { term: term.other(token) }] })) };
}

const US = 'United States of America';
const UK = 'United Kingdom';

describe.each(DIALECTS)('on %s', (dialect) => {
  let store: Store;
  beforeEach(() => {
    store = opened[dialect].store;
  });

  /** `count` generated businesses in place of any before, indexed and counted as an import leaves them. */
  async function seed(count: number, seedValue = 5, rename?: (index: number) => string): Promise<void> {
    const records = [...generateRows({ count, seed: seedValue })].map((row, index) => {
      const record = fixtureRowToBusiness(row, index, '2026-01-01T00:00:00.000Z');
      return rename ? { ...record, name: rename(index) } : record;
    });
    await replaceBusinesses(store, records);
  }

  /** The search index made again from the rows, after a change behind the application's back. */
  async function rebuildSearch(): Promise<void> {
    const current = store;
    if (current.dialect === 'sqlite') ftsRebuild(current.sqlite);
    else await current.transaction((tx) => pgSearchRebuild(tx));
  }

  /** The search words as the index's own query (FTS5 on SQLite, a tsquery on PostgreSQL). */
  const asMatch = (text: string): string => {
    const match = matchOf(text);
    return match ? indexQueryText(dialect, match) : '';
  };

  const list = (filter: AdminBusinessFilter, page: { limit: number; offset: number }) =>
    listAdminBusinessIds(
      store,
      filter.search === undefined ? filter : { ...filter, search: asMatch(filter.search) },
      page,
    );

  /** The answer worked out the slow, obvious way. */
  async function reference(filter: AdminBusinessFilter): Promise<number[]> {
    const rows = await rowsIn<Fields>(
      store,
      'SELECT id, country, is_verified, category, category_group FROM businesses ORDER BY id DESC',
    );
    let matches: Set<number> | null = null;
    if (filter.search !== undefined) {
      const text = asMatch(filter.search);
      const found = text
        ? dialect === 'sqlite'
          ? await rowsIn<{ id: number }>(
              store,
              `SELECT rowid % ${ID_BITS} AS id FROM search_fts WHERE search_fts MATCH ?`,
              [text],
            )
          : await rowsIn<{ id: number }>(
              store,
              'SELECT business_id AS id FROM search_documents WHERE terms @@ ?::tsquery',
              [text],
            )
        : [];
      matches = new Set(found.map((row) => row.id));
    }
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
  async function statsSnapshot() {
    return {
      cities: await rowsIn(store, 'SELECT * FROM city_stats ORDER BY city_key'),
      categories: await rowsIn(store, 'SELECT * FROM category_stats ORDER BY category'),
      countries: await rowsIn(store, 'SELECT * FROM country_stats ORDER BY country'),
      site: await rowsIn(store, `SELECT * FROM site_stats WHERE key <> 'data_version' ORDER BY key`),
    };
  }
  const recount = () => store.transaction((tx) => refreshAggregatesIn(tx));

  /** Another writer holding business 1 until released (on PostgreSQL its row, as an import's merge
   *  locks it). */
  const holdBusinessOne = () => holdBusinessWriteLock(store, [1]);

  describe('listAdminBusinessIds without a search', () => {
    beforeEach(async () => {
      await seed(300);
    });

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
      const expected = await reference(filter);
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

    it('has something to find for every filter above (else the comparison proves little)', async () => {
      for (const [label, filter] of filters.slice(0, -1))
        expect((await reference(filter)).length, label).toBeGreaterThan(0);
    });
  });

  it('sorts names as SQLite NOCASE does: A–Z folded, other letters by code point', async () => {
    // NOCASE puts Å (U+00C5) and É (U+00C9) before á (U+00E1); folding every alphabet would not.
    const names = [
      'Émile Bakery',
      'emile bakery',
      'Zed',
      'apple',
      'ábaco',
      'banana',
      'BANANA',
      'éclair',
      'Ångström',
    ];
    await seed(names.length, 5, (index) => names[index]!);
    const rows = await rowsIn<{ id: number; name: string }>(store, 'SELECT id, name FROM businesses');
    const folded = (name: string) => name.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
    const expected = rows
      .sort((a, b) =>
        folded(a.name) < folded(b.name) ? -1 : folded(a.name) > folded(b.name) ? 1 : a.id - b.id,
      )
      .map((row) => row.id);
    const page = { limit: 20, offset: 0 };
    expect((await listAdminBusinessIds(store, {}, page, { column: 'name', order: 'asc' })).ids).toEqual(
      expected,
    );
    expect((await listAdminBusinessIds(store, {}, page, { column: 'name', order: 'desc' })).ids).toEqual(
      expected.toReversed(),
    );
  });

  describe('listAdminBusinessIds with a search', () => {
    it('orders a specific search by best match (name first) and applies every filter', async () => {
      await seed(300);
      await execIn(store, `UPDATE businesses SET name = 'Zephyr Plumbing', is_verified = 0 WHERE id = 10`);
      await execIn(
        store,
        `UPDATE businesses SET description = 'Ask for Zephyr, our best plumber' WHERE id = 250`,
      );
      await rebuildSearch();
      const answer = await list({ search: 'zephyr' }, { limit: 50, offset: 0 });
      expect(answer).toEqual({ ids: [10, 250], total: 2 });
      expect((await list({ search: 'zephyr', verified: false }, { limit: 50, offset: 0 })).ids).toEqual(
        (await reference({ search: 'zephyr', verified: false })).filter((id) => id === 10),
      );
      expect(await list({ search: 'zephyr', country: 'Atlantis' }, { limit: 50, offset: 0 })).toEqual({
        ids: [],
        total: 0,
      });
    });

    it('answers nothing for a search with no words or no matches', async () => {
      await seed(20);
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
      await seed(count, 7, (index) => `Common Name ${index}`);
      const filters: AdminBusinessFilter[] = [
        { search: 'common' },
        { search: 'common', verified: false },
        { search: 'common', country: UK, category: { kind: 'group', value: 'Restaurants' } },
      ];
      for (const filter of filters) {
        const expected = await reference(filter);
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
      expect(await reference({ search: 'common' })).toHaveLength(count);
    });
  });

  describe('updateBusinessRow and deleteBusinessRow', () => {
    it('keep the counts exactly as a full recount would, through many edits and deletions', async () => {
      await seed(200);
      const ids = (await rowsIn<{ id: number }>(store, 'SELECT id FROM businesses ORDER BY id')).map(
        (row) => row.id,
      );
      const cities = ['Springfield', 'springfield', 'SPRINGFIELD', 'Austin', 'Leeds', ''];
      const categories = ['Coffee shop', 'Dentist', 'Brand new category', ''];
      const countries = [US, UK, 'Ireland', ''];
      let version = await storedDataVersion(store);
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
        const next = await storedDataVersion(store);
        expect(next).toBeGreaterThanOrEqual(version);
        version = next;
      }
      const incremental = await statsSnapshot();
      await recount();
      expect(incremental).toEqual(await statsSnapshot());
      // The spellings of one city share a row, named by the smallest spelling, as the recount names it.
      expect(await rowsIn(store, `SELECT name FROM city_stats WHERE city_key = 'springfield'`)).toEqual([
        { name: 'SPRINGFIELD' },
      ]);
      await expectSearchIndexIntact(store);
    });

    it('renames a city row when its last business with that spelling leaves', async () => {
      await seed(5);
      await execIn(store, `UPDATE businesses SET city = 'Bath', city_key = 'bath' WHERE id IN (1, 2)`);
      await execIn(store, `UPDATE businesses SET city = 'bath', city_key = 'bath' WHERE id = 3`);
      await recount();
      const name = async () =>
        (await rowsIn<{ name: string }>(store, `SELECT name FROM city_stats WHERE city_key = 'bath'`))[0]
          ?.name;
      expect(await name()).toBe('Bath');
      await store.transaction((tx) => deleteBusinessRow(tx, 1));
      expect(await name()).toBe('Bath');
      await store.transaction((tx) => deleteBusinessRow(tx, 2));
      expect(await name()).toBe('bath');
      await store.transaction((tx) => deleteBusinessRow(tx, 3));
      expect(await name()).toBeUndefined();
    });

    it('re-index the row for search and stamp updated_at; false for a missing row', async () => {
      await seed(10);
      const version = await storedDataVersion(store);
      const updated = await store.transaction((tx) =>
        updateBusinessRow(tx, 4, { name: 'Quixotic Bakery' }, '2026-03-01T10:00:00.000Z'),
      );
      expect(updated).toBe(true);
      expect(await storedDataVersion(store)).toBe(version + 1);
      expect((await list({ search: 'quixotic' }, { limit: 5, offset: 0 })).ids).toEqual([4]);
      expect(await rowsIn(store, 'SELECT updated_at, slug FROM businesses WHERE id = 4')).toEqual([
        {
          updated_at: '2026-03-01T10:00:00.000Z',
          slug: expect.stringMatching(/-3$/),
        },
      ]);
      await store.transaction((tx) => deleteBusinessRow(tx, 4));
      expect((await list({ search: 'quixotic' }, { limit: 5, offset: 0 })).ids).toEqual([]);
      await expectSearchIndexIntact(store);
      expect(await store.transaction((tx) => updateBusinessRow(tx, 4, { name: 'X' }, 'now'))).toBe(false);
      expect(await store.transaction((tx) => deleteBusinessRow(tx, 4))).toBe(false);
    });

    it('refuse a column that is not editable', async () => {
      await seed(2);
      await expect(updateBusinessRow(store, 1, { slug: 'x' } as never, 'now')).rejects.toThrow(
        /not an editable column: slug/,
      );
    });
  });

  describe('boundedWriteTransaction', () => {
    it('gives up quickly while another connection writes, then restores the wait', async () => {
      await seed(2);
      // SQLite waits the 50 ms asked; PostgreSQL POSTGRES_LOCK_WAIT_MS for the row, whatever is asked.
      const limit = dialect === 'sqlite' ? 1_000 : POSTGRES_LOCK_WAIT_MS + 1_000;
      const release = await holdBusinessOne();
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
        expect(performance.now() - started).toBeLessThan(limit);
      } finally {
        await release();
      }
      // SQLite's connection waits its usual 5 s again; PostgreSQL's wait was the transaction's own.
      if (store.dialect === 'sqlite')
        expect(store.sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
      else
        expect((await store.query<{ lock_timeout: string }>('SHOW lock_timeout')).rows).toEqual([
          { lock_timeout: '0' },
        ]);
      expect(await rowsIn(store, 'SELECT name FROM businesses WHERE id = 1')).not.toEqual([
        { name: 'Blocked' },
      ]);
      expect(await rowsIn(store, 'SELECT name FROM businesses WHERE id = 1')).toHaveLength(1);
    });
  });
});
