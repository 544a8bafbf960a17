// The cache on its own, over real HTTP (node:http on an ephemeral port): expiry, the byte bound,
// versions, encodings and validators. The API wired through it is tested in request-handler.test.ts.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { preferredEncoding } from './accept-encoding.ts';
import { type CacheableAnswer, HotCache, type HotCacheOptions, MIN_COMPRESSED_BYTES } from './hot-cache.ts';
import { get } from './testing/raw-http.ts';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

interface Harness {
  cache: HotCache;
  url: string;
  clock: { now: number };
  data: { version: number; builds: number };
}

/** A server whose miss path builds `answerFor(path)` and sends it through the cache, like the routes do. */
async function harness(
  options: Partial<HotCacheOptions> = {},
  answerFor: (path: string) => CacheableAnswer = (path) => ({
    status: 200,
    contentType: 'text/plain; charset=utf-8',
    headers: { 'Cache-Control': 'public, max-age=60' },
    body: `answer for ${path}`,
  }),
): Promise<Harness> {
  const clock = { now: 1_000_000 };
  const data = { version: 1, builds: 0 };
  const cache = new HotCache({
    enabled: true,
    maxBytes: 1024 * 1024,
    maxAgeMs: 60_000,
    currentVersion: () => data.version,
    now: () => clock.now,
    ...options,
  });
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    if (cache.tryServe(req, res)) return;
    const version = cache.currentVersion();
    data.builds++;
    cache.send(req, res, HotCache.keyOf(req), version, answerFor(req.url ?? '/'));
  };
  server = createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { cache, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, clock, data };
}

const json = (size: number): CacheableAnswer => ({
  status: 200,
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify({ items: Array.from({ length: size }, (_, i) => ({ i, name: `business ${i}` })) }),
});

describe('HotCache', () => {
  it('answers the second identical request from memory, keyed on path and query', async () => {
    const { cache, url, data } = await harness();
    const first = await get(`${url}/a?x=1`);
    const second = await get(`${url}/a?x=1`);
    expect(second.body.toString()).toBe('answer for /a?x=1');
    expect(second.body).toEqual(first.body);
    expect(data.builds).toBe(1);
    await get(`${url}/a?x=2`);
    expect(data.builds).toBe(2);
    expect(cache.stats()).toMatchObject({ entries: 2, hits: 1, misses: 2 });
    // Hits and misses carry the same headers, apart from the date and the request id.
    const strip = ({ date, 'x-request-id': _id, ...rest }: Record<string, unknown>) => rest;
    expect(strip(second.headers)).toEqual(strip(first.headers));
  });

  it('lets the app answer when the cache itself fails, and logs it, instead of ending the process', async () => {
    let failing = false;
    const logged: unknown[] = [];
    const logger = { error: (fields: unknown, message: string) => logged.push([fields, message]) };
    const data = { version: 1 };
    const { url } = await harness({
      currentVersion: () => {
        if (failing) {
          failing = false;
          throw new Error('The database connection is not open');
        }
        return data.version;
      },
      logger: logger as unknown as HotCacheOptions['logger'],
    });
    await get(`${url}/a`);
    failing = true;
    const answer = await get(`${url}/a`);
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('answer for /a');
    expect(logged).toEqual([[expect.objectContaining({ url: '/a' }), 'answer cache failed']]);
  });

  it('expires an entry after maxAgeMs, or the shorter age the answer asks for', async () => {
    const { url, clock, data } = await harness({ maxAgeMs: 1000 }, (path) => ({
      status: 200,
      contentType: 'text/plain',
      body: path,
      maxAgeMs: path === '/short' ? 100 : undefined,
    }));
    await get(`${url}/long`);
    await get(`${url}/short`);
    clock.now += 99;
    await get(`${url}/long`);
    await get(`${url}/short`);
    expect(data.builds).toBe(2);
    clock.now += 1;
    await get(`${url}/short`);
    expect(data.builds).toBe(3);
    await get(`${url}/long`);
    expect(data.builds).toBe(3);
    clock.now += 900;
    await get(`${url}/long`);
    expect(data.builds).toBe(4);
  });

  it('drops every entry when the data version changes, and never stores a stale build', async () => {
    const { cache, url, data } = await harness();
    await get(`${url}/a`);
    data.version = 2;
    await get(`${url}/a`);
    expect(data.builds).toBe(2);
    // An answer built from version 2 data after the version moved on is sent but not kept.
    cache.store('/b', 2, json(1));
    expect(cache.stats().entries).toBe(2);
    data.version = 3;
    cache.store('/c', 2, json(1));
    await get(`${url}/c`);
    expect(data.builds).toBe(3);
    expect(cache.stats().entries).toBe(1);
  });

  it('keeps the stored bytes under maxBytes, evicting the least recently used', async () => {
    const body = 'x'.repeat(500); // below the compression threshold: 500 bytes + overhead per entry
    const { cache, url, data } = await harness({ maxBytes: 3_500 }, () => ({
      status: 200,
      contentType: 'text/plain',
      body,
    }));
    for (const path of ['/1', '/2', '/3']) await get(`${url}${path}`);
    await get(`${url}/1`); // /1 is now the most recent; /2 the least
    expect(data.builds).toBe(3);
    await get(`${url}/4`);
    await get(`${url}/5`);
    expect(cache.stats().bytes).toBeLessThanOrEqual(3_500);
    expect(cache.stats().entries).toBe(3);
    const builds = data.builds;
    await get(`${url}/1`);
    expect(data.builds).toBe(builds);
    await get(`${url}/2`);
    expect(data.builds).toBe(builds + 1);
    // An answer larger than the whole bound is sent, never stored.
    cache.store('/huge', 1, { status: 200, contentType: 'text/plain', body: 'y'.repeat(10_000) });
    expect(cache.stats().bytes).toBeLessThanOrEqual(3_500);
  });

  it('stores 200 and 404 only', async () => {
    const cache = new HotCache({ enabled: true, maxBytes: 1e6, maxAgeMs: 1e6, currentVersion: () => 1 });
    for (const status of [200, 404, 400, 500, 301]) cache.store(`/${status}`, 1, { ...json(1), status });
    expect(cache.stats().entries).toBe(2);
  });

  it('precompresses large bodies and picks brotli, gzip or identity from Accept-Encoding', async () => {
    const answer = json(200);
    const { url, data, cache } = await harness({}, () => answer);
    const miss = await get(`${url}/list`, { 'accept-encoding': 'gzip, deflate, br' });
    // Once compressed, only the compressed copies are kept (the plain body is unzipped on demand).
    expect(cache.stats().bytes).toBeLessThan(Buffer.byteLength(answer.body as string) / 2);
    expect(miss.headers['content-encoding']).toBe('br');
    expect(miss.decoded.toString()).toBe(answer.body);
    expect(miss.body.length).toBeLessThan(Buffer.byteLength(answer.body as string) / 3);
    const gzip = await get(`${url}/list`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.decoded.toString()).toBe(answer.body);
    const plain = await get(`${url}/list`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(answer.body);
    expect(plain.headers['content-length']).toBe(String(plain.body.length));
    const refused = await get(`${url}/list`, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    for (const res of [miss, gzip, plain]) expect(res.headers.vary).toBe('Accept-Encoding');
    // Each encoding has its own strong tag.
    expect(new Set([miss.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
    expect(plain.headers.etag).toMatch(/^"[0-9a-f]+-[\w-]+"$/);
    expect(data.builds).toBe(1);
  });

  it('makes only the copy a client asks for, and the others when first asked', async () => {
    const answer = json(200);
    const plainBytes = Buffer.byteLength(answer.body as string);
    const { url, cache } = await harness({}, () => answer);
    const miss = await get(`${url}/list`, { 'accept-encoding': 'gzip' });
    expect(miss.headers['content-encoding']).toBe('gzip');
    // One copy only: the gzip body (no brotli made for a client that did not ask for it).
    const afterMiss = cache.stats().bytes;
    expect(afterMiss).toBeLessThan(miss.body.length + 1024 + 100);
    // A client preferring brotli but taking gzip gets the gzip copy at once; brotli is made for later.
    const both = await get(`${url}/list`, { 'accept-encoding': 'br, gzip' });
    expect(both.headers['content-encoding']).toBe('gzip');
    expect(both.decoded.toString()).toBe(answer.body);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const later = await get(`${url}/list`, { 'accept-encoding': 'br, gzip' });
    expect(later.headers['content-encoding']).toBe('br');
    expect(later.decoded.toString()).toBe(answer.body);
    expect(cache.stats().bytes).toBe(afterMiss + later.body.length);
    // A client taking brotli only, on an entry holding gzip alone, waits for its copy.
    const onlyBr = await get(`${url}/other`, { 'accept-encoding': 'gzip' }).then(() =>
      get(`${url}/other`, { 'accept-encoding': 'br' }),
    );
    expect(onlyBr.headers['content-encoding']).toBe('br');
    expect(onlyBr.decoded.toString()).toBe(answer.body);
    expect(onlyBr.body.length).toBeLessThan(plainBytes / 3);
  });

  it('sends small bodies uncompressed, without Vary', async () => {
    const { url } = await harness();
    const res = await get(`${url}/small`, { 'accept-encoding': 'br, gzip' });
    expect(res.body.length).toBeLessThan(MIN_COMPRESSED_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
  });

  it('answers 304 to a matching If-None-Match, on the miss path and on hits', async () => {
    const { url, cache } = await harness({}, () => json(100));
    const first = await get(`${url}/x`, { 'accept-encoding': 'gzip' });
    const tag = first.headers.etag as string;
    cache.clear();
    const onMiss = await get(`${url}/x`, { 'if-none-match': tag, 'accept-encoding': 'gzip' });
    expect(onMiss.status).toBe(304);
    expect(onMiss.body.length).toBe(0);
    expect(onMiss.headers.etag).toBe(tag);
    // A hit, a weak form of the tag, a list, and the tag of another encoding of the same body.
    for (const given of [tag, `W/${tag}`, `"nope", ${tag}`, '*']) {
      expect((await get(`${url}/x`, { 'if-none-match': given })).status).toBe(304);
    }
    expect((await get(`${url}/x`, { 'if-none-match': '"other"' })).status).toBe(200);
    expect(cache.stats().hits).toBe(5);
  });

  it("uses the answer's own weak tag for every encoding, and answers it 304 with the cache's headers only", async () => {
    const page = (): CacheableAnswer => ({
      ...json(200),
      contentType: 'text/html; charset=utf-8',
      headers: { 'Cache-Control': 'no-cache', 'Content-Security-Policy': "script-src 'nonce-abc'" },
      etag: 'W/"7-page"',
    });
    const { url, data } = await harness({}, page);
    const encodings = ['br', 'gzip', ''];
    for (const encoding of encodings) {
      const res = await get(`${url}/page`, { 'accept-encoding': encoding });
      expect([encoding, res.headers.etag]).toEqual([encoding, 'W/"7-page"']);
    }
    for (const given of ['W/"7-page"', '"7-page"', '"x", W/"7-page"']) {
      const res = await get(`${url}/page`, { 'if-none-match': given, 'accept-encoding': 'br' });
      expect(res.status).toBe(304);
      // What the browser stored with the body stays: its CSP (and nonce), type, length, encoding.
      const names = Object.keys(res.headers).filter(
        (name) => !['date', 'connection', 'keep-alive'].includes(name),
      );
      expect(names.sort()).toEqual(['cache-control', 'etag', 'vary', 'x-request-id']);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect(data.builds).toBe(1);
  });

  it('sends a stored 404 whole, even to a matching If-None-Match (RFC 9110 §13.2.1)', async () => {
    const { url, data } = await harness({}, () => ({ ...json(1), status: 404 }));
    const first = await get(`${url}/gone`);
    const again = await get(`${url}/gone`, { 'if-none-match': first.headers.etag as string });
    expect([first.status, again.status]).toEqual([404, 404]);
    expect(again.body).toEqual(first.body);
    expect(data.builds).toBe(1);
  });

  it('answers HEAD with the headers of GET and no body, sharing the entry', async () => {
    const { url, data } = await harness({}, () => json(100));
    const head = await get(`${url}/h`, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const body = await get(`${url}/h`);
    expect(data.builds).toBe(1);
    expect(head.headers['content-length']).toBe(String(body.body.length));
    expect(head.headers.etag).toBe(body.headers.etag);
    expect((await get(`${url}/h`, {}, 'HEAD')).body.length).toBe(0);
  });

  it('adds the security headers, letting the answer replace the CSP', async () => {
    const { url } = await harness(
      {},
      (path): CacheableAnswer => ({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        headers: path === '/page' ? { 'content-security-policy': "default-src 'none'" } : undefined,
        body: '<p>hi</p>',
      }),
    );
    for (let i = 0; i < 2; i++) {
      const api = await get(`${url}/api`);
      expect(api.headers['x-content-type-options']).toBe('nosniff');
      expect(api.headers['content-security-policy']).toMatch(/^default-src 'self'/);
      const page = await get(`${url}/page`);
      expect(page.headers['content-security-policy']).toBe("default-src 'none'");
      expect(page.rawHeaders.filter((h) => h.toLowerCase() === 'content-security-policy')).toHaveLength(1);
    }
  });

  it('sends a frozen header list shared by many answers as it sends a list of its own', async () => {
    // The API's answers share one frozen list, merged once per compressibility (Vary only on bodies
    // that may be compressed): a small answer first must not leave its merge to a large one.
    const shared = Object.freeze({ 'Cache-Control': 'public, max-age=60' });
    const { url } = await harness({}, (path) => ({
      ...json(path.includes('large') ? 100 : 1),
      headers: path.includes('own') ? { 'Cache-Control': 'public, max-age=60' } : shared,
    }));
    for (const size of ['small', 'large']) {
      const frozen = await get(`${url}/${size}`, { 'accept-encoding': 'gzip' });
      const own = await get(`${url}/${size}-own`, { 'accept-encoding': 'gzip' });
      const names = (res: typeof own) =>
        res.rawHeaders.filter(
          (_, i) => i % 2 === 0 && !/^(date|connection|keep-alive)$/i.test(res.rawHeaders[i]!),
        );
      expect(names(frozen), size).toEqual(names(own));
      expect(frozen.headers.vary, size).toBe(size === 'large' ? 'Accept-Encoding' : undefined);
      expect(frozen.headers['cache-control']).toBe('public, max-age=60');
    }
  });

  it('stores and answers nothing when disabled, but still sends ETags and 304s', async () => {
    const { cache, url, data } = await harness({ enabled: false });
    const first = await get(`${url}/a`);
    expect(first.headers.etag).toBeTruthy();
    expect((await get(`${url}/a`, { 'if-none-match': first.headers.etag as string })).status).toBe(304);
    expect(data.builds).toBe(2);
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0, hits: 0, misses: 0 });
    expect(cache.enabled).toBe(false);
  });

  it('ignores other methods', async () => {
    const { url, data } = await harness();
    await get(`${url}/p`);
    await get(`${url}/p`, {}, 'POST');
    expect(data.builds).toBe(2);
  });
});

describe('preferredEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['gzip;q=0, *', 'br'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['GZIP', 'gzip'],
  ])('%s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
