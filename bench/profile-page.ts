// Profiling aid, not a benchmark with results: loads one kind of page on a server with the page
// cache off (10 connections, 10 s) and, with --prof, writes the server's CPU profile (open the
// .cpuprofile in Chrome DevTools → Performance). How the city page went from ~117 to ~180 req/s.
//   npx tsx bench/profile-page.ts [--page city|detail] [--prof bench/out/profiles] [--db bench/out/million.db]
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sampleInputs } from './lib/sample-inputs.ts';
import { productionEnv, startDirectoryServer } from './lib/server-child.ts';

const { values } = parseArgs({
  options: {
    page: { type: 'string', default: 'city' },
    prof: { type: 'string' },
    db: { type: 'string', default: join('bench', 'out', 'million.db') },
  },
});
const PORT = 3919;
const sample = sampleInputs(values.db!);
const paths =
  values.page === 'detail'
    ? sample.slugs.map((slug) => `/details/${encodeURIComponent(slug)}`)
    : sample.cities.map((city) => `/city/${encodeURIComponent(city)}`);

const env = { ...(await productionEnv()), RESPONSE_CACHE: 'off', SITE_URL: `http://127.0.0.1:${PORT}` };
const child = await startDirectoryServer(
  values.db!,
  PORT,
  env,
  [],
  values.prof ? ['--cpu-prof', '--cpu-prof-dir', values.prof] : [],
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
