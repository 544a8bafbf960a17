// Test support: the deterministic sample businesses (sample-businesses.ts) inserted into a store of
// either dialect, and the few reads and writes the SEO and sitemap tests make on both.
import { preparedQuery } from '../../../../db/query/prepared-query.ts';
import type { Store } from '../../../../db/store/store.ts';
import type { SampleBusinessRow } from './sample-businesses.ts';

const insertSample = preparedQuery('test_insert_sample_business', (db, row: SampleBusinessRow) =>
  db.insertInto('businesses').values({
    place_id: row.place_id,
    slug: row.slug,
    name: row.name,
    category: row.category,
    description: row.description,
    address: row.address,
    city: row.city,
    city_key: row.city_key,
    state: row.state,
    country: row.country,
    country_code: row.country_code,
    zip_code: row.zip_code,
    phone: row.phone,
    website: row.website,
    rating: row.rating,
    review_count: row.review_count,
    is_verified: row.is_verified,
    hours: row.hours,
    attributes: row.attributes,
    business_status: row.business_status,
    about: row.about,
    created_at: row.created_at,
    updated_at: row.updated_at,
  } as never),
);

/** Inserts rows in one transaction, ids 1, 2, … in order on a new database of either dialect. */
export async function insertSampleRowsIn(store: Store, rows: Iterable<SampleBusinessRow>): Promise<number> {
  const all = [...rows];
  await store.transaction(async (tx) => {
    for (const row of all) await tx.run(insertSample, row);
  });
  return all.length;
}

export interface StoredSeo {
  id: number;
  slug: string;
  about: string | null;
  seo_title: string | null;
  seo_description: string | null;
  canonical_url: string | null;
  updated_at: string;
}

export const storedSeoQuery = preparedQuery('test_stored_seo', (db) =>
  db
    .selectFrom('businesses')
    .select(['id', 'slug', 'about', 'seo_title', 'seo_description', 'canonical_url', 'updated_at'])
    .orderBy('id'),
);

/** Every business's SEO fields, in id order. */
export function readStoredSeo(store: Store): Promise<StoredSeo[]> {
  return store.all(storedSeoQuery, {}) as Promise<StoredSeo[]>;
}

const dataVersionQuery = preparedQuery('test_data_version', (db) =>
  db.selectFrom('site_stats').select('value').where('key', '=', 'data_version'),
);

export async function readDataVersionIn(store: Store): Promise<number> {
  return (await store.first(dataVersionQuery, {}))?.value ?? 0;
}

export const deleteAllBusinessesQuery = preparedQuery('test_delete_all_businesses', (db) =>
  db.deleteFrom('businesses'),
);

export const deleteBusinessQuery = preparedQuery('test_delete_business', (db, args: { id: number }) =>
  db.deleteFrom('businesses').where('id', '=', args.id),
);

/** A change of the data a text states (an import's update), with the time it was made. */
export const setReviewCountQuery = preparedQuery(
  'test_set_review_count',
  (db, args: { id: number; reviews: number; updatedAt: string }) =>
    db
      .updateTable('businesses')
      .set({ review_count: args.reviews, updated_at: args.updatedAt })
      .where('id', '=', args.id),
);

/** One more review, leaving updated_at alone (as an edit that bypassed the stamp would). */
export const addReviewQuery = preparedQuery('test_add_review', (db, args: { id: number }) =>
  db
    .updateTable('businesses')
    .set((eb) => ({ review_count: eb('review_count', '+', 1) }))
    .where('id', '=', args.id),
);

/** A title the administrator wrote by hand in the panel (its field marked edited). */
export const handWrittenTitleQuery = preparedQuery(
  'test_hand_written_title',
  (db, args: { id: number; title: string; mask: number; updatedAt: string }) =>
    db
      .updateTable('businesses')
      .set({ seo_title: args.title, edited_mask: args.mask, updated_at: args.updatedAt })
      .where('id', '=', args.id),
);
