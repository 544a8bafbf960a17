// Test support: complete business rows with overridable fields, inserted straight into the table with
// the search index and the precomputed counts made as an import leaves them.
import type { Sqlite } from '../../../../db/connection.ts';
import { ftsRebuild } from '../../../../db/search/fts-index.ts';
import { refreshAggregates } from '../../../../db/stats-repository.ts';
import { type BusinessRecord, insertBusinesses } from '../../../../fixtures/generator/database-rows.ts';
import { createCategoryGrouper } from '../../categories/category-groups.ts';
import type { BusinessRow } from '../to-business.ts';

const groupOf = createCategoryGrouper();
export const CREATED_AT = '2026-01-01T00:00:00.000Z';

/** A clean Chicago dentist, as the importer stores one; `overrides` keep derived columns in step
 *  (city → city_key, category → category_group) unless they set those too. */
export function businessRecord(n: number, overrides: Partial<BusinessRecord> = {}): BusinessRecord {
  const city = overrides.city ?? 'Chicago';
  const category = overrides.category ?? 'Dentist';
  return {
    place_id: `ChIJtest${String(n).padStart(19, '0')}`,
    slug: `business-${n}-chijtes`,
    name: `Business ${n}`,
    category,
    category_group: groupOf(category),
    description: null,
    address: `${n} Main St, Chicago, IL 60601`,
    city,
    city_key: city.toLocaleLowerCase('en-US'),
    state: 'IL',
    country: 'United States',
    country_code: 'US',
    zip_code: '60601',
    phone: '+1 312-555-0100',
    phone_international: '+13125550100',
    email: null,
    website: null,
    rating: 4.5,
    review_count: 10,
    is_verified: 1,
    photos: '[]',
    location_link: null,
    latitude: 41.88,
    longitude: -87.63,
    time_zone: 'America/Chicago',
    hours: null,
    hours_text: null,
    attributes: null,
    business_status: 'OPERATIONAL',
    about: null,
    seo_title: null,
    seo_description: null,
    canonical_url: null,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    import_run_id: null,
    ...overrides,
  };
}

/** The row as read back from the table (for pure tests that need one without a database). */
export function businessRow(id: number, overrides: Partial<BusinessRecord> = {}): BusinessRow {
  return { id, ...businessRecord(id, overrides) };
}

/** Inserts the businesses (ids 1, 2, … on an empty table), then indexes them and counts them as the
 *  importer's merge does. Returns their ids in order. */
export function insertTestBusinesses(sqlite: Sqlite, records: readonly BusinessRecord[]): number[] {
  const before = (sqlite.prepare('SELECT COALESCE(MAX(id), 0) FROM businesses').pluck().get() as number) ?? 0;
  insertBusinesses(sqlite, records);
  ftsRebuild(sqlite);
  refreshAggregates(sqlite);
  return records.map((_, index) => before + index + 1);
}
