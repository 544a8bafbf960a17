// Every page's tag changes at the quarter hour (page-validator.ts: the open-now badge is rendered
// from the clock). A test that fetches a page and then revalidates it must not straddle that edge, or
// its 304 becomes a 200 — a failure of the test, not of the server, once in a few hundred runs.
import { afterAll, beforeAll, vi } from 'vitest';
import { CLOCK_WINDOW_MS } from '../page-validator.ts';

/** Before the suite's other hooks (call it first): moves this process's `Date` to one minute into
 *  the next clock window, and keeps it running in step with real time (timers stay real), so the
 *  tests have 14 minutes before the edge; the clock is ahead of the real one by at most 16 minutes.
 *  After the suite's other hooks (vitest runs afterAll hooks last-registered first): the real clock. */
export function insideClockWindow(): void {
  beforeAll(() => {
    const next = (Math.floor(Date.now() / CLOCK_WINDOW_MS) + 1) * CLOCK_WINDOW_MS;
    vi.useFakeTimers({ toFake: ['Date'], now: next + 60_000, shouldAdvanceTime: true });
  });
  afterAll(() => {
    vi.useRealTimers();
  });
}
