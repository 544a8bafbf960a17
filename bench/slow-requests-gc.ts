// Which of visitors' slow requests during an import overlapped the server's own garbage collections,
// from a trace written by bench/lib/request-gc-trace.mjs (docs/decisions/0016). While one run:
//   TRACE_OUT=/tmp/trace BENCH_NODE_FLAGS="--import ./bench/lib/request-gc-trace.mjs" \
//     npx tsx bench/import-under-load.bench.ts --runs 1 --setups idle
//   npx tsx bench/slow-requests-gc.ts /tmp/trace.<server pid> [--slowest 10]
// Server-side times (request handler to the last byte handed to the socket), not the visitor's.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { latencyFigures } from './lib/steady-load.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { slowest: { type: 'string', default: '10' } },
});
if (positionals.length !== 1) {
  console.error('usage: slow-requests-gc.ts <trace file> [--slowest N]');
  process.exit(2);
}

interface Request {
  at: number;
  ms: number;
  method: string;
  url: string;
}
interface Collection {
  at: number;
  ms: number;
  kind: string;
}
const KINDS: Record<string, string> = {
  '1': 'scavenge',
  '2': 'minor',
  '4': 'mark-compact',
  '8': 'marking step',
};

const requests: Request[] = [];
const collections: Collection[] = [];
for (const line of readFileSync(positionals[0]!, 'utf8').split('\n')) {
  const [type, at, ms, a, b] = line.split(' ');
  if (type === 'req') requests.push({ at: Number(at), ms: Number(ms), method: a!, url: b ?? '' });
  if (type === 'gc') collections.push({ at: Number(at), ms: Number(ms), kind: KINDS[a!] ?? `kind ${a}` });
}
const upload = requests.find((r) => r.method === 'POST' && r.url.startsWith('/api/admin/import'));
if (!upload) throw new Error('no POST /api/admin/import in the trace');
const end = upload.at + upload.ms;
const pages = (from: number, to: number) =>
  requests.filter((r) => r.url.startsWith('/details/') && r.at >= from && r.at < to);
const before = pages(upload.at - 20_000, upload.at);
const during = pages(upload.at, end);

const gcSummary = (from: number, to: number) => {
  const inside = collections.filter((c) => c.at >= from && c.at < to);
  const seconds = (to - from) / 1000;
  const byKind = Object.values(KINDS)
    .map((kind) => {
      const some = inside.filter((c) => c.kind === kind);
      return some.length === 0
        ? ''
        : `${kind} ${(some.length / seconds).toFixed(2)}/s (longest ${Math.max(...some.map((c) => c.ms)).toFixed(1)} ms)`;
    })
    .filter(Boolean);
  return byKind.join(', ');
};
const line = (label: string, list: Request[], from: number, to: number) => {
  // The benchmark's own percentiles, so that these figures compare with its table.
  const { p50, p99 } = latencyFigures(list.map((r) => r.ms));
  return `${label}: ${list.length} page requests, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; ${gcSummary(from, to)}`;
};

console.log(line('before the import (20 s)', before, upload.at - 20_000, upload.at));
console.log(line(`during the import (${(upload.ms / 1000).toFixed(1)} s)`, during, upload.at, end));
console.log(
  '\nslowest during the import: start (s after the upload began), server time, collections overlapping it',
);
const overlapping = (r: Request) => collections.filter((c) => c.at < r.at + r.ms && c.at + c.ms > r.at);
for (const r of [...during].sort((x, y) => y.ms - x.ms).slice(0, Number(values.slowest))) {
  const gcs = overlapping(r).map((c) => `${c.kind} ${c.ms.toFixed(1)} ms`);
  const gcMs = overlapping(r).reduce((sum, c) => sum + c.ms, 0);
  console.log(
    `  ${((r.at - upload.at) / 1000).toFixed(2)} s  ${r.ms.toFixed(1)} ms  ${gcs.length ? `${gcs.join(', ')} (${gcMs.toFixed(1)} ms)` : 'none'}`,
  );
}
