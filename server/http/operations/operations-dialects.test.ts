// /readyz and /metrics on either database: ready when the database answers and has every migration
// of its own dialect; the import figures read from the run records on both; the file sizes only
// where there is a file (SQLite).
import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createImportRunIn, finishImportRunIn } from '../../../db/import-runs-repository.ts';
import { knownMigrationNames } from '../../../db/migrate.ts';
import { knownPostgresMigrationNames } from '../../../db/postgres/migrate.ts';
import { loadConfig } from '../../config.ts';
import { databaseFileSizesOf, importFigures } from '../../domain/operations/operations-figures.ts';
import { createTestStore, DIALECTS, type TestStore } from '../../domain/testing/test-store.ts';
import { createApp } from '../app.ts';
import { HotCache } from '../hot-cache/hot-cache.ts';
import { OperationsMetrics } from './metrics.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
const quiet = pino({ level: 'silent' }, new Writable({ write: (_c, _e, done) => done() }));

describe.each(DIALECTS)('operations on %s', (dialect) => {
  let database: TestStore;
  beforeEach(async () => {
    database = await createTestStore(dialect);
  });
  afterEach(async () => {
    await database.dispose();
  });

  const appOf = () => {
    const { store } = database;
    const metrics = new OperationsMetrics({
      hotCache: HotCache.disabled(),
      imports: () => importFigures(store),
      databaseFiles: databaseFileSizesOf(store),
    });
    return createApp({
      database: { store },
      config: loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: TOKEN }),
      logger: quiet,
      operations: { metrics },
    });
  };

  it('is ready with every migration of its dialect, and says which one is missing', async () => {
    const app = appOf();
    expect((await request(app).get('/readyz').expect(200)).body).toEqual({ status: 'ready' });
    const { store } = database;
    const last = (dialect === 'sqlite' ? knownMigrationNames() : knownPostgresMigrationNames()).at(-1)!;
    if (store.dialect === 'sqlite')
      store.sqlite.prepare('DELETE FROM kysely_migration WHERE name = ?').run(last);
    else await store.query('DELETE FROM kysely_migration WHERE name = $1', [last]);
    expect((await request(app).get('/readyz').expect(503)).body).toEqual({
      status: 'unavailable',
      reason: `1 migration(s) not applied, first ${last}`,
    });
  });

  it('counts the recorded imports in /metrics; file sizes only on SQLite', async () => {
    const { store } = database;
    const runId = await createImportRunIn(store, {
      fileName: 'a.xlsx',
      startedBy: 'test',
      updateMode: false,
      dryRun: false,
    });
    await finishImportRunIn(store, runId, {
      status: 'done',
      rowsRead: 5,
      imported: 4,
      updated: 1,
      duplicatesSkipped: 0,
      totalErrors: 0,
      totalWarnings: 0,
      message: 'ok',
    });
    const text = (await request(appOf()).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200))
      .text;
    expect(text).toContain('directory_import_runs_total{outcome="done"} 1');
    expect(text).toContain('directory_import_rows_total{change="imported"} 4');
    expect(text).toContain('directory_import_rows_total{change="updated"} 1');
    expect(text).toContain('directory_imports_running 0');
    expect(text.includes('directory_database_size_bytes')).toBe(dialect === 'sqlite');
  });
});
