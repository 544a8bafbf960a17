// Long synchronous work (SQLite reads of many rows) done in steps: between two steps, pending I/O and
// other requests run, so one large read does not hold every other answer of the process.

/** Resolves in the event loop's next check phase, after the I/O that is ready. */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
