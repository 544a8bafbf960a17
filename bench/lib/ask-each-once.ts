// Asks a server every path of a list exactly once over a few connections (autocannon), each
// connection taking the next path as it sends: first-time requests only, for the long-tail search and
// suggestion benchmarks.
import autocannon from 'autocannon';
import { latencyFigures } from './steady-load.ts';

export interface Run {
  asked: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  seconds: number;
}

/** Every path once, in order, over the connections: each connection takes the next path as it sends.
 *  Latencies are taken from autocannon's response events (µs precision, not its whole-ms histogram);
 *  requests/s is answers over the time from the start to the last answer, as autocannon's own figure
 *  averages whole seconds and counts the idle second after the last answer. */
export function askEachOnce(
  port: number,
  paths: readonly string[],
  onAnswer: (index: number, status: number, body: string, ms: number) => void,
  { connections: CONNECTIONS, capSeconds }: { connections: number; capSeconds?: number },
): Promise<Run> {
  let next = 0;
  // onResponse (body, and the context that says which request) runs right before the response event
  // (latency), synchronously on the same connection: the one is kept for the other.
  let answered = { index: -1, body: '' };
  const latencies: number[] = [];
  const started = performance.now();
  let lastAnswer = started;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: Math.min(CONNECTIONS, paths.length),
        amount: paths.length,
        timeout: 30,
        requests: [
          {
            method: 'GET',
            // autocannon keeps one context per connection and hands it to onResponse for the answer
            // to the request built here (no pipelining), so the index says which query was answered.
            setupRequest: (req, context) => {
              const index = next++;
              if (index >= paths.length) throw new Error('more requests than queries: a URL would repeat');
              (context as { index: number }).index = index;
              return { ...req, path: paths[index]! };
            },
            onResponse: (_status, body, context) => {
              answered = { index: (context as { index: number }).index, body };
            },
          },
        ],
      },
      (error, result) => {
        clearTimeout(timer);
        if (error) return reject(error);
        const figures = latencyFigures(latencies);
        const seconds = (lastAnswer - started) / 1000;
        resolve({
          asked: latencies.length,
          rps: Math.round(latencies.length / seconds),
          p50: figures.p50,
          p99: figures.p99,
          max: figures.max,
          non2xx: result.non2xx,
          errors: result.errors,
          seconds,
        });
      },
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      latencies.push(responseTime);
      lastAnswer = performance.now();
      onAnswer(answered.index, status, answered.body, responseTime);
    });
    const timer = capSeconds ? setTimeout(() => instance.stop(), capSeconds * 1000) : undefined;
  });
}
