import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sqlite } from '../../../db/connection.ts';
import { idsWithWords as ftsSearchIds } from '../../../db/search/search-reads.ts';
import { readDataVersion, refreshAggregates } from '../../../db/stats-repository.ts';
import { createTempDatabase, type TempDatabase } from '../../../db/testing/temp-database.ts';
import { seedBusinesses } from '../../http/admin-data/testing/seed.ts';
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

let database: TempDatabase;
let sqlite: Sqlite;
let references: number;
let address = 0;

function context(reference?: string): SubmissionContext {
  return {
    ip: `198.51.100.${++address % 250}`,
    newReference: () => reference ?? `3f9a2c1e-0000-4000-8000-${String(++references).padStart(12, '0')}`,
  };
}

/** Submits and returns the queue id. */
async function hold(values: Record<string, string> = {}, reference?: string): Promise<number> {
  const outcome = await submitBusiness(database.store, { ...VALID, ...values }, context(reference));
  if (outcome.outcome !== 'held') throw new Error(outcome.outcome);
  return outcome.id;
}

function aggregates(): unknown {
  const all = (sql: string) => sqlite.prepare(sql).all();
  return {
    cities: all('SELECT * FROM city_stats ORDER BY city_key'),
    categories: all('SELECT * FROM category_stats ORDER BY category'),
    countries: all('SELECT * FROM country_stats ORDER BY country'),
    site: all(`SELECT * FROM site_stats WHERE key <> 'data_version' ORDER BY key`),
  };
}

const activity = () =>
  sqlite
    .prepare('SELECT kind, actor, detail FROM activity_log WHERE kind <> ? ORDER BY id')
    .all('submission');

beforeEach(async () => {
  database = await createTempDatabase('moderate-submissions-');
  sqlite = database.sqlite;
  seedBusinesses(sqlite, 30);
  references = 0;
});

afterEach(async () => {
  await database.dispose();
});

describe('listHeldSubmissions', () => {
  it('lists what was sent, newest first, paged, with the owner’s e-mail, the time and the page', async () => {
    const first = await hold({ name: 'First Shop', fromPage: '/about' });
    const second = await hold({ name: 'Second Shop' });
    const third = await hold({ name: 'Third Shop' });
    expect(await countHeldSubmissions(database.store)).toBe(3);
    const page = await listHeldSubmissions(database.store, { limit: 2, offset: 0 });
    expect(page.totalCount).toBe(3);
    expect(page.totalPages).toBe(2);
    expect(page.submissions.map((s) => s.id)).toEqual([third, second]);
    const last = (await listHeldSubmissions(database.store, { limit: 2, offset: 2 })).submissions;
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
    const version = readDataVersion(sqlite);
    const published = [];
    for (const id of ids)
      published.push(await approveSubmission(database.store, id, { ...ADMIN, verified: false }));
    expect(readDataVersion(sqlite)).toBe(version + ids.length);
    const incremental = aggregates();
    refreshAggregates(sqlite);
    expect(incremental).toEqual(aggregates());
    expect(ftsSearchIds(sqlite, 'quokka', 10).sort()).toEqual(published.map((b) => b?.id).sort());
    expect(await countHeldSubmissions(database.store)).toBe(0);
  });

  it('writes the importer’s columns, a slug from the uuid (never “-submiss”), unverified unless asked', async () => {
    const id = await hold();
    const business = await approveSubmission(database.store, id, { ...ADMIN, verified: false });
    expect(business).toEqual({
      id: expect.any(Number),
      slug: 'cafe-lumiere-3f9a2c1',
      name: 'Café Lumière',
      isVerified: false,
    });
    const row = sqlite.prepare('SELECT * FROM businesses WHERE id = ?').get(business?.id);
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
    expect(sqlite.prepare('SELECT owner_email FROM business_submissions').pluck().all()).toEqual([
      'owner@example.fr',
    ]);

    const verified = await approveSubmission(database.store, await hold({ name: 'Verified Shop' }), {
      ...ADMIN,
      verified: true,
    });
    expect(verified?.isVerified).toBe(true);
    expect(sqlite.prepare('SELECT is_verified FROM businesses WHERE id = ?').pluck().get(verified?.id)).toBe(
      1,
    );
    expect(activity()).toEqual([
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
      slugs.push(
        (await approveSubmission(database.store, await hold({}), { ...ADMIN, verified: false }))?.slug,
      );
    expect(slugs).toEqual(['cafe-lumiere-3f9a2c1', 'cafe-lumiere-3f9a2c1e', 'cafe-lumiere-3f9a2c1e0']);
  });

  it('answers undefined for a submission already approved or rejected, and changes nothing', async () => {
    const id = await hold();
    expect(await approveSubmission(database.store, id, { ...ADMIN, verified: false })).toBeDefined();
    const businesses = sqlite.prepare('SELECT COUNT(*) FROM businesses').pluck().get();
    expect(await approveSubmission(database.store, id, { ...ADMIN, verified: true })).toBeUndefined();
    expect(await rejectSubmission(database.store, id, { ...ADMIN, reason: 'late' })).toBeUndefined();
    expect(await approveSubmission(database.store, 9999, { ...ADMIN, verified: true })).toBeUndefined();
    expect(sqlite.prepare('SELECT COUNT(*) FROM businesses').pluck().get()).toBe(businesses);
  });

  it('refuses to publish a second copy of a place id already public', async () => {
    const first = await hold({}, '11111111-2222-4333-8444-555555555555');
    await approveSubmission(database.store, first, { ...ADMIN, verified: false });
    // The same reference queued again (as a restored backup or a re-import could leave it).
    sqlite
      .prepare(
        `INSERT INTO submission_queue (place_id, business_row, owner_email, submitted_at)
         SELECT place_id, ?, 'x@example.com', '2026-01-01T00:00:00.000Z' FROM businesses WHERE place_id LIKE 'submission:%'`,
      )
      .run(JSON.stringify({ name: 'Again' }));
    const again = sqlite.prepare('SELECT MAX(id) FROM submission_queue').pluck().get() as number;
    await expect(approveSubmission(database.store, again, { ...ADMIN, verified: false })).rejects.toThrow(
      AlreadyPublished,
    );
    expect(await countHeldSubmissions(database.store)).toBe(1);
  });

  it('waits only briefly for a write lock held elsewhere, then throws ModerationBusy having written nothing', async () => {
    const id = await hold();
    const other = new BetterSqlite3(database.path);
    other.exec('BEGIN IMMEDIATE');
    try {
      await expect(approveSubmission(database.store, id, { ...ADMIN, verified: false })).rejects.toThrow(
        ModerationBusy,
      );
      await expect(rejectSubmission(database.store, id, { ...ADMIN, reason: 'spam' })).rejects.toThrow(
        ModerationBusy,
      );
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect(await countHeldSubmissions(database.store)).toBe(1);
  });
});

describe('rejectSubmission', () => {
  it('removes the submission and keeps the reason, on one line, in the activity log', async () => {
    const id = await hold();
    const keep = await hold({ name: 'Kept Shop' });
    const version = readDataVersion(sqlite);
    expect(
      await rejectSubmission(database.store, id, { ...ADMIN, reason: '  Not a real business:\nspam  ' }),
    ).toEqual({
      name: 'Café Lumière',
    });
    expect(
      (await listHeldSubmissions(database.store, { limit: 10, offset: 0 })).submissions.map((s) => s.id),
    ).toEqual([keep]);
    expect(sqlite.prepare('SELECT COUNT(*) FROM businesses WHERE name = ?').pluck().get('Café Lumière')).toBe(
      0,
    );
    expect(readDataVersion(sqlite)).toBe(version);
    expect(activity()).toEqual([
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
      await expect(rejectSubmission(database.store, id, { ...ADMIN, reason })).rejects.toThrow(InvalidReason);
    }
    expect(await countHeldSubmissions(database.store)).toBe(1);
    expect(await rejectSubmission(database.store, id, { ...ADMIN, reason: 'x'.repeat(500) })).toBeDefined();
  });
});

describe('on a database that never had counts', () => {
  it('computes them from scratch when the first submission is approved', async () => {
    const empty = await createTempDatabase('moderate-empty-');
    try {
      const outcome = await submitBusiness(empty.store, VALID, context());
      if (outcome.outcome !== 'held') throw new Error(outcome.outcome);
      expect(
        empty.sqlite.prepare(`SELECT value FROM site_stats WHERE key = 'total_businesses'`).pluck().get(),
      ).toBeUndefined();
      await approveSubmission(empty.store, outcome.id, { ...ADMIN, verified: true });
      const total = empty.sqlite
        .prepare(`SELECT key, value FROM site_stats WHERE key LIKE '%businesses'`)
        .all();
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
