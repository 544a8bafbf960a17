// GET /api/admin/businesses (+ /:id, sorted, phone and place-id search), PATCH and DELETE
// /api/admin/businesses/:id and POST /api/admin/businesses/bulk over real HTTP on a real database —
// a SQLite file and a PostgreSQL database, each test on both: the session, the cross-site check,
// every bad input, one transaction, and the public answers following. Each dialect's database is
// made once and given the same five businesses before each test (testing/replace-businesses.ts).
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listRecentActivity } from '../../../db/activity-repository.ts';
import type { Dialect } from '../../../db/query/prepared-query.ts';
import { businessRecord } from '../../domain/businesses/testing/business-records.ts';
import { storeDataVersionSource } from '../../domain/data-version.ts';
import type { ServerDatabase } from '../../domain/server-database.ts';
import { settledDataVersion } from '../../domain/testing/settled-data-version.ts';
import { countIn, execIn, rowsIn, storedDataVersion } from '../../domain/testing/sql-in.ts';
import { DIALECTS } from '../../domain/testing/test-store.ts';
import { createApp } from '../app.ts';
import { HotCache } from '../hot-cache/hot-cache.ts';
import { createRequestHandler } from '../request-handler.ts';
import { type AdminTestEnv, createAdminTestEnv, expectNoInternals } from './testing/admin-test-app.ts';
import { refuseDeleting } from './testing/failing-delete.ts';
import { replaceBusinesses } from './testing/replace-businesses.ts';
import { expectSearchIndexIntact } from '../../domain/testing/search-index-check.ts';

const BUSINESSES = [
  businessRecord(1, { name: 'Smile Dental', is_verified: 1 }),
  businessRecord(2, { name: 'Bright Teeth', is_verified: 0 }),
  businessRecord(3, { name: 'Casa Taco', category: 'Mexican restaurant', is_verified: 0 }),
  businessRecord(4, { name: 'Leeds Dental', city: 'Leeds', country: 'United Kingdom', is_verified: 1 }),
  businessRecord(5, {
    name: 'Thames Tacos',
    category: 'Mexican restaurant',
    city: 'London',
    country: 'United Kingdom',
  }),
];

/** Each dialect's database, made once for the file; every test gives it the businesses again. */
const envs = {} as Record<Dialect, AdminTestEnv>;
beforeAll(async () => {
  for (const dialect of DIALECTS) envs[dialect] = await createAdminTestEnv({}, { dialect });
}, 60_000);
afterAll(async () => {
  for (const dialect of DIALECTS) await envs[dialect]?.dispose();
});

/** The database of the dialect whose tests are running. */
let env: AdminTestEnv;
// The public answers below go through the answer cache, which keys on the data version the process
// has seen. On PostgreSQL this process sees its own write's version when the database's NOTIFY is
// back (about a millisecond after the commit: decision 0034), so a test waits for that
// (settledDataVersion) between a write and a cached read; on SQLite there is nothing to wait for.

/** What the public app is given: the admin routes' own database. */
const database = (): ServerDatabase => ({ store: env.store });
const dataVersion = () => storedDataVersion(env.store);

const get = (path: string) => request(env.app).get(path).set('Cookie', env.cookie);
const patch = (id: number | string, body: unknown) =>
  request(env.app)
    .patch(`/api/admin/businesses/${id}`)
    .set('Cookie', env.cookie)
    .send(body as object);
const remove = (id: number | string) =>
  request(env.app).delete(`/api/admin/businesses/${id}`).set('Cookie', env.cookie);
const names = (body: { businesses: Array<{ name: string }> }) => body.businesses.map((b) => b.name);

describe.each(DIALECTS)('on %s', (dialect) => {
  beforeEach(async () => {
    env = envs[dialect];
    await replaceBusinesses(env.store, BUSINESSES);
  });

  describe('the session and the cross-site check', () => {
    const calls = [
      { method: 'get', path: '/api/admin/businesses' },
      { method: 'get', path: '/api/admin/businesses/1' },
      { method: 'patch', path: '/api/admin/businesses/1' },
      { method: 'delete', path: '/api/admin/businesses/1' },
    ] as const;

    it.each(calls)(
      '$method $path answers 401 JSON and no-store without a session',
      async ({ method, path }) => {
        const answer = await request(env.app)
          [method](path)
          .send(method === 'patch' ? { name: 'Hacked' } : undefined);
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual({ error: { code: 'unauthenticated', message: expect.any(String) } });
        expect(answer.headers['cache-control']).toBe('no-store');
        expect((await get('/api/admin/businesses/1')).body.name).toBe('Smile Dental');
      },
    );

    it('answers no-store to a logged-in admin', async () => {
      for (const answer of [
        await get('/api/admin/businesses'),
        await get('/api/admin/businesses/1'),
        await patch(1, {}),
      ]) {
        expect(answer.status).toBe(200);
        expect(answer.headers['cache-control']).toBe('no-store');
      }
    });

    it('refuses a cross-site PATCH or DELETE even with the session cookie, and changes nothing', async () => {
      const version = await dataVersion();
      const attempts = [
        request(env.app)
          .patch('/api/admin/businesses/1')
          .set('Cookie', env.cookie)
          .set('Sec-Fetch-Site', 'cross-site')
          .send({ name: 'Hacked' }),
        request(env.app)
          .patch('/api/admin/businesses/1')
          .set('Cookie', env.cookie)
          .set('Origin', 'https://evil.example')
          .send({ name: 'Hacked' }),
        request(env.app)
          .delete('/api/admin/businesses/1')
          .set('Cookie', env.cookie)
          .set('Sec-Fetch-Site', 'same-site'),
        request(env.app).delete('/api/admin/businesses/1').set('Cookie', env.cookie).set('Origin', 'null'),
      ];
      for (const attempt of attempts) {
        const answer = await attempt;
        expect(answer.status).toBe(403);
        expect(answer.body.error.code).toBe('cross_site');
      }
      expect((await get('/api/admin/businesses/1')).body.name).toBe('Smile Dental');
      expect(await dataVersion()).toBe(version);
      // The panel's own calls pass: same-origin by Fetch Metadata, or by Origin.
      const sameOrigin = await patch(1, { name: 'Smile Dental Co' }).set('Sec-Fetch-Site', 'same-origin');
      expect(sameOrigin.status).toBe(200);
      const byOrigin = await patch(1, { name: 'Smile Dental' })
        .set('Host', 'panel.test')
        .set('Origin', 'http://panel.test');
      expect(byOrigin.status).toBe(200);
    });
  });

  describe('GET /api/admin/businesses', () => {
    it('answers a page of Business objects, newest first, with the paging arithmetic', async () => {
      const answer = await get('/api/admin/businesses');
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ totalCount: 5, totalPages: 1 });
      expect(names(answer.body)).toEqual([
        'Thames Tacos',
        'Leeds Dental',
        'Casa Taco',
        'Bright Teeth',
        'Smile Dental',
      ]);
      expect(answer.body.businesses[0]).toMatchObject({
        id: 5,
        slug: 'business-5-chijtes',
        isVerified: true,
        openingHours: {},
        photos: [],
      });
      const second = await get('/api/admin/businesses?limit=2&offset=2');
      expect(second.body).toMatchObject({ totalCount: 5, totalPages: 3 });
      expect(names(second.body)).toEqual(['Casa Taco', 'Bright Teeth']);
      expect(names((await get('/api/admin/businesses?limit=2&offset=4')).body)).toEqual(['Smile Dental']);
      expect(names((await get('/api/admin/businesses?limit=2&offset=6')).body)).toEqual([]);
    });

    it('filters by status, category (name or group), country and search, each and combined', async () => {
      const list = async (query: string) => names((await get(`/api/admin/businesses?${query}`)).body);
      expect(await list('status=pending')).toEqual(['Casa Taco', 'Bright Teeth']);
      expect(await list('status=verified')).toEqual(['Thames Tacos', 'Leeds Dental', 'Smile Dental']);
      expect(await list('category=Dentist')).toEqual(['Leeds Dental', 'Bright Teeth', 'Smile Dental']);
      expect(await list('category=restaurants')).toEqual(['Thames Tacos', 'Casa Taco']);
      expect(await list(`country=${encodeURIComponent('United Kingdom')}`)).toEqual([
        'Thames Tacos',
        'Leeds Dental',
      ]);
      // The public search's rules: "dental" is a word form of dentist, so Bright Teeth (a Dentist) too.
      expect(await list('search=dental')).toHaveLength(3);
      expect(await list('search=taco&status=pending')).toEqual(['Casa Taco']);
      expect(
        await list(
          `search=dental&country=${encodeURIComponent('United Kingdom')}&status=verified&category=healthcare`,
        ),
      ).toEqual(['Leeds Dental']);
      expect(await list('category=Spaceport')).toEqual([]);
      // Empty parameters are no filter (the panel's selects start empty).
      expect(await list('search=&category=&country=&status=')).toHaveLength(5);
      const pendingPage = await get('/api/admin/businesses?status=pending&limit=1');
      expect(pendingPage.body).toMatchObject({ totalCount: 2, totalPages: 2 });
    });

    it.each([
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
      ['limit=1&limit=2', 'limit'],
      ['offset=-1', 'offset'],
      ['offset=1.5', 'offset'],
      ['status=open', 'status'],
      [`search=${'x'.repeat(201)}`, 'search'],
      ['country=%00', 'country'],
      ['category=a&category=b', 'category'],
    ])('answers 400 naming the parameter for %s', async (query, parameter) => {
      const answer = await get(`/api/admin/businesses?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({
        code: 'invalid_parameter',
        parameter,
        message: expect.stringContaining(parameter),
      });
      expectNoInternals(answer.text);
    });
  });

  describe('GET /api/admin/businesses/:id', () => {
    it('answers the Business, 404 for an unknown id and 400 for a malformed one', async () => {
      expect((await get('/api/admin/businesses/3')).body).toMatchObject({
        id: 3,
        name: 'Casa Taco',
        isVerified: false,
      });
      const missing = await get('/api/admin/businesses/999');
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('not_found');
      for (const id of ['abc', '0', '1e3', '99999999999999999999']) {
        const answer = await get(`/api/admin/businesses/${id}`);
        expect(answer.status).toBe(400);
        expect(answer.body.error).toMatchObject({ code: 'invalid_parameter', parameter: 'id' });
      }
    });
  });

  describe('PATCH /api/admin/businesses/:id', () => {
    it('answers the updated Business; the slug stays; the change is logged', async () => {
      const answer = await patch(2, {
        name: 'Bright Teeth Clinic',
        phone: '(312) 555-0142',
        isVerified: true,
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        id: 2,
        slug: 'business-2-chijtes',
        name: 'Bright Teeth Clinic',
        phone: '(312) 555-0142',
        phoneInternational: '+13125550142',
        isVerified: true,
      });
      expect(answer.body.updatedAt > answer.body.createdAt).toBe(true);
      expect((await listRecentActivity(env.store, 1))[0]).toMatchObject({
        kind: 'edit',
        actor: 'admin:admin',
        detail: expect.stringContaining('"Bright Teeth" (#2)'),
      });
    });

    it('verifies a pending business with {isVerified: true}', async () => {
      expect((await patch(3, { isVerified: true })).body.isVerified).toBe(true);
      expect(names((await get('/api/admin/businesses?status=pending')).body)).toEqual(['Bright Teeth']);
    });

    it.each([
      ['name', 'empty', ''],
      ['name', 'over 10,000 characters', 'x'.repeat(10_001)],
      ['name', 'a number', 42],
      ['category', 'over 200 characters', 'x'.repeat(201)],
      ['description', 'a list', ['text']],
      ['address', 'null', null],
      ['city', 'over 200 characters', 'x'.repeat(201)],
      ['state', 'a number', 7],
      ['country', 'unknown', 'Atlantis'],
      ['zipCode', 'over 40 characters', 'x'.repeat(41)],
      ['phone', 'too short', '12'],
      ['email', 'no @', 'not-an-address'],
      ['website', 'javascript:', 'javascript:alert(1)'],
      ['rating', 'above 5', 5.5],
      ['rating', 'text', '4'],
      ['reviewCount', 'negative', -3],
      ['isVerified', 'text', 'true'],
      ['photos', 'with an ftp address', ['http://ok.example/a.jpg', 'ftp://bad.example/b.jpg']],
      ['photos', '21 of them', Array.from({ length: 21 }, (_, i) => `https://a.example/${i}.jpg`)],
      ['latitude', 'out of range', 100],
      ['longitude', 'text', 'east'],
      ['openingHours', 'an unknown day', { Someday: '9 AM – 5 PM' }],
      ['openingHours', 'unreadable hours', { Monday: 'all the time maybe' }],
      ['slug', 'sent at all', 'new-slug'],
      ['placeId', 'sent at all', 'ChIJother'],
      ['hours', 'not a field of the form', {}],
      ['colour', 'unknown', 'red'],
    ])('answers 400 invalid_field naming %s (%s) and changes nothing', async (field, _case, value) => {
      const version = await dataVersion();
      const answer = await patch(1, { [field]: value });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: { code: 'invalid_field', message: expect.any(String), field } });
      expectNoInternals(answer.text);
      expect(await dataVersion()).toBe(version);
      expect((await get('/api/admin/businesses/1')).body).toMatchObject({
        name: 'Smile Dental',
        slug: 'business-1-chijtes',
      });
    });

    it.each(['__proto__', 'constructor', 'toString'])(
      'names an inherited key (%s) in words, not as [object Object]',
      async (key) => {
        // A raw string: JSON.parse keeps "__proto__" as an own key, an object literal would not.
        const answer = await request(env.app)
          .patch('/api/admin/businesses/1')
          .set('Cookie', env.cookie)
          .set('Content-Type', 'application/json')
          .send(`{"${key}": {"name": "x"}}`);
        expect(answer.status).toBe(400);
        expect(answer.body.error).toMatchObject({ code: 'invalid_field', field: key });
        expect(answer.body.error.message).toMatch(new RegExp(`^${key} is not a field that can be changed`));
        expect(answer.text).not.toContain('[object');
      },
    );

    it('answers 400 for a body that is not a JSON object, and 404 for an unknown business', async () => {
      const array = await patch(1, [{ name: 'x' }]);
      expect(array.status).toBe(400);
      expect(array.body.error.code).toBe('invalid_body');
      const broken = await request(env.app)
        .patch('/api/admin/businesses/1')
        .set('Cookie', env.cookie)
        .set('Content-Type', 'application/json')
        .send('{"name": ');
      expect(broken.status).toBe(400);
      expectNoInternals(broken.text);
      const noType = await request(env.app)
        .patch('/api/admin/businesses/1')
        .set('Cookie', env.cookie)
        .send('name=x');
      expect(noType.status).toBe(400);
      const missing = await patch(999, { name: 'Ghost' });
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('not_found');
    });

    it('changes the public answers at once, past the response cache, and raises the data version', async () => {
      const cache = new HotCache({
        enabled: true,
        maxBytes: 4 * 1024 * 1024,
        maxAgeMs: 60_000,
        currentVersion: storeDataVersionSource(env.store),
      });
      const site = createRequestHandler(
        createApp({
          database: database(),
          config: env.config,
          logger: pino({ level: 'silent' }),
          hotCache: cache,
        }),
        cache,
      );
      const publicAnswer = async () =>
        (await request(site).get('/api/businesses/slug/business-1-chijtes').expect(200)).body;
      expect((await publicAnswer()).name).toBe('Smile Dental');
      expect((await publicAnswer()).name).toBe('Smile Dental');
      expect(cache.stats().hits).toBeGreaterThan(0);
      const version = await dataVersion();

      const edited = await request(site)
        .patch('/api/admin/businesses/1')
        .set('Cookie', env.cookie)
        .send({ name: 'Smile Dental Studio', rating: 4.8 });
      expect(edited.status).toBe(200);
      await settledDataVersion(env.store);
      expect(await dataVersion()).toBeGreaterThan(version);
      expect(await publicAnswer()).toMatchObject({
        name: 'Smile Dental Studio',
        rating: 4.8,
        slug: 'business-1-chijtes',
      });
      const search = await request(site).get('/api/businesses?search=studio').expect(200);
      expect(search.body.businesses.map((b: { id: number }) => b.id)).toEqual([1]);
    });
  });

  describe('DELETE /api/admin/businesses/:id', () => {
    it('removes the business from public reads and counts; a second delete is a 404', async () => {
      const publicApp = createApp({
        database: database(),
        config: env.config,
        logger: pino({ level: 'silent' }),
      });
      const before = (await request(publicApp).get('/api/statistics').expect(200)).body;
      await request(publicApp).get('/api/businesses/slug/business-5-chijtes').expect(200);

      const answer = await remove(5);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ message: expect.stringContaining('Thames Tacos') });
      expect(answer.headers['cache-control']).toBe('no-store');

      await request(publicApp).get('/api/businesses/slug/business-5-chijtes').expect(404);
      const after = (await request(publicApp).get('/api/statistics').expect(200)).body;
      expect(after.totalBusinesses).toBe(before.totalBusinesses - 1);
      expect(after.totalCities).toBe(before.totalCities - 1);
      const countries = (await request(publicApp).get('/api/countries').expect(200)).body;
      expect(countries).toContainEqual({ country: 'United Kingdom', businessCount: 1 });
      expect(
        (await request(publicApp).get('/api/businesses?search=thames').expect(200)).body.totalCount,
      ).toBe(0);
      expect((await listRecentActivity(env.store, 1))[0]).toMatchObject({
        kind: 'delete',
        actor: 'admin:admin',
      });

      const again = await remove(5);
      expect(again.status).toBe(404);
      expect(again.body.error.code).toBe('not_found');
      expect((await remove('x')).status).toBe(400);
    });
  });

  describe('GET /api/admin/businesses?sort=&order=', () => {
    beforeEach(async () => {
      // Distinct ratings: rank (review-weighted) 2 ≈ 4.67, 4 ≈ 4.73, 1 = 4.0, 5 ≈ 4.05, 3 = 3.8.
      for (const [id, rating, reviews] of [
        [1, 4.0, 10],
        [2, 4.8, 100],
        [3, 3.0, 5],
        [4, 4.8, 200],
        [5, 5.0, 1],
      ])
        await execIn(env.store, 'UPDATE businesses SET rating = ?, review_count = ? WHERE id = ?', [
          rating,
          reviews,
          id,
        ]);
    });
    const order = async (query: string) => {
      const answer = await get(`/api/admin/businesses?${query}`);
      expect(answer.status).toBe(200);
      return answer.body.businesses.map((b: { id: number }) => b.id);
    };

    it.each([
      // Name without regard to case; category and city best rated first within; status groups by
      // country and category after it; rating breaks ties by the number of reviews.
      ['name', [2, 3, 4, 1, 5]],
      ['category', [4, 2, 1, 5, 3]],
      ['city', [2, 1, 3, 4, 5]],
      ['rating', [3, 1, 2, 4, 5]],
      ['status', [2, 3, 4, 5, 1]],
    ])('sorts by %s ascending, and descending as its exact reverse', async (column, ascending) => {
      expect(await order(`sort=${column}`)).toEqual(ascending);
      expect(await order(`sort=${column}&order=asc`)).toEqual(ascending);
      expect(await order(`sort=${column}&order=desc`)).toEqual([...ascending].reverse());
      // Pages of the sorted list are slices of it, from either end.
      const pages = [];
      for (const offset of [0, 2, 4]) pages.push(...(await order(`sort=${column}&limit=2&offset=${offset}`)));
      expect(pages).toEqual(ascending);
    });

    it('sorts within the filters and the search; the default stays newest first', async () => {
      expect(await order('')).toEqual([5, 4, 3, 2, 1]);
      expect(await order('sort=&order=')).toEqual([5, 4, 3, 2, 1]);
      expect(await order('sort=rating&order=desc&status=verified')).toEqual([5, 4, 1]);
      expect(await order(`sort=name&country=${encodeURIComponent('United Kingdom')}`)).toEqual([4, 5]);
      expect(await order('sort=name&order=desc&search=dental')).toEqual([1, 4, 2]);
      expect(await order('sort=city&category=Dentist')).toEqual([2, 1, 4]);
    });

    it.each([
      ['sort=price', 'sort'],
      ['sort=NAME', 'sort'],
      ['sort=name&sort=city', 'sort'],
      ['sort=name&order=up', 'order'],
      ['sort=name&order=asc&order=desc', 'order'],
      ['order=desc', 'order'],
    ])('answers 400 naming the parameter for %s', async (query, parameter) => {
      const answer = await get(`/api/admin/businesses?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({
        code: 'invalid_parameter',
        parameter,
        message: expect.stringContaining(parameter),
      });
    });
  });

  describe('the admin search finds phone numbers and place ids', () => {
    beforeEach(async () => {
      const phone = (...values: unknown[]) =>
        execIn(env.store, 'UPDATE businesses SET phone = ?, phone_international = ? WHERE id = ?', values);
      await phone('(312) 555-0142', '+13125550142', 2);
      await phone('020 7946 0958', '+442079460958', 4);
    });
    const found = async (search: string, extra = '') =>
      (await get(`/api/admin/businesses?search=${encodeURIComponent(search)}${extra}`)).body.businesses.map(
        (b: { id: number }) => b.id,
      );

    it.each([
      '(312) 555-0142',
      '3125550142',
      '312-555-0142',
      '+1 312 555 0142',
      '1 (312) 555.0142',
      '+13125550142',
    ])('a US number typed as %s', async (typed) => {
      expect(await found(typed)).toEqual([2]);
    });

    it.each(['020 7946 0958', '+44 20 7946 0958', '0044 20 7946 0958', '2079460958'])(
      'a UK number typed as %s',
      async (typed) => {
        expect(await found(typed)).toEqual([4]);
      },
    );

    it('lists every business sharing a number, newest first, paged, within the filters', async () => {
      // 1, 3 and 5 keep the test records' +1 312-555-0100.
      expect(await found('(312) 555-0100')).toEqual([5, 3, 1]);
      const second = await get(
        `/api/admin/businesses?search=${encodeURIComponent('3125550100')}&limit=2&offset=2`,
      );
      expect(second.body).toMatchObject({ totalCount: 3, totalPages: 2 });
      expect(second.body.businesses.map((b: { id: number }) => b.id)).toEqual([1]);
      expect(await found('3125550100', '&status=pending')).toEqual([3]);
      expect(await found('3125550100', '&sort=name')).toEqual([3, 1, 5]);
      expect(await found('3125550142', '&status=verified')).toEqual([]);
      expect(await found('555 0199')).toEqual([]);
    });

    it('finds a place id exactly, not a part of it', async () => {
      expect(await found('ChIJtest0000000000000000003')).toEqual([3]);
      expect(await found('  ChIJtest0000000000000000003 ')).toEqual([3]);
      expect(await found('ChIJtest000000000000000000')).toEqual([]);
    });

    it('keeps the text search beside it, and the public search does not match phones', async () => {
      expect(await found('dental')).toHaveLength(3);
      const publicApp = createApp({
        database: database(),
        config: env.config,
        logger: pino({ level: 'silent' }),
      });
      const publicSearch = await request(publicApp).get('/api/businesses?search=3125550142').expect(200);
      expect(publicSearch.body.businesses).toEqual([]);
    });
  });

  describe('POST /api/admin/businesses/bulk', () => {
    const bulk = (body: unknown, app: Parameters<typeof request>[0] = env.app) =>
      request(app)
        .post('/api/admin/businesses/bulk')
        .set('Cookie', env.cookie)
        .send(body as object);
    const statuses = async () =>
      Object.fromEntries(
        (
          await rowsIn<{ id: number; is_verified: number }>(
            env.store,
            'SELECT id, is_verified FROM businesses ORDER BY id',
          )
        ).map((row) => [row.id, row.is_verified]),
      );
    const activityCount = () => countIn(env.store, 'activity_log');

    function publicSite() {
      const cache = new HotCache({
        enabled: true,
        maxBytes: 4 * 1024 * 1024,
        maxAgeMs: 60_000,
        currentVersion: storeDataVersionSource(env.store),
      });
      return createRequestHandler(
        createApp({
          database: database(),
          config: env.config,
          logger: pino({ level: 'silent' }),
          hotCache: cache,
        }),
        cache,
      );
    }

    it('verifies exactly the given businesses; statistics, lists and public pages follow at once', async () => {
      const site = publicSite();
      const before = (await request(site).get('/api/statistics').expect(200)).body;
      // Cached now: the change must reach past the cache.
      expect(
        (await request(site).get('/api/businesses/slug/business-2-chijtes').expect(200)).body.isVerified,
      ).toBe(false);
      const activity = await activityCount();

      const answer = await bulk({ action: 'verify', ids: [2, 3, 1] }, site);
      await settledDataVersion(env.store);
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.body).toEqual({
        action: 'verify',
        requested: 3,
        changed: 2,
        unchanged: 1,
        missingIds: [],
        message: 'Verified 2 businesses. 1 business was already verified.',
      });
      expect(await statuses()).toEqual({ 1: 1, 2: 1, 3: 1, 4: 1, 5: 1 });
      const after = (await request(site).get('/api/statistics').expect(200)).body;
      expect(after.verifiedBusinesses).toBe(before.verifiedBusinesses + 2);
      expect(after.totalBusinesses).toBe(before.totalBusinesses);
      expect(
        (await request(site).get('/api/businesses/slug/business-2-chijtes').expect(200)).body.isVerified,
      ).toBe(true);
      expect(names((await get('/api/admin/businesses?status=pending')).body)).toEqual([]);
      // One activity entry for the whole action, naming the businesses.
      expect(await activityCount()).toBe(activity + 1);
      expect((await listRecentActivity(env.store, 1))[0]).toMatchObject({
        kind: 'edit',
        actor: 'admin:admin',
        count: 2,
        detail: 'Verified 2 businesses: "Bright Teeth" (#2), "Casa Taco" (#3)',
      });

      const unverified = await bulk({ action: 'unverify', ids: [1, 4] }, site);
      await settledDataVersion(env.store);
      expect(unverified.body).toMatchObject({ changed: 2, unchanged: 0, missingIds: [] });
      expect(await statuses()).toEqual({ 1: 0, 2: 1, 3: 1, 4: 0, 5: 1 });
      expect((await request(site).get('/api/statistics').expect(200)).body.verifiedBusinesses).toBe(
        before.verifiedBusinesses,
      );
      expect(names((await get('/api/admin/businesses?status=pending')).body)).toEqual([
        'Leeds Dental',
        'Smile Dental',
      ]);
      // The approval is a term of the search index: the written rows were indexed again.
      await expectSearchIndexIntact(env.store);
    });

    it('deletes exactly the given businesses from every public read, and names the ids that did not exist', async () => {
      const site = publicSite();
      const before = (await request(site).get('/api/statistics').expect(200)).body;
      const citiesBefore = (await request(site).get('/api/cities').expect(200)).body;
      await request(site).get('/api/businesses/slug/business-5-chijtes').expect(200);
      expect((await request(site).get('/api/businesses?search=thames').expect(200)).body.totalCount).toBe(1);
      const version = await dataVersion();

      const answer = await bulk({ action: 'delete', ids: [5, 1, 999, 5] }, site);
      await settledDataVersion(env.store);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        action: 'delete',
        requested: 3,
        changed: 2,
        unchanged: 0,
        missingIds: [999],
        message: 'Deleted 2 businesses. This id names no business: #999.',
      });
      expect(await dataVersion()).toBeGreaterThan(version);
      expect(Object.keys(await statuses())).toEqual(['2', '3', '4']);

      await request(site).get('/api/businesses/slug/business-5-chijtes').expect(404);
      await request(site).get('/api/businesses/slug/business-1-chijtes').expect(404);
      const after = (await request(site).get('/api/statistics').expect(200)).body;
      expect(after).toMatchObject({
        totalBusinesses: before.totalBusinesses - 2,
        // 1 was verified, 5 was verified (the record's default).
        verifiedBusinesses: before.verifiedBusinesses - 2,
        // London had only Thames Tacos; Chicago keeps two.
        totalCities: before.totalCities - 1,
        totalReviews: before.totalReviews - 20,
      });
      const citiesAfter = (await request(site).get('/api/cities').expect(200)).body as Array<{
        name: string;
        businessCount: number;
      }>;
      const count = (cities: typeof citiesAfter, name: string) =>
        cities.find((c) => c.name === name)?.businessCount;
      expect(count(citiesAfter, 'Chicago')).toBe((count(citiesBefore, 'Chicago') ?? 0) - 1);
      expect(count(citiesAfter, 'London')).toBeUndefined();
      // The search index follows: deleted businesses are not found, the others are.
      expect((await request(site).get('/api/businesses?search=thames').expect(200)).body.totalCount).toBe(0);
      expect((await request(site).get('/api/businesses?search=smile').expect(200)).body.totalCount).toBe(0);
      expect((await get('/api/admin/businesses?search=smile')).body.totalCount).toBe(0);
      expect((await request(site).get('/api/businesses?search=casa').expect(200)).body.totalCount).toBe(1);
      await expectSearchIndexIntact(env.store);
      expect((await listRecentActivity(env.store, 1))[0]).toMatchObject({
        kind: 'delete',
        count: 2,
        detail: 'Deleted 2 businesses: "Thames Tacos" (#5), "Smile Dental" (#1)',
      });

      // Nothing left to change: answered, nothing logged or bumped.
      const activity = await activityCount();
      const again = await bulk({ action: 'delete', ids: [5, 1] });
      expect(again.body).toMatchObject({ changed: 0, missingIds: [5, 1] });
      expect(await activityCount()).toBe(activity);
    });

    it('is one transaction: a failure on one business changes none of them', async () => {
      const before = {
        statuses: await statuses(),
        version: await dataVersion(),
        log: await activityCount(),
      };
      // A real failure midway (the third business), from inside SQLite.
      const putBack = await refuseDeleting(env.store, 4);
      try {
        const answer = await bulk({ action: 'delete', ids: [1, 2, 4, 5] });
        expect(answer.status).toBe(500);
        expectNoInternals(answer.text);
      } finally {
        await putBack();
      }
      expect(await statuses()).toEqual(before.statuses);
      expect(await dataVersion()).toBe(before.version);
      expect(await activityCount()).toBe(before.log);
      expect((await get('/api/admin/businesses')).body.totalCount).toBe(5);
      await expectSearchIndexIntact(env.store);
    });

    it.each([
      [
        'an unknown action',
        { action: 'publish', ids: [1] },
        'action',
        'action must be one of verify, unverify, delete',
      ],
      ['no action', { ids: [1] }, 'action', 'action'],
      ['no ids', { action: 'verify' }, 'ids', 'ids must be a list'],
      ['empty ids', { action: 'verify', ids: [] }, 'ids', 'at least one'],
      ['a zero id', { action: 'delete', ids: [2, 0] }, 'ids', '0 is not'],
      ['a negative id', { action: 'delete', ids: [-3] }, 'ids', '-3 is not'],
      ['a fraction', { action: 'verify', ids: [2, 1.5] }, 'ids', '1.5 is not'],
      ['an id as text', { action: 'verify', ids: ['3'] }, 'ids', '"3" is not'],
      ['a null id', { action: 'delete', ids: [null] }, 'ids', 'null is not'],
      ['an id past 2^53', { action: 'delete', ids: [2 ** 53] }, 'ids', 'is not'],
      ['ids as one number', { action: 'delete', ids: 3 }, 'ids', 'ids must be a list'],
      [
        '501 ids',
        { action: 'delete', ids: Array.from({ length: 501 }, (_, i) => i + 1) },
        'ids',
        'at most 500',
      ],
    ])('answers 400 naming the problem for %s, and changes nothing', async (_case, body, field, message) => {
      const before = {
        statuses: await statuses(),
        version: await dataVersion(),
        log: await activityCount(),
      };
      const answer = await bulk(body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({
        code: 'invalid_field',
        field,
        message: expect.stringContaining(message),
      });
      expectNoInternals(answer.text);
      expect(await statuses()).toEqual(before.statuses);
      expect(await dataVersion()).toBe(before.version);
      expect(await activityCount()).toBe(before.log);
    });

    it('takes 500 ids at once (repeats counted once), and refuses bodies that are not {action, ids}', async () => {
      const many = await bulk({
        action: 'verify',
        ids: [...Array.from({ length: 500 }, (_, i) => i + 1), 2, 3],
      });
      expect(many.status).toBe(200);
      expect(many.body).toMatchObject({ requested: 500, changed: 2, unchanged: 3 });
      expect(many.body.missingIds).toHaveLength(495);
      expect(many.body.message).toContain('and 485 more');
      for (const body of [[{ action: 'verify', ids: [1] }], { action: 'verify', ids: [1], force: true }]) {
        const answer = await bulk(body);
        expect(answer.status).toBe(400);
        expect(answer.body.error.code).toBe('invalid_field');
      }
      const notJson = await request(env.app)
        .post('/api/admin/businesses/bulk')
        .set('Cookie', env.cookie)
        .set('Content-Type', 'application/json')
        .send('{"action": ');
      expect(notJson.status).toBe(400);
      expectNoInternals(notJson.text);
    });

    it('needs the session and refuses a cross-site request, changing nothing', async () => {
      const before = await statuses();
      const anonymous = await request(env.app)
        .post('/api/admin/businesses/bulk')
        .send({ action: 'delete', ids: [1, 2] });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.error.code).toBe('unauthenticated');
      for (const header of [
        ['Sec-Fetch-Site', 'cross-site'],
        ['Origin', 'https://evil.example'],
      ] as const) {
        const answer = await bulk({ action: 'delete', ids: [1, 2] }).set(header[0], header[1]);
        expect(answer.status).toBe(403);
        expect(answer.body.error.code).toBe('cross_site');
        expect(answer.headers['cache-control']).toBe('no-store');
      }
      expect(await statuses()).toEqual(before);
    });
  });
});

describe('the same answers on both dialects', () => {
  beforeEach(async () => {
    for (const dialect of DIALECTS) {
      const { store } = envs[dialect];
      await replaceBusinesses(store, BUSINESSES);
      // Distinct ratings and a number of its own, for the sorts and the phone search.
      for (const [id, rating, reviews, phone, international] of [
        [2, 4.8, 100, '(312) 555-0142', '+13125550142'],
        [3, 3.0, 5, '+1 312-555-0100', '+13125550100'],
        [4, 4.8, 200, '020 7946 0958', '+442079460958'],
        [5, 5.0, 1, '+1 312-555-0100', '+13125550100'],
      ] as const)
        await execIn(
          store,
          'UPDATE businesses SET rating = ?, review_count = ?, phone = ?, phone_international = ? WHERE id = ?',
          [rating, reviews, phone, international, id],
        );
    }
  });

  type Call = (env: AdminTestEnv) => request.Test;
  /** The same call to each dialect's app: the same status and body (but the keys left out). */
  async function expectSame(call: Call, label: string, leftOut: readonly string[] = []) {
    const answers = {} as Record<Dialect, { status: number; body: unknown }>;
    for (const dialect of DIALECTS) {
      const answer = await call(envs[dialect]);
      const body = JSON.parse(JSON.stringify(answer.body), (key, value) =>
        leftOut.includes(key) ? '<left out>' : value,
      );
      answers[dialect] = { status: answer.status, body };
    }
    expect(answers.postgres, label).toEqual(answers.sqlite);
    return answers.sqlite;
  }
  const admin =
    (method: 'get' | 'patch' | 'delete' | 'post', path: string, body?: unknown): Call =>
    (target) => {
      const call = request(target.app)[method](path).set('Cookie', target.cookie);
      return body === undefined ? call : call.send(body as object);
    };

  it('lists, filters, sorts, searches and gets alike', async () => {
    const queries = [
      '',
      'limit=2&offset=2',
      'status=pending',
      'status=verified&category=healthcare',
      'category=Dentist',
      'category=restaurants',
      `country=${encodeURIComponent('United Kingdom')}`,
      'search=dental',
      'search=taco&status=pending',
      'search=qwxzv',
      `search=${encodeURIComponent('(312) 555-0100')}&limit=2&offset=2`,
      'search=3125550142',
      `search=${encodeURIComponent('+44 20 7946 0958')}`,
      'search=ChIJtest0000000000000000003',
      'search=ChIJtest000000000000000000',
      ...['name', 'category', 'city', 'rating', 'status'].flatMap((column) => [
        `sort=${column}`,
        `sort=${column}&order=desc&limit=2&offset=2`,
      ]),
      'sort=name&order=desc&search=dental',
      'limit=0',
      'sort=price',
    ];
    for (const query of queries) await expectSame(admin('get', `/api/admin/businesses?${query}`), query);
    for (const id of ['1', '4', '999', 'abc'])
      await expectSame(admin('get', `/api/admin/businesses/${id}`), `business ${id}`);
  });

  it('edits, deletes and bulk-changes alike', async () => {
    const edited = await expectSame(
      admin('patch', '/api/admin/businesses/2', { name: 'Bright Teeth Clinic', isVerified: true }),
      'edit',
      ['updatedAt'],
    );
    expect(edited).toMatchObject({ status: 200, body: { name: 'Bright Teeth Clinic' } });
    await expectSame(admin('patch', '/api/admin/businesses/2', { phone: '12' }), 'bad edit');
    await expectSame(
      admin('post', '/api/admin/businesses/bulk', { action: 'verify', ids: [3, 1, 77] }),
      'verify',
    );
    await expectSame(
      admin('post', '/api/admin/businesses/bulk', { action: 'delete', ids: [5, 1] }),
      'delete',
    );
    await expectSame(admin('delete', '/api/admin/businesses/4'), 'delete one');
    await expectSame(admin('delete', '/api/admin/businesses/4'), 'delete one again');
    await expectSame(admin('get', '/api/admin/businesses'), 'left', ['updatedAt']);
    await expectSame(admin('get', '/api/admin/businesses?search=clinic'), 'search after', ['updatedAt']);
  });
});
