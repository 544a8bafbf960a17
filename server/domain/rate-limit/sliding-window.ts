// The one rate limiter of the site, a sliding window: at most `maxEvents` counted events per key
// within any `windowMs`. Once a key is at the limit, it waits until its oldest counted event leaves
// the window. The events live in the database (a table per use), so the limit holds across restarts
// and across the processes (on PostgreSQL, the machines) sharing one database. Login failures and "Add
// Your Business" submissions are the two policies (admin/login.ts, submissions/submit-business.ts),
// both keeping their events through the store on either dialect: nothing is counted in a process.

export interface SlidingWindowPolicy {
  readonly maxEvents: number;
  readonly windowMs: number;
}

export type Reservation = { allowed: true; id: number } | { allowed: false; waitMs: number };

/** Until every key has fewer than maxEvents events (newest first) left in the window; 0 if already. */
function waitForKeys(policy: SlidingWindowPolicy, timesPerKey: readonly number[][], now: number): number {
  const waitFor = (times: readonly number[]): number => {
    const oldestCounted = times[policy.maxEvents - 1];
    return oldestCounted === undefined ? 0 : Math.max(1, oldestCounted + policy.windowMs - now);
  };
  return Math.max(0, ...timesPerKey.map(waitFor));
}

/** Where one use keeps its counted events, through the store (decision 0034): a table per use, on
 *  either database. A subject may be counted under several keys at once (a login failure counts for
 *  the account and for the address): each key gets its own limit. */
export interface StoredWindowEvents<Subject> {
  /** Per key of the subject, the times (Unix ms) of its events after `since`, newest first, at most
   *  `limit` of them. */
  recentTimes(subject: Subject, since: number, limit: number): Promise<number[][]>;
  /** Counts one event of the subject at `at`; returns its id. */
  record(subject: Subject, at: number): Promise<number>;
  /** Forgets the events at or before `before`: they no longer count. */
  prune(before: number): Promise<void>;
}

export interface StoredSlidingWindowLimiter<Subject> {
  readonly policy: SlidingWindowPolicy;
  /** Milliseconds until the subject may act again; 0 when it may now. Reads only. */
  waitMs(subject: Subject, now: number): Promise<number>;
  /** Counts an event unless the subject is over the limit. Call it inside the store's write
   *  transaction, so that parallel requests see each other's events and cannot slip past the limit
   *  together; on PostgreSQL a transaction does not keep other writers out by itself, so the caller
   *  locks the events' table first (db/table-write-lock.ts). A refused event is not counted: the
   *  limit lifts on schedule instead of being extended by every knock. */
  reserve(subject: Subject, now: number): Promise<Reservation>;
}

/** The window over events kept through the store. */
export function storedSlidingWindowLimiter<Subject>(
  policy: SlidingWindowPolicy,
  events: StoredWindowEvents<Subject>,
): StoredSlidingWindowLimiter<Subject> {
  const waitMs = async (subject: Subject, now: number): Promise<number> =>
    waitForKeys(policy, await events.recentTimes(subject, now - policy.windowMs, policy.maxEvents), now);
  return {
    policy,
    waitMs,
    async reserve(subject, now) {
      await events.prune(now - policy.windowMs);
      const wait = await waitMs(subject, now);
      return wait > 0
        ? { allowed: false, waitMs: wait }
        : { allowed: true, id: await events.record(subject, now) };
    },
  };
}

/** A Retry-After in whole seconds, never shorter than the wait. */
export function retryAfterSeconds(waitMs: number): number {
  return Math.ceil(waitMs / 1000);
}
