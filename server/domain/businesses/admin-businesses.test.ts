// The admin business management on a real database — a SQLite file and a PostgreSQL database, each
// test on both: the list's filters and sorts as the panel sends them, its phone and place-id search,
// and edits, deletions and bulk actions that reach every public read at once. Each dialect's database
// is made once and given the businesses a test starts from before it (replaceBusinesses), its
// activity log emptied; the sorted lists read 300 generated businesses, the same on both.
import { beforeEach, describe, expect, it } from 'vitest';
import { listRecentActivity } from '../../../db/activity-repository.ts';
import { refreshAggregatesIn } from '../../../db/aggregates.ts';
import { POSTGRES_LOCK_WAIT_MS } from '../../../db/bounded-write.ts';
import { readSiteCountsIn } from '../../../db/stats-repository.ts';
import type { Store } from '../../../db/store/store.ts';
import type { BusinessRecord } from '../../../fixtures/generator/database-rows.ts';
import { ADMIN_SORT_COLUMNS, type AdminSortColumn, MAX_BULK_IDS } from '../../contract/admin-businesses.ts';
import { replaceBusinesses } from '../../http/admin-data/testing/replace-businesses.ts';
import { expectSearchIndexIntact } from '../testing/search-index-check.ts';
import { seededStoresForTests } from '../testing/seeded-stores.ts';
import { settledDataVersion } from '../testing/settled-data-version.ts';
import { execIn, rowsIn, storedDataVersion } from '../testing/sql-in.ts';
import { DIALECTS } from '../testing/test-store.ts';
import { testStoresForFile } from '../testing/test-stores-for-file.ts';
import {
  type AdminBusinessQuery,
  BusinessWriteBusy,
  bulkBusinessAction,
  deleteBusiness,
  editBusiness,
  getBusinessForAdmin,
  InvalidBulkRequest,
  InvalidBusinessChange,
  listBusinessesForAdmin,
  parseBulkRequest,
} from './admin-businesses.ts';
import { phoneCandidates } from './admin-identifier-search.ts';
import { browseBusinesses, businessesInCity, getBusinessBySlug } from './business-queries.ts';
import { businessRecord } from './testing/business-records.ts';
import { holdBusinessWriteLock } from './testing/held-business-lock.ts';

/** Each dialect's database for the tests that write, made once for the file. */
const opened = testStoresForFile();
/** 300 generated businesses on each dialect, the same ids and values, for the sorted lists. */
const generated = seededStoresForTests({ businesses: 300 });

const OPTIONS = { actor: 'admin:alice', siteUrl: 'https://directory.test' };
const page = { limit: 50, offset: 0 };

/** Eight businesses: two countries, three categories in two groups, both statuses. */
const DIRECTORY: readonly BusinessRecord[] = [
  businessRecord(1, { name: 'Smile Dental', category: 'Dentist', is_verified: 1 }),
  businessRecord(2, { name: 'Bright Teeth', category: 'Dentist', is_verified: 0 }),
  businessRecord(3, { name: 'Casa Taco', category: 'Mexican restaurant', is_verified: 1 }),
  businessRecord(4, { name: 'El Burrito', category: 'Mexican restaurant', is_verified: 0 }),
  businessRecord(5, {
    name: 'Leeds Dental Care',
    category: 'Dentist',
    city: 'Leeds',
    country: 'United Kingdom',
  }),
  businessRecord(6, {
    name: 'Thames Tacos',
    category: 'Mexican restaurant',
    city: 'London',
    country: 'United Kingdom',
    is_verified: 0,
  }),
  businessRecord(7, { name: 'Family Clinic', category: 'Medical clinic', is_verified: 0 }),
  businessRecord(8, {
    name: 'Leeds Clinic',
    category: 'Medical clinic',
    city: 'Leeds',
    country: 'United Kingdom',
  }),
];

describe.each(DIALECTS)('on %s', (dialect) => {
  /** The database of this dialect, its activity log emptied before each test (each test gives it
   *  the businesses it starts from). */
  let store: Store;
  beforeEach(async () => {
    store = opened[dialect].store;
    await execIn(store, 'DELETE FROM activity_log');
  });

  /** Gives the database the eight businesses; their ids, 1 to 8. */
  async function seedDirectory(): Promise<number[]> {
    await replaceBusinesses(store, DIRECTORY);
    return DIRECTORY.map((_, index) => index + 1);
  }

  const ids = async (query: Parameters<typeof listBusinessesForAdmin>[1]) =>
    (await listBusinessesForAdmin(store, query)).businesses.map((b) => b.id);
  const dataVersion = () => storedDataVersion(store);
  const siteCounts = () => readSiteCountsIn(store);
  /** The counts as the writes kept them, and as a full recount makes them. */
  const counted = async () => {
    const incremental = await siteCounts();
    await store.transaction((tx) => refreshAggregatesIn(tx));
    return { incremental, recounted: await siteCounts() };
  };

  describe('listBusinessesForAdmin', () => {
    beforeEach(async () => {
      await seedDirectory();
    });

    it('lists newest first with Business objects and the paging arithmetic', async () => {
      const all = await listBusinessesForAdmin(store, { limit: 3, offset: 0 });
      expect(all.totalCount).toBe(8);
      expect(all.totalPages).toBe(3);
      expect(all.businesses.map((b) => b.id)).toEqual([8, 7, 6]);
      expect(all.businesses[0]).toMatchObject({
        name: 'Leeds Clinic',
        slug: 'business-8-chijtes',
        isVerified: true,
      });
      expect(await ids({ limit: 3, offset: 6 })).toEqual([2, 1]);
      expect(await ids({ limit: 3, offset: 9 })).toEqual([]);
    });

    it('filters by status, on the server', async () => {
      const pending = await listBusinessesForAdmin(store, { ...page, status: 'pending' });
      expect(pending.businesses.map((b) => b.id)).toEqual([7, 6, 4, 2]);
      expect(pending.totalCount).toBe(4);
      expect(pending.businesses.every((b) => !b.isVerified)).toBe(true);
      expect(await ids({ ...page, status: 'verified' })).toEqual([8, 5, 3, 1]);
    });

    it('filters by a category name, a group name or slug, and by exact country name', async () => {
      expect(await ids({ ...page, category: 'Dentist' })).toEqual([5, 2, 1]);
      expect(await ids({ ...page, category: 'dentist' })).toEqual([5, 2, 1]);
      expect(await ids({ ...page, category: 'Healthcare' })).toEqual([8, 7, 5, 2, 1]);
      expect(await ids({ ...page, category: 'restaurants' })).toEqual([6, 4, 3]);
      expect(await ids({ ...page, country: 'United Kingdom' })).toEqual([8, 6, 5]);
      expect(await ids({ ...page, country: 'united kingdom' })).toEqual([]);
      expect(await listBusinessesForAdmin(store, { ...page, category: 'Spaceport' })).toEqual({
        businesses: [],
        totalCount: 0,
        totalPages: 0,
      });
    });

    it('combines every filter', async () => {
      const combined = await listBusinessesForAdmin(store, {
        ...page,
        search: 'leeds',
        category: 'healthcare',
        country: 'United Kingdom',
        status: 'verified',
      });
      expect(new Set(combined.businesses.map((b) => b.id))).toEqual(new Set([5, 8]));
      expect(combined.totalCount).toBe(2);
      expect(
        await ids({ ...page, category: 'Mexican restaurant', status: 'pending', country: 'United States' }),
      ).toEqual([4]);
      expect(
        await ids({ ...page, category: 'Dentist', status: 'pending', country: 'United Kingdom' }),
      ).toEqual([]);
      expect(await ids({ ...page, category: 'Mexican restaurant', status: 'pending' })).toEqual([6, 4]);
      expect(await ids({ ...page, search: 'taco', status: 'pending' })).toEqual([6]);
    });

    it('searches the text with the best match first', async () => {
      const found = await listBusinessesForAdmin(store, { ...page, search: 'dental' });
      // The public search's rules: "dental" is a word form of dentist, so every Dentist matches.
      expect(found.totalCount).toBe(3);
      expect(new Set(found.businesses.map((b) => b.name))).toEqual(
        new Set(['Smile Dental', 'Leeds Dental Care', 'Bright Teeth']),
      );
      expect(await ids({ ...page, search: 'dentsit' })).toHaveLength(3);
      expect(await ids({ ...page, search: 'clinic leeds' })).toEqual([8]);
    });
  });

  describe('editBusiness', () => {
    it('changes the public answers at once: the data version goes up, the slug stays', async () => {
      const [id] = await seedDirectory();
      const before = (await getBusinessBySlug(store, 'business-1-chijtes'))!;
      const version = await dataVersion();
      const edited = await editBusiness(
        store,
        id!,
        { name: 'Smile Dental Studio', city: 'Evanston', rating: 4.9 },
        { ...OPTIONS, now: () => new Date('2026-05-01T12:00:00Z') },
      );
      expect(edited).toMatchObject({
        id,
        slug: before.slug,
        name: 'Smile Dental Studio',
        city: 'Evanston',
        rating: 4.9,
        updatedAt: '2026-05-01T12:00:00.000Z',
        createdAt: before.createdAt,
      });
      expect(await dataVersion()).toBeGreaterThan(version);
      // The public search's plans are cached by data version (on PostgreSQL, once announced).
      await settledDataVersion(store);
      expect(await getBusinessBySlug(store, before.slug)).toEqual(edited);
      expect((await businessesInCity(store, 'evanston', page)).businesses.map((b) => b.id)).toEqual([id]);
      expect(
        (await browseBusinesses(store, { ...page, search: 'studio' })).businesses.map((b) => b.id),
      ).toEqual([id]);
      expect(await listRecentActivity(store, 5)).toMatchObject([
        { kind: 'edit', actor: 'admin:alice', detail: 'Edited "Smile Dental" (#1): name, city, rating' },
      ]);
    });

    it('verifies a pending business, and says so in the activity log and the statistics', async () => {
      await seedDirectory();
      const verifiedBefore = (await siteCounts()).verifiedBusinesses;
      expect((await editBusiness(store, 2, { isVerified: true }, OPTIONS))?.isVerified).toBe(true);
      expect((await siteCounts()).verifiedBusinesses).toBe(verifiedBefore + 1);
      expect((await listRecentActivity(store, 1))[0]).toMatchObject({
        detail: 'Verified "Bright Teeth" (#2)',
      });
      expect(await ids({ ...page, status: 'pending' })).not.toContain(2);
    });

    it('writes the opening hours so that the hours and the open-now badge follow', async () => {
      await seedDirectory();
      const edited = await editBusiness(
        store,
        3,
        { openingHours: { Monday: '9:00 AM – 5:00 PM', Sunday: 'Closed' } },
        OPTIONS,
      );
      expect(edited?.hours).toEqual({ monday: [{ open: '09:00', close: '17:00' }], sunday: [] });
      expect(edited?.openingHours).toEqual({ Monday: '9:00 AM – 5:00 PM', Sunday: 'Closed' });
    });

    it('writes generated SEO text again from the edited data, and adds none where there was none', async () => {
      await seedDirectory();
      await execIn(
        store,
        `UPDATE businesses SET seo_title = 'Smile Dental in Chicago', about = 'old', seo_description = 'old' WHERE id = 1`,
      );
      const edited = (await editBusiness(store, 1, { name: 'Molar Masters' }, OPTIONS))!;
      expect(edited.seoTitle).toMatch(/Molar Masters/);
      expect(edited.about).toMatch(/Molar Masters/);
      expect(edited.canonicalUrl).toBe('https://directory.test/details/business-1-chijtes');
      expect(await editBusiness(store, 2, { name: 'Molar Minis' }, OPTIONS)).toMatchObject({
        seoTitle: null,
        about: null,
      });
    });

    it('writes nothing for an edit that changes nothing', async () => {
      await seedDirectory();
      const version = await dataVersion();
      const current = (await getBusinessForAdmin(store, 4))!;
      expect(await editBusiness(store, 4, { name: current.name, isVerified: false }, OPTIONS)).toEqual(
        current,
      );
      expect(await dataVersion()).toBe(version);
      expect(await listRecentActivity(store, 5)).toEqual([]);
    });

    it('refuses an invalid edit with the field at fault and writes nothing', async () => {
      await seedDirectory();
      const version = await dataVersion();
      await expect(editBusiness(store, 1, { name: 'Fine', phone: '12' }, OPTIONS)).rejects.toThrow(
        expect.objectContaining({ field: 'phone', code: 'invalid_field' }),
      );
      await expect(editBusiness(store, 1, { slug: 'x' }, OPTIONS)).rejects.toThrow(InvalidBusinessChange);
      expect((await getBusinessForAdmin(store, 1))?.name).toBe('Smile Dental');
      expect(await dataVersion()).toBe(version);
    });

    it('answers undefined for a business that does not exist', async () => {
      await seedDirectory();
      expect(await editBusiness(store, 99, { name: 'X' }, OPTIONS)).toBeUndefined();
    });

    it('gives up after a short wait while another connection holds the write lock', async () => {
      await seedDirectory();
      // SQLite waits EDIT_LOCK_WAIT_MS (it blocks the event loop); PostgreSQL POSTGRES_LOCK_WAIT_MS
      // for the row (it blocks nothing else): two writes give up within twice that, and some slack.
      const limit = dialect === 'sqlite' ? 2_000 : 2 * POSTGRES_LOCK_WAIT_MS + 2_000;
      const release = await holdBusinessWriteLock(store, [1]);
      try {
        const started = performance.now();
        await expect(editBusiness(store, 1, { name: 'Blocked' }, OPTIONS)).rejects.toThrow(BusinessWriteBusy);
        await expect(deleteBusiness(store, 1, OPTIONS)).rejects.toThrow(BusinessWriteBusy);
        expect(performance.now() - started).toBeLessThan(limit);
      } finally {
        await release();
      }
      expect((await editBusiness(store, 1, { name: 'Unblocked' }, OPTIONS))?.name).toBe('Unblocked');
    }, 20_000);
  });

  describe('deleteBusiness', () => {
    it('removes the business from every public read and from the counts', async () => {
      await seedDirectory();
      const version = await dataVersion();
      const countsBefore = await siteCounts();
      expect(await deleteBusiness(store, 6, OPTIONS)).toEqual({ name: 'Thames Tacos' });
      await settledDataVersion(store);
      expect(await getBusinessBySlug(store, 'business-6-chijtes')).toBeUndefined();
      expect((await browseBusinesses(store, { ...page, search: 'thames' })).totalCount).toBe(0);
      expect(await businessesInCity(store, 'London', page)).toEqual({ businesses: [], total: 0 });
      const counts = await siteCounts();
      expect(counts.totalBusinesses).toBe(countsBefore.totalBusinesses - 1);
      expect(counts.totalCities).toBe(countsBefore.totalCities - 1);
      expect(await dataVersion()).toBeGreaterThan(version);
      expect((await listRecentActivity(store, 1))[0]).toMatchObject({
        kind: 'delete',
        actor: 'admin:alice',
        detail: 'Deleted "Thames Tacos" (#6)',
      });
      await expectSearchIndexIntact(store);
      // The incremental counts are what a full recount gives.
      const check = await counted();
      expect(check.recounted).toEqual(check.incremental);
    });

    it('answers undefined for a business that does not exist', async () => {
      await seedDirectory();
      expect(await deleteBusiness(store, 6, OPTIONS)).toBeDefined();
      expect(await deleteBusiness(store, 6, OPTIONS)).toBeUndefined();
    });
  });

  describe('sorted lists', () => {
    /** The orders as the table's column headers promise them, written out independently in SQLite's
     *  SQL and read from the SQLite copy of the generated businesses: PostgreSQL, given the same rows,
     *  must list them in the same order (its text compared bytewise, names folding A–Z only). */
    const REFERENCE: Record<AdminSortColumn, string> = {
      name: 'b.name COLLATE NOCASE, b.id',
      category: 'b.category, b.rank_score DESC, b.id',
      city: 'b.city_key, b.rank_score DESC, b.id',
      rating: 'b.rating, b.review_count, b.id',
      status: 'b.is_verified, b.country, b.category_group, b.category, b.id',
    };
    const reversed = (order: string) =>
      order
        .split(', ')
        .map((term) => (term.endsWith(' DESC') ? term.slice(0, -5) : `${term} DESC`))
        .join(', ');
    const reference = async (text: string, args: unknown[] = []) =>
      (await rowsIn<{ id: number }>(generated.storeOf('sqlite'), text, args)).map((row) => row.id);

    it('gives every page of every sort, both ways, within each filter, as slices of the one full order', async () => {
      // 300 generated businesses: pages of 7 are read by walking the sort's index (from either end)
      // or by sorting the matches, whichever the sizes choose; every way must give the same order.
      const listed = generated.storeOf(dialect);
      const [{ country }] = (await rowsIn<{ country: string }>(
        generated.storeOf('sqlite'),
        'SELECT country FROM country_stats ORDER BY business_count DESC LIMIT 1',
      )) as [{ country: string }];
      const [{ category }] = (await rowsIn<{ category: string }>(
        generated.storeOf('sqlite'),
        'SELECT category FROM category_stats ORDER BY business_count DESC LIMIT 1',
      )) as [{ category: string }];
      const filters: Array<[Omit<AdminBusinessQuery, 'limit' | 'offset'>, string, unknown[]]> = [
        [{}, '1', []],
        [{ status: 'pending' }, 'b.is_verified = 0', []],
        [{ country }, 'b.country = ?', [country]],
        [{ category }, 'b.category = ?', [category]],
        [{ status: 'verified', country }, 'b.is_verified = 1 AND b.country = ?', [country]],
      ];
      for (const column of ADMIN_SORT_COLUMNS) {
        for (const order of ['asc', 'desc'] as const) {
          for (const [query, where, args] of filters) {
            const terms = order === 'asc' ? REFERENCE[column] : reversed(REFERENCE[column]);
            const expected = await reference(
              `SELECT b.id FROM businesses b WHERE ${where} ORDER BY ${terms}`,
              args,
            );
            expect(expected.length).toBeGreaterThan(7);
            const read: number[] = [];
            for (let offset = 0; offset < expected.length; offset += 7) {
              const answer = await listBusinessesForAdmin(listed, {
                ...query,
                limit: 7,
                offset,
                sort: { column, order },
              });
              expect(answer.totalCount).toBe(expected.length);
              read.push(...answer.businesses.map((b) => b.id));
            }
            expect({ column, order, query, read }).toEqual({ column, order, query, read: expected });
          }
        }
      }
    });

    it('sorts a search’s matches, few or many', async () => {
      const listed = generated.storeOf(dialect);
      for (const search of ['restaurant', 'pizza']) {
        const all = await listBusinessesForAdmin(listed, { limit: 100, offset: 0, search });
        expect(all.totalCount).toBeGreaterThan(3);
        const matched = all.businesses.map((b) => b.id);
        for (const column of ADMIN_SORT_COLUMNS) {
          const expected = await reference(
            `SELECT b.id FROM businesses b WHERE b.id IN (SELECT value FROM json_each(?)) ORDER BY ${REFERENCE[column]}`,
            [JSON.stringify(matched)],
          );
          const sorted = await listBusinessesForAdmin(listed, {
            limit: 100,
            offset: 0,
            search,
            sort: { column, order: 'asc' },
          });
          expect(sorted.businesses.map((b) => b.id)).toEqual(expected);
        }
      }
    });
  });

  describe('phone and place-id search', () => {
    it('lists exact matches first, then the text matches without them, paged as one list', async () => {
      await seedDirectory();
      const text = await ids({ ...page, search: 'dental' });
      expect(text).toHaveLength(3);
      // Family Clinic (7) gets a number and, oddly but possibly, the place id "dental".
      await execIn(
        store,
        "UPDATE businesses SET phone_international = '+441132460000', place_id = 'dental' WHERE id = 7",
      );
      const merged = [7, ...text];
      const first = await listBusinessesForAdmin(store, { limit: 2, offset: 0, search: 'dental' });
      expect(first.totalCount).toBe(4);
      expect(first.totalPages).toBe(2);
      expect(first.businesses.map((b) => b.id)).toEqual(merged.slice(0, 2));
      expect(await ids({ limit: 2, offset: 2, search: 'dental' })).toEqual(merged.slice(2));
      expect(await ids({ limit: 3, offset: 1, search: 'dental' })).toEqual(merged.slice(1));
      // A text match that is also an exact match is listed once.
      await execIn(store, "UPDATE businesses SET place_id = 'clinic-7' WHERE id = 7");
      await execIn(store, "UPDATE businesses SET place_id = 'dental' WHERE id = ?", [text[1]]);
      expect(await ids({ ...page, search: 'dental' })).toEqual([text[1], text[0], text[2]]);
      expect(await ids({ ...page, search: '0113 246 0000' })).toEqual([7]);
    });
  });

  describe('bulkBusinessAction', () => {
    it('verifies, unverifies and deletes with counts a full recount agrees with, and one log entry each', async () => {
      await seedDirectory();
      const before = await siteCounts();
      const verified = await bulkBusinessAction(store, { action: 'verify', ids: [2, 4, 7, 1] }, OPTIONS);
      expect(verified).toMatchObject({ changed: 3, unchanged: 1, missingIds: [] });
      expect((await siteCounts()).verifiedBusinesses).toBe(before.verifiedBusinesses + 3);
      let check = await counted();
      expect(check.incremental).toEqual(check.recounted);

      const unverified = await bulkBusinessAction(store, { action: 'unverify', ids: [1, 2, 3] }, OPTIONS);
      expect(unverified).toMatchObject({ changed: 3, unchanged: 0 });
      expect(await ids({ ...page, status: 'pending' })).toEqual([6, 3, 2, 1]);

      const version = await dataVersion();
      const deleted = await bulkBusinessAction(store, { action: 'delete', ids: [6, 8, 42] }, OPTIONS);
      expect(deleted).toMatchObject({ changed: 2, missingIds: [42] });
      expect(await dataVersion()).toBeGreaterThan(version);
      await settledDataVersion(store);
      expect(await businessesInCity(store, 'London', page)).toEqual({ businesses: [], total: 0 });
      expect((await browseBusinesses(store, { ...page, search: 'thames' })).totalCount).toBe(0);
      await expectSearchIndexIntact(store);
      check = await counted();
      expect(check.incremental).toEqual(check.recounted);
      expect((await listRecentActivity(store, 3)).map((entry) => [entry.kind, entry.count])).toEqual([
        ['delete', 2],
        ['edit', 3],
        ['edit', 3],
      ]);
    });

    it('names at most ten businesses in the log entry and counts the rest', async () => {
      const records = Array.from({ length: 12 }, (_, i) => businessRecord(i + 1, { is_verified: 0 }));
      await replaceBusinesses(store, records);
      const created = records.map((_, index) => index + 1);
      await bulkBusinessAction(store, { action: 'verify', ids: created }, OPTIONS);
      const detail = (await listRecentActivity(store, 1))[0]?.detail ?? '';
      expect(detail).toMatch(
        /^Verified 12 businesses: "Business 1" \(#1\), .*"Business 10" \(#10\) and 2 more$/,
      );
    });

    it('gives up while another connection holds the write lock, and changes nothing', async () => {
      await seedDirectory();
      const release = await holdBusinessWriteLock(store, [1, 2]);
      try {
        await expect(bulkBusinessAction(store, { action: 'delete', ids: [1, 2] }, OPTIONS)).rejects.toThrow(
          BusinessWriteBusy,
        );
      } finally {
        await release();
      }
      expect(await ids(page)).toHaveLength(8);
    }, 20_000);
  });
});

describe('phone and place-id search', () => {
  it('reads a phone number typed any way as the E.164 numbers it could be', async () => {
    expect(phoneCandidates('+1 (312) 555-0142')).toEqual(['+13125550142']);
    expect(phoneCandidates('0044 20 7946 0958')).toEqual(['+442079460958']);
    const national = phoneCandidates('(312) 555-0142');
    expect(national).toContain('+13125550142');
    expect(national).toContain('+443125550142');
    const trunk = phoneCandidates('020 7946 0958');
    expect(trunk).toContain('+442079460958');
    expect(trunk).toContain('+4402079460958');
    for (const candidate of [...national, ...trunk]) expect(candidate).toMatch(/^\+\d{6,15}$/);
    for (const text of ['Dental', '60601', '2024', '+1 312 abc', '555-01', '1234567890123456', '+', ''])
      expect(phoneCandidates(text)).toEqual([]);
  });
});

describe('parseBulkRequest', () => {
  it('accepts {action, ids} with the ids once each', async () => {
    expect(parseBulkRequest({ action: 'unverify', ids: [3, 1, 3] })).toEqual({
      action: 'unverify',
      ids: [3, 1],
    });
    expect(
      parseBulkRequest({ action: 'delete', ids: Array.from({ length: 600 }, (_, i) => (i % 500) + 1) }).ids,
    ).toHaveLength(500);
  });

  it.each([
    ['null', null, undefined],
    ['a string', 'verify', undefined],
    ['an extra field', { action: 'verify', ids: [1], extra: 1 }, undefined],
    ['an action in capitals', { action: 'Verify', ids: [1] }, 'action'],
    ['ids as text', { action: 'verify', ids: '1,2' }, 'ids'],
    ['NaN', { action: 'verify', ids: [1, Number.NaN] }, 'ids'],
    ['true', { action: 'verify', ids: [1, true] }, 'ids'],
    [
      'one id too many',
      { action: 'verify', ids: Array.from({ length: MAX_BULK_IDS + 1 }, (_, i) => i + 1) },
      'ids',
    ],
  ])('refuses %s', (_case, body, field) => {
    let error: unknown;
    try {
      parseBulkRequest(body);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InvalidBulkRequest);
    expect((error as InvalidBulkRequest).field).toBe(field);
  });
});
