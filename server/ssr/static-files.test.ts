// A broken %-escape in an address is the client's mistake: 400 or 404, a warning at most, never a
// 500 with a stack at error level (an audit found /assets/%E0%A4%A did exactly that).
import { pino } from 'pino';
import request from 'supertest';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTempDatabase, type TempDatabase } from '../../db/testing/temp-database.ts';
import { loadConfig } from '../config.ts';
import { dataVersionReader } from '../../db/stats-repository.ts';
import { createApp } from '../http/app.ts';
import { HotCache } from '../http/hot-cache/hot-cache.ts';
import { createRequestHandler } from '../http/request-handler.ts';
import { pageCacheKey } from './page-cache-key.ts';

let database: TempDatabase;
let lines: Array<{ level: number; msg: string; err?: unknown }>;
let app: ReturnType<typeof createRequestHandler>;
beforeEach(async () => {
  database = await createTempDatabase();
  lines = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  // As the server runs: the answer cache in front (its key reads the query of every path).
  const hotCache = new HotCache({
    enabled: true,
    maxBytes: 8 * 1024 * 1024,
    maxAgeMs: 60_000,
    currentVersion: dataVersionReader(database.sqlite),
    keyOf: pageCacheKey,
  });
  app = createRequestHandler(
    createApp({ database, config: loadConfig({ NODE_ENV: 'test' }), logger, hotCache }),
    hotCache,
  );
});
afterEach(async () => {
  await database.dispose();
});

it('answers an asset path with a broken %-escape 400, logged as a warning without a stack', async () => {
  const answer = await request(app).get('/assets/%E0%A4%A').expect(400);
  expect(answer.text).toBe('The address contains an invalid %-escape.');
  expect(answer.headers['cache-control']).toBe('no-store');
  const warning = lines.find((line) => line.msg === 'asset path with a broken %-escape');
  expect(warning).toMatchObject({ level: 40 });
  expect(warning?.err).toBeUndefined();
  expect(lines.filter((line) => line.level >= 50)).toEqual([]);
});

it.each([
  '/%E0%A4%A',
  '/city/%E0%A4%A',
  '/business/%E0%A4%A',
  '/favicon.ico%E0',
  '/api/city/%E0%A4%A',
  '/details/%E0%A4%A?v=1',
])('answers %s as a client error, nothing logged at error level', async (path) => {
  const answer = await request(app).get(path);
  expect([400, 404]).toContain(answer.status);
  expect(lines.filter((line) => line.level >= 50)).toEqual([]);
});

it('reads a broken %-escape in the query leniently, as browsers send it: no server error', async () => {
  const answer = await request(app).get('/search?q=%E0%A4%A&v=%');
  expect(answer.status).toBe(200);
  expect(lines.filter((line) => line.level >= 50)).toEqual([]);
});
