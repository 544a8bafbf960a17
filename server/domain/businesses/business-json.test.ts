// The JSON texts SQLite writes for a page of businesses read back as the very objects toBusiness
// makes, on imported text that is hard to write (quotes, control characters, emoji, markup, line
// separators), damaged JSON columns, unknown statuses, hours that are bad or of the wrong shape, and
// coordinates that need 17 digits; and an answer carrying them is the answer it would be without.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBusinessesByIds } from '../../../db/business-repository.ts';
import type { BusinessRecord } from '../../../fixtures/generator/database-rows.ts';
import type { Business } from '../../contract/business.ts';
import { searchDirectory } from '../search/search.ts';
import { createSeededTestStore } from '../testing/seeded-store.ts';
import { createTestStore, DIALECTS, type TestStore } from '../testing/test-store.ts';
import { answerJson, BUSINESSES_JSON, businessesAsJson } from './business-json.ts';
import { businessRecord, insertTestBusinesses } from './testing/business-records.ts';
import { DISCOVERY_NOW } from './testing/discovery-fixtures.ts';
import { hoursOf, toBusiness } from './to-business.ts';

const HARD_TEXT = 'Joe\'s "Best" \\ Bar\u0001\t\n😀 </script><!-- \u2028\u2029 café';
const OPEN_ALL_WEEK = JSON.stringify(
  Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
      day,
      [{ open: '00:00', close: '23:59' }],
    ]),
  ),
);

const RECORDS: Partial<BusinessRecord>[] = [
  { name: HARD_TEXT, description: HARD_TEXT, website: 'https://x.example/?a=1&b="2"', hours: OPEN_ALL_WEEK },
  { photos: 'not json', attributes: '{a:1}', hours: 'not json', business_status: 'SOMETHING_ELSE' },
  { photos: '', attributes: '{"Pets":{"Dogs allowed":true},"Pets ":{"x":false}}', hours: '{"monday":"9-5"}' },
  { photos: '["https://a.example/1.jpg","https://a.example/2.jpg"]', is_verified: 0, business_status: null },
  {
    photos: '{"not":"a list"}',
    attributes: '{"k":1,"k":2}',
    business_status: 'CLOSED_TEMPORARILY',
    hours: OPEN_ALL_WEEK,
  },
  { latitude: 40.123456789012344, longitude: -73.99817220000001, rating: 4.3, review_count: 0 },
  {
    latitude: null,
    longitude: null,
    time_zone: 'Mars/Olympus_Mons',
    hours: OPEN_ALL_WEEK,
    email: 'a@b.example',
  },
  { business_status: 'CLOSED_PERMANENTLY', about: HARD_TEXT, seo_title: 'T', seo_description: 'D' },
];

describe('businessesAsJson', () => {
  let test: TestStore;
  let ids: number[];

  beforeAll(async () => {
    test = await createTestStore('sqlite');
    if (test.store.dialect !== 'sqlite') throw new Error('a SQLite store');
    ids = insertTestBusinesses(
      test.store.sqlite,
      RECORDS.map((overrides, n) => businessRecord(n + 1, overrides)),
    );
  });
  afterAll(async () => test.dispose());

  /** What the objects' way gives for the same page, as a client reads it. */
  async function asObjects(found: readonly { id: number; distanceKm: number | null }[]): Promise<Business[]> {
    const distances = new Map(found.map(({ id, distanceKm }) => [id, distanceKm]));
    const rows = await findBusinessesByIds(
      test.store,
      found.map(({ id }) => id),
    );
    return rows.map((row) => {
      const business = toBusiness(row, DISCOVERY_NOW);
      const km = distances.get(row.id);
      if (km !== null && km !== undefined) business.distanceKm = Math.round(km * 100) / 100;
      return business;
    });
  }

  it('reads back as the objects toBusiness makes, in the order asked, rows gone since left out', async () => {
    const found = [...ids].reverse().map((id, k) => ({ id, distanceKm: k % 3 === 0 ? null : k * 1.23456 }));
    found.splice(2, 0, { id: 999_999, distanceKm: 1 });
    const texts = await businessesAsJson(test.store, found, asObjects, DISCOVERY_NOW);
    expect(texts).toHaveLength(RECORDS.length);
    const read = texts.map((pieces) => JSON.parse(pieces.join('')) as Business);
    expect(read).toEqual(JSON.parse(JSON.stringify(await asObjects(found))));
    // The cases the page is about were really there.
    const byName = read.find((business) => business.name === HARD_TEXT)!;
    expect(byName.isOpen).toBe(true);
    expect(byName.hours?.monday).toEqual([{ open: '00:00', close: '23:59' }]);
    expect(read.map((business) => business.photos)).toContainEqual([]);
    expect(read.map((business) => business.businessStatus)).toContain(null);
    expect(read.find((business) => business.businessStatus === 'CLOSED_TEMPORARILY')!.isOpen).toBe(false);
    expect(read.some((business) => business.latitude === 40.123456789012344)).toBe(true);
  });

  it('writes an answer carrying the texts as the answer with the objects would be', async () => {
    const found = ids.map((id) => ({ id, distanceKm: 2.5 }));
    const texts = await businessesAsJson(test.store, found, asObjects, DISCOVERY_NOW);
    const rest = { totalCount: 8, totalPages: 1, page: 1, understood: { text: '', label: 'x' } };
    const carried = { businesses: [], ...rest, [BUSINESSES_JSON]: texts };
    const objects = { businesses: await asObjects(found), ...rest };
    expect(JSON.parse(answerJson(carried))).toEqual(JSON.parse(JSON.stringify(objects)));
    expect(JSON.parse(answerJson({ businesses: [], [BUSINESSES_JSON]: texts }))).toEqual({
      businesses: JSON.parse(JSON.stringify(objects.businesses)),
    });
    // An answer without them is JSON.stringify's own.
    expect(answerJson(objects)).toBe(JSON.stringify(objects));
    expect(answerJson([1, 'two'])).toBe('[1,"two"]');
  });
});

describe("the hours' JSON kept with them", () => {
  it('is ASCII that reads back as the hours and their words, en dashes and all', () => {
    const kept = hoursOf('{"monday":[{"open":"09:00","close":"17:00"}],"tuesday":[]}');
    expect(Object.values(kept.openingHours).join('')).toMatch(/[^\x00-\x7f]/);
    for (const [json, value] of [
      [kept.openingHoursJson, kept.openingHours],
      [kept.hoursJson, kept.hours],
    ] as const) {
      expect(json).toMatch(/^[\x00-\x7f]*$/);
      expect(JSON.parse(json)).toEqual(value);
    }
  });
});

describe('a filtered search answered as JSON texts', () => {
  const stores = new Map<string, TestStore>();
  beforeAll(async () => {
    for (const dialect of DIALECTS)
      stores.set(dialect, await createSeededTestStore(dialect, { businesses: 120 }));
  });
  afterAll(async () => {
    for (const test of stores.values()) await test.dispose();
  });

  it('is the answer with objects, on either dialect, near a point with and without words', async () => {
    const sqlite = stores.get('sqlite')!.store;
    if (sqlite.dialect !== 'sqlite') throw new Error('a SQLite store');
    // Near the first business with coordinates: the circle holds businesses to answer with.
    const { lat, lng } = sqlite.sqlite
      .prepare('SELECT latitude AS lat, longitude AS lng FROM businesses WHERE latitude IS NOT NULL LIMIT 1')
      .get() as { lat: number; lng: number };
    const answers = new Map<string, unknown[]>();
    for (const [dialect, { store }] of stores) {
      const list: unknown[] = [];
      for (const q of ['', 'restaurant'])
        for (const sort of ['distance', 'relevance', 'rating'] as const) {
          const request = {
            q,
            page: 1,
            pageSize: 20,
            filters: { point: { lat, lng }, radiusKm: 100, sort },
            now: DISCOVERY_NOW,
          };
          const carried = await searchDirectory(store, { ...request, asJson: true });
          expect((carried as { [BUSINESSES_JSON]?: string[] })[BUSINESSES_JSON], dialect).toBeDefined();
          const read = JSON.parse(answerJson(carried));
          const objects = JSON.parse(JSON.stringify(await searchDirectory(store, request)));
          // Open now is decided at the request's instant on the JSON texts' way, at the clock's on the
          // objects' way (as before): compared apart from it.
          const withoutOpen = (answer: { businesses: Business[] }) => ({
            ...answer,
            businesses: answer.businesses.map(({ isOpen: _, ...rest }) => rest),
          });
          expect(withoutOpen(read), `${dialect} ${q} ${sort}`).toEqual(withoutOpen(objects));
          expect(read.businesses.length, `${dialect} ${q} ${sort}`).toBeGreaterThan(0);
          list.push(read);
        }
      answers.set(dialect, list);
    }
    expect(answers.get('postgres')).toEqual(answers.get('sqlite'));
  });
});
