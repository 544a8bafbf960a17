// Submitting a listing on a real database — a SQLite file and a PostgreSQL database, each test on
// both: what is held (and what stays untouched), the page it came from, the rate limit per address,
// the spam trap, and the bounded wait for a write lock held elsewhere. Each dialect's database holds
// the same 30 generated businesses, made once; before each test it is given no submissions again.
import { beforeEach, describe, expect, it } from 'vitest';
import { POSTGRES_LOCK_WAIT_MS } from '../../../db/bounded-write.ts';
import type { Store } from '../../../db/store/store.ts';
import { holdSubmissionWriteLock } from '../../http/submissions/testing/held-write-lock.ts';
import { searchText } from '../search/search.ts';
import { seededStoresForTests } from '../testing/seeded-stores.ts';
import { countIn, execIn, rowsIn, storedDataVersion } from '../testing/sql-in.ts';
import { DIALECTS } from '../testing/test-store.ts';
import {
  SUBMISSION_LIMIT,
  SUBMISSION_LOCK_WAIT_MS,
  type SubmissionContext,
  submitBusiness,
} from './submit-business.ts';

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

const { storeOf } = seededStoresForTests({ businesses: 30 });
let clock: number;
let references: number;
const context = (ip = '198.51.100.7'): SubmissionContext => ({
  ip,
  now: () => clock,
  newReference: () => `00000000-0000-4000-8000-${String(++references).padStart(12, '0')}`,
});

describe.each(DIALECTS)('on %s', (dialect) => {
  let store: Store;
  beforeEach(async () => {
    store = storeOf(dialect);
    // A submission writes only these (the businesses and the counts stay as they are).
    await execIn(store, 'DELETE FROM submission_queue');
    await execIn(store, 'DELETE FROM submission_attempts');
    await execIn(store, 'DELETE FROM activity_log');
    clock = Date.parse('2026-03-01T10:00:00Z');
    references = 0;
  });

  /** The precomputed tables as refreshAggregates leaves them (data_version aside: it only moves). */
  async function aggregates(): Promise<unknown> {
    const all = (sql: string) => rowsIn(store, sql);
    return {
      cities: await all('SELECT * FROM city_stats ORDER BY city_key'),
      categories: await all('SELECT * FROM category_stats ORDER BY category'),
      countries: await all('SELECT * FROM country_stats ORDER BY country'),
      site: await all(`SELECT * FROM site_stats WHERE key <> 'data_version' ORDER BY key`),
    };
  }
  const count = (table: string) => countIn(store, table);
  const column = async (text: string, params: unknown[] = []) =>
    (await rowsIn(store, text, params)).map((row) => Object.values(row)[0]);

  describe('submitBusiness', () => {
    it('holds the submission: no business, no search entry, no count, the data version unchanged', async () => {
      const version = await storedDataVersion(store);
      const before = await aggregates();
      const businesses = await count('businesses');
      const outcome = await submitBusiness(store, VALID, context());
      expect(outcome).toEqual({
        outcome: 'held',
        reference: '00000000-0000-4000-8000-000000000001',
        id: expect.any(Number),
        warnings: [],
      });
      expect(await count('businesses')).toBe(businesses);
      expect((await searchText(store, 'lumiere', { offset: 0, limit: 10 })).ids).toEqual([]);
      expect(await aggregates()).toEqual(before);
      // Nothing public changed, so no cached public answer is dropped.
      expect(await storedDataVersion(store)).toBe(version);
      expect(await count('submission_queue')).toBe(1);
    });

    it('queues the row an import would write, unverified, with the owner’s e-mail, the time and the page', async () => {
      const outcome = await submitBusiness(store, { ...VALID, fromPage: '/city/Paris?page=2' }, context());
      if (outcome.outcome !== 'held') throw new Error(outcome.outcome);
      const [queued] = (await rowsIn(store, 'SELECT * FROM submission_queue WHERE id = ?', [outcome.id])) as [
        Record<string, unknown>,
      ];
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
        const outcome = await submitBusiness(store, { ...VALID, fromPage }, { ...context(), referrerPath });
        if (outcome.outcome !== 'held') throw new Error(outcome.outcome);
        clock += SUBMISSION_LIMIT.windowMs; // past the rate limit
        return (await column('SELECT source_page FROM submission_queue WHERE id = ?', [outcome.id]))[0];
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
        expect((await submitBusiness(store, { ...VALID, name: `Shop ${i}` }, context())).outcome).toBe(
          'held',
        );
      }
      const firstAt = clock - 4 * 60_000;
      clock += 60_000;
      const refused = await submitBusiness(store, VALID, context());
      expect(refused).toMatchObject({
        outcome: 'throttled',
        retryAfterSeconds: (firstAt + SUBMISSION_LIMIT.windowMs - clock) / 1000,
        values: { name: VALID.name },
      });
      // Invalid posts are refused for the limit too, before any validation.
      expect((await submitBusiness(store, {}, context())).outcome).toBe('throttled');
      // Another address is not affected.
      expect((await submitBusiness(store, VALID, context('198.51.100.8'))).outcome).toBe('held');
      // Once the first one leaves the window, one more is allowed.
      clock = firstAt + SUBMISSION_LIMIT.windowMs + 1;
      expect((await submitBusiness(store, { ...VALID, name: 'Later' }, context())).outcome).toBe('held');
      expect((await submitBusiness(store, { ...VALID, name: 'Too soon' }, context())).outcome).toBe(
        'throttled',
      );
    });

    it('counts one /64 of IPv6 as one address', async () => {
      for (let i = 0; i < SUBMISSION_LIMIT.maxEvents; i++) {
        expect((await submitBusiness(store, VALID, context(`2001:db8:1:2::${i + 1}`))).outcome).toBe('held');
      }
      expect((await submitBusiness(store, VALID, context('2001:db8:1:2:ffff::9'))).outcome).toBe('throttled');
      expect((await submitBusiness(store, VALID, context('2001:db8:1:3::1'))).outcome).toBe('held');
    });

    it('drops a filled spam trap without holding anything, but counts it', async () => {
      const before = await count('businesses');
      const version = await storedDataVersion(store);
      const outcome = await submitBusiness(store, { fax: '555-0100' }, context());
      expect(outcome).toEqual({ outcome: 'dropped', reference: expect.any(String) });
      expect(await count('businesses')).toBe(before);
      expect(await count('submission_queue')).toBe(0);
      expect(await storedDataVersion(store)).toBe(version);
      expect(await count('submission_attempts')).toBe(1);
    });

    it('writes nothing and counts nothing for an invalid submission', async () => {
      const outcome = await submitBusiness(store, { ...VALID, city: '' }, context());
      expect(outcome).toMatchObject({ outcome: 'invalid', errors: { city: 'Enter the city' } });
      expect(await count('submission_attempts')).toBe(0);
      expect(await count('submission_queue')).toBe(0);
    });

    it('forgets addresses once they leave the window', async () => {
      await submitBusiness(store, VALID, context('198.51.100.1'));
      clock += SUBMISSION_LIMIT.windowMs + 1;
      await submitBusiness(store, VALID, context('198.51.100.2'));
      expect(await column('SELECT ip_key FROM submission_attempts')).toEqual(['198.51.100.2']);
    });

    it('gives up after a short wait when another connection holds the write lock, writing nothing', async () => {
      // SQLite waits SUBMISSION_LOCK_WAIT_MS (blocking the event loop); PostgreSQL, where another
      // submission under way holds the lock, POSTGRES_LOCK_WAIT_MS (blocking nothing else).
      const wait = dialect === 'sqlite' ? SUBMISSION_LOCK_WAIT_MS : POSTGRES_LOCK_WAIT_MS;
      const release = await holdSubmissionWriteLock(store);
      try {
        const started = performance.now();
        const outcome = await submitBusiness(store, VALID, context());
        const waited = performance.now() - started;
        expect(outcome).toMatchObject({
          outcome: 'busy',
          retryAfterSeconds: 5,
          values: { name: VALID.name },
        });
        expect(waited).toBeGreaterThanOrEqual(wait * 0.8);
        expect(waited).toBeLessThan(wait + 1_750);
        expect((await submitBusiness(store, { fax: 'robot' }, context())).outcome).toBe('busy');
      } finally {
        await release();
      }
      // The connection's own wait is back to the usual 5 s (SQLite's; PostgreSQL's lock wait was the
      // transaction's own, SET LOCAL).
      if (store.dialect === 'sqlite')
        expect(store.sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
      expect(await count('submission_attempts')).toBe(0);
      expect((await submitBusiness(store, VALID, context())).outcome).toBe('held');
    }, 20_000);

    it('removes NUL and control characters with a warning naming the field, for the moderator too', async () => {
      const outcome = await submitBusiness(
        store,
        {
          ...VALID,
          name: 'Café\u0000 Lumière\u001B',
          address: '5 Rue\tOberkampf',
          city: 'Paris\u0085\u0090',
        },
        context(),
      );
      if (outcome.outcome !== 'held') throw new Error(outcome.outcome);
      expect(outcome.warnings).toEqual([
        { field: 'name', message: '2 control characters (U+0000, U+001B) removed from name' },
        { field: 'city', message: '1 control character (U+0090) removed from city' },
      ]);
      const [queued] = await column('SELECT business_row FROM submission_queue');
      expect(JSON.parse(String(queued))).toMatchObject({
        name: 'Café Lumière',
        address: '5 Rue Oberkampf',
        city: 'Paris',
      });
      expect(await column('SELECT detail FROM activity_log')).toEqual([
        'New listing awaiting review: Café Lumière (Paris, France); 2 control characters (U+0000, U+001B) removed from name; 1 control character (U+0090) removed from city',
      ]);
    });

    it('logs the submission for the admin’s Recent Activity', async () => {
      await submitBusiness(store, VALID, context());
      expect(await rowsIn(store, 'SELECT kind, actor, detail FROM activity_log')).toEqual([
        {
          kind: 'submission',
          actor: 'public form',
          detail: 'New listing awaiting review: Café Lumière (Paris, France)',
        },
      ]);
    });
  });
});
