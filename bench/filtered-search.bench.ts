// Filtered and sorted search pages (decision 0026): the long-tail search queries of
// bench/search-long-tail.bench.ts, each with "open now", a minimum rating and a sort (rating, reviews,
// or relevance), each URL asked exactly once of a freshly started server with the answer cache off
// (after 200 other queries asked for at least 6 s: the server's start is not a visitor's wait) —
// the uncached pages' targets: ≥ 150 req/s and p99 < 100 ms at 10 connections on 1M businesses.
//   npx tsx bench/filtered-search.bench.ts [--db bench/out/million.db] [--queries 3000] [--seconds N] [--processes 1,2]
// With each count of server processes (SERVER_PROCESSES; decision 0032), each on a fresh server.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { askEachOnce } from './lib/ask-each-once.ts';
import { longTailQueries } from './lib/long-tail-queries.ts';
import { askEachOnceNative, LOAD_NOTE, type Load, loadGenerators } from './lib/native-load.ts';
import { machineLine, writeResultSection } from './lib/results.ts';
import { sampleInputs } from './lib/sample-inputs.ts';
import {
  processCountsOf,
  productionEnv,
  serverMemory,
  startDirectoryServer,
  stopServer,
} from './lib/server-child.ts';
import { warmUp } from './lib/warm-up.ts';

const DEFAULT_DB = join('bench', 'out', 'million.db');
const { values } = parseArgs({
  options: {
    db: { type: 'string', default: DEFAULT_DB },
    queries: { type: 'string', default: '3000' },
    seconds: { type: 'string' },
    processes: { type: 'string', default: '1,2' },
  },
});
const dbPath = values.db!;
const queryCount = Number(values.queries);
const capSeconds = values.seconds ? Number(values.seconds) : undefined;
const PORT = 3932;
const CONNECTIONS = 10;
const TARGETS = { rps: 150, p99Ms: 100 };
const STARTED_UTC = new Date().toISOString().slice(11, 16);
if (!Number.isInteger(queryCount) || queryCount < CONNECTIONS)
  throw new Error('--queries: a whole number ≥ 10');

const SORTS = ['rating', 'reviews', 'relevance'] as const;
const RATINGS = ['4', '4.5', '3.5'] as const;
/** Other queries (another seed, none of the measured ones), asked first for at least WARM_UP_MS
 *  (./lib/warm-up.ts). */
const WARM_UP_QUERIES = 200;
const WARM_UP_MS = 6_000;
const withFilters = (path: string, i: number) =>
  `${path}&openNow=true&minRating=${RATINGS[i % RATINGS.length]}&sort=${SORTS[Math.floor(i / RATINGS.length) % SORTS.length]}`;
// Every query with open now, a rating and a sort, turn by turn (paths are /api/search?…).
const paths = longTailQueries(queryCount).map((query, i) => withFilters(query.path, i));
const measured = new Set(paths);
const warmUpPaths = longTailQueries(WARM_UP_QUERIES, 2)
  .map((query, i) => withFilters(query.path, i))
  .filter((path) => !measured.has(path));
const { total } = sampleInputs(dbPath, { slugs: 1, cities: 1 });

const env = { ...(await productionEnv()), RESPONSE_CACHE: 'off', LOG_LEVEL: 'warn' };
const processCounts = processCountsOf(values.processes!);
const rows: {
  processes: number;
  load: Load;
  run: Awaited<ReturnType<typeof askEachOnce>>;
  found: number;
  failed: number;
  rssMb: number;
}[] = [];
// Each from autocannon and, when installed, from wrk (decision 0043), each on a fresh server.
const loads = loadGenerators();
let runIndex = 0;
for (const processes of processCounts)
  for (const load of loads) {
    // A port per run: fetch's kept-alive connections to the previous server would otherwise be reused.
    const port = PORT + runIndex++;
    const server = await startDirectoryServer(dbPath, port, { ...env, SERVER_PROCESSES: String(processes) });
    let found = 0;
    let failed = 0;
    try {
      await warmUp(port, warmUpPaths, WARM_UP_MS);
      let run: Awaited<ReturnType<typeof askEachOnce>>;
      if (load === 'wrk') {
        const native = await askEachOnceNative(port, paths, {
          connections: CONNECTIONS,
          emptyMarker: '"totalCount":0,',
          capSeconds,
        });
        run = native;
        failed = native.non2xx;
        found = native.asked - native.non2xx - native.empty;
      } else
        run = await askEachOnce(
          port,
          paths,
          (_index, status, body) => {
            if (status !== 200) failed++;
            else if (!/"totalCount":0[,}]/.test(body)) found++;
          },
          { connections: CONNECTIONS, capSeconds },
        );
      rows.push({ processes, load, run, found, failed, rssMb: serverMemory(server.pid).rssMb });
    } finally {
      await stopServer(server);
    }
  }
// Met only when every load generator's run with the most processes meets both.
const judged = rows.filter((r) => r.processes === rows.at(-1)!.processes).map((r) => r.run);

const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
const met = judged.every((run) => run.rps >= TARGETS.rps && run.p99 < TARGETS.p99Ms);
const table = `## Filtered and sorted search (open now + rating + sort), first time

${machineLine()}; ${total.toLocaleString('en-US')} businesses; ${paths.length.toLocaleString('en-US')} long-tail queries, each once with openNow=true, minRating 3.5/4/4.5 and sort rating/reviews/relevance in turn, answer cache off, ${CONNECTIONS} connections; run at ${STARTED_UTC} UTC (who is open now, and so how many answers have results, follows the hour).

| server processes | load from | asked | with results | failed | req/s | p50 | p99 | max | server RSS |
|---|---|---|---|---|---|---|---|---|---|
${rows.map(({ processes, load, run, found, failed, rssMb }) => `| ${processes} | ${load} | ${run.asked} | ${found} | ${failed} | ${run.rps} | ${ms(run.p50)} | ${ms(run.p99)} | ${ms(run.max)} | ${rssMb} MB |`).join('\n')}

${LOAD_NOTE}

Targets (${rows.at(-1)!.processes} server process${rows.at(-1)!.processes === 1 ? '' : 'es'}, from ${loads.join(' and ')}) ≥ ${TARGETS.rps} req/s and p99 < ${TARGETS.p99Ms} ms: ${met ? 'met' : '**missed**'}.`;
console.log(table);
// Only the 1M database's figures are recorded; a smaller one is a check that the benchmark works.
if (dbPath === DEFAULT_DB) writeResultSection('filtered-search', table);
