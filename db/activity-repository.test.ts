// An admin action logged through the store reads back the same on both dialects.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStore, DIALECTS, type TestStore } from '../server/domain/testing/test-store.ts';
import { logActivityIn } from './activity-repository.ts';
import { preparedQuery } from './query/prepared-query.ts';

const activity = preparedQuery('activity_test_all', (db) =>
  db.selectFrom('activity_log').select(['kind', 'actor', 'detail', 'count']).orderBy('id'),
);

describe.each(DIALECTS)('activity log on %s', (dialect) => {
  let test: TestStore;
  beforeEach(async () => {
    test = await createTestStore(dialect);
  });
  afterEach(async () => {
    await test.dispose();
  });

  it('keeps an entry with and without a count', async () => {
    await logActivityIn(test.store, {
      kind: 'export',
      actor: 'cli',
      detail: 'Exported 3 businesses',
      count: 3,
    });
    await logActivityIn(test.store, { kind: 'sitemap', actor: 'admin', detail: 'Sitemaps written' });
    expect(await test.store.all(activity, {})).toEqual([
      { kind: 'export', actor: 'cli', detail: 'Exported 3 businesses', count: 3 },
      { kind: 'sitemap', actor: 'admin', detail: 'Sitemaps written', count: null },
    ]);
  });
});
