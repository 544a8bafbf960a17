import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTempDatabase } from '../../db/testing/temp-database.ts';
import { loadConfig } from '../config.ts';
import { startServer } from '../index.ts';
import { createApp } from './app.ts';

describe('app', () => {
  it('reports readiness from the database: 200, then 503 once it no longer answers', async () => {
    const database = await createTempDatabase();
    const app = createApp({
      database,
      config: loadConfig({ NODE_ENV: 'test' }),
      logger: pino({ level: 'silent' }),
    });
    expect((await request(app).get('/readyz').expect(200)).body).toEqual({ status: 'ready' });
    database.sqlite.close();
    expect((await request(app).get('/readyz').expect(503)).body.status).toBe('unavailable');
    // Alive all the same: the process answers.
    expect((await request(app).get('/healthz').expect(200)).text).toBe('ok');
    // A failing query on a public route answers 500 JSON without internals.
    const failed = await request(app).get('/api/statistics').expect(500);
    expect(failed.body).toEqual({
      error: { code: 'internal', message: 'Something went wrong on our side.' },
    });
    await database.dispose().catch(() => undefined);
  });

  it('boots on a fresh database file, serves, and closes gracefully', async () => {
    const database = await createTempDatabase();
    await database.close();
    const server = await startServer(
      loadConfig({
        NODE_ENV: 'test',
        DATABASE_PATH: database.path,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
      }),
    );
    const res = await fetch(`http://127.0.0.1:${server.port}/api/statistics`);
    expect(res.status).toBe(200);
    await server.close();
    await expect(fetch(`http://127.0.0.1:${server.port}/healthz`)).rejects.toThrow();
    await database.dispose();
  });
});
