// Test support: businesses written the same way on either dialect, with their figures recounted, for
// tests that compare what the two databases answer without going through an import.
import { refreshAggregatesIn } from '../../../db/aggregates.ts';
import { preparedQuery } from '../../../db/query/prepared-query.ts';
import type { Store } from '../../../db/store/store.ts';

export interface SiteRow {
  placeId: string;
  city: string;
  cityKey: string;
  category: string;
  verified: number;
  reviews: number;
}

const insertBusiness = preparedQuery('testing_site_rows_insert_business', (db, row: SiteRow) =>
  db.insertInto('businesses').values({
    place_id: row.placeId,
    slug: row.placeId,
    name: `Business ${row.placeId}`,
    city: row.city,
    city_key: row.cityKey,
    category: row.category,
    country: 'US',
    is_verified: row.verified,
    review_count: row.reviews,
    created_at: '2026-11-26T00:00:00.000Z',
    updated_at: '2026-11-26T00:00:00.000Z',
  } as never),
);

/** Two cities (one spelled two ways), two categories, and a business with neither. */
export const SITE_ROWS: readonly SiteRow[] = [
  { placeId: 'a', city: 'Austin', cityKey: 'austin-tx', category: 'Plumber', verified: 1, reviews: 10 },
  { placeId: 'b', city: 'austin', cityKey: 'austin-tx', category: 'Plumber', verified: 0, reviews: 5 },
  { placeId: 'c', city: 'Boston', cityKey: 'boston-ma', category: 'Dentist', verified: 1, reviews: 15 },
  { placeId: 'd', city: '', cityKey: '', category: '', verified: 0, reviews: 0 },
];

/** `count` rows like SITE_ROWS's, with place ids after `prefix`. */
export function siteRows(count: number, prefix = 'place'): SiteRow[] {
  return Array.from({ length: count }, (_, index) => ({
    ...SITE_ROWS[index % SITE_ROWS.length]!,
    placeId: `${prefix}-${index + 1}`,
  }));
}

/** Inserts the rows and recounts the figures, in one transaction. */
export async function insertSiteRows(store: Store, rows: readonly SiteRow[] = SITE_ROWS): Promise<void> {
  await store.transaction(async (tx) => {
    for (const row of rows) await tx.run(insertBusiness, row);
    await refreshAggregatesIn(tx);
  });
}
