import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sqlite } from '../../../db/connection.ts';
import { idsWithWords as ftsSearchIds } from '../../../db/search/search-reads.ts';
import { refreshAggregates, readDataVersion } from '../../../db/stats-repository.ts';
import { createTempDatabase, type TempDatabase } from '../../../db/testing/temp-database.ts';
import { seedBusinesses } from '../../http/admin-data/testing/seed.ts';
import { SUBMISSION_LIMIT, type SubmissionContext, submitBusiness } from './submit-business.ts';

const VALID = {
  name: 'Café Lumière',
  category: 'Coffee shop',
  address: '5 Rue Oberkampf',
  city: 'Paris',
  country: 'France',
  phone: '01 43 55 00 00',
  ownerEmail: 'owner@example.fr',
  hoursMonday: '8:00-18:00',
};

let database: TempDatabase;
let sqlite: Sqlite;
let clock: number;
let references: number;
const context = (ip = '198.51.100.7'): SubmissionContext => ({
  ip,
  now: () => clock,
  newReference: () => `00000000-0000-4000-8000-${String(++references).padStart(12, '0')}`,
});

beforeEach(async () => {
  database = await createTempDatabase('submit-business-');
  sqlite = database.sqlite;
  seedBusinesses(sqlite, 30);
  clock = Date.parse('2026-03-01T10:00:00Z');
  references = 0;
});

afterEach(async () => {
  await database.dispose();
});

/** The precomputed tables as refreshAggregates leaves them (data_version aside: it only moves). */
function aggregates(): unknown {
  const all = (sql: string) => sqlite.prepare(sql).all();
  return {
    cities: all('SELECT * FROM city_stats ORDER BY city_key'),
    categories: all('SELECT * FROM category_stats ORDER BY category'),
    countries: all('SELECT * FROM country_stats ORDER BY country'),
    site: all(`SELECT * FROM site_stats WHERE key <> 'data_version' ORDER BY key`),
  };
}

describe('submitBusiness', () => {
  it('adjusts the precomputed counts exactly as a full refresh would compute them, and moves the data version', () => {
    const version = readDataVersion(sqlite);
    const cities = ['Paris', 'paris', 'Chicago', 'Nowhere Town', 'PARIS'];
    for (const [i, city] of cities.entries()) {
      const outcome = submitBusiness(
        sqlite,
        { ...VALID, name: `Shop ${i}`, city, category: i % 2 ? 'Coffee shop' : 'Brand New Category' },
        context(`198.51.100.${i}`),
      );
      expect(outcome.outcome).toBe('created');
    }
    expect(readDataVersion(sqlite)).toBe(version + cities.length);
    const incremental = aggregates();
    refreshAggregates(sqlite);
    expect(incremental).toEqual(aggregates());
  });

  it('computes the counts from scratch on a database that never had them', async () => {
    const empty = await createTempDatabase('submit-empty-');
    try {
      expect(submitBusiness(empty.sqlite, VALID, context()).outcome).toBe('created');
      const total = empty.sqlite
        .prepare(`SELECT value FROM site_stats WHERE key = 'total_businesses'`)
        .pluck();
      expect(total.get()).toBe(1);
    } finally {
      await empty.dispose();
    }
  });

  it('indexes the business for search and writes the importer’s columns', () => {
    const outcome = submitBusiness(sqlite, VALID, context());
    if (outcome.outcome !== 'created') throw new Error(outcome.outcome);
    expect(ftsSearchIds(sqlite, 'lumiere', 10)).toContain(outcome.id);
    const row = sqlite.prepare('SELECT * FROM businesses WHERE id = ?').get(outcome.id);
    expect(row).toMatchObject({
      place_id: 'submission:00000000-0000-4000-8000-000000000001',
      slug: 'cafe-lumiere-0000000',
      category_group: 'Restaurants',
      city_key: 'paris',
      country_code: 'FR',
      phone_international: '+33143550000',
      time_zone: 'Europe/Paris',
      is_verified: 0,
      photos: '[]',
    });
  });

  it('gives the same name in the same city a different slug every time', () => {
    const slugs = new Set<string>();
    // References sharing their first 7 characters: the slug takes more of them, like an import.
    for (let i = 0; i < 3; i++) {
      const outcome = submitBusiness(sqlite, VALID, context(`198.51.100.${i}`));
      if (outcome.outcome !== 'created') throw new Error(outcome.outcome);
      slugs.add(outcome.slug);
    }
    expect(slugs.size).toBe(3);
  });

  it(`allows ${SUBMISSION_LIMIT.maxSubmissions} submissions an hour per address, then says how long to wait`, () => {
    for (let i = 0; i < SUBMISSION_LIMIT.maxSubmissions; i++) {
      clock += 60_000;
      expect(submitBusiness(sqlite, { ...VALID, name: `Shop ${i}` }, context()).outcome).toBe('created');
    }
    const firstAt = clock - 4 * 60_000;
    clock += 60_000;
    const refused = submitBusiness(sqlite, VALID, context());
    expect(refused).toMatchObject({
      outcome: 'throttled',
      retryAfterSeconds: (firstAt + SUBMISSION_LIMIT.windowMs - clock) / 1000,
      values: { name: VALID.name },
    });
    // Invalid posts are refused for the limit too, before any validation.
    expect(submitBusiness(sqlite, {}, context()).outcome).toBe('throttled');
    // Another address is not affected.
    expect(submitBusiness(sqlite, VALID, context('198.51.100.8')).outcome).toBe('created');
    // Once the first one leaves the window, one more is allowed.
    clock = firstAt + SUBMISSION_LIMIT.windowMs + 1;
    expect(submitBusiness(sqlite, { ...VALID, name: 'Later' }, context()).outcome).toBe('created');
    expect(submitBusiness(sqlite, { ...VALID, name: 'Too soon' }, context()).outcome).toBe('throttled');
  });

  it('counts one /64 of IPv6 as one address', () => {
    for (let i = 0; i < SUBMISSION_LIMIT.maxSubmissions; i++) {
      expect(submitBusiness(sqlite, VALID, context(`2001:db8:1:2::${i + 1}`)).outcome).toBe('created');
    }
    expect(submitBusiness(sqlite, VALID, context('2001:db8:1:2:ffff::9')).outcome).toBe('throttled');
    expect(submitBusiness(sqlite, VALID, context('2001:db8:1:3::1')).outcome).toBe('created');
  });

  it('drops a filled spam trap without writing a business, but counts it', () => {
    const before = sqlite.prepare('SELECT COUNT(*) FROM businesses').pluck().get();
    const version = readDataVersion(sqlite);
    const outcome = submitBusiness(sqlite, { fax: '555-0100' }, context());
    expect(outcome).toEqual({ outcome: 'dropped', reference: expect.any(String) });
    expect(sqlite.prepare('SELECT COUNT(*) FROM businesses').pluck().get()).toBe(before);
    expect(readDataVersion(sqlite)).toBe(version);
    expect(sqlite.prepare('SELECT COUNT(*) FROM submission_attempts').pluck().get()).toBe(1);
  });

  it('writes nothing and counts nothing for an invalid submission', () => {
    const outcome = submitBusiness(sqlite, { ...VALID, city: '' }, context());
    expect(outcome).toMatchObject({ outcome: 'invalid', errors: { city: 'Enter the city' } });
    expect(sqlite.prepare('SELECT COUNT(*) FROM submission_attempts').pluck().get()).toBe(0);
    expect(sqlite.prepare('SELECT COUNT(*) FROM business_submissions').pluck().get()).toBe(0);
  });

  it('forgets addresses once they leave the window', () => {
    submitBusiness(sqlite, VALID, context('198.51.100.1'));
    clock += SUBMISSION_LIMIT.windowMs + 1;
    submitBusiness(sqlite, VALID, context('198.51.100.2'));
    expect(sqlite.prepare('SELECT ip_key FROM submission_attempts').pluck().all()).toEqual(['198.51.100.2']);
  });

  it('gives up after a short wait when another connection holds the write lock, writing nothing', () => {
    const other = new BetterSqlite3(database.path);
    other.pragma('busy_timeout = 0');
    other.exec('BEGIN IMMEDIATE');
    try {
      const started = performance.now();
      const outcome = submitBusiness(sqlite, VALID, context());
      const waited = performance.now() - started;
      expect(outcome).toMatchObject({ outcome: 'busy', retryAfterSeconds: 5, values: { name: VALID.name } });
      expect(waited).toBeGreaterThanOrEqual(200);
      expect(waited).toBeLessThan(2_000);
      expect(submitBusiness(sqlite, { fax: 'robot' }, context()).outcome).toBe('busy');
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    // The connection's own wait is back to the usual 5 s.
    expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(sqlite.prepare('SELECT COUNT(*) FROM submission_attempts').pluck().get()).toBe(0);
    expect(submitBusiness(sqlite, VALID, context()).outcome).toBe('created');
  });

  it('logs the submission for the admin’s Recent Activity', () => {
    submitBusiness(sqlite, VALID, context());
    expect(sqlite.prepare('SELECT kind, actor, detail FROM activity_log').all()).toEqual([
      {
        kind: 'submission',
        actor: 'public form',
        detail: 'New listing awaiting review: Café Lumière (Paris, France)',
      },
    ]);
  });
});
