// The window's arithmetic on its own; its two uses are tested against real SQLite files
// on both dialects (admin/login.test.ts, submissions/submit-business.test.ts).
import { describe, expect, it } from 'vitest';
import {
  retryAfterSeconds,
  type StoredWindowEvents,
  storedSlidingWindowLimiter as slidingWindowLimiter,
} from './sliding-window.ts';

const MINUTE = 60_000;

/** Events kept in an array, one key per subject, or two when the subject is `a+b`. */
function arrayEvents(): StoredWindowEvents<string> & { kept: { key: string; at: number }[] } {
  const kept: { key: string; at: number }[] = [];
  return {
    kept,
    recentTimes: async (subject, since, limit) =>
      subject.split('+').map((key) =>
        kept
          .filter((event) => event.key === key && event.at > since)
          .map((event) => event.at)
          .sort((a, b) => b - a)
          .slice(0, limit),
      ),
    record: async (subject, at) => {
      for (const key of subject.split('+')) kept.push({ key, at });
      return kept.length;
    },
    prune: async (before) => {
      const live = kept.filter((event) => event.at > before);
      kept.splice(0, kept.length, ...live);
    },
  };
}

describe('slidingWindowLimiter', () => {
  it('allows maxEvents in a window, then waits until the oldest counted one leaves it', async () => {
    const limiter = slidingWindowLimiter({ maxEvents: 3, windowMs: 10 * MINUTE }, arrayEvents());
    for (const at of [0, MINUTE, 2 * MINUTE]) expect((await limiter.reserve('x', at)).allowed).toBe(true);
    expect(await limiter.waitMs('x', 3 * MINUTE)).toBe(7 * MINUTE);
    expect(await limiter.reserve('x', 3 * MINUTE)).toEqual({ allowed: false, waitMs: 7 * MINUTE });
    // The window slides: at 10 minutes the first event (at 0) no longer counts, the other two do.
    expect(await limiter.waitMs('x', 10 * MINUTE)).toBe(0);
    expect((await limiter.reserve('x', 10 * MINUTE)).allowed).toBe(true);
    expect(await limiter.waitMs('x', 10 * MINUTE)).toBe(MINUTE);
  });

  it('does not count refused events, so the limit lifts on schedule', async () => {
    const events = arrayEvents();
    const limiter = slidingWindowLimiter({ maxEvents: 1, windowMs: MINUTE }, events);
    await limiter.reserve('x', 0);
    for (let at = 1000; at < MINUTE; at += 1000) expect((await limiter.reserve('x', at)).allowed).toBe(false);
    expect(events.kept).toHaveLength(1);
    expect((await limiter.reserve('x', MINUTE)).allowed).toBe(true);
  });

  it('limits each key of a subject on its own and waits for the longest', async () => {
    const limiter = slidingWindowLimiter({ maxEvents: 2, windowMs: 10 * MINUTE }, arrayEvents());
    await limiter.reserve('account', 0);
    await limiter.reserve('account+address', 4 * MINUTE);
    await limiter.reserve('address', 5 * MINUTE);
    // The account's oldest counted event leaves at 10, the address's at 14.
    expect(await limiter.waitMs('account+address', 6 * MINUTE)).toBe(8 * MINUTE);
    expect(await limiter.waitMs('account', 6 * MINUTE)).toBe(4 * MINUTE);
    expect(await limiter.waitMs('other', 6 * MINUTE)).toBe(0);
  });

  it('never answers a wait of 0 while over the limit, and rounds a Retry-After up', async () => {
    const limiter = slidingWindowLimiter({ maxEvents: 1, windowMs: MINUTE }, arrayEvents());
    await limiter.reserve('x', 0);
    expect(await limiter.waitMs('x', MINUTE - 0.5)).toBe(1);
    expect(retryAfterSeconds(1)).toBe(1);
    expect(retryAfterSeconds(60_000)).toBe(60);
    expect(retryAfterSeconds(60_001)).toBe(61);
  });
});
