// Preloaded into a benchmark's server (BENCH_NODE_FLAGS="--import ./bench/lib/request-gc-trace.mjs",
// TRACE_OUT=/tmp/trace): one line per answered request and per garbage collection, with wall-clock
// start times, so that bench/slow-requests-gc.ts can tell which slow requests a collection overlapped.
// Plain JavaScript: it runs before the server's TypeScript loader. Diagnostics only, never shipped.
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import { PerformanceObserver, performance } from 'node:perf_hooks';

const out = `${process.env.TRACE_OUT ?? '/tmp/request-gc-trace'}.${process.pid}`;
const lines = [];
const wall = (relative) => (performance.timeOrigin + relative).toFixed(1);

// Kinds as perf_hooks numbers them: 1 scavenge, 2 minor mark-sweep, 4 mark-compact, 8 incremental marking step.
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    lines.push(`gc ${wall(entry.startTime)} ${entry.duration.toFixed(2)} ${entry.detail?.kind ?? 0}`);
  }
}).observe({ entryTypes: ['gc'] });

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function traced(event, ...args) {
  const [req, res] = args;
  if (event === 'request') {
    const started = performance.now();
    res.once('finish', () => {
      const ms = (performance.now() - started).toFixed(2);
      lines.push(`req ${wall(started)} ${ms} ${req.method} ${req.url.slice(0, 80)}`);
    });
  }
  return emit.call(this, event, ...args);
};

const flush = () => {
  if (lines.length > 0) appendFileSync(out, `${lines.splice(0).join('\n')}\n`);
};
setInterval(flush, 1000).unref();
process.on('exit', flush);
