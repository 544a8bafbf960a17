// The administrator's side of the moderation queue (decision 0022): the held submissions, newest
// first; Approve, which publishes one exactly as the form used to (insertSubmittedBusiness: search
// index, counts, data version), Verified only when asked; Reject, which removes one and keeps the
// reason in the activity log. Each is one short write transaction, waiting briefly for the write lock
// as the admin's other edits do.
import { logActivityIn } from '../../../db/activity-repository.ts';
import { boundedWriteTransaction, isBusyError } from '../../../db/bounded-write.ts';
import type { Store } from '../../../db/store/store.ts';
import {
  businessRowOfQueued,
  countQueuedSubmissions,
  deleteQueuedSubmission,
  firstFreeSlug,
  getQueuedSubmission,
  insertBusinessSubmission,
  insertSubmittedBusiness,
  listQueuedSubmissions,
  publishedSlugOf,
  type QueuedSubmissionRow,
} from '../../../db/submission-repository.ts';
import type { WeeklyHours } from '../../contract/hours.ts';
import {
  type HeldSubmission,
  type HeldSubmissionPage,
  REJECT_REASON_MAX,
} from '../../contract/submission-queue.ts';
import { formatOpeningHours } from '../import/normalise/hours-display.ts';
import { cleanLine } from '../import/normalise/text.ts';
import { SUBMISSION_PLACE_ID_PREFIX, submissionSlugCandidates } from './submission-slug.ts';

/** How long an approval or rejection waits for the write lock (as an admin edit, decision 0013). */
export const MODERATION_LOCK_WAIT_MS = 250;

/** Another writer (an import's merge) held the database longer than a moderation may wait. */
export class ModerationBusy extends Error {
  constructor() {
    super('The database is busy with an import; try again in a few seconds.');
    this.name = 'ModerationBusy';
  }
}

/** The submission's place id is already a published business (an export of an approved listing
 *  imported back, say): approving it again would make a second copy. */
export class AlreadyPublished extends Error {
  constructor(readonly slug: string) {
    super('A business with this submission’s place id is already published; reject the submission instead.');
    this.name = 'AlreadyPublished';
  }
}

/** A rejection reason that cannot be kept: empty, or too long. */
export class InvalidReason extends Error {
  readonly field = 'reason';
  constructor(message: string) {
    super(message);
    this.name = 'InvalidReason';
  }
}

export interface ModerationOptions {
  /** Who, for the activity log ('admin:alice'). */
  actor: string;
  now?: () => Date;
}

export async function listHeldSubmissions(
  store: Store,
  page: { limit: number; offset: number },
): Promise<HeldSubmissionPage> {
  const totalCount = await countQueuedSubmissions(store);
  return {
    submissions: (await listQueuedSubmissions(store, page)).map(toHeldSubmission),
    totalCount,
    totalPages: Math.ceil(totalCount / page.limit),
  };
}

export async function countHeldSubmissions(store: Store): Promise<number> {
  return countQueuedSubmissions(store);
}

/** Publishes a held submission. Undefined when there is no such submission (never was, or already
 *  approved or rejected); throws AlreadyPublished or ModerationBusy. */
export async function approveSubmission(
  store: Store,
  id: number,
  options: ModerationOptions & { verified: boolean },
): Promise<{ id: number; slug: string; name: string; isVerified: boolean } | undefined> {
  return write(store, async (tx) => {
    const queued = await takeQueued(tx, id);
    if (!queued) return undefined;
    const published = await publishedSlugOf(tx, queued.place_id);
    if (published !== undefined) throw new AlreadyPublished(published);
    const row = { ...businessRowOfQueued(queued), is_verified: options.verified ? 1 : 0 };
    const candidates = submissionSlugCandidates(row.name, queued.place_id);
    // The candidates end in numbered suffixes, so a free one exists in any real table.
    const slug = (await firstFreeSlug(tx, candidates)) ?? `${candidates[0]}-${queued.id}`;
    // Created when it became public: the sitemaps' lastmod and "latest" lists start there. The time
    // it was sent is kept beside the owner's e-mail.
    const at = (options.now?.() ?? new Date()).toISOString();
    const businessId = await insertSubmittedBusiness(tx, row, slug, at);
    await insertBusinessSubmission(tx, {
      place_id: queued.place_id,
      owner_email: queued.owner_email,
      submitted_at: queued.submitted_at,
    });
    await deleteQueuedSubmission(tx, id);
    await logActivityIn(tx, {
      kind: 'approve',
      actor: options.actor,
      detail: `Published the submitted listing ${label(row.name, row.city, row.country)} at /details/${slug}${
        options.verified ? ', marked Verified' : ', not verified'
      }`,
      count: 1,
    });
    return { id: businessId, slug, name: row.name, isVerified: options.verified };
  });
}

/** Removes a held submission, keeping the reason in the activity log. Undefined when there is no
 *  such submission; throws InvalidReason or ModerationBusy. */
export async function rejectSubmission(
  store: Store,
  id: number,
  options: ModerationOptions & { reason: unknown },
): Promise<{ name: string } | undefined> {
  const reason = rejectionReason(options.reason);
  return write(store, async (tx) => {
    const queued = await takeQueued(tx, id);
    if (!queued) return undefined;
    const row = businessRowOfQueued(queued);
    await deleteQueuedSubmission(tx, id);
    await logActivityIn(tx, {
      kind: 'reject',
      actor: options.actor,
      detail: `Rejected the submitted listing ${label(row.name, row.city, row.country)}: ${reason}`,
      count: 1,
    });
    return { name: row.name };
  });
}

/** The reason as one clean line, required, at most REJECT_REASON_MAX characters. */
export function rejectionReason(value: unknown): string {
  if (typeof value !== 'string') throw new InvalidReason('Give the reason for rejecting, as text.');
  const reason = cleanLine(value);
  if (reason === '') throw new InvalidReason('Give the reason for rejecting.');
  if (reason.length > REJECT_REASON_MAX)
    throw new InvalidReason(`The reason must be ${REJECT_REASON_MAX} characters or fewer.`);
  return reason;
}

function toHeldSubmission(queued: QueuedSubmissionRow): HeldSubmission {
  const row = businessRowOfQueued(queued);
  return {
    id: queued.id,
    reference: queued.place_id.slice(SUBMISSION_PLACE_ID_PREFIX.length),
    submittedAt: queued.submitted_at,
    sourcePage: queued.source_page,
    ownerEmail: queued.owner_email,
    listing: {
      name: row.name,
      category: row.category,
      address: row.address,
      city: row.city,
      state: row.state,
      zipCode: row.zip_code,
      country: row.country,
      countryCode: row.country_code,
      phone: row.phone,
      phoneInternational: row.phone_international,
      website: row.website,
      timeZone: row.time_zone,
      openingHours: formatOpeningHours(parseHours(row.hours)),
    },
  };
}

function parseHours(text: string | null): WeeklyHours | null {
  if (text === null || text === '') return null;
  try {
    return JSON.parse(text) as WeeklyHours;
  } catch {
    return null;
  }
}

function label(name: string, city: string, country: string): string {
  const shown = name.length > 80 ? `${name.slice(0, 80)}…` : name;
  const place = [city, country].filter(Boolean).join(', ');
  return `"${shown}"${place ? ` (${place})` : ''}`;
}

/** The held submission, claimed for this transaction: on PostgreSQL its row is locked, so that two
 *  instances approving it at once publish it once (the second finds it gone once the first commits);
 *  SQLite's write transaction has the whole file already. */
async function takeQueued(tx: Store, id: number): Promise<QueuedSubmissionRow | undefined> {
  if (tx.dialect === 'postgres') {
    const { rows } = await tx.query<QueuedSubmissionRow>(
      'SELECT * FROM submission_queue WHERE id = $1 FOR UPDATE',
      [id],
    );
    return rows[0];
  }
  return getQueuedSubmission(tx, id);
}

async function write<T>(store: Store, fn: (tx: Store) => Promise<T>): Promise<T> {
  try {
    return await boundedWriteTransaction(store, MODERATION_LOCK_WAIT_MS, fn);
  } catch (error) {
    if (isBusyError(error)) throw new ModerationBusy();
    throw error;
  }
}
