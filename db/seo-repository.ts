// SQL for SEO generation: read businesses in keyset batches, write back only the rows whose
// generated text changed. The reads are shared by both dialects (prepared queries); the batch write
// is each dialect's own: SQLite runs one cached statement per row in-process, PostgreSQL one UPDATE
// over the whole batch (a statement per row would be a network round trip per row).
import type BetterSqlite3 from 'better-sqlite3';
import type { Sqlite } from './connection.ts';
import { preparedQuery } from './query/prepared-query.ts';
import { sqliteSync } from './query/query-runner.ts';
import { countAllBusinessesQuery } from './stats-repository.ts';
import type { Store } from './store/store.ts';

/** The columns SEO text is built from, plus the current generated values to compare against. */
export interface SeoRow {
  id: number;
  place_id: string;
  slug: string;
  name: string;
  category: string;
  description: string | null;
  address: string;
  city: string;
  state: string;
  country: string;
  zip_code: string;
  phone: string | null;
  website: string | null;
  rating: number;
  review_count: number;
  is_verified: number;
  hours: string | null;
  attributes: string | null;
  business_status: string | null;
  about: string | null;
  seo_title: string | null;
  seo_description: string | null;
  canonical_url: string | null;
  updated_at: string;
  /** Fields edited by hand (db/business-fields.ts): a generated text never replaces one. */
  edited_mask?: number;
}

export interface SeoUpdate {
  id: number;
  /** The updated_at the row had when it was read: the write is skipped if the row changed since. */
  readUpdatedAt: string;
  about: string;
  seoTitle: string;
  seoDescription: string;
  canonicalUrl: string;
}

// Statements are prepared once per connection: a batch loop would otherwise re-prepare 500 times at 1M
// rows (the reads share the store's queries, whose statements sqliteSync caches per connection).
interface Statements {
  update: BetterSqlite3.Statement;
}
const statements = new WeakMap<Sqlite, Statements>();

const SEO_COLUMN_LIST = [
  'id',
  'place_id',
  'slug',
  'name',
  'category',
  'description',
  'address',
  'city',
  'state',
  'country',
  'zip_code',
  'phone',
  'website',
  'rating',
  'review_count',
  'is_verified',
  'hours',
  'attributes',
  'business_status',
  'about',
  'seo_title',
  'seo_description',
  'canonical_url',
  'updated_at',
  'edited_mask',
] as const;

function prepared(sqlite: Sqlite) {
  let entry = statements.get(sqlite);
  if (!entry) {
    entry = {
      update: sqlite.prepare(
        `UPDATE businesses SET about = ?, seo_title = ?, seo_description = ?, canonical_url = ?, updated_at = ?
         WHERE id = ? AND updated_at = ?`,
      ),
    };
    statements.set(sqlite, entry);
  }
  return entry;
}

/** Exact row count (an admin action that is about to read every row anyway can afford it). */
export function countBusinesses(sqlite: Sqlite): number {
  return sqliteSync.first(sqlite, countAllBusinessesQuery, {})?.n ?? 0;
}

/** The next batch in id order after afterId (keyset: constant cost per batch, unlike OFFSET). */
export function readSeoBatch(sqlite: Sqlite, afterId: number, limit: number): SeoRow[] {
  return sqliteSync.all(sqlite, seoBatchQuery, { afterId, limit }) as SeoRow[];
}

export function readSeoRow(sqlite: Sqlite, id: number): SeoRow | undefined {
  return sqliteSync.first(sqlite, seoRowQuery, { id }) as SeoRow | undefined;
}

/** readSeoRow for many rows on either dialect, in no particular order, the missing left out: SQLite
 *  one cached statement per row (in-process); PostgreSQL one query over the lot (a query per row
 *  would be a network round trip per row). */
export async function readSeoRowsIn(store: Store, ids: readonly number[]): Promise<SeoRow[]> {
  if (store.dialect === 'sqlite') return ids.flatMap((id) => readSeoRow(store.sqlite, id) ?? []);
  if (ids.length === 0) return [];
  const { rows } = await store.query<SeoRow>(
    `SELECT ${SEO_COLUMN_LIST.join(', ')} FROM businesses WHERE id = ANY($1::bigint[])`,
    [ids],
  );
  return rows;
}

/** readSeoBatch on either dialect. */
export const seoBatchQuery = preparedQuery('seo_batch', (db, args: { afterId: number; limit: number }) =>
  db
    .selectFrom('businesses')
    .select(SEO_COLUMN_LIST)
    .where('id', '>', args.afterId)
    .orderBy('id')
    .limit(args.limit),
);

/** readSeoRow on either dialect. */
export const seoRowQuery = preparedQuery('seo_row', (db, args: { id: number }) =>
  db.selectFrom('businesses').select(SEO_COLUMN_LIST).where('id', '=', args.id),
);

// The rows still as they were read (same updated_at) take the new texts; RETURNING says which.
const POSTGRES_BATCH_UPDATE = `UPDATE businesses AS b
  SET about = u.about, seo_title = u.seo_title, seo_description = u.seo_description,
      canonical_url = u.canonical_url, updated_at = $7
  FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
    AS u(id, read_updated_at, about, seo_title, seo_description, canonical_url)
  WHERE b.id = u.id AND b.updated_at = u.read_updated_at
  RETURNING b.id`;

/** writeSeoUpdates on either dialect; call inside the batch's write transaction. */
export async function writeSeoUpdatesIn(
  store: Store,
  updates: readonly SeoUpdate[],
  updatedAt: string,
): Promise<{ written: number; changedMeanwhile: number[] }> {
  if (store.dialect === 'sqlite') return writeSeoUpdates(store.sqlite, updates, updatedAt);
  if (updates.length === 0) return { written: 0, changedMeanwhile: [] };
  const { rows } = await store.query<{ id: number }>(POSTGRES_BATCH_UPDATE, [
    updates.map((u) => u.id),
    updates.map((u) => u.readUpdatedAt),
    updates.map((u) => u.about),
    updates.map((u) => u.seoTitle),
    updates.map((u) => u.seoDescription),
    updates.map((u) => u.canonicalUrl),
    updatedAt,
  ]);
  const written = new Set(rows.map((row) => row.id));
  return {
    written: written.size,
    changedMeanwhile: updates.filter((u) => !written.has(u.id)).map((u) => u.id),
  };
}

/** Writes generated SEO columns and stamps updated_at, for each row still as it was read (same
 *  updated_at). Returns how many were written and the ids skipped because they changed meanwhile. */
export function writeSeoUpdates(
  sqlite: Sqlite,
  updates: readonly SeoUpdate[],
  updatedAt: string,
): { written: number; changedMeanwhile: number[] } {
  const { update } = prepared(sqlite);
  let written = 0;
  const changedMeanwhile: number[] = [];
  for (const u of updates) {
    const { changes } = update.run(
      u.about,
      u.seoTitle,
      u.seoDescription,
      u.canonicalUrl,
      updatedAt,
      u.id,
      u.readUpdatedAt,
    );
    if (changes > 0) written += changes;
    else changedMeanwhile.push(u.id);
  }
  return { written, changedMeanwhile };
}
