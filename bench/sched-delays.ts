// How long the server's and the visitors' threads waited for a core while an import ran, from a
// `perf sched` trace: a less noisy view than a p99, which rests on a handful of requests per import
// (docs/decisions/0016). Needs Debian's linux-perf and root. While import-under-load runs once:
//   perf sched record -a -o /tmp/perf.data -- sleep 50 &
//   npx tsx bench/import-under-load.bench.ts --runs 1 --setups idle
//   perf sched timehist -i /tmp/perf.data > /tmp/timehist.txt
//   npx tsx bench/sched-delays.ts /tmp/timehist.txt --server <pid> --visitors <pid> --import <pid>
// (the pids: `pgrep -f "directory.mjs serve"`, `pgrep -f import-under-load`, `pgrep -f import-child`).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    server: { type: 'string' },
    visitors: { type: 'string' },
    import: { type: 'string' },
  },
});
if (positionals.length !== 1 || !values.server || !values.visitors || !values.import) {
  console.error('usage: sched-delays.ts timehist.txt --server PID --visitors PID --import PID');
  process.exit(2);
}

interface Slice {
  at: number;
  pid: string;
  /** Scheduling delay: from being woken to running, ms. */
  delay: number;
}

// timehist lines: time, [cpu], comm[tid/pid] (or comm[pid] for a main thread), wait, sch delay, run.
const LINE = /^\s*([\d.]+)\s+\[\d+\]\s+\S*\[(\d+)(?:\/(\d+))?\]\s+[\d.]+\s+([\d.]+)\s+[\d.]+\s*$/;
const slices: Slice[] = [];
for (const line of readFileSync(positionals[0]!, 'utf8').split('\n')) {
  const match = LINE.exec(line);
  if (match) slices.push({ at: Number(match[1]), pid: match[3] ?? match[2]!, delay: Number(match[4]) });
}
const importTimes = slices.filter((s) => s.pid === values.import).map((s) => s.at);
if (importTimes.length === 0) throw new Error(`no thread of process ${values.import} in the trace`);
const start = Math.min(...importTimes);
const end = Math.max(...importTimes);

function figures(pid: string, from: number, to: number): string {
  const delays = slices.filter((s) => s.pid === pid && s.at >= from && s.at <= to).map((s) => s.delay);
  const over = (ms: number) => delays.filter((d) => d > ms).length;
  const seconds = to - from;
  return `${(over(2) / seconds).toFixed(1)} | ${(over(4) / seconds).toFixed(1)} | ${Math.max(0, ...delays).toFixed(1)} ms | ${(delays.reduce((a, b) => a + b, 0) / seconds).toFixed(0)} ms`;
}

console.log(`import ran ${(end - start).toFixed(1)} s; the idle window is the 10 s that end 2 s before it.

| threads of | window | waits > 2 ms per s | > 4 ms per s | longest | waiting per s |
|---|---|---|---|---|---|
| server | idle | ${figures(values.server, start - 12, start - 2)} |
| server | during the import | ${figures(values.server, start, end)} |
| visitors (load generator) | idle | ${figures(values.visitors, start - 12, start - 2)} |
| visitors (load generator) | during the import | ${figures(values.visitors, start, end)} |`);
