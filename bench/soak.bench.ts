// Soak: the production build under a steady 50 page requests a second for 30 minutes, with an import
// of 20,000 rows through the panel every 5 minutes and one SEO run through the panel. Per 5-minute
// window: requests, errors, p50/p99/max, the server's RSS at the window's end. Bounded in time;
// targets 127.0.0.1 only; stops its server by PID.
//   npx tsx bench/soak.bench.ts [--minutes 30] [--window 5] [--rate 50] [--rows 20000] [--growing]
// By default the imports are a daily feed: the first adds 20,000 businesses to the demo's 300, each
// later one updates the same 20,000 (every row's review count changed) — a leak shows as memory that
// grows while the data does not. --growing imports 20,000 new businesses every time instead.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as XLSX from 'xlsx';
import { writeFixtureXlsx } from '../fixtures/generator/files.ts';
import { machineLine, writeResultSection } from './lib/results.ts';
import { productionEnv, serverMemory, startDirectoryServer, stopServer } from './lib/server-child.ts';
import { latencyFigures, type SteadyLoadResult } from './lib/steady-load.ts';
import { steadyLoadInThread } from './lib/steady-load-thread.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    window: { type: 'string', default: '5' },
    rate: { type: 'string', default: '50' },
    rows: { type: 'string', default: '20000' },
    growing: { type: 'boolean', default: false },
  },
});
const growing = values.growing;
const minutes = Number(values.minutes);
const windowMs = Number(values.window) * 60_000;
const rate = Number(values.rate);
const rows = Number(values.rows);
const PORT = 3973;
const base = `http://127.0.0.1:${PORT}`;
// As deployed: behind a TLS proxy on this machine (admin sign-in refuses plain HTTP in production).
const viaTls = { 'X-Forwarded-Proto': 'https', 'Sec-Fetch-Site': 'same-origin' };

const dir = mkdtempSync(join(tmpdir(), 'soak-bench-'));
const windows = Math.ceil((minutes * 60_000) / windowMs);
console.error(`writing ${windows} files of ${rows} rows…`);
const files: string[] = [];
const feed = join(dir, 'feed-0.xlsx');
await writeFixtureXlsx(feed, { count: rows, seed: 9000, coordinates: true });
files.push(feed);
for (let k = 1; k < windows; k++) {
  const file = join(dir, `feed-${k}.xlsx`);
  if (growing) await writeFixtureXlsx(file, { count: rows, seed: 9000 + k, coordinates: true });
  else updatedFeed(feed, file, k);
  files.push(file);
}

/** The feed again with every business's review count raised by k: an update of every row. */
function updatedFeed(from: string, to: string, k: number): void {
  const book = XLSX.read(readFileSync(from));
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  const table = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet, { defval: '' });
  for (const row of table) row.reviews = Number(row.reviews || 0) + k;
  book.Sheets[book.SheetNames[0]!] = XLSX.utils.json_to_sheet(table);
  writeFileSync(to, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }));
}

const password = randomBytes(12).toString('hex');
const metricsToken = randomBytes(12).toString('hex');
const server = await startDirectoryServer(
  join(dir, 'site.db'),
  PORT,
  {
    ...(await productionEnv(password)),
    SITE_URL: base,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'loopback',
    METRICS_TOKEN: metricsToken,
  },
  ['--demo'],
);

/** Where the server's memory is: its JavaScript heap (used) from /metrics, the rest of its anonymous
 *  memory (native: SQLite's caches, buffers, malloc's arenas) and file pages, from /proc. */
interface MemorySample {
  rssMb: number;
  anonMb: number;
  fileMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
}
async function sampleMemory(): Promise<MemorySample> {
  const { rssMb, anonMb, fileMb } = serverMemory(server.pid);
  const text = await (
    await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })
  ).text();
  const gauge = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1]) / 2 ** 20;
  return {
    rssMb,
    anonMb,
    fileMb,
    heapUsedMb: gauge('nodejs_heap_size_used_bytes'),
    heapTotalMb: gauge('nodejs_heap_size_total_bytes'),
  };
}
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[sorted.length >> 1] ?? Number.NaN);
};

interface Event {
  at: number;
  what: string;
}
const events: Event[] = [];
const note = (what: string) => {
  events.push({ at: Date.now(), what });
  console.error(`${new Date().toISOString()} ${what}`);
};

try {
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...viaTls },
    body: JSON.stringify({ username: 'admin', password }),
  });
  if (login.status !== 200) throw new Error(`admin login failed: HTTP ${login.status}`);
  const cookie = (login.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ');
  const admin = { Cookie: cookie, ...viaTls };

  // Pages a visitor opens: business pages, city and category pages, searches (the demo's own).
  const { businesses } = (await (await fetch(`${base}/api/businesses?limit=100`)).json()) as {
    businesses: { slug: string; city: string; category: string }[];
  };
  const paths = businesses.flatMap((b) => [
    `/details/${encodeURIComponent(b.slug)}`,
    `/search?q=${encodeURIComponent(b.category)}&location=${encodeURIComponent(b.city)}`,
  ]);
  paths.push('/', '/categories', '/cities');

  const importOne = async (file: string, k: number) => {
    const form = new FormData();
    form.set('excelFile', new Blob([readFileSync(file)]), `feed-${k}.xlsx`);
    if (!growing) form.set('update', 'true');
    note(`import ${k + 1} started`);
    const answer = await fetch(`${base}/api/admin/import`, { method: 'POST', headers: admin, body: form });
    const body = (await answer.json()) as { stats?: { imported: number; updated: number }; message?: string };
    note(
      `import ${k + 1}: HTTP ${answer.status}, ${body.stats?.imported ?? body.message} imported, ${body.stats?.updated} updated`,
    );
    if (answer.status !== 200) throw new Error(`import ${k + 1} answered ${answer.status}`);
  };
  const seoOnce = async () => {
    note('SEO generation started');
    const answer = await fetch(`${base}/api/admin/generate-seo`, { method: 'POST', headers: admin });
    note(
      `SEO generation: HTTP ${answer.status}, ${((await answer.json()) as { updated?: number }).updated} updated`,
    );
    if (answer.status !== 200) throw new Error(`SEO generation answered ${answer.status}`);
  };

  interface WindowResult {
    load: SteadyLoadResult;
    rssMb: number;
    rssMedian: number;
    rssMax: number;
    heapMedian: number;
    heapTotalMedian: number;
    anonMedian: number;
    fileMedian: number;
  }
  const results: WindowResult[] = [];
  // The server's memory every 5 s: one reading at a window's end catches the heap at any point of its
  // grow-and-collect cycle; each window's median is its steady level, its maximum its peak.
  let samples: MemorySample[] = [];
  const sampler = setInterval(() => {
    sampleMemory().then(
      (sample) => samples.push(sample),
      () => {}, // a reading missed under load is no result
    );
  }, 5_000);
  for (let k = 0; k < windows; k++) {
    samples = [];
    // Each window opens with its import; the SEO run comes in the third window, after its import.
    const work = importOne(files[k]!, k).then(() => (k === 2 ? seoOnce() : undefined));
    const load = await steadyLoadInThread({ base, paths, ratePerSecond: rate, maxMs: windowMs });
    await work; // an import still running at the window's end belongs to it
    const { rssMb } = serverMemory(server.pid);
    const of = (pick: (s: MemorySample) => number) => samples.map(pick);
    results.push({
      load,
      rssMb,
      rssMedian: median([...of((s) => s.rssMb), rssMb]),
      rssMax: Math.round(Math.max(...of((s) => s.rssMb), rssMb)),
      heapMedian: median(of((s) => s.heapUsedMb)),
      heapTotalMedian: median(of((s) => s.heapTotalMb)),
      anonMedian: median(of((s) => s.anonMb)),
      fileMedian: median(of((s) => s.fileMb)),
    });
    for (const sample of load.errorSamples) note(`  error: ${sample}`);
    note(
      `window ${k + 1}: ${load.requests} requests, ${load.errors} errors, p99 ${load.p99.toFixed(1)} ms, RSS median ${results[k]!.rssMedian} MB, max ${results[k]!.rssMax} MB, heap used ${results[k]!.heapMedian} of ${results[k]!.heapTotalMedian} MB, anon ${results[k]!.anonMedian} MB, file ${results[k]!.fileMedian} MB`,
    );
  }
  clearInterval(sampler);

  // Growth after the first window: where the run ends against where the first window stood (a leak
  // keeps climbing); the largest later window is given beside it.
  const firstRss = results[0]!.rssMedian;
  const growth = results.at(-1)!.rssMedian / firstRss - 1;
  const largest = Math.max(...results.slice(1).map((r) => r.rssMedian)) / firstRss - 1;
  const peakGrowth = Math.max(...results.slice(1).map((r) => r.rssMax)) / results[0]!.rssMax - 1;
  const errors = results.reduce((sum, r) => sum + r.load.errors, 0);
  const all = latencyFigures(results.flatMap((r) => r.load.samples.map((s) => s.ms)));
  const rowsOf = results.map(
    (r, k) =>
      `| ${k + 1} (${(k * windowMs) / 60_000}–${((k + 1) * windowMs) / 60_000} min) | ${r.load.requests} | ${r.load.errors} | ${r.load.p50.toFixed(1)} ms | ${r.load.p99.toFixed(1)} ms | ${r.load.max.toFixed(0)} ms | ${r.rssMedian} MB | ${r.rssMax} MB | ${r.heapMedian} / ${r.heapTotalMedian} MB | ${r.anonMedian - r.heapTotalMedian} MB | ${r.fileMedian} MB |`,
  );
  const markdown = `## Soak${growing ? ', the data growing' : ''}

${machineLine()}; \`npm run build\`, then the server as \`npm start\` runs it (production settings, answer cache on), the 300 demo businesses; ${minutes} minutes of visitors at ${rate} requests/s (steady arrivals: business pages, searches by category and city, home, categories, cities), an import of ${rows.toLocaleString('en-US')} rows through the panel at the start of every ${windowMs / 60_000}-minute window (${growing ? 'new businesses each time' : 'a feed: the first adds the businesses, each later one updates all of them'}), and one SEO run through the panel after the third window's import (\`npx tsx bench/soak.bench.ts\`).

| window | requests | errors | p50 | p99 | max | server RSS: median | and peak (read every 5 s) | JS heap used / reserved (medians) | other anonymous memory | file pages |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${rowsOf.join('\n')}

Over the whole run: **${errors} errors**, p50 ${all.p50.toFixed(1)} ms, p99 ${all.p99.toFixed(1)} ms; RSS growth after the first window **${(growth * 100).toFixed(1)} %** (the last window's median RSS against the first window's; the largest later window's median ${(largest * 100).toFixed(1)} %, the largest peak ${(peakGrowth * 100).toFixed(1)} % over the first window's peak; the database held ${(300 + rows).toLocaleString('en-US')} businesses after the first import${growing ? ` and ${(300 + rows * windows).toLocaleString('en-US')} at the end` : ' throughout'}).`;
  const section = growing ? 'soak-growing' : 'soak';
  console.log(markdown);
  writeResultSection(section, markdown);
} finally {
  await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
}
