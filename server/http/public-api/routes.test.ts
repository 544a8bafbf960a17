// The public API over real HTTP on the demo spreadsheet, imported into SQLite and into PostgreSQL: each
// test runs on both. (The two dialects' answers compared byte for byte: dialects.test.ts.)
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { Business } from '../../contract/business.ts';
import { countIn, rowsIn } from '../../domain/testing/sql-in.ts';
import { DIALECTS, type TestStore } from '../../domain/testing/test-store.ts';
import { createApp } from '../app.ts';
import { createDemoTestStore } from '../testing/demo-store.ts';

function expectBusinessShape(b: Business): void {
  expect(b).toMatchObject({
    id: expect.any(Number),
    slug: expect.any(String),
    name: expect.any(String),
    category: expect.any(String),
    address: expect.any(String),
    city: expect.any(String),
    rating: expect.any(Number),
    reviewCount: expect.any(Number),
    isOpen: expect.any(Boolean),
    isVerified: expect.any(Boolean),
    photos: expect.any(Array),
    openingHours: expect.any(Object),
    updatedAt: expect.any(String),
  });
  for (const key of [
    'placeId',
    'zipCode',
    'state',
    'country',
    'website',
    'latitude',
    'longitude',
    'timeZone',
    'hours',
  ]) {
    expect(b).toHaveProperty(key);
  }
}

describe.each(DIALECTS)('public API on %s', (dialect) => {
  let test: TestStore;
  let app: ReturnType<typeof createApp>;
  /** How many businesses the demo import wrote (each test compares with it). */
  let businessCount: number;

  beforeAll(async () => {
    test = await createDemoTestStore(dialect);
    businessCount = await countIn(test.store, 'businesses');
    app = createApp({
      database: { store: test.store },
      config: loadConfig({ NODE_ENV: 'test' }),
      logger: pino({ level: 'silent' }),
    });
  }, 120_000);
  afterAll(async () => {
    await test?.dispose();
  });

  const get = (path: string) => request(app).get(path);
  const total = () => businessCount;

  it('answers the statistics with precomputed counts', async () => {
    const res = await get('/api/statistics').expect(200);
    expect(res.body).toEqual({
      totalBusinesses: total(),
      verifiedBusinesses: expect.any(Number),
      categories: expect.any(Number),
      totalCities: expect.any(Number),
      totalReviews: expect.any(Number),
    });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeTruthy();
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lists popular cities most businesses first, with stable ids', async () => {
    const { body } = await get('/api/cities/popular').expect(200);
    expect(body.length).toBeGreaterThan(5);
    expect(body[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      businessCount: expect.any(Number),
    });
    const counts = body.map((c: { businessCount: number }) => c.businessCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect((await get('/api/cities/popular')).body[0].id).toBe(body[0].id);
  });

  it('recommends well-reviewed businesses with photos, ranked by review-weighted rating', async () => {
    const { body } = await get('/api/businesses/recommended').expect(200);
    expect(body.length).toBeGreaterThanOrEqual(6);
    body.forEach(expectBusinessShape);
    expect(body.every((b: Business) => b.photos.length > 0)).toBe(true);
    const score = (b: Business) => (b.reviewCount * b.rating + 80) / (b.reviewCount + 20);
    const scores = body.map(score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect((await get('/api/businesses/latest').expect(200)).body.length).toBeGreaterThan(0);
  });

  it('finds a business by id and by slug, and answers 404 or 400 otherwise', async () => {
    const [first] = (await get('/api/businesses?limit=1').expect(200)).body.businesses;
    const byId = await get(`/api/businesses/${first.id}`).expect(200);
    expectBusinessShape(byId.body);
    const bySlug = await get(`/api/businesses/slug/${encodeURIComponent(first.slug)}`).expect(200);
    expect(bySlug.body.id).toBe(first.id);
    expect((await get('/api/businesses/999999999').expect(404)).body.error.code).toBe('not_found');
    expect((await get('/api/businesses/slug/no-such-slug').expect(404)).body.error.code).toBe('not_found');
    expect((await get('/api/businesses/abc').expect(400)).body.error.message).toMatch(/id/);
  });

  it('pages the browse list with consistent arithmetic', async () => {
    const { body } = await get('/api/businesses?limit=20&offset=40').expect(200);
    expect(body.totalCount).toBe(total());
    expect(body.totalPages).toBe(Math.ceil(total() / 20));
    expect(body.businesses).toHaveLength(20);
    const next = (await get('/api/businesses?limit=20&offset=60')).body.businesses;
    expect(next.map((b: Business) => b.id)).not.toContain(body.businesses[0].id);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=-5', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1e9', 'limit'],
    ['offset=9e15', 'offset'],
    ['offset=-1', 'offset'],
    ['search=a&search=b', 'search'],
    [`search=${'x'.repeat(10_000)}`, 'search'],
  ])('refuses %s with a 400 naming the parameter', async (query, name) => {
    const res = await get(`/api/businesses?${query}`).expect(400);
    expect(res.body.error.message).toContain(name);
  });

  it('searches full text with injection-looking input kept inert', async () => {
    const { body } = await get('/api/businesses?search=restaurant').expect(200);
    expect(body.totalCount).toBeGreaterThan(0);
    for (const text of ["' OR 1=1 --", '%', '_', '"unbalanced', 'NEAR(']) {
      const res = await get(`/api/businesses?search=${encodeURIComponent(text)}`).expect(200);
      expect(res.body.totalCount).toBeLessThan(total());
    }
  });

  it('narrows a search by location inside the full-text match', async () => {
    const all = (await get('/api/search?q=restaurant').expect(200)).body;
    const inNewYork = (await get('/api/search?q=restaurant&location=new%20york').expect(200)).body;
    expect(inNewYork.totalCount).toBeGreaterThan(0);
    expect(inNewYork.totalCount).toBeLessThan(all.totalCount);
    expect(
      inNewYork.businesses.every((b: Business) =>
        `${b.address} ${b.city}`.toLowerCase().includes('new york'),
      ),
    ).toBe(true);
    expect(inNewYork.page).toBe(1);
    // A place alone lists it; neither a service nor a place is a 400 naming both.
    expect((await get('/api/search?location=chicago').expect(200)).body.totalCount).toBeGreaterThan(0);
    expect((await get('/api/search?q=%20&location=').expect(400)).body.error.message).toMatch(/q .*location/);
  });

  it('matches a UK postcode district against full postcodes', async () => {
    const [ukRow] = await rowsIn<{ zip_code: string }>(
      test.store,
      `SELECT zip_code FROM businesses WHERE country_code = 'GB' AND zip_code LIKE '% %' ORDER BY id LIMIT 1`,
    );
    const uk = ukRow?.zip_code;
    expect(uk).toBeTruthy();
    const district = uk!.split(' ')[0]!;
    const [categoryRow] = await rowsIn<{ category: string }>(
      test.store,
      'SELECT category FROM businesses WHERE zip_code = ? ORDER BY id LIMIT 1',
      [uk],
    );
    const category = categoryRow!.category;
    const res = await get(`/api/search?q=${encodeURIComponent(category)}&location=${district}`).expect(200);
    expect(res.body.businesses.some((b: Business) => b.zipCode === uk)).toBe(true);
  });

  it('lists a city case-insensitively, most relevant first, and an unknown city as []', async () => {
    const city = (await get('/api/cities/popular')).body[0];
    const a = (await get(`/api/city/${encodeURIComponent(city.name)}`).expect(200)).body;
    const b = (await get(`/api/city/${encodeURIComponent(city.name.toUpperCase())}`).expect(200)).body;
    expect(a.map((x: Business) => x.id)).toEqual(b.map((x: Business) => x.id));
    expect(a.length).toBe(Math.min(city.businessCount, 50));
    expect((await get('/api/city/Atlantis').expect(200)).body).toEqual([]);
    expect((await get(`/api/city/${encodeURIComponent(city.name)}?limit=2&offset=1`)).body).toHaveLength(2);
  });

  it('answers path tricks with 400 or an empty list, never a crash', async () => {
    expect((await get('/api/city/..%2F..%2Fetc%2Fpasswd').expect(200)).body).toEqual([]);
    expect((await get('/api/city/%00').expect(400)).body.error.code).toBe('invalid_parameter');
    const broken = await get('/api/city/%E0%A4%A').expect(400);
    expect(broken.body.error).toBeDefined();
    expect(JSON.stringify(broken.body)).not.toMatch(/\n\s+at /);
  });

  it('serves a navigation group and a specific category from the same path', async () => {
    const group = (await get('/api/category/restaurants').expect(200)).body as Business[];
    expect(group.length).toBeGreaterThan(0);
    // A specific category (not one named like the group itself, which some businesses carry).
    const specific = group.find((b) => b.category.toLowerCase() !== 'restaurants')!.category;
    const slug = specific
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    const only = (await get(`/api/category/${slug}`).expect(200)).body as Business[];
    expect(only.length).toBeGreaterThan(0);
    expect(only.every((b) => b.category === specific)).toBe(true);
    expect((await get('/api/category/no-such-category').expect(200)).body).toEqual([]);
    const browse = (await get('/api/businesses?category=healthcare').expect(200)).body;
    expect(browse.totalCount).toBeGreaterThan(0);
  });

  it('lists categories and countries with counts, most first', async () => {
    const categories = (await get('/api/categories').expect(200)).body;
    expect(categories[0]).toEqual({ category: expect.any(String), businessCount: expect.any(Number) });
    const countries = (await get('/api/countries').expect(200)).body;
    expect(countries.map((c: { country: string }) => c.country)).toEqual(
      expect.arrayContaining(['United States', 'United Kingdom']),
    );
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await get('/api/nothing-here').expect(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });
});
