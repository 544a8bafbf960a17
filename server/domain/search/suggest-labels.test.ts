// A suggested business is its name and city; branches of one name in one city are told apart by
// their addresses, so that the list never repeats a label the visitor cannot choose between.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../../../db/store/sqlite-store.ts';
import type { Store } from '../../../db/store/store.ts';
import { stageAndMerge, stagedRow } from '../../../db/testing/staged-row.ts';
import { createTempDatabase, type TempDatabase } from '../../../db/testing/temp-database.ts';
import { clearSearchPlans, suggestSearches } from './search.ts';
import { ensureSearchIndex } from './search-index-state.ts';

const LEEDS = { city: 'Leeds', city_key: 'leeds', country: 'United Kingdom', country_code: 'GB' };
const YORK = { city: 'York', city_key: 'york', country: 'United Kingdom', country_code: 'GB' };

let database: TempDatabase;
let store: Store;
beforeAll(async () => {
  database = await createTempDatabase('suggest-labels-');
  const rows = [
    { name: "Joe's Pizza", ...LEEDS, address: '12 Elm St, Leeds LS1 4AP', rating: 4.9 },
    { name: "Joe's Pizza", ...LEEDS, address: '3 Kirkgate, Leeds LS2 7DJ', rating: 4.8 },
    { name: "Joe's Pizza", ...YORK, address: '1 Stonegate, York YO1 8AS', rating: 4.7 },
    { name: "Joe's Diner", ...LEEDS, address: '9 Briggate, Leeds LS1 6HD', rating: 4.6 },
    // Two of one name with no address: nothing to tell them apart by, so the label stays.
    { name: 'Joe Bakes', ...YORK, address: '', rating: 4.5 },
    { name: 'Joe Bakes', ...YORK, address: '', rating: 4.4 },
  ].map((row, index) => stagedRow(index + 2, { category: 'Restaurant', review_count: 50, ...row }));
  stageAndMerge(database.sqlite, rows, { resolveSlug: (row) => `${row.slug}-x` });
  ensureSearchIndex(database.sqlite);
  store = createSqliteStore(database.sqlite);
});
afterAll(async () => {
  clearSearchPlans(store);
  await database.dispose();
});

describe('suggested businesses', () => {
  it('are told apart by their addresses when they share a name and a city', async () => {
    const businesses = (await suggestSearches(store, { q: 'joe' })).suggestions.filter(
      (s) => s.type === 'business',
    );
    expect(businesses.map((s) => s.label)).toEqual([
      "Joe's Pizza, 12 Elm St, Leeds LS1 4AP",
      "Joe's Pizza, 3 Kirkgate, Leeds LS2 7DJ",
      "Joe's Pizza, York",
      "Joe's Diner, Leeds",
      'Joe Bakes, York',
      'Joe Bakes, York',
    ]);
    // Each still links to its own page.
    expect(new Set(businesses.map((s) => s.url)).size).toBe(6);
  });
});
