// Near a point (decision 0026): the nearest 20 businesses within 10 km of a point, with and without a
// service word, each URL asked exactly once of a freshly started server with the answer cache off, so
// that every answer is a first one (the R*Tree read, the exact count and the rows). Points are the
// coordinates of businesses spread over the ids, moved by up to ~2 km, so no two URLs are the same;
// the service word is the first word of that business's category ("dentist", "italian"). 10
// connections from this process (autocannon), the server in its own process or processes. Target: p99 < 20 ms at 1M.
//   npx tsx bench/near.bench.ts [--db bench/out/million.db] [--points 2000] [--seconds N] [--processes 1,2]
// Each kind with each count of server processes (SERVER_PROCESSES; decision 0032).
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import type { SearchAnswer } from '../server/contract/search.ts';
import { askEachOnce, type Run } from './lib/ask-each-once.ts';
import { askEachOnceNative, LOAD_NOTE, type Load, loadGenerators } from './lib/native-load.ts';
import { machineLine, writeResultSection } from './lib/results.ts';
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
    points: { type: 'string', default: '2000' },
    seconds: { type: 'string' },
    processes: { type: 'string', default: '1,2' },
    // Long enough for what the server reads in the background after its first near request; a slow
    // host needs more (one read the grid in 8 s).
    'warm-up-seconds': { type: 'string', default: '6' },
  },
});
const dbPath = values.db!;
const pointCount = Number(values.points);
const capSeconds = values.seconds ? Number(values.seconds) : undefined;
const PORT = 3931;
const CONNECTIONS = 10;
const TARGET_P99_MS = 20;
const RADIUS_KM = 10;
/** What an answer with no business holds (wrk counts them). */
const EMPTY_ANSWER_MARKER = '"totalCount":0,';

if (!Number.isInteger(pointCount) || pointCount < CONNECTIONS)
  throw new Error('--points: a whole number ≥ 10');

interface Point {
  lat: number;
  lng: number;
  word: string;
}

/** Points at businesses spread evenly over the ids, each moved by a seeded offset of up to ~2 km. */
function samplePoints(count: number): { points: Point[]; total: number; withCoordinates: number } {
  const sqlite = new BetterSqlite3(dbPath, { readonly: true });
  try {
    const total = sqlite.prepare('SELECT COUNT(*) FROM businesses').pluck().get() as number;
    const withCoordinates = sqlite.prepare('SELECT COUNT(*) FROM business_geo').pluck().get() as number;
    const rows = sqlite
      .prepare(
        `SELECT latitude AS lat, longitude AS lng, category FROM businesses
         WHERE latitude IS NOT NULL AND longitude IS NOT NULL AND id % ? = 0 LIMIT ?`,
      )
      .all(Math.max(1, Math.floor(total / count)), count) as { lat: number; lng: number; category: string }[];
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const points = rows.map((row) => ({
      lat: Number((row.lat + (random() - 0.5) * 0.036).toFixed(5)),
      lng: Number((row.lng + (random() - 0.5) * 0.036).toFixed(5)),
      word: (row.category.toLowerCase().match(/[a-z]+/) ?? ['shop'])[0]!,
    }));
    return { points, total, withCoordinates };
  } finally {
    sqlite.close();
  }
}

const { points, total, withCoordinates } = samplePoints(pointCount);
const near = (p: Point) => `lat=${p.lat}&lng=${p.lng}&radiusKm=${RADIUS_KM}&sort=distance`;
const kinds = {
  'point only': points.map((p) => `/api/search?${near(p)}`),
  'point and a service word': points.map((p) => `/api/search?q=${encodeURIComponent(p.word)}&${near(p)}`),
};

/** Points the measured runs never ask (each moved by ~5 km more), asked first (again and again for
 *  WARM_UP_MS) so that the server's start-up work (compiling, the search context, its grid of
 *  coordinates, the commonest service words' match sets: decisions 0040, 0054) is not counted as a
 *  visitor's wait. */
const WARM_UP = 100;
const warmUpPaths = (kind: string) =>
  points.slice(0, WARM_UP).map((p) => {
    const moved = { ...p, lat: Number((p.lat + 0.045).toFixed(5)) };
    return kind === 'point only'
      ? `/api/search?${near(moved)}`
      : `/api/search?q=${encodeURIComponent(p.word)}&${near(moved)}`;
  });

/** The warm-up lasts at least this long (the grid of coordinates is read after the first request). */
const WARM_UP_MS = Number(values['warm-up-seconds']) * 1000;

const env = { ...(await productionEnv()), RESPONSE_CACHE: 'off', LOG_LEVEL: 'warn' };
const rows: { kind: string; processes: number; load: Load; run: Run; found: number; rssMb: number }[] = [];
const processCounts = processCountsOf(values.processes!);
// Each run from autocannon (its answers checked) and, when installed, from wrk (decision 0043).
const loads = loadGenerators();
let runIndex = 0;
for (const processes of processCounts)
  for (const [kind, paths] of Object.entries(kinds))
    for (const load of loads) {
      // A fresh server per run: nothing an earlier run asked stays in its memory. On a port of its
      // own: fetch's kept-alive connections to the previous server would otherwise be reused and reset.
      const port = PORT + runIndex++;
      const server = await startDirectoryServer(dbPath, port, {
        ...env,
        SERVER_PROCESSES: String(processes),
      });
      try {
        await warmUp(port, warmUpPaths(kind), WARM_UP_MS);
        const { run, found } =
          load === 'wrk' ? await nativeRun(port, paths) : await autocannonRun(port, paths);
        rows.push({ kind, processes, load, run, found, rssMb: serverMemory(server.pid).rssMb });
        console.error(
          `${kind}, ${processes} process(es), ${load}: ${run.asked} in ${run.seconds.toFixed(1)} s, ${run.rps} req/s, p50 ${run.p50.toFixed(1)} ms, ` +
            `p99 ${run.p99.toFixed(1)} ms, max ${run.max.toFixed(0)} ms, non-2xx ${run.non2xx}, errors ${run.errors}`,
        );
      } finally {
        await stopServer(server);
      }
    }

async function autocannonRun(port: number, paths: readonly string[]): Promise<{ run: Run; found: number }> {
  let found = 0;
  let checked = 0;
  const run = await askEachOnce(
    port,
    paths,
    (_index, status, body) => {
      if (status !== 200) return;
      // A sample of the answers: each is nearest first and within the radius.
      if (checked++ % 50 === 0) {
        const answer = JSON.parse(body) as SearchAnswer;
        const km = answer.businesses.map((b) => b.distanceKm ?? Number.POSITIVE_INFINITY);
        if (km.some((d, i) => d > RADIUS_KM || (i > 0 && d < km[i - 1]!)))
          throw new Error(`not nearest first within ${RADIUS_KM} km: ${km.join(', ')}`);
      }
      if (!/"totalCount":0[,}]/.test(body)) found++;
    },
    { connections: CONNECTIONS, capSeconds },
  );
  return { run, found };
}

async function nativeRun(port: number, paths: readonly string[]): Promise<{ run: Run; found: number }> {
  const run = await askEachOnceNative(port, paths, {
    connections: CONNECTIONS,
    emptyMarker: EMPTY_ANSWER_MARKER,
    capSeconds,
  });
  return { run, found: run.asked - run.non2xx - run.empty };
}

const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
const table = `## Near a point: nearest 20 within ${RADIUS_KM} km, first time

${machineLine()}; ${total.toLocaleString('en-US')} businesses (${withCoordinates.toLocaleString('en-US')} with coordinates); each of ${points.length.toLocaleString('en-US')} points asked once per kind of a fresh server, answer cache off, ${CONNECTIONS} connections, after a warm-up of ${WARM_UP_MS / 1000} s (100 other points, asked again and again: the server reads its grid of coordinates and its commonest service words' match sets in the background after its first near request, decisions 0040 and 0054).

| kind | server processes | load from | asked | with results | req/s | p50 | p99 | max | server RSS |
|---|---|---|---|---|---|---|---|---|---|
${rows
  .map(
    ({ kind, processes, load, run, found, rssMb }) =>
      `| ${kind} | ${processes} | ${load} | ${run.asked} | ${found} | ${run.rps} | ${ms(run.p50)} | ${ms(run.p99)} | ${ms(run.max)} | ${rssMb} MB |`,
  )
  .join('\n')}

${LOAD_NOTE}

Target p99 < ${TARGET_P99_MS} ms (every kind, with the most processes, from ${loads.join(' and ')}): ${rows.filter((r) => r.processes === processCounts.at(-1)).every((r) => r.run.p99 < TARGET_P99_MS) ? 'met' : '**missed**'}.`;
console.log(table);
// Only the 1M database's figures are recorded; a smaller one is a check that the benchmark works.
if (dbPath === DEFAULT_DB) writeResultSection('near', table);
