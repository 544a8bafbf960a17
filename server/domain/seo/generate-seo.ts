// Regenerates the SEO columns of every business in keyset batches, on either dialect. Each batch is
// read and generated outside any transaction, then its changed rows are written in one short write
// transaction (SQLite: BEGIN IMMEDIATE; its body awaits nothing but its own store) that skips (and
// regenerates) any row an import changed in between. Only rows whose text actually changed are
// written, so a re-run over unchanged data writes nothing and sitemap lastmod keeps meaning "the data
// changed".
import { type BusinessFieldKey, fieldBit } from '../../../db/business-fields.ts';
import {
  readSeoRowsIn,
  type SeoRow,
  type SeoUpdate,
  seoBatchQuery,
  seoRowQuery,
  writeSeoUpdatesIn,
} from '../../../db/seo-repository.ts';
import { bumpDataVersionQuery, countAllBusinessesQuery } from '../../../db/stats-repository.ts';
import type { Store } from '../../../db/store/store.ts';
import { buildSeoContent, buildSeoTexts } from './build-seo-content.ts';
import { seoSourceFromRow } from './seo-source.ts';

export interface GenerateSeoOptions {
  siteUrl: string;
  onProgress?: (done: number, total: number) => void;
  /** Rows per transaction; 2,000 keeps each write lock to tens of milliseconds. */
  batchSize?: number;
  /** How often what was written so far is made visible (SEO_PUBLISH_EVERY_MS). */
  publishEveryMs?: number;
  /** Clock for updated_at (tests pin it). */
  now?: () => Date;
}

export const DEFAULT_SEO_BATCH_SIZE = 2_000;

/** The generated texts, but where the administrator wrote a field by hand in the panel, theirs. */
function keepingHandEdits<T extends { about: string; seoTitle: string; seoDescription: string }>(
  content: T,
  row: SeoRow,
): T {
  const mask = row.edited_mask ?? 0;
  if (mask === 0) return content;
  const edited = (key: BusinessFieldKey, value: string | null) =>
    (mask & fieldBit(key)) !== 0 && value !== null;
  return {
    ...content,
    about: edited('about', row.about) ? (row.about as string) : content.about,
    seoTitle: edited('seoTitle', row.seo_title) ? (row.seo_title as string) : content.seoTitle,
    seoDescription: edited('seoDescription', row.seo_description)
      ? (row.seo_description as string)
      : content.seoDescription,
  };
}

function changedContent(row: SeoRow, siteUrl: string): SeoUpdate | null {
  const content = keepingHandEdits(buildSeoContent(seoSourceFromRow(row), siteUrl), row);
  const same =
    content.about === row.about &&
    content.seoTitle === row.seo_title &&
    content.seoDescription === row.seo_description &&
    content.canonicalUrl === row.canonical_url;
  return same ? null : { id: row.id, readUpdatedAt: row.updated_at, ...content };
}

/** How often a run makes what it wrote so far visible (bumps the data version). Each bump empties
 *  every cached page and answer of every process: one per batch (2,000 rows, a few hundred ms) kept
 *  the caches empty for the whole run and had every visitor's page rendered again, several times a
 *  second (the soak benchmark: p99 3.1 s during a 60,000-business run). Pages show a run's texts in
 *  steps of this, and all of them once it ends. */
export const SEO_PUBLISH_EVERY_MS = 10_000;

export async function generateSeo(store: Store, options: GenerateSeoOptions): Promise<{ updated: number }> {
  const batchSize = options.batchSize ?? DEFAULT_SEO_BATCH_SIZE;
  if (!Number.isSafeInteger(batchSize) || batchSize < 1)
    throw new RangeError('batchSize must be a positive integer');
  const now = options.now ?? (() => new Date());
  const publishEveryMs = options.publishEveryMs ?? SEO_PUBLISH_EVERY_MS;
  const total = (await store.first(countAllBusinessesQuery, {}))?.n ?? 0;
  options.onProgress?.(0, total);

  let afterId = 0;
  let done = 0;
  let updated = 0;
  let unpublished = false;
  let publishedAt = Date.now();
  for (;;) {
    const rows: SeoRow[] = await store.all(seoBatchQuery, { afterId, limit: batchSize });
    const last = rows[rows.length - 1];
    if (!last) break;
    // Generating is the slow part (~50 µs a row): it happens before the write lock is taken.
    const changes: SeoUpdate[] = [];
    for (const row of rows) {
      const change = changedContent(row, options.siteUrl);
      if (change) changes.push(change);
    }
    if (changes.length > 0) {
      updated += await store.transaction(async (tx) => {
        const stamp = now().toISOString();
        const result = await writeSeoUpdatesIn(tx, changes, stamp);
        // A row an import changed since it was read is regenerated from its new data, now in the
        // write transaction; this is rare, so the extra work does not lengthen the usual one.
        let written = result.written;
        for (const id of result.changedMeanwhile) {
          const fresh: SeoRow | undefined = await tx.first(seoRowQuery, { id });
          const change = fresh ? changedContent(fresh, options.siteUrl) : null;
          if (change) written += (await writeSeoUpdatesIn(tx, [change], stamp)).written;
        }
        unpublished ||= written > 0;
        if (unpublished && Date.now() - publishedAt >= publishEveryMs) {
          await tx.run(bumpDataVersionQuery, {});
          unpublished = false;
          publishedAt = Date.now();
        }
        return written;
      });
    }
    afterId = last.id;
    done += rows.length;
    // Rows imported during the run can push done past the count taken at the start.
    options.onProgress?.(done, Math.max(total, done));
  }
  if (unpublished) await store.transaction((tx) => tx.run(bumpDataVersionQuery, {}));
  return { updated };
}

/** Rows refreshGeneratedTexts reads and writes at a time (PostgreSQL holds each slice in memory). */
const REFRESH_SLICE = 2_000;

/** Regenerates the texts of these rows where a text was generated before, keeping each row's
 *  canonical URL, when data a text states changed outside an import or an edit (the category group,
 *  after new grouping rules). Rows never generated are left to the next run. Call inside a write
 *  transaction, on either dialect; returns how many rows were written. */
export async function refreshGeneratedTexts(
  store: Store,
  ids: readonly number[],
  now: Date = new Date(),
): Promise<number> {
  let written = 0;
  for (let start = 0; start < ids.length; start += REFRESH_SLICE) {
    const changes: SeoUpdate[] = [];
    for (const row of await readSeoRowsIn(store, ids.slice(start, start + REFRESH_SLICE))) {
      if (row.about === null || row.canonical_url === null) continue;
      const texts = keepingHandEdits(buildSeoTexts(seoSourceFromRow(row)), row);
      if (
        texts.about === row.about &&
        texts.seoTitle === row.seo_title &&
        texts.seoDescription === row.seo_description
      )
        continue;
      changes.push({ id: row.id, readUpdatedAt: row.updated_at, ...texts, canonicalUrl: row.canonical_url });
    }
    // The caller's transaction bumps the data version (regroup-businesses.ts).
    if (changes.length > 0) written += (await writeSeoUpdatesIn(store, changes, now.toISOString())).written;
  }
  return written;
}
