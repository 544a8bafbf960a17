// Visitors arriving at a steady rate (open loop): one request every 1/rate s, whether or not the
// earlier ones have been answered, each timed on its own. autocannon's overallRate sends each
// second's quota in a burst at the start of the second, so its tail measured how long a burst of 40
// waits in line — a load-generator artefact, not what spread-out visitors see.
import { Agent, request } from 'node:http';

export interface SteadyLoadResult {
  requests: number;
  /** Requests answered per second over the run. */
  rate: number;
  p50: number;
  p99: number;
  max: number;
  /** Non-2xx answers and failed requests. */
  errors: number;
  /** The first few errors: path and status or error code, to say what failed. */
  errorSamples: string[];
  /** When the run began (ms since the epoch), to place the samples in time. */
  startedAt: number;
  /** Each answered request: when it was sent (ms since the run began) and how long it took. */
  samples: { at: number; ms: number }[];
}

export interface SteadyLoadOptions {
  base: string;
  paths: readonly string[];
  ratePerSecond: number;
  /** Stops after this long, or earlier when `until` settles. */
  maxMs: number;
  until?: Promise<unknown>;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** p50, p99 and max of a set of latencies (ms), in any order; NaN for an empty set. */
export function latencyFigures(latencies: readonly number[]): { p50: number; p99: number; max: number } {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? Number.NaN };
}

export async function steadyLoad(options: SteadyLoadOptions): Promise<SteadyLoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const url = new URL(options.base);
  const samples: { at: number; ms: number }[] = [];
  const inFlight = new Set<Promise<void>>();
  let errors = 0;
  const errorSamples: string[] = [];
  const failed = (path: string, what: string) => {
    errors++;
    if (errorSamples.length < 10) errorSamples.push(`${what} ${path}`);
  };
  let sent = 0;
  let stopped = false;
  const began = performance.now();
  const startedAt = Date.now();
  void options.until?.then(
    () => (stopped = true),
    () => (stopped = true),
  );

  const one = (path: string) =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = request(
        { host: url.hostname, port: url.port, path, agent, headers: { 'accept-encoding': 'gzip, br' } },
        (res) => {
          res.resume();
          res.on('end', () => {
            samples.push({ at: started - began, ms: performance.now() - started });
            if ((res.statusCode ?? 0) >= 300) failed(path, `HTTP ${res.statusCode}`);
            resolve();
          });
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) => {
        failed(path, error.code ?? error.message);
        resolve();
      });
      req.end();
    });

  const interval = 1000 / options.ratePerSecond;
  while (!stopped && performance.now() - began < options.maxMs) {
    // The schedule is fixed in advance: a late tick does not push the later ones back.
    const due = began + sent * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const pending = one(options.paths[sent % options.paths.length]!);
    sent++;
    inFlight.add(pending);
    void pending.then(() => inFlight.delete(pending));
  }
  const elapsed = (performance.now() - began) / 1000;
  await Promise.all(inFlight);
  agent.destroy();
  return {
    requests: sent,
    rate: samples.length / elapsed,
    ...latencyFigures(samples.map((sample) => sample.ms)),
    errors,
    errorSamples,
    startedAt,
    samples,
  };
}
