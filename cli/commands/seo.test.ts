// `directory seo` through the real CLI on a SQLite file and on PostgreSQL holding the same rows: the
// same stored texts, the run in the activity log, and a refusal while another run holds the lock.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { preparedQuery } from '../../db/query/prepared-query.ts';
import { claimSeoRun } from '../../server/domain/seo/seo-run-lock.ts';
import { sampleBusinessRow } from '../../server/domain/seo/testing/sample-businesses.ts';
import { insertSampleRowsIn } from '../../server/domain/seo/testing/sample-businesses-in-store.ts';
import { createTestStore, DIALECTS, type TestStore } from '../../server/domain/testing/test-store.ts';
import { runCli } from '../testing/run-cli.ts';

const ENV = { NO_COLOR: '1', LOG_LEVEL: 'silent', SITE_URL: 'https://directory.example' };
const ROWS = Array.from({ length: 12 }, (_, k) => sampleBusinessRow(k + 1));

const storedTexts = preparedQuery('seo_cli_test_stored_texts', (db) =>
  db
    .selectFrom('businesses')
    .select(['place_id', 'about', 'seo_title', 'seo_description', 'canonical_url'])
    .orderBy('id'),
);
const seoActivity = preparedQuery('seo_cli_test_activity', (db) =>
  db.selectFrom('activity_log').select(['kind', 'actor', 'detail', 'count']).where('kind', '=', 'seo'),
);

describe('directory seo', () => {
  let stores: TestStore[] = [];
  afterEach(async () => {
    await Promise.all(stores.map((s) => s.dispose()));
    stores = [];
  });

  it('stores the same texts on SQLite and PostgreSQL and logs the run', async () => {
    stores = await Promise.all(DIALECTS.map((dialect) => createTestStore(dialect)));
    const texts = [];
    for (const { store, address } of stores) {
      await insertSampleRowsIn(store, ROWS);
      const result = await runCli(['seo', '--db', address, '--json'], { env: ENV });
      expect(result.exitCode).toBe(0);
      expect(JSON.parse(String(result.stdout))).toEqual({
        message: 'SEO content generated for 12 businesses',
        updated: 12,
      });
      expect(await store.all(seoActivity, {})).toEqual([
        { kind: 'seo', actor: 'cli', detail: 'Generated SEO content', count: 12 },
      ]);
      texts.push(await store.all(storedTexts, {}));
      // Nothing changed since: a second run writes nothing (and the lock was given back).
      const again = await runCli(['seo', '--db', address, '--json'], { env: ENV });
      expect(JSON.parse(String(again.stdout))).toMatchObject({ updated: 0 });
    }
    expect(texts[0]?.every((row) => row.about && row.canonical_url?.startsWith(ENV.SITE_URL))).toBe(true);
    expect(texts[1]).toEqual(texts[0]);
  }, 60_000);
});

describe.each(DIALECTS)('directory seo on %s', (dialect) => {
  let test: TestStore;
  beforeEach(async () => {
    test = await createTestStore(dialect);
    await insertSampleRowsIn(test.store, ROWS.slice(0, 3));
  });
  afterEach(async () => {
    await test.dispose();
  });

  it('is refused, in words, while another run holds the lock', async () => {
    const run = await claimSeoRun(test.store, 'admin:alice');
    expect(run.acquired).toBe(true);
    try {
      const refused = await runCli(['seo', '--db', test.address], { env: ENV });
      expect(refused.exitCode).toBe(1);
      expect(refused.stderr).toMatch(
        /Error: SEO generation is already running \(started \d{4}-[\d-]+T[\d:.]+Z\)\./,
      );
      expect(refused.stderr).not.toMatch(/\n\s+at /);
      const asJson = await runCli(['seo', '--db', test.address, '--json'], { env: ENV });
      expect(JSON.parse(String(asJson.stdout))).toMatchObject({ error: { code: 'seo_running' } });
    } finally {
      if (run.acquired) await run.release();
    }
    const after = await runCli(['seo', '--db', test.address, '--json'], { env: ENV });
    expect(JSON.parse(String(after.stdout))).toMatchObject({ updated: 3 });
  }, 60_000);
});
