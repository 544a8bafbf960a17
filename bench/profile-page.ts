// Profiling aid, not a benchmark with results: loads one kind of page on a server with the page
// cache off (10 connections, 10 s) and, with --prof, writes the server's CPU profile (open the
// .cpuprofile in Chrome DevTools → Performance). How the city page went from ~117 to ~180 req/s.
//   npx tsx bench/profile-page.ts [--page city|detail] [--prof bench/out/profiles] [--db bench/out/million.db]
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import BetterSqlite3 from 'better-sqlite3';
import { productionEnv, startChild } from './lib/server-child.ts';

const { values } = parseArgs({
  options: {
    page: { type: 'string', default: 'city' },
    prof: { type: 'string' },
    db: { type: 'string', default: join('bench', 'out', 'million.db') },
  },
});
const PORT = 3919;
const sqlite = new BetterSqlite3(values.db!, { readonly: true });
const paths =
  values.page === 'detail'
    ? (
        sqlite.prepare('SELECT slug FROM businesses WHERE id % 500 = 0 LIMIT 2000').pluck().all() as string[]
      ).map((slug) => `/details/${encodeURIComponent(slug)}`)
    : (
        sqlite
          .prepare('SELECT name FROM city_stats ORDER BY business_count DESC LIMIT 40')
          .pluck()
          .all() as string[]
      ).map((city) => `/city/${encodeURIComponent(city)}`);
sqlite.close();

const env = { ...(await productionEnv()), RESPONSE_CACHE: 'off', SITE_URL: `http://127.0.0.1:${PORT}` };
const profiling = values.prof ? ['--cpu-prof', '--cpu-prof-dir', values.prof] : [];
const child = await startChild(
  [...profiling, 'cli/directory.mjs', 'serve', '--db', values.db!, '--port', String(PORT)],
  env,
  /Serving/,
);
try {
  // One request first: the page's modules load once, as on any running server.
  await (await fetch(`http://127.0.0.1:${PORT}${paths[0]}`)).arrayBuffer();
  let i = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections: 10,
    duration: 10,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length]! }) }],
  });
  console.log(
    `${values.page}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
  );
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}
