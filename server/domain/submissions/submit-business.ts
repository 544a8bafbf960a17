// A business submitted through "Add Your Business": rate limit, spam trap, validation, then the row
// the importer would write for it (normalised by the same function, grouped) held in the moderation
// queue with the owner's e-mail and the page it came from, plus an entry in the admin's activity log.
// Nothing public reads the queue: the listing is in no search, list, count, sitemap or cached answer,
// and its address answers 404, until the administrator approves it (moderate-submissions.ts).
import { randomUUID } from 'node:crypto';
import { logActivityIn } from '../../../db/activity-repository.ts';
import { boundedWriteTransaction, isBusyError } from '../../../db/bounded-write.ts';
import type { Store } from '../../../db/store/store.ts';
import {
  insertQueuedSubmission,
  insertSubmissionAttempt,
  pruneSubmissionAttempts,
  recentSubmissionAttemptTimes,
  type SubmittedBusinessRow,
} from '../../../db/submission-repository.ts';
import { lockTableForWrites } from '../../../db/table-write-lock.ts';
import {
  HONEYPOT_FIELD,
  SOURCE_PAGE_FIELD,
  type SubmissionFieldErrors,
  type SubmissionValues,
} from '../../contract/business-submission.ts';
import type { Weekday } from '../../contract/hours.ts';
import { normaliseRow } from '../import/normalise/normalise-row.ts';
import type { RawRow } from '../import/normalised-business.ts';
import { toStagedRow } from '../import/staged-row.ts';
import {
  retryAfterSeconds,
  type SlidingWindowPolicy,
  type StoredSlidingWindowLimiter,
  storedSlidingWindowLimiter,
} from '../rate-limit/sliding-window.ts';
import { ipKey } from '../rate-limit/throttle-keys.ts';
import {
  DAY_NAMES,
  isRecord,
  type SubmissionWarning,
  sitePath,
  submittedValues,
  type ValidSubmission,
  validateSubmission,
} from './submission-rules.ts';
import { SUBMISSION_PLACE_ID_PREFIX } from './submission-slug.ts';

/** Accepted submissions (kept or dropped as spam) per client address and window. */
export const SUBMISSION_LIMIT: SlidingWindowPolicy = { maxEvents: 5, windowMs: 60 * 60 * 1000 };

/** Counted per client address (rate-limit/sliding-window.ts, as failed logins are), in the database:
 *  every server process on it (on PostgreSQL, every machine) counts the same attempts. */
function submissionLimiter(store: Store): StoredSlidingWindowLimiter<string> {
  return storedSlidingWindowLimiter(SUBMISSION_LIMIT, {
    recentTimes: async (address, since, limit) => [
      await recentSubmissionAttemptTimes(store, address, since, limit),
    ],
    record: (address, at) => insertSubmissionAttempt(store, address, at),
    prune: (before) => pruneSubmissionAttempts(store, before),
  });
}

/** How long a submission waits for the write lock on SQLite. The wait blocks the event loop
 *  (better-sqlite3 is synchronous): behind an import's merge (seconds) the visitor is asked to retry
 *  instead, as the admin's edits are (decision 0013). PostgreSQL waits longer without blocking
 *  anything (db/bounded-write.ts). */
export const SUBMISSION_LOCK_WAIT_MS = 250;
/** What a visitor is told to wait then. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

export interface SubmissionContext {
  /** The client address as the HTTP layer sees it (after trust proxy). */
  ip: string | undefined;
  /** The path of a same-site Referer, when the browser sent one: the source page when the form's
   *  own field is missing or unusable. */
  referrerPath?: string | undefined;
  /** Unix milliseconds; injected by tests. */
  now?: () => number;
  /** A fresh random reference (a UUID); injected by tests. */
  newReference?: () => string;
}

export type SubmissionOutcome =
  /** Held for review: `id` is its place in the moderation queue; `warnings` name the fields control
   *  characters were removed from (also in the activity log the moderator reads). */
  | { outcome: 'held'; reference: string; id: number; warnings: SubmissionWarning[] }
  /** The spam trap was filled: nothing kept, but the caller answers exactly as for 'created'. */
  | { outcome: 'dropped'; reference: string }
  | { outcome: 'invalid'; values: SubmissionValues; errors: SubmissionFieldErrors }
  | { outcome: 'throttled'; values: SubmissionValues; retryAfterSeconds: number }
  /** Another writer (an import's merge) held the database too long: nothing written, retry soon. */
  | { outcome: 'busy'; values: SubmissionValues; retryAfterSeconds: number };

export async function submitBusiness(
  store: Store,
  input: unknown,
  context: SubmissionContext,
): Promise<SubmissionOutcome> {
  const now = (context.now ?? Date.now)();
  const address = ipKey(context.ip);
  const values = submittedValues(input);
  const limiter = submissionLimiter(store);
  const throttled = (wait: number): SubmissionOutcome => ({
    outcome: 'throttled',
    values,
    retryAfterSeconds: retryAfterSeconds(wait),
  });

  // Over the limit, nothing else matters; checked first so that the answer does not depend on what
  // was typed (and cheaply: no write).
  const waitBefore = await limiter.waitMs(address, now);
  if (waitBefore > 0) return throttled(waitBefore);

  const reference = (context.newReference ?? randomUUID)();
  const busy: SubmissionOutcome = { outcome: 'busy', values, retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS };
  // The trap before validation: a robot learns nothing from field errors, and its submission
  // counts toward the limit like any other.
  const trap = isRecord(input) ? input[HONEYPOT_FIELD] : undefined;
  if (trap !== undefined && trap !== '') {
    const wait = await write(store, (tx) => reserveAttempt(tx, address, now));
    if (wait === undefined) return busy;
    return wait > 0 ? throttled(wait) : { outcome: 'dropped', reference };
  }

  const validation = validateSubmission(input);
  if (!validation.ok) return { outcome: 'invalid', values, errors: validation.errors };

  const row = businessRowOf(validation.submission, reference);
  const sourcePage =
    sitePath(isRecord(input) ? input[SOURCE_PAGE_FIELD] : undefined) ?? sitePath(context.referrerPath);
  const at = new Date(now).toISOString();
  const written = await write(store, async (tx) => {
    // Counted again inside the write lock: parallel posts from one address cannot slip past it.
    const wait = await reserveAttempt(tx, address, now);
    if (wait > 0) return { kind: 'throttled', wait } as const;
    // Held, not published: no business row, so no search entry, count or data version change (the
    // cached public answers stay valid, as nothing public changed).
    const id = await insertQueuedSubmission(tx, {
      row,
      owner_email: validation.submission.ownerEmail,
      source_page: sourcePage,
      submitted_at: at,
    });
    await logActivityIn(tx, {
      kind: 'submission',
      actor: 'public form',
      detail: `New listing awaiting review: ${row.name} (${[row.city, row.country].filter(Boolean).join(', ')})${cleanedNote(validation.warnings)}`,
      count: 1,
    });
    return { kind: 'written', id } as const;
  });
  if (written === undefined) return busy;
  if (written.kind === 'throttled') return throttled(written.wait);
  return { outcome: 'held', reference, id: written.id, warnings: validation.warnings };
}

function cleanedNote(warnings: readonly SubmissionWarning[]): string {
  return warnings.length === 0 ? '' : `; ${warnings.map((warning) => warning.message).join('; ')}`;
}

/** fn in a write transaction, or undefined when the write lock could not be had in time. */
async function write<T>(store: Store, fn: (tx: Store) => Promise<T>): Promise<T | undefined> {
  try {
    return await boundedWriteTransaction(store, SUBMISSION_LOCK_WAIT_MS, fn);
  } catch (error) {
    if (isBusyError(error)) return undefined;
    throw error;
  }
}

/** Inside the write transaction: 0 after recording the attempt, or the wait when over the limit. On
 *  PostgreSQL the attempts are locked first (a transaction does not keep other writers out by
 *  itself): parallel posts, to any instance, count one after the other, as on SQLite. */
async function reserveAttempt(tx: Store, address: string, now: number): Promise<number> {
  await lockTableForWrites(tx, 'submission_attempts');
  const reservation = await submissionLimiter(tx).reserve(address, now);
  return reservation.allowed ? 0 : reservation.waitMs;
}

/** The submission as a spreadsheet row would have brought it, through the importer's normaliser.
 *  Unverified: only the administrator's approval can mark it Verified. */
export function businessRowOf(submission: ValidSubmission, reference: string): SubmittedBusinessRow {
  const placeId = `${SUBMISSION_PLACE_ID_PREFIX}${reference}`;
  const hours = Object.fromEntries(
    Object.entries(submission.hours).map(([day, text]) => [DAY_NAMES[day as Weekday], text]),
  );
  const raw: RawRow = {
    rowNumber: 0,
    values: {
      place_id: placeId,
      name: submission.name,
      category: submission.category,
      street: submission.address,
      city: submission.city,
      state: submission.state,
      postal_code: submission.postalCode,
      country: submission.country,
      country_code: submission.countryCode,
      phone: submission.phone ?? undefined,
      website: submission.website ?? undefined,
      working_hours: Object.keys(hours).length > 0 ? JSON.stringify(hours) : undefined,
    },
  };
  const { business } = normaliseRow(raw);
  // Validation accepted a name and an id, the only things normaliseRow rejects a row for.
  if (business === null) throw new Error('a validated submission was rejected by the normaliser');
  // The slug is chosen when the submission is approved (submission-slug.ts), among the free ones then.
  const { row_number: _row, slug: _slug, ...row } = toStagedRow(0, '', business);
  return { ...row, is_verified: 0 };
}
