// The pages' cache key: a query parameter no page reads makes no new entry in the answer cache (a
// flood of ?v=random cannot fill it), long made-up 404 paths are not kept at all, and each listed
// route renders the same page with or without a parameter it does not read.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { pino } from 'pino';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataVersionReader } from '../../db/stats-repository.ts';
import { createTempDatabase, type TempDatabase } from '../../db/testing/temp-database.ts';
import { loadConfig } from '../config.ts';
import { createApp } from '../http/app.ts';
import { HotCache } from '../http/hot-cache/hot-cache.ts';
import { createRequestHandler } from '../http/request-handler.ts';
import { seedBusinesses } from '../http/admin-data/testing/seed.ts';
import { pageCacheKey } from './page-cache-key.ts';

describe('pageCacheKey', () => {
  it.each([
    ['/details/joes-pizza?v=123&utm_source=x', '/details/joes-pizza'],
    ['/?v=1', '/'],
    ['/about/?ref=a', '/about/'],
    [
      '/search?v=9&page=2&q=pizza&location=Chicago&sort=rating',
      '/search?q=pizza&location=Chicago&page=2&sort=rating',
    ],
    ['/search?q=a&q=b', '/search?q=a'],
    ['/search?q=a%20b', '/search?q=a+b'],
    ['/businesses?search=x&fbclid=1', '/businesses?search=x'],
    ['/city/Chicago?openNow=true&v=2', '/city/Chicago?openNow=true'],
    ['/cities?page=3&sort=rating', '/cities?page=3'],
    ['/search?v=1', '/search'],
  ])('%s → %s', (url, key) => {
    expect(pageCacheKey(url)).toBe(key);
  });

  it('keeps the whole URL of the API and of paths that are no known page', () => {
    for (const url of ['/api/businesses?search=x&v=1', '/admin?tab=import', '/city/a/b?v=1', '/no-page?x=1'])
      expect(pageCacheKey(url)).toBe(url);
  });
});

/** A page without the times its embedded query data was fetched at (they differ between renders). */
const unclocked = (html: string) =>
  html.replace(/("(?:dehydratedAt|dataUpdatedAt|errorUpdatedAt)":)\d+/g, '$10');

describe('the answer cache under a flood of distinct URLs', () => {
  let database: TempDatabase;
  let cache: HotCache;
  let site: ReturnType<typeof createRequestHandler>;
  let slug: string;
  let city: string;

  beforeEach(async () => {
    database = await createTempDatabase();
    seedBusinesses(database.sqlite, 5);
    ({ slug, city } = database.sqlite.prepare('SELECT slug, city FROM businesses LIMIT 1').get() as {
      slug: string;
      city: string;
    });
    cache = new HotCache({
      enabled: true,
      maxBytes: 64 * 1024 * 1024,
      maxAgeMs: 60_000,
      currentVersion: dataVersionReader(database.sqlite),
      keyOf: pageCacheKey,
    });
    const app = createApp({
      database,
      config: loadConfig({ NODE_ENV: 'test' }),
      logger: pino({ level: 'silent' }),
      hotCache: cache,
    });
    site = createRequestHandler(app, cache);
  });
  afterEach(async () => {
    await database.dispose();
  });

  it('keeps one entry per page whatever ?v= says, and answers the rest from it', async () => {
    for (let i = 0; i < 40; i++) {
      await request(site).get(`/details/${slug}?v=${Math.random()}`).expect(200);
      await request(site).get(`/search?q=pizza&v=${i}`).expect(200);
      await request(site)
        .get(`/city/${encodeURIComponent(city)}?utm_source=${i}&page=1`)
        .expect(200);
    }
    expect(cache.stats().entries).toBe(3);
    expect(cache.stats().hits).toBeGreaterThanOrEqual(3 * 39);
    // A parameter the page reads is a different page.
    await request(site).get('/search?q=tacos&v=1').expect(200);
    expect(cache.stats().entries).toBe(4);
  });

  it('keeps no 404 whose path is long, so made-up paths cannot fill the cache', async () => {
    for (let i = 0; i < 20; i++) {
      await request(site)
        .get(`/${i}-${'x'.repeat(15 * 1024)}`)
        .expect(404);
    }
    expect(cache.stats().entries).toBe(0);
    await request(site).get('/no-such-page').expect(404);
    expect(cache.stats().entries).toBe(1);
  });

  it('holds no memory for each distinct long path it was asked for', async () => {
    // A real server's RSS under 9,000 such paths: bench/url-flood.bench.ts. Here the cause it found:
    // each remembered route match held its 15 KB path about three times (~50 KB a path).
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const flood = async (from: number) => {
      for (let i = from; i < from + 300; i++)
        await request(site)
          .get(`/${i}-${'x'.repeat(15 * 1024)}`)
          .expect(404);
    };
    await flood(0);
    gc();
    const before = process.memoryUsage().heapUsed;
    await flood(1000);
    gc();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(7 * 1024 * 1024);
  });

  it('renders each keyed route the same with or without a parameter it does not read', async () => {
    // The identity key stores both renders: the bodies must match, or the key would serve a wrong page.
    const plain = new HotCache({
      enabled: true,
      maxBytes: 64 * 1024 * 1024,
      maxAgeMs: 60_000,
      currentVersion: dataVersionReader(database.sqlite),
    });
    const app = createApp({
      database,
      config: loadConfig({ NODE_ENV: 'test' }),
      logger: pino({ level: 'silent' }),
      hotCache: plain,
    });
    const cityPath = `/city/${encodeURIComponent(city)}`;
    for (const url of [
      '/',
      `/details/${slug}`,
      '/search?q=pizza&location=Chicago&sort=rating&page=1',
      '/businesses?search=a&openNow=true',
      `${cityPath}?verified=true`,
      '/cities?page=1',
      '/categories',
      '/about',
    ]) {
      const withExtra = `${url}${url.includes('?') ? '&' : '?'}v=42&utm_source=mail`;
      const first = await request(app).get(url);
      const second = await request(app).get(withExtra);
      expect(second.status, withExtra).toBe(first.status);
      expect(unclocked(second.text), withExtra).toBe(unclocked(first.text));
      expect(pageCacheKey(withExtra)).toBe(pageCacheKey(url));
    }
  });
});
