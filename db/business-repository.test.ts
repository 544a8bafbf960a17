import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  clearSearchPlans,
  EXACT_RANK_LIMIT,
  PLANNED_IDS_LIMIT,
  searchBusinesses,
} from './business-repository.ts';
import { stageAndMerge, stagedRow } from './testing/staged-row.ts';
import { createTempDatabase, type TempDatabase } from './testing/temp-database.ts';

let database: TempDatabase;
beforeEach(async () => {
  database = await createTempDatabase();
});
afterEach(async () => {
  await database.dispose();
});

function load(rows: ReturnType<typeof stagedRow>[]): void {
  stageAndMerge(database.sqlite, rows, { resolveSlug: (row) => `${row.slug}-${row.placeId}` });
}

const score = (r: { rating: number; review_count: number }) =>
  (r.review_count * r.rating + 80) / (r.review_count + 20);

describe('searchBusinesses', () => {
  it('orders a specific query by text relevance: a name match before a description match', () => {
    load([
      stagedRow(2, { name: 'Harbor Dental', description: null, review_count: 1 }),
      stagedRow(3, { name: 'Other Place', description: 'near the harbor', review_count: 5000 }),
    ]);
    const found = searchBusinesses(database.sqlite, { text: 'harbor' }, { limit: 10, offset: 0 });
    expect(found.rows.map((r) => r.name)).toEqual(['Harbor Dental', 'Other Place']);
    expect(found).toMatchObject({ total: 2, capped: false });
  });

  it('matches a place word for word, the last word as typed so far', () => {
    load([
      stagedRow(2, { name: 'Coast Dental', city: 'San Diego', city_key: 'san diego', state: 'CA' }),
      stagedRow(3, { name: 'Valley Dental', city: 'Sandy Springs', city_key: 'sandy springs', state: 'GA' }),
      stagedRow(4, { name: 'Alamo Dental', city: 'San Antonio', city_key: 'san antonio', state: 'TX' }),
    ]);
    const cities = (location: string) =>
      searchBusinesses(database.sqlite, { text: 'dental', location }, { limit: 10, offset: 0 })
        .rows.map((r) => r.city)
        .sort();
    expect(cities('San Diego')).toEqual(['San Diego']);
    expect(cities('San Die')).toEqual(['San Diego']);
    // A word before the last is a whole word: "San" no longer stands for "Sandy".
    expect(cities('San Antonio')).toEqual(['San Antonio']);
    expect(cities('San Springs')).toEqual([]);
    expect(cities('Sandy Spr')).toEqual(['Sandy Springs']);
    // Typed alone it is still a prefix.
    expect(cities('San')).toEqual(['San Antonio', 'San Diego', 'Sandy Springs']);
  });

  it('orders a popular query (more matches than the exact-rank limit) by review-weighted rank', () => {
    const count = EXACT_RANK_LIMIT + 200;
    load(
      Array.from({ length: count }, (_, i) =>
        stagedRow(i + 2, {
          name: `Dental Care ${i}`,
          rating: 3 + (i % 20) / 10,
          review_count: (i * 37) % 500,
          category: i % 2 ? 'Dentist' : 'Orthodontist',
          city: i % 3 ? 'Chicago' : 'Boston',
          city_key: i % 3 ? 'chicago' : 'boston',
        }),
      ),
    );
    const found = searchBusinesses(database.sqlite, { text: 'dental' }, { limit: 20, offset: 0 });
    expect(found.total).toBe(count);
    expect(found.capped).toBe(false);
    const scores = found.rows.map(score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const best = database.sqlite
      .prepare('SELECT MAX((review_count * rating + 80.0) / (review_count + 20)) FROM businesses')
      .pluck()
      .get() as number;
    expect(scores[0]).toBeCloseTo(best, 9);

    const dentists = searchBusinesses(
      database.sqlite,
      { text: 'dental', category: { kind: 'category', value: 'Dentist' } },
      { limit: 20, offset: 0 },
    );
    expect(dentists.rows.every((r) => r.category === 'Dentist')).toBe(true);
    expect(dentists.total).toBe(count / 2);

    const boston = searchBusinesses(
      database.sqlite,
      { text: 'dental', location: 'boston' },
      { limit: 50, offset: 0 },
    );
    expect(boston.rows.every((r) => r.city === 'Boston')).toBe(true);
    expect(boston.total).toBe(Math.ceil(count / 3));
  });

  it('pages a popular query from its plan: every match once, in rank order, past the planned ids too', () => {
    const count = PLANNED_IDS_LIMIT + 230;
    load(
      Array.from({ length: count }, (_, i) =>
        stagedRow(i + 2, {
          name: `Dental Care ${i}`,
          rating: 3 + (i % 20) / 10,
          review_count: (i * 37) % 500,
        }),
      ),
    );
    const expected = database.sqlite
      .prepare('SELECT id FROM businesses ORDER BY rank_score DESC, id')
      .pluck()
      .all() as number[];
    const seen: number[] = [];
    for (let offset = 0; offset < count + 40; offset += 40) {
      const found = searchBusinesses(database.sqlite, { text: 'dental' }, { limit: 40, offset });
      expect(found.total).toBe(count);
      seen.push(...found.rows.map((r) => r.id));
    }
    expect(seen).toEqual(expected);
    // The same pages straight from the database, without a plan.
    for (const offset of [0, 180, PLANNED_IDS_LIMIT - 20, PLANNED_IDS_LIMIT + 20]) {
      clearSearchPlans(database.sqlite);
      const direct = searchBusinesses(database.sqlite, { text: 'dental' }, { limit: 20, offset });
      expect(direct.rows.map((r) => r.id)).toEqual(expected.slice(offset, offset + 20));
    }
  });

  it('pages a specific query in bm25 order, and recounts once the data changes', () => {
    load([
      stagedRow(2, { name: 'Harbor Dental', description: null, review_count: 1 }),
      stagedRow(3, { name: 'Other Place', description: 'near the harbor', review_count: 5000 }),
      stagedRow(4, { name: 'Third Place', description: 'harbor view', review_count: 10 }),
    ]);
    const all = searchBusinesses(database.sqlite, { text: 'harbor' }, { limit: 10, offset: 0 });
    const paged = [0, 1, 2, 3].flatMap(
      (offset) => searchBusinesses(database.sqlite, { text: 'harbor' }, { limit: 1, offset }).rows,
    );
    expect(paged.map((r) => r.id)).toEqual(all.rows.map((r) => r.id));
    expect(all.rows[0]?.name).toBe('Harbor Dental');
    expect(all.total).toBe(3);
    // An import bumps the data version: the stored count and order are dropped.
    load([stagedRow(5, { name: 'Harbor Cafe', place_id: 'harbor-cafe', review_count: 3 })]);
    const after = searchBusinesses(database.sqlite, { text: 'harbor' }, { limit: 10, offset: 0 });
    expect(after.total).toBe(4);
    expect(after.rows.map((r) => r.name)).toContain('Harbor Cafe');
  });
});
