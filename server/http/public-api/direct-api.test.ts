// GET /api/search and /api/suggest built before Express (direct-api.ts) answer exactly what Express
// answers — status, headers and bytes — over real HTTP on the demo businesses; bad input, HEAD and
// other spellings of the paths still go to Express; the log line keeps no position.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { beforeEach, describe, expect, it } from 'vitest';
import { dataVersionReader } from '../../../db/stats-repository.ts';
import { loadConfig } from '../../config.ts';
import { createApp } from '../app.ts';
import { HotCache } from '../hot-cache/hot-cache.ts';
import { createRequestHandler } from '../request-handler.ts';
import { demoServersForFile } from '../testing/demo-servers.ts';
import { createDirectApi } from './direct-api.ts';

const demo = demoServersForFile();
const { logLines } = demo;
let expressCalls = 0;

beforeEach(() => {
  expressCalls = 0;
});

/** A server as server/index.ts wires it, with or without the direct path (answer cache off). */
async function start(direct: boolean): Promise<string> {
  const { database } = demo;
  const logger = demo.logger();
  const hotCache = new HotCache({
    enabled: false,
    maxBytes: 0,
    maxAgeMs: 0,
    currentVersion: dataVersionReader(database.sqlite),
  });
  const app = createApp({ database, config: loadConfig({ NODE_ENV: 'test' }), logger, hotCache });
  const counted = (req: IncomingMessage, res: ServerResponse) => {
    expressCalls++;
    app(req, res);
  };
  return demo.listen(
    createRequestHandler(counted, hotCache, {
      direct: direct ? createDirectApi(database.store, hotCache, logger) : undefined,
    }),
  );
}

/** Status, headers (but the date and the request's id) and body bytes. */
async function fetched(base: string, path: string, init: RequestInit = {}) {
  const response = await fetch(base + path, {
    ...init,
    headers: { 'Accept-Encoding': 'gzip', ...init.headers },
  });
  const headers = Object.fromEntries(
    [...response.headers].filter(([name]) => name !== 'date' && name !== 'x-request-id'),
  );
  return {
    status: response.status,
    headers,
    body: Buffer.from(await response.arrayBuffer()).toString('hex'),
  };
}

const TAKEN = [
  '/api/search?q=plumber',
  '/api/search?q=plumbers%20in%20chicago',
  '/api/search?q=dentist&location=New%20York',
  '/api/search?q=plumbr',
  '/api/search?q=plumber&page=2',
  '/api/search?location=Chicago',
  '/api/search?lat=41.8781&lng=-87.6298&radiusKm=25&sort=distance',
  '/api/search?q=coffee&lat=41.8781&lng=-87.6298&sort=distance',
  '/api/search?q=restaurant&openNow=true&minRating=4&sort=rating',
  '/api/search?q=zzzzqqq',
  '/api/search?q=%22plumber%22%20OR%20*',
  '/api/suggest?q=plu',
  '/api/suggest?q=chic',
  '/api/suggest?q=den&location=New%20York',
  '/api/suggest?q=',
  '/api/suggest',
];
const REFUSED = [
  '/api/search',
  '/api/search?q=plumber&page=0',
  '/api/search?q=a&q=b',
  '/api/search?q=plumber&sort=nearest',
  '/api/search?lat=91&lng=0',
  `/api/suggest?q=${'x'.repeat(201)}`,
  '/api/suggest?q=%00',
];

describe('the direct path for search and suggestions', () => {
  it('answers what Express answers, byte for byte, without Express', async () => {
    const [direct, express] = await Promise.all([start(true), start(false)]);
    for (const path of TAKEN) {
      expressCalls = 0;
      const fromDirect = await fetched(direct, path);
      expect(expressCalls, path).toBe(0);
      expect(fromDirect.status, path).toBe(200);
      expect(fromDirect, path).toEqual(await fetched(express, path));
    }
  });

  it('leaves bad input to Express: the same 400 naming the parameter', async () => {
    const [direct, express] = await Promise.all([start(true), start(false)]);
    for (const path of REFUSED) {
      expressCalls = 0;
      const fromDirect = await fetched(direct, path);
      expect(expressCalls, path).toBe(1);
      expect(fromDirect.status, path).toBe(400);
      expect(fromDirect, path).toEqual(await fetched(express, path));
    }
  });

  it('leaves HEAD, a trailing slash, other letter case and other paths to Express', async () => {
    const direct = await start(true);
    for (const [path, method] of [
      ['/api/search?q=plumber', 'HEAD'],
      ['/api/search/?q=plumber', 'GET'],
      ['/API/Search?q=plumber', 'GET'],
      ['/api/searches?q=plumber', 'GET'],
      ['/api/businesses?search=plumber', 'GET'],
    ] as const) {
      expressCalls = 0;
      await fetched(direct, path, { method });
      expect(expressCalls, `${method} ${path}`).toBe(1);
    }
  });

  it('logs one line per answer with its id, the position hidden, and answers 304 to its own ETag', async () => {
    const direct = await start(true);
    const path = '/api/search?lat=41.87812&lng=-87.62980&sort=distance';
    const response = await fetch(direct + path, { headers: { 'X-Request-Id': 'trace-42' } });
    expect(response.headers.get('x-request-id')).toBe('trace-42');
    const etag = response.headers.get('etag')!;
    await response.arrayBuffer();
    const line = logLines.find((l) => (l.req as { id?: string })?.id === 'trace-42') as {
      req: { url: string };
      res: { statusCode: number };
      msg: string;
    };
    expect(line).toMatchObject({ msg: 'request completed', res: { statusCode: 200 } });
    expect(line.req.url).toBe('/api/search?lat=hidden&lng=hidden&sort=distance');
    expect(JSON.stringify(logLines)).not.toContain('41.878');
    const again = await fetch(direct + path, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(expressCalls).toBe(0);
  });
});
