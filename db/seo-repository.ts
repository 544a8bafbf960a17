// SQL for SEO generation: read businesses in keyset batches, write back only the rows whose
// generated text changed.
import type BetterSqlite3 from 'better-sqlite3';
import type { Sqlite } from './connection.ts';

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

// Statements are prepared once per connection: a batch loop would otherwise re-prepare 500 times at 1M rows.
interface Statements {
  batch: BetterSqlite3.Statement;
  byId: BetterSqlite3.Statement;
  update: BetterSqlite3.Statement;
}
const statements = new WeakMap<Sqlite, Statements>();

const SEO_COLUMNS = `id, place_id, slug, name, category, description, address, city, state, country, zip_code,
  phone, website, rating, review_count, is_verified, hours, attributes, business_status,
  about, seo_title, seo_description, canonical_url, updated_at, edited_mask`;

function prepared(sqlite: Sqlite) {
  let entry = statements.get(sqlite);
  if (!entry) {
    entry = {
      batch: sqlite.prepare(`SELECT ${SEO_COLUMNS} FROM businesses WHERE id > ? ORDER BY id LIMIT ?`),
      byId: sqlite.prepare(`SELECT ${SEO_COLUMNS} FROM businesses WHERE id = ?`),
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
  const row = sqlite.prepare('SELECT COUNT(*) AS n FROM businesses').get() as { n: number };
  return row.n;
}

/** The next batch in id order after afterId (keyset: constant cost per batch, unlike OFFSET). */
export function readSeoBatch(sqlite: Sqlite, afterId: number, limit: number): SeoRow[] {
  return prepared(sqlite).batch.all(afterId, limit) as SeoRow[];
}

export function readSeoRow(sqlite: Sqlite, id: number): SeoRow | undefined {
  return prepared(sqlite).byId.get(id) as SeoRow | undefined;
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
