// Test support: what a write of businesses must keep in step, read the same way on either dialect —
// the precomputed counts (checked against a full recount) and the hours index.
import { expect } from 'vitest';
import { refreshAggregatesIn } from '../../../../db/aggregates.ts';
import type { Store } from '../../../../db/store/store.ts';

/** Rows of a plain SELECT that both dialects read alike. */
export async function rowsOf<R>(store: Store, text: string): Promise<R[]> {
  if (store.dialect === 'sqlite') return store.sqlite.prepare(text).all() as R[];
  return (await store.query(text)).rows as R[];
}

/** Every precomputed count, the data version left out (it only ever goes up). */
export async function countsOf(store: Store) {
  return {
    cities: await rowsOf(store, 'SELECT city_key, name, business_count FROM city_stats ORDER BY city_key'),
    categories: await rowsOf(store, 'SELECT category, business_count FROM category_stats ORDER BY category'),
    countries: await rowsOf(store, 'SELECT country, business_count FROM country_stats ORDER BY country'),
    site: await rowsOf(store, `SELECT key, value FROM site_stats WHERE key <> 'data_version' ORDER BY key`),
  };
}

/** The counts as the writes kept them equal what a full recount makes of the rows. */
export async function expectCountsAsRecounted(store: Store): Promise<void> {
  const kept = await countsOf(store);
  await store.transaction((tx) => refreshAggregatesIn(tx));
  expect(kept, store.dialect).toEqual(await countsOf(store));
}

/** Each business that can be open with its weekly-hours pattern. */
export function hoursIndexOf(store: Store) {
  return rowsOf(
    store,
    `SELECT h.business_id, p.hours, p.time_zone FROM business_hours h
     JOIN hours_patterns p ON p.id = h.pattern_id ORDER BY h.business_id`,
  );
}
