// The one rate limiter of the site, a sliding window: at most `maxEvents` counted events per key
// within any `windowMs`. Once a key is at the limit, it waits until its oldest counted event leaves
// the window. The events live in the database (a table per use), so the limit holds across restarts
// and across the processes (on PostgreSQL, the machines) sharing one database. Login failures and "Add
// Your Business" submissions are the two policies (admin/login.ts, which keeps its events through the
// store on either dialect; submissions/submit-business.ts, on SQLite so far).

export interface SlidingWindowPolicy {
  readonly maxEvents: number;
  readonly windowMs: number;
}

/** Where one use keeps its counted events. A subject may be counted under several keys at once (a
 *  login failure counts for the account and for the address): each key gets its own limit. */
export interface WindowEvents<Subject> {
  /** Per key of the subject, the times (Unix ms) of its events after `since`, newest first, at most
   *  `limit` of them. */
  recentTimes(subject: Subject, since: number, limit: number): number[][];
  /** Counts one event of the subject at `at`; returns its id. */
  record(subject: Subject, at: number): number;
  /** Forgets the events at or before `before`: they no longer count. */
  prune(before: number): void;
}

export type Reservation = { allowed: true; id: number } | { allowed: false; waitMs: number };

export interface SlidingWindowLimiter<Subject> {
  readonly policy: SlidingWindowPolicy;
  /** Milliseconds until the subject may act again; 0 when it may now. Reads only. */
  waitMs(subject: Subject, now: number): number;
  /** Counts an event unless the subject is over the limit. Call it inside a write transaction, so
   *  that parallel requests see each other's events and cannot slip past the limit together. A
   *  refused event is not counted: the limit lifts on schedule instead of being extended by every
   *  knock. */
  reserve(subject: Subject, now: number): Reservation;
}

/** Until every key has fewer than maxEvents events (newest first) left in the window; 0 if already. */
function waitForKeys(policy: SlidingWindowPolicy, timesPerKey: readonly number[][], now: number): number {
  const waitFor = (times: readonly number[]): number => {
    const oldestCounted = times[policy.maxEvents - 1];
    return oldestCounted === undefined ? 0 : Math.max(1, oldestCounted + policy.windowMs - now);
  };
  return Math.max(0, ...timesPerKey.map(waitFor));
}

export function slidingWindowLimiter<Subject>(
  policy: SlidingWindowPolicy,
  events: WindowEvents<Subject>,
): SlidingWindowLimiter<Subject> {
  const waitMs = (subject: Subject, now: number): number =>
    waitForKeys(policy, events.recentTimes(subject, now - policy.windowMs, policy.maxEvents), now);
  return {
    policy,
    waitMs,
    reserve(subject, now) {
      events.prune(now - policy.windowMs);
      const wait = waitMs(subject, now);
      return wait > 0 ? { allowed: false, waitMs: wait } : { allowed: true, id: events.record(subject, now) };
    },
  };
}

/** WindowEvents kept through the store (decision 0034), whose answers are promises: for a use that
 *  runs on either database. */
export interface StoredWindowEvents<Subject> {
  recentTimes(subject: Subject, since: number, limit: number): Promise<number[][]>;
  record(subject: Subject, at: number): Promise<number>;
  prune(before: number): Promise<void>;
}

export interface StoredSlidingWindowLimiter<Subject> {
  readonly policy: SlidingWindowPolicy;
  waitMs(subject: Subject, now: number): Promise<number>;
  /** As SlidingWindowLimiter.reserve, inside the store's write transaction. On PostgreSQL a
   *  transaction does not keep other writers out by itself: the caller locks the events first. */
  reserve(subject: Subject, now: number): Promise<Reservation>;
}

/** The same window over events kept through the store. */
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
