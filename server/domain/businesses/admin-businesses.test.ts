// The admin business management on a real database: the list's filters as the panel sends them, and
// edits and deletions that reach every public read at once.
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listRecentActivity } from '../../../db/activity-repository.ts';
import { readDataVersion, readSiteCounts, refreshAggregates } from '../../../db/stats-repository.ts';
import { createTempDatabase, type TempDatabase } from '../../../db/testing/temp-database.ts';
import { ftsIntegrityCheck } from '../../../db/search/fts-index.ts';
import {
  BusinessWriteBusy,
  deleteBusiness,
  editBusiness,
  getBusinessForAdmin,
  InvalidBusinessChange,
  listBusinessesForAdmin,
} from './admin-businesses.ts';
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

const ids = (query: Parameters<typeof listBusinessesForAdmin>[1]) =>
  listBusinessesForAdmin(database.sqlite, query).businesses.map((b) => b.id);

describe('listBusinessesForAdmin', () => {
  beforeEach(() => {
    seedDirectory();
  });

  it('lists newest first with Business objects and the paging arithmetic', () => {
    const all = listBusinessesForAdmin(database.sqlite, { limit: 3, offset: 0 });
    expect(all.totalCount).toBe(8);
    expect(all.totalPages).toBe(3);
    expect(all.businesses.map((b) => b.id)).toEqual([8, 7, 6]);
    expect(all.businesses[0]).toMatchObject({
      name: 'Leeds Clinic',
      slug: 'business-8-chijtes',
      isVerified: true,
    });
    expect(ids({ limit: 3, offset: 6 })).toEqual([2, 1]);
    expect(ids({ limit: 3, offset: 9 })).toEqual([]);
  });

  it('filters by status, on the server', () => {
    const pending = listBusinessesForAdmin(database.sqlite, { ...page, status: 'pending' });
    expect(pending.businesses.map((b) => b.id)).toEqual([7, 6, 4, 2]);
    expect(pending.totalCount).toBe(4);
    expect(pending.businesses.every((b) => !b.isVerified)).toBe(true);
    expect(ids({ ...page, status: 'verified' })).toEqual([8, 5, 3, 1]);
  });

  it('filters by a category name, a group name or slug, and by exact country name', () => {
    expect(ids({ ...page, category: 'Dentist' })).toEqual([5, 2, 1]);
    expect(ids({ ...page, category: 'dentist' })).toEqual([5, 2, 1]);
    expect(ids({ ...page, category: 'Healthcare' })).toEqual([8, 7, 5, 2, 1]);
    expect(ids({ ...page, category: 'restaurants' })).toEqual([6, 4, 3]);
    expect(ids({ ...page, country: 'United Kingdom' })).toEqual([8, 6, 5]);
    expect(ids({ ...page, country: 'united kingdom' })).toEqual([]);
    expect(listBusinessesForAdmin(database.sqlite, { ...page, category: 'Spaceport' })).toEqual({
      businesses: [],
      totalCount: 0,
      totalPages: 0,
    });
  });

  it('combines every filter', () => {
    const combined = listBusinessesForAdmin(database.sqlite, {
      ...page,
      search: 'leeds',
      category: 'healthcare',
      country: 'United Kingdom',
      status: 'verified',
    });
    expect(new Set(combined.businesses.map((b) => b.id))).toEqual(new Set([5, 8]));
    expect(combined.totalCount).toBe(2);
    expect(
      ids({ ...page, category: 'Mexican restaurant', status: 'pending', country: 'United States' }),
    ).toEqual([4]);
    expect(ids({ ...page, category: 'Dentist', status: 'pending', country: 'United Kingdom' })).toEqual([]);
    expect(ids({ ...page, category: 'Mexican restaurant', status: 'pending' })).toEqual([6, 4]);
    expect(ids({ ...page, search: 'taco', status: 'pending' })).toEqual([6]);
  });

  it('searches the text with the best match first', () => {
    const found = listBusinessesForAdmin(database.sqlite, { ...page, search: 'dental' });
    // The public search's rules: "dental" is a word form of dentist, so every Dentist matches.
    expect(found.totalCount).toBe(3);
    expect(new Set(found.businesses.map((b) => b.name))).toEqual(
      new Set(['Smile Dental', 'Leeds Dental Care', 'Bright Teeth']),
    );
    expect(ids({ ...page, search: 'dentsit' })).toHaveLength(3);
    expect(ids({ ...page, search: 'clinic leeds' })).toEqual([8]);
  });
});

describe('editBusiness', () => {
  it('changes the public answers at once: the data version goes up, the slug stays', () => {
    const [id] = seedDirectory();
    const before = getBusinessBySlug(database.sqlite, 'business-1-chijtes')!;
    const version = readDataVersion(database.sqlite);
    const edited = editBusiness(
      database.sqlite,
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
    expect(getBusinessBySlug(database.sqlite, before.slug)).toEqual(edited);
    expect(businessesInCity(database.sqlite, 'evanston', page).businesses.map((b) => b.id)).toEqual([id]);
    expect(
      browseBusinesses(database.sqlite, { ...page, search: 'studio' }).businesses.map((b) => b.id),
    ).toEqual([id]);
    expect(listRecentActivity(database.sqlite, 5)).toMatchObject([
      { kind: 'edit', actor: 'admin:alice', detail: 'Edited "Smile Dental" (#1): name, city, rating' },
    ]);
  });

  it('verifies a pending business, and says so in the activity log and the statistics', () => {
    seedDirectory();
    const verifiedBefore = readSiteCounts(database.sqlite).verifiedBusinesses;
    expect(editBusiness(database.sqlite, 2, { isVerified: true }, OPTIONS)?.isVerified).toBe(true);
    expect(readSiteCounts(database.sqlite).verifiedBusinesses).toBe(verifiedBefore + 1);
    expect(listRecentActivity(database.sqlite, 1)[0]).toMatchObject({
      detail: 'Verified "Bright Teeth" (#2)',
    });
    expect(ids({ ...page, status: 'pending' })).not.toContain(2);
  });

  it('writes the opening hours so that the hours and the open-now badge follow', () => {
    seedDirectory();
    const edited = editBusiness(
      database.sqlite,
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
    const edited = editBusiness(database.sqlite, 1, { name: 'Molar Masters' }, OPTIONS)!;
    expect(edited.seoTitle).toMatch(/Molar Masters/);
    expect(edited.about).toMatch(/Molar Masters/);
    expect(edited.canonicalUrl).toBe('https://directory.test/details/business-1-chijtes');
    expect(editBusiness(database.sqlite, 2, { name: 'Molar Minis' }, OPTIONS)).toMatchObject({
      seoTitle: null,
      about: null,
    });
  });

  it('writes nothing for an edit that changes nothing', () => {
    seedDirectory();
    const version = readDataVersion(database.sqlite);
    const current = getBusinessForAdmin(database.sqlite, 4)!;
    expect(editBusiness(database.sqlite, 4, { name: current.name, isVerified: false }, OPTIONS)).toEqual(
      current,
    );
    expect(readDataVersion(database.sqlite)).toBe(version);
    expect(listRecentActivity(database.sqlite, 5)).toEqual([]);
  });

  it('refuses an invalid edit with the field at fault and writes nothing', () => {
    seedDirectory();
    const version = readDataVersion(database.sqlite);
    expect(() => editBusiness(database.sqlite, 1, { name: 'Fine', phone: '12' }, OPTIONS)).toThrow(
      expect.objectContaining({ field: 'phone', code: 'invalid_field' }),
    );
    expect(() => editBusiness(database.sqlite, 1, { slug: 'x' }, OPTIONS)).toThrow(InvalidBusinessChange);
    expect(getBusinessForAdmin(database.sqlite, 1)?.name).toBe('Smile Dental');
    expect(readDataVersion(database.sqlite)).toBe(version);
  });

  it('answers undefined for a business that does not exist', () => {
    seedDirectory();
    expect(editBusiness(database.sqlite, 99, { name: 'X' }, OPTIONS)).toBeUndefined();
  });

  it('gives up after a short wait while another connection holds the write lock', () => {
    seedDirectory();
    const other = new BetterSqlite3(database.path);
    other.exec('BEGIN IMMEDIATE');
    try {
      const started = performance.now();
      expect(() => editBusiness(database.sqlite, 1, { name: 'Blocked' }, OPTIONS)).toThrow(BusinessWriteBusy);
      expect(() => deleteBusiness(database.sqlite, 1, OPTIONS)).toThrow(BusinessWriteBusy);
      expect(performance.now() - started).toBeLessThan(2_000);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect(editBusiness(database.sqlite, 1, { name: 'Unblocked' }, OPTIONS)?.name).toBe('Unblocked');
  });
});

describe('deleteBusiness', () => {
  it('removes the business from every public read and from the counts', () => {
    seedDirectory();
    const version = readDataVersion(database.sqlite);
    const countsBefore = readSiteCounts(database.sqlite);
    expect(deleteBusiness(database.sqlite, 6, OPTIONS)).toEqual({ name: 'Thames Tacos' });
    expect(getBusinessBySlug(database.sqlite, 'business-6-chijtes')).toBeUndefined();
    expect(browseBusinesses(database.sqlite, { ...page, search: 'thames' }).totalCount).toBe(0);
    expect(businessesInCity(database.sqlite, 'London', page)).toEqual({ businesses: [], total: 0 });
    const counts = readSiteCounts(database.sqlite);
    expect(counts.totalBusinesses).toBe(countsBefore.totalBusinesses - 1);
    expect(counts.totalCities).toBe(countsBefore.totalCities - 1);
    expect(readDataVersion(database.sqlite)).toBeGreaterThan(version);
    expect(listRecentActivity(database.sqlite, 1)[0]).toMatchObject({
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

  it('answers undefined for a business that does not exist', () => {
    seedDirectory();
    expect(deleteBusiness(database.sqlite, 6, OPTIONS)).toBeDefined();
    expect(deleteBusiness(database.sqlite, 6, OPTIONS)).toBeUndefined();
  });
});
