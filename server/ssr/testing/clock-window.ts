// Every page's tag changes at the quarter hour (page-validator.ts: the open-now badge is rendered
// from the clock). A test that fetches a page and then revalidates it must not straddle that edge, or
// its 304 becomes a 200 — a failure of the test, not of the server, once in a few hundred runs.
import { vi } from 'vitest';
import { CLOCK_WINDOW_MS } from '../page-validator.ts';

/** Moves this process's `Date` to one minute into the next clock window, and keeps it running in
 *  step with real time (timers stay real): the tests that follow have 14 minutes before the edge.
 *  The clock is ahead of the real one by at most 16 minutes; `vi.useRealTimers()` puts it back. */
export function startInsideClockWindow(): void {
  const next = (Math.floor(Date.now() / CLOCK_WINDOW_MS) + 1) * CLOCK_WINDOW_MS;
  vi.useFakeTimers({ toFake: ['Date'], now: next + 60_000, shouldAdvanceTime: true });
}
