// All SQL of "Add Your Business": the rate limit's attempts, the moderation queue where a submission
// waits for the administrator (decision 0022), and, once approved, one business written with
// everything an import's merge does for its rows (search and discovery indexes, counts, data version)
// — but for one row, so the counts are adjusted instead of recomputed (a full refresh scans the whole
// table: seconds at 1M rows, with the writers held). Written once for both dialects (decision 0034).
import { refreshAggregatesIn } from './aggregates.ts';
import { countNewBusiness, indexBusinessesIn } from './business-upkeep.ts';
import { IMPORTED_COLUMNS, type StagedRow } from './import-repository.ts';
import { preparedQuery } from './query/prepared-query.ts';
import { bumpDataVersionQuery } from './stats-repository.ts';
import type { Store } from './store/store.ts';

export interface BusinessSubmissionRow {
  place_id: string;
  owner_email: string;
  submitted_at: string;
}

// ---- rate limit -----------------------------------------------------------------------------------

const pruneAttempts = preparedQuery('submission_prune_attempts', (db, args: { before: number }) =>
  db.deleteFrom('submission_attempts').where('attempted_at', '<=', args.before),
);

const recentAttempts = preparedQuery(
  'submission_recent_attempts',
  (db, args: { ipKey: string; since: number; limit: number }) =>
    db
      .selectFrom('submission_attempts')
      .select('attempted_at')
      .where('ip_key', '=', args.ipKey)
      .where('attempted_at', '>', args.since)
      .orderBy('attempted_at', 'desc')
      .limit(args.limit),
);

const insertAttempt = preparedQuery(
  'submission_insert_attempt',
  (db, args: { ipKey: string; attemptedAt: number }) =>
    db
      .insertInto('submission_attempts')
      .values({ ip_key: args.ipKey, attempted_at: args.attemptedAt })
      .returning('id'),
);

/** Deletes attempts at or before `before` (Unix ms): they no longer count. */
export async function pruneSubmissionAttempts(store: Store, before: number): Promise<void> {
  await store.run(pruneAttempts, { before });
}

/** The newest attempts of one address after `since` (Unix ms), newest first, at most `limit`. */
export async function recentSubmissionAttemptTimes(
  store: Store,
  ipKey: string,
  since: number,
  limit: number,
): Promise<number[]> {
  return (await store.all(recentAttempts, { ipKey, since, limit })).map((row) => Number(row.attempted_at));
}

/** Returns the attempt's id. */
export async function insertSubmissionAttempt(
  store: Store,
  ipKey: string,
  attemptedAt: number,
): Promise<number> {
  const row = await store.first(insertAttempt, { ipKey, attemptedAt });
  if (!row) throw new Error('The submission attempt was not recorded');
  return Number(row.id);
}

// ---- the business ---------------------------------------------------------------------------------

export type SubmittedBusinessRow = Omit<StagedRow, 'row_number' | 'slug'>;

const slugTaken = preparedQuery('submission_slug_taken', (db, args: { slug: string }) =>
  db.selectFrom('businesses').select('id').where('slug', '=', args.slug),
);

/** The first candidate slug no business has (null when every one is taken). */
export async function firstFreeSlug(store: Store, candidates: readonly string[]): Promise<string | null> {
  for (const slug of candidates) if ((await store.first(slugTaken, { slug })) === undefined) return slug;
  return null;
}

const INSERTED_COLUMNS = ['place_id', 'slug', ...IMPORTED_COLUMNS, 'created_at', 'updated_at'] as const;
type InsertedBusiness = Record<(typeof INSERTED_COLUMNS)[number], unknown>;

const insertBusiness = preparedQuery('submission_insert_business', (db, args: InsertedBusiness) =>
  db
    .insertInto('businesses')
    .values(Object.fromEntries(INSERTED_COLUMNS.map((column) => [column, args[column]])) as never)
    .returning('id'),
);

/** Inserts the business, indexes it and counts it. Call inside a write transaction (with its store);
 *  returns the new id. */
export async function insertSubmittedBusiness(
  store: Store,
  row: SubmittedBusinessRow,
  slug: string,
  now: string,
): Promise<number> {
  // Every column is given (null where the row has none), as a placeholder needs its value.
  const values = Object.fromEntries(
    INSERTED_COLUMNS.map((column) => [column, (row as Record<string, unknown>)[column] ?? null]),
  ) as InsertedBusiness;
  Object.assign(values, { slug, created_at: now, updated_at: now });
  const inserted = await store.first(insertBusiness, values);
  if (!inserted) throw new Error('The submitted business was not inserted');
  const id = Number(inserted.id);
  await indexBusinessesIn(store, [id]);
  // Never counted (a fresh database): everything is computed once, from the rows as they are.
  if (await countNewBusiness(store, { ...row, id })) await store.run(bumpDataVersionQuery, {});
  else await refreshAggregatesIn(store);
  return id;
}

const insertSubmissionRecord = preparedQuery('submission_insert_record', (db, args: BusinessSubmissionRow) =>
  db.insertInto('business_submissions').values({
    place_id: args.place_id,
    owner_email: args.owner_email,
    submitted_at: args.submitted_at,
  }),
);

const submissionRecord = preparedQuery('submission_record', (db, args: { placeId: string }) =>
  db.selectFrom('business_submissions').selectAll().where('place_id', '=', args.placeId),
);

export async function insertBusinessSubmission(
  store: Store,
  submission: BusinessSubmissionRow,
): Promise<void> {
  await store.run(insertSubmissionRecord, submission);
}

export async function getBusinessSubmission(
  store: Store,
  placeId: string,
): Promise<BusinessSubmissionRow | undefined> {
  return store.first(submissionRecord, { placeId });
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

const insertQueued = preparedQuery(
  'submission_queue_insert',
  (
    db,
    args: {
      placeId: string;
      businessRow: string;
      ownerEmail: string;
      sourcePage: string | null;
      submittedAt: string;
    },
  ) =>
    db
      .insertInto('submission_queue')
      .values({
        place_id: args.placeId,
        business_row: args.businessRow,
        owner_email: args.ownerEmail,
        source_page: args.sourcePage,
        submitted_at: args.submittedAt,
      })
      .returning('id'),
);

const queuePage = preparedQuery('submission_queue_page', (db, args: { limit: number; offset: number }) =>
  db.selectFrom('submission_queue').selectAll().orderBy('id', 'desc').limit(args.limit).offset(args.offset),
);

const queueCount = preparedQuery('submission_queue_count', (db) =>
  db.selectFrom('submission_queue').select((eb) => eb.fn.countAll<number>().as('n')),
);

const queuedById = preparedQuery('submission_queue_by_id', (db, args: { id: number }) =>
  db.selectFrom('submission_queue').selectAll().where('id', '=', args.id),
);

const deleteQueued = preparedQuery('submission_queue_delete', (db, args: { id: number }) =>
  db.deleteFrom('submission_queue').where('id', '=', args.id),
);

const slugOfPlaceId = preparedQuery('submission_slug_of_place_id', (db, args: { placeId: string }) =>
  db.selectFrom('businesses').select('slug').where('place_id', '=', args.placeId),
);

/** Holds a submission for review; returns its queue id. */
export async function insertQueuedSubmission(store: Store, submission: NewQueuedSubmission): Promise<number> {
  const row = await store.first(insertQueued, {
    placeId: submission.row.place_id,
    businessRow: JSON.stringify(submission.row),
    ownerEmail: submission.owner_email,
    sourcePage: submission.source_page,
    submittedAt: submission.submitted_at,
  });
  if (!row) throw new Error('The submission was not queued');
  return Number(row.id);
}

/** One page of the queue, newest first (ids grow with arrival). */
export async function listQueuedSubmissions(
  store: Store,
  page: { limit: number; offset: number },
): Promise<QueuedSubmissionRow[]> {
  return (await store.all(queuePage, page)) as QueuedSubmissionRow[];
}

export async function countQueuedSubmissions(store: Store): Promise<number> {
  return Number((await store.first(queueCount, {}))?.n ?? 0);
}

export async function getQueuedSubmission(
  store: Store,
  id: number,
): Promise<QueuedSubmissionRow | undefined> {
  return (await store.first(queuedById, { id })) as QueuedSubmissionRow | undefined;
}

/** Whether a row was removed. */
export async function deleteQueuedSubmission(store: Store, id: number): Promise<boolean> {
  return (await store.run(deleteQueued, { id })) > 0;
}

/** The slug of the published business with this place id (a re-imported export, say), if any. */
export async function publishedSlugOf(store: Store, placeId: string): Promise<string | undefined> {
  return (await store.first(slugOfPlaceId, { placeId }))?.slug;
}

/** The stored row, with every imported column present: a column added to imports after the row was
 *  queued reads as null (a nullable column; a NOT NULL one would need its own migration of the queue). */
export function businessRowOfQueued(queued: QueuedSubmissionRow): SubmittedBusinessRow {
  const stored = JSON.parse(queued.business_row) as Partial<SubmittedBusinessRow>;
  const row = Object.fromEntries(IMPORTED_COLUMNS.map((column) => [column, stored[column] ?? null]));
  return { ...row, place_id: queued.place_id } as SubmittedBusinessRow;
}
