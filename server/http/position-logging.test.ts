// "Use my location" logs nothing of the position: the request log of a search near a point holds no
// coordinates (the answer cache's hit lines go through the same loggedUrl, tested beside it).
import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDatabase, type TempDatabase } from '../../db/testing/temp-database.ts';
import { loadConfig } from '../config.ts';
import { createApp } from './app.ts';

let database: TempDatabase;
beforeAll(async () => {
  database = await createTempDatabase();
});
afterAll(async () => {
  await database.dispose();
});

describe('request log', () => {
  it('never holds the position of a search near a point', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const app = createApp({ database, config: loadConfig({ NODE_ENV: 'test' }), logger });
    await request(app).get('/api/search?lat=41.87812&lng=-87.62980&sort=distance').expect(200);
    expect(lines.length).toBeGreaterThanOrEqual(1);
    const log = lines.join('\n');
    expect(log).not.toContain('41.878');
    expect(log).not.toContain('87.629');
    expect(log).toContain('lat=hidden');
  });
});
