// The R*Tree of coordinates and the hours patterns follow every write path (db/discovery-index.ts,
// called beside the search index's upkeep): an import's inserts and updates, an admin edit, a delete,
// a bulk delete, an approved submission and delete-all — checked against the table itself after each.
// SQLite only for those and the query plan: the R*Tree and the merge are SQLite's own (PostgreSQL's
// GiST index of the coordinates follows the rows by itself; its hours index is compared with SQLite's
// after edits and deletes in server/domain/businesses/admin-businesses-dialects.test.ts). The reads —
// words near a point, words with filters — run on both dialects.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BusinessRecord } from '../fixtures/generator/database-rows.ts';
import { businessRecord } from '../server/domain/businesses/testing/business-records.ts';
import { DIALECTS } from '../server/domain/testing/test-store.ts';
import { testStoresForFile } from '../server/domain/testing/test-stores-for-file.ts';
import { replaceBusinesses } from '../server/http/admin-data/testing/replace-businesses.ts';
import { deleteBusinessRow, deleteBusinessRows, updateBusinessRow } from './admin-business-repository.ts';
import type { Sqlite } from './connection.ts';
import { deleteAllBusinessRows } from './delete-all-repository.ts';
import { discoveryRebuild } from './discovery-index.ts';
import {
  countDiscovered,
  discoveryPlan,
  findDiscoveredIds,
  findTextPage,
  findWordsNearPage,
  readMatchIds,
} from './discovery-repository.ts';
import { businessIdOf, categoryFacet } from './search/analyzer.ts';
import { indexQueryText } from './search/search-index.ts';
import { createSqliteStore } from './store/sqlite-store.ts';
import type { SqliteStore, Store } from './store/store.ts';
import { insertSubmittedBusiness } from './submission-repository.ts';
import { stageAndMerge, stagedRow } from './testing/staged-row.ts';
import { createTempDatabase, type TempDatabase } from './testing/temp-database.ts';

let database: TempDatabase;
let sqlite: Sqlite;
let store: SqliteStore;
beforeEach(async () => {
  database = await createTempDatabase();
  sqlite = database.sqlite;
  store = createSqliteStore(sqlite);
});
afterEach(async () => {
  await database.dispose();
});

const NOW = '2026-11-27T10:00:00.000Z';
const HOURS = JSON.stringify({ monday: [{ open: '09:00', close: '17:00' }] });

/** The R*Tree's rows (rounded to the 32-bit floats it keeps). */
function geoRows(): Map<number, [number, number]> {
  const rows = sqlite.prepare('SELECT id, min_lat, min_lng FROM business_geo ORDER BY id').all() as {
    id: number;
    min_lat: number;
    min_lng: number;
  }[];
  return new Map(rows.map((row) => [row.id, [row.min_lat, row.min_lng]]));
}

/** Every business with coordinates, as the R*Tree should hold it. */
function expectedGeo(): Map<number, [number, number]> {
  const rows = sqlite
    .prepare(
      'SELECT id, latitude, longitude FROM businesses WHERE latitude IS NOT NULL AND longitude IS NOT NULL',
    )
    .all() as { id: number; latitude: number; longitude: number }[];
  return new Map(rows.map((row) => [row.id, [Math.fround(row.latitude), Math.fround(row.longitude)]]));
}

function expectGeoCurrent(): void {
  const actual = geoRows();
  const expected = expectedGeo();
  expect([...actual.keys()]).toEqual([...expected.keys()].sort((a, b) => a - b));
  for (const [id, [lat, lng]] of expected) {
    const [aLat, aLng] = actual.get(id)!;
    expect(Math.abs(aLat - lat)).toBeLessThan(1e-4);
    expect(Math.abs(aLng - lng)).toBeLessThan(1e-4);
  }
}

const patternOf = (id: number) =>
  sqlite
    .prepare(
      'SELECT p.hours, p.time_zone FROM business_hours h JOIN hours_patterns p ON p.id = h.pattern_id WHERE h.business_id = ?',
    )
    .get(id) as { hours: string; time_zone: string } | undefined;

const idOf = (placeId: string) =>
  sqlite.prepare('SELECT id FROM businesses WHERE place_id = ?').pluck().get(placeId) as number;

describe('business_geo and business_hours', () => {
  it('follow an import: new rows, updated coordinates and hours, coordinates removed', () => {
    stageAndMerge(sqlite, [
      stagedRow(1, { latitude: 41.88, longitude: -87.63, hours: HOURS }),
      stagedRow(2, { latitude: 40.71, longitude: -74.0 }),
      stagedRow(3, { latitude: null, longitude: null }),
    ]);
    expectGeoCurrent();
    expect(geoRows().size).toBe(2);
    expect(patternOf(idOf(stagedRow(1).place_id))).toEqual({ hours: HOURS, time_zone: 'America/Chicago' });
    expect(patternOf(idOf(stagedRow(2).place_id))).toBeUndefined();

    // An update import: 1 moves, 2 loses its coordinates, 3 gains some; 2 gets hours, 1 is closed for good.
    stageAndMerge(
      sqlite,
      [
        stagedRow(1, {
          latitude: 34.05,
          longitude: -118.24,
          hours: HOURS,
          business_status: 'CLOSED_PERMANENTLY',
        }),
        stagedRow(2, { latitude: null, longitude: null, hours: HOURS, time_zone: 'America/New_York' }),
        stagedRow(3, { latitude: 51.5, longitude: -0.12 }),
        stagedRow(4, { latitude: 48.85, longitude: 2.35 }),
      ],
      { updateExisting: true },
    );
    expectGeoCurrent();
    expect(geoRows().get(idOf(stagedRow(1).place_id))![0]).toBeCloseTo(34.05, 4);
    expect(geoRows().has(idOf(stagedRow(2).place_id))).toBe(false);
    expect(geoRows().has(idOf(stagedRow(3).place_id))).toBe(true);
    expect(geoRows().size).toBe(3);
    expect(patternOf(idOf(stagedRow(1).place_id))).toBeUndefined();
    expect(patternOf(idOf(stagedRow(2).place_id))).toEqual({ hours: HOURS, time_zone: 'America/New_York' });
  });

  it('follow an admin edit, a delete, a bulk delete, a submission and delete-all', async () => {
    stageAndMerge(
      sqlite,
      [1, 2, 3, 4, 5].map((n) => stagedRow(n, { latitude: 41.8 + n / 100 })),
    );
    const [a, b, c, d] = [1, 2, 3, 4].map((n) => idOf(stagedRow(n).place_id)) as [
      number,
      number,
      number,
      number,
    ];
    expectGeoCurrent();

    await updateBusinessRow(store, a, { latitude: 10.5, longitude: 20.25, hours: HOURS }, NOW);
    expectGeoCurrent();
    expect(geoRows().get(a)).toEqual([10.5, 20.25]);
    expect(patternOf(a)?.hours).toBe(HOURS);
    await updateBusinessRow(store, b, { latitude: null, longitude: null }, NOW);
    expectGeoCurrent();
    expect(geoRows().has(b)).toBe(false);
    await updateBusinessRow(store, a, { hours: null }, NOW);
    expect(patternOf(a)).toBeUndefined();

    await deleteBusinessRow(store, c);
    expectGeoCurrent();
    expect(geoRows().has(c)).toBe(false);
    await deleteBusinessRows(store, [a, d]);
    expectGeoCurrent();
    expect(geoRows().size).toBe(1);
    expect(patternOf(a)).toBeUndefined();

    const {
      row_number: _row,
      slug: _slug,
      ...submitted
    } = stagedRow(9, { latitude: -33.87, longitude: 151.21 });
    const added = await insertSubmittedBusiness(store, submitted, 'submitted-business', NOW);
    expectGeoCurrent();
    expect(geoRows().has(added)).toBe(true);
    // The new point is found near itself by the R*Tree read.
    expect(
      (
        await findDiscoveredIds(store, { origin: { lat: -33.87, lng: 151.21 }, radiusKm: 1 }, 'distance', {
          limit: 5,
          offset: 0,
        })
      ).map((found) => found.id),
    ).toEqual([added]);

    await deleteAllBusinessRows(store);
    expect(geoRows().size).toBe(0);
    expect(sqlite.prepare('SELECT COUNT(*) FROM business_hours').pluck().get()).toBe(0);
  });
});

describe('the plan of a search near a point', () => {
  it('reads the R*Tree first and each business by its id, whatever else filters', () => {
    const near = { origin: { lat: 41.88, lng: -87.63 }, radiusKm: 5, excludeId: 1 };
    for (const conditions of [
      { ...near, group: 'Home Services' },
      { ...near, category: 'Plumber' },
      { ...near, cityKey: 'chicago', minRating: 4 },
    ]) {
      const plan = discoveryPlan(sqlite, conditions, 'distance');
      // Led by the group's or category's index, SQLite probed the tree once per business of the group.
      expect(plan[0], JSON.stringify(conditions)).toMatch(/^SCAN g VIRTUAL TABLE INDEX 2:/);
      expect(plan[1]).toMatch(/^SEARCH b USING INTEGER PRIMARY KEY/);
    }
  });
});

/** Each dialect's database for the reads, made once for the file. */
const opened = testStoresForFile();

describe.each(DIALECTS)('reads on %s', (dialect) => {
  let on: Store;
  beforeEach(() => {
    on = opened[dialect].store;
  });

  /** The businesses in place of any before, with their search and discovery indexes (SQLite's
   *  R*Tree made again from the rows; PostgreSQL's GiST index follows the rows). */
  async function seedRows(records: readonly BusinessRecord[]): Promise<void> {
    await replaceBusinesses(on, records);
    if (on.dialect === 'sqlite') discoveryRebuild(on.sqlite);
  }

  /** Every Dentist, in the index's own query (FTS5 on SQLite, a tsquery on PostgreSQL). */
  const dentists = () => indexQueryText(dialect, { term: categoryFacet('Dentist') });

  describe('words near a point, nearest first, with their count from one read', () => {
    it('pages through them in the order of the distance each carries, across cells, and counts them all', async () => {
      // Dentists at growing distances north of a point (0.018° ≈ 2 km each), crossing 0.1° cells;
      // a bakery among them, and one dentist beyond the radius.
      const origin = { lat: 41.85, lng: -87.65 };
      await seedRows([
        ...[0.5, 1.5, 2.5, 3.5, 4.5, 5.5].map((step, i) =>
          businessRecord(i + 2, { latitude: origin.lat + 0.018 * step, longitude: origin.lng }),
        ),
        businessRecord(20, { category: 'Bakery', latitude: origin.lat + 0.001, longitude: origin.lng }),
        businessRecord(21, { latitude: origin.lat + 0.3, longitude: origin.lng }),
      ]);
      const conditions = { textTiers: [dentists()], origin, radiusKm: 12 };
      const all = (await findWordsNearPage(on, conditions, { limit: 20, offset: 0 }))!;
      expect(all.total).toBe(6);
      const km = all.found.map((f) => f.distanceKm!);
      expect(km).toEqual([...km].sort((a, b) => a - b));
      expect(km[0]).toBeCloseTo(1.0, 1);
      expect(km.at(-1)).toBeCloseTo(11.0, 0);
      const second = (await findWordsNearPage(on, conditions, { limit: 2, offset: 2 }))!;
      expect(second.total).toBe(6);
      expect(second.found.map((f) => f.id)).toEqual(all.found.slice(2, 4).map((f) => f.id));
      // Another condition on the row (a rating): not this path.
      expect(
        await findWordsNearPage(on, { ...conditions, minRating: 4 }, { limit: 20, offset: 0 }),
      ).toBeUndefined();
    });
  });

  describe("a text's matches", () => {
    it("are every matching business's id, in the index's order", async () => {
      // Ratings out of id order, so that the index's order (rank first) is not the ids'.
      await seedRows(
        Array.from({ length: 40 }, (_, i) =>
          businessRecord(i + 2, { category: i % 3 ? 'Dentist' : 'Bakery', rating: 3 + ((i * 7) % 11) / 5 }),
        ),
      );
      const ids = await readMatchIds(on, dentists());
      expect(ids).toBeInstanceOf(Uint32Array);
      const expected =
        on.dialect === 'sqlite'
          ? (
              on.sqlite
                .prepare('SELECT rowid FROM search_fts WHERE search_fts MATCH ? ORDER BY rowid')
                .pluck()
                .all(dentists()) as number[]
            ).map(businessIdOf)
          : (
              await on.query<{ rowid: string }>(
                'SELECT rowid FROM search_documents WHERE terms @@ $1::tsquery ORDER BY rowid',
                [dentists()],
              )
            ).rows.map((row) => businessIdOf(Number(row.rowid)));
      expect(expected).toHaveLength(26);
      expect([...ids]).toEqual(expected);
      expect([...ids]).not.toEqual([...ids].sort((a, b) => a - b));
      expect(
        await readMatchIds(on, indexQueryText(dialect, { term: categoryFacet('Florist') })),
      ).toHaveLength(0);
    });
  });

  describe('search words with filters, count and page from one read', () => {
    it('gives the same count and pages as the count and page queries, in every order', async () => {
      const origin = { lat: 41.85, lng: -87.65 };
      await seedRows(
        Array.from({ length: 30 }, (_, i) =>
          businessRecord(i + 2, {
            rating: 3 + (i % 5) * 0.4,
            review_count: (i * 37) % 90,
            // A few without coordinates: last when nearest first.
            latitude: i % 7 === 0 ? null : origin.lat + 0.002 * i,
            longitude: i % 7 === 0 ? null : origin.lng,
          }),
        ),
      );
      const dentists = indexQueryText(dialect, { term: categoryFacet('Dentist') });
      for (const sort of ['relevance', 'rating', 'reviews', 'distance'] as const)
        for (const conditions of [
          { textTiers: [dentists], minRating: 3.8 },
          { textTiers: [dentists], minRating: 3.4, origin },
        ])
          for (const page of [
            { limit: 5, offset: 0 },
            { limit: 5, offset: 5 },
          ]) {
            if (sort === 'distance' && !conditions.origin) continue;
            const one = (await findTextPage(on, conditions, sort, page))!;
            expect(one.total, sort).toBe(await countDiscovered(on, conditions));
            expect(one.found, `${sort} ${JSON.stringify(page)}`).toEqual(
              await findDiscoveredIds(on, conditions, sort, page),
            );
          }
    });
  });
});
