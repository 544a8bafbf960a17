// The admin business management on a real database: the list's filters and sorts as the panel sends
// them, its phone and place-id search, and edits, deletions and bulk actions that reach every public
// read at once.
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listRecentActivity } from '../../../db/activity-repository.ts';
import { ftsIntegrityCheck } from '../../../db/search/fts-index.ts';
import { readDataVersion, readSiteCounts, refreshAggregates } from '../../../db/stats-repository.ts';
import { createTempDatabase, type TempDatabase } from '../../../db/testing/temp-database.ts';
import { ADMIN_SORT_COLUMNS, type AdminSortColumn, MAX_BULK_IDS } from '../../contract/admin-businesses.ts';
import { seedBusinesses } from '../../http/admin-data/testing/seed.ts';
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
import { businessRecord, insertTestBusinesses } from './testing/business-records.ts';

let database: TempDatabase;
beforeEach(async () => {
  database = await createTempDatabase('admin-businesses-');
});
afterEach(async () => {
  await database.dispose();
});

const OPTIONS = { actor: 'admin:alice', siteUrl: 'https://directory.test' };
const page = { limit: 50, offset: 0 };

/** Eight businesses: two countries, three categories in two groups, both statuses. */
function seedDirectory(): number[] {
  return insertTestBusinesses(database.sqlite, [
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
  ]);
}

const ids = async (query: Parameters<typeof listBusinessesForAdmin>[1]) =>
  (await listBusinessesForAdmin(database.store, query)).businesses.map((b) => b.id);

describe('listBusinessesForAdmin', () => {
  beforeEach(() => {
    seedDirectory();
  });

  it('lists newest first with Business objects and the paging arithmetic', async () => {
    const all = await listBusinessesForAdmin(database.store, { limit: 3, offset: 0 });
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
    const pending = await listBusinessesForAdmin(database.store, { ...page, status: 'pending' });
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
    expect(await listBusinessesForAdmin(database.store, { ...page, category: 'Spaceport' })).toEqual({
      businesses: [],
      totalCount: 0,
      totalPages: 0,
    });
  });

  it('combines every filter', async () => {
    const combined = await listBusinessesForAdmin(database.store, {
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
    expect(await ids({ ...page, category: 'Dentist', status: 'pending', country: 'United Kingdom' })).toEqual(
      [],
    );
    expect(await ids({ ...page, category: 'Mexican restaurant', status: 'pending' })).toEqual([6, 4]);
    expect(await ids({ ...page, search: 'taco', status: 'pending' })).toEqual([6]);
  });

  it('searches the text with the best match first', async () => {
    const found = await listBusinessesForAdmin(database.store, { ...page, search: 'dental' });
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
    const [id] = seedDirectory();
    const before = (await getBusinessBySlug(database.store, 'business-1-chijtes'))!;
    const version = readDataVersion(database.sqlite);
    const edited = await editBusiness(
      database.store,
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
    expect(readDataVersion(database.sqlite)).toBeGreaterThan(version);
    expect(await getBusinessBySlug(database.store, before.slug)).toEqual(edited);
    expect((await businessesInCity(database.store, 'evanston', page)).businesses.map((b) => b.id)).toEqual([
      id,
    ]);
    expect(
      (await browseBusinesses(database.store, { ...page, search: 'studio' })).businesses.map((b) => b.id),
    ).toEqual([id]);
    expect(await listRecentActivity(database.store, 5)).toMatchObject([
      { kind: 'edit', actor: 'admin:alice', detail: 'Edited "Smile Dental" (#1): name, city, rating' },
    ]);
  });

  it('verifies a pending business, and says so in the activity log and the statistics', async () => {
    seedDirectory();
    const verifiedBefore = readSiteCounts(database.sqlite).verifiedBusinesses;
    expect((await editBusiness(database.store, 2, { isVerified: true }, OPTIONS))?.isVerified).toBe(true);
    expect(readSiteCounts(database.sqlite).verifiedBusinesses).toBe(verifiedBefore + 1);
    expect((await listRecentActivity(database.store, 1))[0]).toMatchObject({
      detail: 'Verified "Bright Teeth" (#2)',
    });
    expect(await ids({ ...page, status: 'pending' })).not.toContain(2);
  });

  it('writes the opening hours so that the hours and the open-now badge follow', async () => {
    seedDirectory();
    const edited = await editBusiness(
      database.store,
      3,
      { openingHours: { Monday: '9:00 AM – 5:00 PM', Sunday: 'Closed' } },
      OPTIONS,
    );
    expect(edited?.hours).toEqual({ monday: [{ open: '09:00', close: '17:00' }], sunday: [] });
    expect(edited?.openingHours).toEqual({ Monday: '9:00 AM – 5:00 PM', Sunday: 'Closed' });
  });

  it('writes generated SEO text again from the edited data, and adds none where there was none', async () => {
    seedDirectory();
    database.sqlite
      .prepare(
        `UPDATE businesses SET seo_title = 'Smile Dental in Chicago', about = 'old', seo_description = 'old' WHERE id = 1`,
      )
      .run();
    const edited = (await editBusiness(database.store, 1, { name: 'Molar Masters' }, OPTIONS))!;
    expect(edited.seoTitle).toMatch(/Molar Masters/);
    expect(edited.about).toMatch(/Molar Masters/);
    expect(edited.canonicalUrl).toBe('https://directory.test/details/business-1-chijtes');
    expect(await editBusiness(database.store, 2, { name: 'Molar Minis' }, OPTIONS)).toMatchObject({
      seoTitle: null,
      about: null,
    });
  });

  it('writes nothing for an edit that changes nothing', async () => {
    seedDirectory();
    const version = readDataVersion(database.sqlite);
    const current = (await getBusinessForAdmin(database.store, 4))!;
    expect(await editBusiness(database.store, 4, { name: current.name, isVerified: false }, OPTIONS)).toEqual(
      current,
    );
    expect(readDataVersion(database.sqlite)).toBe(version);
    expect(await listRecentActivity(database.store, 5)).toEqual([]);
  });

  it('refuses an invalid edit with the field at fault and writes nothing', async () => {
    seedDirectory();
    const version = readDataVersion(database.sqlite);
    await expect(editBusiness(database.store, 1, { name: 'Fine', phone: '12' }, OPTIONS)).rejects.toThrow(
      expect.objectContaining({ field: 'phone', code: 'invalid_field' }),
    );
    await expect(editBusiness(database.store, 1, { slug: 'x' }, OPTIONS)).rejects.toThrow(
      InvalidBusinessChange,
    );
    expect((await getBusinessForAdmin(database.store, 1))?.name).toBe('Smile Dental');
    expect(readDataVersion(database.sqlite)).toBe(version);
  });

  it('answers undefined for a business that does not exist', async () => {
    seedDirectory();
    expect(await editBusiness(database.store, 99, { name: 'X' }, OPTIONS)).toBeUndefined();
  });

  it('gives up after a short wait while another connection holds the write lock', async () => {
    seedDirectory();
    const other = new BetterSqlite3(database.path);
    other.exec('BEGIN IMMEDIATE');
    try {
      const started = performance.now();
      await expect(editBusiness(database.store, 1, { name: 'Blocked' }, OPTIONS)).rejects.toThrow(
        BusinessWriteBusy,
      );
      await expect(deleteBusiness(database.store, 1, OPTIONS)).rejects.toThrow(BusinessWriteBusy);
      expect(performance.now() - started).toBeLessThan(2_000);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect((await editBusiness(database.store, 1, { name: 'Unblocked' }, OPTIONS))?.name).toBe('Unblocked');
  });
});

describe('deleteBusiness', () => {
  it('removes the business from every public read and from the counts', async () => {
    seedDirectory();
    const version = readDataVersion(database.sqlite);
    const countsBefore = readSiteCounts(database.sqlite);
    expect(await deleteBusiness(database.store, 6, OPTIONS)).toEqual({ name: 'Thames Tacos' });
    expect(await getBusinessBySlug(database.store, 'business-6-chijtes')).toBeUndefined();
    expect((await browseBusinesses(database.store, { ...page, search: 'thames' })).totalCount).toBe(0);
    expect(await businessesInCity(database.store, 'London', page)).toEqual({ businesses: [], total: 0 });
    const counts = readSiteCounts(database.sqlite);
    expect(counts.totalBusinesses).toBe(countsBefore.totalBusinesses - 1);
    expect(counts.totalCities).toBe(countsBefore.totalCities - 1);
    expect(readDataVersion(database.sqlite)).toBeGreaterThan(version);
    expect((await listRecentActivity(database.store, 1))[0]).toMatchObject({
      kind: 'delete',
      actor: 'admin:alice',
      detail: 'Deleted "Thames Tacos" (#6)',
    });
    ftsIntegrityCheck(database.sqlite);
    // The incremental counts are what a full recount gives.
    const incremental = readSiteCounts(database.sqlite);
    refreshAggregates(database.sqlite);
    expect(readSiteCounts(database.sqlite)).toEqual(incremental);
  });

  it('answers undefined for a business that does not exist', async () => {
    seedDirectory();
    expect(await deleteBusiness(database.store, 6, OPTIONS)).toBeDefined();
    expect(await deleteBusiness(database.store, 6, OPTIONS)).toBeUndefined();
  });
});

describe('sorted lists', () => {
  /** The orders as the table's column headers promise them, written out independently. */
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

  it('gives every page of every sort, both ways, within each filter, as slices of the one full order', async () => {
    // 300 generated businesses: pages of 7 are read by walking the sort's index (from either end)
    // or by sorting the matches, whichever the sizes choose; every way must give the same order.
    seedBusinesses(database.sqlite, 300);
    const sqlite = database.sqlite;
    const country = sqlite
      .prepare('SELECT country FROM country_stats ORDER BY business_count DESC')
      .pluck()
      .get();
    const category = sqlite
      .prepare('SELECT category FROM category_stats ORDER BY business_count DESC')
      .pluck()
      .get() as string;
    const filters: Array<[Omit<AdminBusinessQuery, 'limit' | 'offset'>, string, unknown[]]> = [
      [{}, '1', []],
      [{ status: 'pending' }, 'b.is_verified = 0', []],
      [{ country: country as string }, 'b.country = ?', [country]],
      [{ category }, 'b.category = ?', [category]],
      [{ status: 'verified', country: country as string }, 'b.is_verified = 1 AND b.country = ?', [country]],
    ];
    for (const column of ADMIN_SORT_COLUMNS) {
      for (const order of ['asc', 'desc'] as const) {
        for (const [query, where, args] of filters) {
          const terms = order === 'asc' ? REFERENCE[column] : reversed(REFERENCE[column]);
          const expected = sqlite
            .prepare(`SELECT b.id FROM businesses b WHERE ${where} ORDER BY ${terms}`)
            .pluck()
            .all(...args) as number[];
          expect(expected.length).toBeGreaterThan(7);
          const read: number[] = [];
          for (let offset = 0; offset < expected.length; offset += 7) {
            const answer = await listBusinessesForAdmin(database.store, {
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
    seedBusinesses(database.sqlite, 300);
    const sqlite = database.sqlite;
    for (const search of ['restaurant', 'pizza']) {
      const all = await listBusinessesForAdmin(database.store, { limit: 100, offset: 0, search });
      expect(all.totalCount).toBeGreaterThan(3);
      const matched = all.businesses.map((b) => b.id);
      for (const column of ADMIN_SORT_COLUMNS) {
        const expected = sqlite
          .prepare(
            `SELECT b.id FROM businesses b WHERE b.id IN (SELECT value FROM json_each(?)) ORDER BY ${REFERENCE[column]}`,
          )
          .pluck()
          .all(JSON.stringify(matched));
        const sorted = await listBusinessesForAdmin(database.store, {
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

  it('lists exact matches first, then the text matches without them, paged as one list', async () => {
    seedDirectory();
    const text = await ids({ ...page, search: 'dental' });
    expect(text).toHaveLength(3);
    // Family Clinic (7) gets a number and, oddly but possibly, the place id "dental".
    database.sqlite
      .prepare(
        "UPDATE businesses SET phone_international = '+441132460000', place_id = 'dental' WHERE id = 7",
      )
      .run();
    const merged = [7, ...text];
    const first = await listBusinessesForAdmin(database.store, { limit: 2, offset: 0, search: 'dental' });
    expect(first.totalCount).toBe(4);
    expect(first.totalPages).toBe(2);
    expect(first.businesses.map((b) => b.id)).toEqual(merged.slice(0, 2));
    expect(await ids({ limit: 2, offset: 2, search: 'dental' })).toEqual(merged.slice(2));
    expect(await ids({ limit: 3, offset: 1, search: 'dental' })).toEqual(merged.slice(1));
    // A text match that is also an exact match is listed once.
    database.sqlite.prepare("UPDATE businesses SET place_id = 'clinic-7' WHERE id = 7").run();
    database.sqlite.prepare("UPDATE businesses SET place_id = 'dental' WHERE id = ?").run(text[1]);
    expect(await ids({ ...page, search: 'dental' })).toEqual([text[1], text[0], text[2]]);
    expect(await ids({ ...page, search: '0113 246 0000' })).toEqual([7]);
  });
});

describe('bulkBusinessAction', () => {
  const counted = () => {
    const incremental = readSiteCounts(database.sqlite);
    refreshAggregates(database.sqlite);
    return { incremental, recounted: readSiteCounts(database.sqlite) };
  };

  it('verifies, unverifies and deletes with counts a full recount agrees with, and one log entry each', async () => {
    seedDirectory();
    const before = readSiteCounts(database.sqlite);
    const verified = await bulkBusinessAction(
      database.store,
      { action: 'verify', ids: [2, 4, 7, 1] },
      OPTIONS,
    );
    expect(verified).toMatchObject({ changed: 3, unchanged: 1, missingIds: [] });
    expect(readSiteCounts(database.sqlite).verifiedBusinesses).toBe(before.verifiedBusinesses + 3);
    let check = counted();
    expect(check.incremental).toEqual(check.recounted);

    const unverified = await bulkBusinessAction(
      database.store,
      { action: 'unverify', ids: [1, 2, 3] },
      OPTIONS,
    );
    expect(unverified).toMatchObject({ changed: 3, unchanged: 0 });
    expect(await ids({ ...page, status: 'pending' })).toEqual([6, 3, 2, 1]);

    const version = readDataVersion(database.sqlite);
    const deleted = await bulkBusinessAction(database.store, { action: 'delete', ids: [6, 8, 42] }, OPTIONS);
    expect(deleted).toMatchObject({ changed: 2, missingIds: [42] });
    expect(readDataVersion(database.sqlite)).toBeGreaterThan(version);
    expect(await businessesInCity(database.store, 'London', page)).toEqual({ businesses: [], total: 0 });
    expect((await browseBusinesses(database.store, { ...page, search: 'thames' })).totalCount).toBe(0);
    ftsIntegrityCheck(database.sqlite);
    check = counted();
    expect(check.incremental).toEqual(check.recounted);
    expect((await listRecentActivity(database.store, 3)).map((entry) => [entry.kind, entry.count])).toEqual([
      ['delete', 2],
      ['edit', 3],
      ['edit', 3],
    ]);
  });

  it('names at most ten businesses in the log entry and counts the rest', async () => {
    const created = insertTestBusinesses(
      database.sqlite,
      Array.from({ length: 12 }, (_, i) => businessRecord(i + 1, { is_verified: 0 })),
    );
    await bulkBusinessAction(database.store, { action: 'verify', ids: created }, OPTIONS);
    const detail = (await listRecentActivity(database.store, 1))[0]?.detail ?? '';
    expect(detail).toMatch(
      /^Verified 12 businesses: "Business 1" \(#1\), .*"Business 10" \(#10\) and 2 more$/,
    );
  });

  it('gives up while another connection holds the write lock, and changes nothing', async () => {
    seedDirectory();
    const other = new BetterSqlite3(database.path);
    other.exec('BEGIN IMMEDIATE');
    try {
      await expect(
        bulkBusinessAction(database.store, { action: 'delete', ids: [1, 2] }, OPTIONS),
      ).rejects.toThrow(BusinessWriteBusy);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect(await ids(page)).toHaveLength(8);
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
