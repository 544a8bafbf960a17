// The site's statistics read the same on SQLite and PostgreSQL: the same rows give the same figures,
// in the same order of keys (`directory stats --json` prints them as they come).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countBusinesses, countBusinessesIn, getStatistics, readStatistics } from './statistics.ts';
import { insertSiteRows } from './testing/site-rows.ts';
import { createTestStore, DIALECTS, type TestStore } from './testing/test-store.ts';

describe('statistics on both databases', () => {
  const stores: TestStore[] = [];
  beforeEach(async () => {
    for (const dialect of DIALECTS) stores.push(await createTestStore(dialect));
  });
  afterEach(async () => {
    for (const test of stores.splice(0)) await test.dispose();
  });

  it('gives the same figures, keys in the same order, after the same rows', async () => {
    for (const { store } of stores) await insertSiteRows(store);
    const [sqlite, postgres] = await Promise.all(stores.map((test) => readStatistics(test.store)));
    expect(sqlite).toEqual({
      totalBusinesses: 4,
      verifiedBusinesses: 2,
      totalReviews: 30,
      categories: 2,
      totalCities: 2,
    });
    expect(JSON.stringify(postgres)).toBe(JSON.stringify(sqlite));
    for (const { store } of stores) expect(await countBusinessesIn(store)).toBe(4);

    // The server's answer (kept for the data version) is the same figures on both.
    for (const { store } of stores)
      expect(JSON.stringify(await getStatistics(store))).toBe(JSON.stringify(sqlite));
    const [first] = stores;
    if (first?.store.dialect !== 'sqlite') throw new Error('the first store is SQLite');
    expect(countBusinesses(first.store.sqlite)).toBe(4);
  });

  it('reads zeros from a database that has no site yet', async () => {
    for (const { store } of stores) {
      expect(await readStatistics(store)).toEqual({
        totalBusinesses: 0,
        verifiedBusinesses: 0,
        totalReviews: 0,
        categories: 0,
        totalCities: 0,
      });
    }
  });
});
