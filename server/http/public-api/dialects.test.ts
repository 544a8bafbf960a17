// The public API and the pages on PostgreSQL answer what they answer on SQLite (issue 18, item 1):
// the same generated businesses on both (PostgreSQL's copied from the SQLite file with their ids),
// every public endpoint asked over real HTTP with the same paths — lists, filters, sorting, near a
// point, open now, verified, minimum rating, pages, 404s and 400s — and the bodies compared byte for
// byte; a few server-rendered pages compared as HTML apart from their nonces. The clock is pinned, so
// that "open now" is decided at the same instant on both.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Dialect } from '../../../db/query/prepared-query.ts';
import { loadConfig } from '../../config.ts';
import type { Business, PagedBusinesses } from '../../contract/business.ts';
import { categorySlug } from '../../contract/paths.ts';
import { DISCOVERY_NOW, giveHoursAndTakePoints } from '../../domain/businesses/testing/discovery-fixtures.ts';
import { createSeededTestStore } from '../../domain/testing/seeded-store.ts';
import type { TestStore } from '../../domain/testing/test-store.ts';
import { createApp } from '../app.ts';

const sites = new Map<Dialect, { test: TestStore; app: ReturnType<typeof createApp> }>();

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: DISCOVERY_NOW });
  const config = loadConfig({
    NODE_ENV: 'test',
    SITE_URL: 'https://directory.test',
    SESSION_SECRET: 's'.repeat(40),
    RESPONSE_CACHE: 'off',
  });
  const logger = pino({ level: 'silent' }, new Writable({ write: (_c, _e, done) => done() }));
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const test = await createSeededTestStore(dialect, { businesses: 300, seed: 11 });
    await giveHoursAndTakePoints(test.store);
    sites.set(dialect, { test, app: createApp({ database: { store: test.store }, config, logger }) });
  }
}, 120_000);

afterAll(async () => {
  vi.useRealTimers();
  for (const { test } of sites.values()) await test.dispose();
});

const get = (dialect: Dialect, path: string) => request(sites.get(dialect)!.app).get(path);

/** Both answers to one path: status, the headers that carry data, and the body as sent. */
async function both(path: string) {
  const answers = [];
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const res = await get(dialect, path);
    answers.push({
      status: res.status,
      total: res.headers['x-total-count'],
      type: res.headers['content-type'],
      body: res.text,
    });
  }
  return answers as [(typeof answers)[0], (typeof answers)[0]];
}

async function expectSame(path: string): Promise<string> {
  const [sqlite, postgres] = await both(path);
  expect(postgres, path).toEqual(sqlite);
  return sqlite.body;
}

/** Paths built from the data itself: a business with coordinates and hours, its city and category. */
async function samplePaths(): Promise<string[]> {
  const list = JSON.parse((await get('sqlite', '/api/businesses?limit=100')).text) as PagedBusinesses;
  const withPoint = list.businesses.find((b) => b.latitude !== null && b.longitude !== null)!;
  const withoutPoint = list.businesses.find((b) => b.latitude === null);
  const city = encodeURIComponent(withPoint.city);
  const category = categorySlug(withPoint.category);
  const point = `lat=${withPoint.latitude}&lng=${withPoint.longitude}`;
  const filters = [
    'sort=rating',
    'sort=reviews',
    'minRating=4',
    'minRating=4.5&sort=reviews',
    'verified=true',
    'openNow=true',
    'openNow=true&verified=true&sort=rating',
    `${point}`,
    `${point}&radiusKm=50&sort=distance`,
    `${point}&radiusKm=100&sort=distance&limit=7&offset=7`,
    `${point}&radiusKm=30&openNow=true&minRating=3.5`,
    `${point}&radiusKm=100&sort=rating&verified=true`,
    'limit=5&offset=5',
  ];
  return [
    '/api/statistics',
    '/api/categories',
    '/api/countries',
    '/api/cities',
    '/api/cities?limit=7&offset=3',
    '/api/cities/popular',
    '/api/businesses/recommended',
    '/api/businesses/latest',
    '/api/businesses',
    '/api/businesses?limit=13&offset=26',
    '/api/businesses?category=healthcare',
    '/api/businesses?category=restaurants&limit=5&offset=5',
    `/api/businesses?category=${category}`,
    '/api/businesses?category=no-such-category',
    // The browse box's words (search's rules), with the filters discovery applies to their matches.
    `/api/businesses?search=${encodeURIComponent(withPoint.category)}`,
    ...filters.map((f) => `/api/businesses?search=${encodeURIComponent(withPoint.category)}&${f}`),
    ...filters.map((f) => `/api/businesses?${f}`),
    ...filters.map((f) => `/api/businesses?category=${category}&${f}`),
    `/api/businesses/${withPoint.id}`,
    `/api/businesses/slug/${encodeURIComponent(withPoint.slug)}`,
    `/api/businesses/${withPoint.id}/nearby`,
    ...(withoutPoint ? [`/api/businesses/${withoutPoint.id}/nearby`] : []),
    '/api/businesses/999999999',
    '/api/businesses/999999999/nearby',
    '/api/businesses/slug/no-such-slug',
    `/api/city/${city}`,
    `/api/city/${city.toUpperCase()}?limit=3&offset=2`,
    ...filters.map((f) => `/api/city/${city}?${f}`),
    '/api/city/Atlantis',
    `/api/category/${category}`,
    '/api/category/home-services?limit=4&offset=4',
    ...filters.map((f) => `/api/category/${category}?${f}`),
    ...filters.map((f) => `/api/category/restaurants?${f}`),
    '/api/category/no-such-category',
    // Bad input: the same 400s.
    '/api/businesses?limit=0',
    '/api/businesses?lat=41.9',
    '/api/businesses?radiusKm=5',
    '/api/businesses?sort=distance',
    '/api/businesses/abc',
  ];
}

describe('the public API on SQLite and PostgreSQL', () => {
  it('answers every public endpoint with the same status, totals and bytes', async () => {
    const paths = await samplePaths();
    const statuses = new Map<number, number>();
    for (const path of paths) {
      const [sqlite] = await both(path);
      statuses.set(sqlite.status, (statuses.get(sqlite.status) ?? 0) + 1);
      await expectSame(path);
    }
    // The comparison is of real answers: most are lists, some are 404s and 400s.
    expect(statuses.get(200)).toBeGreaterThan(80);
    expect(statuses.get(404)).toBe(3);
    expect(statuses.get(400)).toBe(5);
  }, 120_000);

  it('finds something for each kind of filter, so that equal answers are not empty ones', async () => {
    const paths = await samplePaths();
    const totals = new Map<string, number>();
    for (const path of paths.filter((p) => p.startsWith('/api/businesses?'))) {
      const body = JSON.parse(await expectSame(path)) as PagedBusinesses;
      totals.set(path, body.totalCount);
    }
    const some = (part: string) =>
      [...totals].filter(([path, total]) => path.includes(part) && total > 0).length;
    for (const part of ['openNow=true', 'verified=true', 'minRating=4', 'radiusKm=', 'sort=rating'])
      expect(some(part), part).toBeGreaterThan(0);
    // Open now is a real selection: neither every business nor none.
    const open = totals.get('/api/businesses?openNow=true')!;
    expect(open).toBeGreaterThan(0);
    expect(open).toBeLessThan(totals.get('/api/businesses?limit=13&offset=26')!);
  }, 120_000);

  it('gives each business its distance from the point, nearest first', async () => {
    const list = JSON.parse(
      await expectSame('/api/businesses?lat=40.75&lng=-73.99&radiusKm=100&sort=distance&limit=50'),
    ) as PagedBusinesses;
    const km = list.businesses.map((b: Business) => b.distanceKm!);
    expect(km.length).toBeGreaterThan(0);
    expect(km).toEqual([...km].sort((a, b) => a - b));
  });
});

describe('the pages on SQLite and PostgreSQL', () => {
  /** The page's HTML without what differs per response (the CSP nonce). */
  const page = async (dialect: Dialect, path: string) => {
    const res = await get(dialect, path);
    return { status: res.status, html: res.text.replace(/nonce="[^"]*"/g, 'nonce=""') };
  };

  it('renders the home, a business, a city, a category and the lists with the same HTML', async () => {
    const list = JSON.parse((await get('sqlite', '/api/businesses?limit=50')).text) as PagedBusinesses;
    const business = list.businesses.find((b) => b.latitude !== null)!;
    const paths = [
      '/',
      `/details/${encodeURIComponent(business.slug)}`,
      `/city/${encodeURIComponent(business.city)}`,
      `/city/${encodeURIComponent(business.city)}?openNow=true&sort=rating`,
      `/category/${categorySlug(business.category)}`,
      '/category/restaurants',
      '/cities',
      '/categories',
      `/businesses?lat=${business.latitude}&lng=${business.longitude}&sort=distance`,
      `/business/${business.id}`,
      '/details/no-such-business',
    ];
    for (const path of paths) {
      const sqlite = await page('sqlite', path);
      const postgres = await page('postgres', path);
      expect(sqlite.status, path).toBeLessThan(500);
      expect(postgres.status, path).toBe(sqlite.status);
      expect(postgres.html, path).toBe(sqlite.html);
    }
    // The business page really shows the business (equal HTML is not two empty pages).
    const details = await page('postgres', `/details/${encodeURIComponent(business.slug)}`);
    expect(details.status).toBe(200);
    expect(details.html).toContain(business.name.replaceAll('&', '&amp;'));
  }, 120_000);
});
