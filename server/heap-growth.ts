// The server's full garbage collections are what visitors feel: each is 5–20 ms of pauses and
// marking steps on the thread that renders pages, and the slowest requests overlap them. V8 sizes the
// old generation's next limit from how fast it collects against how fast the program promotes; for
// this server (a ~36 MB live heap that collects quickly) it picks ~1.3×, so under a steady 40 pages
// a second a full collection starts every 3–5 s, and more often while an upload or an import adds
// allocation. A fixed factor spaces them out for some tens of MB of heap (decision 0019).
import { setFlagsFromString } from 'node:v8';

const FLAG = '--heap-growing-percent';

/** Sets V8's heap growing factor for this process, unless `percent` is 0 (V8's own, dynamic factor)
 *  or the process was started with the flag (an operator's explicit choice wins). V8 reads the flag
 *  each time it recomputes its limits, so setting it after start-up takes effect at the next full
 *  collection. Returns the percent now in force by our hand, or undefined. */
export function applyHeapGrowth(
  percent: number,
  execArgv: readonly string[] = process.execArgv,
): number | undefined {
  if (percent === 0) return undefined;
  if (execArgv.some((arg) => arg === FLAG || arg.startsWith(`${FLAG}=`))) return undefined;
  setFlagsFromString(`${FLAG}=${percent}`);
  return percent;
}
