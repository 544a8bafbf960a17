import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sqlite } from '../../../db/connection.ts';
import { idsWithWords as ftsSearchIds } from '../../../db/search/search-reads.ts';
import { readDataVersion } from '../../../db/stats-repository.ts';
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
  it('holds the submission: no business, no search entry, no count, the data version unchanged', async () => {
    const version = readDataVersion(sqlite);
    const before = aggregates();
    const businesses = sqlite.prepare('SELECT COUNT(*) FROM businesses').pluck().get();
    const outcome = await submitBusiness(database.store, VALID, context());
    expect(outcome).toEqual({
      outcome: 'held',
      reference: '00000000-0000-4000-8000-000000000001',
      id: expect.any(Number),
      warnings: [],
    });
    expect(sqlite.prepare('SELECT COUNT(*) FROM businesses').pluck().get()).toBe(businesses);
    expect(ftsSearchIds(sqlite, 'lumiere', 10)).toEqual([]);
    expect(aggregates()).toEqual(before);
    // Nothing public changed, so no cached public answer is dropped.
    expect(readDataVersion(sqlite)).toBe(version);
    expect(sqlite.prepare('SELECT COUNT(*) FROM submission_queue').pluck().get()).toBe(1);
  });

  it('queues the row an import would write, unverified, with the owner’s e-mail, the time and the page', async () => {
    const outcome = await submitBusiness(
      database.store,
      { ...VALID, fromPage: '/city/Paris?page=2' },
      context(),
    );
    if (outcome.outcome !== 'held') throw new Error(outcome.outcome);
    const queued = sqlite.prepare('SELECT * FROM submission_queue WHERE id = ?').get(outcome.id) as Record<
      string,
      unknown
    >;
    expect(queued).toMatchObject({
      place_id: 'submission:00000000-0000-4000-8000-000000000001',
      owner_email: 'owner@example.fr',
      source_page: '/city/Paris?page=2',
      submitted_at: '2026-03-01T10:00:00.000Z',
    });
    expect(JSON.parse(String(queued.business_row))).toMatchObject({
      place_id: 'submission:00000000-0000-4000-8000-000000000001',
      name: 'Café Lumière',
      category_group: 'Restaurants',
      city_key: 'paris',
      country_code: 'FR',
      phone_international: '+33143550000',
      time_zone: 'Europe/Paris',
      is_verified: 0,
      photos: '[]',
      hours: JSON.stringify({ monday: [{ open: '08:00', close: '18:00' }] }),
    });
  });

  it('records the page as a site path only: a foreign or malformed one reads as unknown, a Referer path fills in', async () => {
    const sourceOf = async (fromPage: unknown, referrerPath?: string) => {
      const outcome = await submitBusiness(
        database.store,
        { ...VALID, fromPage },
        { ...context(), referrerPath },
      );
      if (outcome.outcome !== 'held') throw new Error(outcome.outcome);
      clock += SUBMISSION_LIMIT.windowMs; // past the rate limit
      return sqlite.prepare('SELECT source_page FROM submission_queue WHERE id = ?').pluck().get(outcome.id);
    };
    expect(await sourceOf('/add-business')).toBe('/add-business');
    expect(await sourceOf('/details/a#top')).toBe('/details/a');
    expect(await sourceOf('//evil.example/x')).toBeNull();
    expect(await sourceOf('https://evil.example/x')).toBeNull();
    expect(await sourceOf('javascript:alert(1)')).toBeNull();
    expect(await sourceOf('/\\evil.example')).toBeNull();
    expect(await sourceOf('/a\nb')).toBeNull();
    expect(await sourceOf(`/${'x'.repeat(400)}`)).toBeNull();
    expect(await sourceOf(['/a', '/b'])).toBeNull();
    expect(await sourceOf(undefined, '/cities')).toBe('/cities');
    expect(await sourceOf('nonsense', '/cities')).toBe('/cities');
  });

  it(`allows ${SUBMISSION_LIMIT.maxEvents} submissions an hour per address, then says how long to wait`, async () => {
    for (let i = 0; i < SUBMISSION_LIMIT.maxEvents; i++) {
      clock += 60_000;
      expect((await submitBusiness(database.store, { ...VALID, name: `Shop ${i}` }, context())).outcome).toBe(
        'held',
      );
    }
    const firstAt = clock - 4 * 60_000;
    clock += 60_000;
    const refused = await submitBusiness(database.store, VALID, context());
    expect(refused).toMatchObject({
      outcome: 'throttled',
      retryAfterSeconds: (firstAt + SUBMISSION_LIMIT.windowMs - clock) / 1000,
      values: { name: VALID.name },
    });
    // Invalid posts are refused for the limit too, before any validation.
    expect((await submitBusiness(database.store, {}, context())).outcome).toBe('throttled');
    // Another address is not affected.
    expect((await submitBusiness(database.store, VALID, context('198.51.100.8'))).outcome).toBe('held');
    // Once the first one leaves the window, one more is allowed.
    clock = firstAt + SUBMISSION_LIMIT.windowMs + 1;
    expect((await submitBusiness(database.store, { ...VALID, name: 'Later' }, context())).outcome).toBe(
      'held',
    );
    expect((await submitBusiness(database.store, { ...VALID, name: 'Too soon' }, context())).outcome).toBe(
      'throttled',
    );
  });

  it('counts one /64 of IPv6 as one address', async () => {
    for (let i = 0; i < SUBMISSION_LIMIT.maxEvents; i++) {
      expect((await submitBusiness(database.store, VALID, context(`2001:db8:1:2::${i + 1}`))).outcome).toBe(
        'held',
      );
    }
    expect((await submitBusiness(database.store, VALID, context('2001:db8:1:2:ffff::9'))).outcome).toBe(
      'throttled',
    );
    expect((await submitBusiness(database.store, VALID, context('2001:db8:1:3::1'))).outcome).toBe('held');
  });

  it('drops a filled spam trap without holding anything, but counts it', async () => {
    const before = sqlite.prepare('SELECT COUNT(*) FROM businesses').pluck().get();
    const version = readDataVersion(sqlite);
    const outcome = await submitBusiness(database.store, { fax: '555-0100' }, context());
    expect(outcome).toEqual({ outcome: 'dropped', reference: expect.any(String) });
    expect(sqlite.prepare('SELECT COUNT(*) FROM businesses').pluck().get()).toBe(before);
    expect(sqlite.prepare('SELECT COUNT(*) FROM submission_queue').pluck().get()).toBe(0);
    expect(readDataVersion(sqlite)).toBe(version);
    expect(sqlite.prepare('SELECT COUNT(*) FROM submission_attempts').pluck().get()).toBe(1);
  });

  it('writes nothing and counts nothing for an invalid submission', async () => {
    const outcome = await submitBusiness(database.store, { ...VALID, city: '' }, context());
    expect(outcome).toMatchObject({ outcome: 'invalid', errors: { city: 'Enter the city' } });
    expect(sqlite.prepare('SELECT COUNT(*) FROM submission_attempts').pluck().get()).toBe(0);
    expect(sqlite.prepare('SELECT COUNT(*) FROM submission_queue').pluck().get()).toBe(0);
  });

  it('forgets addresses once they leave the window', async () => {
    await submitBusiness(database.store, VALID, context('198.51.100.1'));
    clock += SUBMISSION_LIMIT.windowMs + 1;
    await submitBusiness(database.store, VALID, context('198.51.100.2'));
    expect(sqlite.prepare('SELECT ip_key FROM submission_attempts').pluck().all()).toEqual(['198.51.100.2']);
  });

  it('gives up after a short wait when another connection holds the write lock, writing nothing', async () => {
    const other = new BetterSqlite3(database.path);
    other.pragma('busy_timeout = 0');
    other.exec('BEGIN IMMEDIATE');
    try {
      const started = performance.now();
      const outcome = await submitBusiness(database.store, VALID, context());
      const waited = performance.now() - started;
      expect(outcome).toMatchObject({ outcome: 'busy', retryAfterSeconds: 5, values: { name: VALID.name } });
      expect(waited).toBeGreaterThanOrEqual(200);
      expect(waited).toBeLessThan(2_000);
      expect((await submitBusiness(database.store, { fax: 'robot' }, context())).outcome).toBe('busy');
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    // The connection's own wait is back to the usual 5 s.
    expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(sqlite.prepare('SELECT COUNT(*) FROM submission_attempts').pluck().get()).toBe(0);
    expect((await submitBusiness(database.store, VALID, context())).outcome).toBe('held');
  });

  it('removes NUL and control characters with a warning naming the field, for the moderator too', async () => {
    const outcome = await submitBusiness(
      database.store,
      { ...VALID, name: 'Café\u0000 Lumière\u001B', address: '5 Rue\tOberkampf', city: 'Paris\u0085\u0090' },
      context(),
    );
    if (outcome.outcome !== 'held') throw new Error(outcome.outcome);
    expect(outcome.warnings).toEqual([
      { field: 'name', message: '2 control characters (U+0000, U+001B) removed from name' },
      { field: 'city', message: '1 control character (U+0090) removed from city' },
    ]);
    const queued = sqlite.prepare('SELECT business_row FROM submission_queue').pluck().get();
    expect(JSON.parse(String(queued))).toMatchObject({
      name: 'Café Lumière',
      address: '5 Rue Oberkampf',
      city: 'Paris',
    });
    expect(sqlite.prepare('SELECT detail FROM activity_log').pluck().get()).toBe(
      'New listing awaiting review: Café Lumière (Paris, France); 2 control characters (U+0000, U+001B) removed from name; 1 control character (U+0090) removed from city',
    );
  });

  it('logs the submission for the admin’s Recent Activity', async () => {
    await submitBusiness(database.store, VALID, context());
    expect(sqlite.prepare('SELECT kind, actor, detail FROM activity_log').all()).toEqual([
      {
        kind: 'submission',
        actor: 'public form',
        detail: 'New listing awaiting review: Café Lumière (Paris, France)',
      },
    ]);
  });
});
