// GET /api/admin/businesses (+ /:id), PATCH and DELETE /api/admin/businesses/:id over real HTTP on a
// real database: the session, the cross-site check, every bad input, and the public answers following.
import { pino } from 'pino';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listRecentActivity } from '../../../db/activity-repository.ts';
import { dataVersionReader, readDataVersion } from '../../../db/stats-repository.ts';
import { businessRecord, insertTestBusinesses } from '../../domain/businesses/testing/business-records.ts';
import { createApp } from '../app.ts';
import { HotCache } from '../hot-cache/hot-cache.ts';
import { createRequestHandler } from '../request-handler.ts';
import { type AdminTestEnv, createAdminTestEnv, expectNoInternals } from './testing/admin-test-app.ts';

let env: AdminTestEnv;
beforeEach(async () => {
  env = await createAdminTestEnv();
  insertTestBusinesses(env.database.sqlite, [
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
  ]);
});
afterEach(async () => {
  await env.dispose();
});

const get = (path: string) => request(env.app).get(path).set('Cookie', env.cookie);
const patch = (id: number | string, body: unknown) =>
  request(env.app)
    .patch(`/api/admin/businesses/${id}`)
    .set('Cookie', env.cookie)
    .send(body as object);
const remove = (id: number | string) =>
  request(env.app).delete(`/api/admin/businesses/${id}`).set('Cookie', env.cookie);
const names = (body: { businesses: Array<{ name: string }> }) => body.businesses.map((b) => b.name);

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
    const version = readDataVersion(env.database.sqlite);
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
    expect(readDataVersion(env.database.sqlite)).toBe(version);
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
    const answer = await patch(2, { name: 'Bright Teeth Clinic', phone: '(312) 555-0142', isVerified: true });
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
    expect(listRecentActivity(env.database.sqlite, 1)[0]).toMatchObject({
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
    const version = readDataVersion(env.database.sqlite);
    const answer = await patch(1, { [field]: value });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: { code: 'invalid_field', message: expect.any(String), field } });
    expectNoInternals(answer.text);
    expect(readDataVersion(env.database.sqlite)).toBe(version);
    expect((await get('/api/admin/businesses/1')).body).toMatchObject({
      name: 'Smile Dental',
      slug: 'business-1-chijtes',
    });
  });

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
      currentVersion: dataVersionReader(env.database.sqlite),
    });
    const site = createRequestHandler(
      createApp({
        database: env.database,
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
    const version = readDataVersion(env.database.sqlite);

    const edited = await request(site)
      .patch('/api/admin/businesses/1')
      .set('Cookie', env.cookie)
      .send({ name: 'Smile Dental Studio', rating: 4.8 });
    expect(edited.status).toBe(200);
    expect(readDataVersion(env.database.sqlite)).toBeGreaterThan(version);
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
      database: env.database,
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
    expect((await request(publicApp).get('/api/businesses?search=thames').expect(200)).body.totalCount).toBe(
      0,
    );
    expect(listRecentActivity(env.database.sqlite, 1)[0]).toMatchObject({
      kind: 'delete',
      actor: 'admin:admin',
    });

    const again = await remove(5);
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('not_found');
    expect((await remove('x')).status).toBe(400);
  });
});
