// The same site on SQLite and on PostgreSQL, side by side in one run (issue 18's figures): the
// 1,000,000-business database (bench/out/million.db, from build-database) and a PostgreSQL copy of it
// (`directory copy`'s code; kept in the database named by --postgres for the next run). Per dialect, a
// freshly started server (cache off, one process): the long-tail search set asked once each, then
// business detail pages and city pages uncached under load.
//   npx tsx bench/dialects-million.bench.ts [--db bench/out/million.db]
//     [--postgres postgres://postgres@127.0.0.1:5432/directory_million] [--queries 2400] [--seconds 10]
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { parseDatabaseAddress } from '../db/address.ts';
import { copySite } from '../server/domain/copy/copy-site.ts';
import { openStore } from '../server/domain/open-database.ts';
import { askEachOnce, type Run } from './lib/ask-each-once.ts';
import { longTailQueries } from './lib/long-tail-queries.ts';
import { machineLine, writeResultSection } from './lib/results.ts';
import { sampleInputs } from './lib/sample-inputs.ts';
import { productionEnv, serverMemory, startDirectoryServer, stopServer } from './lib/server-child.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: join('bench', 'out', 'million.db') },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/directory_million' },
    queries: { type: 'string', default: '2400' },
    'warm-up': { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
  },
});
const dbPath = values.db!;
const pgUrl = values.postgres!;
const seconds = Number(values.seconds);
const CONNECTIONS = 10;
const PORT = 3941;

const { total, slugs, cities } = sampleInputs(dbPath);

/** The PostgreSQL copy: made once (copy, then the search index built at the first open), reused
 *  while it holds as many businesses as the SQLite file. */
async function preparePostgres(): Promise<void> {
  const url = new URL(pgUrl);
  const name = url.pathname.slice(1);
  const server = new URL(pgUrl);
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.href });
  await admin.connect();
  let held = -1;
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount) {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      held = await client
        .query<{ n: string }>('SELECT COUNT(*) AS n FROM businesses')
        .then(
          (r) => Number(r.rows[0]?.n),
          () => -1,
        )
        .finally(() => client.end());
    } else await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  if (held === total) return;
  console.error(`copying ${total.toLocaleString('en-US')} businesses into ${name}…`);
  const started = performance.now();
  await copySite(parseDatabaseAddress(dbPath), parseDatabaseAddress(pgUrl), { replace: true });
  const copied = performance.now();
  const handle = await openStore(parseDatabaseAddress(pgUrl));
  await handle.close();
  console.error(
    `copied in ${((copied - started) / 1000).toFixed(0)} s, indexed in ${((performance.now() - copied) / 1000).toFixed(0)} s`,
  );
}

async function askOnce(paths: readonly string[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < paths.length) await (await fetch(`http://127.0.0.1:${PORT}${paths[next++]}`)).arrayBuffer();
  };
  await Promise.all([worker(), worker()]);
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(paths: readonly string[]): Promise<Load> {
  let i = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length]! }) }],
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

interface DialectRow {
  dialect: string;
  search: Run;
  detail: Load;
  city: Load;
  rssMb: number;
  peakMb: number;
}

await preparePostgres();
const queries = longTailQueries(Number(values.queries)).map((q) => q.path);
const measured = new Set(queries.map((q) => q.toLowerCase()));
const warmUp = longTailQueries(Number(values['warm-up']) * 2, 2)
  .map((q) => q.path)
  .filter((path) => !measured.has(path.toLowerCase()))
  .slice(0, Number(values['warm-up']));
const detailPaths = slugs.map((s) => `/details/${encodeURIComponent(s)}`);
const cityPaths = cities.map((c) => `/city/${encodeURIComponent(c)}`);
const env = { ...(await productionEnv()), LOG_LEVEL: 'info', RESPONSE_CACHE: 'off', SERVER_PROCESSES: '1' };

const rows: DialectRow[] = [];
for (const [dialect, address] of [
  ['SQLite', dbPath],
  ['PostgreSQL', pgUrl],
] as const) {
  const server = await startDirectoryServer(address, PORT, env);
  try {
    await askOnce(warmUp);
    const search = await askEachOnce(PORT, queries, () => {}, { connections: CONNECTIONS });
    await askOnce(detailPaths.slice(0, 100));
    const detail = await load(detailPaths);
    const city = await load(cityPaths);
    const memory = serverMemory(server.pid);
    rows.push({ dialect, search, detail, city, rssMb: memory.rssMb, peakMb: memory.peakMb });
    console.error(
      `${dialect}: search ${search.rps} req/s p99 ${search.p99.toFixed(1)} ms; detail ${detail.rps} req/s p99 ${detail.p99} ms; city ${city.rps} req/s p99 ${city.p99} ms; RSS ${memory.rssMb} MB`,
    );
  } finally {
    await stopServer(server);
  }
}

const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
const n = (value: number) => value.toLocaleString('en-US');
const table = `## SQLite and PostgreSQL side by side on ${n(total)} businesses

${machineLine()}; PostgreSQL 15 on the same machine (default settings, shared_buffers 128 MB), over TCP on 127.0.0.1. The same businesses (PostgreSQL's copied by \`directory copy\`), each dialect served by a freshly started \`directory serve\` from the build (NODE_ENV=production, one process, answer cache off, request logging on); autocannon in the bench process, ${CONNECTIONS} connections. Search: ${n(queries.length)} distinct long-tail queries (the search-long-tail set), each asked once after ${n(warmUp.length)} others; pages: ${seconds} s each, detail pages cycling through ${n(detailPaths.length)} businesses, city pages through the ${n(cityPaths.length)} largest cities.

| database | search req/s | search p50 | search p99 | detail req/s | detail p99 | city req/s | city p99 | errors | server RSS after | peak |
|---|---|---|---|---|---|---|---|---|---|---|
${rows
  .map(
    (r) =>
      `| ${r.dialect} | ${n(r.search.rps)} | ${ms(r.search.p50)} | ${ms(r.search.p99)} | ${n(r.detail.rps)} | ${ms(r.detail.p99)} | ${n(r.city.rps)} | ${ms(r.city.p99)} | ${r.search.non2xx + r.search.errors + r.detail.errors + r.city.errors} | ${r.rssMb} MB | ${r.peakMb} MB |`,
  )
  .join('\n')}`;
console.log(table);
writeResultSection('dialects-million', table);
