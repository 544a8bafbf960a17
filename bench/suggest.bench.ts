// Suggestions as people type: GET /api/suggest with every prefix of ~300 words of the search
// vocabulary ('p', 'pl', 'plu', …; some typed with a typo, 'resu'), every other word with a location
// set, the words of 20 people interleaved, each prefix in the order typed. Every URL asked exactly once
// of a freshly started server with the answer cache off: what each keystroke costs when nothing was
// kept for it. Load from this process (autocannon, 10 connections, `amount` = the number of URLs,
// each connection taking the next URL), the server in its own. Answers with no suggestion are counted
// during the run.
//   npx tsx bench/suggest.bench.ts [--db bench/out/million.db] [--words 300] [--warm-up 100] [--seconds N]
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { askEachOnce, type Run } from './lib/ask-each-once.ts';
import { type SuggestRequest, suggestRequests } from './lib/long-tail-queries.ts';
import { askEachOnceNative, LOAD_NOTE, type Load, loadGenerators } from './lib/native-load.ts';
import { machineLine, writeResultSection } from './lib/results.ts';
import { sampleInputs } from './lib/sample-inputs.ts';
import {
  processCountsOf,
  productionEnv,
  type ServerMemory,
  serverMemory,
  startDirectoryServer,
  stopServer,
} from './lib/server-child.ts';
import { latencyFigures } from './lib/steady-load.ts';
import { warmUp as warmUpServer } from './lib/warm-up.ts';

const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '1,2' },
    db: { type: 'string', default: join('bench', 'out', 'million.db') },
    words: { type: 'string', default: '300' },
    'min-urls': { type: 'string', default: '2000' },
    'warm-up': { type: 'string', default: '1000' },
    seconds: { type: 'string' },
  },
});
const dbPath = values.db!;
const capSeconds = values.seconds ? Number(values.seconds) : undefined;
const warmUpCount = Number(values['warm-up']);
const PORT = 3931;
const CONNECTIONS = 10;
const TARGET_P99_MS = 10;

const requests = suggestRequests({ words: Number(values.words), minDistinct: Number(values['min-urls']) });
// Warm-up keystrokes from other words (another seed), none of them a measured URL, asked for at least
// WARM_UP_MS as in the other first-time benchmarks (./lib/warm-up.ts): a server that has run for a few
// seconds, its code compiled, not one in its first second.
const WARM_UP_MS = 6_000;
const warmUp = suggestRequests({
  words: 150,
  minDistinct: 0,
  seed: 2,
  exclude: new Set(requests.map((r) => r.path)),
}).slice(0, warmUpCount);
const { total } = sampleInputs(dbPath, { slugs: 1, cities: 1 });

/** By prefix length, typo and location: how many were asked, came back empty, failed, and how long
 *  they took — 1-letter prefixes match the most and are the likeliest to be slow. */
interface Tally {
  asked: number;
  empty: number;
  failed: number;
  latencies: number[];
}
const tallies = new Map<string, Tally>();
const lengthBucket = (typed: number) => (typed <= 3 ? `${typed}` : typed <= 5 ? '4–5' : '6+');

function countAnswer(request: SuggestRequest, status: number, body: string, ms: number): void {
  const ok = status >= 200 && status < 300;
  // A string test, not JSON.parse: the load generator shares the 2 cores with the server.
  const empty = ok && body.includes('"suggestions":[]');
  const keys = [
    `${lengthBucket(request.typed)} letter${request.typed === 1 ? '' : 's'}`,
    request.typo ? 'with a typo' : 'no typo',
    request.location ? 'with a location' : 'no location',
  ];
  for (const key of keys) {
    const tally = tallies.get(key) ?? { asked: 0, empty: 0, failed: 0, latencies: [] };
    tally.asked++;
    if (!ok) tally.failed++;
    if (empty) tally.empty++;
    tally.latencies.push(ms);
    tallies.set(key, tally);
  }
}

const env = { ...(await productionEnv()), LOG_LEVEL: 'info' };
const loadBefore = loadavg()[0]!;
// Each count of server processes (SERVER_PROCESSES; decision 0032) on a fresh server; the answers are
// tallied in the first run, the target judged on the last (the most processes).
const processCounts = processCountsOf(values.processes!);
const runs: { processes: number; load: Load; run: Run; start: ServerMemory; end: ServerMemory }[] = [];
// Each from autocannon (the answers tallied by kind) and, when installed, from wrk (decision 0043).
const loads = loadGenerators();
for (const processes of processCounts)
  for (const load of loads) {
    const server = await startDirectoryServer(dbPath, PORT, {
      ...env,
      RESPONSE_CACHE: 'off',
      SERVER_PROCESSES: String(processes),
    });
    try {
      await warmUpServer(
        PORT,
        warmUp.map((r) => r.path),
        WARM_UP_MS,
      );
      const start = serverMemory(server.pid);
      const paths = requests.map((r) => r.path);
      const run =
        load === 'wrk'
          ? await askEachOnceNative(PORT, paths, { connections: CONNECTIONS, capSeconds })
          : await askEachOnce(
              PORT,
              paths,
              (index, status, body, ms) => {
                if (processes === processCounts[0]) countAnswer(requests[index]!, status, body, ms);
              },
              { connections: CONNECTIONS, capSeconds },
            );
      runs.push({ processes, load, run, start, end: serverMemory(server.pid) });
    } finally {
      await stopServer(server);
    }
  }
// The target is met only when every load generator's run with the most processes meets it.
const judged = runs.filter((r) => r.processes === processCounts.at(-1));
const worst = judged.reduce((a, b) => (b.run.p99 > a.run.p99 ? b : a));
const { run, end } = judged.at(-1)!;
console.error(
  `${run.asked} URLs in ${run.seconds.toFixed(1)} s, ${run.rps} req/s, p50 ${run.p50.toFixed(1)} ms, ` +
    `p99 ${run.p99.toFixed(1)} ms, max ${run.max.toFixed(0)} ms, non-2xx ${run.non2xx}, errors ${run.errors}; ` +
    `RSS ${end.rssMb} MB, peak ${end.peakMb} MB`,
);

const n = (value: number) => value.toLocaleString('en-US');
const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
const pct = (part: number, whole: number) => `${whole ? ((part / whole) * 100).toFixed(1) : '–'} %`;
const ORDER = ['1 letter', '2 letters', '3 letters', '4–5 letters', '6+ letters', 'no typo', 'with a typo'];
const rank = (key: string) => (ORDER.includes(key) ? ORDER.indexOf(key) : ORDER.length);
const kindRows = [...tallies.entries()]
  .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
  .map(([key, t]) => {
    const f = latencyFigures(t.latencies);
    return `| ${key} | ${n(t.asked)} | ${ms(f.p50)} | ${ms(f.p99)} | ${n(t.empty)} (${pct(t.empty, t.asked)}) | ${n(t.failed)} |`;
  });
const words = new Set(requests.map((r) => r.word)).size;
const cut = capSeconds
  ? ` The run stopped after ${capSeconds} s (\`--seconds\`): not every URL was asked.`
  : '';

const table = `## Suggestions as people type, on ${n(total)} businesses

${machineLine()}; load average before the run ${loadBefore.toFixed(1)}, after ${loadavg()[0]!.toFixed(1)}. \`GET /api/suggest\` with ${n(requests.length)} distinct URLs: every prefix of ${n(words)} words of the search vocabulary (\`bench/lib/long-tail-queries.ts\`, seed 1; service words and city names, one word in four typed with a typo, every other word with a location), 20 people typing at once, each word's prefixes in the order typed. Each URL asked **once** of a **freshly started server**, answer cache off (\`RESPONSE_CACHE=off\`), after ${n(warmUp.length)} other keystrokes to warm it up. 10 connections, each taking the next URL as it sends; the server in its own process or processes (NODE_ENV=production, request logging on; with several, RSS is their sum). Latencies from autocannon's response events or wrk's histogram; req/s = answers / time from the first request to the last answer.${cut}

| server processes | load from | URLs | req/s | p50 | p99 | max | non-2xx | errors | RSS at start | RSS after | peak RSS (VmHWM) |
|---|---|---|---|---|---|---|---|---|---|---|---|
${runs.map(({ processes, load, run, start, end }) => `| ${processes} | ${load} | ${n(run.asked)} | ${n(run.rps)} | ${ms(run.p50)} | ${ms(run.p99)} | ${ms(run.max)} | ${n(run.non2xx)} | ${n(run.errors)} | ${start.rssMb} MB | ${end.rssMb} MB | ${end.peakMb} MB |`).join('\n')}

${LOAD_NOTE} The table by kind below is autocannon's first run (wrk gives no latency per request).

Target (${runs.at(-1)!.processes} server process${runs.at(-1)!.processes === 1 ? '' : 'es'}, the higher p99 of ${loads.join(' and ')}): p99 **${ms(worst.run.p99)}** (< ${TARGET_P99_MS} ms: ${worst.run.p99 < TARGET_P99_MS ? 'met' : '**missed**'}).

| prefixes | URLs | p50 | p99 | no suggestion | non-2xx |
|---|---|---|---|---|---|
${kindRows.join('\n')}`;

console.log(table);
writeResultSection('suggest', table);
