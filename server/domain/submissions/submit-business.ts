// A business submitted through "Add Your Business": rate limit, spam trap, validation, then one
// pending (unverified) business written as the importer writes its rows — normalised by the same
// function, with a slug from the same rules, grouped, indexed for search and counted — plus a record
// of who submitted it and an entry in the admin's activity log.
import { randomUUID } from 'node:crypto';
import { logActivity } from '../../../db/activity-repository.ts';
import { isBusyError, withBusyTimeout } from '../../../db/admin-business-repository.ts';
import { immediateTransaction, type Sqlite } from '../../../db/connection.ts';
import {
  firstFreeSlug,
  insertBusinessSubmission,
  insertSubmissionAttempt,
  insertSubmittedBusiness,
  pruneSubmissionAttempts,
  recentSubmissionAttemptTimes,
  type SubmittedBusinessRow,
} from '../../../db/submission-repository.ts';
import {
  HONEYPOT_FIELD,
  type SubmissionFieldErrors,
  type SubmissionValues,
} from '../../contract/business-submission.ts';
import type { Weekday } from '../../contract/hours.ts';
import { ipKey } from '../admin/throttle-keys.ts';
import type { RawRow } from '../import/normalised-business.ts';
import { normaliseRow } from '../import/normalise/normalise-row.ts';
import { slugCandidates } from '../import/normalise/slug.ts';
import { toStagedRow } from '../import/staged-row.ts';
import {
  DAY_NAMES,
  isRecord,
  submittedValues,
  type ValidSubmission,
  validateSubmission,
} from './submission-rules.ts';

/** Accepted submissions (kept or dropped as spam) per client address and window. */
export const SUBMISSION_LIMIT = { maxSubmissions: 5, windowMs: 60 * 60 * 1000 } as const;

/** How long a submission waits for the write lock. The wait blocks the event loop (better-sqlite3 is
 *  synchronous): behind an import's merge (seconds) the visitor is asked to retry instead, as the
 *  admin's edits are (decision 0013). */
export const SUBMISSION_LOCK_WAIT_MS = 250;
/** What a visitor is told to wait then. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/** place_id of a business that came from the form: never equal to an imported (Google) id. */
export const SUBMISSION_PLACE_ID_PREFIX = 'submission:';

export interface SubmissionContext {
  /** The client address as the HTTP layer sees it (after trust proxy). */
  ip: string | undefined;
  /** Unix milliseconds; injected by tests. */
  now?: () => number;
  /** A fresh random reference (a UUID); injected by tests. */
  newReference?: () => string;
}

export type SubmissionOutcome =
  | { outcome: 'created'; reference: string; id: number; slug: string }
  /** The spam trap was filled: nothing kept, but the caller answers exactly as for 'created'. */
  | { outcome: 'dropped'; reference: string }
  | { outcome: 'invalid'; values: SubmissionValues; errors: SubmissionFieldErrors }
  | { outcome: 'throttled'; values: SubmissionValues; retryAfterSeconds: number }
  /** Another writer (an import's merge) held the database too long: nothing written, retry soon. */
  | { outcome: 'busy'; values: SubmissionValues; retryAfterSeconds: number };

/** Milliseconds until fewer than the maximum of these attempts (newest first) remain in the window. */
function waitFor(attemptTimes: readonly number[], now: number): number {
  const oldestCounted = attemptTimes[SUBMISSION_LIMIT.maxSubmissions - 1];
  return oldestCounted === undefined ? 0 : Math.max(1, oldestCounted + SUBMISSION_LIMIT.windowMs - now);
}

function currentWait(sqlite: Sqlite, address: string, now: number): number {
  const since = now - SUBMISSION_LIMIT.windowMs;
  return waitFor(recentSubmissionAttemptTimes(sqlite, address, since, SUBMISSION_LIMIT.maxSubmissions), now);
}

export function submitBusiness(
  sqlite: Sqlite,
  input: unknown,
  context: SubmissionContext,
): SubmissionOutcome {
  const now = (context.now ?? Date.now)();
  const address = ipKey(context.ip);
  const values = submittedValues(input);
  const throttled = (wait: number): SubmissionOutcome => ({
    outcome: 'throttled',
    values,
    retryAfterSeconds: Math.ceil(wait / 1000),
  });

  // Over the limit, nothing else matters; checked first so that the answer does not depend on what
  // was typed (and cheaply: no write).
  const waitBefore = currentWait(sqlite, address, now);
  if (waitBefore > 0) return throttled(waitBefore);

  const reference = (context.newReference ?? randomUUID)();
  const busy: SubmissionOutcome = { outcome: 'busy', values, retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS };
  // The trap before validation: a robot learns nothing from field errors, and its submission
  // counts toward the limit like any other.
  const trap = isRecord(input) ? input[HONEYPOT_FIELD] : undefined;
  if (trap !== undefined && trap !== '') {
    const wait = write(sqlite, () => reserveAttempt(sqlite, address, now));
    if (wait === undefined) return busy;
    return wait > 0 ? throttled(wait) : { outcome: 'dropped', reference };
  }

  const validation = validateSubmission(input);
  if (!validation.ok) return { outcome: 'invalid', values, errors: validation.errors };

  const { row, slugs } = businessRowOf(validation.submission, reference);
  const at = new Date(now).toISOString();
  const written = write(sqlite, () => {
    // Counted again inside the write lock: parallel posts from one address cannot slip past it.
    const wait = reserveAttempt(sqlite, address, now);
    if (wait > 0) return { kind: 'throttled', wait } as const;
    // slugCandidates ends in numbered suffixes, so a free one exists in any real table.
    const slug = firstFreeSlug(sqlite, slugs) ?? `${slugs[0]}-${reference}`;
    const id = insertSubmittedBusiness(sqlite, row, slug, at);
    insertBusinessSubmission(sqlite, {
      place_id: row.place_id,
      owner_email: validation.submission.ownerEmail,
      submitted_at: at,
    });
    logActivity(sqlite, {
      kind: 'submission',
      actor: 'public form',
      detail: `New listing awaiting review: ${row.name} (${[row.city, row.country].filter(Boolean).join(', ')})`,
      count: 1,
    });
    return { kind: 'written', id, slug } as const;
  });
  if (written === undefined) return busy;
  if (written.kind === 'throttled') return throttled(written.wait);
  return { outcome: 'created', reference, id: written.id, slug: written.slug };
}

/** fn in a write transaction, or undefined when the write lock could not be had in time. */
function write<T>(sqlite: Sqlite, fn: () => T): T | undefined {
  try {
    return withBusyTimeout(sqlite, SUBMISSION_LOCK_WAIT_MS, () => immediateTransaction(sqlite, fn));
  } catch (error) {
    if (isBusyError(error)) return undefined;
    throw error;
  }
}

/** Inside the write transaction: 0 after recording the attempt, or the wait when over the limit. */
function reserveAttempt(sqlite: Sqlite, address: string, now: number): number {
  pruneSubmissionAttempts(sqlite, now - SUBMISSION_LIMIT.windowMs);
  const wait = currentWait(sqlite, address, now);
  if (wait > 0) return wait;
  insertSubmissionAttempt(sqlite, address, now);
  return 0;
}

/** The submission as a spreadsheet row would have brought it, through the importer's normaliser. */
export function businessRowOf(
  submission: ValidSubmission,
  reference: string,
): { row: SubmittedBusinessRow; slugs: string[] } {
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
  const { row_number: _row, slug: _slug, ...row } = toStagedRow(0, '', business);
  // The slug's id part comes from the random reference, not from the shared "submission:" prefix:
  // "joes-pizza-3f9a2c1", like an imported "joes-pizza-ChIJN1t".
  return { row, slugs: slugCandidates(business.name, reference.replace(/-/g, '')) };
}
