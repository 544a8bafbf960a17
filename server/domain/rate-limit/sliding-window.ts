// The one rate limiter of the site, a sliding window: at most `maxEvents` counted events per key
// within any `windowMs`. Once a key is at the limit, it waits until its oldest counted event leaves
// the window. The events live in the database (a table per use), so the limit holds across restarts
// and across the processes sharing one file. Login failures and "Add Your Business" submissions are
// the two policies (admin/login.ts, submissions/submit-business.ts).

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

export function slidingWindowLimiter<Subject>(
  policy: SlidingWindowPolicy,
  events: WindowEvents<Subject>,
): SlidingWindowLimiter<Subject> {
  /** Until fewer than maxEvents of these (newest first) remain in the window; 0 if already. */
  const waitFor = (times: readonly number[], now: number): number => {
    const oldestCounted = times[policy.maxEvents - 1];
    return oldestCounted === undefined ? 0 : Math.max(1, oldestCounted + policy.windowMs - now);
  };
  const waitMs = (subject: Subject, now: number): number =>
    Math.max(
      0,
      ...events
        .recentTimes(subject, now - policy.windowMs, policy.maxEvents)
        .map((times) => waitFor(times, now)),
    );
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

/** A Retry-After in whole seconds, never shorter than the wait. */
export function retryAfterSeconds(waitMs: number): number {
  return Math.ceil(waitMs / 1000);
}
