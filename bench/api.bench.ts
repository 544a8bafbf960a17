// The JSON API on a 1,000,000-business database, loaded from this process (autocannon) while the
// servers run in their own: requests/s and p50/p99 at 10 connections, 10 s per call, with the answer
// cache off and on side by side, beside a bare Express route answering a constant JSON string of the
// slug answer's size, in the same run. The cache's hit rate comes from the server's own log lines.
// Before the load, first-time search costs are measured at the repository (bench/search-cold.ts).
//   npx tsx bench/api.bench.ts [--db bench/out/million.db] [--seconds 10]
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { hashPassword } from '../server/domain/admin/password-hash.ts';
import { machineLine, writeResultSection } from './lib/results.ts';
import { builtCli, START_NODE_FLAGS } from './lib/server-child.ts';
import { sampleInputs } from './lib/sample-inputs.ts';
import { measureColdSearch, SEARCH_WORDS } from './search-cold.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: join('bench', 'out', 'million.db') },
    seconds: { type: 'string', default: '10' },
  },
});
const seconds = Number(values.seconds);
const dbPath = values.db!;
const CACHED_PORT = 3901;
const CONST_PORT = 3902;
const UNCACHED_PORT = 3903;

const { total, slugs, cities } = sampleInputs(dbPath);

/** The given URLs cycled in a fixed order. */
function cycle(paths: readonly string[]): { next: () => string; distinct: number } {
  let i = 0;
  return { next: () => paths[i++ % paths.length]!, distinct: new Set(paths).size };
}
const e = encodeURIComponent;
const PAGES = [0, 20, 40, 60, 80];
const calls = [
  { call: 'GET /api/businesses/slug/{slug}', paths: slugs.map((s) => `/api/businesses/slug/${e(s)}`) },
  {
    call: 'GET /api/businesses?search=… (5 pages each)',
    paths: PAGES.flatMap((offset) =>
      SEARCH_WORDS.map((w) => `/api/businesses?search=${w}${offset ? `&offset=${offset}` : ''}`),
    ),
  },
  {
    // The 40 (word, city) pairs earlier runs used, then every pair: a spread the cache cannot warm to
    // in one run, i.e. mostly first-time searches.
    call: 'GET /api/search?q=…&location=…',
    paths: cities.map((c, i) => `/api/search?q=${SEARCH_WORDS[i % SEARCH_WORDS.length]}&location=${e(c)}`),
  },
  {
    call: 'GET /api/search?q=…&location=… (every pair)',
    extra: true,
    paths: cities.flatMap((c) => SEARCH_WORDS.map((w) => `/api/search?q=${w}&location=${e(c)}`)),
  },
  { call: 'GET /api/city/{name}?limit=20', paths: cities.map((c) => `/api/city/${e(c)}?limit=20`) },
  { call: 'GET /api/statistics', paths: ['/api/statistics'] },
  { call: 'GET /api/categories', paths: ['/api/categories'] },
];

// This machine may be shared: the load before the run goes into the results.
const loadBefore = loadavg()[0]!;
// First-time search costs, before any server competes for the CPU.
const cold = await measureColdSearch(dbPath, cities, 3);

/** A server child; counts its request log lines (one per request) and those of cache hits. */
interface Child {
  process: ChildProcess;
  lines: number;
  hits: number;
}

function startChild(args: string[], env: NodeJS.ProcessEnv, readyText: RegExp): Promise<Child> {
  return new Promise((resolve, reject) => {
    const child: Child = {
      process: spawn(process.execPath, args, {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
      lines: 0,
      hits: 0,
    };
    child.process.stdout!.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      child.lines += count(text, '"msg":"request completed"');
      child.hits += count(text, '"cache":"hit"');
      if (readyText.test(text)) resolve(child);
    });
    child.process.stderr!.on('data', (chunk: Buffer) => {
      if (readyText.test(chunk.toString())) resolve(child);
    });
    child.process.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

function count(text: string, needle: string): number {
  let n = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) n++;
  return n;
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  bytes: number;
  hitRate?: number;
}

async function load(port: number, nextPath: () => string, server?: Child): Promise<Run> {
  const before = server ? { lines: server.lines, hits: server.hits } : undefined;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 10,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: nextPath() }) }],
  });
  await sleep(600); // the last log lines are still in the server's buffer (flushed every 250 ms)
  const lines = server && before ? server.lines - before.lines : 0;
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    bytes: Math.round(result.throughput.average / Math.max(1, result.requests.average)),
    hitRate: server && before && lines > 0 ? (server.hits - before.hits) / lines : undefined,
  };
}

const env = {
  NODE_ENV: 'production',
  SITE_URL: 'https://directory.example',
  LOG_LEVEL: 'info',
  SESSION_SECRET: randomBytes(48).toString('base64'),
  ADMIN_PASSWORD_HASH: await hashPassword(randomBytes(16).toString('hex')),
  HOST: '127.0.0.1',
};
const serve = (port: number, cache: 'on' | 'off') =>
  startChild(
    [...START_NODE_FLAGS, builtCli(), 'serve', '--db', dbPath, '--port', String(port)],
    { ...env, RESPONSE_CACHE: cache },
    /Serving/,
  );
const cached = await serve(CACHED_PORT, 'on');
const uncached = await serve(UNCACHED_PORT, 'off');
const sample = await (await fetch(`http://127.0.0.1:${UNCACHED_PORT}${calls[0]!.paths[0]}`)).text();
const bodyFile = join('bench', 'out', 'const-body.json');
writeFileSync(bodyFile, sample);
const constant = await startChild(
  ['--import', 'tsx', 'bench/lib/const-json-server.ts', String(CONST_PORT), bodyFile],
  env,
  /ready/,
);

let yardstick: Run;
const rows: { call: string; distinct: number; off: Run; on: Run; extra?: boolean }[] = [];
try {
  yardstick = await load(CONST_PORT, () => '/const');
  for (const { call, paths, extra } of calls) {
    // The same sequence of URLs for both servers; the cached one starts empty for each call's URLs.
    const off = await load(UNCACHED_PORT, cycle(paths).next, uncached);
    const on = await load(CACHED_PORT, cycle(paths).next, cached);
    rows.push({ call, distinct: cycle(paths).distinct, off, on, extra });
    console.error(`${call}: off ${off.rps}/s p99 ${off.p99} ms, on ${on.rps}/s p99 ${on.p99} ms`);
  }
} finally {
  for (const child of [cached, uncached, constant]) child.process.kill('SIGTERM');
}

const slug = rows[0]!;
const share = (run: Run) => `${Math.round((run.rps / yardstick.rps) * 100)} %`;
const worst = (mode: 'on' | 'off') => Math.max(...rows.filter((r) => !r.extra).map((r) => r[mode].p99));
const n = (value: number) => value.toLocaleString('en-US');
const pct = (value: number | undefined) => (value === undefined ? '–' : `${(value * 100).toFixed(1)} %`);
const table = `## JSON API on ${n(total)} businesses

${machineLine()}; autocannon in the bench process, each server in its own (NODE_ENV=production, request logging on), 10 connections, ${seconds} s per call and mode, one run; load average before the run ${loadBefore.toFixed(1)}, after ${loadavg()[0]!.toFixed(1)}. **Cache off**: \`RESPONSE_CACHE=off\`, every answer built by Express (search plans — a query's count and ordered ids per data version — still kept, so paging does not recount). **Cache on**: the answer cache in front of Express (docs/decisions/0010); its hit rate is counted from the server's log lines, and each call starts with none of its URLs cached. URLs are cycled in a fixed order over the distinct inputs listed.

| call | distinct URLs | off: req/s | off: p50 | off: p99 | on: req/s | on: p50 | on: p99 | on: hit rate | bytes/answer | non-2xx/errors |
|---|---|---|---|---|---|---|---|---|---|---|
| constant JSON, bare Express route (yardstick) | 1 | ${n(yardstick.rps)} | ${yardstick.p50} ms | ${yardstick.p99} ms | | | | | ${n(yardstick.bytes)} | ${yardstick.errors} |
${rows
  .map(
    (r) =>
      `| ${r.call} | ${n(r.distinct)} | ${n(r.off.rps)} | ${r.off.p50} ms | ${r.off.p99} ms | ${n(r.on.rps)} | ${r.on.p50} ms | ${r.on.p99} ms | ${pct(r.on.hitRate)} | ${n(r.off.bytes)} | ${r.off.errors + r.on.errors} |`,
  )
  .join('\n')}

Slug lookup: **${share(slug.on)}** of the yardstick's requests/s with the cache on, ${share(slug.off)} with it off (target ≥ 40 %). Worst p99 of the API calls (inputs as in earlier runs, i.e. without the every-pair row): **${worst('on')} ms** with the cache on, ${worst('off')} ms off (target < 50 ms).

Search the first time a query is seen (no answer cache, no plan; the repository alone, single-threaded, median of 3 rounds):

| queries | page 1, first time (median) | page 1, first time (max) | page 2 right after | page 1 again |
|---|---|---|---|---|
${cold.map((c) => `| ${c.name} (${c.queries}) | ${c.firstMedian.toFixed(1)} ms | ${c.firstMax.toFixed(1)} ms | ${c.nextMedian.toFixed(1)} ms | ${c.againMedian.toFixed(1)} ms |`).join('\n')}`;
console.log(table);
writeResultSection('api', table);
