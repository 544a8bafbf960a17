// Search on the long tail: thousands of distinct queries as people type them (plurals, other words,
// typos; cities, states, counties, ZIP codes, aliases; two boxes or one), each asked exactly once of
// a freshly started server, so that nothing the server keeps per query (answer cache, search plans)
// can answer it: what a visitor waits for a query the site has not seen, which is most of them. Cache
// off and on, each on its own fresh server; the load from this process (autocannon, 10 connections,
// `amount` = the number of queries, each connection taking the next URL), the server in its own.
// How many queries found nothing or were corrected is counted from the answers during the cache-off run.
//   npx tsx bench/search-long-tail.bench.ts [--db bench/out/million.db] [--queries 4800] [--warm-up 200]
//     [--seconds N (stop each run after N s, for a quick look)] [--modes off,on] [--processes 1,2]
// Each mode runs with each count of server processes (SERVER_PROCESSES; decision 0032).
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { SearchAnswer } from '../server/contract/search.ts';
import {
  type LongTailQuery,
  longTailQueries,
  type PlaceKind,
  type ServiceKind,
} from './lib/long-tail-queries.ts';
import { machineLine, writeResultSection } from './lib/results.ts';
import { sampleInputs } from './lib/sample-inputs.ts';
import {
  productionEnv,
  type ServerMemory,
  serverMemory,
  startDirectoryServer,
  stopServer,
  processCountsOf,
} from './lib/server-child.ts';
import { askEachOnce, type Run } from './lib/ask-each-once.ts';
import { latencyFigures } from './lib/steady-load.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: join('bench', 'out', 'million.db') },
    queries: { type: 'string', default: '4800' },
    'warm-up': { type: 'string', default: '200' },
    seconds: { type: 'string' },
    modes: { type: 'string', default: 'off,on' },
    processes: { type: 'string', default: '1,2' },
  },
});
const dbPath = values.db!;
const queryCount = Number(values.queries);
const warmUpCount = Number(values['warm-up']);
const capSeconds = values.seconds ? Number(values.seconds) : undefined;
const modes = values.modes!.split(',') as ('off' | 'on')[];
const processCounts = processCountsOf(values.processes!);
const PORTS = { off: 3921, on: 3922 };
const CONNECTIONS = 10;
const TARGETS = { p99Ms: 50, rps: 400, rssMb: 600 };

if (!Number.isInteger(queryCount) || queryCount < CONNECTIONS) {
  throw new Error(`--queries: a whole number, at least ${CONNECTIONS}`);
}
const queries = longTailQueries(queryCount);
// Warm-up queries from another seed, none of them a measured one: the measured set stays the same
// whatever the warm-up's size.
const measured = new Set(queries.map((q) => q.path.toLowerCase()));
const warmUp = longTailQueries(warmUpCount * 2, 2)
  .filter((q) => !measured.has(q.path.toLowerCase()))
  .slice(0, warmUpCount);
const { total } = sampleInputs(dbPath, { slugs: 1, cities: 1 });

/** Asks each path once, `workers` at a time, not timed: a warm-up with queries the run does not ask. */
async function askOnce(port: number, paths: readonly string[], workers = 2): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < paths.length) await (await fetch(`http://127.0.0.1:${port}${paths[next++]}`)).arrayBuffer();
  };
  await Promise.all(Array.from({ length: workers }, worker));
}

/** Per kind of query (service words, place, form): how many were asked, found nothing, were corrected. */
interface Tally {
  asked: number;
  empty: number;
  corrected: number;
  failed: number;
  latencies: number[];
}
const tallies = new Map<string, Tally>();
const emptyExamples: LongTailQuery[] = [];
const correctedExamples: { query: LongTailQuery; correctedQuery: string }[] = [];
const EXAMPLES = 10;

function countAnswer(query: LongTailQuery, status: number, body: string, ms: number): void {
  // String tests, not JSON.parse, to keep the load generator's share of the 2 cores small: these keys
  // cannot occur unescaped inside a JSON string value.
  const ok = status >= 200 && status < 300;
  const empty = ok && /"totalCount":0[,}]/.test(body);
  const corrected = ok && body.includes('"correctedQuery":');
  const keys = ['total', `words: ${query.service}`, `place: ${query.place}`, `form: ${query.form}`];
  for (const key of keys) {
    const tally = tallies.get(key) ?? { asked: 0, empty: 0, corrected: 0, failed: 0, latencies: [] };
    tally.asked++;
    tally.latencies.push(ms);
    if (!ok) tally.failed++;
    if (empty) tally.empty++;
    if (corrected) tally.corrected++;
    tallies.set(key, tally);
  }
  if (empty && emptyExamples.length < EXAMPLES) emptyExamples.push(query);
  if (corrected && correctedExamples.length < EXAMPLES) {
    const answer = JSON.parse(body) as SearchAnswer;
    correctedExamples.push({ query, correctedQuery: answer.correctedQuery ?? '' });
  }
}

const env = { ...(await productionEnv()), LOG_LEVEL: 'info' };
const loadBefore = loadavg()[0]!;
const rows: { mode: 'off' | 'on'; processes: number; run: Run; start: ServerMemory; end: ServerMemory }[] =
  [];
for (const processes of processCounts)
  for (const mode of modes) {
    const server = await startDirectoryServer(dbPath, PORTS[mode], {
      ...env,
      RESPONSE_CACHE: mode,
      SERVER_PROCESSES: String(processes),
    });
    try {
      await askOnce(
        PORTS[mode],
        warmUp.map((q) => q.path),
      );
      const start = serverMemory(server.pid);
      // The answers are the same in both modes: counted once, in the cache-off run when there is one.
      const counting = processes === processCounts[0] && (mode === 'off' || !modes.includes('off'));
      const run = await askEachOnce(
        PORTS[mode],
        queries.map((q) => q.path),
        (index, status, body, ms) => {
          if (counting) countAnswer(queries[index]!, status, body, ms);
        },
        { connections: CONNECTIONS, capSeconds },
      );
      const end = serverMemory(server.pid);
      rows.push({ mode, processes, run, start, end });
      console.error(
        `cache ${mode}, ${processes} process(es): ${run.asked} queries in ${run.seconds.toFixed(1)} s, ${run.rps} req/s, p50 ${run.p50.toFixed(1)} ms, ` +
          `p99 ${run.p99.toFixed(1)} ms, max ${run.max.toFixed(0)} ms, non-2xx ${run.non2xx}, errors ${run.errors}; ` +
          `RSS ${end.rssMb} MB, peak ${end.peakMb} MB`,
      );
    } finally {
      await stopServer(server);
    }
  }

const n = (value: number) => value.toLocaleString('en-US');
const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
const pct = (part: number, whole: number) => `${whole ? ((part / whole) * 100).toFixed(1) : '–'} %`;
const verdict = (met: boolean) => (met ? 'met' : '**missed**');
// The target is judged on the cache-off run with the most processes (SERVER_PROCESSES=auto on this
// machine); every run is in the table.
const off = rows.filter((r) => r.mode === 'off').at(-1);
const peak = Math.max(...rows.map((r) => r.end.peakMb));
const overall = tallies.get('total') ?? { asked: 0, empty: 0, corrected: 0, failed: 0, latencies: [] };
// Service words, then places, then forms, each in the order of the mix in long-tail-queries.ts.
const SERVICE_ORDER: readonly ServiceKind[] = [
  'singular',
  'plural',
  'form',
  'synonym',
  'related',
  'typo',
  'typo-2',
  'none',
];
const PLACE_ORDER: readonly PlaceKind[] = [
  'city',
  'city-state',
  'state-code',
  'state-name',
  'nation',
  'county',
  'country',
  'alias',
  'zip',
  'outcode',
  'neighbourhood',
  'place-typo',
  'near-me',
  'none',
];
const ORDER = [
  ...SERVICE_ORDER.map((kind) => `words: ${kind}`),
  ...PLACE_ORDER.map((kind) => `place: ${kind}`),
  'form: two-field',
  'form: one-box',
];
const rank = (key: string) => (ORDER.includes(key) ? ORDER.indexOf(key) : ORDER.length);
const kindRows = [...tallies.entries()]
  .filter(([key]) => key !== 'total')
  .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
  .map(([key, t]) => {
    const f = latencyFigures(t.latencies);
    return `| ${key} | ${n(t.asked)} | ${ms(f.p50)} | ${ms(f.p99)} | ${n(t.empty)} (${pct(t.empty, t.asked)}) | ${n(t.corrected)} (${pct(t.corrected, t.asked)}) | ${n(t.failed)} |`;
  });
const quote = (text: string) => `\`${text.replaceAll('`', "'")}\``;
const cut = capSeconds
  ? ` Each run stopped after ${capSeconds} s (\`--seconds\`): not every query was asked.`
  : '';

const table = `## Search, long tail: first-time queries on ${n(total)} businesses

${machineLine()}; load average before the run ${loadBefore.toFixed(1)}, after ${loadavg()[0]!.toFixed(1)}. ${n(queryCount)} distinct queries (\`bench/lib/long-tail-queries.ts\`, seed 1: service words in singular and plural, other forms, other words, related categories and typos, × cities, states, nations, counties, countries, aliases, ZIP codes and outcodes, in two boxes or one), each asked **once** of a **freshly started server** per mode — so neither the answer cache nor search plans can serve any of them — after ${n(warmUpCount)} other distinct queries to warm the server up. autocannon in the bench process, 10 connections, each taking the next query as it sends; the server in its own process or processes (NODE_ENV=production, request logging on; with several, RSS is their sum). Latencies from autocannon's response events; req/s = answers / time to the last answer.${cut}

| server processes | answer cache | queries | req/s | p50 | p99 | max | non-2xx | errors | RSS at start | RSS after | peak RSS (VmHWM) |
|---|---|---|---|---|---|---|---|---|---|---|---|
${rows
  .map(
    ({ mode, processes, run, start, end }) =>
      `| ${processes} | ${mode} | ${n(run.asked)} | ${n(run.rps)} | ${ms(run.p50)} | ${ms(run.p99)} | ${ms(run.max)} | ${n(run.non2xx)} | ${n(run.errors)} | ${start.rssMb} MB | ${end.rssMb} MB | ${end.peakMb} MB |`,
  )
  .join('\n')}

Targets${off ? ` (cache off, ${off.processes} server process${off.processes === 1 ? '' : 'es'})` : ''}: ${
  off
    ? `cache off p99 **${ms(off.run.p99)}** (< ${TARGETS.p99Ms} ms: ${verdict(off.run.p99 < TARGETS.p99Ms)}), **${n(off.run.rps)} req/s** (≥ ${TARGETS.rps}: ${verdict(off.run.rps >= TARGETS.rps)}); `
    : ''
}peak RSS **${peak} MB** (< ${TARGETS.rssMb} MB: ${verdict(peak < TARGETS.rssMb)}).

Answers${off ? ' (cache-off run)' : ''}: **${n(overall.empty)}** of ${n(overall.asked)} queries found nothing (${pct(overall.empty, overall.asked)}), **${n(overall.corrected)}** came back with a \`correctedQuery\` (${pct(overall.corrected, overall.asked)}), ${n(overall.failed)} were not answered 2xx.

| kind of query | queries | p50 | p99 | no results | corrected | non-2xx |
|---|---|---|---|---|---|---|
${kindRows.join('\n')}

No results${emptyExamples.length ? `, first ${emptyExamples.length}: ${emptyExamples.map((q) => quote(q.display)).join(', ')}` : ': none'}.

Corrected${correctedExamples.length ? `, first ${correctedExamples.length}: ${correctedExamples.map(({ query, correctedQuery }) => `${quote(query.display)} → ${quote(correctedQuery)}`).join(', ')}` : ': none'}.`;

console.log(table);
writeResultSection('search-long-tail', table);
