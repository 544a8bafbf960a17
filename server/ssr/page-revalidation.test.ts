// Pages a browser must revalidate (docs/decisions/0024), over real HTTP as server/index.ts wires the
// server — answer cache in front of Express, on and off — on a real SQLite file: every kind of page
// carries `no-cache` and a weak ETag, a matching If-None-Match is a body-less 304 that renders
// nothing, and an admin edit, verify, delete or import (through the real admin routes, with a
// session) changes the tag, so the page a browser holds is replaced at its next load. The API, the
// assets and the site files keep their own caching.
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataVersionReader } from '../../db/stats-repository.ts';
import { createTempDatabase, type TempDatabase } from '../../db/testing/temp-database.ts';
import { businessPath, categoryPath, cityPath } from '../contract/paths.ts';
import { loadConfig } from '../config.ts';
import { hashPassword } from '../domain/admin/password-hash.ts';
import { mapsRow, writeWorkbook } from '../domain/import/testing/workbook.ts';
import { seedBusinesses } from '../http/admin-data/testing/seed.ts';
import { createApp } from '../http/app.ts';
import { HotCache } from '../http/hot-cache/hot-cache.ts';
import { get, type RawResponse } from '../http/hot-cache/testing/raw-http.ts';
import { createRequestHandler } from '../http/request-handler.ts';
import { readClientAssets } from './client-assets.ts';
import { insideClockWindow } from './testing/clock-window.ts';

const PASSWORD = 'correct horse battery staple';
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

interface Site {
  url: string;
  database: TempDatabase;
  cache: HotCache;
  /** How many pages were rendered so far (each call of the server entry's loader). */
  renders: () => number;
  /** The Cookie header of a signed-in administrator. */
  cookie: string;
  close(): Promise<void>;
}

async function startSite(cacheOn: boolean): Promise<Site> {
  const database = await createTempDatabase('page-revalidation-');
  seedBusinesses(database.sqlite, 20);
  const uploadDir = join(database.dir, 'uploads');
  mkdirSync(uploadDir);
  const config = loadConfig({
    NODE_ENV: 'test',
    SITE_URL: 'https://directory.test',
    SESSION_SECRET: 's'.repeat(40),
    ADMIN_PASSWORD_HASH: await hashPassword(PASSWORD, { N: 1024, r: 8, p: 1 }),
    UPLOAD_DIR: uploadDir,
    RESPONSE_CACHE: cacheOn ? 'on' : 'off',
  });
  const logger = pino({ level: 'silent' });
  const cache = new HotCache({
    enabled: config.RESPONSE_CACHE,
    maxBytes: 16 * 1024 * 1024,
    maxAgeMs: 60_000,
    currentVersion: dataVersionReader(database.sqlite),
  });
  let renders = 0;
  const app = createApp({
    database,
    config,
    logger,
    hotCache: cache,
    site: {
      loadEntry: () => {
        renders++;
        return import('../../ui/entry-server.tsx');
      },
    },
  });
  const server: Server = createServer(createRequestHandler(app, cache));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const login = await request(url).post('/api/admin/login').send({ username: 'admin', password: PASSWORD });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  const setCookie = (login.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
  return {
    url,
    database,
    cache,
    renders: () => renders,
    cookie: setCookie.map((line) => line.split(';')[0]).join('; '),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await database.dispose();
    },
  };
}

const text = (res: RawResponse) => res.decoded.toString('utf8');
/** A weak tag (one for every encoding of a page: RFC 9110 §8.8.3). */
const WEAK_TAG = /^W\/"[^"]+"$/;

function expectRevalidatedPage(res: RawResponse, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-cache');
  expect(res.headers.etag).toMatch(WEAK_TAG);
  expect(res.headers.vary).toBe('Accept-Encoding');
  expect(text(res)).toContain('</html>');
}

function expectNotModified(res: RawResponse, etag: string) {
  expect(res.status).toBe(304);
  expect(res.body.length).toBe(0);
  expect(res.headers.etag).toBe(etag);
  expect(res.headers['cache-control']).toBe('no-cache');
  expect(res.headers.vary).toBe('Accept-Encoding');
  // Nothing that would replace what the browser stored with the page: above all not a CSP, whose
  // nonce must stay the one in the stored body (and helmet's would block the photos).
  expect(res.headers['content-security-policy']).toBeUndefined();
  expect(res.headers['content-type']).toBeUndefined();
  expect(res.headers['content-length']).toBeUndefined();
}

describe.each([
  ['on', true],
  ['off', false],
])('pages with RESPONSE_CACHE=%s', (_label, cacheOn) => {
  insideClockWindow();
  let site: Site;
  beforeAll(async () => {
    site = await startSite(cacheOn);
  });
  afterAll(async () => {
    await site?.close();
  });

  const row = (id: number) =>
    site.database.sqlite
      .prepare('SELECT id, name, slug, city, category FROM businesses WHERE id = ?')
      .get(id) as {
      id: number;
      name: string;
      slug: string;
      city: string;
      category: string;
    };
  const page = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    get(`${site.url}${path}`, { ...BROWSER, ...headers }, method);
  const admin = () => request(site.url);

  it('sends every kind of page with no-cache and a weak ETag, and answers a match with a bare 304 without rendering', async () => {
    const first = row(1);
    const paths = [
      '/',
      cityPath(first.city),
      categoryPath(first.category),
      businessPath(first.slug),
      '/search?q=dental&location=London',
      '/businesses',
      '/cities',
      '/categories',
      '/about',
      '/contact',
      '/privacy-policy',
    ];
    for (const path of paths) {
      const full = await page(path);
      expectRevalidatedPage(full, 200);
      const etag = full.headers.etag as string;
      const rendered = site.renders();
      // The browser's own tag, in a list, and from another encoding (one weak tag covers them all).
      const conditional: Record<string, string>[] = [
        { 'if-none-match': etag },
        { 'if-none-match': `"elsewhere", ${etag}` },
        { 'if-none-match': etag, 'accept-encoding': 'gzip' },
        { 'if-none-match': etag, 'accept-encoding': '' },
      ];
      for (const headers of conditional) expectNotModified(await page(path, headers), etag);
      expectNotModified(await page(path, { 'if-none-match': etag }, 'HEAD'), etag);
      expect(site.renders(), path).toBe(rendered);
      // Another tag: the whole page again, with the same tag in every encoding.
      const other = await page(path, { 'if-none-match': 'W/"1-0-other"', 'accept-encoding': 'gzip' });
      expectRevalidatedPage(other, 200);
      expect(other.headers.etag).toBe(etag);
      expect(other.headers['content-encoding']).toBe('gzip');
    }
    if (cacheOn) expect(site.cache.stats().hits).toBeGreaterThan(0);
    else expect(site.cache.stats().entries).toBe(0);
  });

  it('sends 404 pages with no-cache and a tag of their own, and whole again to a conditional request', async () => {
    for (const path of ['/no-such-page', businessPath('no-such-business'), cityPath('Atlantis')]) {
      const missing = await page(path);
      expectRevalidatedPage(missing, 404);
      const etag = missing.headers.etag as string;
      // A 404 is never confirmed by a 304 (RFC 9110 §13.2.1: preconditions apply to 2xx answers).
      const again = await page(path, { 'if-none-match': etag });
      expectRevalidatedPage(again, 404);
      expect(again.headers.etag).toBe(etag);
      // Nor does its tag pass for the tag of a page that exists.
      const home = await page('/');
      expect(home.headers.etag).not.toBe(etag);
    }
  });

  it('changes the tag after an admin edit and a verify: the old tag gets the new page', async () => {
    // A pending business, so that verifying it changes the page.
    const pendingId = site.database.sqlite
      .prepare('SELECT id FROM businesses WHERE is_verified = 0 ORDER BY id LIMIT 1')
      .pluck()
      .get() as number;
    const business = row(pendingId);
    const path = businessPath(business.slug);
    const before = await page(path);
    expectRevalidatedPage(before, 200);
    const oldTag = before.headers.etag as string;
    const homeTag = (await page('/')).headers.etag as string;
    expectNotModified(await page(path, { 'if-none-match': oldTag }), oldTag);

    const renamed = `${business.name} Renamed`;
    const edit = await admin()
      .patch(`/api/admin/businesses/${business.id}`)
      .set('Cookie', site.cookie)
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ name: renamed });
    expect(edit.status).toBe(200);

    const after = await page(path, { 'if-none-match': oldTag });
    expectRevalidatedPage(after, 200);
    expect(after.headers.etag).not.toBe(oldTag);
    expect(text(after)).toContain(renamed);
    // The slug stays; every page's tag moved with the data (the home page lists businesses too).
    expect((await page('/', { 'if-none-match': homeTag })).status).toBe(200);
    const newTag = after.headers.etag as string;
    expectNotModified(await page(path, { 'if-none-match': newTag }), newTag);

    // Verify: the badge appears at the next load.
    expect(text(after)).not.toContain('bbadge--verified');
    const verify = await admin()
      .patch(`/api/admin/businesses/${business.id}`)
      .set('Cookie', site.cookie)
      .send({ isVerified: true });
    expect(verify.status).toBe(200);
    const verified = await page(path, { 'if-none-match': newTag });
    expect(verified.status).toBe(200);
    expect(verified.headers.etag).not.toBe(newTag);
    expect(text(verified)).toContain('bbadge--verified');
  });

  it('answers the old tag of a deleted business with the 404 page', async () => {
    const business = row(3);
    const path = businessPath(business.slug);
    const before = await page(path);
    expectRevalidatedPage(before, 200);
    const removed = await admin().delete(`/api/admin/businesses/${business.id}`).set('Cookie', site.cookie);
    expect(removed.status).toBe(200);
    const after = await page(path, { 'if-none-match': before.headers.etag as string });
    expectRevalidatedPage(after, 404);
    expect(text(after)).not.toContain(business.name);
  });

  it('changes the tag after an import: the old tag gets the city page with the new business', async () => {
    const city = row(4).city;
    const path = cityPath(city);
    const before = await page(path);
    expectRevalidatedPage(before, 200);
    const name = `Revalidation Dental ${cacheOn ? 'On' : 'Off'}`;
    const file = writeWorkbook(join(site.database.dir, 'one.xlsx'), [
      mapsRow({ name, full_address: `1 Main St, ${city}` }),
    ]);
    const imported = await admin()
      .post('/api/admin/import')
      .set('Cookie', site.cookie)
      .attach('excelFile', file);
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body.stats.imported).toBe(1);
    const after = await page(path, { 'if-none-match': before.headers.etag as string });
    expectRevalidatedPage(after, 200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(text(after)).toContain(name);
  });

  it('leaves the caching of the API, the assets, the site files, redirects and admin screens as it was', async () => {
    // The public API: a minute's max-age and a strong tag per body, 304 on a match.
    const api = await page('/api/statistics');
    expect(api.headers['cache-control']).toBe('public, max-age=60');
    expect(api.headers.etag).toMatch(/^"[^"]+"$/);
    expect((await page('/api/statistics', { 'if-none-match': api.headers.etag as string })).status).toBe(304);
    // Hashed client files: a year, immutable.
    const assets = readClientAssets();
    expect(assets, 'the client is built by the tests global setup').toBeDefined();
    const script = await page(assets!.bootstrapModules[0]!);
    expect(script.status).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // robots.txt a day; the admin screens never stored; /business/:id redirects for a minute.
    expect((await page('/robots.txt')).headers['cache-control']).toBe('public, max-age=86400');
    for (const path of ['/admin', '/admin-panel', '/add-business']) {
      const screen = await page(path);
      expect([path, screen.headers['cache-control']]).toEqual([path, 'no-store']);
      expect(screen.headers.etag).toBeUndefined();
    }
    const redirect = await page(`/business/${row(5).id}`);
    expect(redirect.status).toBe(301);
    expect(redirect.headers['cache-control']).toBe('public, max-age=60');
  });
});
