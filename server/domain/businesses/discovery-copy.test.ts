// A site copied across (`directory copy`) is whole for discovery at its target, both ways: the
// discovery index is not copied but rebuilt there (SQLite's business_geo and business_hours,
// PostgreSQL's business_hours; each with its own hours patterns), so that "open now" and "near a
// point" find at the target what they find at the source.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseAddress } from '../../../db/address.ts';
import type { Store } from '../../../db/store/store.ts';
import { createPostgresDatabase, type TestPostgresDatabase } from '../../../db/testing/postgres-database.ts';
import { copySite } from '../copy/copy-site.ts';
import { openStore } from '../open-database.ts';
import { createSeededTestStore } from '../testing/seeded-store.ts';
import type { TestStore } from '../testing/test-store.ts';
import { conditionsOf, discoverPage } from './discovery.ts';
import { DISCOVERY_NOW, giveHoursAndTakePoints } from './testing/discovery-fixtures.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Each business's weekly hours and zone as its database's hours index holds them. */
async function hoursIndex(store: Store): Promise<string[]> {
  const text = `SELECT h.business_id AS id, p.hours, p.time_zone FROM business_hours h
    JOIN hours_patterns p ON p.id = h.pattern_id ORDER BY h.business_id`;
  const rows = store.dialect === 'sqlite' ? store.sqlite.prepare(text).all() : (await store.query(text)).rows;
  return rows.map((row) => JSON.stringify(row));
}

/** What discovery answers: open now; near a point, nearest first. */
async function discovered(store: Store) {
  const answers = [];
  for (const filters of [
    { openNow: true },
    { point: { lat: 40.75, lng: -73.99 }, radiusKm: 100, sort: 'distance' as const },
    { openNow: true, verified: true, sort: 'rating' as const },
  ]) {
    const { conditions, countKey } = await conditionsOf(store, {}, filters, DISCOVERY_NOW);
    const page = await discoverPage(store, conditions, countKey, filters.sort ?? 'relevance', {
      limit: 50,
      offset: 0,
    });
    answers.push({ total: page.total, ids: page.businesses.map((b) => [b.id, b.distanceKm]) });
  }
  return answers;
}

async function openAt(address: DatabaseAddress): Promise<Store> {
  const handle = await openStore(address);
  cleanups.push(() => handle.close());
  return handle.store;
}

describe('a copied site and discovery', () => {
  it('has the hours index and the same discovery answers at the target, to PostgreSQL and back', async () => {
    const source: TestStore = await createSeededTestStore('sqlite', { businesses: 200, seed: 3 });
    cleanups.push(() => source.dispose());
    await giveHoursAndTakePoints(source.store);
    const expectedHours = await hoursIndex(source.store);
    const expected = await discovered(source.store);
    expect(expectedHours.length).toBeGreaterThan(50);
    expect(expected[0]!.total).toBeGreaterThan(0);

    const database: TestPostgresDatabase = await createPostgresDatabase();
    cleanups.push(() => database.drop());
    const postgres: DatabaseAddress = { dialect: 'postgres', url: database.url, display: database.url };
    await copySite({ dialect: 'sqlite', path: source.address, display: source.address }, postgres);
    const there = await openAt(postgres);
    expect(await hoursIndex(there)).toEqual(expectedHours);
    expect(await discovered(there)).toEqual(expected);

    const dir = mkdtempSync(join(tmpdir(), 'directory-copy-back-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, 'back.db');
    await copySite(postgres, { dialect: 'sqlite', path, display: path });
    const back = await openAt({ dialect: 'sqlite', path, display: path });
    expect(await hoursIndex(back)).toEqual(expectedHours);
    expect(await discovered(back)).toEqual(expected);
  }, 120_000);
});
