// Near a point and nothing else is answered from the grid of coordinates in memory (decision 0040):
// the same totals and the same lists as the SQL path (the R*Tree on SQLite, the GiST index on
// PostgreSQL), a grid that follows every write, and a large grid read in the background while the
// SQL path answers.
import { beforeEach, describe, expect, it } from 'vitest';
import { updateBusinessRow } from '../../../db/admin-business-repository.ts';
import {
  countDiscovered,
  type DiscoveryConditions,
  type DiscoverySort,
  findDiscoveredIds,
  findWordsNearPage,
} from '../../../db/discovery-repository.ts';
import { categoryFacet } from '../../../db/search/analyzer.ts';
import { indexQueryText } from '../../../db/search/search-index.ts';
import type { Store } from '../../../db/store/store.ts';
import { replaceBusinesses } from '../../http/admin-data/testing/replace-businesses.ts';
import { DIALECTS } from '../testing/test-store.ts';
import { testStoresForFile } from '../testing/test-stores-for-file.ts';
import { conditionsOf, discoverPage } from './discovery.ts';
import { pointGridOf, pointGridReady } from './point-grids.ts';
import { businessRecord } from './testing/business-records.ts';

const opened = testStoresForFile();
const NOW = new Date('2026-11-27T12:00:00Z');

/** 240 businesses around central Chicago (dense in the middle), every fifth sharing the previous one's
 *  coordinates, with ratings that spread their ranks. */
function records() {
  let seed = 11;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  let previous = { latitude: 41.88, longitude: -87.63 };
  return Array.from({ length: 240 }, (_, k) => {
    const spread = random() ** 2 * 0.15;
    const angle = random() * 2 * Math.PI;
    const at =
      k % 5 === 4
        ? previous
        : { latitude: 41.88 + Math.sin(angle) * spread, longitude: -87.63 + Math.cos(angle) * spread * 1.3 };
    previous = at;
    return businessRecord(k + 1, {
      ...at,
      category: k % 5 >= 3 ? 'Plumber' : 'Dentist', // the pairs sharing coordinates are plumbers
      rating: 3 + Math.round(random() * 20) / 10,
      review_count: Math.floor(random() * 500),
    });
  });
}

async function page(
  store: Store,
  filters: { lat: number; lng: number; radiusKm: number; sort: DiscoverySort },
  offset = 0,
) {
  const { conditions, countKey } = await conditionsOf(
    store,
    {},
    { point: { lat: filters.lat, lng: filters.lng }, radiusKm: filters.radiusKm, sort: filters.sort },
    NOW,
  );
  const found = await discoverPage(store, conditions, countKey, filters.sort, { limit: 10, offset });
  return { total: found.total, list: found.businesses.map((b) => [b.id, b.distanceKm]) };
}

/** The same page by the SQL path alone. */
async function sqlPage(
  store: Store,
  filters: { lat: number; lng: number; radiusKm: number; sort: DiscoverySort },
  offset = 0,
) {
  const conditions: DiscoveryConditions = {
    origin: { lat: filters.lat, lng: filters.lng },
    radiusKm: filters.radiusKm,
  };
  const found = await findDiscoveredIds(store, conditions, filters.sort, { limit: 10, offset });
  return {
    total: await countDiscovered(store, conditions),
    list: found.map((f) => [f.id, f.distanceKm === null ? null : Math.round(f.distanceKm * 100) / 100]),
  };
}

/** An administrator's edit: in its transaction, which on PostgreSQL returns once the new data version
 *  is known to this store. */
function edit(store: Store, id: number, changes: Parameters<typeof updateBusinessRow>[2]) {
  return store.transaction((tx) => updateBusinessRow(tx, id, changes, new Date().toISOString()));
}

const PROBES = [
  { lat: 41.88, lng: -87.63, radiusKm: 1, sort: 'distance' as const },
  { lat: 41.9, lng: -87.65, radiusKm: 3, sort: 'distance' as const },
  { lat: 41.95, lng: -87.7, radiusKm: 10, sort: 'distance' as const },
  { lat: 41.88, lng: -87.63, radiusKm: 2, sort: 'relevance' as const },
  { lat: 41.85, lng: -87.6, radiusKm: 25, sort: 'relevance' as const },
];

describe.each(DIALECTS)('near a point on %s', (dialect) => {
  beforeEach(async () => {
    await replaceBusinesses(opened[dialect].store, records());
  });

  it('answers from the grid what the SQL path answers', async () => {
    const { store } = opened[dialect];
    expect(await pointGridReady(store)).toBeDefined();
    let nonEmpty = 0;
    for (const probe of PROBES)
      for (const offset of [0, 10]) {
        const grid = await page(store, probe, offset);
        expect(grid, JSON.stringify({ probe, offset })).toEqual(await sqlPage(store, probe, offset));
        if (grid.list.length > 0) nonEmpty++;
      }
    expect(nonEmpty).toBeGreaterThan(6);
  });

  it('finds words near a point on the grid as on the R*Tree or GiST index', async () => {
    const { store } = opened[dialect];
    expect(await pointGridReady(store)).toBeDefined();
    const plumbers = indexQueryText(dialect, { term: categoryFacet('Plumber') });
    let found = 0;
    for (const { lat, lng, radiusKm } of PROBES)
      for (const page of [
        { limit: 10, offset: 0 },
        { limit: 7, offset: 9 },
      ]) {
        const conditions = { textTiers: [plumbers], origin: { lat, lng }, radiusKm };
        const key = JSON.stringify({ conditions, page });
        const onGrid = await discoverPage(store, conditions, key, 'distance', page);
        const bySql = (await findWordsNearPage(store, conditions, page))!;
        expect(onGrid.total).toBe(bySql.total);
        expect(onGrid.businesses.map((b) => [b.id, b.distanceKm])).toEqual(
          bySql.found.map((f) => [f.id, Math.round(f.distanceKm! * 100) / 100]),
        );
        found += onGrid.businesses.length;
      }
    expect(found).toBeGreaterThan(20);
  });

  it('follows a write: a business moved away is no longer near', async () => {
    const { store } = opened[dialect];
    const probe = { lat: 41.88, lng: -87.63, radiusKm: 50, sort: 'distance' as const };
    const before = await page(store, probe);
    const nearest = before.list[0]![0] as number;
    await edit(store, nearest, { latitude: 51.5, longitude: -0.12 });
    const after = await page(store, probe);
    expect(after.total).toBe(before.total - 1);
    expect(after.list.map(([id]) => id)).not.toContain(nearest);
    expect(after).toEqual(await sqlPage(store, probe));
  });

  it('reads a large grid in the background, the SQL path answering meanwhile', async () => {
    const { store } = opened[dialect];
    await edit(store, 1, { rating: 4.9 }); // a new data version
    expect(await pointGridOf(store, 50)).toBeUndefined();
    const probe = { lat: 41.88, lng: -87.63, radiusKm: 5, sort: 'distance' as const };
    const meanwhile = await page(store, probe);
    const grid = await pointGridReady(store);
    expect(grid?.size).toBe(240);
    expect(await page(store, probe)).toEqual(meanwhile);
  });
});
