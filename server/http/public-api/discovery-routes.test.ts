// Near a point, open now, rating, verified, category and sorting on the public lists (decision 0026),
// over real HTTP on a real database: each parameter's bad values are a 400 naming it; distances,
// their order and the radius agree with a haversine computed here; "open now" is decided in each
// business's own time zone with a pinned clock (a Los Angeles bar open until 01:00 seen from a server
// in UTC); counts are exact; nearby businesses. Each test runs on SQLite and on a PostgreSQL copy of
// the same rows (same ids).
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTempDatabase } from '../../../db/testing/temp-database.ts';
import { loadConfig } from '../../config.ts';
import type { Business, PagedBusinesses } from '../../contract/business.ts';
import type { SearchAnswer } from '../../contract/search.ts';
import { businessRecord, insertTestBusinesses } from '../../domain/businesses/testing/business-records.ts';
import { ensureSearchIndex } from '../../domain/search/search-index-state.ts';
import { createSearchStore, type SearchStore } from '../../domain/search/testing/search-store.ts';
import { DIALECTS } from '../../domain/testing/test-store.ts';
import { createApp } from '../app.ts';

const NINE_TO_FIVE = JSON.stringify(
  Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => [
      day,
      [{ open: '09:00', close: '17:00' }],
    ]),
  ),
);
/** Monday evening until 01:00 on Tuesday. */
const LATE_MONDAY = JSON.stringify({ monday: [{ open: '18:00', close: '01:00' }] });
const TUESDAY_MORNING = JSON.stringify({ tuesday: [{ open: '00:00', close: '12:00' }] });

interface Fixture {
  name: string;
  category: string;
  city: string;
  lat: number | null;
  lng: number | null;
  rating: number;
  reviews: number;
  verified: number;
  hours?: string | null;
  timeZone?: string;
  status?: string;
}

// biome-ignore format: a table
const FIXTURES: Fixture[] = [
  { name: 'Loop Dental', category: 'Dentist', city: 'Chicago', lat: 41.88, lng: -87.63, rating: 4.8, reviews: 200, verified: 1, hours: NINE_TO_FIVE },
  { name: 'River Dental', category: 'Dentist', city: 'Chicago', lat: 41.89, lng: -87.65, rating: 4.2, reviews: 50, verified: 0, hours: NINE_TO_FIVE },
  { name: 'Far Dental', category: 'Dentist', city: 'Chicago', lat: 41.95, lng: -87.8, rating: 3.6, reviews: 500, verified: 1 },
  { name: 'Evanston Dental', category: 'Dentist', city: 'Evanston', lat: 42.045, lng: -87.688, rating: 4.6, reviews: 20, verified: 1 },
  { name: 'Loop Bakery', category: 'Bakery', city: 'Chicago', lat: 41.879, lng: -87.632, rating: 4.9, reviews: 80, verified: 1 },
  { name: 'Hidden Dental', category: 'Dentist', city: 'Chicago', lat: null, lng: null, rating: 4.4, reviews: 5, verified: 0 },
  { name: 'Other Hidden Dental', category: 'Dentist', city: 'Chicago', lat: null, lng: null, rating: 4.1, reviews: 7, verified: 0 },
  { name: 'Late Bar', category: 'Bar', city: 'Los Angeles', lat: 34.05, lng: -118.25, rating: 4, reviews: 30, verified: 1, hours: LATE_MONDAY, timeZone: 'America/Los_Angeles' },
  { name: 'Day Cafe', category: 'Cafe', city: 'Los Angeles', lat: 34.052, lng: -118.245, rating: 4.5, reviews: 10, verified: 0, hours: NINE_TO_FIVE, timeZone: 'America/Los_Angeles' },
  { name: 'Shut Bar', category: 'Bar', city: 'Los Angeles', lat: 34.051, lng: -118.251, rating: 4.7, reviews: 90, verified: 1, hours: LATE_MONDAY, timeZone: 'America/Los_Angeles', status: 'CLOSED_TEMPORARILY' },
  { name: 'Early Diner', category: 'Diner', city: 'New York', lat: 40.71, lng: -74.0, rating: 3.9, reviews: 15, verified: 0, hours: TUESDAY_MORNING, timeZone: 'America/New_York' },
];
const ids = new Map<string, number>();

/** The fixtures written into a SQLite file (the PostgreSQL store is a copy of it, with the same ids). */
async function createFixtureDatabase() {
  const database = await createTempDatabase();
  const inserted = insertTestBusinesses(
    database.sqlite,
    FIXTURES.map((f, n) =>
      businessRecord(n + 1, {
        name: f.name,
        slug: `b-${n + 1}`,
        category: f.category,
        city: f.city,
        latitude: f.lat,
        longitude: f.lng,
        rating: f.rating,
        review_count: f.reviews,
        is_verified: f.verified,
        hours: f.hours ?? null,
        time_zone: f.timeZone ?? 'America/Chicago',
        business_status: f.status ?? 'OPERATIONAL',
      }),
    ),
  );
  ids.clear();
  for (const [n, f] of FIXTURES.entries()) ids.set(f.name, inserted[n]!);
  ensureSearchIndex(database.sqlite);
  return database;
}

const names = (businesses: Business[]) => businesses.map((b) => b.name);

/** The great-circle distance in km (mean Earth radius 6371 km). */
function haversine(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const r = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * r) / 2) ** 2 +
    Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lng2 - lng1) * r) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

const POINT = { lat: 41.8781, lng: -87.6298 };
const near = `lat=${POINT.lat}&lng=${POINT.lng}`;
/** The fixtures within `radius` km of POINT, nearest first, as this test computes it. */
function expectedNear(radius: number, keep: (f: Fixture) => boolean = () => true) {
  return FIXTURES.filter((f) => f.lat !== null && keep(f))
    .map((f) => ({ name: f.name, km: haversine(POINT.lat, POINT.lng, f.lat!, f.lng!) }))
    .filter((f) => f.km <= radius)
    .sort((a, b) => a.km - b.km);
}

describe.each(DIALECTS)('on %s', (dialect) => {
  let database: SearchStore;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    database = await createSearchStore(dialect, createFixtureDatabase);
    app = createApp({
      database: { store: database.store },
      config: loadConfig({ NODE_ENV: 'test', RESPONSE_CACHE: 'off' }),
      logger: pino({ level: 'silent' }),
    });
  }, 120_000);
  afterAll(async () => {
    await database?.dispose();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const get = (path: string) => request(app).get(path);

  describe('bad values are a 400 naming the parameter', () => {
    const BAD: [string, RegExp][] = [
      ['lat=abc&lng=1', /lat/],
      ['lat=91&lng=1', /lat/],
      ['lat=1&lng=181', /lng/],
      ['lat=1e5&lng=1', /lat/],
      ['lat=1', /lng/],
      ['lng=1', /lat/],
      [`${near}&radiusKm=0`, /radiusKm/],
      [`${near}&radiusKm=101`, /radiusKm/],
      [`${near}&radiusKm=-3`, /radiusKm/],
      [`${near}&radiusKm=ten`, /radiusKm/],
      ['radiusKm=5', /radiusKm/],
      ['sort=nearest', /sort/],
      ['sort=rating&sort=reviews', /sort/],
      ['openNow=yes', /openNow/],
      ['minRating=5', /minRating/],
      ['minRating=3', /minRating/],
      ['verified=1', /verified/],
    ];
    for (const path of [
      '/api/search?q=dentist&',
      '/api/businesses?',
      '/api/city/Chicago?',
      '/api/category/dentist?',
    ])
      it(`on ${path.split('?')[0]}`, async () => {
        for (const [query, names] of BAD) {
          const answer = await get(`${path}${query}`).expect(400);
          expect(answer.body.error.code).toBe('invalid_parameter');
          expect(answer.body.error.message, query).toMatch(names);
        }
      });

    it('sort=distance needs a point or a place with a centre', async () => {
      for (const path of [
        '/api/search?q=dentist',
        '/api/businesses?',
        '/api/city/Chicago?',
        '/api/category/dentist?',
      ]) {
        const answer = await get(`${path}&sort=distance`).expect(400);
        expect(answer.body.error.message).toMatch(/sort=distance/);
      }
    });
  });

  describe('near a point', () => {
    it('orders by distance and keeps the radius, as a haversine computed here says', async () => {
      for (const radius of [1, 5, 25]) {
        const answer = (await get(`/api/search?${near}&radiusKm=${radius}&sort=distance`).expect(200))
          .body as SearchAnswer;
        const expected = expectedNear(radius);
        expect(names(answer.businesses)).toEqual(expected.map((e) => e.name));
        expect(answer.totalCount).toBe(expected.length);
        answer.businesses.forEach((b, i) => {
          expect(b.distanceKm).toBe(Math.round(expected[i]!.km * 100) / 100);
        });
      }
    });

    it('with a service word, the default radius of 10 km and exact counts', async () => {
      const answer = (await get(`/api/search?q=dentist&${near}&sort=distance`).expect(200))
        .body as SearchAnswer;
      const expected = expectedNear(10, (f) => f.category === 'Dentist');
      expect(expected.length).toBeGreaterThan(1);
      expect(names(answer.businesses)).toEqual(expected.map((e) => e.name));
      expect(answer.totalCount).toBe(expected.length);
      // Sorted by rating instead: the same set, best rated first, still with distances.
      const byRating = (await get(`/api/search?q=dentist&${near}&sort=rating`).expect(200))
        .body as SearchAnswer;
      expect(new Set(names(byRating.businesses))).toEqual(new Set(expected.map((e) => e.name)));
      const ratings = byRating.businesses.map((b) => b.rating);
      expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
      expect(byRating.businesses.every((b) => typeof b.distanceKm === 'number')).toBe(true);
    });

    it('a point alone sorted by rating or by reviews: every business within, by the two keys', async () => {
      const expected = expectedNear(100).map((e) => e.name);
      expect(expected.length).toBeGreaterThan(3);
      for (const [sort, keys] of [
        ['rating', (b: SearchAnswer['businesses'][number]) => [b.rating, b.reviewCount]],
        ['reviews', (b: SearchAnswer['businesses'][number]) => [b.reviewCount, b.rating]],
      ] as const) {
        const answer = (await get(`/api/search?${near}&radiusKm=100&sort=${sort}&limit=100`).expect(200))
          .body as SearchAnswer;
        expect(new Set(names(answer.businesses)), sort).toEqual(new Set(expected));
        expect(answer.totalCount).toBe(expected.length);
        const pairs = answer.businesses.map(keys);
        for (let i = 1; i < pairs.length; i++) {
          const [a, b] = [pairs[i - 1]!, pairs[i]!];
          expect(a[0]! > b[0]! || (a[0] === b[0] && a[1]! >= b[1]!), `${sort} ${i}`).toBe(true);
        }
      }
    });

    it('with a service word, finds every match within the radius across the index’s cells and areas', async () => {
      // 0.1° cells for the small radii, 1° areas for 100 km: the dentists lie in several of each.
      for (const radius of [1, 5, 12, 25, 100]) {
        const answer = (
          await get(`/api/search?q=dentist&${near}&radiusKm=${radius}&sort=distance`).expect(200)
        ).body as SearchAnswer;
        const expected = expectedNear(radius, (f) => f.category === 'Dentist');
        expect(names(answer.businesses), `${radius} km`).toEqual(expected.map((e) => e.name));
        expect(answer.totalCount).toBe(expected.length);
      }
      expect(expectedNear(100, (f) => f.category === 'Dentist').map((e) => e.name)).toContain(
        'Evanston Dental',
      );
    });

    it('carries no distance without a point', async () => {
      const answer = (await get('/api/search?q=dentist&sort=rating').expect(200)).body as SearchAnswer;
      expect(answer.businesses.some((b) => 'distanceKm' in b)).toBe(false);
    });

    it('sorts a place query by distance from the place centre', async () => {
      const answer = (await get('/api/search?q=dentist+in+chicago&sort=distance').expect(200))
        .body as SearchAnswer;
      expect(answer.distanceFrom?.label).toMatch(/^Chicago/);
      const withPoint = answer.businesses.filter((b) => b.distanceKm !== undefined);
      const km = withPoint.map((b) => b.distanceKm!);
      expect(km).toEqual([...km].sort((a, b) => a - b));
      // Without coordinates a business comes last, with no distance; the place itself still limits.
      expect(answer.businesses.at(-1)?.distanceKm).toBeUndefined();
      expect(answer.businesses.every((b) => b.city === 'Chicago')).toBe(true);
      expect(answer.totalCount).toBe(
        FIXTURES.filter((f) => f.category === 'Dentist' && f.city === 'Chicago').length,
      );
    });

    it('works on the city, category and browse lists', async () => {
      const city = await get(`/api/city/Chicago?${near}&radiusKm=5&sort=distance`).expect(200);
      const expected = expectedNear(5, (f) => f.city === 'Chicago');
      expect(names(city.body)).toEqual(expected.map((e) => e.name));
      expect(city.headers['x-total-count']).toBe(String(expected.length));
      const category = await get(`/api/category/dentist?${near}&radiusKm=25&sort=distance`).expect(200);
      const dentists = expectedNear(25, (f) => f.category === 'Dentist');
      expect(names(category.body)).toEqual(dentists.map((e) => e.name));
      expect(category.headers['x-total-count']).toBe(String(dentists.length));
      const browse = (
        await get(`/api/businesses?${near}&radiusKm=25&sort=distance&category=Bakery`).expect(200)
      ).body as PagedBusinesses;
      expect(names(browse.businesses)).toEqual(['Loop Bakery']);
      expect(browse.totalCount).toBe(1);
    });
  });

  describe('filters and sorting with exact counts', () => {
    it('minRating, verified, category and sort', async () => {
      const rated = (await get('/api/search?q=dentist&minRating=4.5').expect(200)).body as SearchAnswer;
      const want = FIXTURES.filter((f) => f.category === 'Dentist' && f.rating >= 4.5);
      expect(new Set(names(rated.businesses))).toEqual(new Set(want.map((f) => f.name)));
      expect(rated.totalCount).toBe(want.length);

      const verified = (await get('/api/businesses?verified=true&sort=reviews&limit=100').expect(200))
        .body as PagedBusinesses;
      const verifiedWant = FIXTURES.filter((f) => f.verified === 1).sort((a, b) => b.reviews - a.reviews);
      expect(names(verified.businesses)).toEqual(verifiedWant.map((f) => f.name));
      expect(verified.totalCount).toBe(verifiedWant.length);

      const paged = (await get('/api/businesses?verified=true&sort=reviews&limit=2&offset=2').expect(200))
        .body as PagedBusinesses;
      expect(names(paged.businesses)).toEqual(verifiedWant.slice(2, 4).map((f) => f.name));
      expect(paged.totalCount).toBe(verifiedWant.length);
      expect(paged.totalPages).toBe(Math.ceil(verifiedWant.length / 2));

      const city = await get('/api/city/Chicago?minRating=4&verified=true&sort=rating').expect(200);
      const cityWant = FIXTURES.filter((f) => f.city === 'Chicago' && f.rating >= 4 && f.verified === 1).sort(
        (a, b) => b.rating - a.rating,
      );
      expect(names(city.body)).toEqual(cityWant.map((f) => f.name));
      expect(city.headers['x-total-count']).toBe(String(cityWant.length));

      const refined = (await get('/api/search?location=chicago&category=Bakery&minRating=4').expect(200))
        .body as SearchAnswer;
      expect(names(refined.businesses)).toEqual(['Loop Bakery']);
      expect(refined.totalCount).toBe(1);
    });
  });

  describe('open now, in each business own time zone', () => {
    const openNames = async (path: string) => {
      const answer = (await get(path).expect(200)).body as PagedBusinesses;
      return { names: names(answer.businesses).sort(), total: answer.totalCount };
    };

    it('sees a Los Angeles bar open until 01:00 from a server in UTC, and closed businesses as closed', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      // Tuesday 08:30 UTC: 00:30 on Tuesday in Los Angeles (Monday's 18:00–01:00 still runs), 03:30 in
      // New York (open from midnight), 02:30 in Chicago (nine to five: closed).
      vi.setSystemTime(new Date('2026-11-24T08:30:00Z'));
      expect(await openNames('/api/businesses?openNow=true')).toEqual({
        names: ['Early Diner', 'Late Bar'],
        total: 2,
      });
      const la = await get('/api/city/Los%20Angeles?openNow=true').expect(200);
      expect(names(la.body)).toEqual(['Late Bar']); // Shut Bar has the same hours but is closed for now
      expect(la.headers['x-total-count']).toBe('1');
      expect((la.body as Business[])[0]!.isOpen).toBe(true);

      // 01:30 in Los Angeles: Monday's range is over.
      vi.setSystemTime(new Date('2026-11-24T09:30:00Z'));
      expect(await openNames('/api/businesses?openNow=true')).toEqual({ names: ['Early Diner'], total: 1 });
      expect((await get('/api/city/Los%20Angeles?openNow=true').expect(200)).headers['x-total-count']).toBe(
        '0',
      );

      // Tuesday 15:00 UTC: 09:00 in Chicago (the dentists open), 07:00 in Los Angeles, 10:00 in New York.
      vi.setSystemTime(new Date('2026-11-24T15:00:00Z'));
      expect(await openNames('/api/businesses?openNow=true')).toEqual({
        names: ['Early Diner', 'Loop Dental', 'River Dental'],
        total: 3,
      });
      const search = (await get('/api/search?q=dentist&openNow=true&minRating=4.5').expect(200))
        .body as SearchAnswer;
      expect(names(search.businesses)).toEqual(['Loop Dental']);
      expect(search.totalCount).toBe(1);
    });
  });

  describe('GET /api/businesses/:id/nearby', () => {
    it('lists the same category group nearest first within 5 km, never the business itself', async () => {
      const id = ids.get('Loop Dental')!;
      const nearby = (await get(`/api/businesses/${id}/nearby`).expect(200)).body as Business[];
      const from = FIXTURES.find((f) => f.name === 'Loop Dental')!;
      const expected = FIXTURES.filter(
        (f) => f.category === 'Dentist' && f.name !== from.name && f.lat !== null,
      )
        .map((f) => ({ name: f.name, km: haversine(from.lat!, from.lng!, f.lat!, f.lng!) }))
        .filter((f) => f.km <= 5)
        .sort((a, b) => a.km - b.km);
      expect(names(nearby)).toEqual(expected.map((e) => e.name));
      expect(nearby.length).toBeLessThanOrEqual(6);
    });

    it('lists the same city when the business has no coordinates', async () => {
      const nearby = (await get(`/api/businesses/${ids.get('Hidden Dental')}/nearby`).expect(200))
        .body as Business[];
      expect(names(nearby)).not.toContain('Hidden Dental');
      expect(names(nearby)).not.toContain('Loop Bakery');
      expect(new Set(names(nearby))).toEqual(
        new Set(['Loop Dental', 'River Dental', 'Far Dental', 'Other Hidden Dental']),
      );
    });

    it('answers 404 for an unknown id and 400 for a bad one', async () => {
      await get('/api/businesses/999999/nearby').expect(404);
      expect((await get('/api/businesses/abc/nearby').expect(400)).body.error.message).toMatch(/id/);
    });
  });
});
