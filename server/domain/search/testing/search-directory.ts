// Test support: a small directory whose businesses exercise each search rule, in a real migrated
// SQLite file with the shipped synonyms loaded as at a start.
import type { StagedRow } from '../../../../db/import-repository.ts';
import { stageAndMerge, stagedRow, type TestStagedRow } from '../../../../db/testing/staged-row.ts';
import { createTempDatabase, type TempDatabase } from '../../../../db/testing/temp-database.ts';
import { ensureSearchIndex } from '../search-index-state.ts';

type Place = Pick<StagedRow, 'city' | 'city_key' | 'state' | 'country' | 'country_code' | 'zip_code'>;

export const CHICAGO: Place = {
  city: 'Chicago',
  city_key: 'chicago',
  state: 'IL',
  country: 'United States',
  country_code: 'US',
  zip_code: '60601',
};
export const NEW_YORK: Place = {
  city: 'New York',
  city_key: 'new york',
  state: 'NY',
  country: 'United States',
  country_code: 'US',
  zip_code: '10001',
};
export const LONDON: Place = {
  city: 'London',
  city_key: 'london',
  state: 'England',
  country: 'United Kingdom',
  country_code: 'GB',
  zip_code: 'SW1A 1AA',
};
export const MANCHESTER: Place = {
  city: 'Manchester',
  city_key: 'manchester',
  state: 'England',
  country: 'United Kingdom',
  country_code: 'GB',
  zip_code: 'M1 1AE',
};
export const GLASGOW: Place = {
  city: 'Glasgow',
  city_key: 'glasgow',
  state: 'Scotland',
  country: 'United Kingdom',
  country_code: 'GB',
  zip_code: 'G1 1XQ',
};

export const LEEDS: Place = {
  city: 'Leeds',
  city_key: 'leeds',
  state: 'England',
  country: 'United Kingdom',
  country_code: 'GB',
  zip_code: 'LS1 4AP',
};
export const YORK: Place = {
  city: 'York',
  city_key: 'york',
  state: 'England',
  country: 'United Kingdom',
  country_code: 'GB',
  zip_code: 'YO1 8AS',
};

/** name, category, group, place, and optionally rating/reviews/description. */
type Spec = [string, string, string, Place, Partial<StagedRow>?];

// biome-ignore format: a data table reads best one entry per line
export const SEARCH_BUSINESSES: readonly Spec[] = [
  ['Premier Drain & Plumbing', 'Plumber', 'Home Services', NEW_YORK, { rating: 4.8, review_count: 300 }],
  ['Acme Plumbers', 'Plumber', 'Home Services', CHICAGO, { rating: 4.2, review_count: 40 }],
  ['Windy City Pipes', 'Plumber', 'Home Services', CHICAGO, { rating: 4.9, review_count: 500 }],
  ['Lakeside Dental Care', 'Dentist', 'Healthcare', CHICAGO, { rating: 4.6, review_count: 120 }],
  ['Smile Studio', 'Dentist', 'Healthcare', LONDON, { rating: 4.4, review_count: 80 }],
  ['Chicago Pizza Co.', 'Pizza restaurant', 'Restaurants', NEW_YORK, { rating: 3.9, review_count: 15 }],
  ['Slice House', 'Pizza restaurant', 'Restaurants', CHICAGO, { rating: 4.9, review_count: 2000 }],
  ['Casa Azteca', 'Mexican restaurant', 'Restaurants', CHICAGO, { rating: 4.5, review_count: 200 }],
  ['The Copper Room', 'Bar', 'Restaurants', CHICAGO, { rating: 4.1, review_count: 90 }],
  ['The Red Lion', 'Pub', 'Restaurants', LONDON, { rating: 4.3, review_count: 400 }],
  ['Fade & Blade', 'Barber shop', 'Beauty & Wellness', CHICAGO, { rating: 5, review_count: 3000 }],
  ['Northside Barbers', 'Barber shop', 'Beauty & Wellness', NEW_YORK, { rating: 4.7, review_count: 700 }],
  ['Kowalski Auto Repair', 'Auto repair shop', 'Auto Services', CHICAGO, { rating: 4.4, review_count: 60 }],
  ['Smith & Jones LLP', 'Lawyer', 'Professional Services', NEW_YORK, { rating: 4.0, review_count: 25 }],
  ['Baker Solicitors', 'Solicitor', 'Professional Services', MANCHESTER, { rating: 4.6, review_count: 30 }],
  ['Picture House', 'Cinema', 'Entertainment', GLASGOW, { rating: 4.5, review_count: 500 }],
  ['Midtown Restaurant Supply', 'Restaurant', 'Restaurants', NEW_YORK, { rating: 3.5, review_count: 5 }],
  ['Green Leaf Kitchen', 'Restaurant', 'Restaurants', NEW_YORK, { rating: 4.2, review_count: 50, description: 'Family restaurants serving brunch' }],
  ['Sparkle Cleaners', 'Cleaning service', 'Home Services', MANCHESTER, { rating: 4.0, review_count: 10 }],
  ['Boots Chemist', 'Pharmacy', 'Healthcare', LONDON, { rating: 3.8, review_count: 70 }],
  ['Bright Spark Electrical', 'Electrician', 'Home Services', CHICAGO, { rating: 4.3, review_count: 33 }],
];

export function createSearchDirectory(): Promise<TempDatabase> {
  return directoryOf(
    SEARCH_BUSINESSES.map(([name, category, group, place, extra], index) => ({
      name,
      category,
      category_group: group,
      ...place,
      address: `${index + 1} Main St, ${place.city}`,
      ...extra,
    })),
  )();
}

/** Builds a directory of these rows (each over stagedRow's defaults, numbered from 2) with its search
 *  index: for useSearchStore, as tests with businesses of their own ask it. */
export function directoryOf(rows: readonly Partial<TestStagedRow>[]): () => Promise<TempDatabase> {
  return async () => {
    const database = await createTempDatabase('search-test-');
    stageAndMerge(
      database.sqlite,
      rows.map((row, index) => stagedRow(index + 2, row)),
      { resolveSlug: (row) => `${row.slug}-x` },
    );
    ensureSearchIndex(database.sqlite);
    return database;
  };
}
