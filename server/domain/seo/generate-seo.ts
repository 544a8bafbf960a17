// Regenerates the SEO columns of every business in keyset batches. Each batch is read and generated
// outside any lock, then its changed rows are written in one short BEGIN IMMEDIATE transaction that
// skips (and regenerates) any row an import changed in between. Only rows whose text actually
// changed are written, so a re-run over unchanged data writes nothing and sitemap lastmod keeps
// meaning "the data changed".
import { type Sqlite, immediateTransaction } from '../../../db/connection.ts';
import {
  countBusinesses,
  readSeoBatch,
  readSeoRow,
  type SeoRow,
  type SeoUpdate,
  writeSeoUpdates,
} from '../../../db/seo-repository.ts';
import { buildSeoContent } from './build-seo-content.ts';
import { seoSourceFromRow } from './seo-source.ts';

export interface GenerateSeoOptions {
  siteUrl: string;
  onProgress?: (done: number, total: number) => void;
  /** Rows per transaction; 2,000 keeps each write lock to tens of milliseconds. */
  batchSize?: number;
  /** Clock for updated_at (tests pin it). */
  now?: () => Date;
}

export const DEFAULT_SEO_BATCH_SIZE = 2_000;

function changedContent(row: SeoRow, siteUrl: string): SeoUpdate | null {
  const content = buildSeoContent(seoSourceFromRow(row), siteUrl);
  const same =
    content.about === row.about &&
    content.seoTitle === row.seo_title &&
    content.seoDescription === row.seo_description &&
    content.canonicalUrl === row.canonical_url;
  return same ? null : { id: row.id, readUpdatedAt: row.updated_at, ...content };
}

export function generateSeo(sqlite: Sqlite, options: GenerateSeoOptions): { updated: number } {
  const batchSize = options.batchSize ?? DEFAULT_SEO_BATCH_SIZE;
  if (!Number.isSafeInteger(batchSize) || batchSize < 1)
    throw new RangeError('batchSize must be a positive integer');
  const now = options.now ?? (() => new Date());
  const total = countBusinesses(sqlite);
  options.onProgress?.(0, total);

  let afterId = 0;
  let done = 0;
  let updated = 0;
  for (;;) {
    const rows = readSeoBatch(sqlite, afterId, batchSize);
    const last = rows[rows.length - 1];
    if (!last) break;
    // Generating is the slow part (~50 µs a row): it happens before the write lock is taken.
    const changes: SeoUpdate[] = [];
    for (const row of rows) {
      const change = changedContent(row, options.siteUrl);
      if (change) changes.push(change);
    }
    if (changes.length > 0) {
      updated += immediateTransaction(sqlite, () => {
        const stamp = now().toISOString();
        const result = writeSeoUpdates(sqlite, changes, stamp);
        // A row an import changed since it was read is regenerated from its new data, now under the
        // lock; this is rare, so the extra work does not lengthen the usual transaction.
        let written = result.written;
        for (const id of result.changedMeanwhile) {
          const fresh = readSeoRow(sqlite, id);
          const change = fresh ? changedContent(fresh, options.siteUrl) : null;
          if (change) written += writeSeoUpdates(sqlite, [change], stamp).written;
        }
        return written;
      });
    }
    afterId = last.id;
    done += rows.length;
    // Rows imported during the run can push done past the count taken at the start.
    options.onProgress?.(done, Math.max(total, done));
  }
  return { updated };
}
