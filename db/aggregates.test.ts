// The recount gives the same figures on both dialects, and raises the data version.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStore, DIALECTS, type TestStore } from '../server/domain/testing/test-store.ts';
import { refreshAggregatesIn } from './aggregates.ts';
import { preparedQuery } from './query/prepared-query.ts';

const insertBusiness = preparedQuery(
  'aggregates_test_insert_business',
  (
    db,
    args: {
      placeId: string;
      name: string;
      city: string;
      cityKey: string;
      category: string;
      verified: number;
      reviews: number;
    },
  ) =>
    db.insertInto('businesses').values({
      place_id: args.placeId,
      slug: args.placeId,
      name: args.name,
      city: args.city,
      city_key: args.cityKey,
      category: args.category,
      country: 'US',
      is_verified: args.verified,
      review_count: args.reviews,
      created_at: '2026-11-26T00:00:00.000Z',
      updated_at: '2026-11-26T00:00:00.000Z',
    } as never),
);
const cityStats = preparedQuery('aggregates_test_city_stats', (db) =>
  db.selectFrom('city_stats').select(['city_key', 'name', 'business_count']).orderBy('city_key'),
);
const siteStats = preparedQuery('aggregates_test_site_stats', (db) =>
  db.selectFrom('site_stats').select(['key', 'value']).orderBy('key'),
);

describe.each(DIALECTS)('aggregates on %s', (dialect) => {
  let test: TestStore;
  beforeEach(async () => {
    test = await createTestStore(dialect);
  });
  afterEach(async () => {
    await test.dispose();
  });

  it('counts cities (smallest spelling by bytes), categories and the site totals', async () => {
    const rows = [
      {
        placeId: 'a',
        name: 'A',
        city: 'austin',
        cityKey: 'austin-tx',
        category: 'Plumber',
        verified: 1,
        reviews: 10,
      },
      {
        placeId: 'b',
        name: 'B',
        city: 'Austin',
        cityKey: 'austin-tx',
        category: 'Plumber',
        verified: 0,
        reviews: 5,
      },
      {
        placeId: 'c',
        name: 'C',
        city: 'Boston',
        cityKey: 'boston-ma',
        category: 'Dentist',
        verified: 1,
        reviews: 0,
      },
    ];
    for (const row of rows) await test.store.run(insertBusiness, row);
    const before = await test.store.all(siteStats, {});
    await test.store.transaction((tx) => refreshAggregatesIn(tx));
    expect(await test.store.all(cityStats, {})).toEqual([
      { city_key: 'austin-tx', name: 'Austin', business_count: 2 },
      { city_key: 'boston-ma', name: 'Boston', business_count: 1 },
    ]);
    const after = Object.fromEntries(
      (await test.store.all(siteStats, {})).map((row) => [row.key, row.value]),
    );
    expect(after).toMatchObject({ total_businesses: 3, verified_businesses: 2, total_reviews: 15 });
    const versionBefore = before.find((row) => row.key === 'data_version')?.value ?? 0;
    expect(after.data_version).toBe(versionBefore + 1);
  });
});
