// All SQL of "Add Your Business": the rate limit's attempts, the moderation queue where a submission
// waits for the administrator (decision 0022), and, once approved, one business written with
// everything an import's merge does for its rows (search index, counts, data version) — but for one
// row, so the counts are adjusted instead of recomputed (a full refresh scans the whole table:
// seconds at 1M rows, with the write lock held).
import type { Sqlite } from './connection.ts';
import { discoveryIndexRows } from './discovery-index.ts';
import { ftsIndexRows } from './search/fts-index.ts';
import { IMPORTED_COLUMNS, type StagedRow } from './import-repository.ts';
import { refreshAggregates } from './stats-repository.ts';

export interface BusinessSubmissionRow {
  place_id: string;
  owner_email: string;
  submitted_at: string;
}

// ---- rate limit -----------------------------------------------------------------------------------

/** Deletes attempts at or before `before` (Unix ms): they no longer count. */
export function pruneSubmissionAttempts(sqlite: Sqlite, before: number): void {
  sqlite.prepare('DELETE FROM submission_attempts WHERE attempted_at <= ?').run(before);
}

/** The newest attempts of one address after `since` (Unix ms), newest first, at most `limit`. */
export function recentSubmissionAttemptTimes(
  sqlite: Sqlite,
  ipKey: string,
  since: number,
  limit: number,
): number[] {
  return sqlite
    .prepare(
      `SELECT attempted_at FROM submission_attempts WHERE ip_key = ? AND attempted_at > ?
       ORDER BY attempted_at DESC LIMIT ?`,
    )
    .pluck()
    .all(ipKey, since, limit) as number[];
}

/** Returns the attempt's id. */
export function insertSubmissionAttempt(sqlite: Sqlite, ipKey: string, attemptedAt: number): number {
  const result = sqlite
    .prepare('INSERT INTO submission_attempts (ip_key, attempted_at) VALUES (?, ?)')
    .run(ipKey, attemptedAt);
  return Number(result.lastInsertRowid);
}

// ---- the business ---------------------------------------------------------------------------------

export type SubmittedBusinessRow = Omit<StagedRow, 'row_number' | 'slug'>;

/** The first candidate slug no business has (null when every one is taken). */
export function firstFreeSlug(sqlite: Sqlite, candidates: readonly string[]): string | null {
  const taken = sqlite.prepare('SELECT 1 FROM businesses WHERE slug = ?').pluck();
  return candidates.find((slug) => taken.get(slug) === undefined) ?? null;
}

/** Inserts the business, indexes it for search and counts it. Call inside a write transaction;
 *  returns the new id. */
export function insertSubmittedBusiness(
  sqlite: Sqlite,
  row: SubmittedBusinessRow,
  slug: string,
  now: string,
): number {
  const columns = ['place_id', 'slug', ...IMPORTED_COLUMNS, 'created_at', 'updated_at'] as const;
  const values = { ...row, slug, created_at: now, updated_at: now };
  const result = sqlite
    .prepare(
      `INSERT INTO businesses (${columns.join(', ')}) VALUES (${columns.map((column) => `@${column}`).join(', ')})`,
    )
    .run(values);
  const id = Number(result.lastInsertRowid);
  ftsIndexRows(sqlite, [id]);
  discoveryIndexRows(sqlite, [id]);
  countNewBusiness(sqlite, { ...row, id });
  return id;
}

/** What refreshAggregates would compute after adding this one row, without scanning the table; the
 *  data version moves as with any write (the page and sitemap caches key on it). */
function countNewBusiness(sqlite: Sqlite, row: SubmittedBusinessRow & { id: number }): void {
  const counted = sqlite.prepare(`SELECT 1 FROM site_stats WHERE key = 'total_businesses'`).get();
  if (counted === undefined) {
    // Never refreshed (a fresh database): compute everything once, from the rows as they are.
    refreshAggregates(sqlite);
    return;
  }
  if (row.city_key !== '') {
    sqlite
      .prepare(
        `INSERT INTO city_stats (city_key, name, business_count) VALUES (?, ?, 1)
         ON CONFLICT (city_key) DO UPDATE SET business_count = business_count + 1,
           name = MIN(name, excluded.name)`,
      )
      .run(row.city_key, row.city);
  }
  if (row.category !== '') {
    sqlite
      .prepare(
        `INSERT INTO category_stats (category, business_count) VALUES (?, 1)
         ON CONFLICT (category) DO UPDATE SET business_count = business_count + 1`,
      )
      .run(row.category);
  }
  if (row.country !== '') {
    sqlite
      .prepare(
        `INSERT INTO country_stats (country, business_count) VALUES (?, 1)
         ON CONFLICT (country) DO UPDATE SET business_count = business_count + 1`,
      )
      .run(row.country);
  }
  const add = sqlite.prepare(
    `INSERT INTO site_stats (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = value + excluded.value`,
  );
  add.run('total_businesses', 1);
  add.run('verified_businesses', row.is_verified);
  add.run('total_reviews', row.review_count);
  add.run('data_version', 1);
  sqlite
    .prepare(
      `INSERT INTO site_stats (key, value) VALUES ('max_business_id', ?)
       ON CONFLICT (key) DO UPDATE SET value = MAX(value, excluded.value)`,
    )
    .run(row.id);
}

export function insertBusinessSubmission(sqlite: Sqlite, submission: BusinessSubmissionRow): void {
  sqlite
    .prepare(
      'INSERT INTO business_submissions (place_id, owner_email, submitted_at) VALUES (@place_id, @owner_email, @submitted_at)',
    )
    .run(submission);
}

export function getBusinessSubmission(sqlite: Sqlite, placeId: string): BusinessSubmissionRow | undefined {
  return sqlite.prepare('SELECT * FROM business_submissions WHERE place_id = ?').get(placeId) as
    | BusinessSubmissionRow
    | undefined;
}

// ---- the moderation queue -------------------------------------------------------------------------

export interface QueuedSubmissionRow {
  id: number;
  place_id: string;
  /** JSON of a SubmittedBusinessRow. */
  business_row: string;
  owner_email: string;
  source_page: string | null;
  submitted_at: string;
}

export interface NewQueuedSubmission {
  row: SubmittedBusinessRow;
  owner_email: string;
  source_page: string | null;
  submitted_at: string;
}

/** Holds a submission for review; returns its queue id. */
export function insertQueuedSubmission(sqlite: Sqlite, submission: NewQueuedSubmission): number {
  const result = sqlite
    .prepare(
      `INSERT INTO submission_queue (place_id, business_row, owner_email, source_page, submitted_at)
       VALUES (?, ?, ?, ?, ?)`,
    )
    .run(
      submission.row.place_id,
      JSON.stringify(submission.row),
      submission.owner_email,
      submission.source_page,
      submission.submitted_at,
    );
  return Number(result.lastInsertRowid);
}

/** One page of the queue, newest first (ids grow with arrival). */
export function listQueuedSubmissions(
  sqlite: Sqlite,
  page: { limit: number; offset: number },
): QueuedSubmissionRow[] {
  return sqlite
    .prepare('SELECT * FROM submission_queue ORDER BY id DESC LIMIT ? OFFSET ?')
    .all(page.limit, page.offset) as QueuedSubmissionRow[];
}

export function countQueuedSubmissions(sqlite: Sqlite): number {
  return sqlite.prepare('SELECT COUNT(*) FROM submission_queue').pluck().get() as number;
}

export function getQueuedSubmission(sqlite: Sqlite, id: number): QueuedSubmissionRow | undefined {
  return sqlite.prepare('SELECT * FROM submission_queue WHERE id = ?').get(id) as
    | QueuedSubmissionRow
    | undefined;
}

/** Whether a row was removed. */
export function deleteQueuedSubmission(sqlite: Sqlite, id: number): boolean {
  return sqlite.prepare('DELETE FROM submission_queue WHERE id = ?').run(id).changes > 0;
}

/** The slug of the published business with this place id (a re-imported export, say), if any. */
export function publishedSlugOf(sqlite: Sqlite, placeId: string): string | undefined {
  return sqlite.prepare('SELECT slug FROM businesses WHERE place_id = ?').pluck().get(placeId) as
    | string
    | undefined;
}

/** The stored row, with every imported column present: a column added to imports after the row was
 *  queued reads as null (a nullable column; a NOT NULL one would need its own migration of the queue). */
export function businessRowOfQueued(queued: QueuedSubmissionRow): SubmittedBusinessRow {
  const stored = JSON.parse(queued.business_row) as Partial<SubmittedBusinessRow>;
  const row = Object.fromEntries(IMPORTED_COLUMNS.map((column) => [column, stored[column] ?? null]));
  return { ...row, place_id: queued.place_id } as SubmittedBusinessRow;
}
