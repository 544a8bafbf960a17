// Moderating held submissions on a real database — a SQLite file and a PostgreSQL database, each
// test on both: the queue's list, approval (search index, counts, data version, slug), rejection with
// its reason, and the bounded wait for a lock held elsewhere. Each dialect's database is made once
// and given the same 30 generated businesses, and no submissions, before each test.
import { beforeEach, describe, expect, it } from 'vitest';
import { refreshAggregatesIn } from '../../../db/aggregates.ts';
import type { Store } from '../../../db/store/store.ts';
import { fixtureRowToBusiness } from '../../../fixtures/generator/database-rows.ts';
import { generateRows } from '../../../fixtures/generator/rows.ts';
import { replaceBusinesses } from '../../http/admin-data/testing/replace-businesses.ts';
import { searchText } from '../search/search.ts';
import { settledDataVersion } from '../testing/settled-data-version.ts';
import { countIn, execIn, rowsIn, storedDataVersion } from '../testing/sql-in.ts';
import { createTestStore, DIALECTS } from '../testing/test-store.ts';
import { testStoresForFile } from '../testing/test-stores-for-file.ts';
import {
  AlreadyPublished,
  approveSubmission,
  countHeldSubmissions,
  InvalidReason,
  listHeldSubmissions,
  ModerationBusy,
  rejectSubmission,
} from './moderate-submissions.ts';
import { type SubmissionContext, submitBusiness } from './submit-business.ts';
import { holdModerationLock } from './testing/held-moderation-lock.ts';

const VALID = {
  name: 'Café Lumière',
  category: 'Coffee shop',
  address: '5 Rue Oberkampf',
  city: 'Paris',
  postalCode: '75011',
  country: 'France',
  phone: '01 43 55 00 00',
  website: 'cafe-lumiere.example.fr',
  ownerEmail: 'owner@example.fr',
  hoursMonday: '8:00-18:00',
  hoursSunday: 'Closed',
};
const ADMIN = { actor: 'admin:alice' };
/** The 30 generated businesses each test starts from (as seedBusinesses writes them). */
const BUSINESSES = [...generateRows({ count: 30, seed: 5 })].map((row, index) =>
  fixtureRowToBusiness(row, index, '2026-01-01T00:00:00.000Z'),
);

let references: number;
let address = 0;

function context(reference?: string): SubmissionContext {
  return {
    ip: `198.51.100.${++address % 250}`,
    newReference: () => reference ?? `3f9a2c1e-0000-4000-8000-${String(++references).padStart(12, '0')}`,
  };
}

/** Each dialect's database, made once for the file. */
const opened = testStoresForFile();

describe.each(DIALECTS)('on %s', (dialect) => {
  let store: Store;
  beforeEach(async () => {
    store = opened[dialect].store;
    // As a new database would be: the businesses (their submissions' records go with them), and no
    // submission held, attempted or logged.
    await execIn(store, 'DELETE FROM submission_queue');
    await execIn(store, 'DELETE FROM submission_attempts');
    await execIn(store, 'DELETE FROM activity_log');
    await replaceBusinesses(store, BUSINESSES);
    references = 0;
  });

  /** Submits and returns the queue id. */
  async function hold(values: Record<string, string> = {}, reference?: string): Promise<number> {
    const outcome = await submitBusiness(store, { ...VALID, ...values }, context(reference));
    if (outcome.outcome !== 'held') throw new Error(outcome.outcome);
    return outcome.id;
  }

  async function aggregates(): Promise<unknown> {
    const all = (sql: string) => rowsIn(store, sql);
    return {
      cities: await all('SELECT * FROM city_stats ORDER BY city_key'),
      categories: await all('SELECT * FROM category_stats ORDER BY category'),
      countries: await all('SELECT * FROM country_stats ORDER BY country'),
      site: await all(`SELECT * FROM site_stats WHERE key <> 'data_version' ORDER BY key`),
    };
  }

  const activity = () =>
    rowsIn(store, 'SELECT kind, actor, detail FROM activity_log WHERE kind <> ? ORDER BY id', ['submission']);
  const businessCount = () => countIn(store, 'businesses');

  describe('listHeldSubmissions', () => {
    it('lists what was sent, newest first, paged, with the owner’s e-mail, the time and the page', async () => {
      const first = await hold({ name: 'First Shop', fromPage: '/about' });
      const second = await hold({ name: 'Second Shop' });
      const third = await hold({ name: 'Third Shop' });
      expect(await countHeldSubmissions(store)).toBe(3);
      const page = await listHeldSubmissions(store, { limit: 2, offset: 0 });
      expect(page.totalCount).toBe(3);
      expect(page.totalPages).toBe(2);
      expect(page.submissions.map((s) => s.id)).toEqual([third, second]);
      const last = (await listHeldSubmissions(store, { limit: 2, offset: 2 })).submissions;
      expect(last).toEqual([
        {
          id: first,
          reference: '3f9a2c1e-0000-4000-8000-000000000001',
          submittedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          sourcePage: '/about',
          ownerEmail: 'owner@example.fr',
          listing: {
            name: 'First Shop',
            category: 'Coffee shop',
            address: '5 Rue Oberkampf',
            city: 'Paris',
            state: '',
            zipCode: '75011',
            country: 'France',
            countryCode: 'FR',
            phone: '01 43 55 00 00',
            phoneInternational: '+33143550000',
            website: 'https://cafe-lumiere.example.fr',
            timeZone: 'Europe/Paris',
            openingHours: expect.objectContaining({ Monday: expect.any(String), Sunday: 'Closed' }),
          },
        },
      ]);
    });
  });

  describe('approveSubmission', () => {
    it('publishes the row: search index, counts equal to a full refresh, the data version moves', async () => {
      const ids: number[] = [];
      for (const [i, city] of ['Paris', 'paris', 'Chicago', 'Nowhere Town'].entries())
        ids.push(
          await hold({
            name: `Quokka Shop ${i}`,
            city,
            category: i % 2 ? 'Coffee shop' : 'Brand New Category',
          }),
        );
      const version = await storedDataVersion(store);
      const published = [];
      for (const id of ids) published.push(await approveSubmission(store, id, { ...ADMIN, verified: false }));
      expect(await storedDataVersion(store)).toBe(version + ids.length);
      const incremental = await aggregates();
      await store.transaction((tx) => refreshAggregatesIn(tx));
      expect(incremental).toEqual(await aggregates());
      // The public search finds them (its plans are cached by data version: on PostgreSQL, once announced).
      await settledDataVersion(store);
      const found = await searchText(store, 'quokka', { offset: 0, limit: 10 });
      expect([...found.ids].sort()).toEqual(published.map((b) => b?.id).sort());
      expect(await countHeldSubmissions(store)).toBe(0);
    });

    it('writes the importer’s columns, a slug from the uuid (never “-submiss”), unverified unless asked', async () => {
      const id = await hold();
      const business = await approveSubmission(store, id, { ...ADMIN, verified: false });
      expect(business).toEqual({
        id: expect.any(Number),
        slug: 'cafe-lumiere-3f9a2c1',
        name: 'Café Lumière',
        isVerified: false,
      });
      const [row] = await rowsIn(store, 'SELECT * FROM businesses WHERE id = ?', [business?.id]);
      expect(row).toMatchObject({
        place_id: 'submission:3f9a2c1e-0000-4000-8000-000000000001',
        slug: 'cafe-lumiere-3f9a2c1',
        category_group: 'Restaurants',
        city_key: 'paris',
        country_code: 'FR',
        phone_international: '+33143550000',
        time_zone: 'Europe/Paris',
        is_verified: 0,
        photos: '[]',
        rating: 0,
      });
      // Who sent it stays on record beside the published business, not in its public columns.
      expect(await rowsIn(store, 'SELECT owner_email FROM business_submissions')).toEqual([
        { owner_email: 'owner@example.fr' },
      ]);

      const verified = await approveSubmission(store, await hold({ name: 'Verified Shop' }), {
        ...ADMIN,
        verified: true,
      });
      expect(verified?.isVerified).toBe(true);
      expect(await rowsIn(store, 'SELECT is_verified FROM businesses WHERE id = ?', [verified?.id])).toEqual([
        { is_verified: 1 },
      ]);
      expect(await activity()).toEqual([
        {
          kind: 'approve',
          actor: 'admin:alice',
          detail:
            'Published the submitted listing "Café Lumière" (Paris, France) at /details/cafe-lumiere-3f9a2c1, not verified',
        },
        {
          kind: 'approve',
          actor: 'admin:alice',
          detail: `Published the submitted listing "Verified Shop" (Paris, France) at /details/${verified?.slug}, marked Verified`,
        },
      ]);
    });

    it('gives the same name a different slug every time, taking more of the uuid as the importer does', async () => {
      // References sharing their first 7 characters.
      const slugs = [];
      for (let i = 0; i < 3; i++)
        slugs.push((await approveSubmission(store, await hold({}), { ...ADMIN, verified: false }))?.slug);
      expect(slugs).toEqual(['cafe-lumiere-3f9a2c1', 'cafe-lumiere-3f9a2c1e', 'cafe-lumiere-3f9a2c1e0']);
    });

    it('answers undefined for a submission already approved or rejected, and changes nothing', async () => {
      const id = await hold();
      expect(await approveSubmission(store, id, { ...ADMIN, verified: false })).toBeDefined();
      const businesses = await businessCount();
      expect(await approveSubmission(store, id, { ...ADMIN, verified: true })).toBeUndefined();
      expect(await rejectSubmission(store, id, { ...ADMIN, reason: 'late' })).toBeUndefined();
      expect(await approveSubmission(store, 9999, { ...ADMIN, verified: true })).toBeUndefined();
      expect(await businessCount()).toBe(businesses);
    });

    it('refuses to publish a second copy of a place id already public', async () => {
      const first = await hold({}, '11111111-2222-4333-8444-555555555555');
      await approveSubmission(store, first, { ...ADMIN, verified: false });
      // The same reference queued again (as a restored backup or a re-import could leave it).
      await execIn(
        store,
        `INSERT INTO submission_queue (place_id, business_row, owner_email, submitted_at)
         SELECT place_id, ?, 'x@example.com', '2026-01-01T00:00:00.000Z' FROM businesses WHERE place_id LIKE 'submission:%'`,
        [JSON.stringify({ name: 'Again' })],
      );
      const [{ again }] = (await rowsIn<{ again: number }>(
        store,
        'SELECT MAX(id) AS again FROM submission_queue',
      )) as [{ again: number }];
      await expect(approveSubmission(store, again, { ...ADMIN, verified: false })).rejects.toThrow(
        AlreadyPublished,
      );
      expect(await countHeldSubmissions(store)).toBe(1);
    });

    it('waits only briefly for a write lock held elsewhere, then throws ModerationBusy having written nothing', async () => {
      const id = await hold();
      // SQLite waits MODERATION_LOCK_WAIT_MS; PostgreSQL POSTGRES_LOCK_WAIT_MS (db/bounded-write.ts).
      const release = await holdModerationLock(store, id);
      try {
        await expect(approveSubmission(store, id, { ...ADMIN, verified: false })).rejects.toThrow(
          ModerationBusy,
        );
        await expect(rejectSubmission(store, id, { ...ADMIN, reason: 'spam' })).rejects.toThrow(
          ModerationBusy,
        );
      } finally {
        await release();
      }
      expect(await countHeldSubmissions(store)).toBe(1);
    }, 20_000);
  });

  describe('rejectSubmission', () => {
    it('removes the submission and keeps the reason, on one line, in the activity log', async () => {
      const id = await hold();
      const keep = await hold({ name: 'Kept Shop' });
      const version = await storedDataVersion(store);
      expect(
        await rejectSubmission(store, id, { ...ADMIN, reason: '  Not a real business:\nspam  ' }),
      ).toEqual({
        name: 'Café Lumière',
      });
      expect(
        (await listHeldSubmissions(store, { limit: 10, offset: 0 })).submissions.map((s) => s.id),
      ).toEqual([keep]);
      expect(await rowsIn(store, 'SELECT id FROM businesses WHERE name = ?', ['Café Lumière'])).toEqual([]);
      expect(await storedDataVersion(store)).toBe(version);
      expect(await activity()).toEqual([
        {
          kind: 'reject',
          actor: 'admin:alice',
          detail: 'Rejected the submitted listing "Café Lumière" (Paris, France): Not a real business: spam',
        },
      ]);
    });

    it('requires a reason as text, of at most 500 characters', async () => {
      const id = await hold();
      for (const reason of [undefined, '', '   ', 42, 'x'.repeat(501)]) {
        await expect(rejectSubmission(store, id, { ...ADMIN, reason })).rejects.toThrow(InvalidReason);
      }
      expect(await countHeldSubmissions(store)).toBe(1);
      expect(await rejectSubmission(store, id, { ...ADMIN, reason: 'x'.repeat(500) })).toBeDefined();
    });
  });
});

describe.each(DIALECTS)('on a %s database that never had counts', (dialect) => {
  it('computes them from scratch when the first submission is approved', async () => {
    const empty = await createTestStore(dialect);
    try {
      const outcome = await submitBusiness(empty.store, VALID, context());
      if (outcome.outcome !== 'held') throw new Error(outcome.outcome);
      expect(
        await rowsIn(empty.store, `SELECT value FROM site_stats WHERE key = 'total_businesses'`),
      ).toEqual([]);
      await approveSubmission(empty.store, outcome.id, { ...ADMIN, verified: true });
      const total = await rowsIn(
        empty.store,
        `SELECT key, value FROM site_stats WHERE key LIKE '%businesses'`,
      );
      expect(total).toEqual(
        expect.arrayContaining([
          { key: 'total_businesses', value: 1 },
          { key: 'verified_businesses', value: 1 },
        ]),
      );
    } finally {
      await empty.dispose();
    }
  });
});
