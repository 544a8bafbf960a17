// Issue 5: while the panel imports a 100,000-row file, public pages keep answering — p99 at a steady
// visitor load stays within twice the idle p99 — and the import's progress (polled as the panel
// does) moves at least once a second. Server-rendered pages with the page cache off, so each request
// really reads the database the import is writing.
//   npx tsx bench/import-under-load.bench.ts [--file bench/out/import-100000.xlsx] [--seconds 20]
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { writeFixture } from '../fixtures/generate.ts';
import { machineLine, writeResultSection } from './lib/results.ts';
import { productionEnv, startDirectoryServer } from './lib/server-child.ts';

const { values } = parseArgs({
  options: {
    file: { type: 'string', default: join('bench', 'out', 'import-100000.xlsx') },
    seconds: { type: 'string', default: '20' },
    rate: { type: 'string', default: '40' },
  },
});
const file = values.file!;
if (!existsSync(file)) await writeFixture(file, { count: 100_000, seed: 11 });
const PORT = 3931;
const base = `http://127.0.0.1:${PORT}`;
const dir = mkdtempSync(join(tmpdir(), 'import-load-bench-'));
const password = randomBytes(12).toString('hex');

const server = await startDirectoryServer(
  join(dir, 'site.db'),
  PORT,
  { ...(await productionEnv(password)), SITE_URL: base, RESPONSE_CACHE: 'off', LOG_LEVEL: 'warn' },
  ['--demo'],
);
const rate = Number(values.rate);
const seconds = Number(values.seconds);
try {
  const slugs = (
    (await (await fetch(`${base}/api/businesses?limit=100`)).json()) as {
      businesses: { slug: string }[];
    }
  ).businesses.map((b) => `/details/${encodeURIComponent(b.slug)}`);
  let i = 0;
  const visit = () =>
    autocannon({
      url: base,
      connections: 4,
      overallRate: rate,
      duration: seconds,
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: slugs[i++ % slugs.length]! }) }],
    });

  const idle = await visit();

  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  const cookie = (login.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ');
  const form = new FormData();
  form.set('excelFile', new Blob([readFileSync(file)]), basename(file));
  const started = Date.now();
  const upload = fetch(`${base}/api/admin/import`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' },
    body: form,
  }).then(async (r) => ({ status: r.status, body: await r.json(), at: Date.now() }));

  // The panel's progress bar: poll the running import, note when its figures change.
  const changes: number[] = [];
  let last = '';
  let done = false;
  const polling = (async () => {
    while (!done) {
      const run = (await (
        await fetch(`${base}/api/admin/import-runs/current`, { headers: { Cookie: cookie } })
      ).json()) as {
        progress?: unknown;
        rowsRead?: number;
      } | null;
      const figure = JSON.stringify(run?.progress ?? run?.rowsRead ?? null);
      if (figure !== last) {
        changes.push(Date.now());
        last = figure;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  const busy = await visit();
  const report = await upload;
  done = true;
  await polling;
  const importSeconds = (report.at - started) / 1000;
  const gaps = changes.slice(1).map((t, k) => t - changes[k]!);
  const maxGap = gaps.length ? Math.max(...gaps) : Number.NaN;

  const table = `## Public pages during a 100,000-row import from the panel

${machineLine()}; production server (page cache off), the demo data plus the import; visitors: autocannon at ${rate} req/s over 4 connections on business pages, ${seconds} s idle, then ${seconds} s while the import runs (uploaded through POST /api/admin/import, as the panel does).

| load | req/s | p50 | p99 | non-2xx/errors |
|---|---|---|---|---|
| idle | ${Math.round(idle.requests.average)} | ${idle.latency.p50} ms | ${idle.latency.p99} ms | ${idle.errors + idle.non2xx} |
| during the import | ${Math.round(busy.requests.average)} | ${busy.latency.p50} ms | ${busy.latency.p99} ms | ${busy.errors + busy.non2xx} |

- p99 during the import: **${(busy.latency.p99 / Math.max(1, idle.latency.p99)).toFixed(2)}×** the idle p99 (target ≤ 2×).
- Import: HTTP ${report.status}, ${importSeconds.toFixed(1)} s, ${JSON.stringify(report.body?.stats ?? report.body?.error ?? {})}.
- Progress (polled every 200 ms): ${changes.length} changes, longest gap **${Number.isNaN(maxGap) ? 'n/a' : `${(maxGap / 1000).toFixed(2)} s`}** (target ≤ 1 s).`;
  console.log(table);
  writeResultSection('import-under-load', table);
} finally {
  server.kill('SIGTERM');
  setTimeout(() => rmSync(dir, { recursive: true, force: true }), 1000);
}
