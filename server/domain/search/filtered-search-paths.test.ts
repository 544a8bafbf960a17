// Real searches with filters read both ways give the same count and page: on the facts in memory,
// with each tier's words and the shared place apart (decision 0042), and by SQL over the exclusive
// tiers — on both dialects, for one-box queries, places alone, typos, a last word still being typed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DiscoverySort, findTextPage } from '../../../db/discovery-repository.ts';
import { businessFactsReady, filteredTextPage } from '../businesses/filtered-text.ts';
import { DISCOVERY_NOW, giveHoursAndTakePoints } from '../businesses/testing/discovery-fixtures.ts';
import { createSeededTestStore } from '../testing/seeded-store.ts';
import { DIALECTS, type TestStore } from '../testing/test-store.ts';
import { searchConditions } from './search.ts';

const QUERIES: { q: string; location?: string; category?: string }[] = [
  { q: 'restaurant' },
  { q: 'restaurants in new york' },
  { q: 'dentist', location: 'Chicago' },
  { q: 'coffee shop london' },
  { q: 'resturant' },
  { q: 'plumb' },
  { q: 'barb' },
  { q: 'dentist chic' },
  { q: '', location: 'Los Angeles' },
  { q: 'pizza', location: 'United States' },
  { q: 'bar' },
  { q: 'auto repair', category: 'Auto repair shop' },
];
const FILTERS = [{ openNow: true }, { minRating: 4 }, { minRating: 3.5, verified: true }];
const SORTS: DiscoverySort[] = ['relevance', 'rating', 'reviews'];

describe.each(DIALECTS)('searches with filters read both ways on %s', (dialect) => {
  let opened: TestStore;
  beforeAll(async () => {
    opened = await createSeededTestStore(dialect, { businesses: 600, seed: 9 });
    await giveHoursAndTakePoints(opened.store);
  }, 120_000);
  afterAll(async () => {
    await opened?.dispose();
  });

  it('gives the same count and pages in memory as by SQL', async () => {
    const { store } = opened;
    expect(await businessFactsReady(store)).toBeDefined();
    let apart = 0;
    let listed = 0;
    for (const query of QUERIES)
      for (const filters of FILTERS)
        for (const sort of SORTS) {
          const conditions = await searchConditions(store, {
            ...query,
            page: 1,
            pageSize: 10,
            filters: { ...filters, sort },
            now: DISCOVERY_NOW,
          });
          if (!conditions) continue;
          if (conditions.plainTiers) apart++;
          for (const page of [
            { limit: 10, offset: 0 },
            { limit: 10, offset: 10 },
          ]) {
            const inMemory = await filteredTextPage(store, conditions, sort, page);
            expect(inMemory, JSON.stringify({ query, filters, sort, page })).toEqual(
              await findTextPage(store, conditions, sort, page),
            );
            listed += inMemory!.found.length;
          }
        }
    // Another order lists the same matches: as many with each sort.
    for (const query of QUERIES)
      for (const filters of FILTERS) {
        const totals = new Set<number>();
        for (const sort of SORTS) {
          const request = {
            ...query,
            page: 1,
            pageSize: 10,
            filters: { ...filters, sort },
            now: DISCOVERY_NOW,
          };
          const conditions = await searchConditions(store, request);
          if (conditions)
            totals.add((await findTextPage(store, conditions, sort, { limit: 10, offset: 0 }))!.total);
        }
        expect(totals.size, JSON.stringify({ query, filters, totals: [...totals] })).toBeLessThanOrEqual(1);
      }
    // Most relevance-ordered searches read their tiers apart; the answers were not all empty.
    expect(apart).toBeGreaterThan(QUERIES.length * FILTERS.length * 0.6);
    expect(listed).toBeGreaterThan(300);
  });
});
