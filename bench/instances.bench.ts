// Several instances on one database (issue 18: "two instances against one: pages per second for cached
// and uncached pages, and the time until a change is seen by the other instance"), PostgreSQL beside
// SQLite in one run. Two `directory serve` processes (the build, on their own ports) share one
// database; the load (autocannon, in this process, 127.0.0.1 only, bounded in time) goes to one of them,
// then to both at once with the same number of connections in all. The change: an admin's edit
// through instance A, then B asked every 2 ms until its (cached) answer shows it.
//   npx tsx bench/instances.bench.ts [--businesses 5000] [--seconds 8] [--changes 30]
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type { Dialect } from '../db/query/prepared-query.ts';
import { createSeededTestStore } from '../server/domain/testing/seeded-store.ts';
import { median } from './lib/measure.ts';
import { machineLine, writeResultSection } from './lib/results.ts';
import { productionEnv, startDirectoryServer } from './lib/server-child.ts';
import { latencyFigures } from './lib/steady-load.ts';

const { values } = parseArgs({
  options: {
    businesses: { type: 'string', default: '5000' },
    seconds: { type: 'string', default: '8' },
    changes: { type: 'string', default: '30' },
    rounds: { type: 'string', default: '3' },
  },
});
const businesses = Number(values.businesses);
const seconds = Number(values.seconds);
const changes = Number(values.changes);
const rounds = Number(values.rounds);
const CONNECTIONS = 10;
const PORTS = { a: 3931, b: 3932 };

/** As behind a TLS proxy (TRUST_PROXY=loopback): the session cookie is Secure in production. */
const ADMIN_HEADERS = { 'Sec-Fetch-Site': 'same-origin', 'X-Forwarded-Proto': 'https' };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Detail pages of businesses spread over the ids. */
async function detailPaths(port: number): Promise<string[]> {
  const paths: string[] = [];
  for (let offset = 0; paths.length < 400; offset += 100) {
    const answer = (await (
      await fetch(`http://127.0.0.1:${port}/api/businesses?limit=100&offset=${offset}`)
    ).json()) as { businesses: { slug: string }[] };
    if (answer.businesses.length === 0) break;
    paths.push(...answer.businesses.map((b) => `/details/${encodeURIComponent(b.slug)}`));
  }
  return paths;
}

function cycle(items: readonly string[], offset: number): () => string {
  let i = offset;
  return () => items[i++ % items.length]!;
}

/** Requests per second over `seconds`, the load split evenly over the given ports. */
async function load(
  ports: number[],
  paths: readonly string[],
): Promise<{ rps: number; p99: number; errors: number }> {
  const runs = await Promise.all(
    ports.map((port, index) => {
      const next = cycle(paths, index * 7);
      return autocannon({
        url: `http://127.0.0.1:${port}`,
        connections: CONNECTIONS / ports.length,
        duration: seconds,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: next() }) }],
      });
    }),
  );
  return {
    rps: Math.round(runs.reduce((sum, run) => sum + run.requests.average, 0)),
    p99: Math.max(...runs.map((run) => run.latency.p99)),
    errors: runs.reduce((sum, run) => sum + run.errors + run.non2xx, 0),
  };
}

async function warm(port: number, paths: readonly string[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < paths.length) await (await fetch(`http://127.0.0.1:${port}${paths[next++]}`)).arrayBuffer();
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

async function signIn(port: number, password: string): Promise<string> {
  const login = await fetch(`http://127.0.0.1:${port}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...ADMIN_HEADERS },
    body: JSON.stringify({ username: 'admin', password }),
  });
  if (login.status !== 200) throw new Error(`sign-in: ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** Milliseconds from the edit's answer on A until B's answer shows it (B's cache on and warm). */
async function changeSeen(password: string): Promise<number[]> {
  const cookie = await signIn(PORTS.a, password);
  const read = async () =>
    ((await (await fetch(`http://127.0.0.1:${PORTS.b}/api/businesses/1`)).json()) as { name: string }).name;
  const delays: number[] = [];
  for (let i = 0; i < changes; i++) {
    const name = `Renamed ${i} ${randomBytes(3).toString('hex')}`;
    await read();
    await read();
    const edited = await fetch(`http://127.0.0.1:${PORTS.a}/api/admin/businesses/1`, {
      method: 'PATCH',
      headers: { Cookie: cookie, 'Content-Type': 'application/json', ...ADMIN_HEADERS },
      body: JSON.stringify({ name }),
    });
    if (edited.status !== 200) throw new Error(`edit: ${edited.status} ${await edited.text()}`);
    const started = performance.now();
    while ((await read()) !== name) await pause(2);
    delays.push(performance.now() - started);
    await pause(20);
  }
  return delays;
}

interface DialectFigures {
  uncached: { one: number; two: number };
  cached: { one: number; two: number };
  errors: number;
  change: number[];
}

async function measureDialect(dialect: Dialect): Promise<DialectFigures> {
  const database = await createSeededTestStore(dialect, { businesses, seed: 5 });
  const password = randomBytes(12).toString('hex');
  const env = { ...(await productionEnv(password)), LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback' };
  const figures: DialectFigures = {
    uncached: { one: 0, two: 0 },
    cached: { one: 0, two: 0 },
    errors: 0,
    change: [],
  };
  try {
    for (const cache of ['off', 'on'] as const) {
      const children: ChildProcess[] = await Promise.all([
        startDirectoryServer(database.address, PORTS.a, { ...env, RESPONSE_CACHE: cache }),
        startDirectoryServer(database.address, PORTS.b, { ...env, RESPONSE_CACHE: cache }),
      ]);
      try {
        const paths = await detailPaths(PORTS.a);
        if (cache === 'on') await Promise.all([warm(PORTS.a, paths), warm(PORTS.b, paths)]);
        // Alternated, so that a change in the machine's other load falls on both; the median of each.
        const ones: number[] = [];
        const twos: number[] = [];
        for (let round = 0; round < rounds; round++) {
          const one = await load([PORTS.a], paths);
          const two = await load([PORTS.a, PORTS.b], paths);
          ones.push(one.rps);
          twos.push(two.rps);
          figures.errors += one.errors + two.errors;
        }
        figures[cache === 'on' ? 'cached' : 'uncached'] = { one: median(ones), two: median(twos) };
        if (cache === 'on') figures.change = await changeSeen(password);
      } finally {
        for (const child of children) child.kill('SIGTERM');
        await Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve))));
      }
    }
  } finally {
    await database.dispose();
  }
  return figures;
}

// The machine is shared (tests, other benchmarks): its load is part of the figures, so it is recorded.
const loadBefore = loadavg()[0]!.toFixed(1);
const results = { sqlite: await measureDialect('sqlite'), postgres: await measureDialect('postgres') };

const gain = (f: { one: number; two: number }) => `×${(f.two / Math.max(1, f.one)).toFixed(2)}`;
const rate = (n: number) => n.toLocaleString('en-US');
const ms = (n: number) => `${n.toFixed(1)} ms`;
const changeCells = (delays: number[]) => {
  const { p50, p99, max } = latencyFigures(delays);
  return `${ms(p50)} | ${ms(p99)} | ${ms(max)}`;
};
const markdown = `## Several instances on PostgreSQL

${machineLine()}, load average ${loadBefore} before the run and ${loadavg()[0]!.toFixed(1)} after it; PostgreSQL 15 on this machine over TCP; ${rate(businesses)} generated businesses, the same on both databases. Two \`directory serve\` processes from the build (NODE_ENV=production, each on its own port) share one database; autocannon runs in this process with ${CONNECTIONS} connections in all, ${seconds} s per load, all on instance A, then half on A and half on B, alternated ${rounds} times: the medians, in one run. Business detail pages cycling through ${rate(400)} businesses; before the cached figures every page is visited once on each instance. On 2 cores the load generator, the PostgreSQL server and whatever else runs take their share of the same two cores, so the gain of a second instance is bounded by the machine, not by the design; cached answers cost the server so little that the one load-generating process is the limit there (two autocannon instances in one process then share its one thread).

| database | pages | one instance, req/s | two instances, req/s | gain |
|---|---|---:|---:|---:|
| SQLite (one file) | uncached | ${rate(results.sqlite.uncached.one)} | ${rate(results.sqlite.uncached.two)} | ${gain(results.sqlite.uncached)} |
| SQLite (one file) | cached | ${rate(results.sqlite.cached.one)} | ${rate(results.sqlite.cached.two)} | ${gain(results.sqlite.cached)} |
| PostgreSQL | uncached | ${rate(results.postgres.uncached.one)} | ${rate(results.postgres.uncached.two)} | ${gain(results.postgres.uncached)} |
| PostgreSQL | cached | ${rate(results.postgres.cached.one)} | ${rate(results.postgres.cached.two)} | ${gain(results.postgres.cached)} |

Non-2xx answers and errors during the loads: SQLite ${results.sqlite.errors}, PostgreSQL ${results.postgres.errors}.

Time until a change through instance A is seen by instance B, over HTTP: an admin's edit of a business answered by A, then B's cached answer for that business asked every 2 ms until it shows the new name (${changes} edits each; the figure includes up to one 2 ms pause and B's request).

| database | how B learns of it | median | p99 | max |
|---|---|---:|---:|---:|
| SQLite (one file) | reads the data version at each request | ${changeCells(results.sqlite.change)} |
| PostgreSQL | LISTEN/NOTIFY into its follower | ${changeCells(results.postgres.change)} |`;
console.log(markdown);
writeResultSection('instances', markdown);
