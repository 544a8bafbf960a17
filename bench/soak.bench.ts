// Soak: the production build under a steady 50 page requests a second for 30 minutes, with an import
// of 20,000 new rows through the panel every 5 minutes and one SEO run through the panel, on the demo
// database. Per 5-minute window: requests, errors, p50/p99/max, the server's RSS at the window's end.
// Bounded in time; targets 127.0.0.1 only; stops its server by PID.
//   npx tsx bench/soak.bench.ts [--minutes 30] [--window 5] [--rate 50] [--rows 20000]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
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
  },
});
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
for (let k = 0; k < windows; k++) {
  const file = join(dir, `feed-${k}.xlsx`);
  await writeFixtureXlsx(file, { count: rows, seed: 9000 + k, coordinates: true });
  files.push(file);
}

const password = randomBytes(12).toString('hex');
const server = await startDirectoryServer(
  join(dir, 'site.db'),
  PORT,
  { ...(await productionEnv(password)), SITE_URL: base, LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback' },
  ['--demo'],
);

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
    note(`import ${k + 1} started`);
    const answer = await fetch(`${base}/api/admin/import`, { method: 'POST', headers: admin, body: form });
    const body = (await answer.json()) as { stats?: { imported: number }; message?: string };
    note(`import ${k + 1}: HTTP ${answer.status}, ${body.stats?.imported ?? body.message} imported`);
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

  const results: { load: SteadyLoadResult; rssMb: number }[] = [];
  for (let k = 0; k < windows; k++) {
    // Each window opens with its import; the SEO run comes in the third window, after its import.
    const work = importOne(files[k]!, k).then(() => (k === 2 ? seoOnce() : undefined));
    const load = await steadyLoadInThread({ base, paths, ratePerSecond: rate, maxMs: windowMs });
    await work; // an import still running at the window's end belongs to it
    const { rssMb } = serverMemory(server.pid);
    results.push({ load, rssMb });
    for (const sample of load.errorSamples) note(`  error: ${sample}`);
    note(
      `window ${k + 1}: ${load.requests} requests, ${load.errors} errors, p99 ${load.p99.toFixed(1)} ms, RSS ${rssMb} MB`,
    );
  }

  const firstRss = results[0]!.rssMb;
  const growth = Math.max(...results.slice(1).map((r) => r.rssMb)) / firstRss - 1;
  const errors = results.reduce((sum, r) => sum + r.load.errors, 0);
  const all = latencyFigures(results.flatMap((r) => r.load.samples.map((s) => s.ms)));
  const rowsOf = results.map(
    (r, k) =>
      `| ${k + 1} (${(k * windowMs) / 60_000}–${((k + 1) * windowMs) / 60_000} min) | ${r.load.requests} | ${r.load.errors} | ${r.load.p50.toFixed(1)} ms | ${r.load.p99.toFixed(1)} ms | ${r.load.max.toFixed(0)} ms | ${r.rssMb} MB |`,
  );
  const markdown = `## Soak

${machineLine()}; \`npm run build\`, then the server as \`npm start\` runs it (production settings, answer cache on), the 300 demo businesses; ${minutes} minutes of visitors at ${rate} requests/s (steady arrivals: business pages, searches by category and city, home, categories, cities), an import of ${rows.toLocaleString('en-US')} new rows through the panel at the start of every ${windowMs / 60_000}-minute window, and one SEO run through the panel after the third window's import (\`npx tsx bench/soak.bench.ts\`).

| window | requests | errors | p50 | p99 | max | server RSS at its end |
|---|---:|---:|---:|---:|---:|---:|
${rowsOf.join('\n')}

Over the whole run: **${errors} errors**, p50 ${all.p50.toFixed(1)} ms, p99 ${all.p99.toFixed(1)} ms; RSS growth after the first window **${(growth * 100).toFixed(1)} %** (largest window-end RSS against the first window's; the database grew from 300 to ${(300 + rows * windows).toLocaleString('en-US')} businesses meanwhile).`;
  console.log(markdown);
  writeResultSection('soak', markdown);
} finally {
  await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
}
