import { describe, expect, it } from 'vitest';
import { bumpDataVersion, dataVersionReader } from '../../db/stats-repository.ts';
import { loadConfig } from '../config.ts';
import { createApp } from './app.ts';
import { HotCache } from './hot-cache/hot-cache.ts';
import { get } from './hot-cache/testing/raw-http.ts';
import { createRequestHandler } from './request-handler.ts';
import { demoServersForFile } from './testing/demo-servers.ts';

const demo = demoServersForFile();
const { logLines } = demo;

/** Starts the API the way server/index.ts does; returns its base URL and the cache. */
async function start(enabled: boolean): Promise<{ url: string; cache: HotCache }> {
  const { database } = demo;
  const logger = demo.logger();
  const cache = new HotCache({
    enabled,
    maxBytes: 8 * 1024 * 1024,
    maxAgeMs: 60_000,
    currentVersion: dataVersionReader(database.sqlite),
    logger,
  });
  const app = createApp({ database, config: loadConfig({ NODE_ENV: 'test' }), logger, hotCache: cache });
  return { url: await demo.listen(createRequestHandler(app, cache)), cache };
}

const slugRow = () =>
  demo.database.sqlite.prepare('SELECT id, slug, name FROM businesses ORDER BY id LIMIT 1').get() as {
    id: number;
    slug: string;
    name: string;
  };

describe('the API behind the hot cache', () => {
  it('answers a repeated public GET from the cache with the same body and headers, logged with its id', async () => {
    const { url, cache } = await start(true);
    const { slug } = slugRow();
    const path = `/api/businesses/slug/${encodeURIComponent(slug)}`;
    const miss = await get(`${url}${path}`);
    const hit = await get(`${url}${path}`, { 'x-request-id': 'abc-123' });
    expect(miss.status).toBe(200);
    expect(JSON.parse(hit.body.toString()).slug).toBe(slug);
    expect(hit.body).toEqual(miss.body);
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 1 });
    const strip = ({ date, 'x-request-id': _id, ...rest }: Record<string, unknown>) => rest;
    expect(strip(hit.headers)).toEqual(strip(miss.headers));
    expect(hit.headers['cache-control']).toBe('public, max-age=60');
    expect(hit.headers.etag).toMatch(/^"/);
    expect(hit.headers['x-request-id']).toBe('abc-123');
    expect(miss.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // One JSON line per request, the hit's with the id it answered with.
    expect(logLines).toHaveLength(2);
    expect(logLines[1]).toMatchObject({
      msg: 'request completed',
      cache: 'hit',
      req: { id: 'abc-123', method: 'GET', url: path },
      res: { statusCode: 200 },
    });
    expect(logLines[0]).toMatchObject({
      msg: 'request completed',
      req: { id: miss.headers['x-request-id'] },
    });
  });

  it('serves hits with the security headers helmet gives the answers Express builds', async () => {
    const { url } = await start(true);
    const throughHelmet = await get(`${url}/healthz`);
    await get(`${url}/api/statistics`);
    const hit = await get(`${url}/api/statistics`);
    const ignored = new Set([
      'date',
      'etag',
      'content-type',
      'content-length',
      'cache-control',
      'x-request-id',
    ]);
    ignored.add('connection').add('keep-alive');
    const security = Object.entries(throughHelmet.headers).filter(([name]) => !ignored.has(name));
    expect(security.length).toBeGreaterThanOrEqual(10);
    for (const [name, value] of security) expect([name, hit.headers[name]]).toEqual([name, value]);
    expect(hit.headers['x-powered-by']).toBeUndefined();
  });

  it('caches 404s but never 400s', async () => {
    const { url, cache } = await start(true);
    for (let i = 0; i < 2; i++) {
      expect((await get(`${url}/api/businesses?limit=0`)).status).toBe(400);
      expect((await get(`${url}/api/city/%00`)).status).toBe(400);
    }
    expect(cache.stats().entries).toBe(0);
    const notFound = await get(`${url}/api/businesses/slug/no-such-business`);
    const again = await get(`${url}/api/businesses/slug/no-such-business`);
    expect([notFound.status, again.status]).toEqual([404, 404]);
    expect(JSON.parse(again.body.toString()).error.code).toBe('not_found');
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 1 });
    // Unknown API paths and admin answers are never stored either.
    await get(`${url}/api/nothing-here`);
    await get(`${url}/api/admin/check-auth`);
    expect(cache.stats().entries).toBe(1);
  });

  it('answers the next request with new data once the data version moves', async () => {
    const { url } = await start(true);
    const { id, slug, name } = slugRow();
    const path = `${url}/api/businesses/slug/${encodeURIComponent(slug)}`;
    expect(JSON.parse((await get(path)).body.toString()).name).toBe(name);
    demo.database.sqlite.prepare('UPDATE businesses SET name = ? WHERE id = ?').run(`${name} (renamed)`, id);
    try {
      // Without a version bump the cached answer stands (writes always bump it: db/stats-repository.ts).
      expect(JSON.parse((await get(path)).body.toString()).name).toBe(name);
      bumpDataVersion(demo.database.sqlite);
      expect(JSON.parse((await get(path)).body.toString()).name).toBe(`${name} (renamed)`);
    } finally {
      demo.database.sqlite.prepare('UPDATE businesses SET name = ? WHERE id = ?').run(name, id);
      bumpDataVersion(demo.database.sqlite);
    }
  });

  it('negotiates brotli and gzip and answers 304 and HEAD, on misses and hits alike', async () => {
    const { url, cache } = await start(true);
    const path = `${url}/api/businesses?limit=20`;
    const head = await get(path, { 'accept-encoding': 'br' }, 'HEAD');
    const br = await get(path, { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get(path, { 'accept-encoding': 'gzip' });
    const plain = await get(path);
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 3 });
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(br.body.length));
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.decoded).toEqual(plain.body);
    expect(gzip.decoded).toEqual(plain.body);
    expect(JSON.parse(plain.body.toString()).businesses).toHaveLength(20);
    const notModified = await get(path, { 'if-none-match': gzip.headers.etag as string });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
  });

  it('with the cache off, builds every answer but keeps ETags, 304s and Cache-Control', async () => {
    const { url, cache } = await start(false);
    const { id, slug, name } = slugRow();
    const path = `${url}/api/businesses/slug/${encodeURIComponent(slug)}`;
    const first = await get(path);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    expect((await get(path, { 'if-none-match': first.headers.etag as string })).status).toBe(304);
    demo.database.sqlite.prepare('UPDATE businesses SET name = ? WHERE id = ?').run(`${name} (renamed)`, id);
    try {
      expect(JSON.parse((await get(path)).body.toString()).name).toBe(`${name} (renamed)`);
    } finally {
      demo.database.sqlite.prepare('UPDATE businesses SET name = ? WHERE id = ?').run(name, id);
    }
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0, hits: 0, misses: 0 });
    expect(logLines.every((line) => line.cache === undefined)).toBe(true);
  });

  it('keeps the city total header on hits', async () => {
    const { url } = await start(true);
    const city = demo.database.sqlite.prepare('SELECT name FROM city_stats LIMIT 1').pluck().get() as string;
    const path = `${url}/api/city/${encodeURIComponent(city)}?limit=2`;
    const miss = await get(path);
    const hit = await get(path);
    expect(Number(miss.headers['x-total-count'])).toBeGreaterThan(0);
    expect(hit.headers['x-total-count']).toBe(miss.headers['x-total-count']);
  });
});
