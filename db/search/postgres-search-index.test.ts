// The same businesses indexed on SQLite (FTS5) and PostgreSQL (tsvector) match the same conditions in
// the same rank order, with the same counts, vocabulary and rank bins — before and after removals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, type TestStore } from '../../server/domain/testing/test-store.ts';
import { refreshAggregatesIn } from '../aggregates.ts';
import { preparedQuery } from '../query/prepared-query.ts';
import type { PostgresStore, SqliteStore } from '../store/store.ts';
import { formOf, words } from './analyzer.ts';
import { ftsRebuild, ftsRemoveRows } from './fts-index.ts';
import type { Match } from './match.ts';
import {
  pgCountMatching,
  pgMatchingRowids,
  pgNameMatchingRowids,
  pgReadVocabulary,
  pgSearchRebuild,
  pgSearchRemove,
} from './postgres-search-index.ts';
import {
  countMatching,
  matchingRowids,
  nameMatchingIds,
  readRankBins,
  readVocabulary,
} from './search-reads.ts';
import { term } from './terms.ts';

interface Row {
  id: number;
  name: string;
  category: string;
  city: string;
  state: string;
  zip: string;
  rating: number;
  reviews: number;
  verified: number;
  description: string | null;
}

// biome-ignore format: a table of rows
const ROWS: Row[] = [
  { id: 1, name: "Joe's Plumbing & Drains", category: 'Plumber', city: 'Chicago', state: 'IL', zip: '60601', rating: 4.8, reviews: 120, verified: 1, description: 'Emergency plumbers, 24 hour service' },
  { id: 2, name: 'Windy City Plumbers', category: 'Plumber', city: 'Chicago', state: 'IL', zip: '60602', rating: 4.1, reviews: 12, verified: 0, description: null },
  { id: 3, name: 'The Corner Bar', category: 'Bar', city: 'Chicago', state: 'IL', zip: '60603', rating: 4.5, reviews: 300, verified: 1, description: 'Craft beer and cocktails' },
  { id: 4, name: 'Classic Cuts Barber Shop', category: 'Barber shop', city: 'Brooklyn', state: 'NY', zip: '11201', rating: 4.9, reviews: 80, verified: 0, description: "Men's haircuts" },
  { id: 5, name: 'Crème Brûlée Café', category: 'Cafe', city: 'London', state: 'Greater London', zip: 'SW1A 1AA', rating: 3.9, reviews: 5, verified: 1, description: 'Pâtisserie' },
  { id: 6, name: "O'Brien \\ Sons Plumbing", category: 'Plumber', city: 'Brooklyn', state: 'NY', zip: '11201', rating: 4.8, reviews: 120, verified: 0, description: 'plumbing and heating' },
];

const insertBusiness = preparedQuery(
  'pg_search_test_insert',
  (db, a: Row & { slug: string; cityKey: string; now: string }) =>
    db.insertInto('businesses').values({
      id: a.id,
      place_id: a.slug,
      slug: a.slug,
      name: a.name,
      category: a.category,
      category_group: a.category,
      description: a.description,
      address: `${a.id} Main Street`,
      city: a.city,
      city_key: a.cityKey,
      state: a.state,
      zip_code: a.zip,
      country: a.state.length === 2 ? 'United States' : 'United Kingdom',
      country_code: a.state.length === 2 ? 'US' : 'GB',
      rating: a.rating,
      review_count: a.reviews,
      is_verified: a.verified,
      latitude: 41.88 + a.id / 100,
      longitude: -87.63,
      created_at: a.now,
      updated_at: a.now,
    } as never),
);

const MATCHES: Match[] = [
  { term: 'w_plumbing' },
  { term: term.form(formOf('plumbers')) },
  { term: 'w_plu', prefix: true },
  { all: [{ term: 'g_plumber' }, { term: 'p_chicago_il' }] },
  { any: [{ term: 'w_bar' }, { term: 'w_barber' }] },
  { but: { term: 'g_plumber' }, not: { term: 'v_1' } },
  { term: 'o_heating' },
  { term: 'w_creme' },
  { term: 'z_sw1a' },
  // The analyzer's key of an apostrophe word (and a backslash nowhere near an operator).
  { term: term.word(words("O'Brien")[0]!) },
  { term: 'w_nothing' },
];

describe('the search index on PostgreSQL beside SQLite', () => {
  let lite: TestStore;
  let pg: TestStore;
  let sqliteStore: SqliteStore;
  let postgresStore: PostgresStore;

  beforeAll(async () => {
    lite = await createTestStore('sqlite');
    pg = await createTestStore('postgres');
    if (lite.store.dialect !== 'sqlite' || pg.store.dialect !== 'postgres') throw new Error('unreachable');
    sqliteStore = lite.store;
    postgresStore = pg.store;
    for (const test of [lite, pg]) {
      await test.store.transaction(async (tx) => {
        for (const row of ROWS)
          await tx.run(insertBusiness, {
            ...row,
            slug: `business-${row.id}`,
            cityKey: `${row.city.toLowerCase()}-${row.state.toLowerCase().replaceAll(' ', '-')}`,
            now: '2026-11-26T00:00:00.000Z',
          });
        await refreshAggregatesIn(tx);
      });
    }
    ftsRebuild(sqliteStore.sqlite);
    await pgSearchRebuild(postgresStore, 4);
  });
  afterAll(async () => {
    await lite?.dispose();
    await pg?.dispose();
  });

  const vocabulary = async () => {
    const sort = (rows: { term: string; docs: number }[]) =>
      [...rows].sort((a, b) => (a.term < b.term ? -1 : 1));
    return {
      sqlite: ['word', 'form'].map((field) => sort(readVocabulary(sqliteStore.sqlite, field as 'word'))),
      postgres: await Promise.all(
        ['word', 'form'].map(async (field) => sort(await pgReadVocabulary(postgresStore, field as 'word'))),
      ),
    };
  };

  it('matches every kind of condition alike, in the same rank order', async () => {
    for (const match of MATCHES) {
      const expected = matchingRowids(sqliteStore.sqlite, match, 100);
      expect(await pgMatchingRowids(postgresStore, match, 100), JSON.stringify(match)).toEqual(expected);
      expect(await pgMatchingRowids(postgresStore, match, 1, 1)).toEqual(expected.slice(1, 2));
      // The plan for common conditions (walking the rank order), reached here by a bound of 1 match.
      expect(await pgMatchingRowids(postgresStore, match, 100, 0, { sparseMatches: 1 })).toEqual(expected);
      expect(await pgMatchingRowids(postgresStore, match, 1, 1, { sparseMatches: 1 })).toEqual(
        expected.slice(1, 2),
      );
      expect(await pgCountMatching(postgresStore, match, 2)).toBe(
        countMatching(sqliteStore.sqlite, match, 2),
      );
    }
    // At least the plumber conditions found something: the comparison is not between two empty lists.
    expect(matchingRowids(sqliteStore.sqlite, MATCHES[1]!, 100)).toHaveLength(3);
  });

  it('keeps the same names for suggestions, vocabulary and rank bins', async () => {
    // The names' rows hold the words themselves (and place terms), as typed so far.
    const byName: Match = { term: 'plu', prefix: true };
    const names = await pgNameMatchingRowids(postgresStore, byName, 10);
    expect(names.length).toBeGreaterThan(0);
    expect(names.map((rowid) => rowid % 2 ** 28)).toEqual(nameMatchingIds(sqliteStore.sqlite, byName, 10));
    const { sqlite, postgres } = await vocabulary();
    expect(postgres).toEqual(sqlite);
    const bins = await postgresStore.query<{ bin: number; businesses: number }>(
      'SELECT bin, businesses FROM search_rank_bins ORDER BY bin',
    );
    expect(bins.rows).toEqual(readRankBins(sqliteStore.sqlite));
  });

  it('lays the rebuilt rows in the table in rank order, across its steps', async () => {
    const laid = await postgresStore.query<{ rowid: string }>(
      'SELECT rowid FROM search_documents ORDER BY ctid',
    );
    const rowids = laid.rows.map((row) => Number(row.rowid));
    expect(rowids).toHaveLength(ROWS.length);
    expect(rowids).toEqual([...rowids].sort((a, b) => a - b));
    // Not merely the businesses' order: the best-ranked business is not the first.
    expect(rowids.map((rowid) => rowid % 2 ** 28)).not.toEqual(ROWS.map((row) => row.id));
  });

  it('counts the vocabulary down alike when businesses leave the index', async () => {
    ftsRemoveRows(sqliteStore.sqlite, [1, 6]);
    await postgresStore.transaction((tx) => pgSearchRemove(tx, [1, 6]));
    const { sqlite, postgres } = await vocabulary();
    expect(postgres).toEqual(sqlite);
    for (const match of MATCHES)
      expect(await pgMatchingRowids(postgresStore, match, 100)).toEqual(
        matchingRowids(sqliteStore.sqlite, match, 100),
      );
  });
});
