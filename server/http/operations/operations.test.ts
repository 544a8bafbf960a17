// /healthz, /readyz and /metrics through the app and the request handler as server/index.ts wires
// them (real HTTP, a real database), and the request log's levels. Each test runs on SQLite and on
// PostgreSQL (the database's file sizes are SQLite's alone: operations-dialects.test.ts checks that
// PostgreSQL reports none).
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Dialect } from '../../../db/query/prepared-query.ts';
import { createPostgresDatabase } from '../../../db/testing/postgres-database.ts';
import { createTempDatabase } from '../../../db/testing/temp-database.ts';
import { loadConfig } from '../../config.ts';
import { SUBMISSION_ENDPOINT } from '../../contract/business-submission.ts';
import { storeDataVersionSource } from '../../domain/data-version.ts';
import {
  databaseFileSizes,
  databaseFileSizesOf,
  importFigures,
} from '../../domain/operations/operations-figures.ts';
import { execIn, rowsIn } from '../../domain/testing/sql-in.ts';
import { createTestStore, DIALECTS, type TestStore } from '../../domain/testing/test-store.ts';
import { startServer } from '../../index.ts';
import { createApp } from '../app.ts';
import { HotCache } from '../hot-cache/hot-cache.ts';
import { get } from '../hot-cache/testing/raw-http.ts';
import { createRequestHandler } from '../request-handler.ts';
import { createDemoTestStore, importDemo } from '../testing/demo-store.ts';
import { DrainState } from './drain-state.ts';
import { OperationsMetrics } from './metrics.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

function captureLogs() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'debug' },
    new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    }),
  );
  return { lines, logger };
}

/** The server as server/index.ts builds it: the hot cache in front of the app, metrics and drain. */
async function start(env: Record<string, string>, db: TestStore) {
  const { store } = db;
  const { lines, logger } = captureLogs();
  const hotCache = new HotCache({
    enabled: true,
    maxBytes: 8 * 1024 * 1024,
    maxAgeMs: 60_000,
    currentVersion: storeDataVersionSource(store),
    logger,
  });
  const drain = new DrainState();
  const metrics = new OperationsMetrics({
    hotCache,
    imports: () => importFigures(store),
    databaseFiles: databaseFileSizesOf(store),
  });
  const app = createApp({
    database: { store },
    config: loadConfig({ NODE_ENV: 'test', ...env }),
    logger,
    hotCache,
    operations: { drain, metrics },
  });
  const server = createServer(createRequestHandler(app, hotCache, { metrics, drain }));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, app, drain, hotCache, logs: lines };
}

async function scrape(url: string): Promise<string> {
  const response = await get(`${url}/metrics`, { authorization: `Bearer ${TOKEN}` });
  expect(response.status).toBe(200);
  return response.body.toString();
}

/** The value of one sample, e.g. value(text, 'x_total{kind="api"}'); undefined when absent. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** A database of its own for the whole server (startServer): migrated, its connection closed, named
 *  by the configuration as an operator names it (DATABASE_PATH, or DATABASE_URL for PostgreSQL). */
async function ownServerDatabase(dialect: Dialect) {
  if (dialect === 'sqlite') {
    const own = await createTempDatabase();
    await own.close();
    return { config: { DATABASE_PATH: own.path }, dispose: () => own.dispose() };
  }
  const own = await createPostgresDatabase();
  return { config: { DATABASE_URL: own.url }, dispose: () => own.drop() };
}

/** The whole server (startServer) on a database of its own, on a free port of 127.0.0.1. */
async function startOwnServer(dialect: Dialect, env: Record<string, string>) {
  const own = await ownServerDatabase(dialect);
  const config = {
    NODE_ENV: 'test',
    ...own.config,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
  };
  try {
    return { own, server: await startServer(loadConfig({ ...config, ...env })) };
  } catch (error) {
    await own.dispose();
    throw error;
  }
}

/** Takes the database away from under a running app: SQLite's connection closed; on PostgreSQL the
 *  store's pool closed (and its database dropped). */
async function breakDatabase(own: TestStore): Promise<void> {
  if (own.store.dialect === 'sqlite') own.store.sqlite.close();
  else await own.dispose();
}

describe('METRICS_PORT', () => {
  it('must differ from PORT', async () => {
    const config = loadConfig({ NODE_ENV: 'test', PORT: '8080', METRICS_PORT: '8080' });
    await expect(startServer(config)).rejects.toThrow(/METRICS_PORT must differ from PORT/);
  });
});

describe.each(DIALECTS)('on %s', (dialect) => {
  /** The demo spreadsheet, imported once: the tests that only read share it. */
  let database: TestStore;
  beforeAll(async () => {
    database = await createDemoTestStore(dialect);
  }, 120_000);
  afterAll(async () => {
    await database?.dispose();
  });

  describe('/healthz', () => {
    it('answers 200 "ok", never stored, while the process answers, even without a database', async () => {
      const own = await createTestStore(dialect);
      const { app } = await start({}, own);
      const alive = await request(app).get('/healthz').expect(200);
      expect(alive.text).toBe('ok');
      expect(alive.headers['cache-control']).toBe('no-store');
      expect(alive.headers['content-type']).toMatch(/^text\/plain/);
      await own.dispose();
      expect((await request(app).get('/healthz').expect(200)).text).toBe('ok');
    });
  });

  describe('/readyz', () => {
    it('is 200 while the database answers and is fully migrated, else 503 with a reason', async () => {
      const own = await createTestStore(dialect);
      const { app } = await start({}, own);
      const ready = await request(app).get('/readyz').expect(200);
      expect(ready.body).toEqual({ status: 'ready' });
      expect(ready.headers['cache-control']).toBe('no-store');

      const [{ name: last } = { name: '' }] = await rowsIn<{ name: string }>(
        own.store,
        'SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1',
      );
      await execIn(own.store, 'DELETE FROM kysely_migration WHERE name = ?', [last]);
      const behind = await request(app).get('/readyz').expect(503);
      expect(behind.body).toEqual({
        status: 'unavailable',
        reason: `1 migration(s) not applied, first ${last}`,
      });
      expect(behind.headers['cache-control']).toBe('no-store');

      await own.dispose();
      expect((await request(app).get('/readyz').expect(503)).body).toEqual({
        status: 'unavailable',
        reason: 'the database does not answer',
      });
    });

    it('turns 503 as soon as the drain begins, and answers then close their connection', async () => {
      const { url, drain } = await start({}, database);
      expect((await get(`${url}/readyz`)).status).toBe(200);
      expect((await get(`${url}/api/statistics`)).headers.connection).toBe('keep-alive');
      drain.begin();
      const draining = await get(`${url}/readyz`);
      expect(draining.status).toBe(503);
      expect(JSON.parse(draining.body.toString())).toEqual({
        status: 'unavailable',
        reason: 'shutting down',
      });
      // Also an answer from the hot cache (a hit: the same URL was answered before the drain).
      const hit = await get(`${url}/api/statistics`);
      expect(hit.status).toBe(200);
      expect(hit.headers.connection).toBe('close');
    });
  });

  describe('/metrics', () => {
    it('is a 404 on the public port when no token is set', async () => {
      const { url } = await start({}, database);
      expect((await get(`${url}/metrics`)).status).toBe(404);
      expect((await get(`${url}/metrics`, { authorization: `Bearer ${TOKEN}` })).status).toBe(404);
    });

    it('with METRICS_TOKEN, answers only a request that carries it', async () => {
      const { url } = await start({ METRICS_TOKEN: TOKEN }, database);
      const none = await get(`${url}/metrics`);
      expect(none.status).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(none.headers['cache-control']).toBe('no-store');
      expect((await get(`${url}/metrics`, { authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
      expect((await get(`${url}/metrics`, { authorization: `Basic ${TOKEN}` })).status).toBe(401);
      const ok = await get(`${url}/metrics`, { authorization: `Bearer ${TOKEN}` });
      expect(ok.status).toBe(200);
      expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(ok.headers['cache-control']).toBe('no-store');
    });

    it('counts requests by route kind, cached or not, and reports the cache, imports, database and Node', async () => {
      const { url, hotCache } = await start({ METRICS_TOKEN: TOKEN }, database);
      await get(`${url}/api/statistics`); // a miss, built by the app
      await get(`${url}/api/statistics`); // a hit, answered before Express
      await get(`${url}/api/businesses?limit=0`); // 400
      await get(`${url}/api/admin/check-auth`); // 401
      await get(`${url}/robots.txt`);
      const missesBeforeProbe = hotCache.stats().misses;
      await get(`${url}/healthz`);
      expect(hotCache.stats().misses).toBe(missesBeforeProbe);
      const text = await scrape(url);
      const count = (labels: string) =>
        value(text, `directory_http_request_duration_seconds_count{${labels}}`);
      expect(count('kind="api",status="2xx"')).toBe(2);
      expect(count('kind="api",status="4xx"')).toBe(1);
      expect(count('kind="admin-api",status="4xx"')).toBe(1);
      expect(count('kind="site-file",status="2xx"')).toBe(1);
      expect(count('kind="health",status="2xx"')).toBe(1);
      expect(text).toContain(
        'directory_http_request_duration_seconds_bucket{le="0.001",kind="api",status="2xx"}',
      );

      const stats = hotCache.stats();
      expect(stats.hits).toBeGreaterThanOrEqual(1);
      expect(value(text, 'directory_answer_cache_hits_total')).toBe(stats.hits);
      expect(value(text, 'directory_answer_cache_misses_total')).toBe(stats.misses);
      expect(value(text, 'directory_answer_cache_entries')).toBe(stats.entries);
      expect(value(text, 'directory_answer_cache_bytes')).toBe(stats.bytes);
      expect(stats.bytes).toBeGreaterThan(0);

      const [run] = await rowsIn<{ imported: number; updated: number; finished_at: string }>(
        database.store,
        `SELECT imported, updated, finished_at FROM import_runs WHERE status = 'done'`,
      );
      expect(run!.imported).toBeGreaterThan(0);
      expect(value(text, 'directory_import_runs_total{outcome="done"}')).toBe(1);
      expect(value(text, 'directory_import_runs_total{outcome="failed"}')).toBe(0);
      expect(value(text, 'directory_imports_running')).toBe(0);
      expect(value(text, 'directory_import_rows_total{change="imported"}')).toBe(run!.imported);
      expect(value(text, 'directory_import_rows_total{change="updated"}')).toBe(run!.updated);
      expect(value(text, 'directory_import_last_finished_timestamp_seconds')).toBe(
        Date.parse(run!.finished_at) / 1000,
      );

      // The database's files: SQLite's alone (a PostgreSQL server reports its own sizes).
      const { store } = database;
      if (store.dialect === 'sqlite') {
        expect(value(text, 'directory_database_size_bytes{file="db"}')).toBe(
          databaseFileSizes(store.path).main,
        );
        expect(value(text, 'directory_database_size_bytes{file="db"}')).toBeGreaterThan(0);
        expect(value(text, 'directory_database_size_bytes{file="wal"}')).toBeGreaterThanOrEqual(0);
      } else expect(text).not.toContain('directory_database_size_bytes');
      // Node's and the process's own figures.
      for (const name of [
        'nodejs_eventloop_lag_seconds',
        'nodejs_eventloop_lag_p99_seconds',
        'process_resident_memory_bytes',
        'nodejs_heap_size_used_bytes',
      ])
        expect(text).toMatch(new RegExp(`^${name} `, 'm'));
    });

    it('reads new imports at the next scrape', async () => {
      const own = await createTestStore(dialect);
      const { url } = await start({ METRICS_TOKEN: TOKEN }, own);
      expect(value(await scrape(url), 'directory_import_runs_total{outcome="done"}')).toBe(0);
      await importDemo(own);
      const text = await scrape(url);
      expect(value(text, 'directory_import_runs_total{outcome="done"}')).toBe(1);
      expect(value(text, 'directory_import_rows_total{change="imported"}')).toBeGreaterThan(0);
      await own.dispose();
    });

    it('does not make a series per URL: a flood of distinct paths adds none', async () => {
      const { url } = await start({ METRICS_TOKEN: TOKEN }, database);
      await get(`${url}/api/nothing-here-0`);
      await scrape(url); // the scrape itself is a request (kind health)
      const series = (text: string) =>
        text.split('\n').filter((line) => line.startsWith('directory_http_')).length;
      const before = series(await scrape(url));
      for (let i = 1; i <= 30; i++) await get(`${url}/api/nothing-here-${i}?v=${i}`);
      const after = await scrape(url);
      expect(series(after)).toBe(before);
      expect(value(after, 'directory_http_request_duration_seconds_count{kind="api",status="4xx"}')).toBe(31);
    });
  });

  describe('METRICS_PORT', () => {
    it('serves /metrics without a token on its own port, and nothing else there', async () => {
      const { own, server } = await startOwnServer(dialect, { METRICS_PORT: '0' });
      try {
        expect(server.metricsPort).toBeGreaterThan(0);
        await get(`http://127.0.0.1:${server.port}/api/statistics`);
        const metrics = await get(`http://127.0.0.1:${server.metricsPort}/metrics`);
        expect(metrics.status).toBe(200);
        expect(metrics.body.toString()).toMatch(
          /^directory_http_request_duration_seconds_count\{kind="api",status="2xx"\} 1$/m,
        );
        expect((await get(`http://127.0.0.1:${server.metricsPort}/`)).status).toBe(404);
        expect((await get(`http://127.0.0.1:${server.metricsPort}/healthz`)).status).toBe(404);
        // The public port does not serve it (no token set).
        expect((await get(`http://127.0.0.1:${server.port}/metrics`)).status).toBe(404);
      } finally {
        await server.close();
        await own.dispose();
      }
      await expect(get(`http://127.0.0.1:${server.metricsPort}/metrics`)).rejects.toThrow();
    });
  });

  describe('close()', () => {
    it('cuts a request still in flight after DRAIN_TIMEOUT_MS, then closes the database', async () => {
      const { own, server } = await startOwnServer(dialect, { DRAIN_TIMEOUT_MS: '0' });
      // A body announced and never sent: the request never finishes on its own.
      const socket = connect(server.port, '127.0.0.1');
      let received = '';
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString();
      });
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.write(
        `POST ${SUBMISSION_ENDPOINT} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
          'Content-Length: 100\r\nExpect: 100-continue\r\n\r\n',
      );
      while (!received.includes('100 Continue')) await new Promise((resolve) => socket.once('data', resolve));
      await server.close();
      await closed;
      expect(received).not.toMatch(/HTTP\/1\.1 [2-5]\d\d/);
      await own.dispose();
    });
  });

  describe('the request log', () => {
    it('logs probes at debug, a refused request as a warning without a stack, a 5xx as an error with one', async () => {
      const own = await createTestStore(dialect);
      const { url, logs } = await start({}, own);
      await get(`${url}/healthz`);
      await get(`${url}/readyz`);
      await get(`${url}/api/city/%E0%A4%A`); // a broken %-escape: the error handler's 400
      await get(`${url}/api/nothing-here`); // an ordinary 404
      await get(`${url}/api/admin/businesses/%E0%A4%A`); // the admin routes' own error handler
      await breakDatabase(own);
      await get(`${url}/api/categories`);
      const completed = logs.filter((line) => typeof line.req === 'object');
      const of = (path: string) => completed.filter((line) => (line.req as { url: string }).url === path);
      expect(of('/healthz').map((line) => line.level)).toEqual([20]);
      expect(of('/readyz').map((line) => line.level)).toEqual([20]);
      const refused = of('/api/city/%E0%A4%A');
      expect(refused).toHaveLength(1);
      expect(refused[0]).toMatchObject({
        level: 40,
        res: { statusCode: 400 },
        clientError: { code: 'bad_request', message: 'The address contains an invalid %-escape.' },
      });
      expect(JSON.stringify(refused[0])).not.toContain('stack');
      expect(of('/api/nothing-here')).toMatchObject([{ level: 30, res: { statusCode: 404 } }]);
      const admin = logs.filter((line) => JSON.stringify(line).includes('/api/admin/businesses/%E0%A4%A'));
      expect(admin.map((line) => line.level)).not.toContain(50);
      expect(admin.find((line) => line.msg === 'admin request refused')).toMatchObject({
        level: 40,
        status: 400,
      });
      expect(JSON.stringify(admin)).not.toContain('stack');
      expect(
        logs.filter((line) => line.level === 50 && JSON.stringify(line).includes('stack')),
      ).not.toHaveLength(0);
      expect(of('/api/categories')).toMatchObject([{ level: 50, res: { statusCode: 500 } }]);
      await own.dispose().catch(() => undefined);
    });
  });
});
